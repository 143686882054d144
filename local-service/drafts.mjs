// The draft store and its rules: drafts created, edited and deleted through the API, the
// pre-publish check, publishing (a draft becomes a post of the main publication, keeping its
// id), scheduled releases and their release when due, the three listings, and the counts the
// test controls report (how often each draft was created, published, emailed, scheduled).
// The wire records are in records/draft.mjs, the handlers in draft-routes.mjs.
//
// The email (http-contract-drafts §6): the publish dialog's "Send via email" box is the
// draft's own `should_send_email`, saved with PUT before publishing; a draft that never had it
// saved reads as sending. How the real service combines it with `send` and a release's
// `email_audience` is not documented, so this stand-in takes the worst reading: a post is
// emailed when ANY of them says so. A client that says "no email" in only one of them is
// caught here, where the real service might email every subscriber.

import { HttpError } from './http.mjs';
import { imageSources, isEmptyDocument, parseDraftBody, renderDocument } from './post-document.mjs';
import { Random } from './prng.mjs';
import { slugify } from './text.mjs';

export const AUDIENCES = Object.freeze(['everyone', 'only_paid', 'founding', 'only_free']);
export const DRAFT_TYPES = Object.freeze(['newsletter', 'podcast', 'thread']);
/** Fields of POST /drafts and PUT /drafts/<id> (the peers' payload); any other key is refused. */
export const DRAFT_FIELDS = Object.freeze([
  'draft_title', 'draft_subtitle', 'draft_body', 'draft_bylines', 'audience', 'type', 'draft_section_id', 'section_chosen',
  // What the publish dialog saves (§6): the email choice, and the version the editor read.
  'should_send_email', 'last_updated_at',
]);
/** A release may be set at most this far ahead (substackctl notes: "about three months"). */
export const MAX_SCHEDULE_AHEAD_MS = 90 * 24 * 3600 * 1000;

export const PREPUBLISH = Object.freeze({
  noTitle: 'Please add a title.',
  noSection: 'Please choose a section.',
  noSubtitle: 'Consider adding a subtitle.',
  emptyBody: 'The post body is empty.',
});

/** A refused request body: answered `400 {"errors":[{location, param, msg}]}` (express-validator style). */
export class DraftValidationError extends Error {
  constructor(messages) {
    super(messages.map((entry) => entry.msg).join(' '));
    this.errors = messages;
  }
}

function invalid(param, msg) {
  return new DraftValidationError([{ location: 'body', param, msg }]);
}

export class DraftStore {
  constructor(world) {
    this.world = world;
    this.reset();
  }

  /** No drafts, no sections, the real clock. */
  reset() {
    this.drafts = new Map();
    this.createSerial = 0;
    this.editSerial = 0;
    this.releaseSerial = 0;
    this.clockOffsetMs = 0;
    this.lastStamp = 0;
    this.sections = [];
  }

  // ---- clock and sections (test controls) ---------------------------------------------------

  /** The drafts' clock: the real one, moved forward by POST /__control/clock. */
  now() {
    return Date.now() + this.clockOffsetMs;
  }

  /** Moves the clock forward and releases what became due; returns the drafts released. */
  advanceClock(ms) {
    this.clockOffsetMs += ms;
    return this.releaseDue();
  }

  /** Replaces the main publication's sections (POST /__control/sections); [] = none. */
  setSections(names) {
    this.sections = names.map((name, i) => ({
      id: 110_000 + Random.derive(this.world.seed, 'section', i).int(0, 9_999) * 10 + i,
      name,
      slug: slugify(name),
    }));
    return this.sections;
  }

  // ---- drafts --------------------------------------------------------------------------------

  /** A draft that exists (not deleted), or undefined. */
  get(id) {
    const draft = this.drafts.get(Number(id));
    return draft && !draft.deleted ? draft : undefined;
  }

