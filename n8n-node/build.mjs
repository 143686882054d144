// Builds dist/: tsc checks the types; esbuild writes CommonJS files (n8n loads nodes
// with require): the nodes, the credential, and dist/shared/client.js, a bundle of the
// client package's Markdown entry for custom loaders (publisher-wasm/markdown/init) with
// its wasm embedded by esbuild's binary loader: no runtime dependency but n8n-workflow,
// no fs, no __dirname. The nodes require that one file, so the client loads once per process.
// The svg icons and the codex file are copied beside their code.
//
// n8n's scan (@n8n/scan-community-package, test/unit/scan.test.mjs) forbids the global
// timers, globalThis, global and console in every shipped file, this bundle included. The
// client names none of them but in two places, and this build leaves both out of the bundle
// (each fails the build if the client's files changed under it):
// - src/js/runtime-timers.js, the client's default timer (setTimeout), is replaced by
//   shared/noRuntimeTimers.ts: the node's clients wait through their `sleep` option
//   (n8n-workflow's sleep, see shared/client.ts), and a client without one would fail
//   loudly rather than fall back to the global timers.
// - the deprecated-parameters branch of wasm-bindgen's initSync, a console.warn that runs
//   only when initSync is given something other than { module }: the Markdown init entry
//   always gives { module }, so the branch never runs; it is dropped from the text.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, formatMessages } from 'esbuild';

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
// esbuild sees the client package at its real path (node_modules/publisher-wasm links to pkg/).
const clientDir = realpathSync(clientPkg);
const inClient = (path) => path.startsWith(`${clientDir}${sep}`);

// The two exclusions described at the top, each counted so that the build fails when it
// no longer applies (a renamed module, a changed glue).
const excluded = { runtimeTimers: 0, initSyncWarning: 0 };
const INIT_SYNC_WARNING = "console.warn('using deprecated parameters for `initSync()`; pass a single object instead')";
const clientForN8n = {
  name: 'client-for-n8n',
  setup(b) {
    b.onResolve({ filter: /\/runtime-timers\.js$/ }, (args) => {
      if (!inClient(args.importer)) return undefined;
      excluded.runtimeTimers += 1;
      return { path: join(here, 'shared', 'noRuntimeTimers.ts') };
    });
    b.onLoad({ filter: /[\\/]publisher_wasm\.js$/ }, (args) => {
      if (!inClient(args.path)) return undefined;
      const glue = readFileSync(args.path, 'utf8');
      const at = glue.indexOf(INIT_SYNC_WARNING);
      if (at < 0 || glue.indexOf(INIT_SYNC_WARNING, at + 1) >= 0) {
        throw new Error(`${args.path}: wasm-bindgen's initSync warning is not there once: did its glue change?`);
      }
      excluded.initSyncWarning += 1;
      return { contents: glue.replace(INIT_SYNC_WARNING, '/* initSync is given { module } (build.mjs) */'), loader: 'js' };
    });
    b.onResolve({ filter: /^n8n-workflow$/ }, () => ({ path: 'n8n-workflow', external: true }));
  },
};
await buildQuietAboutGlue({
  ...common,
  entryPoints: [join(here, 'shared', 'client.ts')],
  outfile: join(dist, 'shared', 'client.js'),
  loader: { '.wasm': 'binary' },
  plugins: [clientForN8n],
});
if (excluded.runtimeTimers !== 1 || excluded.initSyncWarning !== 1) {
  throw new Error(`the client's runtime-timers.js was replaced ${excluded.runtimeTimers} times and initSync's warning dropped ${excluded.initSyncWarning} times, not once each: see the top of build.mjs`);
}
// An installed node has only dist/: the client must not look for files beside itself.
const bundled = readFileSync(join(dist, 'shared', 'client.js'), 'utf8');
for (const needle of ['__dirname', 'readFileSync', 'import.meta', 'import_meta', 'createRequire']) {
  if (bundled.includes(needle)) throw new Error(`dist/shared/client.js uses ${needle}: the client entry is not the embedded one`);
}

/**
 * esbuild's build, with its warnings printed except one: wasm-bindgen's import object in
 * the client's glue names some snippet modules more than once (one key per import of the
 * same module, each holding that module's namespace), which esbuild reports as
 * duplicate-object-key. Harmless and not ours to edit; scripts/build-pkg.mjs silences the
 * same warning for its own esbuild runs. Only that warning, and only in the client's files.
 */
async function buildQuietAboutGlue(options) {
  const result = await build({ ...options, absWorkingDir: here, logLevel: 'error' });
  const shown = result.warnings.filter((warning) =>
    !(warning.id === 'duplicate-object-key' && warning.location && inClient(join(here, warning.location.file))));
  if (shown.length) {
    for (const line of await formatMessages(shown, { kind: 'warning', color: process.stderr.isTTY })) process.stderr.write(line);
  }
  return result;
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
    'nodes/PublisherTrigger/PublisherTrigger.node': join(here, 'nodes', 'PublisherTrigger', 'PublisherTrigger.node.ts'),
    'credentials/PublisherApi.credentials': join(here, 'credentials', 'PublisherApi.credentials.ts'),
  },
  outdir: dist,
  plugins: [clientIsShared],
});

for (const [from, to] of [['nodes/Publisher', 'nodes/Publisher'], ['nodes/PublisherTrigger', 'nodes/PublisherTrigger'], ['icons', 'icons']]) {
  mkdirSync(join(dist, to), { recursive: true });
  for (const file of readdirSync(join(here, from))) {
    if (file.endsWith('.svg') || file.endsWith('.json')) cpSync(join(here, from, file), join(dist, to, file));
  }
}
