// The Publisher Trigger in n8n's queue mode: PostgreSQL and Redis, one main process that
// runs the pollers, two workers that run the executions (scripts/queue-mode.mjs). Four
// workflows poll every 5 s while the local service publishes between polls: one record per
// poll, a burst of more than one page, equal timestamps. Each record must be emitted in
// exactly one execution, run by a worker. The table is printed and written to
// n8n-node/reports/trigger-queue.json.
//
// Needs PostgreSQL and Redis (scripts/install-queue-services.sh); without them the test is
// skipped, except under CI=true where it fails. Run by `bash scripts/n8n-test.sh e2e`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnLocalService } from '../../../local-service/index.mjs';
import { parseRunData, startQueueCluster } from '../../../scripts/queue-mode.mjs';
import { CREDENTIAL, credential, packNode } from '../queue/workload.mjs';
import { Ledger, POLL_MS, assertExactlyOnce, executionSummary, markdownTable, perScenario, serviceControls, sleep, triggerWorkflow } from './trigger-harness.mjs';

const REPORT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reports', 'trigger-queue.json');
const started = Date.now();

function missingServices() {
  const postgres = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`));
  let redis = true;
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    redis = false;
  }
  const missing = [!postgres && 'PostgreSQL', !redis && 'Redis'].filter(Boolean);
  return missing.length ? `${missing.join(' and ')} not installed (bash scripts/install-queue-services.sh)` : null;
}
const missing = missingServices();
if (missing && process.env.CI === 'true') throw new Error(`queue mode: ${missing}`);
const skip = missing ? `queue mode: ${missing}` : false;

let local, service, cluster, packed, ledger, feeds;
let passed = false;
const timings = {};

function watchedFeeds(info) {
  const id = (handle) => info.users.find((u) => u.handle === handle).id;
  return [
    { name: 'posts / own', workflowId: 'wfTriggerQueue01', event: 'newPost', parameters: { event: 'newPost', source: 'own' }, target: {}, burst: 60 },
    { name: 'posts / user ID', workflowId: 'wfTriggerQueue02', event: 'newPost', parameters: { event: 'newPost', source: 'userId', userId: id('danamock') }, target: { handle: 'danamock' }, burst: 30 },
    { name: 'notes / own', workflowId: 'wfTriggerQueue03', event: 'newNote', parameters: { event: 'newNote', source: 'own' }, target: {}, burst: 45 },
    { name: 'notes / slug', workflowId: 'wfTriggerQueue04', event: 'newNote', parameters: { event: 'newNote', source: 'slug', slug: 'bjornsample' }, target: { handle: 'bjornsample' }, burst: 30 },
  ];
}

/** Every finished execution per feed, from the shared database, with the worker that ran it. */
async function allExecutions() {
  const rows = await cluster.rows(`
    select e.id::int as id, e.status, e."workflowId" as workflow, m.value as worker, d.data
      from execution_entity e
      left join execution_metadata m on m."executionId" = e.id and m.key = 'worker'
      left join execution_data d on d."executionId" = e.id
     where e.status in ('success', 'error', 'crashed', 'canceled') order by e.id`);
  const byFeed = new Map(feeds.map((feed) => [feed.name, []]));
  for (const row of rows) {
    const feed = feeds.find((f) => f.workflowId === row.workflow);
    if (!feed) continue;
    const summary = executionSummary({ id: row.id, status: row.status, data: row.data ? parseRunData(row.data) : null });
    byFeed.get(feed.name).push({ ...summary, worker: row.worker });
  }
  return byFeed;
}

/**
 * Waits until every record published so far was emitted, then (at most `graceMs` more) until
 * every execution has its worker on record: n8n writes an execution's status before the
 * data its Record node saved (as in test/queue/workload.mjs's settle).
 */
async function everythingEmitted(timeoutMs = 8 * POLL_MS, graceMs = 15_000) {
  const t0 = Date.now();
  let emittedAt = null;
  for (;;) {
    const executions = await allExecutions();
    const waiting = feeds.map((feed) => [feed.name, ledger.missing(feed, executions.get(feed.name))]).filter(([, ids]) => ids.length);
    const unrecorded = [...executions.values()].flat().filter((e) => e.ids.length && e.worker === null);
    if (waiting.length === 0) {
      emittedAt ??= Date.now();
      if (unrecorded.length === 0 || Date.now() - emittedAt > graceMs) return Date.now() - t0;
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`not emitted after ${timeoutMs} ms: ${JSON.stringify(waiting)}\n(logs: ${cluster.logDir})`);
    await sleep(1000);
  }
}

async function scenario(name, body) {
  ledger.scenarios.push(name);
  const t0 = Date.now();
  await body(async (feed, options) => ledger.add(feed, name, await service.publish(feed, options)));
  timings[name] = (Date.now() - t0) / 1000;
}

before(async () => {
  if (skip) return;
  local = await spawnLocalService({ seed: 9, posts: 40, bodyBytes: 2000 });
  service = serviceControls(local.url);
  feeds = watchedFeeds(await service.control('GET', 'info'));
  ledger = new Ledger(feeds);
  // The tarball scripts/n8n-test.sh e2e packed, else a pack of this folder.
  packed = process.env.PACKAGE_TGZ ? { tarball: process.env.PACKAGE_TGZ, remove() {} } : packNode();
  const t0 = Date.now();
  // Imported and published before the processes start: the main activates them at start-up
  // (its first poll of each remembers where the feed stands).
  cluster = await startQueueCluster({
    workers: ['w1', 'w2'],
    nodePackages: [packed.tarball],
    credentials: credential(local),
    workflows: feeds.map((feed, n) => triggerWorkflow({ n, id: feed.workflowId, name: `queue trigger ${feed.name}`, parameters: feed.parameters, credential: CREDENTIAL })),
  });
  timings['cluster start'] = (Date.now() - t0) / 1000;
  timings['cluster steps'] = cluster.timings;
});

after(async () => {
  // A failed run keeps the processes' logs (cluster.logDir).
  await cluster?.stop({ keepFiles: !passed && !skip });
  await local?.close();
  packed?.remove();
});

test('queue mode: the main polls, the workers execute; each record in exactly one execution, in order', { skip }, async () => {
  // The first poll of each trigger ran at start-up; one more cron poll finds nothing new.
  await sleep(POLL_MS + 1000);
  assert.deepEqual([...(await allExecutions()).values()].flat(), [], 'nothing emitted before anything was published');

  await scenario('queue: one per poll', async (publish) => {
    for (let round = 0; round < 2; round++) {
      for (const feed of feeds) await publish(feed);
      await everythingEmitted();
    }
  });
  await scenario('queue: bursts over several pages', async (publish) => {
    for (const feed of feeds) await publish(feed, { count: feed.burst });
    await everythingEmitted();
  });
  await scenario('queue: equal timestamps', async (publish) => {
    const date = new Date().toISOString();
    for (const feed of feeds) await publish(feed, { count: 3, date });
    await everythingEmitted();
    for (const feed of feeds) await publish(feed, { count: 2, date });
    await everythingEmitted();
  });

  await sleep(POLL_MS + 1500);
  const executions = await allExecutions();
  const { rows, feeds: perFeed } = ledger.table(executions);
  const scenarios = perScenario(rows);
  const workers = {};
  for (const e of [...executions.values()].flat()) workers[e.worker ?? 'not on record'] = (workers[e.worker ?? 'not on record'] ?? 0) + 1;
  const unrecorded = [...executions.values()].flat().filter((e) => e.worker === null);
  if (unrecorded.length) console.log(`# executions without their worker on record: ${JSON.stringify(unrecorded.map(({ id, status, recorded, error }) => ({ id, status, recorded, error })))}`);
  const report = { wallSeconds: (Date.now() - started) / 1000, timings, workers, scenarios, rows, feeds: perFeed };
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify(report, null, 2));
  console.log(`\nPublisher Trigger in queue mode (main polls, workers w1 and w2 execute), wall ${report.wallSeconds.toFixed(1)} s; executions per worker ${JSON.stringify(workers)}\n`);
  console.log(markdownTable(scenarios, ['scenario', 'feeds', 'published', 'emitted', 'duplicates', 'lost']));
  console.log(`\n${markdownTable(perFeed, ['feed', 'executions', 'withRecords', 'unexpected', 'inOrder', 'allRecorded'])}`);
  console.log(`\ntimings (s): ${JSON.stringify(timings)}`);

  assertExactlyOnce(rows, perFeed);
  assert.ok(!('main' in workers), `the main ran no execution: ${JSON.stringify(workers)}`);
  assert.ok((workers.w1 ?? 0) + (workers.w2 ?? 0) > 0, `the workers ran the executions: ${JSON.stringify(workers)}`);
  assert.ok([...executions.values()].flat().every((e) => e.status === 'success'), 'every execution succeeded');
  passed = true;
});
