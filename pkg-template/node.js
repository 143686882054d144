// Entry for Node and Deno (ESM): their fetch cannot read file: URLs, so the wasm
// bytes are read from disk and instantiated synchronously.
import { readFileSync } from 'node:fs';
import { initSync } from './publisher_wasm.js';

initSync({ module: readFileSync(new URL('./publisher_wasm_bg.wasm', import.meta.url)) });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
