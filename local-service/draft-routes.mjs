// The /api/v1 routes of drafts (http-contract-drafts §3): the account's own profile, create,
// read, edit, delete, the pre-publish check, publish, scheduled releases and the
// post_management listings. The rules live in drafts.mjs; this file turns them into answers.

import { DraftValidationError } from './drafts.mjs';
import { HttpError, emptyResponse, errorResponse, jsonResponse } from './http.mjs';
import { draftRecord, releaseRecord } from './records/draft.mjs';
import { fullPostRecord } from './records/post.mjs';
import { userProfileRecord } from './records/user.mjs';

const LIST_DEFAULTS = {
  drafts: { orderBy: 'draft_updated_at', direction: 'desc' },
  scheduled: { orderBy: 'post_date', direction: 'asc' },
  published: { orderBy: 'post_date', direction: 'desc' },
};
const ORDER_BY = ['draft_updated_at', 'draft_created_at', 'post_date'];
export const DRAFT_PAGE_SIZES = Object.freeze({ default: 25, max: 50 });

/** Route table entries (path below /api/v1 → handlers by method), merged into routes.mjs. */
export const DRAFT_ROUTES = [
  { pattern: /^\/user\/profile\/self$/, GET: ownProfile },
  { pattern: /^\/drafts\/?$/, POST: draftWrite(createDraft) },
  { pattern: /^\/drafts\/([^/]+)$/, GET: withDraft(readDraft), PUT: withDraft(draftWrite(updateDraft)), DELETE: withDraft(deleteDraft) },
  { pattern: /^\/drafts\/([^/]+)\/prepublish$/, GET: withDraft(prepublish) },
  { pattern: /^\/drafts\/([^/]+)\/publish$/, POST: withDraft(draftWrite(publishDraft)) },
  {
    pattern: /^\/drafts\/([^/]+)\/scheduled_release$/,
    GET: withDraft(readRelease),
    POST: withDraft(draftWrite(scheduleDraft)),
    DELETE: withDraft(unscheduleDraft),
  },
  { pattern: /^\/post_management\/(drafts|scheduled|published)$/, GET: listDrafts },
];

function ownProfile({ world }) {
  return jsonResponse(200, userProfileRecord(world.account, world));
}

function createDraft({ body, world }) {
  return jsonResponse(200, draftRecord(world.drafts.create(body), world));
}

function readDraft({ draft, world }) {
  return jsonResponse(200, draftRecord(draft, world));
}

function updateDraft({ draft, body, world }) {
  return jsonResponse(200, draftRecord(world.drafts.update(draft, body), world));
}

/** 200 with an empty body; the second time 404 (as a deleted note). */
function deleteDraft({ draft, world }) {
  world.drafts.delete(draft);
  return emptyResponse(200);
}

function prepublish({ draft, world }) {
  return jsonResponse(200, world.drafts.prepublish(draft));
}

/** The post the draft became, exactly as GET /posts/<slug> answers it. */
function publishDraft({ draft, body, world }) {
  return jsonResponse(200, fullPostRecord(world.drafts.publish(draft, body), world));
}

function scheduleDraft({ draft, body, world }) {
  world.drafts.schedule(draft, body);
  return jsonResponse(200, releaseRecord(draft));
}

function readRelease({ draft }) {
  return jsonResponse(200, draft.release ? [releaseRecord(draft)] : []);
}

function unscheduleDraft({ draft, world }) {
  world.drafts.unschedule(draft);
  return emptyResponse(200);
}

/** GET /post_management/<tab>?offset&limit&order_by&order_direction → {posts, offset, limit, total}. */
function listDrafts({ url, params: [tab], world }) {
  const offset = intParam(url, 'offset', 0);
  const limit = Math.min(intParam(url, 'limit', DRAFT_PAGE_SIZES.default), DRAFT_PAGE_SIZES.max);
  const orderBy = url.searchParams.get('order_by') ?? LIST_DEFAULTS[tab].orderBy;
  const direction = url.searchParams.get('order_direction') ?? LIST_DEFAULTS[tab].direction;
  if (!ORDER_BY.includes(orderBy) || (direction !== 'asc' && direction !== 'desc')) throw new HttpError(400, 'Invalid value');
  const drafts = world.drafts.list(tab, { orderBy, direction });
  return jsonResponse(200, {
    posts: drafts.slice(offset, offset + limit).map((draft) => draftRecord(draft, world)),
    offset,
    limit,
    total: drafts.length,
  });
}

/** The draft of the path (`params[0]`), or 404 `{"error":"Not found"}`. */
function withDraft(handler) {
  return (request) => {
    const [id] = request.params;
    const draft = /^\d{1,15}$/.test(id) ? request.world.drafts.get(id) : undefined;
    if (!draft) return errorResponse(404, 'Not found');
    return handler({ ...request, draft });
  };
}

/** Refused request bodies answer `400 {"errors":[{location, param, msg}]}`. */
function draftWrite(handler) {
  return (request) => {
    try {
      return handler(request);
    } catch (error) {
      if (error instanceof DraftValidationError) return jsonResponse(400, { errors: error.errors });
      throw error;
    }
  };
}

function intParam(url, name, defaultValue) {
  if (!url.searchParams.has(name)) return defaultValue;
  const raw = url.searchParams.get(name);
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(400, 'Invalid value');
  return Number(raw);
}
