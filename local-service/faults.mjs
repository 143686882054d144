// Injected faults for tests: error statuses, HTML error pages, truncated bodies, dropped
// connections and latency. Probabilities use a seeded generator per fault, so a run with
// the same seed and the same fault specs fails the same requests.

import { Random } from './prng.mjs';
import { HttpError, errorResponse, htmlErrorResponse, statusText } from './http.mjs';

const SPEC_KEYS = new Set(['method', 'path', 'pathPrefix', 'times', 'probability', 'seed', 'status', 'retryAfter', 'html', 'body', 'truncate', 'drop', 'latencyMs']);
const MAX_LATENCY_MS = 120_000;

export class FaultRegistry {
  constructor(serviceSeed) {
    this.serviceSeed = serviceSeed;
    this.faults = [];
    this.nextId = 1;
  }

  /** Validates a fault spec (HttpError 400 when wrong) and adds it after the existing ones. */
  add(spec) {
    const fault = parseFaultSpec(spec);
    fault.id = this.nextId++;
    fault.hits = 0;
    fault.remaining = fault.times;
    fault.rng = Random.derive(this.serviceSeed, 'fault', fault.seed);
    this.faults.push(fault);
    return fault;
  }

  list() {
    return this.faults.map(describeFault);
  }

  clear() {
    this.faults = [];
  }

  /**
   * The first fault that applies to this request, or null. Using a fault counts against
   * its `times`; a fault whose probability roll fails is skipped for this request.
   */
  take(method, pathname) {
    for (const fault of this.faults) {
      if (fault.remaining !== null && fault.remaining <= 0) continue;
      if (fault.method && fault.method !== method) continue;
      if (fault.path !== null && fault.path !== pathname) continue;
      if (fault.pathPrefix !== null && !pathname.startsWith(fault.pathPrefix)) continue;
      if (fault.probability !== null && !(fault.rng.next() < fault.probability)) continue;
      if (fault.remaining !== null) fault.remaining--;
      fault.hits++;
      return fault;
    }
    return null;
  }
}

export function describeFault(fault) {
  const { rng, remaining, ...visible } = fault;
  return { ...visible, remaining };
}

/** The response of a `status` fault: JSON `{error}` or an HTML page, with Retry-After if asked. */
export function faultStatusResponse(fault) {
  const headers = fault.retryAfter !== null ? { 'Retry-After': fault.retryAfter } : {};
  if (fault.body !== null) {
    const type = fault.html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
    return { status: fault.status, headers: { 'Content-Type': type, ...headers }, body: fault.body };
  }
  return fault.html ? htmlErrorResponse(fault.status, headers) : errorResponse(fault.status, statusText(fault.status), headers);
}

function parseFaultSpec(spec) {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) invalid('Fault must be a JSON object');
  for (const key of Object.keys(spec)) if (!SPEC_KEYS.has(key)) invalid(`Unknown fault field: ${key}`);

  const fault = {
    method: null, path: null, pathPrefix: null, times: null, probability: null, seed: 0,
    status: null, retryAfter: null, html: false, body: null, truncate: null, drop: false, latencyMs: 0,
  };
  if (spec.method !== undefined) {
    if (typeof spec.method !== 'string' || !spec.method) invalid('method must be a string');
    fault.method = spec.method.toUpperCase();
  }
  for (const key of ['path', 'pathPrefix']) {
    if (spec[key] !== undefined) {
      if (typeof spec[key] !== 'string' || !spec[key].startsWith('/')) invalid(`${key} must be a string starting with /`);
      fault[key] = spec[key];
    }
  }
  if (spec.times !== undefined) {
    if (!Number.isInteger(spec.times) || spec.times < 1) invalid('times must be a positive integer');
    fault.times = spec.times;
  }
  if (spec.probability !== undefined) {
    if (typeof spec.probability !== 'number' || !(spec.probability >= 0 && spec.probability <= 1)) invalid('probability must be a number from 0 to 1');
    fault.probability = spec.probability;
  }
  if (spec.seed !== undefined) {
    if (!Number.isInteger(spec.seed)) invalid('seed must be an integer');
    fault.seed = spec.seed;
  }
  if (spec.latencyMs !== undefined) {
    if (typeof spec.latencyMs !== 'number' || !(spec.latencyMs >= 0 && spec.latencyMs <= MAX_LATENCY_MS)) invalid(`latencyMs must be a number from 0 to ${MAX_LATENCY_MS}`);
    fault.latencyMs = spec.latencyMs;
  }

  const actions = [];
  if (spec.status !== undefined) {
    if (!Number.isInteger(spec.status) || spec.status < 200 || spec.status > 599) invalid('status must be an integer from 200 to 599');
    fault.status = spec.status;
    actions.push('status');
  }
  if (spec.truncate !== undefined && spec.truncate !== false) {
    if (spec.truncate === true || spec.truncate === 'length') fault.truncate = 'length';
    else if (spec.truncate === 'short') fault.truncate = 'short';
    else invalid('truncate must be true, "length" or "short"');
    actions.push('truncate');
  }
  if (spec.drop !== undefined && spec.drop !== false) {
    if (spec.drop !== true) invalid('drop must be true');
    fault.drop = true;
    actions.push('drop');
  }
  if (actions.length > 1) invalid(`Choose one of status, truncate, drop (got ${actions.join(', ')})`);
  if (actions.length === 0 && fault.latencyMs === 0) invalid('A fault needs one of status, truncate, drop or latencyMs');

  if (spec.retryAfter !== undefined) {
    if (fault.status === null) invalid('retryAfter needs status');
    if (typeof spec.retryAfter !== 'string' && typeof spec.retryAfter !== 'number') invalid('retryAfter must be a string or a number');
    fault.retryAfter = String(spec.retryAfter);
  }
  if (spec.html !== undefined) {
    if (typeof spec.html !== 'boolean') invalid('html must be a boolean');
    if (spec.html && fault.status === null) invalid('html needs status');
    fault.html = spec.html;
  }
  if (spec.body !== undefined) {
    // An exact body: JSON content (a record the service might get wrong), or with
    // `html` an HTML page of the test's choosing (a CDN's challenge page, say).
    if (typeof spec.body !== 'string') invalid('body must be a string');
    if (fault.status === null) invalid('body needs status');
    fault.body = spec.body;
  }
  return fault;
}

function invalid(message) {
  throw new HttpError(400, message);
}
