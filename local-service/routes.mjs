// The /api/v1 routes: matching, authentication and the handlers that turn the world
// into wire records. Handlers return response objects (see http.mjs) or throw HttpError.

import { MAX_IMAGE_REQUEST_BYTES, attachmentRecord, parseAttachmentRequest, parseImageUpload, uploadedImageRecord } from './attachments.mjs';
import { isAuthorized } from './auth.mjs';
import { decodeCursor, encodeCursor } from './cursor.mjs';
import { DRAFT_ROUTES } from './draft-routes.mjs';
import { HttpError, MAX_REQUEST_BODY_BYTES, errorResponse, jsonResponse, mediaType } from './http.mjs';
import { NoteRequestError, validatePublishNoteRequest } from './note-body.mjs';
import { feedItemRecord, postCommentRecord, publishedNoteRecord, readerCommentRecord, repliesRecord } from './records/feed.mjs';
import { fullPostRecord, profilePostRecord } from './records/post.mjs';
import { fullPublicationRecord, profilePostsPublicationRecord, publicationSettingsRecord } from './records/publication.mjs';
import { publicProfileRecord, subscriptionRecord, userProfileRecord } from './records/user.mjs';

export const PAGE_SIZES = Object.freeze({
  postsDefault: 25,
  postsMax: 50,
  commentsDefault: 50,
  commentsMax: 100,
  notes: 20,
  profileFeed: 12,
  profilePostsDefault: 12,
  profilePostsMax: 50,
});

const POST_TYPES = new Set(['newsletter', 'podcast', 'thread']);

/** Route table: path pattern below /api/v1 → handlers by method. */
const ROUTES = [
  { pattern: /^\/posts$/, GET: listPosts },
  { pattern: /^\/posts\/by-id\/([^/]+)$/, GET: postById },
  { pattern: /^\/posts\/([^/]+)$/, GET: postBySlug },
  { pattern: /^\/search$/, GET: searchPosts },
  { pattern: /^\/archive$/, GET: archive },
  { pattern: /^\/post\/([^/]+)\/comments$/, GET: postComments },
  { pattern: /^\/reader\/comment\/([^/]+)$/, GET: readerComment },
  { pattern: /^\/reader\/comment\/([^/]+)\/replies$/, GET: commentReplies },
  { pattern: /^\/notes$/, GET: ownNotes },
  { pattern: /^\/comment\/feed\/?$/, POST: publishNote },
  { pattern: /^\/comment\/attachment\/?$/, POST: createAttachment },
  { pattern: /^\/comment\/([^/]+)$/, DELETE: deleteComment },
  { pattern: /^\/image$/, POST: uploadImage },
  { pattern: /^\/reader\/feed\/profile\/([^/]+)$/, GET: profileFeed },
  { pattern: /^\/user\/([^/]+)\/public_profile$/, GET: publicProfile },
  { pattern: /^\/user\/([^/]+)\/profile$/, GET: userProfile },
  { pattern: /^\/feed\/following$/, GET: following },
  { pattern: /^\/profile\/posts$/, GET: profilePosts },
  { pattern: /^\/subscription$/, GET: subscription },
  ...DRAFT_ROUTES,
];

/** The largest request body a path takes: image uploads carry the image as a data URI. */
export function requestBodyLimit(target) {
  return /^\/api\/v1\/image(\?|$)/.test(target) ? MAX_IMAGE_REQUEST_BYTES : MAX_REQUEST_BODY_BYTES;
}

/**
 * Answers one /api/... request. `request` has method, url (URL), headers and body (text).
 * Unknown paths are 404 and wrong methods 405 before authentication; everything else needs the key.
 */
export function handleApiRequest(request, { world, apiKey }) {
  const match = /^\/api\/([^/]+)(\/.*)?$/.exec(request.url.pathname);
  if (!match || match[1] !== 'v1' || !match[2]) return errorResponse(404, 'Not found');
  const path = match[2];
  const route = ROUTES.find((candidate) => candidate.pattern.test(path));
  if (!route) return errorResponse(404, 'Not found');
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const handler = route[method];
  if (!handler) {
    const allowed = ['GET', 'POST', 'PUT', 'DELETE'].filter((name) => route[name]);
    return errorResponse(405, 'Method not allowed', { Allow: allowed.join(', ') });
  }
  if (!isAuthorized(request.headers.cookie, apiKey)) return errorResponse(401, 'Not authorized');
  try {
    const params = route.pattern.exec(path).slice(1).map(decodeSegment);
    return handler({ ...request, params, world });
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
    throw error;
  }
}

