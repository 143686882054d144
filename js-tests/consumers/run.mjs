// The consumer matrix: the packed tarball installed once into a throwaway project, then
// used the way each kind of user would — Node 20/22/24 (import and require), Deno with
// network permission only, Bun, Cloudflare workerd through wrangler, pages built by
// vite, webpack, esbuild and rollup and a page with no bundler in headless Chromium,
// import and require mixed in one process, and tsc in every module mode with no DOM
// lib or @types/node. Each row runs check.mjs (list, 404, publish) against the local
// service and fails the run when any step fails.
//   node js-tests/consumers/run.mjs [--only substring]
import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { spawnLocalService } from '../../local-service/index.mjs';
import { startStaticServer } from '../browser/static-server.mjs';
import { tools as consumerTools } from './tools.mjs';

const execFile = promisify(execFileCallback);
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
const STEPS = ['list', '404', 'publish'];

const tools = consumerTools();
const project = mkdtempSync(join(tmpdir(), 'publisher-wasm-consumers-'));
const write = (path, text) => {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
};
const importTool = (name, file = '') => import(pathToFileURL(join(tools.modules, name, file)).href);
const moduleEntry = (name) => {
  const manifest = JSON.parse(readFileSync(join(tools.modules, name, 'package.json'), 'utf8'));
  const dot = manifest.exports?.['.'];
  const entry = typeof dot === 'string' ? dot : dot?.import ?? dot?.default ?? manifest.module ?? manifest.main;
  return typeof entry === 'string' ? entry : entry.default;
};

// ---- the throwaway project: the tarball installed once, one folder per consumer ----
execFileSync('npm', ['pack', join(root, 'pkg'), '--pack-destination', project], { stdio: 'pipe' });
const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
write('package.json', JSON.stringify({ name: 'consumers', private: true }));
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', '--loglevel=error', join(project, tarball)], { cwd: project, stdio: 'pipe' });
cpSync(join(here, 'check.mjs'), join(project, 'check.mjs'));
write('shared/check.mjs', readFileSync(join(here, 'check.mjs'), 'utf8'));

const params = (service) => JSON.stringify({ url: service.url, apiKey: service.apiKey });
write('esm/package.json', JSON.stringify({ type: 'module' }));
write('esm/main.js', `import * as publisher from 'publisher-wasm';
import { check } from '../check.mjs';
const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
console.log(JSON.stringify(await check(publisher, JSON.parse(args[0]))));
`);
write('cjs/package.json', JSON.stringify({ type: 'commonjs' }));
write('cjs/main.js', `const publisher = require('publisher-wasm');
import('../check.mjs').then(async ({ check }) => {
  console.log(JSON.stringify(await check(publisher, JSON.parse(process.argv[2]))));
});
`);
// A workflow host loading plugins of both kinds: one wasm instance, one set of classes.
write('mixed/package.json', JSON.stringify({ type: 'module' }));
write('mixed/main.js', `import { createRequire } from 'node:module';
import * as imported from 'publisher-wasm';
import { check } from '../check.mjs';
const required = createRequire(import.meta.url)('publisher-wasm');
const same = ['Publisher', 'PublisherError', 'NoteBuilder', 'PublisherNotes'].filter((name) => imported[name] === required[name]);
const options = JSON.parse(process.argv[2]);
// The client comes from import; the classes checked against, from require.
const result = await check({ Publisher: imported.Publisher, PublisherError: required.PublisherError, NoteBuilder: required.NoteBuilder }, options);
let crossed = 'no error';
try { new required.Publisher({ apiKey: '' }); } catch (error) { crossed = error instanceof imported.PublisherError ? 'ok' : 'not an instance'; }
result.identity = same.length === 4 && crossed === 'ok' ? 'ok' : \`FAILED: identical \${same.join(',')}; a require error instanceof the import class: \${crossed}\`;
console.log(JSON.stringify(result));
`);

