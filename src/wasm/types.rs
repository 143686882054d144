//! The TypeScript shapes of the records and options (interface §2), emitted into the
//! package's `.d.ts`. Each record also admits the further fields the service sends.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    // Parameter types: unchecked wrappers of JsValue whose only job is the `.d.ts` name
    // (an `Option` of one makes the parameter optional there).
    #[wasm_bindgen(typescript_type = "PublisherConfig")]
    pub type PublisherConfigArg;
    #[wasm_bindgen(typescript_type = "PaginationParams")]
    pub type PaginationParamsArg;
    #[wasm_bindgen(typescript_type = "SearchParams")]
    pub type SearchParamsArg;
    #[wasm_bindgen(typescript_type = "CommentParams")]
    pub type CommentParamsArg;
    #[wasm_bindgen(typescript_type = "NotesParams")]
    pub type NotesParamsArg;
    #[wasm_bindgen(typescript_type = "ProfileReadParams")]
    pub type ProfileReadParamsArg;
    #[wasm_bindgen(typescript_type = "NoteReadParams")]
    pub type NoteReadParamsArg;
    #[wasm_bindgen(typescript_type = "CallOptions")]
    pub type CallOptionsArg;
    #[wasm_bindgen(typescript_type = "string")]
    pub type TextArg;
    #[wasm_bindgen(typescript_type = "FollowingOptions")]
    pub type FollowingOptionsArg;
}

#[wasm_bindgen(typescript_custom_section)]
const RECORD_TYPES: &'static str = r#"
import type { PublisherNotes } from './notes-page.js';
import type { NoteBuilder } from './note-builder.js';

/** Client configuration (interface §2.13). */
export interface PublisherConfig {
  /** The session cookie value of the account (required). Sent as `connect.sid=s%3A<apiKey>` unless `cookieName` says otherwise; a value that already starts with `s%3A` gets no second prefix. */
  apiKey: string;
  /** The publication's host, e.g. `example.substack.com` (no scheme or path). Default `substack.com`. */
  hostname?: string;
  /** Default `v1`. */
  apiVersion?: string;
  /** Sends every request, for both the publication host and the main host, to this origin instead, e.g. `http://127.0.0.1:8787` (the bundled local service). */
  baseUrl?: string;
  /** Which session cookie carries the key: `connect.sid` (default), `substack.sid`, or `both`. */
  cookieName?: 'connect.sid' | 'substack.sid' | 'both';
  /** `cookie`: send a Cookie header built from apiKey (the default where a script may set Cookie: Node, Deno, Bun, Workers). `browser`: send the browser's own cookies (`credentials: 'include'`; the default in browser pages, which forbid scripts to set Cookie; there `cookie` is refused unless a `fetch` option forwards the header). */
  auth?: 'cookie' | 'browser';
  /** User-Agent sent where the runtime allows it (Node, Deno); `false` sends none. Default: a browser-like string. */
  userAgent?: string | false;
  /** Retrying of failed requests; `false` turns it off. Default: 3 retries, backoff from 500 ms doubling to 8 s with jitter, `Retry-After` honoured up to 60 s. */
  retry?: false | RetryOptions;
  /** Per-request timeout in milliseconds; `0` turns it off. Default 30000. */
  timeoutMs?: number;
  /** How many users `getFollowingProfiles` reads at once (1–16). Default 4. */
  concurrency?: number;
  /** Aborts every call of this client. */
  signal?: PublisherAbortSignal;
  /** Sends every request instead of the runtime's own `fetch`: a wrapper that logs or proxies, a test double, a Worker's service binding (`(url, init) => env.API.fetch(url, init)`). Retries, the timeout and signals work around it: each attempt is one call, and `init.signal` aborts it. */
  fetch?: PublisherFetch;
}

/** The AbortSignal of the runtime (DOM lib, `@types/node`); where neither is loaded, the members the client uses. */
export type PublisherAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer Signal } } ? Signal : AbortSignalShape;