  /** POST /drafts: a new draft from the checked body. */
  create(body) {
    const fields = this.#checkFields(body);
    const serial = this.createSerial++;
    const time = this.#stamp();
    const draft = {
      id: this.world.reservePostId(`draft-${serial}`),
      serial,
      createdAt: time,
      updatedAt: time,
      editSerial: this.editSerial++,
      title: null,
      subtitle: null,
      bodyText: null,
      document: null,
      bylines: [{ id: this.world.account.id, is_guest: false }],
      audience: 'everyone',
      type: 'newsletter',
      sectionId: null,
      sectionChosen: false,
      post: null,
      // Never saved reads as sending (§6).
      shouldSendEmail: true,
      lastUpdatedAtSent: null,
      emailSignals: null,
      emailSentAt: null,
      release: null,
      deleted: false,
      counts: { created: 1, updated: 0, published: 0, emailed: 0, scheduled: 0, unscheduled: 0, released: 0, deleted: 0 },
    };
    Object.assign(draft, fields);
    this.drafts.set(draft.id, draft);
    return draft;
  }

  /** PUT /drafts/<id>: changes the given fields; the published copy (if any) stays as it was. */
  update(draft, body) {
    Object.assign(draft, this.#checkFields(body));
    draft.updatedAt = this.#stamp();
    draft.editSerial = this.editSerial++;
    draft.counts.updated++;
    return draft;
  }

  /** DELETE /drafts/<id>: gone from every read; a published draft takes its post with it. */
  delete(draft) {
    if (draft.post) this.world.deleteControlPost(draft.post.id);
    draft.deleted = true;
    draft.release = null;
    draft.counts.deleted++;
  }

  /** GET /drafts/<id>/prepublish: what stops publishing (errors) and what is merely advised (warnings). */
  prepublish(draft) {
    const errors = [];
    const warnings = [];
    if (!draft.title?.trim()) errors.push(PREPUBLISH.noTitle);
    if (this.sections.length && draft.sectionChosen !== true) errors.push(PREPUBLISH.noSection);
    if (!draft.subtitle?.trim()) warnings.push(PREPUBLISH.noSubtitle);
    if (isEmptyDocument(draft.document)) warnings.push(PREPUBLISH.emptyBody);
    return { errors, warnings };
  }

  /** POST /drafts/<id>/publish: the post it became. Refused when published already or the check has errors. */
  publish(draft, body) {
    const request = parseObject(body);
    rejectOthers(request, ['send', 'share_automatically']);
    if (typeof request.send !== 'boolean') throw invalid('send', 'send must be true or false');
    if (request.share_automatically !== undefined && typeof request.share_automatically !== 'boolean') {
      throw invalid('share_automatically', 'share_automatically must be true or false');
    }
    this.#checkPublishable(draft);
    const signals = { send: request.send, should_send_email: draft.shouldSendEmail, email_audience: undefined };
    return this.#publish(draft, { signals, audience: draft.audience, postDate: new Date(this.now()).toISOString() });
  }

  /** POST /drafts/<id>/scheduled_release: sets (or replaces) the draft's release. */
  schedule(draft, body) {
    const request = parseObject(body);
    rejectOthers(request, ['trigger_at', 'post_audience', 'email_audience']);
    const time = typeof request.trigger_at === 'string' ? Date.parse(request.trigger_at) : Number.NaN;
    if (Number.isNaN(time)) throw invalid('trigger_at', 'trigger_at must be an ISO date');
    const now = this.now();
    if (time <= now) throw new HttpError(400, 'The release time must be in the future');
    if (time > now + MAX_SCHEDULE_AHEAD_MS) throw new HttpError(400, 'The release time must be within 90 days');
    const postAudience = request.post_audience ?? draft.audience;
    if (!AUDIENCES.includes(postAudience)) throw invalid('post_audience', `post_audience must be one of ${AUDIENCES.join(', ')}`);
    if (!('email_audience' in request)) throw invalid('email_audience', 'email_audience is required (null for no email)');
    if (request.email_audience !== null && !AUDIENCES.includes(request.email_audience)) {
      throw invalid('email_audience', `email_audience must be null or one of ${AUDIENCES.join(', ')}`);
    }
    this.#checkPublishable(draft);
    draft.release = {
      id: 70_000_000 + Random.derive(this.world.seed, 'release', this.releaseSerial).int(0, 999) * 1000 + this.releaseSerial++,
      triggerAt: new Date(time).toISOString(),
      postAudience,
      emailAudience: request.email_audience,
    };
    draft.counts.scheduled++;
    return draft.release;
  }

  /** DELETE /drafts/<id>/scheduled_release: repeatable; nothing scheduled is fine too. */
  unschedule(draft) {
    if (!draft.release) return;
    draft.release = null;
    draft.counts.unscheduled++;
  }

  /** Publishes every draft whose release is due (at the start of each request and on a timer). */
  releaseDue() {
    const now = this.now();
    const released = [];
    for (const draft of this.drafts.values()) {
      if (draft.deleted || draft.post || !draft.release || Date.parse(draft.release.triggerAt) > now) continue;
      const { triggerAt, postAudience, emailAudience } = draft.release;
      const signals = { send: undefined, should_send_email: draft.shouldSendEmail, email_audience: emailAudience };
      this.#publish(draft, { signals, audience: postAudience, postDate: triggerAt });
      draft.counts.released++;
      released.push(draft);
    }
    return released;
  }

  /**
   * A listing: `drafts` (unpublished and not scheduled), `scheduled`, `published`. Ordered by
   * `orderBy` (draft_updated_at, draft_created_at or post_date) in `direction`; later edits
   * (or creations) first among equal times.
   */
  list(tab, { orderBy, direction }) {
    const all = [...this.drafts.values()].filter((draft) => !draft.deleted);
    const chosen = tab === 'drafts' ? all.filter((draft) => !draft.post && !draft.release)
      : tab === 'scheduled' ? all.filter((draft) => !draft.post && draft.release)
      : all.filter((draft) => draft.post);
    const key = {
      draft_updated_at: (draft) => [Date.parse(draft.updatedAt), draft.editSerial],
      draft_created_at: (draft) => [Date.parse(draft.createdAt), draft.serial],
      post_date: (draft) => [Date.parse(postDateOf(draft) ?? 0), draft.editSerial],
    }[orderBy];
    const sign = direction === 'asc' ? 1 : -1;
    return chosen.sort((a, b) => {
      const [ta, sa] = key(a);
      const [tb, sb] = key(b);
      return sign * (ta - tb || sa - sb);
    });
  }

  /** Every draft ever created since the reset (deleted ones too), oldest first, for GET /__control/drafts. */
  all() {
    return [...this.drafts.values()];
  }

  // ---- rules ---------------------------------------------------------------------------------

  #checkPublishable(draft) {
    if (draft.post) throw new HttpError(400, 'Post already published');
    const { errors } = this.prepublish(draft);
    if (errors.length) throw new DraftValidationError(errors.map((msg) => ({ msg })));
  }

