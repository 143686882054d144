// Package figures for each way of loading the wasm: sizes (the .wasm, the npm pack
// tarball, a browser bundle of each entry, raw and gzip -9) and load time from a fresh
// start to the first usable Publisher, in Node (import, require, the embedded entry)
// and in headless Chromium (a bundled page per entry, and the wasm's compile and
// instantiate times on their own); the same for
// publisher-wasm/markdown (the wasm with the Markdown parser) beside the main entry. Prints figures; asserts nothing.
// `--before DIR` measures another build too (e.g. the previous release's pkg/),
// interleaving the samples so that both see the same machine load.
//   npm run build && node benches/package.mjs [--runs 15] [--before DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../js-tests/browser/static-server.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 15));
const builds = [['now', join(root, 'pkg')]];
if (option('--before')) builds.unshift(['before', resolve(option('--before'))]);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
const figure = (build, what, value) => rows.push({ build, what, value });
const work = mkdtempSync(join(tmpdir(), 'publisher-wasm-bench-'));
const esbuild = await import(pathToFileURL(join(root, 'node_modules', 'esbuild', 'lib', 'main.js')).href);

// ---- per build: a project that sees it by name, its sizes and its bundles ----
const nodeProbes = [];
const pageProbes = [];
const wasmProbes = [];
for (const [build, pkg] of builds) {
  const project = join(work, build);
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  symlinkSync(pkg, join(project, 'node_modules', 'publisher-wasm'));
  const wasm = readFileSync(join(pkg, 'publisher_wasm_bg.wasm'));
  figure(build, 'wasm', `${kb(wasm.length)} raw, ${kb(gz(wasm))} gzip -9`);
  const markdown = existsSync(join(pkg, 'markdown', 'publisher_wasm_bg.wasm'));
  if (markdown) {
    const markdownWasm = readFileSync(join(pkg, 'markdown', 'publisher_wasm_bg.wasm'));
    figure(build, 'wasm of publisher-wasm/markdown', `${kb(markdownWasm.length)} raw, ${kb(gz(markdownWasm))} gzip -9 (+${kb(markdownWasm.length - wasm.length)} raw, +${kb(gz(markdownWasm) - gz(wasm))} gzip -9)`);
  }
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', pkg], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  figure(build, 'npm pack', `${kb(pack.size)} packed, ${kb(pack.unpackedSize)} unpacked, ${pack.entryCount} files`);

  const embedded = existsSync(join(pkg, 'embedded.cjs'));
  const time = (load) => `const t0 = performance.now();
const { Publisher } = ${load};
new Publisher({ apiKey: 'k' });
process.stdout.write(String(performance.now() - t0));`;
  nodeProbes.push({ build, what: 'Node import → first Publisher', cwd: project, args: ['--input-type=module', '-e', time("await import('publisher-wasm')")] });
  nodeProbes.push({ build, what: 'Node require → first Publisher', cwd: project, args: ['-e', time("require('publisher-wasm')")] });
  if (embedded) nodeProbes.push({ build, what: 'Node require of publisher-wasm/embedded → first Publisher', cwd: project, args: ['-e', time("require('publisher-wasm/embedded')")] });
  if (markdown) {
    nodeProbes.push({ build, what: 'Node import of publisher-wasm/markdown → first Publisher', cwd: project, args: ['--input-type=module', '-e', time("await import('publisher-wasm/markdown')")] });
    nodeProbes.push({ build, what: 'Node require of publisher-wasm/markdown → first Publisher', cwd: project, args: ['-e', time("require('publisher-wasm/markdown')")] });
    nodeProbes.push({ build, what: 'Node require of publisher-wasm/markdown/embedded → first Publisher', cwd: project, args: ['-e', time("require('publisher-wasm/markdown/embedded')")] });
  }

  // Browser bundles (esbuild --minify): the default entry, and the .wasm-file entry.
  const entries = embedded
    ? [['default entry (wasm embedded)', 'publisher-wasm'], ['publisher-wasm/web (.wasm.gz file, also webpack\'s)', 'publisher-wasm/web']]
    : [['default entry (.wasm file)', 'publisher-wasm']];
  if (markdown) {
    entries.push(['publisher-wasm/markdown (wasm embedded)', 'publisher-wasm/markdown'],
      ['publisher-wasm/markdown/web (.wasm.gz file, also webpack\'s)', 'publisher-wasm/markdown/web']);
  }
  for (const [label, specifier] of entries) {
    const name = `page${pageProbes.length}`;
    const dir = join(work, 'pages', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(project, `${name}.js`), `import { Publisher } from '${specifier}';
new Publisher({ apiKey: 'k' });
window.__loaded = performance.now();`);
    await esbuild.build({ entryPoints: [join(project, `${name}.js`)], bundle: true, minify: true, format: 'esm', outfile: join(dir, 'app.js'), logLevel: 'silent', absWorkingDir: project });
    const js = readFileSync(join(dir, 'app.js'));
    // esbuild does not copy a .wasm found through new URL(…, import.meta.url): the page
    // gets it beside the bundle, as a bundler that does (vite, webpack) would put it.
    const fileName = ['publisher_wasm_bg.wasm.gz', 'publisher_wasm_bg.wasm'].find((file) => js.includes(file));
    const separate = fileName ? readFileSync(join(pkg, specifier.includes('markdown') ? 'markdown' : '', fileName)) : null;
    if (separate) writeFileSync(join(dir, fileName), separate);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./app.js"></script>');
    figure(build, `browser bundle, ${label}`, separate
      ? `JS ${kb(js.length)} + ${fileName.replace('publisher_wasm_bg', '')} ${kb(separate.length)} = ${kb(js.length + separate.length)} as served; ${kb(gz(js) + Math.min(gz(separate), separate.length))} gzip -9`
      : `JS ${kb(js.length)} raw; ${kb(gz(js))} gzip -9`);
    pageProbes.push({ build, what: `Chromium, ${label}: navigation → first Publisher`, path: `/pages/${name}/index.html` });
  }

  // The wasm alone in a page: its bytes fetched first (not timed), then compiled, then
  // instantiated through publisher-wasm/init (the glue's imports and start), then the
  // first Publisher.
  const name = `wasm${wasmProbes.length}`;
  const dir = join(work, 'pages', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(project, `${name}.js`), `import { init, Publisher } from 'publisher-wasm/init';
const bytes = await (await fetch('./publisher_wasm_bg.wasm')).arrayBuffer();
const t0 = performance.now();
const module = await WebAssembly.compile(bytes);
const t1 = performance.now();
await init(module);
const t2 = performance.now();
new Publisher({ apiKey: 'k' });
const t3 = performance.now();
window.__timings = { compile: t1 - t0, instantiate: t2 - t1, publisher: t3 - t2 };`);
  await esbuild.build({ entryPoints: [join(project, `${name}.js`)], bundle: true, minify: true, format: 'esm', outfile: join(dir, 'app.js'), logLevel: 'silent', absWorkingDir: project });
  writeFileSync(join(dir, 'publisher_wasm_bg.wasm'), wasm);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./app.js"></script>');
  wasmProbes.push({ build, path: `/pages/${name}/index.html` });
}