// ---- posts ---------------------------------------------------------------------------------

function listPosts({ url, world }) {
  const { offset, limit } = pagination(url, PAGE_SIZES.postsDefault, PAGE_SIZES.postsMax);
  const posts = world.mainPublication.posts.slice(offset, offset + limit);
  return jsonResponse(200, posts.map((post) => fullPostRecord(post, world)));
}

function postBySlug({ params: [slug], world }) {
  // "by-id" is the start of another path, never a slug.
  const post = slug === 'by-id' ? undefined : world.mainPostBySlug(slug);
  if (!post) return errorResponse(404, 'Not found');
  return jsonResponse(200, fullPostRecord(post, world));
}

function postById({ params: [id], world }) {
  const post = /^\d+$/.test(id) ? world.postById(id) : undefined;
  if (!post) return errorResponse(404, 'Not found');
  return jsonResponse(200, {
    post: fullPostRecord(post, world),
    publication: fullPublicationRecord(post.publication),
    publicationSettings: publicationSettingsRecord(post.publication),
  });
}

/** Posts of the main publication matching a text query and filters, newest first. */
function matchingPosts(world, { query, type, after, before }) {
  const needle = (query ?? '').toLowerCase();
  return world.mainPublication.posts.filter((post) => {
    if (type && post.type !== type) return false;
    const date = Date.parse(post.postDate);
    if (after !== null && !(date > after)) return false;
    if (before !== null && !(date < before)) return false;
    if (!needle) return true;
    return [post.title, post.subtitle, world.bodyOf(post).text].some((field) => field.toLowerCase().includes(needle));
  });
}

function searchPosts({ url, world }) {
  const { offset, limit } = pagination(url, PAGE_SIZES.postsDefault, PAGE_SIZES.postsMax);
  const matches = matchingPosts(world, {
    query: url.searchParams.get('query'),
    type: postTypeParam(url),
    after: dateParam(url, 'published_after'),
    before: dateParam(url, 'published_before'),
  });
  return jsonResponse(200, {
    total: matches.length,
    results: matches.slice(offset, offset + limit).map((post) => fullPostRecord(post, world)),
  });
}

function archive({ url, world }) {
  const { offset, limit } = pagination(url, PAGE_SIZES.postsDefault, PAGE_SIZES.postsMax);
  const sort = url.searchParams.get('sort') ?? 'new';
  if (sort !== 'new' && sort !== 'top') throw new HttpError(400, 'Invalid value');
  let matches = matchingPosts(world, { query: url.searchParams.get('search'), type: postTypeParam(url), after: null, before: null });
  if (sort === 'top') matches = [...matches].sort((a, b) => b.likes - a.likes || b.postDate.localeCompare(a.postDate));
  return jsonResponse(200, matches.slice(offset, offset + limit).map((post) => fullPostRecord(post, world)));
}

// ---- comments and notes -------------------------------------------------------------------------

function postComments({ url, params: [id], world }) {
  const post = /^\d+$/.test(id) ? world.postById(id) : undefined;
  if (!post) return errorResponse(404, 'Not found');
  const { offset, limit } = pagination(url, PAGE_SIZES.commentsDefault, PAGE_SIZES.commentsMax);
  const comments = world.commentsOf(post);
  return jsonResponse(200, {
    comments: comments.slice(offset, offset + limit).map(postCommentRecord),
    more: offset + limit < comments.length,
  });
}

function readerComment({ params: [id], world }) {
  const target = /^\d+$/.test(id) ? world.noteById(id) ?? world.postCommentById(id) : undefined;
  if (!target) return errorResponse(404, 'Not found');
  return jsonResponse(200, readerCommentRecord(target, world));
}

