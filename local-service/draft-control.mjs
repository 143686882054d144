// Test controls of drafts: what the store holds, how often each write landed and what the
// post editor would not render of each draft (GET /__control/drafts), the drafts' clock
// (/__control/clock), the main publication's sections (/__control/sections), which make the
// pre-publish check ask for one, and the bytes of uploaded images (/__control/media).

import { postDateOf } from './drafts.mjs';
import { HttpError, errorResponse, jsonResponse, parseJsonObject, rejectUnknownFields } from './http.mjs';
import { imageSources, unrenderedNodes } from './post-document.mjs';

/** The longest single clock step: beyond the 90-day scheduling horizon, nothing more to release. */
const MAX_ADVANCE_MS = 366 * 24 * 3600 * 1000;

export function draftControlRoutes(request, world) {
  const drafts = world.drafts;
  return {
    '/__control/drafts': {
      GET: () => jsonResponse(200, { now: new Date(drafts.now()).toISOString(), drafts: drafts.all().map((draft) => draftSummary(draft, world)) }),
    },
    '/__control/clock': {
      GET: () => jsonResponse(200, clockState(drafts)),
      POST: () => {
        const spec = parseJsonObject(request.body || '{}');
        rejectUnknownFields(spec, ['advanceMs']);
        if (!Number.isSafeInteger(spec.advanceMs) || spec.advanceMs < 0 || spec.advanceMs > MAX_ADVANCE_MS) {
          throw new HttpError(400, `advanceMs must be a whole number from 0 to ${MAX_ADVANCE_MS}`);
        }
        const released = drafts.advanceClock(spec.advanceMs);
        return jsonResponse(200, { ...clockState(drafts), released: released.map((draft) => draft.id) });
      },
    },
    '/__control/media': {
      // An uploaded image's URL is the real service's host, which is not reachable offline;
      // the demo shows uploaded images from here.
      GET: () => {
        const upload = world.uploadsByUrl.get(request.url.searchParams.get('url') ?? '');
        if (!upload?.data) return errorResponse(404, 'No image was uploaded with this url');
        return { status: 200, headers: { 'Content-Type': upload.contentType, 'Cache-Control': 'no-store' }, body: upload.data };
      },
    },
    '/__control/sections': {
      GET: () => jsonResponse(200, { sections: drafts.sections }),
      POST: () => {
        const spec = parseJsonObject(request.body || '{}');
        rejectUnknownFields(spec, ['sections']);
        const names = spec.sections;
        if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && name.trim())) {
          throw new HttpError(400, 'sections must be an array of non-empty names');
        }
        return jsonResponse(200, { sections: drafts.setSections(names) });
      },
    },
  };
}

function clockState(drafts) {
  return { now: new Date(drafts.now()).toISOString(), offsetMs: drafts.clockOffsetMs };
}

/** One draft as the controls show it: its state, and how many times each write landed. */
function draftSummary(draft, world) {
  return {
    id: draft.id,
    draft_title: draft.title,
    deleted: draft.deleted,
    is_published: Boolean(draft.post),
    post_id: draft.post && world.postById(draft.post.id) === draft.post ? draft.post.id : null,
    post_date: postDateOf(draft),
    scheduled_at: draft.post ? null : draft.release?.triggerAt ?? null,
    email_audience: draft.release ? draft.release.emailAudience : null,
    email_sent_at: draft.emailSentAt,
    // The draft's saved choice, and what each signal said when it went out (§6).
    should_send_email: draft.shouldSendEmail,
    email_signals: draft.emailSignals,
    last_updated_at_sent: draft.lastUpdatedAtSent,
    counts: { ...draft.counts },
    images: imageSources(draft.document).map((src) => ({ src, uploaded: world.uploadsByUrl.has(src) })),
    // What the post editor would not render: the core's rules (post-rules.generated.json).
    unrendered: draft.document ? unrenderedNodes(draft.document) : [],
  };
}
