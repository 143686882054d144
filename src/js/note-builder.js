// NoteBuilder (interface §4.3). The draft and its rules live in the wasm core; a builder
// holds one private function, `edit(action, value)`, that the core gives it, and only
// forwards and returns itself, so `b.bold('x') === b` and both chains and stored
// builders work. Nothing but the builder's own methods is reachable from outside.
import { PublisherError } from './publisher-error.js';

// Set only while the core creates a builder (adoptDraft), never by callers.
let adopting = null;

/** Called by the core: the builder over `edit`. */
export function adoptDraft(edit) {
  adopting = edit;
  try {
    return new NoteBuilder();
  } finally {
    adopting = null;
  }
}

const notAClient = () =>
  new PublisherError('new NoteBuilder(client, text?) needs a Publisher as its client', { kind: 'invalid-argument' });

export class NoteBuilder {
  #edit;

  constructor(client, text) {
    if (adopting !== null) {
      this.#edit = adopting;
      adopting = null;
      return;
    }
    if (client === null || typeof client !== 'object' || typeof client.note !== 'function') throw notAClient();
    // The client's own note(text) makes the draft (and checks text); this builder takes it over.
    const built = client.note(text);
    if (!(built instanceof NoteBuilder)) throw notAClient();
    this.#edit = built.#edit;
  }

  /** Starts a new paragraph with `text`. */
  note(text) {
    this.#edit('note', text);
    return this;
  }

  bold(text) {
    this.#edit('bold', text);
    return this;
  }

  italic(text) {
    this.#edit('italic', text);
    return this;
  }

  simple(text) {
    this.#edit('simple', text);
    return this;
  }

  /** Adds inline code to the current paragraph. */
  code(text) {
    this.#edit('code', text);
    return this;
  }

  /** Adds `text` linked to `url` (http or https) to the current paragraph. */
  link(text, url) {
    this.#edit('link', text, url);
    return this;
  }

  /** Adds a bullet list of plain items. */
  bulletList(items) {
    this.#edit('bulletList', items);
    return this;
  }

  /** Adds an ordered list of plain items, numbered from `start` (1 by default). */
  orderedList(items, start) {
    this.#edit('orderedList', items, start);
    return this;
  }

  /** Adds a block quote, one paragraph per line of `text`. */
  quote(text) {
    this.#edit('quote', text);
    return this;
  }

  /** Adds a code block; line breaks are kept. */
  codeBlock(text) {
    this.#edit('codeBlock', text);
    return this;
  }

  /** Adds the blocks of `text` written in Markdown (the Markdown entry point only). */
  markdown(text) {
    this.#edit('markdown', text);
    return this;
  }

  /** Attaches a link card for `url`, made when the note is published. */
  attachLink(url) {
    this.#edit('attachLink', url);
    return this;
  }

  /** Attaches an image (bytes, a Blob or a data: URI), uploaded when the note is published. */
  attachImage(data) {
    this.#edit('attachImage', data);
    return this;
  }

  /** Publishes the note as a reply to the note or reply `noteId`. */
  replyTo(noteId) {
    this.#edit('replyTo', noteId);
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
    return this.#edit('publish', options);
  }
}
