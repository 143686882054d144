// Entry for browsers and bundlers: fetches and instantiates the wasm module once.
import init from './publisher_wasm.js';

await init({ module_or_path: new URL('./publisher_wasm_bg.wasm', import.meta.url) });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
