// Cold start: from `import` (or `require`) of the package to a constructed Publisher, in
// a fresh process per sample, as every Worker cold start, MCP server spawn or n8n
// worker pays it; beside the same for a plain-JS client of this service
// (benches/baseline/plain-client.mjs), and beside a process that loads nothing (the
// runtime's own start). Inside the child, performance.now() counts from the process's
// start (Node; Deno's clock starts later, when its runtime is up): the figures are the
// child's first line → the client constructed, and process start → the client; the
// parent times the whole process (spawn to exit). Node, and Deno (the package's `deno`
// entry) when its binary is installed; Deno keeps its own code cache of modules between
// runs, as it would in a deployment.
// Samples rotate across probes so that load drifts hit each alike. Prints figures;
// asserts nothing.
//   node benches/cold-start.mjs [--runs 25] [--before DIR] [--only TEXT]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, option, root, table } from './lib.mjs';

const runs = option('runs', 25);
const only = option('only');
const builds = [];
if (option('before')) builds.push(['before', resolve(option('before'))]);
builds.push(['now', join(root, 'pkg')]);
const work = mkdtempSync(join(tmpdir(), 'publisher-wasm-cold-start-'));
const deno = join(root, 'node_modules', '.bin', 'deno');
const hasDeno = existsSync(deno) && spawnSync(deno, ['--version'], { stdio: 'ignore' }).status === 0;

const p90 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.9) - 1)];
const OPTIONS = "{ apiKey: 'k', hostname: 'example.substack.com' }";
// The child's script: dynamic import (or require) after its first line, so that the
// load is inside the timed span; `start` is the first line's time since process start.
function childScript(load, className = 'Publisher') {
  return `const start = performance.now();
const { ${className}: Client } = ${load};
new Client(${OPTIONS});
const client = performance.now();
console.log(JSON.stringify({ start, client }));
`;
}
function writeProbe(dir, name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const probes = [];
const nodeProbe = (build, what, cwd, file) => probes.push({ build, what, command: process.execPath, args: [file], cwd });
const denoProbe = (build, what, cwd, file) => probes.push({
  build, what, command: deno, args: ['run', '--quiet', '--no-lock', '--no-prompt', '--node-modules-dir=manual', file], cwd,
  env: { ...process.env, DENO_DIR: join(work, 'deno-dir'), NO_COLOR: '1' },
});

// The floor: a process that loads nothing, and the plain-JS client.
const plainDir = join(work, 'plain');
mkdirSync(plainDir);
const plainUrl = pathToFileURL(join(root, 'benches', 'baseline', 'plain-client.mjs')).href;
nodeProbe('floor', 'Node, nothing loaded', plainDir, writeProbe(plainDir, 'empty.mjs', 'console.log(JSON.stringify({ start: performance.now(), client: performance.now() }));\n'));
nodeProbe('plain JS client', 'Node import', plainDir, writeProbe(plainDir, 'import.mjs', childScript(`await import('${plainUrl}')`, 'PlainPublisher')));
if (hasDeno) denoProbe('plain JS client', 'Deno import', plainDir, writeProbe(plainDir, 'deno.mjs', childScript(`await import('${plainUrl}')`, 'PlainPublisher')));

// Each build as a project sees it: by name, through the exports map.
for (const [build, pkg] of builds) {
  if (!existsSync(join(pkg, 'node.mjs'))) throw new Error(`${pkg} has no node.mjs: build the package first (npm run build)`);
  const project = join(work, build);
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  symlinkSync(pkg, join(project, 'node_modules', 'publisher-wasm'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ private: true, dependencies: { 'publisher-wasm': '*' } }));
  nodeProbe(build, 'Node import', project, writeProbe(project, 'import.mjs', childScript("await import('publisher-wasm')")));
  nodeProbe(build, 'Node require', project, writeProbe(project, 'require.cjs', childScript("require('publisher-wasm')")));
  nodeProbe(build, 'Node import of /embedded', project, writeProbe(project, 'embedded.mjs', childScript("await import('publisher-wasm/embedded')")));
  nodeProbe(build, 'Node import of /markdown', project, writeProbe(project, 'markdown.mjs', childScript("await import('publisher-wasm/markdown')")));
  // Deno through its `deno` condition, reading node_modules as npm left it (a package.json
  // beside: Deno's "manual" node_modules mode).
  if (hasDeno) denoProbe(build, 'Deno import', project, writeProbe(project, 'deno.mjs', childScript("await import('publisher-wasm')")));
}
const measured = probes.filter((probe) => !only || `${probe.build} ${probe.what}`.includes(only));

const samples = new Map(measured.map((probe) => [probe, { load: [], sinceStart: [], wall: [] }]));
function sample(probe) {
  const started = performance.now();
  const result = spawnSync(probe.command, probe.args, { cwd: probe.cwd, env: probe.env ?? process.env, encoding: 'utf8' });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`${probe.build}, ${probe.what}: exited with ${result.status}\n${result.stderr}`);
  const { start, client } = JSON.parse(result.stdout.trim().split('\n').at(-1));
  const figures = samples.get(probe);
  figures.load.push(client - start);
  figures.sinceStart.push(client);
  figures.wall.push(wall);
}
try {
  // One unrecorded round first: the OS's file cache (and Deno's code cache) warm, as on a
  // machine that has run the program before; the process itself is cold every time.
  for (const probe of measured) sample(probe);
  for (const figures of samples.values()) for (const list of Object.values(figures)) list.length = 0;
  for (let i = 0; i < runs; i += 1) {
    for (let j = 0; j < measured.length; j += 1) sample(measured[(i + j) % measured.length]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const denoVersion = hasDeno ? spawnSync(deno, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] : 'Deno not installed';
console.log(`Node ${process.version}, ${denoVersion}; ${runs} fresh processes per row, median / p90 in ms`);
console.log("load = the child's first line → the client constructed (import or require, wasm compile and instantiate, new Publisher)");
console.log('since start = process start → the client; wall = the whole process, spawn to exit, timed by the parent');
console.log("baseline: 'plain JS client', a 3 KB hand-written client of the same service (benches/baseline/plain-client.mjs), in the same runtime\n");
const fmt = (values) => `${median(values).toFixed(1)} / ${p90(values).toFixed(1)}`;
const plainOf = (probe) => measured.find((p) => p.build === 'plain JS client' && p.what.startsWith(probe.what.split(' ')[0]));
const rows = measured.map((probe) => {
  const figures = samples.get(probe);
  const plain = plainOf(probe);
  const overPlain = plain && plain !== probe && probe.build !== 'floor'
    ? `+${(median(figures.load) - median(samples.get(plain).load)).toFixed(1)}`
    : '';
  return [probe.build, probe.what, fmt(figures.load), overPlain, fmt(figures.sinceStart), fmt(figures.wall)];
});
table(['build', 'probe', 'load', 'load − plain JS client (median)', 'since start', 'wall'], rows);
