// What the trigger's e2e tests share: an `n8n start` that can be stopped and started again
// on the same user folder (a restart keeps the database, so the trigger's static data),
// workflows with the Publisher Trigger polling every 5 s, the local service's publishing
// controls, and the ledger that sets records published against records emitted.
import assert from 'node:assert/strict';
import { prepareN8n } from './n8n.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Twelve poll times, one every 5 s: n8n 2.41 refuses a single cron under a minute
 * (isSubMinuteCron), but each of these fires once a minute, on its own second.
 */
export const EVERY_FIVE_SECONDS = { item: Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` })) };
export const POLL_MS = 5000;

/** n8n on a user folder of its own (the e2e suite's, ./n8n.mjs); start() and stop() may be called again (a restart). */
export async function n8nServer({ n8nHome, node24Dir, packageTgz }) {
  const n8n = await prepareN8n({
    n8nHome,
    node24Dir,
    packageTgz,
    label: 'trigger-e2e',
    env: {
      GENERIC_TIMEZONE: 'UTC',
      // The "Record" node reads $env.PUBLISHER_QUEUE_WORKER (unset here: "main").
      N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
    },
  });
  return { ...n8n, log: n8n.logText };
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

/**
 * Exactly once: per scenario and feed, every published record emitted, none twice, none
 * lost; per feed, no record nobody published, the publish order kept, every execution
 * with its Record node run.
 */
export function assertExactlyOnce(rows, feeds) {
  for (const row of rows) {
    assert.equal(row.emitted, row.published, `${row.scenario} / ${row.feed}: emitted`);
    assert.equal(row.duplicates, 0, `${row.scenario} / ${row.feed}: duplicates`);
    assert.equal(row.lost, 0, `${row.scenario} / ${row.feed}: lost`);
  }
  for (const feed of feeds) {
    assert.equal(feed.unexpected, 0, `${feed.feed}: records nobody published`);
    assert.ok(feed.inOrder, `${feed.feed}: emitted in publish order`);
    assert.ok(feed.allRecorded, `${feed.feed}: every execution ran its Record node`);
  }
}