// publisher-wasm/markdown, in a process that loads the main entry too: import and require
// of the Markdown entry give one module, a wasm instance apart from the main entry's.
write('esm/markdown.js', `import * as publisher from 'publisher-wasm/markdown';
import { check } from '../check.mjs';
const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
console.log(JSON.stringify(await check(publisher, JSON.parse(args[0]))));
`);
write('cjs/markdown.js', `const publisher = require('publisher-wasm/markdown');
import('../check.mjs').then(async ({ check }) => {
  console.log(JSON.stringify(await check(publisher, JSON.parse(process.argv[2]))));
});
`);
write('mixed/markdown.js', `import { createRequire } from 'node:module';
import * as imported from 'publisher-wasm/markdown';
import * as main from 'publisher-wasm';
import { check } from '../check.mjs';
const required = createRequire(import.meta.url)('publisher-wasm/markdown');
const names = ['Publisher', 'PublisherError', 'NoteBuilder', 'PublisherNotes', 'markdownToNoteBody', 'markdownToPostBody'];
const same = names.filter((name) => imported[name] === required[name]);
const result = await check({ ...imported, PublisherError: required.PublisherError, NoteBuilder: required.NoteBuilder }, JSON.parse(process.argv[2]));
const apart = main.Publisher !== imported.Publisher && !('markdownToNoteBody' in main);
result.identity = same.length === names.length && apart ? 'ok' : \`FAILED: identical \${same.join(',')}; apart from the main entry: \${apart}\`;
console.log(JSON.stringify(result));
`);

// A custom loader: nothing loads until the program hands the wasm to init().
write('esm/init.js', `import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as publisher from 'publisher-wasm/init';
import { check } from '../check.mjs';
const wasm = createRequire(import.meta.url).resolve('publisher-wasm/publisher_wasm_bg.wasm');
await publisher.init(await WebAssembly.compile(await readFile(wasm)));
console.log(JSON.stringify(await check(publisher, JSON.parse(process.argv[2]))));
`);
write('esm/markdown-init.js', `import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as publisher from 'publisher-wasm/markdown/init';
import { check } from '../check.mjs';
const wasm = createRequire(import.meta.url).resolve('publisher-wasm/markdown/publisher_wasm_bg.wasm');
await publisher.init(await readFile(wasm));
console.log(JSON.stringify(await check(publisher, JSON.parse(process.argv[2]))));
`);

