import type { CallOptions, ImageInput, Publisher, PublishNoteResponse } from './publisher_wasm.js';

/**
 * Builds a note of paragraphs with bold and italic text (interface §4.3). Every method
 * but `publish` returns this same builder. Empty text throws a `PublisherError` of kind
 * `invalid-argument` at once; nothing is sent.
 */
export declare class NoteBuilder {
  /** `text`, when given, starts the first paragraph. */
  constructor(client: Publisher, text?: string);
  /** Starts a new paragraph with `text`. */
  note(text: string): this;
  /** Adds bold text to the current paragraph (opening one if there is none). */
  bold(text: string): this;
  /** Adds italic text to the current paragraph. */
  italic(text: string): this;
  /** Adds plain text to the current paragraph. */
  simple(text: string): this;
  /** Adds inline code to the current paragraph. */
  code(text: string): this;
  /** Adds `text` linked to `url` (an http:// or https:// address) to the current paragraph. */
  link(text: string, url: string): this;
  /** Adds a bullet list; a line break in an item starts another paragraph of it. */
  bulletList(items: readonly string[]): this;
  /** Adds an ordered list numbered from `start` (1 by default). */
  orderedList(items: readonly string[], start?: number): this;
  /** Adds a block quote, one paragraph per line of `text`. */
  quote(text: string): this;
  /** Adds a code block; line breaks are kept. */
  codeBlock(text: string): this;
  /**
   * Adds the blocks of `text` written in Markdown. Only the builder of the
   * `publisher-wasm/markdown` entry point converts Markdown; elsewhere this throws
   * `invalid-argument`.
   */
  markdown(text: string): this;
  /** Attaches a link card for `url`, made (`POST comment/attachment`) when the note is published. */
  attachLink(url: string): this;
  /**
   * Attaches an image: PNG, JPEG, GIF or WebP bytes, a `Blob` whose type agrees with its
   * bytes, or a `data:image/…;base64,` URI. Uploaded (`POST image`, then an attachment)
   * when the note is published, in the order attached.
   */
  attachImage(data: ImageInput): this;
  /** Publishes the note as a reply to the note or reply `noteId`. */
  replyTo(noteId: number): this;
  /** Alias of `note`. */
  addParagraph(text: string): this;
  /** Alias of `bold`. */
  addBold(text: string): this;
  /** Alias of `italic`. */
  addItalic(text: string): this;
  /** Alias of `simple`. */
  addText(text: string): this;
  /**
   * Makes the attachments, then publishes the note once. When the answer is lost (a 5xx,
   * a dropped connection, a timeout), reads the account's notes back and resolves with
   * the note if it was published; rejects `maybe-published` only when it cannot tell.
   * Rejects with `invalid-argument` when the note has neither text nor attachments.
   */
  publish(options?: CallOptions | null): Promise<PublishNoteResponse>;
}
