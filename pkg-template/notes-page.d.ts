import type { CallOptions, PublisherNote } from './publisher_wasm.js';

/** A page of a notes feed (interface §2.7). `for await (const note of page)` walks every note from this page to the end. */
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
  /** The next page, or null when there is none. `options` default to those of the call that made this page. */
  next(options?: CallOptions | null): Promise<PublisherNotes | null>;
  [Symbol.asyncIterator](): AsyncIterator<PublisherNote>;
}
