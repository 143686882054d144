// PublisherNotes (interface §2.7): one page of a notes feed. Whether there is a next
// page is decided by the wasm core; next() asks the same client for it, and
// `for await` walks every note from this page to the end of the feed.
//
// A walk (`for await`, pages()) reads one page ahead: while the caller works on page n,
// page n+1 is already on its way, so the service's latency overlaps the caller's work.
// Never more than that one request is in flight. Stopping the walk (break, return,
// throw) or aborting the call's signal aborts it; its failure is thrown only when the
// walk reaches that page. next() fetches exactly one page and reads nothing ahead.

const ignore = () => {};

export class PublisherNotes {
  #client;
  #hasMore;
  #limit;
  #options;

  constructor(client, page, hasMore, limit, options) {
    this.#client = client;
    this.#hasMore = hasMore;
    this.#limit = limit;
    this.#options = options;
    this.items = page.items;
    this.originalCursorTimestamp = page.originalCursorTimestamp;
    this.nextCursor = page.nextCursor ?? null;
  }

  /** True when the feed has another page. */
  hasMore() {
    return this.#hasMore;
  }

  /** The next page, or null at the end of the feed. `options` default to those of the call that made this page. */
  async next(options = this.#options) {
    if (!this.#hasMore) return null;
    return this.#client.getNotes(this.#nextParams(), options);
  }

  #nextParams() {
    return this.#limit === undefined ? { cursor: this.nextCursor } : { cursor: this.nextCursor, limit: this.#limit };
  }

  /** Every page from this one to the end of the feed, each next page requested while the caller holds the one before. */
  async *pages() {
    const options = this.#options;
    const callerSignal = options?.signal ?? null;
    // The read-ahead's own signal: aborted when the caller's is, and when the walk stops.
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(callerSignal.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort);
    const readAhead = (page) => {
      if (!page.#hasMore) return null;
      const pending = page.#client.getNotes(page.#nextParams(), { ...options, signal: controller.signal }).then((next) => {
        // A page of the walk is like one from next(): its own next() uses the caller's options.
        next.#options = options;
        return next;
      });
      // Handled from the start: a failure is thrown where the walk reaches it, never as an unhandled rejection.
      pending.catch(ignore);
      return pending;
    };
    let ahead = null;
    try {
      for (let page = this; page !== null; page = await ahead) {
        ahead = readAhead(page);
        yield page;
      }
    } finally {
      callerSignal?.removeEventListener('abort', forwardAbort);
      controller.abort();
      // The walk ends with nothing in flight.
      await ahead?.catch(ignore);
    }
  }

  async *[Symbol.asyncIterator]() {
    for await (const page of this.pages()) {
      yield* page.items;
    }
  }
}
