// The package as npm packs it: `npm pack` of pkg/, installed into a throwaway project,
// and its layout checked, for the main entries and for publisher-wasm/markdown's
// (markdown/, the same entries over a wasm with the Markdown parser). Loading it in each runtime and bundler is the consumer
// matrix's job (js-tests/consumers/run.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, inflateRawSync } from 'node:zlib';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const project = mkdtempSync(join(tmpdir(), 'publisher-wasm-tarball-'));
const installed = join(project, 'node_modules', 'publisher-wasm');
const read = (file) => readFileSync(join(installed, file), 'utf8');
let manifest;
let tarball;
/** The folders of the two wasm builds and their entries. */
const BUILDS = ['', 'markdown/'];

before(() => {
  execFileSync('npm', ['pack', join(root, 'pkg'), '--pack-destination', project], { stdio: 'pipe' });
  tarball = join(project, readdirSync(project).find((name) => name.endsWith('.tgz')));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'throwaway', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: project, stdio: 'pipe' });
  manifest = JSON.parse(read('package.json'));
});
after(() => rmSync(project, { recursive: true, force: true }));

/** Every object of conditions in the exports map, with its path. */
function conditionObjects(value, path = 'exports', found = []) {
  if (value && typeof value === 'object') {
    found.push([path, value]);
    for (const [key, inner] of Object.entries(value)) conditionObjects(inner, `${path}[${key}]`, found);
  }
  return found;
}

test('the tarball holds exactly the files package.json lists, and no build input', () => {
  const files = readdirSync(installed).sort();
  const listed = [...manifest.files.map((file) => file.replace(/\/$/, '')), 'package.json'].sort();
  assert.deepEqual(files, listed);
});

