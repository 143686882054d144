// Helpers the resource scenarios share: what went on the wire, the service's own view
// of its data, and the shapes of errors. Only fetch and the assert helpers, so they run
// unchanged in Node, Deno and a browser page.
import { deepEqual, equal, match, ok } from './assert.mjs';

/** The local service's generated world (`GET /__control/info`). */
export async function info(service) {
  const response = await fetch(`${service.url}/__control/info`);
  if (!response.ok) throw new Error(`GET /__control/info: HTTP ${response.status}`);
  return response.json();
}

/** Users of the world by role: the account, an active followed user, the quiet ones. */
export async function people(service) {
  const world = await info(service);
  const account = world.users.find((u) => u.id === world.account.id);
  const others = world.users.filter((u) => u.id !== world.account.id);
  const active = others.find((u) => u.active && u.followed && u.posts > 0 && u.notes > 0);
  const quietFollowed = others.find((u) => !u.active && u.followed);
  const quietUnfollowed = others.find((u) => !u.active && !u.followed);
  ok(account && active && quietFollowed && quietUnfollowed, 'the world has the account, an active user and quiet users');
  return { world, account, active, quietFollowed, quietUnfollowed, others };
}

/** The /api requests the service saw, as `METHOD url` lines. */
export async function requestLines(service) {
  return (await service.apiRequests()).map((r) => `${r.method} ${r.url}`);
}

/** Exactly one /api request went out; returns it. */
export async function onlyRequest(service) {
  const requests = await service.apiRequests();
  equal(requests.length, 1, `one request (saw ${requests.map((r) => `${r.method} ${r.url}`).join(', ')})`);
  return requests[0];
}

/** The session went with the request: a Cookie header in Node and Deno, the browser's cookie in Chromium. */
export function assertSession(request, service) {
  const cookie = request.headers.cookie ?? '';
  if (service.browser) {
    ok(cookie.includes(`connect.sid=s%3A${service.apiKey}`), `browser sent its session cookie: ${cookie}`);
  } else {
    equal(cookie, `connect.sid=s%3A${service.apiKey}`, 'Cookie header');
    match(request.headers['user-agent'], /^Mozilla\/5\.0/, 'browser-like User-Agent');
  }
  equal(request.headers.accept, 'application/json', 'Accept');
}

/** Every logged request is a GET carrying the session. */
export async function assertGetsWithSession(service) {
  const requests = await service.apiRequests();
  for (const request of requests) {
    equal(request.method, 'GET', `${request.url} method`);
    assertSession(request, service);
  }
  return requests;
}

export async function assertNothingSent(service, what = 'no request went out') {
  const lines = await requestLines(service);
  equal(lines.length, 0, `${what} (saw ${lines.join(', ')})`);
}

/** A PublisherError of `kind`, an Error too, without the API key anywhere. */
export function assertPublisherError(ctx, error, kind, where = '') {
  const label = where ? `${where}: ` : '';
  ok(error instanceof ctx.PublisherError, `${label}a PublisherError, got ${error?.name}: ${error?.message ?? error}`);
  ok(error instanceof Error, `${label}instanceof Error`);
  equal(error.name, 'PublisherError', `${label}name`);
  if (kind !== undefined) equal(error.kind, kind, `${label}kind (message: ${error.message})`);
  equal(typeof error.message, 'string', `${label}message`);
  const everything = `${error.message} ${String(error)} ${JSON.stringify(error)} ${error.stack ?? ''}`;
  ok(!everything.includes(ctx.service.apiKey), `${label}the API key appears nowhere in the error`);
}

/** An http PublisherError with `status` and the response kept. */
export function assertHttpError(ctx, error, status, where = '') {
  assertPublisherError(ctx, error, 'http', where);
  equal(error.status, status, `${where} status`);
  equal(error.response?.status, status, `${where} response.status`);
  equal(typeof error.response.body, 'string', `${where} response.body`);
}

/**
 * Calls `call`, which must fail with a PublisherError of kind invalid-argument, either
 * by throwing synchronously or by returning a rejected promise.
 */
export async function assertInvalidArgument(ctx, label, call) {
  let error;
  let threw = false;
  try {
    const result = call();
    ok(result && typeof result.then === 'function', `${label}: expected a throw or a rejected promise`);
    try {
      await result;
    } catch (rejection) {
      error = rejection;
      threw = true;
    }
  } catch (thrown) {
    error = thrown;
    threw = true;
  }
  ok(threw, `${label} should fail`);
  assertPublisherError(ctx, error, 'invalid-argument', label);
  equal(error.status, undefined, `${label} has no status`);
  return error;
}

export const isIsoDate = (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);

export function assertIsoDate(value, where) {
  ok(isIsoDate(value), `${where} is an ISO date string: ${JSON.stringify(value)}`);
}

export function assertId(value, where) {
  ok(Number.isSafeInteger(value) && value > 0, `${where} is a positive integer id: ${JSON.stringify(value)}`);
}

