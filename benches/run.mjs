// Runs every benchmark in benches/, one after the other, each in a process of its own,
// printing each one's figures as it goes (`npm run bench`). Prints figures; asserts nothing.
//
//   npm run bench [-- --before DIR] [--quick] [--all] [--only NAME]
//
// --before DIR   also measure the package built in DIR (e.g. a copy of an older pkg/),
//                side by side with pkg/, in the scripts that compare builds
// --quick        fewer samples (minutes instead of a quarter of an hour; noisier figures)
// --all          also the queue-mode benchmark: n8n in queue mode with PostgreSQL and Redis
//                (needs scripts/install-n8n.sh and scripts/install-queue-services.sh; minutes)
// --only NAME    only the scripts whose file name contains NAME
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { option, root } from './lib.mjs';

const here = join(root, 'benches');
const all = process.argv.includes('--all');
const quick = process.argv.includes('--quick');
const before = option('before');
const only = option('only');
// Not benchmarks: this runner and the shared helpers.
const helpers = new Set(['run.mjs', 'lib.mjs']);
// Take minutes, only with --all: queue-mode needs n8n, PostgreSQL and Redis; wasm-cost
// builds the wasm once per variant.
const heavy = new Set(['queue-mode.mjs', 'wasm-cost.mjs']);
// Fewer samples under --quick.
const quickArgs = {
  'per-call.mjs': ['--blocks', '6'],
  'client-cost.mjs': ['--blocks', '8'],
  'fan-out.mjs': ['--runs', '1'],
  'soak.mjs': ['--calls', '2000'],
  'package.mjs': ['--runs', '5'],
  'cold-start.mjs': ['--runs', '8'],
  'faults.mjs': ['--calls', '100'],
  'mcp-start.mjs': ['--runs', '5'],
};
// The order figures are read in; scripts not listed (new ones) come after, by name.
const order = ['per-call.mjs', 'client-cost.mjs', 'fan-out.mjs', 'read-ahead.mjs', 'soak.mjs', 'package.mjs', 'cold-start.mjs', 'faults.mjs', 'mcp-start.mjs', 'queue-mode.mjs'];
// Scripts run a second time with these arguments: fan-out with one slow user among fast ones.
const secondRuns = { 'fan-out.mjs': ['--slow-user', '25'] };
const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);

const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && !helpers.has(name))
  .filter((name) => all || !heavy.has(name))
  .filter((name) => !only || name.includes(only))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

const runs = scripts.flatMap((name) => [[name, []], ...(secondRuns[name] ? [[name, secondRuns[name]]] : [])]);
const summary = [];
for (const [name, extra] of runs) {
  const args = [join(here, name), ...(before ? ['--before', before] : []), ...(quick ? quickArgs[name] ?? [] : []), ...extra];
  console.log(`\n## ${name}${args.length > 1 ? ` (${args.slice(1).join(' ')})` : ''}\n`);
  const started = performance.now();
  const { status, signal } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const label = extra.length ? `${name} ${extra.join(' ')}` : name;
  summary.push(`${label}: ${status === 0 ? 'done' : `exited with ${signal ?? `code ${status}`}`} in ${seconds.toFixed(0)} s`);
}
console.log(`\n## ran ${runs.length} benchmark run${runs.length === 1 ? '' : 's'}${all ? '' : ' (queue-mode.mjs only with --all)'}\n`);
for (const line of summary) console.log(line);
process.exitCode = summary.every((line) => line.includes(': done')) ? 0 : 1;
