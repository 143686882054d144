// The `publisher-wasm/init` entry, for loaders this package cannot foresee: nothing is
// loaded until you call `init` (async: a URL, Response, bytes or WebAssembly.Module)
// or `initSync` (bytes or a WebAssembly.Module). The classes are the same as the other
// entries' when a bundle holds both, and a second init is a no-op.
import initGlue, { initSync as initGlueSync } from './publisher_wasm.js';

export async function init(wasm) {
  await initGlue({ module_or_path: wasm });
}

export function initSync(wasm) {
  initGlueSync({ module: wasm });
}

export { Publisher } from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
