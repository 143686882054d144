// The Publisher Trigger in a real n8n 2.41.1 (Node 24) against the local service: six
// active workflows (new posts and new notes; own, by slug, by user ID), each polling every
// 5 s through twelve custom crons, while the service's controls publish records between
// polls. Scenarios: one record per poll, bursts of more than one page, equal timestamps,
// deleted records, a 500 and a 429 on the polls, and n8n restarted between polls. Each
// published record must appear in exactly one execution, in publish order; the table of
// published / emitted / duplicates / lost per scenario is printed and written to
// n8n-node/reports/trigger-e2e.json.
//
// Needs: N8N_HOME, NODE24_DIR (eval "$(bash scripts/install-n8n.sh)"), PACKAGE_TGZ (npm
// pack of this folder). Run by `bash scripts/n8n-test.sh e2e`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnLocalService } from '../../../local-service/index.mjs';
import {
  Ledger, POLL_MS, assertExactlyOnce, executionSummary, markdownTable, n8nServer, perScenario, serviceControls, sleep, triggerWorkflow,
} from './trigger-harness.mjs';

const { N8N_HOME, NODE24_DIR, PACKAGE_TGZ } = process.env;
const API_KEY = 'trigger-e2e-key-51c0a8';
const REPORT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reports', 'trigger-e2e.json');
const started = Date.now();

let local, n8n, api, rest, service, ledger, feeds;
const timings = {};
const workflowIds = new Map();

/** The watched feeds: the workflow's parameters, whom the controls publish for, the size of a burst. */
function watchedFeeds(info) {
  const id = (handle) => info.users.find((u) => u.handle === handle).id;
  return [
    { name: 'posts / own', event: 'newPost', parameters: { event: 'newPost', source: 'own' }, target: {}, burst: 60 },
    { name: 'posts / slug', event: 'newPost', parameters: { event: 'newPost', source: 'slug', slug: 'danamock' }, target: { handle: 'danamock' }, burst: 30 },
    { name: 'posts / user ID', event: 'newPost', parameters: { event: 'newPost', source: 'userId', userId: id('emiletestwright') }, target: { handle: 'emiletestwright' }, burst: 30 },
    { name: 'notes / own', event: 'newNote', parameters: { event: 'newNote', source: 'own' }, target: {}, burst: 45 },
    { name: 'notes / slug', event: 'newNote', parameters: { event: 'newNote', source: 'slug', slug: 'bjornsample' }, target: { handle: 'bjornsample' }, burst: 30 },
    { name: 'notes / user ID', event: 'newNote', parameters: { event: 'newNote', source: 'userId', userId: id('chidiplaceholder') }, target: { handle: 'chidiplaceholder' }, burst: 30 },
  ];
}