/** The members of an AbortSignal the client uses, for projects compiled without the DOM lib or `@types/node`. */
export interface AbortSignalShape {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The request the client hands to a `fetch` option: a valid second argument of the runtime's own `fetch`. */
export interface PublisherFetchInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON text, for publishing. */
  body?: string;
  /** Set when `auth` is `browser`. */
  credentials?: 'include';
  /** Aborts this attempt: the call's and the client's signals, and the timeout. */
  signal: PublisherAbortSignal;
}

/** What a `fetch` option resolves to: a `Response`, or anything with these members. */
export interface PublisherFetchResponse {
  readonly status: number;
  readonly statusText?: string;
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
}

/** A fetch-compatible function. */
export type PublisherFetch = (url: string, init: PublisherFetchInit) => Promise<PublisherFetchResponse>;

/** How failed requests are retried (see the README for which failures are). */
export interface RetryOptions {
  /** Further attempts after the first (0–20). Default 3. */
  retries?: number;
  /** The first backoff in milliseconds; each further one doubles. Default 500. */
  baseDelayMs?: number;
  /** The longest backoff. Default 8000. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails at once. Default 60000. */
  maxRetryAfterMs?: number;
}

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call, including any wait before a retry: it rejects with kind `aborted` and the signal's reason as `cause`. */
  signal?: PublisherAbortSignal;
}

/** Options of `getFollowingProfiles`. */
export interface FollowingOptions extends CallOptions {
  /** Called as users finish: `(done, total)`, starting with `(0, total)`. */
  onProgress?: (done: number, total: number) => void;
}

/** Pagination parameters (interface §2.12). */
export interface PaginationParams {
  /** Items to skip; a non-negative integer. */
  offset?: number;
  /** Maximum items; a positive integer. */
  limit?: number;
  /** A cursor returned by the service, sent back exactly. */
  cursor?: string;
}

export type PostType = 'newsletter' | 'podcast' | 'thread';

/** Search parameters (interface §2.12). */
export interface SearchParams {
  /** Searches title, subtitle and content; may be empty. */
  query: string;
  offset?: number;
  limit?: number;
  type?: PostType;
  /** ISO 8601 date or timestamp. */
  published_after?: string;
  /** ISO 8601 date or timestamp. */
  published_before?: string;
}

/** Audiences seen from the service; others pass through as strings. */
export type PostAudience = 'everyone' | 'only_paid' | 'founding' | 'only_free' | (string & {});

/** A post (interface §2.2). Every field the service sends beyond these passes through untouched. */
export interface PublisherPost {
  id: number;
  title: string;
  subtitle?: string | null;
  slug: string;
  /** ISO 8601 date of publication. */
  post_date: string;
  description?: string | null;
  audience?: PostAudience | null;
  /** Full URL of the post. */
  canonical_url: string;
  cover_image?: string | null;
  podcast_url?: string | null;
  type: PostType;
  /** Derived: the service's `is_published`, or true for listed posts, which carry none. */
  published: boolean;
  /** Derived from `audience`: true for `only_paid` and `founding`. */
  paywalled: boolean;
  [field: string]: unknown;
}

/** `getComments` parameters. */
export interface CommentParams {
  offset?: number;
  limit?: number;
}

/** `getNotes` parameters. */
export interface NotesParams {
  /** The `nextCursor` of the previous page, sent back exactly. */
  cursor?: string;
  limit?: number;
}

/** Parameters of the workflow node's post reads (`getPostsBySlug`, `getPostsById`). */
export interface ProfileReadParams {
  /** Default 100. More than the service's page size is fetched in several requests. */
  limit?: number;
  /** Default 0: posts to skip. */
  offset?: number;
}

/** Parameters of the workflow node's note reads (`getNotesBySlug`, `getNotesById`). */
export interface NoteReadParams {
  /** Default 100. */
  limit?: number;
}

/** The author of a comment. */
export interface PublisherCommentAuthor {
  id: number;
  name: string;
  /** Present when the service says. */
  is_admin?: boolean;
}

