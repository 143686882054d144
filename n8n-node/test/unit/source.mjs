// A module of the node loaded from its TypeScript source, for tests of what the built
// node does not export (the operation registry). Bundled to CommonJS as build.mjs does:
// n8n-workflow and the client stay outside, the client being the built
// dist/shared/client.js that the node itself requires, so both share one client module.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const clientSource = new URL('../../shared/client', import.meta.url).pathname;
const builtClient = new URL('../../dist/shared/client.js', import.meta.url).pathname;

export async function loadSource(file) {
  const { build } = await import('esbuild');
  const { join } = await import('node:path');
  const clientIsBuilt = {
    name: 'client-is-built',
    setup(b) {
      b.onResolve({ filter: /client$/ }, (args) => (join(args.resolveDir, args.path) === clientSource ? { path: builtClient, external: true } : undefined));
      b.onResolve({ filter: /^n8n-workflow$/ }, () => ({ path: 'n8n-workflow', external: true }));
    },
  };
  const out = await build({
    entryPoints: [new URL(`../../${file}`, import.meta.url).pathname],
    bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'error', plugins: [clientIsBuilt],
  });
  const module = { exports: {} };
  new Function('require', 'module', 'exports', out.outputFiles[0].text)(require, module, module.exports);
  return module.exports;
}
