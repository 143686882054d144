// Client CPU per call against its floor, for every record size from an 8 KB profile to a
// 1.8 MB page, and for a publish. The floor of a call is plain fetch + JSON.parse of the
// very requests the call sent (same URLs, same headers, same body, read from the local
// service's log); a publish's floor is a fetch POST of the builder's body + JSON.parse of
// the answer. The client keeps its defaults: retries, the timeout and signals on.
//
// Calls run in blocks, alternating floor / before / now (the order rotates from block to
// block), and CPU is summed per block: a garbage collection one call starts and the next
// pays for stays within its own case. The ratio is the median of the blocks' ratios. The
// local service runs in a child process, so its CPU is not counted. Prints figures; asserts
// nothing. Target: every ratio ≤ 1.05×.
//   node benches/per-call.mjs [--blocks 20] [--block-ms 40] [--before DIR] [--only NAME]
import { alternatingBlocks, callCases, control, median, option, packages, ratio, spawnLocalService, table } from './lib.mjs';

const blocks = option('blocks', 20);
const blockMs = option('block-ms', 40);
const only = option('only');

const builds = await packages();
const service = await spawnLocalService({ seed: 1, posts: 120 });
const clients = builds.map(([label, { Publisher }]) => [label, new Publisher({ apiKey: service.apiKey, baseUrl: service.url })]);
const [, probe] = clients.at(-1);
// Each case: its name and one call, given a client and a counter (for distinct notes).
const cases = await callCases(probe, service, only);

// The headers a caller of fetch would set itself; undici adds the others.
const SENT_HEADERS = ['accept', 'content-type', 'cookie', 'user-agent'];

/** The requests one call sends, as fetch arguments, read from the service's log. */
async function requestsOf(call) {
  await control(service, 'DELETE', 'requests');
  await call(probe, 0);
  const log = (await control(service, 'GET', 'requests')).filter((r) => !r.preflight);
  return log.map((r) => ({
    url: `${service.url}${r.url}`,
    init: {
      method: r.method,
      headers: Object.fromEntries(SENT_HEADERS.filter((h) => h in r.headers).map((h) => [h, r.headers[h]])),
      body: r.method === 'GET' ? undefined : r.body,
    },
  }));
}

console.log(`client CPU per call (user + system), ${blocks} alternating blocks of about ${blockMs} ms per case; median of block ratios; Node ${process.version}`);
console.log('floor = fetch + JSON.parse of the same requests; floor + timeout = the same with an AbortController, a 30 s timer and its signal; target ratio ≤ 1.05×\n');
const head = ['call', 'bytes', 'floor µs/call', 'floor + timeout ratio'];
for (const [label] of clients) head.push(`${label} µs/call`, `${label} ratio`);
head.push('floor wall ms/call');
const rows = [];
for (const [name, call] of cases) {
  const requests = await requestsOf(call);
  let bytes = 0;
  const floor = async () => {
    for (const { url, init } of requests) JSON.parse(await (await fetch(url, init)).text());
  };
  for (const { url, init } of requests) bytes += (await (await fetch(url, init)).text()).length;
  let counter = 1;
  // The floor plus only what keeping a timeout costs: an AbortController, a timer, and the
  // signal handed to fetch (as any client that can stop a hung request must).
  const floorWithTimeout = async () => {
    for (const { url, init } of requests) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      try {
        JSON.parse(await (await fetch(url, { ...init, signal: controller.signal })).text());
      } finally {
        clearTimeout(timer);
      }
    }
  };
  const variants = [['floor', floor], ['floor + timeout', floorWithTimeout], ...clients.map(([label, client]) => [label, () => call(client, counter++)])];
  const { perBlock, cpu, wall } = await alternatingBlocks(variants, { blocks, blockMs, warmUp: 5, minCalls: 2, maxCalls: 300 });
  const floorBlocks = cpu.get('floor');
  const row = [name, bytes >= 100_000 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} kB`,
    ((median(floorBlocks) / perBlock) * 1000).toFixed(0)];
  const ratioTo = (label) => ratio(median(cpu.get(label).map((ms, i) => ms / floorBlocks[i])));
  row.push(ratioTo('floor + timeout'));
  for (const [label] of clients) row.push(((median(cpu.get(label)) / perBlock) * 1000).toFixed(0), ratioTo(label));
  row.push((median(wall.get('floor')) / perBlock).toFixed(2));
  rows.push(row);
}
await service.close();
table(head, rows);