async function runProgram(command, args, cwd) {
  const { stdout } = await execFile(command, args, { cwd: join(project, cwd), encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  const line = stdout.trim().split('\n').pop();
  return JSON.parse(line);
}

// ---- Cloudflare Workers: wrangler's own bundling and its local workerd ----
const workerSource = `import * as publisher from 'publisher-wasm';
import { check } from '../check.mjs';
export default {
  async fetch(request) {
    const options = JSON.parse(new URL(request.url).searchParams.get('options'));
    return Response.json(await check(publisher, options));
  },
};
`;
write('worker/index.js', workerSource);
write('worker/wrangler.toml', 'name = "publisher-wasm-consumer"\nmain = "index.js"\ncompatibility_date = "2025-09-01"\n');
write('worker-compat/index.js', workerSource);
write('worker-compat/wrangler.toml', 'name = "publisher-wasm-consumer-compat"\nmain = "index.js"\ncompatibility_date = "2025-09-01"\ncompatibility_flags = ["nodejs_compat"]\n');
write('worker-run.mjs', `const { unstable_startWorker } = await import(${JSON.stringify(pathToFileURL(tools.wrangler).href)});
const [config, options] = process.argv.slice(2);
const worker = await unstable_startWorker({ config, dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, logLevel: 'error' } });
try {
  const response = await worker.fetch('http://worker.local/?options=' + encodeURIComponent(options));
  const text = await response.text();
  console.log(response.ok ? text : JSON.stringify({ list: 'FAILED: ' + response.status + ' ' + text.slice(0, 300) }));
} finally {
  await worker.dispose();
}
`);
write('worker-markdown/index.js', workerSource.replace("from 'publisher-wasm'", "from 'publisher-wasm/markdown'"));
write('worker-markdown/wrangler.toml', 'name = "publisher-wasm-consumer-markdown"\nmain = "index.js"\ncompatibility_date = "2025-09-01"\n');
const runWorker = (service, dir) => runProgram(tools.node24, ['worker-run.mjs', `${dir}/wrangler.toml`, params(service)], '.');

// ---- browser pages: bundled four ways, and none ----
const appSource = `import * as publisher from 'publisher-wasm';
import { check } from '../check.mjs';
const options = JSON.parse(new URLSearchParams(location.search).get('options'));
check(publisher, { ...options, browser: true }).then((result) => { window.__result = result; }, (error) => { window.__result = { list: 'FAILED: ' + error }; });
`;
const page = (script) => `<!doctype html><meta charset="utf-8"><title>consumer</title>${script}\n`;
write('web/app.js', appSource);
write('web/index.html', page('<script type="module" src="./app.js"></script>'));
write('web-markdown/app.js', appSource.replace("from 'publisher-wasm'", "from 'publisher-wasm/markdown'"));
write('web-markdown/index.html', page('<script type="module" src="./app.js"></script>'));
// A CommonJS consumer bundled for the browser: require, no import.
write('web-cjs/package.json', JSON.stringify({ type: 'commonjs' }));
write('web-cjs/app.js', `const publisher = require('publisher-wasm');
const { check } = require('../check.cjs');
const options = JSON.parse(new URLSearchParams(location.search).get('options'));
check(publisher, { ...options, browser: true }).then((result) => { window.__result = result; }, (error) => { window.__result = { list: 'FAILED: ' + error }; });
`);
write('check.cjs', readFileSync(join(here, 'check.mjs'), 'utf8').replace('export async function check', 'async function check') + '\nmodule.exports = { check };\n');
const noBundler = (entry) => page(`<script type="importmap">{ "imports": { "publisher-wasm": "/node_modules/publisher-wasm/${entry}" } }</script>
<script type="module">${appSource.replace("'../check.mjs'", "'/shared/check.mjs'")}</script>`);
write('nobundler/embedded.html', noBundler('embedded.js'));
write('nobundler/web.html', noBundler('index.js'));
write('nobundler/markdown-embedded.html', noBundler('markdown/embedded.js'));
write('nobundler/markdown-web.html', noBundler('markdown/index.js'));

/** Builds the page of `app` (web/ or web-markdown/) with bundler `name` into dist/. */
async function bundleWith(name, app = 'web') {
  const out = join(project, 'dist', app === 'web' ? name : `${name}-${app}`);
  mkdirSync(out, { recursive: true });
  const warnings = [];
  if (name === 'vite') {
    const { build } = await importTool('vite', moduleEntry('vite'));
    const record = (message) => warnings.push(message);
    const customLogger = { info() {}, warn: record, warnOnce: record, error: record, clearScreen() {}, hasErrorLogged: () => false, hasWarned: false };
    await build({ root: join(project, app), logLevel: 'warn', customLogger, configFile: false, base: './', build: { outDir: out, emptyOutDir: true } });
    return { html: 'index.html', warnings };
  }
  if (name === 'webpack') {
    const webpack = (await importTool('webpack', 'lib/index.js')).default;
    const stats = await new Promise((resolve, reject) => webpack({
      mode: 'production', target: 'web', context: project, entry: `./${app}/app.js`,
      output: { path: out, filename: 'main.js', publicPath: 'auto' },
    }, (error, result) => (error ? reject(error) : resolve(result))));
    const info = stats.toJson({ all: false, errors: true, warnings: true });
    if (stats.hasErrors()) throw new Error(info.errors.map((e) => e.message).join('\n'));
    warnings.push(...info.warnings.map((w) => w.message.split('\n')[0]));
    writeFileSync(join(out, 'index.html'), page('<script src="./main.js"></script>'));
    return { html: 'index.html', warnings };
  }
  if (name.startsWith('esbuild')) {
    const esbuild = await import(pathToFileURL(join(root, 'node_modules', 'esbuild', 'lib', 'main.js')).href);
    const format = { 'esbuild-esm': 'esm', 'esbuild-iife': 'iife', 'esbuild-cjs': undefined }[name];
    const entry = name === 'esbuild-cjs' ? join(project, 'web-cjs', 'app.js') : join(project, app, 'app.js');
    const result = await esbuild.build({ entryPoints: [entry], bundle: true, format, outfile: join(out, 'app.js'), logLevel: 'silent', minify: true });
    warnings.push(...result.warnings.map((w) => w.text));
    writeFileSync(join(out, 'index.html'), page(format === 'esm' ? '<script type="module" src="./app.js"></script>' : '<script src="./app.js"></script>'));
    return { html: 'index.html', warnings };
  }
  if (name === 'rollup') {
    const { rollup } = await importTool('rollup', 'dist/es/rollup.js');
    const { nodeResolve } = await importTool('@rollup/plugin-node-resolve', 'dist/es/index.js');
    const bundle = await rollup({ input: join(project, app, 'app.js'), plugins: [nodeResolve({ browser: true })], onwarn: (w) => warnings.push(w.message) });
    await bundle.write({ dir: out, format: 'es' });
    await bundle.close();
    writeFileSync(join(out, 'index.html'), page('<script type="module" src="./app.js"></script>'));
    return { html: 'index.html', warnings };
  }
  throw new Error(`no bundler ${name}`);
}

let browser;
let pages;
async function runPage(service, path, origin = pages.url) {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('requestfailed', (request) => errors.push(`${request.url()} failed`));
  tab.on('response', (response) => { if (response.status() >= 400 && !response.url().startsWith(service.url)) errors.push(`${response.url()}: ${response.status()}`); });
  try {
    await tab.goto(`${origin}/${path}?options=${encodeURIComponent(params(service))}`);
    await tab.waitForFunction(() => window.__result, null, { timeout: 30_000 }).catch(() => {
      throw new Error(`the page never finished: ${errors.join('; ') || 'no error reported'}`);
    });
    return await tab.evaluate(() => window.__result);
  } finally {
    await tab.close();
  }
}

// ---- tsc in each module mode, with lib es2022 and no @types ----
const typeUse = `import { NoteBuilder, Publisher, PublisherError } from 'publisher-wasm';
import type { PublisherConfig, PublisherPost } from 'publisher-wasm';
const config: PublisherConfig = { apiKey: 'k', timeoutMs: 1000 };
const client = new Publisher(config);
export async function titles(): Promise<string[]> {
  const posts: PublisherPost[] = await client.getPosts({ limit: 3 });
  return posts.map((post) => post.title);
}
export function statusOf(error: unknown): number | undefined {
  return error instanceof PublisherError ? error.status : undefined;
}
export const builder: NoteBuilder = client.note('typed');
// publisher-wasm/markdown: its client has the main entry's types, plus markdownToNoteBody.
import { Publisher as MarkdownPublisher, markdownToNoteBody } from 'publisher-wasm/markdown';
const markdownClient: Publisher = new MarkdownPublisher(config);
export const body: string = markdownToNoteBody('**typed**');
export const fromMarkdown: NoteBuilder = markdownClient.note('x').markdown('- a');
`;
const typeModes = {
  'node16 ESM (.mts)': { file: 'use.mts', options: { module: 'node16', moduleResolution: 'node16' } },
  'node16 CommonJS (.cts)': { file: 'use.cts', options: { module: 'node16', moduleResolution: 'node16' } },
  'nodenext ESM (.mts)': { file: 'use.mts', options: { module: 'nodenext', moduleResolution: 'nodenext' } },
  'nodenext CommonJS (.cts)': { file: 'use.cts', options: { module: 'nodenext', moduleResolution: 'nodenext' } },
  'bundler (.ts)': { file: 'use.ts', options: { module: 'esnext', moduleResolution: 'bundler' } },
  'commonjs (.ts)': { file: 'use.ts', options: { module: 'commonjs', moduleResolution: 'node10' } },
  'nodenext ESM, lib es2022 + DOM: the DOM fetch as the fetch option': { file: 'dom.mts', options: { module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'] } },
};
// The explicit-init entry is ESM only: its types are checked where ESM is written.
const initUse = `import { init, initSync } from 'publisher-wasm/init';
export const loaders: [typeof init, typeof initSync] = [init, initSync];
export async function load(bytes: Uint8Array): Promise<void> { await init(bytes); }
`;
write('types/dom.mts', `${typeUse}
new Publisher({ apiKey: 'k', fetch, signal: new AbortController().signal });
new Publisher({ apiKey: 'k', fetch: (url, init) => fetch(url, init) });
`);
for (const file of ['use.mts', 'use.cts', 'use.ts']) write(`types/${file}`, file === 'use.cts' ? typeUse : `${typeUse}${initUse}`);
async function typeCheck(name) {
  const { file, options } = typeModes[name];
  const dir = join(project, 'types', name.replace(/[^a-z0-9]+/gi, '-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', lib: ['es2022'], types: [], skipLibCheck: false, ...options },
    files: [join('..', file)],
  }));
  try {
    await execFile(join(root, 'node_modules', '.bin', 'tsc'), ['-p', dir], { cwd: dir, encoding: 'utf8' });
    return 'ok';
  } catch (error) {
    return `FAILED: ${(error.stdout || error.message).trim().split('\n').slice(0, 4).join(' | ')}`;
  }
}

// ---- the rows ----
const nodeVersion = (path) => execFileSync(path, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
const denoPath = join(root, 'node_modules', '.bin', 'deno');
const denoVersion = execFileSync(denoPath, ['--version'], { encoding: 'utf8' }).split('\n')[0].split(' ')[1];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const esbuildVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;
const tscVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'typescript', 'package.json'), 'utf8')).version;
const v = tools.versions;

