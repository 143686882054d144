// Source of node.cjs, the one module Node loads for `require('publisher-wasm')` and,
// through node.mjs, for `import`: one process has one wasm instance and one set of
// classes. The wasm is read from beside this file, which is faster to load than the
// embedded copy (publisher-wasm/embedded, for bundling into one file).
// scripts/build-pkg.mjs bundles it with esbuild; __dirname is the package folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initSync } from './publisher_wasm.js';

initSync({ module: readFileSync(join(__dirname, 'publisher_wasm_bg.wasm')) });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
