// The error every failure of the client rejects with. Defined in JS so that it is a
// real subclass of Error (`instanceof Error` and `instanceof PublisherError` both hold,
// stack traces work); the wasm core creates it through createPublisherError.

export class PublisherError extends Error {
  constructor(message, options = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind ?? 'http';
    if (options.status !== undefined) this.status = options.status;
    if (options.response !== undefined) this.response = options.response;
    if (options.attempts !== undefined) this.attempts = options.attempts;
  }

  // What JSON.stringify(error) shows: a plain Error serialises to {}.
  toJSON() {
    const json = { name: this.name, kind: this.kind, message: this.message };
    if (this.status !== undefined) json.status = this.status;
    if (this.attempts !== undefined) json.attempts = this.attempts;
    if (this.response !== undefined) json.response = this.response;
    return json;
  }
}

Object.defineProperty(PublisherError.prototype, 'name', {
  value: 'PublisherError',
  writable: true,
  configurable: true,
  enumerable: false,
});

export function createPublisherError(message, kind, status, response, cause, attempts) {
  return new PublisherError(message, { kind, status, response, cause, attempts });
}
