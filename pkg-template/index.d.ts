export * from './publisher_wasm.js';
export { PublisherError } from './publisher-error.js';
export type { PublisherErrorKind, PublisherErrorResponse } from './publisher-error.js';
export { NoteBuilder } from './note-builder.js';
export { PublisherNotes } from './notes-page.js';
