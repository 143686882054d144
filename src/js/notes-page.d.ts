import type { CallOptions, PublisherNote } from './publisher_wasm.js';

/**
 * A page of a notes feed (interface §2.7). `for await (const note of page)` walks every note from this page to the end.
 * A walk (`for await`, `pages()`) reads one page ahead: page n+1 is requested while the caller works on page n, never
 * more than that one request is in flight, and stopping the walk or aborting the call's signal aborts it. An error of
 * page n+1 is thrown when the walk reaches it.
 */
export declare class PublisherNotes implements AsyncIterable<PublisherNote> {
  /** Pages come from `Publisher.getNotes` and `next()`. */
  private constructor();
  /** The notes of this page. */
  readonly items: PublisherNote[];
  /** The cursor timestamp of the request. */
  readonly originalCursorTimestamp: string;
  /** The cursor of the next page, as the service sent it; null when it sent none. `hasMore()` is what tells the end (an empty or repeated cursor ends the feed too). */
  readonly nextCursor: string | null;
  /** True when another page follows. */
  hasMore(): boolean;
  /** The next page, or null when there is none: exactly one request, nothing read ahead. `options` default to those of the call that made this page. */
  next(options?: CallOptions | null): Promise<PublisherNotes | null>;
  /** Every page from this one to the end of the feed, reading one page ahead; `return()` (a `break` out of `for await`) aborts the read-ahead. */
  pages(): AsyncGenerator<PublisherNotes, void, undefined>;
  [Symbol.asyncIterator](): AsyncIterator<PublisherNote>;
}
