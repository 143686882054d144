// Source of node.cjs, the CommonJS entry (n8n loads community nodes with require).
// scripts/build-pkg.mjs bundles it with esbuild; __dirname is the package folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initSync } from './publisher_wasm.js';

initSync({ module: readFileSync(join(__dirname, 'publisher_wasm_bg.wasm')) });

export * from './publisher_wasm.js';
export { PublisherError } from '__SNIPPETS__/publisher-error.js';
export { NoteBuilder } from '__SNIPPETS__/note-builder.js';
export { PublisherNotes } from '__SNIPPETS__/notes-page.js';