/** A comment (interface §2.4), with the service's own fields (`date`, `post_id`, `user_id`, `name`, `handle`, …) beside the interface's. */
export interface PublisherComment {
  id: number;
  body: string;
  /** ISO date (the service's `date`). */
  created_at: string;
  /** The post commented on (the service's `post_id`); null for a note, which belongs to no post. */
  parent_post_id: number | null;
  author: PublisherCommentAuthor;
  [field: string]: unknown;
}

/** A user named in a feed item's context. */
export interface PublisherContextUser {
  id: number;
  name: string;
  handle: string;
  photo_url?: string | null;
  bio?: string | null;
  [field: string]: unknown;
}

/** The context of a feed item. */
export interface PublisherNoteContext {
  type: string;
  timestamp: string;
  users: PublisherContextUser[];
  [field: string]: unknown;
}

/** The comment of a note. */
export interface PublisherNoteComment {
  id: number;
  body: string;
  body_json?: Record<string, unknown> | null;
  user_id: number;
  type: string;
  date: string;
  [field: string]: unknown;
}

/** A note, or another feed item (interface §2.6): the service's item unchanged. Restacks have no `comment`. */
export interface PublisherNote {
  entity_key: string;
  type: string;
  context: PublisherNoteContext;
  comment?: PublisherNoteComment | null;
  [field: string]: unknown;
}

/** A user's activity feed (interface §2.8). */
export interface PublisherUserProfile {
  items: PublisherNote[];
  originalCursorTimestamp: string;
  /** null (or absent, or empty) at the end of the feed. */
  nextCursor?: string | null;
  [field: string]: unknown;
}

/** A publication as profiles name it. */
export interface PublisherPublication {
  id: number;
  name: string;
  subdomain: string;
  logo_url?: string | null;
  [field: string]: unknown;
}

/** A user's role in a publication. */
export interface PublisherPublicationUser {
  id: number;
  role: string;
  publication: PublisherPublication;
  [field: string]: unknown;
}

/** A public profile (interface §2.9). */
export interface PublisherPublicProfile {
  id: number;
  name: string;
  handle: string;
  photo_url?: string | null;
  bio?: string | null;
  /** e.g. "88". */
  subscriberCount: string;
  subscriberCountNumber: number;
  /** e.g. "88 subscribers". */
  subscriberCountString?: string;
  primaryPublication?: { id: number; name: string; [field: string]: unknown } | null;
  publicationUsers: PublisherPublicationUser[];
  [field: string]: unknown;
}

/** A public profile with the user's activity feed (interface §2.10). */
export interface PublisherFullProfile extends PublisherPublicProfile {
  userProfile: PublisherUserProfile;
}

/** A text node of a note. */
export interface NoteTextNode {
  type: 'text';
  text: string;
  marks?: { type: 'bold' | 'italic' | (string & {}) }[];
}

/** A paragraph of a note. */
export interface NoteParagraph {
  type: 'paragraph';
  content: NoteTextNode[];
}

/** The body of a note (interface §2.11). */
export interface NoteBodyJson {
  type: 'doc';
  attrs: { schemaVersion: 'v1' };
  content: NoteParagraph[];
}

/** What publishing sends (interface §2.11). */
export interface PublishNoteRequest {
  bodyJson: NoteBodyJson;
  replyMinimumRole: 'everyone';
}

/** What publishing returns (interface §2.11), with the service's further fields. */
export interface PublishNoteResponse {
  id: number;
  body: string;
  /** The body as the service stored it (may hold node types beyond NoteBodyJson's). */
  body_json: Record<string, unknown>;
  date: string;
  name: string;
  photo_url?: string | null;
  reactions: Record<string, number>;
  [field: string]: unknown;
}

/** Search result (interface §2.3). */
export interface PublisherSearchResult {
  /** Total posts matching the criteria. */
  total: number;
  /** The current page only. */
  results: PublisherPost[];
  /** Set when the service had no search and the archive search answered instead: it reports no total, so `total` counts only the posts up to this page. */
  totalIsLowerBound?: boolean;
  [field: string]: unknown;
}
"#;
