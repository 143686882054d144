// getFollowingProfiles against its floor: the account follows --following users, every
// request to the local service waits --latency ms (a latency fault), and the client runs at
// concurrency 1, 2, 4, 8 and 16. The floor is requests ÷ concurrency × latency: the wall
// time of those requests if every slot were always busy and the client cost nothing. Also
// prints the most requests the service had in flight at once (GET /__control/in-flight),
// which should never exceed the concurrency. Prints figures; asserts nothing.
//   node benches/fan-out.mjs [--following 64] [--latency 20] [--runs 3] [--before DIR]
import { control, median, option, packages, ratio, spawnLocalService, table } from './lib.mjs';

const following = option('following', 64);
const latency = option('latency', 20);
const runs = option('runs', 3);
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

const results = new Map();
for (let run = 0; run < runs; run += 1) {
  for (const concurrency of levels) {
    // Builds alternate first and second from run to run, so load drifts hit both alike.
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const [label, { Publisher }] of order) {
      const key = `${label} ${concurrency}`;
      results.set(key, [...(results.get(key) ?? []), await walk(Publisher, concurrency)]);
    }
  }
}
await service.close();

console.log(`getFollowingProfiles, ${following} followed users, ${latency} ms latency per request; median of ${runs} runs; Node ${process.version}`);
console.log('floor = requests ÷ concurrency × latency; target: ratio ≤ 1.25×, peak in flight ≤ concurrency\n');
const head = ['concurrency', 'requests', 'floor ms'];
for (const [label] of builds) head.push(`${label}: wall ms`, `${label}: ratio`, `${label}: peak in flight`);
const rows = levels.map((concurrency) => {
  const row = [];
  for (const [label] of builds) {
    const samples = results.get(`${label} ${concurrency}`);
    const wall = median(samples.map((s) => s.wall));
    const requests = median(samples.map((s) => s.requests));
    const floor = (requests / concurrency) * latency;
    if (row.length === 0) row.push(concurrency, requests, floor.toFixed(0));
    row.push(wall.toFixed(0), ratio(wall / floor), Math.max(...samples.map((s) => s.peak)));
  }
  return row;
});
table(head, rows);
