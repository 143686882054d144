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
}

#[wasm_bindgen(typescript_custom_section)]
const RECORD_TYPES: &'static str = r#"
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
  /** `cookie`: send a Cookie header built from apiKey (default in Node and Deno). `browser`: send the browser's own cookies (`credentials: 'include'`; default in browsers, which forbid scripts to set Cookie). */
  auth?: 'cookie' | 'browser';
  /** User-Agent sent where the runtime allows it (Node, Deno); `false` sends none. Default: a browser-like string. */
  userAgent?: string | false;
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

/** Search result (interface §2.3). */
export interface PublisherSearchResult {
  /** Total posts matching the criteria. */
  total: number;
  /** The current page only. */
  results: PublisherPost[];
  [field: string]: unknown;
}
"#;
