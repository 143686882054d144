// Decode-path benchmark: client CPU per MB of a posts page, side by side in one run.
//   (a) fetch + JSON.parse alone — the floor
//   (b) the package's getPosts (fetch, JSON.parse in V8, every required field checked from Rust)
// The local service runs in a child process so its CPU is not counted. Runs alternate
// a/b so machine noise hits both alike. Prints figures; asserts nothing.
//
//   node benches/decode.mjs [--rounds 60] [--limit 50]
import { Publisher } from 'publisher-wasm';
import { spawnLocalService } from '../local-service/index.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const rounds = option('rounds', 60);
const limit = option('limit', 50);

const service = await spawnLocalService({ seed: 1, posts: 120 });
const headers = { cookie: `connect.sid=s%3A${service.apiKey}`, accept: 'application/json' };
const url = `${service.url}/api/v1/posts?offset=0&limit=${limit}`;
const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url });

const cases = {
  'fetch + JSON.parse (floor)': async () => JSON.parse(await (await fetch(url, { headers })).text()).length,
  'publisher.getPosts': async () => (await client.getPosts({ offset: 0, limit })).length,
};

const bytes = (await (await fetch(url, { headers })).text()).length;
const count = await cases['publisher.getPosts']();
// Warm up both paths (JIT, wasm tiering, connection pool).
for (let i = 0; i < 10; i += 1) for (const run of Object.values(cases)) await run();

const totals = Object.fromEntries(Object.keys(cases).map((name) => [name, { cpu: 0, wall: 0 }]));
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? Object.keys(cases) : Object.keys(cases).reverse();
  for (const name of order) {
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    await cases[name]();
    const wall = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    totals[name].cpu += (cpu.user + cpu.system) / 1000;
    totals[name].wall += wall;
  }
}
await service.close();

const mb = (bytes * rounds) / 1e6;
console.log(`posts page: ${count} posts, ${(bytes / 1e6).toFixed(2)} MB of JSON; ${rounds} rounds each, alternating`);
console.log('case                          CPU ms/MB   wall ms/page');
const floor = totals['fetch + JSON.parse (floor)'];
for (const [name, total] of Object.entries(totals)) {
  console.log(`${name.padEnd(28)} ${(total.cpu / mb).toFixed(2).padStart(10)} ${(total.wall / rounds).toFixed(2).padStart(13)}`);
}
const ours = totals['publisher.getPosts'];
console.log(`ratio getPosts / floor: CPU ${(ours.cpu / floor.cpu).toFixed(3)}x, wall ${(ours.wall / floor.wall).toFixed(3)}x (target CPU <= 1.1x)`);
