// The default entry for browsers, bundlers and Deno: the wasm is embedded in JS, so
// there is no file to copy, fetch or read (Deno needs only --allow-net), and no
// top-level await (esbuild's iife and CommonJS outputs work). It compiles
// synchronously when first imported.
import { initSync } from './publisher_wasm.js';
import { wasmBytes } from './publisher_wasm_inline.js';

initSync({ module: wasmBytes() });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
