/** What went wrong, for a program to switch on. */
export type PublisherErrorKind =
  | 'config'
  | 'invalid-argument'
  | 'http'
  | 'network'
  | 'invalid-response'
  | 'timeout'
  | 'aborted'
  /** `updateDraft` with `expectedUpdatedAt`: the draft was changed since you read it; nothing was sent. */
  | 'conflict'
  /** Publishing (a note, or `publishDraft`) failed after the request may have acted: it was not resent; the note or post may exist. */
  | 'maybe-published'
  /** `createDraft` failed after the request may have acted, and the read-back did not find the draft: it was not resent. */
  | 'maybe-created'
  /** `scheduleDraft` failed after the request may have acted, and the read-back did not find the release: it was not resent. */
  | 'maybe-scheduled';

/** The HTTP response a failure came with. The request's Cookie is never in it. */
export interface PublisherErrorResponse {
  status: number;
  statusText: string;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
  /** The body text (cut at 64 Ki characters). */
  body: string;
}

/** Every failure of the client: `instanceof Error` and `instanceof PublisherError`. */
export declare class PublisherError extends Error {
  readonly name: 'PublisherError';
  readonly kind: PublisherErrorKind;
  /** The HTTP status, when HTTP gave one. */
  readonly status?: number;
  /** The response, when there was one. */
  readonly response?: PublisherErrorResponse;
  /** How many requests were made, for retried calls. */
  readonly attempts?: number;
  constructor(
    message: string,
    options?: {
      kind?: PublisherErrorKind;
      status?: number;
      response?: PublisherErrorResponse;
      cause?: unknown;
      attempts?: number;
    },
  );
  toJSON(): {
    name: 'PublisherError';
    kind: PublisherErrorKind;
    message: string;
    status?: number;
    attempts?: number;
    response?: PublisherErrorResponse;
  };
}
