// What the trigger's e2e tests share: an `n8n start` that can be stopped and started again
// on the same user folder (a restart keeps the database, so the trigger's static data),
// workflows with the Publisher Trigger polling every 5 s, the local service's publishing
// controls, and the ledger that sets records published against records emitted.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { N8N_OFFLINE_ENV, freePort } from '../../../scripts/n8n-env.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Twelve poll times, one every 5 s: n8n 2.41 refuses a single cron under a minute
 * (isSubMinuteCron), but each of these fires once a minute, on its own second.
 */
export const EVERY_FIVE_SECONDS = { item: Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` })) };
export const POLL_MS = 5000;

/** n8n on a user folder of its own; start() and stop() may be called again (a restart). */
export async function n8nServer({ n8nHome, node24Dir, packageTgz }) {
  const userFolder = mkdtempSync(join(tmpdir(), 'n8n-trigger-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PATH: `${join(node24Dir, 'bin')}:${process.env.PATH}`,
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: 'trigger-e2e-only-not-a-secret',
    ...N8N_OFFLINE_ENV,
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    N8N_SECURE_COOKIE: 'false',
    N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
    N8N_PERSONALIZATION_ENABLED: 'false',
    GENERIC_TIMEZONE: 'UTC',
    // The "Record" node reads $env.PUBLISHER_QUEUE_WORKER (unset here: "main").
    N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
  };
  delete env.NODE_OPTIONS;
  const packageDir = join(userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-publisher');
  mkdirSync(packageDir, { recursive: true });
  execFileSync('tar', ['-xzf', packageTgz, '--strip-components=1', '-C', packageDir]);
  writeFileSync(join(userFolder, '.n8n', 'nodes', 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { 'n8n-nodes-publisher': '*' } }));
  const bin = join(n8nHome, 'node_modules', '.bin', 'n8n');
  const base = `http://127.0.0.1:${port}`;
  let server = null;
  let output = '';

  async function start() {
    const child = spawn(bin, ['start'], { env });
    server = child;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`n8n start exited early:\n${output.slice(-4000)}`);
      try {
        if ((await fetch(`${base}/healthz/readiness`)).ok) return;
      } catch {}
      if (Date.now() > deadline) throw new Error(`n8n was not ready within 120 s:\n${output.slice(-4000)}`);
      await sleep(250);
    }
  }

  /** SIGTERM (n8n shuts down gracefully, its task runner with it); SIGKILL after 20 s. */
  async function stop() {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await closed;
    clearTimeout(timer);
  }

  async function remove() {
    await stop();
    rmSync(userFolder, { recursive: true, force: true });
  }

  /** Owner account and a public-API key (once; both outlive a restart): { api, rest }. */
  async function authenticate() {
    const setup = await fetch(`${base}/rest/owner/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ci@example.com', firstName: 'CI', lastName: 'Bot', password: 'Ci-password-123' }),
    });
    if (!setup.ok) throw new Error(`owner setup: ${setup.status} ${await setup.text()}`);
    const cookie = setup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const response = await fetch(`${base}/rest/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        label: 'trigger-e2e',
        scopes: ['workflow:create', 'workflow:read', 'workflow:activate', 'execution:read', 'execution:list', 'credential:create'],
        expiresAt: null,
      }),
    });
    const key = JSON.parse(await response.text()).data;
    /** n8n's internal REST API, as the editor uses it (the owner's session). */
    const rest = async (method, path, body) => {
      const answer = await fetch(`${base}/rest${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} /rest${path}: ${answer.status} ${text}`);
      return JSON.parse(text).data;
    };
    /** The public API. */
    const api = async (method, path, body) => {
      const answer = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { 'X-N8N-API-KEY': key.rawApiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} /api/v1${path}: ${answer.status} ${text}`);
      return JSON.parse(text);
    };
    return { api, rest };
  }

  return { base, userFolder, start, stop, remove, authenticate, log: () => output };
}

const uuid = (n, m) => `c0000000-0000-4000-8000-${String(n * 100 + m).padStart(12, '0')}`;

/**
 * A workflow: the Publisher Trigger (polling every 5 s) → "Record" (n8n's Execution Data
 * node, saving the process that ran it: the worker in queue mode) → a No Op.
 */
export function triggerWorkflow({ n, name, parameters, credential, id }) {
  return {
    ...(id ? { id, active: false } : {}),
    name,
    settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
    nodes: [
      { id: uuid(n, 1), name: 'Publisher Trigger', type: 'n8n-nodes-publisher.publisherTrigger', typeVersion: 1, position: [0, 0],
        parameters: { pollTimes: EVERY_FIVE_SECONDS, ...parameters }, credentials: { publisherApi: { id: credential.id, name: credential.name } } },
      { id: uuid(n, 2), name: 'Record', type: 'n8n-nodes-base.executionData', typeVersion: 1.1, position: [220, 0],
        parameters: { dataToSave: { values: [{ key: 'worker', value: '={{ $env.PUBLISHER_QUEUE_WORKER ?? "main" }}' }] } } },
      { id: uuid(n, 3), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
    ],
    connections: {
      'Publisher Trigger': { main: [[{ node: 'Record', type: 'main', index: 0 }]] },
      Record: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
    },
  };
}

/** The local service's publishing controls (POST /__control/posts|notes, DELETE …/<id>), faults and reset. */
export function serviceControls(url) {
  const control = async (method, path, body) => {
    const response = await fetch(`${url}/__control/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__control/${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    control,
    /** Publishes on a watched feed; resolves to [{id, time}] in the order published. */
    async publish(feed, { count = 1, date } = {}) {
      const who = feed.target;
      const spec = { count, ...(date ? { date } : {}), ...(who.handle ? { handle: who.handle } : {}), ...(who.userId ? { userId: who.userId } : {}) };
      if (feed.event === 'newPost') return (await control('POST', 'posts', spec)).posts.map((p) => ({ id: p.id, time: p.post_date }));
      return (await control('POST', 'notes', spec)).notes.map((n) => ({ id: n.id, time: n.date }));
    },
    async remove(feed, id) {
      await control('DELETE', `${feed.event === 'newPost' ? 'posts' : 'notes'}/${id}`);
    },
    fault: (spec) => control('POST', 'faults', spec),
    clearFaults: () => control('DELETE', 'faults'),
  };
}

