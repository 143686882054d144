// The service: one world, a request log and fault registry, and the request pipeline
// (CORS → log → preflight → faults → routes) around a Node HTTP server.

import { createServer } from 'node:http';
import { handleControlRequest, handleLocalRequest } from './control.mjs';
import { FaultRegistry, faultStatusResponse } from './faults.mjs';
import {
  JSON_CONTENT_TYPE, corsHeaders, emptyResponse, errorResponse, preflightHeaders, readBody, receivedHeaders,
} from './http.mjs';
import { normalizeOptions } from './options.mjs';
import { RequestLog } from './request-log.mjs';
import { PAGE_SIZES, handleApiRequest, requestBodyLimit } from './routes.mjs';
import { World } from './world.mjs';

/** How often scheduled drafts are checked for release between requests. */
export const RELEASE_CHECK_MS = 250;

export class LocalService {
  constructor(options = {}) {
    this.options = normalizeOptions(options);
    this.world = new World({
      seed: this.options.seed,
      posts: this.options.posts,
      notes: this.options.notes,
      following: this.options.following,
      bodyBytes: this.options.bodyBytes,
    });
    this.log = new RequestLog();
    this.faults = new FaultRegistry(this.options.seed);
    this.lastSeq = 0;
    // /api requests being handled right now, and the most at once since the last reset:
    // a client's concurrency as the service sees it.
    this.inFlight = { now: 0, peak: 0 };
    this.server = createServer((request, response) => {
      // Counted from arrival until the answer was handed to the socket (or dropped): a
      // client cannot have sent its next request on that slot before.
      const counted = isApiTarget(request.url) && request.method !== 'OPTIONS';
      if (counted) {
        this.inFlight.now += 1;
        this.inFlight.peak = Math.max(this.inFlight.peak, this.inFlight.now);
      }
      this.#handle(request, response).catch((error) => {
        process.stderr.write(`local-service: ${error.stack ?? error}\n`);
        if (!response.headersSent) writeResponse(response, errorResponse(500, 'Internal error'), corsHeaders(request));
        else response.destroy();
      }).finally(() => {
        if (counted) this.inFlight.now -= 1;
      });
    });
    this.url = null;
  }

  listen() {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', reject);
        const { address, port } = this.server.address();
        this.url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
        this.port = port;
        // Scheduled drafts are released when due even when nobody asks (a trigger polling
        // the posts sees them appear); every request checks first as well.
        this.releaseTimer = setInterval(() => this.world.drafts.releaseDue(), RELEASE_CHECK_MS);
        this.releaseTimer.unref();
        resolve(this);
      });
    });
  }

  close() {
    clearInterval(this.releaseTimer);
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Back to the seeded state: no log, no faults, no published notes. */
  reset() {
    this.log.clear();
    this.faults.clear();
    this.world.reset();
    this.inFlight.peak = this.inFlight.now;
  }

  /** What tests may want to know about the generated data (GET /__control/info). */
  info() {
    const world = this.world;
    return {
      url: this.url,
      seed: this.options.seed,
      posts: this.options.posts,
      notes: this.options.notes,
      following: this.options.following,
      bodyBytes: this.options.bodyBytes,
      pageSizes: PAGE_SIZES,
      account: { id: world.account.id, handle: world.account.handle, name: world.account.name },
      mainPublication: { id: world.mainPublication.id, subdomain: world.mainPublication.subdomain, name: world.mainPublication.name },
      users: world.users.map((user) => ({
        id: user.id,
        handle: user.handle,
        name: user.name,
        active: user.active,
        followed: world.followed.includes(user),
        publication: user.publication.subdomain,
        posts: user.publication.posts.length,
        notes: world.profileActivity(user).filter((entry) => entry.kind === 'note').length,
      })),
      publishedNoteIds: world.publishedNotes.map((note) => note.id),
    };
  }

  async #handle(request, response) {
    const seq = ++this.lastSeq;
    const time = Date.now();
    const baseHeaders = { ...corsHeaders(request), 'X-Request-Id': String(seq) };
    const body = await readBody(request, requestBodyLimit(request.url));
    // A scheduled draft whose time has come is a post before anything reads the posts.
    this.world.drafts.releaseDue();
    const url = parseTarget(request.url);
    if (!url) return writeResponse(response, errorResponse(400, 'Bad request target'), baseHeaders);
    const path = url.pathname;
    const isPreflight = request.method === 'OPTIONS';

    if (path === '/__control' || path.startsWith('/__control/')) {
      const answer = isPreflight ? emptyResponse(204, preflightHeaders(request)) : handleControlRequest({ method: request.method, url, body: body.text }, this);
      return writeResponse(response, answer, baseHeaders);
    }

    const isApi = path === '/api' || path.startsWith('/api/');
    const isLocal = path.startsWith('/__local/');
    const entry = isApi || isLocal
      ? this.log.record({ seq, method: request.method, url: request.url, headers: receivedHeaders(request), body: body.text, time, preflight: isPreflight })
      : null;
    const finish = (answer) => {
      if (entry) entry.status = answer.status;
      writeResponse(response, answer, baseHeaders);
    };

    if (isPreflight) return finish(emptyResponse(204, preflightHeaders(request)));
    if (!entry) return finish(errorResponse(404, 'Not found'));
    if (body.tooLarge) return finish(errorResponse(413, 'Payload Too Large'));

    const fault = this.faults.take(request.method, path);
    if (fault) entry.fault = fault.id;
    const apiRequest = { method: request.method, url, headers: request.headers, body: body.text };
    const handle = () => (isApi
      ? handleApiRequest(apiRequest, { world: this.world, apiKey: this.options.apiKey })
      : handleLocalRequest(apiRequest, { apiKey: this.options.apiKey }));
    // A fault `afterHandling` lets the route act first (a publish stores its note), then
    // spoils the answer: the case a client can only resolve by reading back.
    const handledFirst = fault?.afterHandling ? handle() : null;
    if (fault?.latencyMs) await delay(fault.latencyMs);
    if (fault?.drop) {
      request.socket.destroy();
      return;
    }
    if (fault?.status) return finish(faultStatusResponse(fault));

    const answer = handledFirst ?? handle();
    if (fault?.truncate) {
      entry.status = 200;
      return writeTruncated(response, answer, fault.truncate, baseHeaders);
    }
    return finish(answer);
  }
}