function ownNotes({ url, world }) {
  const items = world.ownNotesFeed();
  const page = feedPage(url, world, items, { pageSize: PAGE_SIZES.notes, label: `notes:${world.account.id}` });
  return jsonResponse(200, {
    items: page.entries.map((entry) => feedItemRecord(entry, world)),
    originalCursorTimestamp: page.originalTimestamp,
    nextCursor: page.nextCursor,
  });
}

function profileFeed({ url, params: [id], world }) {
  const user = /^\d+$/.test(id) ? world.userById(id) : undefined;
  if (!user) return errorResponse(404, 'Not found');
  const types = url.searchParams.has('types') ? url.searchParams.get('types').split(',').map((type) => type.trim()) : null;
  let activity = world.profileActivity(user);
  if (types) activity = types.includes('note') ? activity.filter((entry) => entry.kind === 'note') : [];
  // Like the real feed, the first page starts with the author's latest post, pinned.
  const pinned = !types && user.latestPost ? { kind: 'latest_post', post: user.latestPost, timestamp: user.latestPost.postDate, user } : null;
  const page = feedPage(url, world, activity, { pageSize: PAGE_SIZES.profileFeed, label: `profile:${user.id}:${types ?? ''}`, pinned });
  return jsonResponse(200, {
    items: page.entries.map((entry, i) => feedItemRecord(entry, world, { withSource: true, pageRank: i })),
    originalCursorTimestamp: page.originalTimestamp,
    nextCursor: page.nextCursor,
  });
}

function publishNote({ headers, body, world }) {
  if (mediaType(headers) !== 'application/json') return errorResponse(415, 'Unsupported Media Type');
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return errorResponse(400, 'Invalid JSON');
  }
  let request;
  try {
    request = validatePublishNoteRequest(parsed);
  } catch (error) {
    if (error instanceof NoteRequestError) return errorResponse(400, error.message);
    throw error;
  }
  const { bodyJson, text, attachmentIds, parentId } = request;
  return jsonResponse(200, publishedNoteRecord(world.publishNote(bodyJson, text, { attachmentIds, parentId })));
}

// ---- note writes: replies, uploads, attachments, deletion ------------------------------------

function commentReplies({ params: [id], world }) {
  const note = /^\d+$/.test(id) ? world.noteById(id) : undefined;
  if (!note) return errorResponse(404, 'Not found');
  return jsonResponse(200, repliesRecord(note, world));
}

function uploadImage({ headers, body, world }) {
  return jsonResponse(200, uploadedImageRecord(world.storeUpload(parseImageUpload({ headers, body }))));
}

function createAttachment({ headers, body, world }) {
  return jsonResponse(200, attachmentRecord(world.createAttachment(parseAttachmentRequest({ headers, body }))));
}

/** DELETE /comment/<id>: `200 {}`; a note already deleted (or never there) is 404, as on the real service. */
function deleteComment({ params: [id], world }) {
  const outcome = /^\d+$/.test(id) ? world.deleteNote(id) : 'not-found';
  if (outcome === 'not-found') return errorResponse(404, 'Not found');
  if (outcome === 'forbidden') return errorResponse(403, 'Not authorized');
  return jsonResponse(200, {});
}

// ---- profiles ------------------------------------------------------------------------------------

function publicProfile({ params: [handle], world }) {
  const user = world.userByHandle(handle);
  if (!user) return errorResponse(404, 'Not found');
  return jsonResponse(200, publicProfileRecord(user, world));
}

function userProfile({ params: [id], world }) {
  const user = /^\d+$/.test(id) ? world.userById(id) : undefined;
  if (!user) return errorResponse(404, 'Not found');
  return jsonResponse(200, userProfileRecord(user, world));
}

function following({ world }) {
  return jsonResponse(200, world.followingIds());
}