/** The run data of an execution as the public API gives it: status and the ids the trigger emitted. */
export function executionSummary(execution) {
  const runData = execution.data?.resultData?.runData ?? {};
  const items = runData['Publisher Trigger']?.[0]?.data?.main?.[0] ?? [];
  return {
    id: Number(execution.id),
    mode: execution.mode,
    status: execution.status,
    ids: items.map((item) => item.json.id),
    times: items.map((item) => item.json.publishedAt),
    recorded: Boolean(runData.Done),
    error: execution.data?.resultData?.error?.message ?? null,
  };
}

/**
 * Records published per feed and scenario, set against what the executions emitted.
 * `published` holds [{id, time}] in publish order.
 */
export class Ledger {
  constructor(feeds) {
    this.feeds = feeds;
    this.published = new Map(feeds.map((f) => [f.name, []])); // feed → [{id, time, scenario}]
    this.scenarios = [];
  }

  add(feed, scenario, records) {
    for (const record of records) this.published.get(feed.name).push({ ...record, scenario });
    return records;
  }

  /** Ids published on the feed that the executions have not emitted yet. */
  missing(feed, executions) {
    const emitted = new Set(executions.flatMap((e) => e.ids));
    return this.published.get(feed.name).filter((r) => !emitted.has(r.id)).map((r) => r.id);
  }

  /**
   * Per feed and scenario: published, emitted (occurrences of its records), duplicates,
   * lost; and for the feed, records emitted that nobody published here (unexpected), and
   * whether the emitted sequence (executions in order, items in order) is the published one.
   */
  table(executionsByFeed) {
    const rows = [];
    const feeds = [];
    for (const feed of this.feeds) {
      const executions = [...executionsByFeed.get(feed.name)].sort((a, b) => a.id - b.id);
      const sequence = executions.flatMap((e) => e.ids);
      const counts = new Map();
      for (const id of sequence) counts.set(id, (counts.get(id) ?? 0) + 1);
      const published = this.published.get(feed.name);
      const byId = new Map(published.map((r) => [r.id, r]));
      for (const scenario of this.scenarios) {
        const mine = published.filter((r) => r.scenario === scenario);
        const emitted = mine.reduce((sum, r) => sum + (counts.get(r.id) ?? 0), 0);
        const duplicates = mine.reduce((sum, r) => sum + Math.max(0, (counts.get(r.id) ?? 0) - 1), 0);
        const lost = mine.filter((r) => !counts.has(r.id)).length;
        rows.push({ scenario, feed: feed.name, published: mine.length, emitted, duplicates, lost });
      }
      // Expected order: by publish time, equal times in publish order (ids grow).
      const expected = [...published].sort((a, b) => Date.parse(a.time) - Date.parse(b.time) || a.id - b.id).map((r) => r.id);
      feeds.push({
        feed: feed.name,
        executions: executions.length,
        withRecords: executions.filter((e) => e.ids.length).length,
        failedPolls: executions.filter((e) => e.status === 'error' && e.ids.length === 0).length,
        unexpected: sequence.filter((id) => !byId.has(id)).length,
        inOrder: JSON.stringify(sequence.filter((id) => byId.has(id))) === JSON.stringify(expected),
        allRecorded: executions.every((e) => e.ids.length === 0 || e.recorded),
      });
    }
    return { rows, feeds };
  }
}

/** Sums a table's rows per scenario (every feed together); `feeds`: those it published on. */
export function perScenario(rows) {
  const sums = new Map();
  for (const row of rows) {
    const sum = sums.get(row.scenario) ?? { scenario: row.scenario, feeds: 0, published: 0, emitted: 0, duplicates: 0, lost: 0 };
    if (row.published > 0) sum.feeds += 1;
    for (const key of ['published', 'emitted', 'duplicates', 'lost']) sum[key] += row[key];
    sums.set(row.scenario, sum);
  }
  return [...sums.values()];
}

export function markdownTable(rows, columns) {
  const lines = [`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${columns.map((c) => String(row[c])).join(' | ')} |`);
  return lines.join('\n');
}
