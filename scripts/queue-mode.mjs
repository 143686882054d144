// n8n in queue mode on 127.0.0.1, for tests and benchmarks: PostgreSQL and Redis from
// Debian's packages (each on a free port, data in a temporary folder), one n8n main process
// that takes the webhooks, and n8n workers, each with its own user folder, task-broker port
// and health port. Everything started here is stopped by `stop()`, also when the calling
// process exits early.
//
//   import { startQueueCluster } from './scripts/queue-mode.mjs';
//   const cluster = await startQueueCluster({ workers: ['w1', 'w2'], workflows, credentials, nodePackages });
//   await fetch(cluster.webhookUrl('some-path'), { method: 'POST', ... });
//   await cluster.sql('select status, count(*) from execution_entity group by status');
//   await cluster.stop();
//
// As a command, `node scripts/queue-mode.mjs --check` proves the setup with n8n's built-in
// nodes: one webhook workflow fired 40 times at once must run on both workers.
//
// Needs: scripts/install-queue-services.sh (PostgreSQL, Redis) and scripts/install-n8n.sh
// (Node 24, n8n) to have run; N8N_HOME and NODE24_DIR are taken from the environment, or
// from install-n8n.sh's output.

import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { N8N_OFFLINE_ENV, freePort, n8nReadyTimeoutMs } from './n8n-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENCRYPTION_KEY = 'queue-mode-tests-only-not-a-secret';
const DB_NAME = 'n8n';
const DB_USER = 'n8n';

/** N8N_HOME and NODE24_DIR from the environment, else from scripts/install-n8n.sh (installs when missing). */
export function n8nInstall() {
  let { N8N_HOME, NODE24_DIR } = process.env;
  if (!N8N_HOME || !NODE24_DIR) {
    const script = join(ROOT, 'scripts', 'install-n8n.sh');
    if (!existsSync(script)) throw new Error('n8n is not installed: scripts/install-n8n.sh is missing and N8N_HOME / NODE24_DIR are not set');
    const out = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const read = (name) => out.match(new RegExp(`^export ${name}='([^']*)'`, 'm'))?.[1];
    N8N_HOME = read('N8N_HOME');
    NODE24_DIR = read('NODE24_DIR');
  }
  if (!N8N_HOME || !NODE24_DIR) throw new Error('could not find n8n (N8N_HOME) or Node 24 (NODE24_DIR)');
  return { n8nHome: N8N_HOME, node24Dir: NODE24_DIR, n8nBin: join(N8N_HOME, 'node_modules', 'n8n', 'bin', 'n8n') };
}


const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until true; on timeout the error ends with `logFile`'s tail, when given. */
async function waitFor(what, check, { timeoutMs = 60_000, intervalMs = 200, failed = () => null, logFile } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    const reason = failed();
    if (reason) throw new Error(`${what}: ${reason}`);
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await sleep(intervalMs);
  }
  const log = logFile ? `; the end of ${logFile}:\n${tail(logFile)}` : '';
  throw new Error(`${what}: not ready within ${timeoutMs} ms${lastError ? ` (${lastError.message})` : ''}${log}`);
}

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// Every child process group started here, so that an early exit still stops them.
const running = new Set();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
});

/** Spawns a command in its own process group, output appended to logFile. */
function startProcess(name, command, args, { env, logFile, cwd }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  running.add(child.pid);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => {
    running.delete(child.pid);
    resolve({ code, signal });
  }));
  return {
    name,
    child,
    pid: child.pid,
    logFile,
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** Signals the whole group (n8n's task runner included). */
    kill(signal = 'SIGTERM') {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    },
    async stop(graceMs = 15_000) {
      if (this.alive) {
        this.kill('SIGTERM');
        const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      this.kill('SIGKILL'); // whatever is left of the group, e.g. a task runner
    },
  };
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    // Decoded by the streams, so that a character split between two chunks stays whole.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${err}${out}`))));
  });
}

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed: run scripts/install-queue-services.sh');
  versions.sort((a, b) => Number(b) - Number(a));
  return join(base, versions[0], 'bin');
}

