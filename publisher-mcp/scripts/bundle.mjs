// The published bin as one bundled file (esbuild): bin/publisher-mcp.js with the SDK, zod
// and the server's sources inlined, so that a start reads five files instead of
// resolving some hundred modules. publisher-wasm stays an import (its wasm is a file of
// its own, found from its package). What is imported only on demand (the HTTP server,
// the stdio transport, zod's JSON Schema reader for a tool's first call) stays a chunk
// of its own, loaded then. The library exports (`publisher-mcp`, `publisher-mcp/worker`)
// are not bundled: a Worker's bundler picks the SDK's and the client's `workerd` builds.
// The SDK's Node shims are replaced by scripts/bundle-shims.mjs, so that ajv too is a chunk
// loaded on demand (the first tool result), not evaluated at start-up. zod's messages in 60
// other languages are left out: it says everything in English (its default, `en`), and
// nothing here asks for another (`z.locales.xx`); they were a third of its chunk.
//   node publisher-mcp/scripts/bundle.mjs [OUTDIR] [--untrimmed]   writes OUTDIR/publisher-mcp.js and OUTDIR/chunks/
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
// esbuild is the repository's devDependency (package.json at the root).
const esbuild = createRequire(join(here, '..', 'package.json'))('esbuild');

const shims = join(here, 'scripts', 'bundle-shims.mjs');

/** `@modelcontextprotocol/server/_shims`, wherever the SDK imports it, as scripts/bundle-shims.mjs. */
const lazyValidator = {
  name: 'lazy-json-schema-validator',
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: shims }));
  },
};

/** zod's `locales/index.js` as English alone: `export { default as en } from './en.js'`. */
const englishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, ({ path, resolveDir, importer }) => (
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer) ? { path: join(resolveDir, path), namespace: 'zod-english-only' } : undefined
    ));
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(path), 'en.js'))};`,
      resolveDir: dirname(path),
      loader: 'js',
    }));
  },
};

/**
 * Bundles the bin into `outdir`; resolves with the files written and their bytes.
 * `trimmed: false` keeps the SDK's shims and zod's locales (what the trims buy, measured).
 */
export async function bundleBin(outdir, { trimmed = true } = {}) {
  const result = await esbuild.build({
    absWorkingDir: here,
    entryPoints: { 'publisher-mcp': join(here, 'bin', 'publisher-mcp.js') },
    outdir: resolve(outdir),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['publisher-wasm', 'publisher-wasm/*'],
    plugins: trimmed ? [lazyValidator, englishOnly] : [],
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    // The bundled packages' licence comments, in a file beside each output.
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.entries(result.metafile.outputs).map(([path, { bytes }]) => ({ path: resolve(here, path), bytes }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outdir = join(here, 'dist')] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  for (const { path, bytes } of await bundleBin(outdir, { trimmed: !process.argv.includes('--untrimmed') })) console.log(`${path}\t${bytes}`);
}
