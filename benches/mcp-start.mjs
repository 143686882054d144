// MCP server start-up: from spawn to an answered `tools/list` on stdio, in a fresh process
// per sample, as every MCP client pays it when it launches a server; beside peers (other
// MCP servers of the same service) measured in the same run with the same client. The
// client is raw newline-delimited JSON-RPC over the child's stdin/stdout (no SDK on the
// client side, so that the figure is the server's): `initialize` is written at spawn,
// then, once it is answered, `notifications/initialized` and `tools/list` (following
// nextCursor). Samples rotate across servers (ours, peer, …; then peer, …, ours) so that
// machine noise hits each alike; one unrecorded round first warms the OS's file cache.
// Our server runs with PUBLISHER_API_KEY and PUBLISHER_BASE_URL set to the local service,
// as a user runs it: packed (its bin bundled, publisher-mcp/scripts/pack.mjs) and installed
// from the tarballs into an empty folder; a second row runs the repository's bin (the
// sources, unbundled). A floor row (Node answering the same messages by hand, loading
// nothing) shows the runtime's own share.
// With --install-size, also what installing each server brings (node_modules of that
// install of ours; a peer's `--peer-install` arguments installed the same way). Prints
// figures; asserts nothing.
//
//   node benches/mcp-start.mjs [--runs 20] [--peer "LABEL=COMMAND LINE"]… [--install-size]
//                              [--peer-install "LABEL=NPM INSTALL ARGS"]…
//
// A peer's command line is split on spaces (quotes group); leading NAME=value words are its
// environment (added to this process's); a leading `node` is this Node; {service} and
// {apiKey} become the local service's URL and key, e.g.
//   --peer "other=SUBSTACK_API_KEY=dummy node /path/to/other/dist/index.js"
//   --peer-install "other=/path/to/other-1.0.0.tgz"
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startLocalService } from '../local-service/index.mjs';
import { packMcp } from '../publisher-mcp/scripts/pack.mjs';
import { median, option, root, table } from './lib.mjs';

const runs = option('runs', 20);
const installSize = process.argv.includes('--install-size');
const PROTOCOL_VERSION = '2025-06-18';
const SAMPLE_TIMEOUT_MS = 30_000;
const OURS = 'publisher-mcp';
const SOURCE = 'publisher-mcp, unbundled sources';
const FLOOR = 'floor: Node, no SDK';
const FLOOR_SCRIPT = `let buffered = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  buffered += chunk;
  for (let at; (at = buffered.indexOf('\\n')) >= 0; buffered = buffered.slice(at + 1)) {
    const { id, method } = JSON.parse(buffered.slice(0, at));
    if (id === undefined) continue;
    const result = method === 'initialize'
      ? { protocolVersion: '${PROTOCOL_VERSION}', capabilities: { tools: {} }, serverInfo: { name: 'floor', version: '0' } }
      : { tools: [] };
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n');
  }
});`;

/** Every `--name value` of a repeatable option, as [label, rest] split at the first `=`. */
function labelled(name) {
  const found = [];
  process.argv.forEach((arg, at) => {
    if (arg !== `--${name}`) return;
    const value = process.argv[at + 1] ?? '';
    const equals = value.indexOf('=');
    if (equals <= 0) throw new Error(`--${name} needs LABEL=VALUE, got ${JSON.stringify(value)}`);
    found.push([value.slice(0, equals), value.slice(equals + 1)]);
  });
  return found;
}

/** Words of a command line: split on whitespace, with '…' or "…" grouping. */
function words(line) {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const p90 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.9) - 1)];
const ms = (value) => value.toFixed(1);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

const work = mkdtempSync(join(tmpdir(), 'publisher-mcp-start-'));
const children = new Set();
let service;
async function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await service?.close();
  service = undefined;
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}

/**
 * One sample: spawn `server`, answer its protocol, and return the ms from spawn to the
 * `initialize` answer and to the complete `tools/list`, and the tools listed. The child
 * is stopped (stdin closed, SIGTERM, SIGKILL after 2 s) and gone before this resolves.
 */