function isApiTarget(target) {
  return target === '/api' || target.startsWith('/api/') || target.startsWith('/api?');
}

function parseTarget(target) {
  try {
    return target.startsWith('/') ? new URL(`http://local${target}`) : new URL(target);
  } catch {
    return null;
  }
}

function writeResponse(response, answer, baseHeaders) {
  const headers = { ...baseHeaders, ...answer.headers };
  const body = answer.body === null || answer.body === undefined ? null : Buffer.from(answer.body);
  if (body) headers['Content-Length'] = String(body.length);
  response.writeHead(answer.status, headers);
  response.end(body ?? undefined);
}

/**
 * A 200 whose JSON body stops halfway. "length": Content-Length announces the whole body
 * and the connection is cut after half of it. "short": a complete HTTP message whose
 * (shorter) body is not valid JSON.
 */
function writeTruncated(response, answer, mode, baseHeaders) {
  const full = Buffer.from(answer.body ?? '{"error":"truncated"}');
  const half = full.subarray(0, Math.max(1, Math.floor(full.length / 2)));
  response.writeHead(200, {
    ...baseHeaders,
    'Content-Type': JSON_CONTENT_TYPE,
    'Content-Length': String(mode === 'length' ? full.length : half.length),
  });
  if (mode === 'short') {
    response.end(half);
    return;
  }
  response.write(half, () => setImmediate(() => response.socket?.destroy()));
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