/** The types of a feed item (interface §2.6): notes, restacks and pinned posts alike. */
export function assertFeedItem(item, where) {
  equal(typeof item.entity_key, 'string', `${where}.entity_key`);
  equal(typeof item.type, 'string', `${where}.type`);
  ok(item.context && typeof item.context === 'object', `${where}.context`);
  equal(typeof item.context.type, 'string', `${where}.context.type`);
  assertIsoDate(item.context.timestamp, `${where}.context.timestamp`);
  ok(Array.isArray(item.context.users), `${where}.context.users`);
  item.context.users.forEach((user, i) => {
    assertId(user.id, `${where}.context.users[${i}].id`);
    equal(typeof user.name, 'string', `${where}.context.users[${i}].name`);
    equal(typeof user.handle, 'string', `${where}.context.users[${i}].handle`);
    equal(typeof user.photo_url, 'string', `${where}.context.users[${i}].photo_url`);
    ok(user.bio === undefined || user.bio === null || typeof user.bio === 'string', `${where}.context.users[${i}].bio`);
  });
  if (item.comment !== undefined && item.comment !== null) assertNoteComment(item.comment, `${where}.comment`);
}

export function assertNoteComment(comment, where) {
  assertId(comment.id, `${where}.id`);
  equal(typeof comment.body, 'string', `${where}.body`);
  ok(comment.body_json === undefined || comment.body_json === null || typeof comment.body_json === 'object', `${where}.body_json`);
  assertId(comment.user_id, `${where}.user_id`);
  equal(typeof comment.type, 'string', `${where}.type`);
  assertIsoDate(comment.date, `${where}.date`);
}

/** A note proper: a feed item with a comment whose entity key names it. */
export function assertNote(item, where) {
  assertFeedItem(item, where);
  ok(item.comment && typeof item.comment === 'object', `${where} has a comment`);
  equal(item.entity_key, `c-${item.comment.id}`, `${where}.entity_key names its comment`);
}

/** The types of a public profile (interface §2.9 and the fields the examples read). */
export function assertPublicProfile(profile, where, { primaryPublication = true } = {}) {
  assertId(profile.id, `${where}.id`);
  for (const field of ['name', 'handle', 'photo_url', 'subscriberCount', 'subscriberCountString']) {
    equal(typeof profile[field], 'string', `${where}.${field}`);
  }
  ok(profile.bio === undefined || profile.bio === null || typeof profile.bio === 'string', `${where}.bio`);
  ok(Number.isFinite(profile.subscriberCountNumber), `${where}.subscriberCountNumber`);
  ok(Array.isArray(profile.publicationUsers), `${where}.publicationUsers`);
  profile.publicationUsers.forEach((membership, i) => {
    const at = `${where}.publicationUsers[${i}]`;
    assertId(membership.id, `${at}.id`);
    equal(typeof membership.role, 'string', `${at}.role`);
    assertId(membership.publication.id, `${at}.publication.id`);
    equal(typeof membership.publication.name, 'string', `${at}.publication.name`);
    equal(typeof membership.publication.subdomain, 'string', `${at}.publication.subdomain`);
    equal(typeof membership.publication.logo_url, 'string', `${at}.publication.logo_url`);
  });
  if (primaryPublication) {
    assertId(profile.primaryPublication?.id, `${where}.primaryPublication.id`);
    equal(typeof profile.primaryPublication.name, 'string', `${where}.primaryPublication.name`);
  }
}

/** The types of a user's activity feed page (interface §2.8). */
export function assertUserProfile(page, where) {
  ok(Array.isArray(page.items), `${where}.items`);
  page.items.forEach((item, i) => assertFeedItem(item, `${where}.items[${i}]`));
  assertIsoDate(page.originalCursorTimestamp, `${where}.originalCursorTimestamp`);
  ok(page.nextCursor === null || (typeof page.nextCursor === 'string' && page.nextCursor.length > 0), `${where}.nextCursor`);
}

/** The percent-encoded value of one query parameter in a raw request target, as sent. */
export function rawQueryValue(url, name) {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const pair = query.split('&').find((part) => part.startsWith(`${name}=`));
  return pair === undefined ? undefined : pair.slice(name.length + 1);
}

/** A cursor value as sent: percent-encoded, so no raw `+`, `=`, `/` or space. */
export function assertEncodedCursor(url, cursor, where) {
  const sent = rawQueryValue(url, 'cursor');
  ok(sent !== undefined, `${where}: ${url} carries a cursor`);
  ok(!/[+=/ ]/.test(sent), `${where}: the cursor in ${url} is percent-encoded`);
  if (cursor !== undefined) equal(decodeURIComponent(sent), cursor, `${where}: the cursor sent back exactly`);
  return sent;
}

/**
 * Walks a cursor-paged feed the way the service pages it: `path`, then
 * `path?cursor=` (or `&cursor=`) with each nextCursor. Returns the pages.
 */
export async function walkRaw(service, path, pick = (page) => page.items) {
  const pages = [];
  let cursor = null;
  for (let guard = 0; guard < 200; guard += 1) {
    const url = cursor === null ? path : `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
    const page = await service.raw(url);
    pages.push({ ...page, items: pick(page) });
    cursor = page.nextCursor ?? null;
    if (!cursor) return pages;
  }
  throw new Error(`walkRaw ${path}: more than 200 pages`);
}

/** `record` equals `raw` in every field the service sent (the client may add its own). */
export function assertFieldsPassThrough(record, raw, where) {
  for (const [key, value] of Object.entries(raw)) {
    deepEqual(record[key], value, `${where}.${key} passes through`);
  }
}