function sample(server) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(server.command, server.args, { cwd: root, env: server.env, stdio: ['pipe', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    let initialized;
    let tools = 0;
    let outcome;
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const finish = (result) => {
      if (outcome) return;
      outcome = result;
      clearTimeout(timer);
      child.stdin.end();
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    };
    const timer = setTimeout(() => finish({ error: `no tools/list answer within ${SAMPLE_TIMEOUT_MS} ms` }), SAMPLE_TIMEOUT_MS);
    child.on('error', (error) => {
      finish({ error: error.message });
      if (child.pid === undefined) { // never started: no 'exit' to wait for
        children.delete(child);
        reject(new Error(`${server.label}: ${error.message}`));
      }
    });
    child.on('exit', () => {
      children.delete(child);
      if (!outcome) outcome = { error: 'exited before answering tools/list' };
      if (outcome.error) reject(new Error(`${server.label}: ${outcome.error}\n${stderr.slice(-2000)}`));
      else resolve(outcome);
    });
    child.stdin.on('error', () => {}); // a child that exits early: reported by 'exit'
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      let newline;
      while ((newline = stdout.indexOf('\n')) >= 0) {
        const line = stdout.slice(0, newline).trim();
        stdout = stdout.slice(newline + 1);
        if (!line) continue;
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          finish({ error: `not JSON-RPC on stdout: ${line.slice(0, 200)}` });
          return;
        }
        if (message.method) continue; // the server's own notifications and requests
        if (message.error) {
          finish({ error: `error answer to request ${message.id}: ${JSON.stringify(message.error)}` });
        } else if (message.id === 1) {
          initialized = performance.now() - started;
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list', params: {} });
        } else if (typeof message.id === 'number' && message.id >= 2) {
          tools += message.result.tools.length;
          if (message.result.nextCursor) send({ id: message.id + 1, method: 'tools/list', params: { cursor: message.result.nextCursor } });
          else finish({ initialize: initialized, toolsList: performance.now() - started, tools });
        }
      }
    });
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcp-start-bench', version: '0.0.0' } },
    });
  });
}

// ---- install size: an empty folder, `npm install --omit=dev` of the given specs ----
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The package folders under `modules` (node_modules/<name>, node_modules/@scope/<name>, nested too). */
function packageDirs(modules) {
  if (!existsSync(modules)) return [];
  const found = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const dirs = entry.name.startsWith('@')
      ? readdirSync(join(modules, entry.name)).map((name) => join(modules, entry.name, name))
      : [join(modules, entry.name)];
    for (const dir of dirs) {
      if (!existsSync(join(dir, 'package.json'))) continue;
      found.push(dir, ...packageDirs(join(dir, 'node_modules')));
    }
  }
  return found;
}

/** Installs `specs` into a fresh folder; its node_modules' bytes (du -sb, du -sk) and packages. */
function install(name, specs, extra = {}) {
  const dir = join(work, 'install', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'install-size', private: true, ...extra }));
  npm(['install', '--omit=dev', '--no-audit', '--no-fund', ...specs], dir);
  const modules = join(dir, 'node_modules');
  const bytes = Number(execFileSync('du', ['-sb', modules], { encoding: 'utf8' }).split('\t')[0]);
  const diskKiB = Number(execFileSync('du', ['-sk', modules], { encoding: 'utf8' }).split('\t')[0]);
  const dirs = packageDirs(modules);
  // The versions that matter for the comparison: the MCP SDK's packages and zod.
  const key = dirs
    .map((pkg) => JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')))
    .filter(({ name }) => name.startsWith('@modelcontextprotocol/') || name === 'zod')
    .map(({ name, version }) => `${name} ${version}`);
  return { specs, bytes, diskKiB, packages: dirs.length, key: [...new Set(key)].sort() };
}

/** Ours as a user installs it: both packages packed as published, installed from the two tarballs. */
async function installOurs() {
  const packs = join(work, 'packs');
  mkdirSync(packs, { recursive: true });
  const wasm = JSON.parse(npm(['pack', '--json', '--pack-destination', packs], join(root, 'pkg')))[0];
  const mcp = await packMcp(packs);
  const result = install(OURS, [join(packs, wasm.filename), mcp]);
  result.specs = [`${basename(mcp)} (${(statSync(mcp).size / 1024).toFixed(1)} KiB packed)`, `${wasm.filename} (${(wasm.size / 1024).toFixed(1)} KiB packed)`];
  result.bin = join(work, 'install', OURS, 'node_modules', 'publisher-mcp', 'bin', 'publisher-mcp.js');
  return result;
}

