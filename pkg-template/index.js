// The `publisher-wasm/web` entry (index.js): the wasm as a file of its own beside this module,
// found through `new URL(…, import.meta.url)` (a pattern vite, webpack and browsers
// resolve) and compiled while it streams in. Smaller to download than the embedded
// default; needs top-level await and a bundler or server that serves the .wasm.
import init from './publisher_wasm.js';

await init({ module_or_path: new URL('./publisher_wasm_bg.wasm', import.meta.url) });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
