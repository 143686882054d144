// NoteBuilder (interface §4.3). The draft and its rules live in the wasm core
// (NoteDraft); this class only forwards and returns itself, so `b.bold('x') === b`
// and both chains and stored builders work.
import { PublisherError } from './publisher-error.js';

export class NoteBuilder {
  #client;
  #draft;

  constructor(client, text) {
    if (client === null || typeof client !== 'object' || typeof client.__newDraft !== 'function') {
      throw new PublisherError('new NoteBuilder(client, text?) needs a Publisher as its client', { kind: 'invalid-argument' });
    }
    this.#client = client;
    this.#draft = client.__newDraft(text);
  }

  /** Starts a new paragraph with `text`. */
  note(text) {
    this.#draft.paragraph(text);
    return this;
  }

  bold(text) {
    this.#draft.bold(text);
    return this;
  }

  italic(text) {
    this.#draft.italic(text);
    return this;
  }

  simple(text) {
    this.#draft.simple(text);
    return this;
  }

  addParagraph(text) {
    return this.note(text);
  }

  addBold(text) {
    return this.bold(text);
  }

  addItalic(text) {
    return this.italic(text);
  }

  addText(text) {
    return this.simple(text);
  }

  /** Publishes the note; resolves to the PublishNoteResponse. */
  publish(options) {
    return this.#client.__publishDraft(this.#draft, options);
  }
}