/** PostgreSQL's server refuses to run as root: as root, its commands run as the `postgres` user. */
function asPostgresUser(command, args) {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

/** Starts PostgreSQL on a free port; data and socket in `dir`. Resolves to { port, sql(), stop() }. */
export async function startPostgres(dir, logDir) {
  const bin = postgresBinDir();
  const data = join(dir, 'data');
  mkdirSync(data, { recursive: true });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  chmodSync(data, 0o700);
  await run(...asPostgresUser(join(bin, 'initdb'), ['-D', data, '-U', DB_USER, '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']));
  const port = await freePort();
  const logFile = join(logDir, 'postgres.log');
  writeFileSync(logFile, '');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', logFile]);
  // No durability needed for a throwaway database: fsync off saves the 2-core machine's disk.
  const server = startProcess('postgres', ...asPostgresUser(join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]), { env: process.env, logFile });
  const psql = (sql, db = DB_NAME) => run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port), '-U', DB_USER, '-d', db, '-At', '-c', sql]);
  // Budgets for a loaded 2-core machine, where a warm start takes a few seconds.
  await waitFor('PostgreSQL', async () => (await psql('select 1', 'postgres')).trim() === '1', {
    timeoutMs: 120_000,
    logFile,
    failed: () => (server.alive ? null : `exited:\n${tail(logFile)}`),
  });
  await psql(`create database ${DB_NAME}`, 'postgres');
  return {
    port,
    /** Runs SQL, resolves to psql's unaligned output (use json_agg for structured results). */
    sql: psql,
    /** Rows of a SELECT as objects. */
    async rows(select) {
      const out = await psql(`select coalesce(json_agg(t), '[]'::json) from (${select}) t`);
      return JSON.parse(out);
    },
    stop: () => server.stop(),
  };
}

/** Starts redis-server on a free port (no persistence). Resolves to { port, stop() }. */
export async function startRedis(dir, logDir) {
  const port = await freePort();
  const logFile = join(logDir, 'redis.log');
  const server = startProcess('redis', 'redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no',
  ], { env: process.env, logFile });
  await waitFor('Redis', () => readFileSync(logFile, 'utf8').includes('Ready to accept connections'), {
    timeoutMs: 60_000,
    logFile,
    failed: () => (server.alive ? null : `exited:\n${tail(logFile)}`),
  });
  return { port, stop: () => server.stop() };
}

/**
 * Installs a community-node package into one process's nodes folder, as n8n's own installer
 * does: the tarball unpacked into <user folder>/.n8n/nodes/node_modules/<name>, and the
 * dependency recorded in .n8n/nodes/package.json.
 */
