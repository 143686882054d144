// Endpoints that are not part of the real service: browser sign-in (/__local/...) and
// the test controls (/__control/...: request log, faults, requests in flight, reset, info).

import { signInCookies, signOutCookies, stripSessionPrefix } from './auth.mjs';
import { HttpError, emptyResponse, errorResponse, jsonResponse, parseJson } from './http.mjs';
import { describeFault } from './faults.mjs';

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
  };
  const route = routes[path];
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
