// The Publisher node in n8n's queue mode: one main process taking webhooks, Redis as the
// queue, PostgreSQL as the shared database, two workers; the node installed in every
// process's nodes folder; the local Publisher service in a child process.
//
//   node --test --test-concurrency=1 n8n-node/test/queue/
//
// Needs the client built (node scripts/build-pkg.mjs), the node built (its dist/), and the
// installers run (scripts/install-queue-services.sh, scripts/install-n8n.sh). A packed node
// may be given as PUBLISHER_NODE_TGZ; otherwise it is packed here from n8n-node/.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Publisher } from '../../../pkg/node.js';
import { spawnLocalService } from '../../../local-service/index.mjs';
import { startQueueCluster } from '../../../scripts/queue-mode.mjs';
import {
  clientOutput, countBy, credential, executionRecords, fire, lastExecutionId, packNode, planCalls,
  publishedText, readWorld, settle, workflow,
} from './workload.mjs';

const EXECUTIONS = 200;

let service, client, world, packed, tarball;

async function control(method, path, body) {
  const response = await fetch(`${service.url}/__control/${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body && JSON.stringify(body) });
  assert.ok(response.ok, `${method} /__control/${path}: ${response.status}`);
  return response.status === 204 ? null : response.json();
}

function startCluster(extra = {}) {
  return startQueueCluster({
    workers: ['w1', 'w2'],
    nodePackages: [tarball],
    credentials: credential(service),
    workflows: [workflow()],
    ...extra,
  });
}

/**
 * Fires `calls` at the cluster and returns n8n's records of them, keyed by call tag, with the
 * service's request log of the same span.
 */
async function runBatch(cluster, calls) {
  await control('DELETE', 'requests');
  const marker = await lastExecutionId(cluster);
  const { startedAt, statuses } = await fire(cluster, calls);
  assert.deepEqual(countBy(statuses, (s) => s), { 200: calls.length }, 'every webhook call is accepted');
  await settle(cluster, marker, calls.length);
  const records = await executionRecords(cluster, marker);
  const log = await control('GET', 'requests');
  return { startedAt, records, log };
}

/** Every execution succeeded, every read equals the client's answer, one publish per create. */
async function checkBatch(calls, { records, log, startedAt }, label) {
  assert.equal(records.length, calls.length, 'one execution per webhook call');
  const byTag = new Map(records.map((r) => [r.body?.tag, r]));
  const failed = records.filter((r) => r.status !== 'success');
  assert.deepEqual(failed.map((r) => `${r.id} ${r.status} ${r.error?.message ?? ''}`), [], 'every execution succeeded');

  const workers = countBy(records, (r) => r.worker);
  assert.deepEqual(Object.keys(workers).sort(), ['w1', 'w2'], `both workers ran executions: ${JSON.stringify(workers)}`);

  let reads = 0;
  for (const call of calls) {
    const record = byTag.get(call.tag);
    assert.ok(record, `an execution for ${call.tag}`);
    if (call.op === 'create') {
      assert.equal(record.output.length, 1);
      const [note] = record.output;
      assert.equal(note.body, `${call.title}\n\n${call.body.replace('\n', '\n\n')}`, `${call.tag}: title, blank line, body`);
      assert.match(note.url, new RegExp(`^https://substack\\.com/@adaexample/note/c-${note.id}$`));
    } else {
      assert.deepEqual(record.output, await clientOutput(client, call), `${call.tag} (${call.op}) equals the client's answer`);
      reads++;
    }
  }

  const creates = calls.filter((c) => c.op === 'create');
  const publishes = log.filter((e) => e.method === 'POST' && e.url.startsWith('/api/v1/comment/feed') && e.status === 200);
  const publishedTexts = countBy(publishes, (e) => publishedText(e.body));
  assert.deepEqual(publishedTexts, Object.fromEntries(creates.map((c) => [`${c.title}\n\n${c.body.replace('\n', '\n\n')}`, 1])),
    'exactly one publish per create');
  const faulted = log.filter((e) => e.fault !== null).length;
  const wall = (Math.max(...records.map((r) => Date.parse(r.stopped))) - startedAt) / 1000;
  console.log(`# ${label}: ${calls.length} executions (${reads} reads, ${creates.length} creates), workers ${JSON.stringify(workers)}, ` +
    `wall ${wall.toFixed(1)} s (${(calls.length / wall).toFixed(1)} executions/s), requests ${log.length} (${faulted} faulted), publishes ${publishes.length}`);
  return { wall, workers, publishes: publishes.length, creates: creates.length, faulted };
}

let cluster;
before(async () => {
  packed = packNode();
  tarball = packed.tarball;
  service = await spawnLocalService({ seed: 5 });
  client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url, hostname: 'localpub.substack.com' });
  world = await readWorld(service.url, client);
  cluster = await startCluster();
});

after(async () => {
  await cluster?.stop();
  await service?.close();
  packed?.remove();
});

test(`${EXECUTIONS} webhook executions at once on two workers: all succeed, reads equal the client's, one publish per create`, async () => {
  const calls = planCalls(EXECUTIONS, 'plain', world);
  const result = await checkBatch(calls, await runBatch(cluster, calls), 'no faults');
  assert.equal(result.faulted, 0);
});

