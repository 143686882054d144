// Small HTTP helpers. Handlers return plain response objects { status, headers, body };
// only the pipeline in app.mjs writes to the socket, so faults can alter any response.

import { STATUS_CODES } from 'node:http';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const EXPOSED_HEADERS = 'Retry-After, Content-Type, Content-Length, X-Request-Id';
export const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

export function jsonResponse(status, value, headers = {}) {
  return { status, headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(value) };
}

export function errorResponse(status, message, headers = {}) {
  return jsonResponse(status, { error: message }, headers);
}

export function emptyResponse(status = 204, headers = {}) {
  return { status, headers, body: null };
}

export function statusText(status) {
  return STATUS_CODES[status] ?? 'Error';
}

/** The kind of page a CDN or proxy sends instead of JSON. */
export function htmlErrorResponse(status, headers = {}) {
  const title = `${status} ${statusText(status)}`;
  const body = `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>local-publisher</center>\n</body>\n</html>\n`;
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers }, body };
}

/** Error raised by handlers for a 4xx answer with a JSON `{error}` body. */
export class HttpError extends Error {
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** The request's media type, lower-cased, without parameters (`application/json`). */
export function mediaType(headers) {
  return String(headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** A JSON body, or an HttpError 400 `Invalid JSON`. */
export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Invalid JSON');
  }
}

/** A JSON body that must be one object, or an HttpError 400. */
export function parseJsonObject(text) {
  const parsed = parseJson(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, 'Invalid value');
  return parsed;
}

/** An HttpError 400 naming the first key of `object` that is not `allowed`. */
export function rejectUnknownFields(object, allowed) {
  for (const key of Object.keys(object)) if (!allowed.includes(key)) throw new HttpError(400, `Unknown field: ${key}`);
}

/** CORS headers for every response: the Origin is echoed so cookies may flow. */
export function corsHeaders(request) {
  const origin = request.headers.origin;
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  };
}

export function preflightHeaders(request) {
  const headers = {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Max-Age': '600',
  };
  const requested = request.headers['access-control-request-headers'];
  if (requested) headers['Access-Control-Allow-Headers'] = requested;
  if (request.headers['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
  return headers;
}

/** Request headers as received: lower-cased names, repeated headers joined. */
export function receivedHeaders(request) {
  const headers = {};
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    const value = raw[i + 1];
    if (name in headers) headers[name] += (name === 'cookie' ? '; ' : ', ') + value;
    else headers[name] = value;
  }
  return headers;
}

export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** Reads the whole body; `tooLarge` is set instead of buffering more than `limit` bytes. */
export function readBody(request, limit = MAX_REQUEST_BODY_BYTES) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    let done = false;
    const finish = (aborted) => {
      if (done) return;
      done = true;
      resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge, aborted });
    };
    request.on('end', () => finish(false));
    request.on('error', () => finish(true));
    request.on('close', () => finish(!request.complete));
  });
}
