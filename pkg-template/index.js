// The `publisher-wasm/web` entry (index.js; also what webpack gets): the wasm as a
// gzip file of its own beside this module (under webpack's 244 KiB hint),
// found through `new URL(…, import.meta.url)`, a pattern vite, webpack and browsers
// resolve, then inflated and compiled as it streams in. Smaller to download than the
// embedded default; needs top-level await and a bundler or server that serves the file.
import init from './publisher_wasm.js';

const response = await fetch(new URL('./publisher_wasm_bg.wasm.gz', import.meta.url));
if (!response.ok || !response.body) {
  throw new Error(`publisher-wasm could not fetch its wasm: HTTP ${response.status} for ${response.url}`);
}
await init({
  module_or_path: new Response(response.body.pipeThrough(new DecompressionStream('gzip')), {
    headers: { 'content-type': 'application/wasm' },
  }),
});

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