test(`${EXECUTIONS} executions while the service answers 10 % of requests with 429 and Retry-After`, async () => {
  await control('POST', 'faults', { pathPrefix: '/api/', probability: 0.1, seed: 11, status: 429, retryAfter: '1' });
  try {
    const calls = planCalls(EXECUTIONS, 'throttled', world);
    const batch = await runBatch(cluster, calls);
    const result = await checkBatch(calls, batch, '10 % 429');
    assert.ok(result.faulted > 0, 'some requests were answered 429');
    const throttledPublishes = batch.log.filter((e) => e.method === 'POST' && e.status === 429).length;
    console.log(`# 429s: ${result.faulted} in all, ${throttledPublishes} of them to a publish (retried after Retry-After, never a second note)`);
  } finally {
    await control('DELETE', 'faults');
  }
});

test(`a worker killed (SIGKILL) in the middle of ${EXECUTIONS} executions: the other goes on, no note is published twice`, async () => {
  // A cluster of its own: short Bull locks, so the surviving worker soon finds the killed
  // worker's jobs stalled (n8n does not run a stalled job again: maxStalledCount 0).
  await cluster.stop();
  cluster = await startCluster({ env: { QUEUE_WORKER_LOCK_DURATION: '10000', QUEUE_WORKER_LOCK_RENEW_TIME: '2000', QUEUE_WORKER_STALLED_INTERVAL: '5000' } });
  const calls = planCalls(EXECUTIONS, 'killed', world);
  await control('DELETE', 'requests');
  const marker = await lastExecutionId(cluster);
  const firing = fire(cluster, calls);

  // Kill w2 (and its task runner) once it has finished some executions and is running more.
  const victim = cluster.workers.get('w2');
  let killedAt;
  for (;;) {
    const [{ done, running }] = await cluster.rows(`select
        count(*) filter (where m.value = 'w2')::int as done,
        (select count(*) from execution_entity where id > ${marker} and status = 'running')::int as running
      from execution_entity e left join execution_metadata m on m."executionId" = e.id and m.key = 'worker' where e.id > ${marker}`);
    if (done >= 10 && running > 0) {
      victim.kill('SIGKILL');
      killedAt = Date.now();
      break;
    }
    const ended = Number(await cluster.sql(`select count(*) from execution_entity where id > ${marker} and status in ('success','error','crashed')`));
    assert.ok(ended < EXECUTIONS, 'the run ended before w2 could be killed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await victim.exited;
  const { statuses } = await firing;
  assert.deepEqual(countBy(statuses, (s) => s), { 200: EXECUTIONS }, 'every webhook call is accepted');

  // The survivor works through the queue; the killed worker's jobs stay "running" until the
  // stalled-job check fails them in Bull.
  const survivor = cluster.workers.get('w1');
  assert.ok(survivor.alive, 'w1 is still running');
  const activeJobs = async () => Number(await cluster.redis('llen', 'bull:jobs:active')) + Number(await cluster.redis('llen', 'bull:jobs:wait'));
  await settle(cluster, marker, EXECUTIONS, { done: async () => (await activeJobs()) === 0 && Number(await cluster.sql(`select count(*) from execution_entity where id > ${marker} and status = 'new'`)) === 0 });
  const beforeRecovery = countBy(await executionRecords(cluster, marker), (r) => r.status);

  // What n8n reports for them: its queue recovery (run by the main at start-up, and every
  // N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL minutes) marks executions without a job as crashed.
  await cluster.restartMain();
  const records = await executionRecords(cluster, marker);
  const states = countBy(records, (r) => r.status);
  const afterKill = records.filter((r) => r.worker === 'w1' && Date.parse(r.stopped) > killedAt).length;
  const log = await control('GET', 'requests');
  const publishes = log.filter((e) => e.method === 'POST' && e.url.startsWith('/api/v1/comment/feed') && e.status === 200);
  const perText = countBy(publishes, (e) => publishedText(e.body));
  const creates = calls.filter((c) => c.op === 'create');
  const createStates = countBy(records.filter((r) => r.body?.op === 'create'), (r) => r.status);
  console.log(`# kill test: states right after the run ${JSON.stringify(beforeRecovery)}; after n8n's queue recovery ${JSON.stringify(states)}`);
  console.log(`# kill test: by worker ${JSON.stringify(countBy(records, (r) => r.worker ?? 'none (killed mid-run)'))}; w1 finished ${afterKill} after the kill`);
  console.log(`# kill test: ${creates.length} creates (${JSON.stringify(createStates)} with a body on record), ${publishes.length} publishes, most per note ${Math.max(0, ...Object.values(perText))}`);

  assert.equal(records.length, EXECUTIONS, 'one execution per webhook call');
  assert.ok(afterKill > 0, 'the surviving worker went on after the kill');
  assert.ok(records.every((r) => ['success', 'crashed', 'error'].includes(r.status)), `every execution ended: ${JSON.stringify(states)}`);
  assert.ok((states.crashed ?? 0) + (states.error ?? 0) > 0, 'the killed worker\'s executions are reported as failed');
  assert.ok(records.filter((r) => r.worker === 'w1').every((r) => r.status === 'success'), 'every execution on w1 succeeded');
  assert.ok(Object.values(perText).every((n) => n === 1), 'no note was published twice');
  assert.ok(publishes.length <= creates.length, 'no more publishes than creates');
  const succeededCreates = records.filter((r) => r.status === 'success' && r.body?.op === 'create').length;
  assert.ok(publishes.length >= succeededCreates, 'every successful create published its note');
});
