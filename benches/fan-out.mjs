// getFollowingProfiles against its floor: the account follows --following users, every
// request to the local service waits --latency ms (a latency fault), and the client runs at
// concurrency 1, 2, 4, 8 and 16. The floor is requests ÷ concurrency × latency: the wall
// time of those requests if every slot were always busy and the client cost nothing. Also
// prints the most requests the service had in flight at once (GET /__control/in-flight),
// which should never exceed the concurrency, and a baseline without the client: the same
// requests with plain fetch from a pool of workers. Prints figures; asserts nothing.
// With --slow-user N, the first followed user's first request waits N × latency: one slow
// user among fast ones, which must not hold the others back.
//   node benches/fan-out.mjs [--following 64] [--latency 20] [--runs 3] [--slow-user N] [--before DIR]
import { control, median, option, packages, ratio, spawnLocalService, table } from './lib.mjs';

const following = option('following', 64);
const latency = option('latency', 20);
const runs = option('runs', 3);
const slowUser = option('slow-user', 0);
const levels = [1, 2, 4, 8, 16];

const builds = await packages();
const service = await spawnLocalService({ seed: 1, posts: 120, following });
await control(service, 'POST', 'faults', { pathPrefix: '/api/v1/', latencyMs: latency });

// One run: the wall time, the requests the service saw, and the most at once.
async function walk(Publisher, concurrency) {
  const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url, concurrency });
  await control(service, 'DELETE', 'requests');
  await control(service, 'DELETE', 'in-flight');
  const started = performance.now();
  const profiles = await client.getFollowingProfiles();
  const wall = performance.now() - started;
  const requests = (await control(service, 'GET', 'requests')).filter((r) => !r.preflight).length;
  const { peak } = await control(service, 'GET', 'in-flight');
  client.free();
  return { wall, requests, peak, profiles: profiles.length };
}

// Warm-up: each build's wasm and the service's profile pages.
for (const [, { Publisher }] of builds) await walk(Publisher, 16);

// The baseline: the same requests with plain fetch + JSON.parse and no client at all, the
// ids first, then every other request from a pool of `concurrency` workers (no waiting for
// a user's first answer before its second request): what this machine and this service
// allow at best, beside the floor that counts latency only.
const headers = { cookie: `connect.sid=s%3A${service.apiKey}`, accept: 'application/json' };
await control(service, 'DELETE', 'requests');
await walk(builds.at(-1)[1].Publisher, 16);
const [first, ...rest] = (await control(service, 'GET', 'requests')).filter((r) => !r.preflight).map((r) => `${service.url}${r.url}`);
const read = async (url) => JSON.parse(await (await fetch(url, { headers })).text());
async function plainFetch(concurrency) {
  await control(service, 'DELETE', 'in-flight');
  const started = performance.now();
  await read(first);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < rest.length) await read(rest[next++]);
  }));
  const wall = performance.now() - started;
  const { peak } = await control(service, 'GET', 'in-flight');
  return { wall, requests: rest.length + 1, peak };
}
builds.unshift(['plain fetch', null]);
if (slowUser > 0) {
  // Faults apply first match first: the slow request's own latency, then everyone's.
  await control(service, 'DELETE', 'faults');
  await control(service, 'POST', 'faults', { path: new URL(rest[0]).pathname, latencyMs: latency * slowUser });
  await control(service, 'POST', 'faults', { pathPrefix: '/api/v1/', latencyMs: latency });
}

const results = new Map();
for (let run = 0; run < runs; run += 1) {
  for (const concurrency of levels) {
    // Builds alternate first and second from run to run, so load drifts hit both alike.
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const [label, build] of order) {
      const key = `${label} ${concurrency}`;
      const result = build ? await walk(build.Publisher, concurrency) : await plainFetch(concurrency);
      results.set(key, [...(results.get(key) ?? []), result]);
    }
  }
}
await service.close();

const slowNote = slowUser > 0 ? `; the first user's first request takes ${latency * slowUser} ms` : '';
console.log(`getFollowingProfiles, ${following} followed users, ${latency} ms latency per request${slowNote}; median of ${runs} runs; Node ${process.version}`);
console.log('floor = requests ÷ concurrency × latency; target: ratio ≤ 1.25×, peak in flight ≤ concurrency');
console.log('plain fetch = the same requests, fetch + JSON.parse from a pool of `concurrency` workers, no client');
console.log('least possible = latency × (1 + ⌈(requests − 1) ÷ concurrency⌉): the ids must be answered before any profile is asked for, and requests go in whole rounds (and, with a slow user, its two requests follow the ids); no client, however fast, is quicker\n');
const head = ['concurrency', 'requests', 'floor ms', 'least possible ms', 'least possible ratio'];
for (const [label, build] of builds) {
  head.push(`${label}: wall ms`, `${label}: ratio`, `${label}: peak in flight`);
  if (build) head.push(`${label} ÷ plain fetch`);
}
const rows = levels.map((concurrency) => {
  const row = [];
  const wallOf = (label) => median(results.get(`${label} ${concurrency}`).map((s) => s.wall));
  for (const [label, build] of builds) {
    const samples = results.get(`${label} ${concurrency}`);
    const wall = wallOf(label);
    const requests = median(samples.map((s) => s.requests));
    const floor = (requests / concurrency) * latency;
    // With a slow user: at least the ids, its slow request and its second one.
    const least = Math.max(latency * (1 + Math.ceil((requests - 1) / concurrency)), latency * (2 + slowUser));
    if (row.length === 0) row.push(concurrency, requests, floor.toFixed(0), least.toFixed(0), ratio(least / floor));
    row.push(wall.toFixed(0), ratio(wall / floor), Math.max(...samples.map((s) => s.peak)));
    if (build) row.push(ratio(wall / wallOf('plain fetch')));
  }
  return row;
});
table(head, rows);