  /** `signals`: what each known email signal said (undefined: not part of this call). */
  #publish(draft, { signals, audience, postDate }) {
    const send = signals.send === true || signals.should_send_email !== false || (signals.email_audience ?? null) !== null;
    draft.post = this.world.publishDraftPost({
      id: draft.id,
      title: draft.title?.trim() ?? '',
      subtitle: draft.subtitle ?? '',
      type: draft.type,
      audience,
      postDate,
      coverImage: imageSources(draft.document)[0] ?? null,
      rendered: renderDocument(draft.document),
    });
    draft.release = null;
    draft.emailSignals = { ...signals, emailed: send };
    draft.emailSentAt = send ? postDate : null;
    draft.counts.published++;
    if (send) draft.counts.emailed++;
    return draft.post;
  }

  /** The fields of a create or edit body, checked like the service does; only those given. */
  #checkFields(body) {
    const request = parseObject(body);
    rejectOthers(request, DRAFT_FIELDS);
    const fields = {};
    for (const [param, key] of [['draft_title', 'title'], ['draft_subtitle', 'subtitle']]) {
      if (request[param] === undefined) continue;
      if (request[param] !== null && typeof request[param] !== 'string') throw invalid(param, `${param} must be a string`);
      fields[key] = request[param];
    }
    if ('draft_body' in request) {
      const { document, problem } = parseDraftBody(request.draft_body);
      if (problem) throw invalid('draft_body', problem);
      fields.bodyText = request.draft_body ?? null;
      fields.document = document;
    }
    if ('draft_bylines' in request) fields.bylines = this.#checkBylines(request.draft_bylines);
    if (request.audience !== undefined) {
      if (!AUDIENCES.includes(request.audience)) throw invalid('audience', `audience must be one of ${AUDIENCES.join(', ')}`);
      fields.audience = request.audience;
    }
    if (request.type !== undefined) {
      if (!DRAFT_TYPES.includes(request.type)) throw invalid('type', `type must be one of ${DRAFT_TYPES.join(', ')}`);
      fields.type = request.type;
    }
    if (request.draft_section_id !== undefined) {
      const id = request.draft_section_id;
      if (id !== null && !this.sections.some((section) => section.id === id)) throw invalid('draft_section_id', 'Unknown section');
      fields.sectionId = id;
    }
    if (request.should_send_email !== undefined) {
      if (typeof request.should_send_email !== 'boolean') throw invalid('should_send_email', 'should_send_email must be true or false');
      fields.shouldSendEmail = request.should_send_email;
    }
    if (request.last_updated_at !== undefined) {
      // The editor sends the version it read; how the real service uses it is not documented,
      // so it is kept (for the controls) and never refused.
      if (typeof request.last_updated_at !== 'string' || Number.isNaN(Date.parse(request.last_updated_at))) {
        throw invalid('last_updated_at', 'last_updated_at must be an ISO date');
      }
      fields.lastUpdatedAtSent = request.last_updated_at;
    }
    if (request.section_chosen !== undefined) {
      if (typeof request.section_chosen !== 'boolean') throw invalid('section_chosen', 'section_chosen must be true or false');
      fields.sectionChosen = request.section_chosen;
    }
    return fields;
  }

  #checkBylines(bylines) {
    // `null` is refused by the real service; `[]` is accepted (http-contract-drafts §3).
    if (!Array.isArray(bylines)) throw invalid('draft_bylines', 'draft_bylines must be an array');
    return bylines.map((byline) => {
      if (byline === null || typeof byline !== 'object' || !Number.isSafeInteger(byline.id)) throw invalid('draft_bylines', 'Each byline needs a numeric id');
      if (byline.is_guest !== undefined && typeof byline.is_guest !== 'boolean') throw invalid('draft_bylines', 'is_guest must be true or false');
      if (!this.world.userById(byline.id)) throw invalid('draft_bylines', `Unknown user: ${byline.id}`);
      return { id: byline.id, is_guest: byline.is_guest ?? false };
    });
  }

  /** An edit time, strictly later than the previous one (ordering by edit time must be total). */
  #stamp() {
    const time = Math.max(this.now(), this.lastStamp + 1);
    this.lastStamp = time;
    return new Date(time).toISOString();
  }
}

/** The date a draft shows: the post's once published, the release time while scheduled, else null. */
export function postDateOf(draft) {
  if (draft.post) return draft.post.postDate;
  return draft.release ? draft.release.triggerAt : null;
}

function parseObject(body) {
  let parsed;
  try {
    parsed = JSON.parse(body || 'null');
  } catch {
    throw new HttpError(400, 'Invalid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, 'Invalid value');
  return parsed;
}

function rejectOthers(object, allowed) {
  for (const key of Object.keys(object)) if (!allowed.includes(key)) throw invalid(key, `Unknown field: ${key}`);
}