const rows = [];
const row = (where, tool, run) => rows.push({ where, tool, run });
for (const [label, path] of [['20', process.execPath], ['22', tools.node22], ['24', tools.node24]]) {
  const version = `Node ${nodeVersion(path)}`;
  row(`Node ${label}, import`, version, (service) => runProgram(path, ['main.js', params(service)], 'esm'));
  row(`Node ${label}, require`, version, (service) => runProgram(path, ['main.js', params(service)], 'cjs'));
  row(`Node ${label}, import + require in one process`, version, (service) => runProgram(path, ['main.js', params(service)], 'mixed'));
}
// A workflow node bundled into one file with the wasm inside (as n8n community nodes
// may be): publisher-wasm/embedded through esbuild, run far from any node_modules.
write('n8n-like/package.json', JSON.stringify({ type: 'commonjs' }));
write('n8n-like/main.js', `const publisher = require('publisher-wasm/embedded');
const { check } = require('../check.cjs');
check(publisher, JSON.parse(process.argv[2])).then((result) => console.log(JSON.stringify(result)));
`);
row('Node 24, require of publisher-wasm/embedded bundled into one file (esbuild --platform=node)', `Node ${nodeVersion(tools.node24)}; esbuild ${esbuildVersion}`, async (service) => {
  const esbuild = await import(pathToFileURL(join(root, 'node_modules', 'esbuild', 'lib', 'main.js')).href);
  const alone = mkdtempSync(join(tmpdir(), 'publisher-wasm-one-file-'));
  try {
    await esbuild.build({ entryPoints: [join(project, 'n8n-like', 'main.js')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: join(alone, 'node.js'), logLevel: 'silent' });
    const bundle = readFileSync(join(alone, 'node.js'), 'utf8');
    const result = await runProgram(tools.node24, [join(alone, 'node.js'), params(service)], '.');
    result.identity = /__dirname|node:fs|readFileSync/.test(bundle) ? 'FAILED: the bundle reads files' : 'ok';
    return result;
  } finally {
    rmSync(alone, { recursive: true, force: true });
  }
});
row('Node 20, publisher-wasm/init with the wasm compiled by the program', `Node ${nodeVersion(process.execPath)}`, (service) =>
  runProgram(process.execPath, ['init.js', params(service)], 'esm'));
row('Deno, --allow-net only', `Deno ${denoVersion}`, (service) =>
  runProgram(denoPath, ['run', '--no-lock', '--allow-net=127.0.0.1', 'main.js', params(service)], 'esm'));
row('Bun, import', `Bun ${v.bun}`, (service) => runProgram(tools.bun, ['main.js', params(service)], 'esm'));
row('Bun, require', `Bun ${v.bun}`, (service) => runProgram(tools.bun, ['main.js', params(service)], 'cjs'));
row('Bun, import + require in one process', `Bun ${v.bun}`, (service) => runProgram(tools.bun, ['main.js', params(service)], 'mixed'));
row('Cloudflare Workers (local workerd)', `wrangler ${v.wrangler}, workerd ${v.workerd}`, (service) => runWorker(service, 'worker'));
row('Cloudflare Workers, nodejs_compat', `wrangler ${v.wrangler}, workerd ${v.workerd}`, (service) => runWorker(service, 'worker-compat'));
const bundled = (name, tool, app = 'web') => row(`${app === 'web' ? '' : 'publisher-wasm/markdown, '}${name} build, page in Chromium`, tool, async (service) => {
  const { html, warnings } = await bundleWith(name, app);
  const result = await runPage(service, `dist/${app === 'web' ? name : `${name}-${app}`}/${html}`);
  // Working with no extra configuration includes building without a warning.
  result.build = warnings.length === 0 ? 'ok' : `FAILED: ${warnings.length} warning(s): ${warnings.join(' | ')}`;
  return result;
});
bundled('vite', `vite ${v.vite}`);
row('vite dev server, page in Chromium', `vite ${v.vite}`, async (service) => {
  const { createServer } = await importTool('vite', moduleEntry('vite'));
  const server = await createServer({ root: join(project, 'web'), logLevel: 'error', configFile: false, server: { host: '127.0.0.1', port: 0, strictPort: false, fs: { allow: [project] } } });
  await server.listen();
  try {
    return await runPage(service, 'index.html', server.resolvedUrls.local[0].replace(/\/$/, ''));
  } finally {
    await server.close();
  }
});
bundled('webpack', `webpack ${v.webpack}`);
bundled('esbuild-esm', `esbuild ${esbuildVersion} --format=esm`);
bundled('esbuild-iife', `esbuild ${esbuildVersion} --format=iife`);
bundled('esbuild-cjs', `esbuild ${esbuildVersion}, "type": "commonjs" + require`);
bundled('rollup', `rollup ${v.rollup} + node-resolve ${v['@rollup/plugin-node-resolve']}`);
row('page without a bundler in Chromium (import map → embedded.js)', 'Chromium', (service) => runPage(service, 'nobundler/embedded.html'));
row('page without a bundler in Chromium (import map → publisher-wasm/web)', 'Chromium', (service) => runPage(service, 'nobundler/web.html'));
// publisher-wasm/markdown: every kind of entry once (its rows also publish Markdown).
const markdownRow = (where, tool, run) => row(`publisher-wasm/markdown, ${where}`, tool, async (service) => {
  const result = await run(service);
  result.markdown ??= 'FAILED: the entry exports no markdownToNoteBody';
  return result;
});
markdownRow('Node 20, import + require in one process beside the main entry', `Node ${nodeVersion(process.execPath)}`, (service) =>
  runProgram(process.execPath, ['markdown.js', params(service)], 'mixed'));
markdownRow('Node 24, require', `Node ${nodeVersion(tools.node24)}`, (service) => runProgram(tools.node24, ['markdown.js', params(service)], 'cjs'));
markdownRow('Node 20, publisher-wasm/markdown/init', `Node ${nodeVersion(process.execPath)}`, (service) =>
  runProgram(process.execPath, ['markdown-init.js', params(service)], 'esm'));
markdownRow('Deno, --allow-net only', `Deno ${denoVersion}`, (service) =>
  runProgram(denoPath, ['run', '--no-lock', '--allow-net=127.0.0.1', 'markdown.js', params(service)], 'esm'));
markdownRow('Bun, import', `Bun ${v.bun}`, (service) => runProgram(tools.bun, ['markdown.js', params(service)], 'esm'));
markdownRow('Cloudflare Workers (local workerd)', `wrangler ${v.wrangler}, workerd ${v.workerd}`, (service) => runWorker(service, 'worker-markdown'));
for (const [name, tool] of [['vite', `vite ${v.vite}`], ['webpack', `webpack ${v.webpack}`], ['esbuild-iife', `esbuild ${esbuildVersion} --format=iife`]]) {
  markdownRow(`${name} build, page in Chromium`, tool, async (service) => {
    const { html, warnings } = await bundleWith(name, 'web-markdown');
    const result = await runPage(service, `dist/${name}-web-markdown/${html}`);
    // The Markdown wasm's .wasm.gz (173 KiB) is under webpack's 244 KiB asset hint: any
    // warning, from any bundler, fails.
    result.build = warnings.length === 0 ? 'ok' : `FAILED: ${warnings.length} warning(s): ${warnings.join(' | ')}`;
    return result;
  });
}
markdownRow('page without a bundler in Chromium (import map → markdown/embedded.js)', 'Chromium', (service) => runPage(service, 'nobundler/markdown-embedded.html'));
markdownRow('page without a bundler in Chromium (import map → publisher-wasm/markdown/web)', 'Chromium', (service) => runPage(service, 'nobundler/markdown-web.html'));
for (const name of Object.keys(typeModes)) {
  row(`tsc ${name}${typeModes[name].options.lib ? '' : ', lib es2022'}, no @types`, `TypeScript ${tscVersion}`, async () => {
    const verdict = await typeCheck(name);
    return { types: verdict };
  });
}

// ---- run ----
const service = await spawnLocalService({ seed: 5, posts: 30 });
pages = await startStaticServer(project, ['dist', 'nobundler', 'node_modules', 'shared']);
browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const chromiumVersion = browser.version();
let passed = 0;
let failed = 0;
const table = [];
try {
  for (const { where, tool, run } of rows) {
    if (only && !where.toLowerCase().includes(only.toLowerCase())) continue;
    const started = Date.now();
    let result;
    try {
      result = await run(service);
    } catch (error) {
      result = { list: `FAILED: ${error.message.split('\n').slice(0, 6).join(' | ')}` };
    }
    const steps = 'types' in result ? ['types'] : STEPS.concat(['identity', 'build', 'markdown'].filter((step) => step in result));
    const good = steps.every((step) => result[step] === 'ok');
    const toolName = tool === 'Chromium' ? `Chromium ${chromiumVersion}` : where.includes('Chromium') ? `${tool}; Chromium ${chromiumVersion}` : tool;
    table.push({ where, tool: toolName, result, steps, good, ms: Date.now() - started });
    if (good) passed += 1;
    else failed += 1;
    console.log(`${good ? 'ok' : 'not ok'} - ${where} (${toolName}) ${Date.now() - started} ms`);
    if (!good) console.log(`  ${JSON.stringify(result)}`);
  }
} finally {
  await browser.close();
  await pages.close();
  await service.close();
  rmSync(project, { recursive: true, force: true });
}

const mark = (value) => (value === undefined ? '—' : value === 'ok' ? 'ok' : 'FAIL');
console.log('\n| where | tool | list | 404 | publish | other |\n|---|---|---|---|---|---|');
for (const { where, tool, result } of table) {
  const other = result.types !== undefined ? `types ${mark(result.types)}`
    : result.identity === undefined ? ''
      : where.includes('one file') ? `no file read ${mark(result.identity)}` : `one identity ${mark(result.identity)}`;
  const notes = [result.build === undefined ? '' : `build without warnings ${mark(result.build)}`,
    result.markdown === undefined ? '' : `Markdown ${mark(result.markdown)}`].filter(Boolean).join('; ');
  console.log(`| ${where} | ${tool} | ${mark(result.list)} | ${mark(result['404'])} | ${mark(result.publish)} | ${[other, notes].filter(Boolean).join('; ')} |`);
}
console.log(`\nconsumers: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
