// Builds dist/: tsc checks the types; esbuild writes three CommonJS files (n8n loads
// nodes with require): the node, the credential, and dist/shared/client.js, a bundle of
// the client package's embedded entry (publisher-wasm/embedded: no runtime dependency,
// no fs, no __dirname). The node requires that one file, so the client loads once per process.
// The svg icons and the codex file are copied beside their code.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const clientPkg = join(here, 'node_modules', 'publisher-wasm');
if (!existsSync(join(clientPkg, 'package.json'))) {
  throw new Error('node_modules/publisher-wasm is not built: run node scripts/build-pkg.mjs at the repository root');
}

rmSync(dist, { recursive: true, force: true });
// The mutation run skips the type check: a mutant is judged by the tests, not by tsc.
if (!process.env.PUBLISHER_SKIP_TSC) execFileSync(join(here, 'node_modules', '.bin', 'tsc'), ['-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });

const common = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none' };
// The output is CommonJS, so the client is resolved as `require` would (its .cjs entry),
// whatever the import syntax in the source.
const clientAsRequired = {
  name: 'client-as-required',
  setup(b) {
    b.onResolve({ filter: /^publisher-wasm(\/|$)/ }, async (args) =>
      args.kind === 'require-call' ? undefined : await b.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir }));
  },
};
await build({
  ...common,
  entryPoints: [join(here, 'shared', 'client.ts')],
  outfile: join(dist, 'shared', 'client.js'),
  plugins: [clientAsRequired],
});
// An installed node has only dist/: the client must not look for files beside itself.
const bundled = readFileSync(join(dist, 'shared', 'client.js'), 'utf8');
for (const needle of ['__dirname', 'readFileSync', 'import.meta', 'import_meta', 'createRequire']) {
  if (bundled.includes(needle)) throw new Error(`dist/shared/client.js uses ${needle}: the client entry is not the embedded one`);
}
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
