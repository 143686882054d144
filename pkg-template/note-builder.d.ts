import type { CallOptions, Publisher, PublishNoteResponse } from './publisher_wasm.js';

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
  /** Alias of `note`. */
  addParagraph(text: string): this;
  /** Alias of `bold`. */
  addBold(text: string): this;
  /** Alias of `italic`. */
  addItalic(text: string): this;
  /** Alias of `simple`. */
  addText(text: string): this;
  /** Publishes the note. Rejects with `invalid-argument` when the note has no text. */
  publish(options?: CallOptions | null): Promise<PublishNoteResponse>;
}
