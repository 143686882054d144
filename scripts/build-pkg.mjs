// Builds the npm package in pkg/: wasm-pack (--target web) for the wasm and its ESM
// glue, then the entry points of pkg-template/: embedded.js (the wasm inlined,
// deflated, as base64: browsers and bundlers), deno.js (the same copy, inflated by Deno's
// own DecompressionStream), node.cjs + node.mjs (the wasm read from its file;
// one module for Node's require and import), embedded.cjs + embedded.mjs (the same,
// embedded, for bundling into one file), workerd (a wasm module import), index.js
// (publisher-wasm/web: the .wasm as a file of its own) and init (explicit loading);
// ESM and CommonJS declarations; and package.json merged from the template. Then the
// same again in pkg/markdown/ from a second wasm build with the Markdown parser
// (publisher-wasm/markdown), which the main wasm does not carry.
//
//   node scripts/build-pkg.mjs [--dev]
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'pkg');
const template = join(root, 'pkg-template');
const bin = join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };
const dev = process.argv.includes('--dev');

function run(command, args) {
  execFileSync(command, args, { cwd: root, env, stdio: 'inherit' });
}

rmSync(pkg, { recursive: true, force: true });
const timings = [];
function buildWasm(outDir, wasmPackArgs, cargoArgs) {
  const started = performance.now();
  run('wasm-pack', ['build', dev ? '--dev' : '--release', '--target', 'web', '--out-dir', outDir, '--out-name', 'publisher_wasm', ...wasmPackArgs, '.', ...cargoArgs]);
  timings.push(`${relative(root, outDir)}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The JS classes are wasm-bindgen snippets; the entries re-export those very modules
// so the classes the core creates are the classes callers import.
function findSnippet(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findSnippet(path);
      if (found) return found;
    } else if (entry.name === 'publisher-error.js') {
      return path;
    }
  }
  return null;
}

/**
 * The entry points of one wasm build in `dir` (pkg/ or pkg/markdown/), from the same
 * templates: every entry's paths are relative to its own folder. `exportsNames` must be
 * among the CommonJS module's exports. Returns the snippets' folder.
 */
function makeEntries(dir, exportsNames) {
  const snippet = findSnippet(join(dir, 'snippets'));
  if (!snippet) throw new Error(`${dir}/snippets has no publisher-error.js: did the wasm-bindgen import move?`);
  const snippets = `./${relative(dir, dirname(snippet))}`;
  for (const name of ['note-builder.js', 'notes-page.js']) {
    if (!existsSync(join(dir, snippets, name))) throw new Error(`${name} is not among the snippets beside publisher-error.js`);
  }

  // The glue's own default path (`new URL('publisher_wasm_bg.wasm', import.meta.url)`)
  // would make bundlers copy the .wasm for every entry, and fails where import.meta.url
  // is no URL (workerd): each entry passes the wasm itself, so the default goes.
  const gluePath = join(dir, 'publisher_wasm.js');
  const glue = readFileSync(gluePath, 'utf8');
  const defaultPath = "module_or_path = new URL('publisher_wasm_bg.wasm', import.meta.url);";
  if (!glue.includes(defaultPath)) throw new Error('publisher_wasm.js has no default wasm URL: did wasm-bindgen change its output?');
  writeFileSync(gluePath, glue.replace(defaultPath,
    "throw new Error('publisher-wasm: init() needs the wasm: a URL, Response, bytes or WebAssembly.Module');"));

  const fill = (name) => readFileSync(join(template, name), 'utf8').replaceAll('__SNIPPETS__', snippets);
  // init.js names its exports; the other entries re-export the whole glue.
  const extraInitExports = exportsNames.filter((name) => !['Publisher', 'PublisherError', 'NoteBuilder', 'PublisherNotes'].includes(name));
  for (const name of ['embedded.js', 'deno.js', 'index.js', 'workerd.js', 'init.js']) {
    let text = fill(name);
    if (name === 'init.js' && extraInitExports.length) text += `export { ${extraInitExports.join(', ')} } from './publisher_wasm.js';\n`;
    writeFileSync(join(dir, name), text);
  }
  const wasmBytes = readFileSync(join(dir, 'publisher_wasm_bg.wasm'));
  writeFileSync(join(dir, 'publisher_wasm_bg.wasm.gz'), gzipSync(wasmBytes, { level: 9 }));
  // Two embedded copies: deflated for embedded.js (browsers, bundlers, Deno), with the
  // inflater bundled in; plain for embedded.cjs (one-file Node bundles), which starts faster.
  // wasm-bindgen's import object names fetch-deadline.js twice (two imports of the one
  // module, so both keys hold the same namespace): harmless, and not ours to edit.
  const quietAboutGlue = ['--log-override:duplicate-object-key=silent'];
  function writeInline(outName, deflated) {
    const bytes = deflated ? deflateRawSync(wasmBytes, { level: 9 }) : wasmBytes;
    const source = join(dir, `.${outName}.src.js`);
    writeFileSync(source, fill('publisher_wasm_inline.js')
      .replace('__WASM_BASE64__', bytes.toString('base64'))
      .replace('__WASM_DEFLATED__', String(deflated)));
    run('esbuild', [
      source, '--bundle', '--format=esm', '--platform=neutral', '--main-fields=module,main',
      `--outfile=${join(dir, outName)}`, '--log-level=warning', ...quietAboutGlue,
    ]);
    rmSync(source);
  }
  writeInline('publisher_wasm_inline.js', true);
  writeInline('.publisher_wasm_inline_plain.js', false);
  const embeddedPlainEntry = join(dir, '.embedded-plain.js');
  writeFileSync(embeddedPlainEntry, fill('embedded.js').replace("'./publisher_wasm_inline.js'", "'./.publisher_wasm_inline_plain.js'"));

  // node.cjs (the wasm read from its file) and embedded.cjs (the wasm embedded): each
  // one CommonJS file, which Node loads for require and, through a small .mjs that
  // requires it, for import too, so a process has one wasm instance per entry.
  const nodeEntry = join(dir, '.node-entry.js');
  writeFileSync(nodeEntry, fill('node-entry.js'));
  const require = createRequire(import.meta.url);
  for (const [entry, cjs, mjs] of [[nodeEntry, 'node.cjs', 'node.mjs'], [embeddedPlainEntry, 'embedded.cjs', 'embedded.mjs']]) {
    run('esbuild', [
      entry, '--bundle', '--format=cjs', '--platform=node', '--target=node20',
      `--outfile=${join(dir, cjs)}`, '--log-level=warning', ...quietAboutGlue,
    ]);
    const names = Object.keys(require(join(dir, cjs))).filter((name) => !['initSync', 'default'].includes(name)).sort();
    for (const name of exportsNames) {
      if (!names.includes(name)) throw new Error(`${relative(pkg, join(dir, cjs))} does not export ${name}`);
    }
    writeFileSync(join(dir, mjs), `// Entry for Node's import: the very module require loads (${cjs}), so that one process
// has one wasm instance and one set of classes however the package was reached. Loaded
// with require rather than import, which would first scan the whole file for names.
import { createRequire } from 'node:module';

const publisher = createRequire(import.meta.url)('./${cjs}');

export const { ${names.join(', ')} } = publisher;
`);
  }
  rmSync(nodeEntry);
  rmSync(embeddedPlainEntry);
  rmSync(join(dir, '.publisher_wasm_inline_plain.js'));
  rmSync(join(dir, '.gitignore'), { force: true });
  // The raw wasm exports' types (all `any`) serve bundlers that import the .wasm
  // directly; every entry here instantiates it itself.
  rmSync(join(dir, 'publisher_wasm_bg.wasm.d.ts'), { force: true });
  return snippets;
}

const CLASSES = ['Publisher', 'PublisherError', 'NoteBuilder', 'PublisherNotes'];
buildWasm(pkg, [], []);
const snippets = makeEntries(pkg, CLASSES);

// wasm-bindgen declares `[Symbol.dispose]()`, which only compiles with lib esnext;
// callers on es2022 or earlier would get an error from our types. free() stays.
// The low-level init API (InitInput … __wbg_init, typed with `any`) is not part of the
// package's surface either: every entry point instantiates the module itself.
const glueTypes = join(pkg, 'publisher_wasm.d.ts');
const declarations = readFileSync(glueTypes, 'utf8').replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, '');
// A doc comment that reached wasm-bindgen as a raw string literal shows as `r" …`.
if (/^\s*\* r"/m.test(declarations)) throw new Error('publisher_wasm.d.ts has a raw-string doc comment (r"…): write the doc as #[doc = "…"]');
const initApi = declarations.indexOf('export type InitInput');
if (initApi < 0) throw new Error('publisher_wasm.d.ts has no InitInput: did wasm-bindgen change its output?');
writeFileSync(glueTypes, `${declarations.slice(0, initApi).trimEnd()}\n`);

for (const name of ['index.d.ts', 'init.d.ts', 'README.md']) {
  copyFileSync(join(template, name), join(pkg, name));
}
// The declarations of the boundary's JS half (src/js/), whose modules wasm-bindgen copied
// into the snippets.
for (const name of ['publisher-error.d.ts', 'note-builder.d.ts', 'notes-page.d.ts']) {
  copyFileSync(join(root, 'src', 'js', name), join(pkg, name));
}
// CommonJS declarations: the same text, each importing its .cjs neighbours, so that a
// CommonJS file under node16/nodenext reads declarations of its own module kind.
for (const name of ['index', 'publisher_wasm', 'publisher-error', 'note-builder', 'notes-page']) {
  const text = readFileSync(join(pkg, `${name}.d.ts`), 'utf8');
  writeFileSync(join(pkg, `${name}.d.cts`), text.replace(/(from '\.\/[\w-]+)\.js'/g, "$1.cjs'"));
}
copyFileSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));

// publisher-wasm/markdown: the same client built with the Markdown parser (cargo feature
// markdown-entry), in pkg/markdown/ with entries of its own, so that the main entries'
// wasm stays without it. Its declarations are the main ones plus markdownToNoteBody,
// markdownToPostBody and postBodyToMarkdown, so its classes have the very types of the main entry's.
const markdownDir = join(pkg, 'markdown');
buildWasm(markdownDir, ['--no-pack'], ['--features', 'markdown-entry']);
makeEntries(markdownDir, [...CLASSES, 'markdownToNoteBody', 'markdownToPostBody', 'postBodyToMarkdown']);
const markdownGlueTypes = readFileSync(join(markdownDir, 'publisher_wasm.d.ts'), 'utf8');
for (const markdownSignature of [
  'export function markdownToNoteBody(markdown: string): string;',
  'export function markdownToPostBody(markdown: string, options?: { baseUrl?: string } | null): PostDocument;',
  'export function postBodyToMarkdown(document: PostDocument): string;',
]) {
  if (!markdownGlueTypes.includes(markdownSignature)) {
    throw new Error(`markdown/publisher_wasm.d.ts lacks \`${markdownSignature}\`: update pkg-template/markdown.d.ts`);
  }
}
for (const name of ['publisher_wasm.d.ts', 'package.json', 'README.md']) rmSync(join(markdownDir, name), { force: true });
const markdownTypes = readFileSync(join(template, 'markdown.d.ts'), 'utf8');
writeFileSync(join(markdownDir, 'index.d.ts'), markdownTypes.replaceAll('__FROM__', '../index.js'));
writeFileSync(join(markdownDir, 'index.d.cts'), markdownTypes.replaceAll('__FROM__', '../index.cjs'));
writeFileSync(join(markdownDir, 'init.d.ts'), markdownTypes.replaceAll('__FROM__', '../init.js'));

// package.json: wasm-pack's version and name, the template's fields over the rest.
const generated = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
const fields = JSON.parse(readFileSync(join(template, 'package.json'), 'utf8'));
const merged = { name: fields.name, version: generated.version, ...fields };
delete merged.collaborators;
writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(merged, null, 2)}\n`);

for (const file of merged.files) {
  if (!existsSync(join(pkg, file))) throw new Error(`package.json lists ${file}, which the build did not produce`);
}
console.log(`built ${merged.name}@${merged.version} in pkg/ (JS classes: ${snippets}; wasm builds: ${timings.join(', ')})`);