/** Every finished execution of the feed's workflow, oldest first; manual runs apart (`manual: true`). */
async function executionsOf(feed, { manual = false } = {}) {
  const all = [];
  let cursor = null;
  do {
    const page = await api('GET', `/executions?workflowId=${workflowIds.get(feed.name)}&includeData=true&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return all
    .filter((e) => !['running', 'new', 'waiting'].includes(e.status) && (e.mode === 'manual') === manual)
    .map(executionSummary)
    .sort((a, b) => a.id - b.id);
}

async function allExecutions() {
  return new Map(await Promise.all(feeds.map(async (feed) => [feed.name, await executionsOf(feed)])));
}

/** Waits until every record published so far was emitted; resolves to the ms it took. */
async function everythingEmitted(timeoutMs = 6 * POLL_MS) {
  const t0 = Date.now();
  for (;;) {
    const executions = await allExecutions();
    const missing = feeds.map((feed) => [feed.name, ledger.missing(feed, executions.get(feed.name))]).filter(([, ids]) => ids.length);
    if (missing.length === 0) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`not emitted after ${timeoutMs} ms: ${JSON.stringify(missing)}\n${n8n.log().slice(-3000)}`);
    await sleep(1000);
  }
}

/** Waits until every feed's workflow has a failed poll (an error execution) after `marker`. */
async function everyPollFailed(marker, timeoutMs = 4 * POLL_MS) {
  const t0 = Date.now();
  for (;;) {
    const executions = await allExecutions();
    const waiting = feeds.filter((feed) => !executions.get(feed.name).some((e) => e.status === 'error' && e.ids.length === 0 && e.id > marker.get(feed.name)));
    if (waiting.length === 0) return executions;
    if (Date.now() - t0 > timeoutMs) throw new Error(`no failed poll within ${timeoutMs} ms for ${waiting.map((f) => f.name).join(', ')}`);
    await sleep(1000);
  }
}

async function lastExecutionIds() {
  const executions = await allExecutions();
  return new Map(feeds.map((feed) => [feed.name, Math.max(0, ...executions.get(feed.name).map((e) => e.id))]));
}

/** Runs one scenario and records its wall time. */
async function scenario(name, body) {
  ledger.scenarios.push(name);
  const t0 = Date.now();
  await body(async (feed, options) => ledger.add(feed, name, await service.publish(feed, options)));
  timings[name] = (Date.now() - t0) / 1000;
}

before(async () => {
  for (const [name, value] of Object.entries({ N8N_HOME, NODE24_DIR, PACKAGE_TGZ })) assert.ok(value, `${name} must be set`);
  local = await spawnLocalService({ apiKey: API_KEY, seed: 7, posts: 40, bodyBytes: 2000 });
  service = serviceControls(local.url);
  feeds = watchedFeeds(await service.control('GET', 'info'));
  ledger = new Ledger(feeds);
  let t = Date.now();
  n8n = await n8nServer({ n8nHome: N8N_HOME, node24Dir: NODE24_DIR, packageTgz: PACKAGE_TGZ });
  await n8n.start();
  timings['n8n start'] = (Date.now() - t) / 1000;
  t = Date.now();
  ({ api, rest } = await n8n.authenticate());
  const credential = await api('POST', '/credentials', {
    name: 'Publisher local', type: 'publisherApi',
    data: { apiKey: API_KEY, hostname: 'localpub.substack.com', cookieName: 'connect.sid', baseUrl: local.url },
  });
  for (const [n, feed] of feeds.entries()) {
    const created = await api('POST', '/workflows', triggerWorkflow({ n, name: `trigger ${feed.name}`, parameters: feed.parameters, credential }));
    workflowIds.set(feed.name, created.id);
    // Publishing activates it; its first poll (at activation) remembers where the feed stands.
    await api('POST', `/workflows/${created.id}/publish`);
  }
  timings['workflows activated'] = (Date.now() - t) / 1000;
});

after(async () => {
  await n8n?.remove();
  await local?.close();
});

test('activation: the first poll emits nothing, even with records on every feed', async () => {
  await sleep(POLL_MS + 1000);
  const executions = await allExecutions();
  for (const feed of feeds) assert.deepEqual(executions.get(feed.name), [], `${feed.name}: no execution`);
});

test('one record per poll: each appears in exactly one execution, in order', async () => {
  await scenario('one per poll', async (publish) => {
    for (let round = 0; round < 3; round++) {
      for (const feed of feeds) await publish(feed, { count: round === 2 ? 2 : 1 });
      await everythingEmitted();
    }
  });
});

test('bursts of more than one page (60 own posts, 45 own notes, 30 of each user) are emitted once, in order', async () => {
  await scenario('bursts over several pages', async (publish) => {
    for (const feed of feeds) await publish(feed, { count: feed.burst });
    await everythingEmitted();
  });
});

test('equal timestamps: all records of one timestamp are emitted, none twice, also those that come later at that time', async () => {
  await scenario('equal timestamps', async (publish) => {
    const date = new Date().toISOString();
    for (const feed of feeds) await publish(feed, { count: 3, date });
    await everythingEmitted();
    for (const feed of feeds) await publish(feed, { count: 2, date });
    await everythingEmitted();
  });
});

test('deleted records (the newest emitted one included) do not disturb it', async () => {
  await scenario('deleted records', async (publish) => {
    for (const feed of feeds) {
      const mine = ledger.published.get(feed.name);
      await service.remove(feed, mine.at(-1).id);
      await service.remove(feed, mine.at(-5).id);
    }
    for (const feed of feeds) await publish(feed, { count: 2 });
    await everythingEmitted();
  });
});

test('a 500 and a 429 on the polls: the polls fail (recorded as failed executions), then the next one catches up, nothing lost', async () => {
  await scenario('500, then 429 on the polls', async (publish) => {
    for (const [fault, label] of [
      [{ pathPrefix: '/api/v1/', status: 500 }, '500'],
      // A Retry-After longer than the client waits (60 s): the call fails at once.
      [{ pathPrefix: '/api/v1/', status: 429, retryAfter: '3600' }, '429'],
    ]) {
      const marker = await lastExecutionIds();
      await service.fault(fault);
      try {
        for (const feed of feeds) await publish(feed, { count: 2 });
        const executions = await everyPollFailed(marker);
        const failed = feeds.map((feed) => executions.get(feed.name).find((e) => e.status === 'error' && e.id > marker.get(feed.name)));
        for (const execution of failed) assert.match(execution.error, label === '500' ? /The poll failed: .*500/ : /The poll failed: .*429/);
      } finally {
        await service.clearFaults();
      }
    }
    await everythingEmitted();
  });
});

test('Fetch Test Event (a manual run of the trigger): the newest record, and the live trigger still emits it once', async () => {
  const feed = feeds.find((f) => f.name === 'posts / own');
  await scenario('Fetch Test Event between polls', async (publish) => {
    const [newest] = await publish(feed);
    const { executionId } = await rest('POST', `/workflows/${workflowIds.get(feed.name)}/run`, {
      triggerToStartFrom: { name: 'Publisher Trigger' },
      destinationNode: { nodeName: 'Publisher Trigger', mode: 'inclusive' },
    });
    assert.ok(executionId, 'a manual execution');
    let manual;
    for (let i = 0; i < 60 && !manual; i++) {
      manual = (await executionsOf(feed, { manual: true })).find((e) => e.id === Number(executionId));
      if (!manual) await sleep(500);
    }
    assert.equal(manual?.status, 'success', JSON.stringify(manual));
    assert.deepEqual(manual.ids, [newest.id], 'the newest post');
    await everythingEmitted();
  });
});

test('n8n restarted between polls: records published while it was down are emitted once after the start, nothing lost or twice', async () => {
  await scenario('n8n restarted between polls', async (publish) => {
    for (const feed of feeds) await publish(feed);
    await everythingEmitted();
    let t = Date.now();
    await n8n.stop();
    timings['n8n stop'] = (Date.now() - t) / 1000;
    for (const feed of feeds) await publish(feed, { count: 2 });
    t = Date.now();
    await n8n.start();
    timings['n8n restart'] = (Date.now() - t) / 1000;
    await everythingEmitted();
    for (const feed of feeds) await publish(feed);
    await everythingEmitted();
  });
});

test('the table: per scenario, records published = emitted, 0 duplicates, 0 lost; every execution in order', async () => {
  // One more poll, so that a record emitted twice would show.
  await sleep(POLL_MS + 1500);
  const { rows, feeds: perFeed } = ledger.table(await allExecutions());
  const scenarios = perScenario(rows);
  const report = { wallSeconds: (Date.now() - started) / 1000, timings, scenarios, rows, feeds: perFeed };
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify(report, null, 2));
  console.log(`\nPublisher Trigger in n8n 2.41.1 (6 workflows polling every 5 s), wall ${report.wallSeconds.toFixed(1)} s\n`);
  console.log(markdownTable(scenarios, ['scenario', 'feeds', 'published', 'emitted', 'duplicates', 'lost']));
  console.log(`\n${markdownTable(perFeed, ['feed', 'executions', 'withRecords', 'failedPolls', 'unexpected', 'inOrder', 'allRecorded'])}`);
  console.log(`\ntimings (s): ${JSON.stringify(timings)}`);
  assertExactlyOnce(rows, perFeed);
  for (const feed of perFeed) assert.ok(feed.failedPolls >= 2, `${feed.feed}: the failed polls are on record`);
});
