// Memory under a long run: --calls calls (default 20,000) of each kind — a read of each
// record kind, a paged read, a publish and a call that fails with a 404 — printing the
// process's RSS, the JS heap and the wasm memory (the instance's WebAssembly.Memory) every
// tenth of the way. After warm-up all three should stay flat. The kinds run at the same
// time, a few calls of each at once, so that the default run takes minutes, not hours.
// Each build runs in a fresh child process of its own (RSS is per process), one after the
// other; post bodies are short (2 kB) because this measures memory, not decoding. Prints
// figures; asserts nothing.
//   node benches/soak.mjs [--calls 20000] [--batch 4] [--before DIR]
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { control, option, root, spawnLocalService, table } from './lib.mjs';

const calls = option('calls', 20_000);
const batch = option('batch', 4);
const child = option('child');
const steps = 10;

if (child) {
  await soak(child);
} else {
  const builds = [];
  if (option('before')) builds.push(['before', resolve(option('before'))]);
  builds.push(['now', join(root, 'pkg')]);
  const reports = [];
  for (const [label, dir] of builds) {
    const started = performance.now();
    const output = execFileSync(process.execPath, ['--expose-gc', process.argv[1], '--child', dir, '--calls', String(calls), '--batch', String(batch)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    reports.push([label, JSON.parse(output), (performance.now() - started) / 1000]);
  }
  const [, first] = reports[0];
  console.log(`soak: ${calls} calls of each of ${first.kinds.length} kinds (${first.kinds.join(', ')}), ${batch} of each kind at once; Node ${process.version}`);
  console.log(`each build in a fresh process: ${reports.map(([label, , seconds]) => `${label} ${seconds.toFixed(0)} s`).join(', ')}\n`);
  const head = ['calls of each kind'];
  for (const [label] of reports) head.push(`${label}: RSS MiB`, `${label}: JS heap MiB`, `${label}: wasm memory KiB`, `${label}: failures`);
  const rows = first.samples.map((sample, i) => {
    const row = [sample.calls];
    for (const [, report] of reports) {
      const s = report.samples[i];
      row.push((s.rss / 2 ** 20).toFixed(1), (s.heap / 2 ** 20).toFixed(1), (s.wasm / 1024).toFixed(0), s.unexpected);
    }
    return row;
  });
  table(head, rows);
  for (const [label, report] of reports) {
    for (const [kind, message] of Object.entries(report.failures)) console.log(`${label}: first failure of ${kind}: ${message}`);
  }
}

/** One build's soak, in this (child) process; prints its samples as JSON. */
async function soak(dir) {
  // node.cjs is the module Node's import and require both load; besides the classes it
  // exports initSync, which, once the wasm is initialised, hands back the instance's
  // exports, its memory among them.
  const { Publisher, initSync } = createRequire(import.meta.url)(join(dir, 'node.cjs'));
  const wasmMemory = () => initSync?.()?.memory?.buffer?.byteLength ?? NaN;
  const service = await spawnLocalService({ seed: 3, posts: 120, bodyBytes: 2000 });
  const info = await control(service, 'GET', 'info');
  const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url });
  const posts = await client.getPosts({ limit: 20 });
  const others = info.users.filter((u) => u.active && u.notes > 0 && u.id !== info.account.id);
  const [user] = others;
  const notes = (await client.getNotesById(user.id, { limit: 12 })).filter((n) => n.comment);
  const kinds = {
    'post by slug': (i) => client.getPost(posts[i % posts.length].slug),
    'post by id': (i) => client.getPostById(posts[i % posts.length].id),
    'note by id': (i) => client.getNoteById(notes[i % notes.length].comment.id),
    'public profile': (i) => client.getPublicProfile(others[i % others.length].handle),
    'user profile': (i) => client.getUserProfile(others[i % others.length].id),
    comments: (i) => client.getComments(posts[i % posts.length].id, { limit: 20 }),
    'paged: 30 notes of a user (3 pages)': (i) => client.getNotesById(others[i % others.length].id, { limit: 30 }),
    publish: (i) => client.note(`soak note ${i}`).bold(' bold').publish(),
    '404 (getPost of no post)': (i) => client.getPost(`no-such-post-${i % 50}`).then(
      () => { throw new Error('a missing post was found'); },
      (error) => { if (error.status !== 404) throw error; },
    ),
  };
  let unexpected = 0;
  const firstFailure = new Map();
  // Sampled after a full collection (the child runs with --expose-gc), so that the figures
  // are what is still held rather than where the collector happened to be.
  const sample = (done) => {
    globalThis.gc?.();
    return { calls: done, rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed, wasm: wasmMemory(), unexpected };
  };
  // Each kind: `count` calls, `batch` at a time; all kinds at once.
  const run = (from, count) => Promise.all(Object.entries(kinds).map(async ([kind, call]) => {
    let next = from;
    await Promise.all(Array.from({ length: batch }, async () => {
      while (next < from + count) {
        const i = next++;
        try {
          await call(i);
        } catch (error) {
          unexpected += 1;
          if (!firstFailure.has(kind)) firstFailure.set(kind, String(error?.message ?? error));
        }
      }
    }));
  }));
  const step = Math.max(1, Math.round(calls / steps));
  const samples = [];
  await run(0, Math.min(step, 200)); // warm-up, not counted
  samples.push(sample(0));
  for (let done = 0; done < calls;) {
    const count = Math.min(step, calls - done);
    await run(done, count);
    done += count;
    samples.push(sample(done));
  }
  await service.close();
  process.stdout.write(JSON.stringify({ kinds: Object.keys(kinds), samples, failures: Object.fromEntries(firstFailure) }));
}
