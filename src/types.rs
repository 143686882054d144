//! The TypeScript of the package's `.d.ts` beyond the exported classes: the records'
//! interfaces (generated from their declarations) and the options (interface §2).

use wasm_bindgen::prelude::wasm_bindgen;

use publisher_core::records::{comment, draft, feed, note, post, profile, publish};

#[wasm_bindgen]
extern "C" {
    // Parameter types: unchecked wrappers of JsValue whose only job is the `.d.ts` name
    // (an `Option` of one makes the parameter optional there).
    #[wasm_bindgen(typescript_type = "PublisherConfig")]
    pub type PublisherConfigArg;
    #[wasm_bindgen(typescript_type = "string")]
    pub type TextArg;
}

// The records' interfaces come from their declarations (publisher_core::records), one section each.
#[wasm_bindgen(typescript_custom_section)]
const POST_TYPE: &'static str = post::PostType;
#[wasm_bindgen(typescript_custom_section)]
const POST: &'static str = post::PublisherPost::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const SEARCH_RESULT: &'static str = post::PublisherSearchResult::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const COMMENT_AUTHOR: &'static str = comment::PublisherCommentAuthor::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const COMMENT: &'static str = comment::PublisherComment::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const CONTEXT_USER: &'static str = note::PublisherContextUser::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const NOTE_CONTEXT: &'static str = note::PublisherNoteContext::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const NOTE_COMMENT: &'static str = note::PublisherNoteComment::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const NOTE: &'static str = note::PublisherNote::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const USER_PROFILE: &'static str = feed::PublisherUserProfile::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const PUBLICATION: &'static str = profile::PublisherPublication::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const PUBLICATION_USER: &'static str = profile::PublisherPublicationUser::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const PRIMARY_PUBLICATION: &'static str = profile::PublisherPrimaryPublication::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const PUBLIC_PROFILE: &'static str = profile::PublisherPublicProfile::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const FULL_PROFILE: &'static str = profile::PublisherFullProfile::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const PUBLISH_NOTE_RESPONSE: &'static str = publish::PublishNoteResponse::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const DRAFT: &'static str = draft::PublisherDraft::TYPESCRIPT;
#[wasm_bindgen(typescript_custom_section)]
const DRAFT_CHECK: &'static str = draft::DraftCheck::TYPESCRIPT;

// The parameter objects come from their schemas (publisher_core::params), written out by
// the core's tests as params.generated.d.ts (do not edit it; a stale one fails cargo test).
#[wasm_bindgen(typescript_custom_section)]
const PARAMS: &'static str = include_str!("params.generated.d.ts");

/// The options, parameters and request shapes: written here, as they are no records.
#[wasm_bindgen(typescript_custom_section)]
const OPTION_TYPES: &'static str = r#"
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
  /** What the client waits with, for the per-request timeout and before a retry, instead of the runtime's `setTimeout`: `sleep(ms, signal)` returns a promise that resolves after `ms` milliseconds. The client aborts `signal` when it stops waiting (the answer came, or the call was aborted), and does not wait for a sleep that ignores it. For hosts that forbid the global timers, such as an n8n node: `import { sleep } from 'n8n-workflow'`. */
  sleep?: PublisherSleep;
}

/** A wait of `ms` milliseconds that `signal` cuts short (n8n-workflow's `sleep` is one). */
export type PublisherSleep = (ms: number, signal: PublisherAbortSignal) => PromiseLike<unknown>;

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
  /** Every method the client sends: reads, publishing, `updateDraft`, deletions. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
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

/** An image to attach: PNG, JPEG, GIF or WebP bytes, a `Blob`, or a `data:image/…;base64,` URI. */
export type ImageInput = Uint8Array | ArrayBuffer | PublisherBlob | string;

/** The Blob of the runtime (DOM lib, `@types/node`); where neither is loaded, the members the client uses. */
export type PublisherBlob = typeof globalThis extends { Blob: { prototype: infer Data } } ? Data : BlobShape;

