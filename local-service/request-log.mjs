// The log of requests seen on /api/... and /__local/..., read by tests through
// GET /__control/requests. Entries keep the request exactly as received.

export class RequestLog {
  constructor() {
    this.entries = [];
  }

  /** Adds an entry and returns it, so the pipeline can fill in the outcome later. */
  record({ seq, method, url, headers, body, time, preflight }) {
    const entry = { seq, method, url, headers, body, time, preflight, status: null, fault: null };
    this.entries.push(entry);
    return entry;
  }

  list() {
    return this.entries;
  }

  clear() {
    this.entries = [];
  }
}
