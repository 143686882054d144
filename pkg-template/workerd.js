// Entry for Cloudflare Workers (the `workerd` condition). Workers may not compile wasm
// from bytes at run time; wrangler turns this import into a compiled module.
import wasmModule from './publisher_wasm_bg.wasm';
import { initSync } from './publisher_wasm.js';

initSync({ module: wasmModule });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
