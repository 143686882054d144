// PublisherNotes (interface §2.7): one page of a notes feed. Whether there is a next
// page is decided by the wasm core; next() asks the same client for it, and
// `for await` walks every note from this page to the end of the feed.

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
    const params = this.#limit === undefined ? { cursor: this.nextCursor } : { cursor: this.nextCursor, limit: this.#limit };
    return this.#client.getNotes(params, options);
  }

  async *[Symbol.asyncIterator]() {
    for (let page = this; page !== null; page = await page.next()) {
      yield* page.items;
    }
  }
}