export function installNodePackage(userFolder, tarball) {
  const nodesDir = join(userFolder, '.n8n', 'nodes');
  const pkg = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  const target = join(nodesDir, 'node_modules', pkg.name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  const manifest = join(nodesDir, 'package.json');
  const current = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : { name: 'installed-nodes', private: true, dependencies: {} };
  current.dependencies[pkg.name] = pkg.version;
  writeFileSync(manifest, JSON.stringify(current, null, 2));
  return { name: pkg.name, version: pkg.version, dir: target };
}

/**
 * Starts the whole cluster.
 *   workers      names of the worker processes to start (each gets PUBLISHER_QUEUE_WORKER=<name>)
 *   concurrency  jobs one worker runs at once (n8n's default is 10)
 *   nodePackages tarballs installed into every process's nodes folder
 *   credentials, workflows  arrays in n8n's import format; every workflow is published
 *   env          extra environment for every n8n process
 */
export async function startQueueCluster({ workers = ['w1', 'w2'], concurrency = 10, nodePackages = [], credentials = [], workflows = [], env = {} } = {}) {
  const { n8nBin, node24Dir } = n8nInstall();
  const base = mkdtempSync(join(tmpdir(), 'n8n-queue-'));
  chmodSync(base, 0o755); // PostgreSQL's user must reach its folder below
  const logDir = join(base, 'logs');
  mkdirSync(logDir);
  const started = [];
  const timings = {};
  let lap = Date.now();
  const mark = (step) => {
    timings[step] = (Date.now() - lap) / 1000;
    lap = Date.now();
  };
  const stopAll = async () => {
    for (const item of started.reverse()) await item.stop().catch(() => {});
    started.length = 0;
  };
  try {
    const pgDir = join(base, 'postgres');
    mkdirSync(pgDir);
    const postgres = await startPostgres(pgDir, logDir);
    started.push(postgres);
    mark('postgres');
    const redisDir = join(base, 'redis');
    mkdirSync(redisDir);
    const redis = await startRedis(redisDir, logDir);
    started.push(redis);
    mark('redis');

    const sharedEnv = {
      PATH: `${join(node24Dir, 'bin')}:${process.env.PATH}`,
      HOME: process.env.HOME,
      TZ: 'UTC',
      N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
      EXECUTIONS_MODE: 'queue',
      QUEUE_BULL_REDIS_HOST: '127.0.0.1',
      QUEUE_BULL_REDIS_PORT: String(redis.port),
      DB_TYPE: 'postgresdb',
      DB_POSTGRESDB_HOST: '127.0.0.1',
      DB_POSTGRESDB_PORT: String(postgres.port),
      DB_POSTGRESDB_DATABASE: DB_NAME,
      DB_POSTGRESDB_USER: DB_USER,
      DB_POSTGRESDB_PASSWORD: '',
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
      N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
      N8N_SECURE_COOKIE: 'false',
      ...N8N_OFFLINE_ENV,
      N8N_LOG_LEVEL: 'info',
      // The test workflows record which worker ran them from $env.PUBLISHER_QUEUE_WORKER.
      N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
      ...env,
    };
    const processEnv = async (name) => {
      const userFolder = join(base, name);
      mkdirSync(userFolder, { recursive: true });
      for (const tarball of nodePackages) installNodePackage(userFolder, tarball);
      return { ...sharedEnv, N8N_USER_FOLDER: userFolder, N8N_RUNNERS_BROKER_PORT: String(await freePort()), PUBLISHER_QUEUE_WORKER: name };
    };

    const mainPort = await freePort();
    const mainEnv = { ...(await processEnv('main')), N8N_PORT: String(mainPort), WEBHOOK_URL: `http://127.0.0.1:${mainPort}/` };
    const cli = (args) => run(n8nBin, args, { env: mainEnv });
    // Imports and publishing go to the shared database before any process starts.
    if (credentials.length) {
      writeFileSync(join(base, 'credentials.json'), JSON.stringify(credentials));
      await cli(['import:credentials', `--input=${join(base, 'credentials.json')}`]);
    }
    if (workflows.length) {
      writeFileSync(join(base, 'workflows.json'), JSON.stringify(workflows));
      await cli(['import:workflow', `--input=${join(base, 'workflows.json')}`]);
      for (const workflow of workflows) await cli(['publish:workflow', `--id=${workflow.id}`]);
    }

    mark('import');
    const mainUrl = `http://127.0.0.1:${mainPort}`;
    const startMain = async () => {
      const main = startProcess('main', n8nBin, ['start'], { env: mainEnv, logFile: join(logDir, 'main.log') });
      started.push(main);
      await waitFor('n8n main', async () => (await fetch(`${mainUrl}/healthz/readiness`)).ok, {
        timeoutMs: n8nReadyTimeoutMs(),
        logFile: main.logFile,
        failed: () => (main.alive ? null : `exited:\n${tail(main.logFile)}`),
      });
      return main;
    };
    const main = await startMain();
    mark('main');

    const workerHandles = new Map();
    const startWorker = async (name) => {
      const healthPort = await freePort();
      const workerEnv = { ...(await processEnv(name)), QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) };
      const worker = startProcess(name, n8nBin, ['worker', `--concurrency=${concurrency}`], { env: workerEnv, logFile: join(logDir, `${name}.log`) });
      worker.healthUrl = `http://127.0.0.1:${healthPort}`;
      started.push(worker);
      workerHandles.set(name, worker);
      await waitFor(`n8n worker ${name}`, async () => (await fetch(`${worker.healthUrl}/healthz/readiness`)).ok, {
        timeoutMs: n8nReadyTimeoutMs(),
        logFile: worker.logFile,
        failed: () => (worker.alive ? null : `exited:\n${tail(worker.logFile)}`),
      });
      return worker;
    };
    await Promise.all(workers.map(startWorker));
    mark('workers');

    return {
      base,
      logDir,
      /** Seconds each start-up step took: postgres, redis, import (credentials, workflows), main, workers. */
      timings,
      mainUrl,
      main,
      /** Runs a redis-cli command against the queue's Redis; resolves to its output. */
      redis: (...args) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(redis.port), ...args]).then((out) => out.trim()),
      postgres,
      workers: workerHandles,
      startWorker,
      webhookUrl: (path) => `${mainUrl}/webhook/${path}`,
      sql: postgres.sql,
      rows: postgres.rows,
      /** Memory (kB) of a process group's members, by command line: { pid, rss, command }. */
      memory: (handle) => processGroupMemory(handle.pid),
      async stop({ keepFiles = false } = {}) {
        await stopAll();
        if (!keepFiles) rmSync(base, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    error.message += `\n(logs kept in ${logDir})`;
    throw error;
  }
}

/** RSS of every process in a process group, read from /proc. */
export function processGroupMemory(pgid) {
  const result = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue; // field 5 of stat: process group
      const rss = Number(readFileSync(`/proc/${entry}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      result.push({ pid: Number(entry), rss, command });
    } catch {}
  }
  return result;
}

/** Parses n8n's stored run data (execution_data.data is in the `flatted` format), with n8n's own copy of flatted. */
export function parseRunData(text) {
  const { n8nHome } = n8nInstall();
  const require = createRequire(join(n8nHome, 'node_modules', 'n8n', 'package.json'));
  return require('flatted').parse(text);
}

// --- the --check command: the setup proven with n8n's built-in nodes --------------------

function builtInWorkflow() {
  return {
    id: 'wfQueueCheck00001',
    name: 'queue-mode check',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: [
      { id: 'a0000000-0000-4000-8000-000000000001', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'a0000000-0000-4000-8000-0000000000aa',
        parameters: { httpMethod: 'POST', path: 'queue-check', responseMode: 'onReceived', options: {} } },
      { id: 'a0000000-0000-4000-8000-000000000002', name: 'Worker', type: 'n8n-nodes-base.executionData', typeVersion: 1.1, position: [220, 0],
        parameters: { dataToSave: { values: [{ key: 'worker', value: '={{ $env.PUBLISHER_QUEUE_WORKER }}' }] } } },
      { id: 'a0000000-0000-4000-8000-000000000003', name: 'Echo', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [440, 0],
        parameters: { mode: 'raw', jsonOutput: '={{ JSON.stringify({ n: $json.body.n, doubled: $json.body.n * 2 }) }}', options: {} } },
    ],
    connections: {
      Webhook: { main: [[{ node: 'Worker', type: 'main', index: 0 }]] },
      Worker: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] },
    },
  };
}

async function check() {
  const t0 = Date.now();
  const cluster = await startQueueCluster({ workflows: [builtInWorkflow()] });
  console.log(`cluster up in ${((Date.now() - t0) / 1000).toFixed(1)} s (logs: ${cluster.logDir})`);
  let passed = false;
  try {
    const count = 40;
    const responses = await Promise.all(Array.from({ length: count }, (_, n) => fetch(cluster.webhookUrl('queue-check'), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }),
    })));
    if (!responses.every((r) => r.ok)) throw new Error(`webhook answers: ${responses.map((r) => r.status).join(',')}`);
    await waitFor('executions', async () => Number(await cluster.sql("select count(*) from execution_entity where status in ('success','error','crashed')")) === count, { timeoutMs: 120_000, intervalMs: 500 });
    const states = await cluster.rows('select status, count(*)::int as n from execution_entity group by status');
    const byWorker = await cluster.rows("select value as worker, count(*)::int as n from execution_metadata where key = 'worker' group by value order by value");
    const outputs = await cluster.rows('select data from execution_data');
    const doubled = outputs.map((row) => parseRunData(row.data).resultData.runData.Echo[0].data.main[0][0].json).sort((a, b) => a.n - b.n);
    console.log('states:', JSON.stringify(states), 'workers:', JSON.stringify(byWorker));
    if (states.length !== 1 || states[0].status !== 'success') throw new Error('not every execution succeeded');
    if (byWorker.length !== 2) throw new Error('both workers must have run executions');
    if (!doubled.every((o, i) => o.n === i && o.doubled === 2 * i)) throw new Error(`wrong outputs: ${JSON.stringify(doubled)}`);
    console.log(`queue-mode check passed: ${count} executions in ${((Date.now() - t0) / 1000).toFixed(1)} s overall`);
    passed = true;
  } finally {
    await cluster.stop({ keepFiles: !passed });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== '--check') {
    console.error('usage: node scripts/queue-mode.mjs --check');
    process.exit(2);
  }
  check().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
