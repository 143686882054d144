// What a part of the code costs in the main wasm: the wasm built as scripts/build-pkg.mjs
// builds it (wasm-pack --release --target web, with the wasm-opt flags of Cargo.toml),
// through `gzip -9`, for the working tree and for copies of it with one part taken out. A
// variant is a copy of the sources with textual stubs applied (each must match exactly
// once, so a stub that no longer applies fails loudly), or a commit's sources. Every
// variant is built from the same folder (target/wasm-cost/sources), since wasm-bindgen names
// the snippets' folder by a hash of the crate's path, which would move the figures by a
// few dozen bytes; so `tree` differs from pkg/'s wasm by as much. All builds share one
// target dir, so the dependencies are compiled once. Prints figures; asserts nothing.
//
//   node benches/wasm-cost.mjs [--base COMMIT] [--markdown] [--only NAME,NAME]
//
// Variants: `tree` (the working tree), `no-rules` (judge_body without the post editor's
// rules: what they cost is tree - no-rules), `base` (the commit given with --base).
// --markdown builds the Markdown entry's wasm (feature markdown-entry) instead.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argValue = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const base = argValue('base');
const markdown = process.argv.includes('--markdown');
const only = argValue('only')?.split(',');
const targetDir = join(root, 'target', 'wasm-cost');
const env = {
  ...process.env,
  CARGO_TARGET_DIR: targetDir,
  PATH: `${join(root, 'node_modules', '.bin')}:${process.env.HOME}/.cargo/bin:${process.env.PATH}`,
};

/** Replaces `from` by `to` in `file` of the copy at `dir`; `from` must occur exactly once. */
function stub(dir, file, from, to) {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  if (text.split(from).length !== 2) throw new Error(`${file}: the stub's text does not occur exactly once: ${from}`);
  writeFileSync(path, text.replace(from, to));
}

const sourceDir = join(targetDir, 'sources');
function emptySourceDir() {
  rmSync(sourceDir, { recursive: true, force: true });
  mkdirSync(sourceDir, { recursive: true });
  return sourceDir;
}

function copyOfTree() {
  const dir = emptySourceDir();
  for (const name of ['Cargo.toml', 'Cargo.lock', 'src', 'publisher-core']) {
    cpSync(join(root, name), join(dir, name), { recursive: true });
  }
  return dir;
}

function copyOfCommit(commit) {
  const dir = emptySourceDir();
  // -m: the files dated now, not at the commit, or cargo would take the last build as fresh.
  execFileSync('sh', ['-c', `git -C "${root}" archive "${commit}" Cargo.toml Cargo.lock src publisher-core | tar -x -m -C "${dir}"`]);
  return dir;
}

const variants = [
  ['tree', copyOfTree],
  ['no-rules', () => {
    const dir = copyOfTree();
    stub(dir, 'publisher-core/src/client/draft_args.rs', '    rules::check_post_document(body)\n', '    let _ = body;\n    Ok(())\n');
    stub(dir, 'publisher-core/src/client/draft_args.rs', 'use crate::post_body::rules;\n', '');
    return dir;
  }],
  ...(base ? [['base', () => copyOfCommit(base)]] : []),
].filter(([name]) => !only || only.includes(name));

const sizes = [];
for (const [name, make] of variants) {
  const dir = make();
  const outDir = join(targetDir, `out-${name}${markdown ? "-markdown" : ""}`);
  execFileSync('wasm-pack', [
    'build', '--release', '--target', 'web', '--no-pack', '--out-dir', outDir, '--out-name', 'publisher_wasm', dir,
    ...(markdown ? ['--features', 'markdown-entry'] : []),
  ], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const wasm = readFileSync(join(outDir, 'publisher_wasm_bg.wasm'));
  // GNU gzip -9, the figure the issues name (Node's zlib at level 9 gives about 1 % more).
  sizes.push([name, wasm.length, execFileSync('gzip', ['-9c'], { input: wasm, maxBuffer: 1 << 26 }).length]);
}

console.log(`${markdown ? 'Markdown' : 'main'} wasm (bytes; gzip -9):`);
for (const [name, raw, gzipped] of sizes) console.log(`  ${name.padEnd(9)} ${String(raw).padStart(8)} ${String(gzipped).padStart(8)}`);
const of = (name) => sizes.find(([n]) => n === name)?.[2];
if (of('tree') && of('no-rules')) console.log(`  the rules (tree - no-rules): ${of('tree') - of('no-rules')} B gzip`);
if (of('no-rules') && of('base')) console.log(`  the rest (no-rules - base): ${of('no-rules') - of('base')} B gzip`);
