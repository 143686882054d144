// Decode-path benchmark: client CPU per MB, side by side in one run, for
//   a 50-post page (getPosts), a notes page (getNotes) and a public profile
//   (getPublicProfile), each against its floor: fetch + JSON.parse of the same URL.
// The package's path is fetch, JSON.parse in V8, then every required field checked
// from Rust on the parsed value. The local service runs in a child process so its
// CPU is not counted; runs alternate floor/package so machine noise hits both alike.
// Prints figures; asserts nothing.
//   node benches/decode.mjs [--blocks 12] [--calls 10]
import { Publisher } from 'publisher-wasm';
import { spawnLocalService } from '../local-service/index.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
// CPU is summed over blocks of calls, not single calls: a garbage collection that
// one call started and the next one pays for then stays within its own case.
const blocks = option('blocks', 12);
const perBlock = option('calls', 10);
const rounds = blocks * perBlock;

const service = await spawnLocalService({ seed: 1, posts: 120 });
const headers = { cookie: `connect.sid=s%3A${service.apiKey}`, accept: 'application/json' };
const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url });
const info = await (await fetch(`${service.url}/__control/info`)).json();
const handle = info.account.handle;

const floor = (path) => async () => JSON.parse(await (await fetch(`${service.url}${path}`, { headers })).text());
const pairs = [
  ['50-post page', '/api/v1/posts?offset=0&limit=50', () => client.getPosts({ offset: 0, limit: 50 })],
  ['notes page', '/api/v1/notes', () => client.getNotes()],
  ['public profile', `/api/v1/user/${handle}/public_profile`, () => client.getPublicProfile(handle)],
];

console.log(`client CPU per MB (user + system), ${blocks} alternating blocks of ${perBlock} calls per case; Node ${process.version}`);
console.log('record           size       floor ms/MB   package ms/MB   ratio   median block ratio   (wall ms per call: floor / package)');
for (const [name, path, ours] of pairs) {
  const bytes = (await (await fetch(`${service.url}${path}`, { headers })).text()).length;
  const cases = [floor(path), ours];
  for (let i = 0; i < 10; i += 1) for (const run of cases) await run();
  const cpu = [0, 0];
  const wall = [0, 0];
  const blockRatios = [];
  for (let block = 0; block < blocks; block += 1) {
    const blockCpu = [0, 0];
    for (const index of block % 2 === 0 ? [0, 1] : [1, 0]) {
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      for (let call = 0; call < perBlock; call += 1) await cases[index]();
      wall[index] += performance.now() - wall0;
      const used = process.cpuUsage(cpu0);
      blockCpu[index] = (used.user + used.system) / 1000;
      cpu[index] += blockCpu[index];
    }
    blockRatios.push(blockCpu[1] / blockCpu[0]);
  }
  blockRatios.sort((a, b) => a - b);
  const median = blockRatios[Math.floor(blockRatios.length / 2)];
  const mb = (bytes * rounds) / 1e6;
  console.log(
    `${name.padEnd(16)} ${`${(bytes / 1024).toFixed(0)} KB`.padStart(8)} ${(cpu[0] / mb).toFixed(2).padStart(13)} ${(cpu[1] / mb).toFixed(2).padStart(15)}`
      + ` ${(cpu[1] / cpu[0]).toFixed(3).padStart(7)}x ${median.toFixed(3).padStart(8)}x   (${(wall[0] / rounds).toFixed(2)} / ${(wall[1] / rounds).toFixed(2)})`,
  );
}
await service.close();
