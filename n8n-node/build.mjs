// Builds dist/: tsc checks the types; esbuild writes three CommonJS files (n8n loads
// nodes with require): the node, the credential, and dist/shared/client.js, a bundle of
// the client package with its wasm embedded (no runtime dependency, no fs, no
// __dirname). The node requires that one file, so the client loads once per process.
// The svg icons and the codex file are copied beside their code.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
// The real path: the wasm glue imports its snippets by relative path, and a second copy
// of PublisherError would break instanceof.
const clientPkg = realpathSync(join(here, 'node_modules', 'publisher-wasm'));
if (!existsSync(join(clientPkg, 'publisher_wasm_bg.wasm'))) {
  throw new Error('node_modules/publisher-wasm has no wasm: build the client first (node scripts/build-pkg.mjs at the repository root)');
}

rmSync(dist, { recursive: true, force: true });
execFileSync(join(here, 'node_modules', '.bin', 'tsc'), ['-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });

// The client's own web glue, instantiated synchronously from bytes esbuild inlines.
const snippet = readdirSync(join(clientPkg, 'snippets'), { recursive: true })
  .map(String)
  .find((file) => file.endsWith('publisher-error.js'));
if (!snippet) throw new Error('publisher-wasm/snippets has no publisher-error.js');
const snippets = `publisher-wasm/snippets/${dirname(snippet)}`;
const embeddedEntry = `
import { initSync } from 'publisher-wasm/publisher_wasm.js';
import wasm from 'publisher-wasm/publisher_wasm_bg.wasm';
initSync({ module: wasm });
export * from 'publisher-wasm/publisher_wasm.js';
export { PublisherError } from '${snippets}/publisher-error.js';
export { NoteBuilder } from '${snippets}/note-builder.js';
export { PublisherNotes } from '${snippets}/notes-page.js';
`;
const embedClient = {
  name: 'embed-publisher-wasm',
  setup(b) {
    b.onResolve({ filter: /^publisher-wasm$/ }, () => ({ path: 'publisher-wasm-embedded', namespace: 'embedded' }));
    b.onLoad({ filter: /.*/, namespace: 'embedded' }, () => ({ contents: embeddedEntry, resolveDir: here, loader: 'js' }));
    // Subpaths bypass the package's exports map: they are the files it is built from.
    b.onResolve({ filter: /^publisher-wasm\// }, (args) => ({ path: join(clientPkg, args.path.slice('publisher-wasm/'.length)) }));
  },
};
const common = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none' };
await build({
  ...common,
  entryPoints: [join(here, 'shared', 'client.ts')],
  outfile: join(dist, 'shared', 'client.js'),
  loader: { '.wasm': 'binary' },
  plugins: [embedClient],
  logOverride: { 'empty-import-meta': 'silent' },
});
// The node's own modules are bundled into its file; the client stays one shared file.
const clientIsShared = {
  name: 'client-is-shared',
  setup(b) {
    const client = join(here, 'shared', 'client');
    b.onResolve({ filter: /client$/ }, (args) =>
      join(args.resolveDir, args.path) === client ? { path: '../../shared/client.js', external: true } : undefined);
    b.onResolve({ filter: /^n8n-workflow$/ }, () => ({ path: 'n8n-workflow', external: true }));
  },
};
await build({
  ...common,
  entryPoints: {
    'nodes/Publisher/Publisher.node': join(here, 'nodes', 'Publisher', 'Publisher.node.ts'),
    'credentials/PublisherApi.credentials': join(here, 'credentials', 'PublisherApi.credentials.ts'),
  },
  outdir: dist,
  plugins: [clientIsShared],
});

for (const [from, to] of [['nodes/Publisher', 'nodes/Publisher'], ['icons', 'icons']]) {
  mkdirSync(join(dist, to), { recursive: true });
  for (const file of readdirSync(join(here, from))) {
    if (file.endsWith('.svg') || file.endsWith('.json')) cpSync(join(here, from, file), join(dist, to, file));
  }
}
