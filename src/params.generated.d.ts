/** Pagination parameters (interface §2.12). */
export interface PaginationParams {
  /** Items to skip; a non-negative integer. */
  offset?: number;
  /** Maximum items; a positive integer. */
  limit?: number;
  /** A cursor returned by the service, sent back exactly. */
  cursor?: string;
}

/** Search parameters (interface §2.12). */
export interface SearchParams {
  /** Searches title, subtitle and content; may be empty. */
  query: string;
  /** Results to skip; a non-negative integer. */
  offset?: number;
  /** Maximum results; a positive integer. */
  limit?: number;
  /** Only posts of this type. */
  type?: PostType;
  /** ISO 8601 date or timestamp. */
  published_after?: string;
  /** ISO 8601 date or timestamp. */
  published_before?: string;
}

/** `getComments` parameters. */
export interface CommentParams {
  /** Comments to skip; a non-negative integer. */
  offset?: number;
  /** Maximum comments; a positive integer. */
  limit?: number;
}

/** `getNotes` parameters. */
export interface NotesParams {
  /** The `nextCursor` of the previous page, sent back exactly. */
  cursor?: string;
  /** Maximum notes on the page; a positive integer. */
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

/** Which drafts `getDrafts` returns, most recently edited first. */
export interface DraftsParams {
  /** Drafts to skip; a non-negative integer. */
  offset?: number;
  /** Maximum drafts (default 25); over 25, they are fetched in pages. */
  limit?: number;
}