function profilePosts({ url, world }) {
  // The real service rejects offset here, whatever its value (http-contract §5.3).
  if (url.searchParams.has('offset')) throw new HttpError(400, 'Invalid value');
  const userId = url.searchParams.get('profile_user_id');
  if (!userId || !/^\d+$/.test(userId)) throw new HttpError(400, 'Invalid value');
  const user = world.userById(userId);
  if (!user) return errorResponse(404, 'Not found');
  const limit = Math.min(intParam(url, 'limit', PAGE_SIZES.profilePostsDefault), PAGE_SIZES.profilePostsMax);
  const entries = user.profilePosts.map((entry, position) => ({ ...entry, timestamp: entry.post.postDate, key: `${entry.kind}-${entry.post.id}-${position}` }));
  const page = feedPage(url, world, entries, { pageSize: limit, label: `profile-posts:${user.id}` });
  const publications = [];
  for (const entry of page.entries) {
    if (!publications.includes(entry.post.publication)) publications.push(entry.post.publication);
  }
  return jsonResponse(200, {
    posts: page.entries.map((entry) => profilePostRecord(entry, world)),
    postReactions: [],
    publications: publications.map(profilePostsPublicationRecord),
    nextCursor: page.nextCursor,
  });
}

function subscription({ world }) {
  return jsonResponse(200, subscriptionRecord(world));
}

// ---- shared paging and parameters ---------------------------------------------------------------------

function entityKey(entry) {
  if (entry.key) return entry.key;
  return entry.note ? `c-${entry.note.id}` : `p-${entry.post.id}`;
}

/**
 * One page of a cursor-paged feed. The cursor records the first page's time, the last
 * item sent and the page number; the next page starts after that item.
 */
function feedPage(url, world, entries, { pageSize, label, pinned = null }) {
  let start = 0;
  let pageNumber = 0;
  let originalTimestamp = new Date().toISOString();
  let pinnedEntry = pinned;
  if (url.searchParams.has('cursor')) {
    const cursor = decodeCursor(url.searchParams.get('cursor'));
    if (!isValidCursor(cursor)) throw new HttpError(400, 'Invalid cursor');
    originalTimestamp = cursor.before_timestamp;
    pageNumber = cursor.page_number + 1;
    pinnedEntry = null;
    const index = entries.findIndex((entry) => entityKey(entry) === cursor.entity_key);
    start = index >= 0 ? index + 1 : firstOlderThan(entries, cursor.context_timestamp);
  }
  const page = entries.slice(start, start + pageSize - (pinnedEntry ? 1 : 0));
  const pageEntries = pinnedEntry ? [pinnedEntry, ...page] : page;
  const last = page.at(-1);
  const hasMore = start + page.length < entries.length;
  const nextCursor = hasMore && last
    ? encodeCursor({
      before_timestamp: originalTimestamp,
      entity_key: entityKey(last),
      context_timestamp: last.timestamp,
      page_number: pageNumber,
      pinned_entity_key: pinned ? entityKey(pinned) : null,
      prepended_post_ids: null,
    }, { seed: world.seed, sessionLabel: `${label}:${originalTimestamp}` })
    : null;
  return { entries: pageEntries, nextCursor, originalTimestamp };
}

function isValidCursor(cursor) {
  return cursor !== null
    && typeof cursor.before_timestamp === 'string' && !Number.isNaN(Date.parse(cursor.before_timestamp))
    && typeof cursor.entity_key === 'string'
    && typeof cursor.context_timestamp === 'string'
    && Number.isInteger(cursor.page_number) && cursor.page_number >= 0;
}

function firstOlderThan(entries, timestamp) {
  const index = entries.findIndex((entry) => entry.timestamp < timestamp);
  return index >= 0 ? index : entries.length;
}

function pagination(url, defaultLimit, maxLimit) {
  const offset = intParam(url, 'offset', 0);
  const limit = Math.min(intParam(url, 'limit', defaultLimit), maxLimit);
  return { offset, limit };
}

/** A non-negative integer query parameter; anything else is the real service's 400 "Invalid value". */
function intParam(url, name, defaultValue) {
  if (!url.searchParams.has(name)) return defaultValue;
  const raw = url.searchParams.get(name);
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(400, 'Invalid value');
  return Number(raw);
}

function postTypeParam(url) {
  const type = url.searchParams.get('type');
  if (type === null || type === '') return null;
  if (!POST_TYPES.has(type)) throw new HttpError(400, 'Invalid value');
  return type;
}

function dateParam(url, name) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return null;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw new HttpError(400, 'Invalid value');
  return time;
}

function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(404, 'Not found');
  }
}
