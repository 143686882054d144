// Package figures: wasm size (raw and gzip -9), the npm pack tarball, and the time to
// load the package in Node, from a fresh process to the first usable Publisher.
// Prints figures; asserts nothing. Run after `npm run build`.
//   node benches/package.mjs [--runs 15]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 15;
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

const wasm = readFileSync(join(root, 'pkg', 'publisher_wasm_bg.wasm'));
console.log(`wasm: ${kb(wasm.length)} raw, ${kb(gzipSync(wasm, { level: 9 }).length)} gzip -9`);

const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', './pkg'], { cwd: root, encoding: 'utf8' }));
console.log(`npm pack: ${kb(pack.size)} packed, ${kb(pack.unpackedSize)} unpacked, ${pack.entryCount} files`);

// Each sample is a fresh Node process: import the package, construct a client.
const probe = `
const t0 = performance.now();
const { Publisher } = await import('publisher-wasm');
new Publisher({ apiKey: 'k' });
const t1 = performance.now();
process.stdout.write(JSON.stringify({ esm: t1 - t0 }));`;
const probeCjs = `
const t0 = performance.now();
const { Publisher } = require('publisher-wasm');
new Publisher({ apiKey: 'k' });
process.stdout.write(JSON.stringify({ cjs: performance.now() - t0 }));`;
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const esm = [];
const cjs = [];
for (let i = 0; i < runs; i += 1) {
  esm.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: root, encoding: 'utf8' })).esm);
  cjs.push(JSON.parse(execFileSync(process.execPath, ['-e', probeCjs], { cwd: root, encoding: 'utf8' })).cjs);
}
console.log(`load in Node ${process.version} (import to first Publisher, median of ${runs} fresh processes): ESM ${median(esm).toFixed(1)} ms, CJS require ${median(cjs).toFixed(1)} ms`);