// ---- the servers ----
try {
  service = await startLocalService({ seed: 1, posts: 30 });
  const substitute = (text) => text.replaceAll('{service}', service.url).replaceAll('{apiKey}', service.apiKey);
  const installed = await installOurs();
  const ourEnv = { ...process.env, PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url };
  const servers = [{
    label: OURS,
    shown: 'node <install>/node_modules/publisher-mcp/bin/publisher-mcp.js, installed from its tarball (PUBLISHER_API_KEY, PUBLISHER_BASE_URL: the local service)',
    command: process.execPath,
    args: [installed.bin],
    env: ourEnv,
  }, {
    label: SOURCE,
    shown: 'node publisher-mcp/bin/publisher-mcp.js (the repository\'s sources)',
    command: process.execPath,
    args: [join(root, 'publisher-mcp', 'bin', 'publisher-mcp.js')],
    env: ourEnv,
  }];
  // The floor: Node answering the same three messages by hand, loading nothing (the
  // runtime's own start and the pipes' round trips).
  servers.push({
    label: FLOOR,
    shown: 'node -e <a 10-line stdin reader that answers initialize and tools/list with no tools>',
    command: process.execPath,
    args: ['-e', FLOOR_SCRIPT],
    env: process.env,
  });
  for (const [label, line] of labelled('peer')) {
    const parts = words(substitute(line));
    const env = { ...process.env };
    while (parts.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(parts[0])) {
      const [name, ...value] = parts.shift().split('=');
      env[name] = value.join('=');
    }
    if (!parts.length) throw new Error(`--peer ${label}: no command`);
    const command = parts[0] === 'node' ? process.execPath : parts[0];
    servers.push({ label, shown: line, command, args: parts.slice(1), env });
  }

  const samples = new Map(servers.map((server) => [server, { initialize: [], toolsList: [], tools: new Set() }]));
  for (const server of servers) await sample(server); // warm-up round, not recorded
  for (let i = 0; i < runs; i += 1) {
    for (let j = 0; j < servers.length; j += 1) {
      const server = servers[(i + j) % servers.length];
      const { initialize, toolsList, tools } = await sample(server);
      const figures = samples.get(server);
      figures.initialize.push(initialize);
      figures.toolsList.push(toolsList);
      figures.tools.add(tools);
    }
  }
  await service.close();
  service = undefined;

  const installs = new Map();
  if (installSize) installs.set(OURS, installed);
  for (const [label, args] of labelled('peer-install')) installs.set(label, install(`peer-${installs.size}`, words(args)));

  console.log(`Node ${process.version}, npm ${npm(['--version'], root).trim()}; ${runs} fresh processes per server (after one unrecorded round), rotating across servers`);
  console.log(`start-up = spawn → the answer to tools/list (after initialize answered and notifications/initialized sent), raw JSON-RPC on stdio, protocol ${PROTOCOL_VERSION}; ms`);
  console.log('install = npm install --omit=dev into an empty folder; size of its node_modules (du -sb, and du -sk on disk), package folders in it');
  console.log(`baseline: ${OURS} is ours; '${FLOOR}' the runtime alone; every other row a peer (× = its figure / ours)\n`);
  for (const server of servers) console.log(`- ${server.label}: ${server.shown}`);
  for (const [label, { specs, key }] of installs) console.log(`- ${label} installed from: ${specs.join(' + ')}; got ${key.join(', ')}`);
  console.log('');

  const labels = [...new Set([...servers.map((s) => s.label), ...installs.keys()])];
  const ours = servers[0];
  const ourInstall = installs.get(OURS);
  const rows = labels.map((label) => {
    const server = servers.find((s) => s.label === label);
    const figures = server && samples.get(server);
    const installed = installs.get(label);
    const relative = (value, base) => (base && label !== OURS && label !== FLOOR ? ` (${(value / base).toFixed(2)}×)` : '');
    const start = figures
      ? [
        [...figures.tools].join(' / '),
        ms(median(figures.initialize)),
        `${ms(median(figures.toolsList))}${relative(median(figures.toolsList), median(samples.get(ours).toolsList))}`,
        ms(p90(figures.toolsList)),
        ms(Math.min(...figures.toolsList)),
      ]
      : ['—', '—', '—', '—', '—'];
    const size = installed
      ? [String(installed.packages), `${mib(installed.bytes)}${relative(installed.bytes, ourInstall?.bytes)}`, mib(installed.diskKiB * 1024)]
      : ['—', '—', '—'];
    return [label, ...start, ...size];
  });
  const oursMedian = median(samples.get(ours).toolsList);
  const peers = servers.filter((server) => server.label !== OURS && server.label !== SOURCE && server.label !== FLOOR);
  for (const peer of peers) console.log(`${OURS} / ${peer.label}: ${(oursMedian / median(samples.get(peer).toolsList)).toFixed(2)}× (tools/list medians)`);
  if (peers.length) console.log('');
  table(['server', 'tools', 'initialize median', 'tools/list median', 'tools/list p90', 'tools/list min', 'packages installed', 'node_modules (du -sb)', 'on disk (du -sk)'], rows);
} finally {
  await cleanUp();
}
