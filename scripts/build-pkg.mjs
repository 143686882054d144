// Builds the npm package in pkg/: wasm-pack (--target web) for the wasm and its ESM
// glue, then the entry points of pkg-template/ for browsers, Node/Deno (ESM) and
// Node (CommonJS, bundled with esbuild), and package.json merged from the template.
//
//   node scripts/build-pkg.mjs [--dev]
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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
run('wasm-pack', ['build', dev ? '--dev' : '--release', '--target', 'web', '--out-dir', 'pkg', '--out-name', 'publisher_wasm']);

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
const snippet = findSnippet(join(pkg, 'snippets'));
if (!snippet) throw new Error('pkg/snippets has no publisher-error.js: did the wasm-bindgen import move?');
const snippets = `./${relative(pkg, dirname(snippet))}`;
for (const name of ['note-builder.js', 'notes-page.js']) {
  if (!existsSync(join(pkg, snippets, name))) throw new Error(`${name} is not among the snippets beside publisher-error.js`);
}

const fill = (name) => readFileSync(join(template, name), 'utf8').replaceAll('__SNIPPETS__', snippets);
writeFileSync(join(pkg, 'index.js'), fill('index.js'));
writeFileSync(join(pkg, 'node.js'), fill('node.js'));
const cjsEntry = join(pkg, '.node-cjs-entry.js');
writeFileSync(cjsEntry, fill('node-cjs-entry.js'));
run('esbuild', [
  cjsEntry, '--bundle', '--format=cjs', '--platform=node', '--target=node20',
  `--outfile=${join(pkg, 'node.cjs')}`, '--log-level=warning',
  // The web glue's default init reads import.meta.url; node.cjs never calls it.
  '--log-override:empty-import-meta=silent',
]);
rmSync(cjsEntry);

// wasm-bindgen declares `[Symbol.dispose]()`, which only compiles with lib esnext;
// callers on es2022 or earlier would get an error from our types. free() stays.
// The low-level init API (InitInput … __wbg_init, typed with `any`) is not part of the
// package's surface either: every entry point instantiates the module itself.
const glueTypes = join(pkg, 'publisher_wasm.d.ts');
const declarations = readFileSync(glueTypes, 'utf8').replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, '');
const initApi = declarations.indexOf('export type InitInput');
if (initApi < 0) throw new Error('publisher_wasm.d.ts has no InitInput: did wasm-bindgen change its output?');
writeFileSync(glueTypes, `${declarations.slice(0, initApi).trimEnd()}\n`);

for (const name of ['index.d.ts', 'publisher-error.d.ts', 'note-builder.d.ts', 'notes-page.d.ts', 'README.md']) {
  copyFileSync(join(template, name), join(pkg, name));
}
copyFileSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));
rmSync(join(pkg, '.gitignore'), { force: true });
// The raw wasm exports' types (all `any`) serve bundlers that import the .wasm
// directly; every entry here instantiates it itself.
rmSync(join(pkg, 'publisher_wasm_bg.wasm.d.ts'), { force: true });

// package.json: wasm-pack's version and name, the template's fields over the rest.
const generated = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
const fields = JSON.parse(readFileSync(join(template, 'package.json'), 'utf8'));
const merged = { name: fields.name, version: generated.version, ...fields };
delete merged.collaborators;
writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(merged, null, 2)}\n`);

for (const file of merged.files) {
  if (!existsSync(join(pkg, file))) throw new Error(`package.json lists ${file}, which the build did not produce`);
}
console.log(`built ${merged.name}@${merged.version} in pkg/ (JS classes: ${snippets})`);
