// Behaviour under random faults, as figures: 200 mixed calls (reads and publishing)
// against the local service while it answers (A) 10 % of requests with 429 and
// Retry-After: 1, and (B) 10 % with a 500 or a truncated 200 body; (C) 200
// publishes under B's faults. Prints how many
// calls succeeded, how many requests went out, and whether any note was published
// twice. With `--before DIR`, each scenario runs for that build too, against a fresh
// service with the same seed (so the same requests fail). Asserts nothing.
//   node benches/faults.mjs [--calls 200] [--concurrency 8] [--before DIR]
import { control, option, packages, spawnLocalService } from './lib.mjs';

const calls = option('calls', 200);
const concurrency = option('concurrency', 8);
const builds = await packages();

async function scenario(name, faults, options = {}) {
  console.log(`\n${name}`);
  for (const [label, { Publisher }] of builds) await run(label, Publisher, faults, options);
}

async function run(label, Publisher, faults, { publishOnly = false }) {
  const service = await spawnLocalService({ seed: 11, posts: 120 });
  const info = await control(service, 'GET', 'info');
  const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url });
  const posts = await client.getPosts({ limit: 20 });
  const user = info.users.find((u) => u.active) ?? info.users[0];
  for (const fault of faults) await control(service, 'POST', 'faults', fault);
  await control(service, 'DELETE', 'requests');

  const kinds = [
    (i) => client.getPosts({ offset: i % 40, limit: 5 }),
    (i) => client.getPostById(posts[i % posts.length].id),
    (i) => client.getPost(posts[i % posts.length].slug),
    () => client.getNotes(),
    () => client.getPublicProfile(user.handle),
    () => client.getUserProfile(user.id),
    (i) => client.getComments(posts[i % posts.length].id, { limit: 5 }),
    () => client.getFollowingIds(),
    (i) => client.publishNote(`note ${i} of ${label}`),
  ];
  const results = { ok: 0, failed: {}, published: 0, maybePublished: 0, reads: 0, readsOk: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < calls) {
      const i = next++;
      const kind = publishOnly ? kinds.length - 1 : i % kinds.length;
      const publishing = kind === kinds.length - 1;
      if (!publishing) results.reads += 1;
      try {
        await kinds[kind](i);
        results.ok += 1;
        if (publishing) results.published += 1;
        else results.readsOk += 1;
      } catch (error) {
        results.failed[error.kind] = (results.failed[error.kind] ?? 0) + 1;
        if (error.kind === 'maybe-published') results.maybePublished += 1;
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const requests = (await control(service, 'GET', 'requests')).filter((r) => r.url.startsWith('/api/') && !r.preflight);
  const faulted = requests.filter((r) => r.fault).length;
  await control(service, 'DELETE', 'faults');
  const noteIds = (await control(service, 'GET', 'info')).publishedNoteIds;
  const texts = await Promise.all(noteIds.map(async (id) => (await client.getNoteById(id)).comment.body));
  const duplicates = texts.length - new Set(texts).size;
  await service.close();

  console.log(`  ${label}:`);
  console.log(`    calls: ${calls} (${results.reads} reads, ${calls - results.reads} publishes), ${concurrency} at a time, ${seconds.toFixed(1)} s`);
  console.log(`    succeeded: ${results.ok}/${calls} (reads ${results.readsOk}/${results.reads}, publishes ${results.published}/${calls - results.reads})`);
  console.log(`    failed by kind: ${JSON.stringify(results.failed)}`);
  console.log(`    requests sent: ${requests.length} (${faulted} answered with a fault) for ${calls} calls`);
  console.log(`    notes on the service: ${noteIds.length} (successful publishes ${results.published}), published twice: ${duplicates}`);
}

await scenario('A: 10 % of requests answered 429 with Retry-After: 1', [
  { pathPrefix: '/api/v1/', probability: 0.1, status: 429, retryAfter: '1', seed: 1 },
]);
await scenario('B: 10 % of requests answered 500 or with a truncated 200 body', [
  { pathPrefix: '/api/v1/', probability: 0.05, status: 500, seed: 2 },
  // Of the requests the first fault let through, 1 in 19 more: 5 % of all requests.
  { pathPrefix: '/api/v1/', probability: 1 / 19, truncate: 'short', seed: 3 },
]);
await scenario('C: publishing only, 10 % of requests answered 500 or with a truncated 200 body', [
  { pathPrefix: '/api/v1/', probability: 0.05, status: 500, seed: 4 },
  { pathPrefix: '/api/v1/', probability: 1 / 19, truncate: 'short', seed: 5 },
], { publishOnly: true });
