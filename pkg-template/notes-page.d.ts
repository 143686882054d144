import type { CallOptions, PublisherNote } from './publisher_wasm.js';

/** A page of a notes feed (interface §2.7). `for await (const note of page)` walks every note from this page to the end. */
export declare class PublisherNotes implements AsyncIterable<PublisherNote> {
  /** The notes of this page. */
  readonly items: PublisherNote[];
  /** The cursor timestamp of the request. */
  readonly originalCursorTimestamp: string;
  /** The cursor of the next page, as the service sent it; null at the end. */
  readonly nextCursor: string | null;
  /** True when another page follows. */
  hasMore(): boolean;
  /** The next page, or null when there is none. `options` default to those of the call that made this page. */
  next(options?: CallOptions): Promise<PublisherNotes | null>;
  [Symbol.asyncIterator](): AsyncIterator<PublisherNote>;
}
