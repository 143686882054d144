// The Publisher node in n8n's queue mode, as figures: executions per second with one
// worker and with two, side by side in one run (the same webhook workflow and the same mix
// of reads and creates as n8n-node/test/queue/), the wall time of each batch, and the memory
// the client's wasm adds to an n8n process. Asserts nothing.
//
//   node benches/queue-mode.mjs [--executions 200] [--concurrency 10]
//
// Needs what the queue-mode test needs: the client and the node built, the installers run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Publisher } from 'publisher-wasm';
import { spawnLocalService } from '../local-service/index.mjs';
import { n8nInstall, processGroupMemory, startQueueCluster } from '../scripts/queue-mode.mjs';
import {
  countBy, credential, executionRecords, fire, lastExecutionId, packNode, planCalls, readWorld, settle, workflow,
} from '../n8n-node/test/queue/workload.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const executions = option('executions', 200);
const concurrency = option('concurrency', 10);
const WARM_UP = 16;

async function batch(cluster, calls) {
  const marker = await lastExecutionId(cluster);
  const { startedAt } = await fire(cluster, calls);
  await settle(cluster, marker, calls.length);
  const records = await executionRecords(cluster, marker);
  const wall = (Math.max(...records.map((r) => Date.parse(r.stopped))) - startedAt) / 1000;
  return { wall, rate: calls.length / wall, states: countBy(records, (r) => r.status), workers: countBy(records, (r) => r.worker) };
}

/**
 * Memory of a fresh Node 24 process that makes 50 reads (25 post pages, 25 notes pages):
 * once through the node's client bundle, once with plain fetch + JSON.parse of the same
 * URLs. The difference is what the client (its wasm instance and glue) adds.
 */
async function clientMemory(clientBundle, service) {
  const { node24Dir } = n8nInstall();
  const probe = (withClient) => `
    const mib = () => { globalThis.gc(); const m = process.memoryUsage(); return { rss: m.rss / 1048576, heap: m.heapUsed / 1048576, external: m.external / 1048576 }; };
    const base = mib();
    (async () => {
      let read;
      if (${withClient}) {
        const { Publisher } = require(${JSON.stringify(clientBundle)});
        const client = new Publisher({ apiKey: ${JSON.stringify(service.apiKey)}, baseUrl: ${JSON.stringify(service.url)} });
        read = async (i) => { await client.getPosts({ limit: 3, offset: i }); await client.getNotes(); };
      } else {
        const get = async (path) => JSON.parse(await (await fetch(${JSON.stringify(service.url)} + path, { headers: { cookie: 'connect.sid=' + ${JSON.stringify(service.apiKey)} } })).text());
        read = async (i) => { await get('/api/v1/posts?limit=3&offset=' + i); await get('/api/v1/notes'); };
      }
      const loaded = mib();
      for (let i = 0; i < 25; i++) await read(i);
      console.log(JSON.stringify({ base, loaded, used: mib() }));
    })();`;
  const run = (withClient) => new Promise((resolve, reject) => {
    const child = spawn(join(node24Dir, 'bin', 'node'), ['--expose-gc', '-e', probe(withClient)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => (out += d));
    child.once('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`memory probe exited with ${code}`))));
  });
  return { client: await run(true), plain: await run(false) };
}

const packed = packNode();
const service = await spawnLocalService({ seed: 5 });
const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url, hostname: 'localpub.substack.com' });
const world = await readWorld(service.url, client);
const cluster = await startQueueCluster({
  workers: ['w1'], concurrency, nodePackages: [packed.tarball], credentials: credential(service), workflows: [workflow()],
});
const rows = [];
try {
  await batch(cluster, planCalls(WARM_UP, 'warm-1', world));
  rows.push({ count: 1, ...(await batch(cluster, planCalls(executions, 'one', world))) });
  await cluster.startWorker('w2');
  await batch(cluster, planCalls(WARM_UP, 'warm-2', world));
  rows.push({ count: 2, ...(await batch(cluster, planCalls(executions, 'two', world))) });

  console.log(`\nn8n 2.41.1 queue mode, ${executions} webhook executions fired at once (1/8 each: 7 read operations and note create), concurrency ${concurrency} per worker, ${(await import('node:os')).availableParallelism()} cores`);
  console.log('| workers | wall time of the batch | executions/s | states | executions per worker |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.count} | ${row.wall.toFixed(1)} s | ${row.rate.toFixed(1)} | ${JSON.stringify(row.states)} | ${JSON.stringify(row.workers)} |`);
  }

  console.log('\nMemory after the batches (RSS, MiB):');
  console.log('| process | n8n process | its task runner |');
  console.log('|---|---|---|');
  for (const [name, handle] of [['main', cluster.main], ...cluster.workers]) {
    const members = processGroupMemory(handle.pid);
    const own = members.find((m) => m.pid === handle.pid)?.rss ?? 0;
    const runner = members.filter((m) => m.pid !== handle.pid && /task-runner|runners/.test(m.command)).reduce((s, m) => s + m.rss, 0);
    console.log(`| ${name} | ${(own / 1024).toFixed(0)} | ${(runner / 1024).toFixed(0)} |`);
  }
  const bundle = join(cluster.base, 'w1', '.n8n', 'nodes', 'node_modules', 'n8n-nodes-publisher', 'dist', 'shared', 'client.js');
  const { client: withClient, plain } = await clientMemory(bundle, service);
  const delta = (m, key) => (m.used[key] - m.base[key]).toFixed(1);
  console.log('\nA fresh Node 24 process, 50 reads (MiB, after gc; growth from the process start):');
  console.log('| reads through | RSS | V8 heap | external (wasm memory, buffers) | loading alone (RSS) |');
  console.log('|---|---|---|---|---|');
  console.log(`| the node's client bundle (dist/shared/client.js) | +${delta(withClient, 'rss')} | +${delta(withClient, 'heap')} | +${delta(withClient, 'external')} | +${(withClient.loaded.rss - withClient.base.rss).toFixed(1)} |`);
  console.log(`| fetch + JSON.parse of the same URLs | +${delta(plain, 'rss')} | +${delta(plain, 'heap')} | +${delta(plain, 'external')} | — |`);
} finally {
  await cluster.stop();
  await service.close();
  packed.remove();
}
