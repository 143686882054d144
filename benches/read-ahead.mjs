// Read-ahead benchmark: wall time of a walk over a 50-page notes feed with `for await`
// (which requests page n+1 while the caller works on page n) beside a walk of next()
// calls (one page at a time, the baseline), with the service answering each notes
// request after 20 ms and a caller that spends 20 ms on each page. Also the most
// requests in flight at once, counted by a `fetch` option. The local service runs in a
// child process. Runs alternate the two walks so machine noise hits both alike.
// Prints figures; asserts nothing.
//   node benches/read-ahead.mjs [--runs 5] [--latency 20] [--work 20] [--pkg <dir>]
// --pkg imports the package from another folder (its node.mjs), e.g. a build from
// before read-ahead existed.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnLocalService } from '../local-service/index.mjs';

const argument = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(argument('runs') ?? 5);
const latencyMs = Number(argument('latency') ?? 20);
const workMs = Number(argument('work') ?? 20);
const pkgDir = argument('pkg');
const { Publisher } = pkgDir
  ? await import(pathToFileURL(resolve(pkgDir, 'node.mjs')).href)
  : await import('publisher-wasm');

const PAGES = 50;
// The feed holds the account's notes and some restacks: 920 notes make 50 pages of 20.
const service = await spawnLocalService({ seed: 1, notes: 920 });
const control = (method, path, body) => fetch(`${service.url}/__control/${path}`, {
  method,
  headers: body ? { 'content-type': 'application/json' } : {},
  body: body ? JSON.stringify(body) : undefined,
});
const info = await (await control('GET', 'info')).json();
const pageSize = info.pageSizes.notes;

let inFlight = 0;
let maxInFlight = 0;
const countingFetch = async (url, init) => {
  inFlight += 1;
  maxInFlight = Math.max(maxInFlight, inFlight);
  try {
    const response = await fetch(url, init);
    const body = await response.text();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } finally {
    inFlight -= 1;
  }
};
const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url, fetch: countingFetch });
// The caller's work on a page: something it awaits (a write elsewhere, say).
const work = () => new Promise((done) => setTimeout(done, workMs));

async function walkForAwait() {
  const first = await client.getNotes();
  let items = 0;
  for await (const note of first) {
    if (items % pageSize === 0) await work();
    items += note ? 1 : 0;
  }
  return { items, pages: Math.ceil(items / pageSize) };
}

async function walkNext() {
  let items = 0;
  let pages = 0;
  for (let page = await client.getNotes(); page !== null; page = await page.next()) {
    await work();
    items += page.items.length;
    pages += 1;
  }
  return { items, pages };
}

const walks = [['for await', walkForAwait], ['next() walk (baseline)', walkNext]];
const check = await walkNext();
if (check.pages !== PAGES) console.log(`note: the feed has ${check.pages} pages, not ${PAGES}`);
await control('POST', 'faults', { path: '/api/v1/notes', latencyMs });
for (const [, walk] of walks) await walk();

const times = walks.map(() => []);
const inFlightMax = walks.map(() => 0);
for (let run = 0; run < runs; run += 1) {
  for (const index of run % 2 === 0 ? [0, 1] : [1, 0]) {
    maxInFlight = 0;
    const started = performance.now();
    const { pages } = await walks[index][1]();
    times[index].push(performance.now() - started);
    inFlightMax[index] = Math.max(inFlightMax[index], maxInFlight);
    if (pages !== check.pages) throw new Error(`${walks[index][0]} walked ${pages} pages, not ${check.pages}`);
  }
}
await service.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const [ahead, baseline] = times.map(median);
console.log(`notes walk: ${check.pages} pages of ${pageSize}, ${latencyMs} ms service latency per page, the caller spends ${workMs} ms per page;`
  + ` median of ${runs} runs; Node ${process.version}; package ${pkgDir ?? 'publisher-wasm'}`);
console.log('walk                       wall ms   per page ms   max requests in flight');
walks.forEach(([name], i) => {
  const wall = median(times[i]);
  console.log(`${name.padEnd(24)} ${wall.toFixed(0).padStart(9)} ${(wall / check.pages).toFixed(1).padStart(13)} ${String(inFlightMax[i]).padStart(24)}`);
});
console.log(`ratio for await / next() walk: ${(ahead / baseline).toFixed(2)}x (target <= 0.60x)`);