/** The members of a Blob the client uses, for projects compiled without the DOM lib or `@types/node`. */
export interface BlobShape {
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Options of `publishNote`: what the builder can add, for a note of one call. */
export interface PublishNoteOptions extends CallOptions {
  /** The text is Markdown (the `publisher-wasm/markdown` entry point only). */
  markdown?: boolean | null;
  /** Publish as a reply to this note or reply. */
  replyTo?: number | null;
  /** Attach a link card for this URL. */
  link?: string | null;
  /** Attach these images, in order. */
  images?: readonly ImageInput[] | null;
}

/** What `deleteNote` resolves with. */
export interface DeleteNoteResult {
  /** The note's id. */
  id: number;
  /** False when the note was already gone (the service answered 404). */
  deleted: boolean;
}

/** What `deleteDraft` resolves with. */
export interface DeleteDraftResult {
  /** The draft's id. */
  id: number;
  /** False when the draft was already gone (the service answered 404). */
  deleted: boolean;
}

/** A post draft to create (`createDraft`), or the changes of `updateDraft` (`Partial<DraftInput>`). */
export interface DraftInput {
  /** The title; required and not blank for a new draft. */
  title: string;
  /** The subtitle. */
  subtitle?: string | null;
  /** The body as a post document (an object with `type: 'doc'`); at most one of `body` and `markdown`. */
  body?: PostDocument | null;
  /** The body as Markdown (the `publisher-wasm/markdown` entry point only); at most one of `body` and `markdown`. */
  markdown?: string | null;
  /** Who may read it. Default `everyone` for a new draft. */
  audience?: 'everyone' | 'only_paid' | 'founding' | 'only_free' | null;
  /** Default `newsletter` for a new draft. */
  type?: PostType | null;
  /** The section the post goes in. */
  sectionId?: number | null;
  /** Images by name: a Markdown image whose URL is one of these names (`![Chart](chart.png)`) is uploaded first, and its URL sent instead. */
  images?: Record<string, ImageInput> | null;
  /** Whether a Markdown image on the web (`![x](https://…)`) is downloaded through the client's `fetch` (at most 10 MB, checked to be an image) and hosted on the service, whose editor shows no other image. Default true; false refuses such an image. */
  downloadImages?: boolean | null;
  /** What relative links in `markdown` are resolved against (an absolute http(s) URL, e.g. the article's address on your site); without it, a relative link is refused. */
  baseUrl?: string | null;
}

/** The choice `publishDraft` needs. */
export interface PublishDraftOptions {
  /** Required: `true` emails the post to every subscriber, which cannot be taken back; `false` publishes without email. */
  send: boolean;
  /** Share the post on the author's notes and profile. Default false. */
  shareAutomatically?: boolean | null;
}

/** Drafts read through `publisher-wasm/markdown` offer their body as Markdown. */
export interface PublisherDraft {
  /** Only in the `publisher-wasm/markdown` entry (undefined in the main one): `draftBody` as Markdown, written on first read, not enumerable; what Markdown cannot say is kept as a marker, so updating the draft with it loses nothing. Null when the body is no document. */
  readonly bodyMarkdown?: string | null;
}

/** Options of `updateDraft`. */
export interface UpdateDraftOptions extends CallOptions {
  /** The draft's `updatedAt` as you read it: a draft changed since is refused with kind `conflict` and nothing is sent, so another edit is never overwritten. */
  expectedUpdatedAt?: string | null;
}

/** The choice `scheduleDraft` needs. */
export interface ScheduleDraftOptions {
  /** Required: `true` emails the post to the draft's audience when it is released; `false` releases it without email. */
  send: boolean;
}

/** Options of `getFollowingProfiles`. */
export interface FollowingOptions extends CallOptions {
  /** Called as users finish: `(done, total)`, starting with `(0, total)`. */
  onProgress?: (done: number, total: number) => void;
}

/** Audiences seen from the service; others pass through as strings. */
export type PostAudience = 'everyone' | 'only_paid' | 'founding' | 'only_free' | (string & {});

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

/** A post's document (`draft_body`, parsed): a ProseMirror node of the post editor's schema, e.g. `{type: 'doc', content: [{type: 'paragraph', content: [{type: 'text', text: 'Hi', marks: [{type: 'strong'}]}]}]}`. */
export interface PostDocument {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PostDocument[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

/** What publishing sends (interface §2.11). */
export interface PublishNoteRequest {
  bodyJson: NoteBodyJson;
  replyMinimumRole: 'everyone';
}

"#;