test('every target of the exports map exists, and types come first wherever they are given', () => {
  for (const [path, conditions] of conditionObjects(manifest.exports)) {
    const keys = Object.keys(conditions);
    if (keys.includes('types')) assert.equal(keys[0], 'types', `${path}: types first`);
    if (typeof conditions.default === 'string' && conditions.default.endsWith('.js') && !keys.includes('types')) {
      assert.fail(`${path}: a JavaScript target without types`);
    }
    for (const target of Object.values(conditions).filter((value) => typeof value === 'string')) {
      assert.ok(readdirSync(installed, { recursive: true }).includes(target.replace(/^\.\//, '')), `${path}: ${target} exists`);
    }
  }
});

test('the embedded and the gzip wasm are byte for byte the .wasm file', async () => {
  for (const dir of BUILDS) {
    const { storedWasmBytes, wasmBytes } = await import(join(installed, dir, 'publisher_wasm_inline.js'));
    const wasm = readFileSync(join(installed, dir, 'publisher_wasm_bg.wasm'));
    assert.deepEqual(Buffer.from(wasmBytes()), wasm, `${dir}publisher_wasm_inline.js`);
    // deno.js inflates the stored bytes itself (deflate-raw).
    assert.deepEqual(inflateRawSync(storedWasmBytes()), wasm, `${dir}publisher_wasm_inline.js, as deno.js inflates it`);
    assert.deepEqual(gunzipSync(readFileSync(join(installed, dir, 'publisher_wasm_bg.wasm.gz'))), wasm, `${dir}publisher_wasm_bg.wasm.gz`);
  }
});

test('only node.cjs reads a file and only the web entry uses import.meta.url', () => {
  for (const dir of BUILDS) {
    for (const file of ['embedded.js', 'deno.js', 'embedded.cjs', 'workerd.js', 'init.js', 'publisher_wasm.js']) {
      const text = read(dir + file);
      assert.ok(!text.includes('import.meta'), `${dir}${file} uses no import.meta`);
      assert.ok(!/require\(["']node:fs|from ["']node:fs|__dirname/.test(text), `${dir}${file} reads no file`);
    }
    assert.match(read(`${dir}index.js`), /new URL\('\.\/publisher_wasm_bg\.wasm\.gz', import\.meta\.url\)/);
    assert.match(read(`${dir}node.cjs`), /readFileSync\)?\(\(0, import_node_path\.join\)\(__dirname, "publisher_wasm_bg\.wasm"\)\)/);
  }
});

test('Node and Bun import reach the very module require loads, for each entry', () => {
  for (const [subpath, name] of [['.', 'node'], ['./embedded', 'embedded'], ['./markdown', 'markdown/node'], ['./markdown/embedded', 'markdown/embedded']]) {
    const base = name.split('/').pop();
    assert.match(read(`${name}.mjs`), new RegExp(`^const publisher = createRequire\\(import\\.meta\\.url\\)\\('\\./${base}\\.cjs'\\);$`, 'm'));
    for (const runtime of ['node', 'bun']) {
      assert.equal(manifest.exports[subpath][runtime].require.default, `./${name}.cjs`);
      assert.equal(manifest.exports[subpath][runtime].import.default, `./${name}.mjs`);
    }
  }
});

test('publisher-wasm/markdown has every condition of the main entry, over markdown/', () => {
  for (const subpath of ['', '/embedded', '/web', '/init', '/publisher_wasm_bg.wasm']) {
    const main = JSON.stringify(manifest.exports[`.${subpath}`]);
    const expected = main.replaceAll('"./', '"./markdown/');
    assert.equal(JSON.stringify(manifest.exports[`./markdown${subpath}`]), expected, `./markdown${subpath}`);
  }
  for (const file of ['embedded.js', 'deno.js', 'index.js', 'workerd.js', 'node.cjs', 'node.mjs', 'embedded.cjs', 'embedded.mjs', 'snippets/*']) {
    assert.ok(manifest.sideEffects.includes(`./markdown/${file}`), `sideEffects lists ./markdown/${file}`);
  }
});

test('only the Markdown wasm carries the Markdown conversion', async () => {
  // Closure shims' names end in a hash of the build; the names are compared without it.
  const exportsOf = (dir) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(installed, dir, 'publisher_wasm_bg.wasm'))))
    .map((e) => e.name.replace(/__h[0-9a-f]{16}$/, '__h…'));
  const main = exportsOf('');
  const markdown = exportsOf('markdown/');
  const conversions = ['markdownToNoteBody', 'markdownToPostBody', 'postBodyToMarkdown'];
  for (const name of conversions) {
    assert.ok(!main.includes(name), `the main wasm exports no ${name}`);
    assert.ok(markdown.includes(name), `the Markdown wasm exports ${name}`);
    assert.ok(!read('publisher_wasm.d.ts').includes(name), `the main declarations do not promise ${name}`);
  }
  // The Markdown entry's drafts convert their body on first read of bodyMarkdown: one
  // closure more, its shim beside the main wasm's.
  const closure = (name) => name.startsWith('wasm_bindgen__convert__closures');
  assert.equal(markdown.filter(closure).length, main.filter(closure).length + 1, 'one closure more: the bodyMarkdown converter');
  assert.deepEqual(markdown.filter((name) => !conversions.includes(name) && !closure(name)).sort(), main.filter((name) => !closure(name)).sort(), 'otherwise the same exports');
  for (const file of ['markdown/index.d.ts', 'markdown/index.d.cts', 'markdown/init.d.ts']) {
    assert.match(read(file), /^export declare function markdownToNoteBody\(markdown: string\): string;$/m, file);
    assert.match(read(file), /^export declare function markdownToPostBody\(markdown: string, options\?: \{ baseUrl\?: string \}\): PostDocument;$/m, file);
    assert.match(read(file), /^export declare function postBodyToMarkdown\(document: PostDocument\): string;$/m, file);
  }
  // pulldown-cmark's code is what the Markdown wasm adds; the main one has none of it.
  const size = (dir) => readFileSync(join(installed, dir, 'publisher_wasm_bg.wasm')).length;
  assert.ok(size('markdown/') > size(''), 'the Markdown wasm is the larger');
});

test('CommonJS declarations import only CommonJS declarations', () => {
  for (const file of readdirSync(installed, { recursive: true }).filter((name) => name.endsWith('.d.cts'))) {
    for (const [, target] of read(file).matchAll(/from '(\.[^']+)'/g)) assert.match(target, /\.cjs$/, `${file} imports ${target}`);
  }
});

// Are the Types Wrong? (attw) on the tarball, in each resolution TypeScript has: node10
// (still common; it ignores `exports`, so typesVersions maps the subpaths that have no
// .d.ts beside a file of their name), node16 from CommonJS and from ESM, and bundler.
test('attw: every module subpath has its types in every module resolution', () => {
  const attw = join(root, 'node_modules', '.bin', 'attw');
  // Into a file: attw exits before a pipe has taken its whole report when it finds problems.
  const report = join(project, 'attw.json');
  const out = openSync(report, 'w');
  try {
    execFileSync(attw, ['--format', 'json', '--no-definitely-typed', tarball], { stdio: ['ignore', out, 'pipe'] });
  } catch (error) {
    if (error.status !== 1) throw error; // 1: it reported problems, sorted out below
  } finally {
    closeSync(out);
  }
  const { analysis } = JSON.parse(readFileSync(report, 'utf8'));
  const subpaths = Object.keys(manifest.exports);
  assert.deepEqual(Object.keys(analysis.entrypoints).sort(), [...subpaths].sort(), 'attw checked every subpath of the exports map');
  // The .wasm subpaths are files for bundlers, not modules: nothing resolves them to types.
  // /web (top-level await) and /init are ESM only by design: from CommonJS under node16
  // they are for import() only, which is what attw's CJSResolvesToESM says.
  const esmOnly = ['./web', './init', './markdown/web', './markdown/init'];
  const unexpected = analysis.problems.filter((problem) => !problem.entrypoint.endsWith('.wasm')
    && !(problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs' && esmOnly.includes(problem.entrypoint)));
  assert.deepEqual(unexpected, []);
  for (const subpath of subpaths.filter((path) => !path.endsWith('.wasm') && path !== './package.json')) {
    assert.match(analysis.entrypoints[subpath].resolutions.node10.resolution?.fileName ?? '', /\.d\.ts$/, `${subpath} under node10`);
  }
});
