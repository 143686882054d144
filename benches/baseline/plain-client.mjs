// The cold-start benchmark's baseline (benches/cold-start.mjs): a minimal plain-JS client
// of the same service, of the size and shape of the hand-written TypeScript clients
// (options checked in the constructor, the session cookie, a timeout, one typed error,
// one fetch method). Not a usable client: only what such a module costs to load and
// construct. Outside benches/'s top level so that benches/run.mjs does not run it.

const DEFAULT_TIMEOUT_MS = 30_000;

export class PlainPublisherError extends Error {
  constructor(kind, message, { status, body } = {}) {
    super(message);
    this.name = 'PlainPublisherError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export class PlainPublisher {
  #baseUrl;
  #headers;
  #timeoutMs;
  #fetch;

  constructor(options) {
    if (!options || typeof options !== 'object') throw new TypeError('PlainPublisher: options are required');
    const { apiKey, hostname, baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS, fetch: customFetch } = options;
    if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('PlainPublisher: apiKey must be a non-empty string');
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('PlainPublisher: timeoutMs must be a positive number');
    const base = baseUrl ?? (hostname ? `https://${hostname}` : 'https://publisher.invalid');
    this.#baseUrl = new URL('/api/v1/', base).href;
    const key = apiKey.replace(/^s(%3a|:)/i, '');
    this.#headers = { accept: 'application/json', cookie: `connect.sid=s%3A${key}; substack.sid=s%3A${key}` };
    this.#timeoutMs = timeoutMs;
    this.#fetch = customFetch ?? globalThis.fetch.bind(globalThis);
  }

  /** GET /posts/by-id/{id}: one post. */
  async getPostById(id) {
    if (!Number.isSafeInteger(id) || id <= 0) throw new TypeError('getPostById: id must be a positive integer');
    return this.#get(`posts/by-id/${id}`);
  }

  async #get(path) {
    const url = new URL(path, this.#baseUrl);
    let response;
    try {
      response = await this.#fetch(url, { headers: this.#headers, signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      const kind = error?.name === 'TimeoutError' ? 'timeout' : 'network';
      throw new PlainPublisherError(kind, `GET ${url.pathname}: ${error?.message ?? error}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PlainPublisherError('http', `GET ${url.pathname}: HTTP ${response.status}`, { status: response.status, body: text });
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new PlainPublisherError('decode', `GET ${url.pathname}: the body is not JSON`, { status: response.status, body: text });
    }
  }
}
