// Endpoints that are not part of the real service: browser sign-in (/__local/...) and
// the test controls (/__control/...: request log, faults, requests in flight, reset, info,
// and posts and notes published or deleted for tests of polling clients).

import { signInCookies, signOutCookies, stripSessionPrefix } from './auth.mjs';
import { HttpError, emptyResponse, errorResponse, jsonResponse, parseJson, parseJsonObject, rejectUnknownFields } from './http.mjs';
import { draftControlRoutes } from './draft-control.mjs';
import { describeFault } from './faults.mjs';
import { canonicalUrl } from './records/post.mjs';

/** POST /__local/sign-in and /__local/sign-out: browsers cannot set Cookie headers themselves. */
export function handleLocalRequest(request, { apiKey }) {
  const path = request.url.pathname;
  if (path !== '/__local/sign-in' && path !== '/__local/sign-out') return errorResponse(404, 'Not found');
  if (request.method !== 'POST') return errorResponse(405, 'Method not allowed', { Allow: 'POST' });
  if (path === '/__local/sign-out') return emptyResponse(204, { 'Set-Cookie': signOutCookies() });
  let given;
  try {
    given = JSON.parse(request.body || 'null')?.apiKey;
  } catch {
    return errorResponse(400, 'Invalid JSON');
  }
  if (typeof given !== 'string' || !given || stripSessionPrefix(given) !== stripSessionPrefix(apiKey)) {
    return errorResponse(401, 'Not authorized');
  }
  return emptyResponse(204, { 'Set-Cookie': signInCookies(apiKey) });
}

/** /__control/... — never authenticated, never logged, never faulted. */
export function handleControlRequest(request, service) {
  const path = request.url.pathname.replace(/\/+$/, '');
  const method = request.method;
  const routes = {
    '/__control/requests': {
      GET: () => jsonResponse(200, service.log.list()),
      DELETE: () => {
        service.log.clear();
        return emptyResponse(204);
      },
    },
    '/__control/faults': {
      GET: () => jsonResponse(200, service.faults.list()),
      POST: () => {
        const fault = service.faults.add(parseJson(request.body));
        return jsonResponse(200, { id: fault.id, fault: describeFault(fault) });
      },
      DELETE: () => {
        service.faults.clear();
        return emptyResponse(204);
      },
    },
    '/__control/reset': {
      POST: () => {
        service.reset();
        return emptyResponse(204);
      },
    },
    '/__control/in-flight': {
      GET: () => jsonResponse(200, { ...service.inFlight }),
      DELETE: () => {
        service.inFlight.peak = service.inFlight.now;
        return emptyResponse(204);
      },
    },
    '/__control/info': {
      GET: () => jsonResponse(200, service.info()),
    },
    ...draftControlRoutes(request, service.world),
  };
  const record = /^\/__control\/(posts|notes)\/(\d+)$/.exec(path);
  const route = record ? controlRecordRoute(service.world, record[1], Number(record[2])) : routes[path] ?? publishingRoutes(request, service.world)[path];
  if (!route) return errorResponse(404, 'Not found');
  const handler = route[method];
  if (!handler) return errorResponse(405, 'Method not allowed', { Allow: Object.keys(route).join(', ') });
  try {
    return handler();
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message);
    throw error;
  }
}

// ---- publishing controls: new posts and notes, deletions (for tests of polling clients) ----

const PUBLISH_FIELDS = ['handle', 'userId', 'count', 'date'];
const MAX_PUBLISH_COUNT = 500;

/** The spec of POST /__control/posts or /__control/notes: the author, how many, their date. */
function publishSpec(body, world, textField) {
  const spec = parseJsonObject(body || '{}');
  rejectUnknownFields(spec, [...PUBLISH_FIELDS, textField]);
  let user = world.account;
  if (spec.handle !== undefined) user = typeof spec.handle === 'string' ? world.userByHandle(spec.handle.replace(/^@/, '')) : undefined;
  if (spec.userId !== undefined) user = Number.isSafeInteger(spec.userId) ? world.userById(spec.userId) : undefined;
  if (!user) throw new HttpError(404, 'Unknown user');
  const count = spec.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PUBLISH_COUNT) throw new HttpError(400, `count must be a whole number from 1 to ${MAX_PUBLISH_COUNT}`);
  let date = null;
  if (spec.date !== undefined) {
    if (typeof spec.date !== 'string' || Number.isNaN(Date.parse(spec.date))) throw new HttpError(400, 'date must be an ISO date');
    date = new Date(Date.parse(spec.date)).toISOString();
  }
  const value = spec[textField];
  if (value !== undefined && (typeof value !== 'string' || !value.trim())) throw new HttpError(400, `${textField} must be non-empty text`);
  return { user, count, date, [textField]: value ?? null };
}

function publishingRoutes(request, world) {
  return {
    '/__control/posts': {
      POST: () => {
        const { user, ...options } = publishSpec(request.body, world, 'title');
        const posts = world.publishControlPosts(user, options);
        return jsonResponse(200, {
          posts: posts.map((post) => ({
            id: post.id, slug: post.slug, title: post.title, post_date: post.postDate, canonical_url: canonicalUrl(post),
            handle: user.handle, userId: user.id, publication: post.publication.subdomain,
          })),
        });
      },
    },
    '/__control/notes': {
      POST: () => {
        const { user, ...options } = publishSpec(request.body, world, 'body');
        const notes = world.publishControlNotes(user, options);
        return jsonResponse(200, { notes: notes.map((note) => ({ id: note.id, body: note.body, date: note.date, handle: user.handle, userId: user.id })) });
      },
    },
  };
}

/** DELETE /__control/posts/<id> and /__control/notes/<id>: 204, or 404 when unknown or already gone. */
function controlRecordRoute(world, kind, id) {
  return {
    DELETE: () => {
      const deleted = kind === 'posts' ? world.deleteControlPost(id) : world.deleteControlNote(id);
      return deleted ? emptyResponse(204) : errorResponse(404, 'Not found');
    },
  };
}