// ---- load times, interleaved across builds and probes ----
const samples = new Map();
const add = (probe, ms) => samples.set(probe, [...(samples.get(probe) ?? []), ms]);
for (let i = 0; i < runs; i += 1) {
  for (const probe of nodeProbes) add(probe, Number(execFileSync(process.execPath, probe.args, { cwd: probe.cwd, encoding: 'utf8' })));
}
const pages = await startStaticServer(work, ['pages']);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  // Each page sets its figure on window when done: a load time, or the wasm's timings.
  const probesWithResult = [...pageProbes.map((probe) => [probe, '__loaded']), ...wasmProbes.map((probe) => [probe, '__timings'])];
  for (let i = 0; i < runs; i += 1) {
    for (const [probe, result] of probesWithResult) {
      // A fresh context each time: nothing cached, no compiled code kept.
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`${pages.url}${probe.path}`);
      add(probe, await (await tab.waitForFunction((name) => window[name], result, { timeout: 30_000 })).jsonValue());
      await context.close();
    }
  }
} finally {
  await browser.close();
  await pages.close();
  rmSync(work, { recursive: true, force: true });
}
for (const probe of [...nodeProbes, ...pageProbes]) {
  figure(probe.build, probe.what, `${median(samples.get(probe)).toFixed(1)} ms (median of ${runs})`);
}
for (const probe of wasmProbes) {
  const of = (key) => median(samples.get(probe).map((t) => t[key])).toFixed(1);
  figure(probe.build, 'Chromium, wasm compile (WebAssembly.compile of the bytes)', `${of('compile')} ms (median of ${runs})`);
  figure(probe.build, 'Chromium, wasm instantiate (publisher-wasm/init with the module)', `${of('instantiate')} ms (median of ${runs})`);
  figure(probe.build, 'Chromium, then the first Publisher', `${of('publisher')} ms (median of ${runs})`);
}

console.log(`Node ${process.version}, Chromium ${browser.version()}; ${runs} fresh processes / browser contexts per figure\n`);
console.log('| build | figure | value |\n|---|---|---|');
for (const { build, what, value } of rows) console.log(`| ${build} | ${what} | ${value} |`);
