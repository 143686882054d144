// The entry for Deno (the `deno` condition): embedded.js's embedded wasm, inflated by
// Deno's native DecompressionStream rather than fflate's JavaScript inflater, which in a
// fresh process costs about as much again as the rest of the start-up together
// (benches/cold-start.mjs). That is asynchronous, so this entry uses top-level await,
// which Deno always has; like embedded.js it reads no file (--allow-net is enough).
import { initSync } from './publisher_wasm.js';
import { storedWasmBytes } from './publisher_wasm_inline.js';

const inflated = new Blob([storedWasmBytes()]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
initSync({ module: await new Response(inflated).arrayBuffer() });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
