// The client's own CPU per call, with the network taken out: a `fetch` option answers
// every request from memory with the body the local service gave for it, so what is
// left is the client (arguments, request building, timeout and signals, the wasm
// boundary, the record checks) beside the floor of the same answers: an awaited
// `fetch` of the same kind that only does `JSON.parse`. Steadier than per-call.mjs on
// a busy machine, since no socket or server shares the CPU. A `fetch` option takes the
// client's slightly longer path (its promise is raced against the timeout, since it
// may ignore its signal), so these figures are, if anything, a little high. Prints
// figures; asserts nothing.
//   node benches/client-cost.mjs [--blocks 30] [--block-ms 30] [--before DIR] [--only NAME]
import { alternatingBlocks, callCases, median, option, packages, spawnLocalService, table } from './lib.mjs';

const blocks = option('blocks', 30);
const blockMs = option('block-ms', 30);
const only = option('only');

const builds = await packages();
const service = await spawnLocalService({ seed: 1, posts: 120 });

// Every answer the service gives, recorded once by URL (and method), then replayed.
const recorded = new Map();
const keyOf = (url, init) => `${init?.method ?? 'GET'} ${url}`;
async function recordingFetch(url, init) {
  const response = await fetch(url, init);
  const body = await response.text();
  recorded.set(keyOf(url, init), { status: response.status, statusText: response.statusText, body });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
// A Response-like answer made per call, as a runtime's fetch would: status, headers, text().
const emptyHeaders = new Headers();
async function replayingFetch(url, init) {
  const answer = recorded.get(keyOf(url, init));
  if (!answer) throw new Error(`nothing recorded for ${keyOf(url, init)}`);
  return { status: answer.status, statusText: answer.statusText, headers: emptyHeaders, text: async () => answer.body };
}

const recorder = new (builds.at(-1)[1].Publisher)({ apiKey: service.apiKey, baseUrl: service.url, fetch: recordingFetch });
const clients = builds.map(([label, { Publisher }]) => [label, new Publisher({ apiKey: service.apiKey, baseUrl: service.url, fetch: replayingFetch })]);
// A replayed publish answers with the note it recorded, whatever the text.
const cases = await callCases(recorder, service, only);

console.log(`client CPU per call with the network taken out (a fetch option answering from memory), ${blocks} alternating blocks of about ${blockMs} ms; Node ${process.version}`);
console.log('floor = the same answers, awaited and JSON.parse-d with no client; "above floor" = the client\'s own µs per call\n');
const head = ['call', 'floor µs/call'];
for (const [label] of clients) head.push(`${label} µs/call`, `${label} above floor µs`);
// Every case's answers are recorded before any is measured: the service then sits idle
// (and may close its idle connections) while nothing is sent.
const answersOf = new Map();
for (const [name, call] of cases) {
  recorded.clear();
  await call(recorder, 0);
  answersOf.set(name, new Map(recorded));
}
await service.close();
const rows = [];
for (const [name, call] of cases) {
  const answers = [...answersOf.get(name).entries()];
  recorded.clear();
  for (const [key, answer] of answers) recorded.set(key, answer);
  const floor = async () => {
    for (const [key] of answers) {
      const [method, url] = key.split(' ');
      JSON.parse(await (await replayingFetch(url, { method })).text());
    }
  };
  let counter = 1;
  const variants = [['floor', floor], ...clients.map(([label, client]) => [label, () => call(client, counter++)])];
  const { perBlock, cpu } = await alternatingBlocks(variants, { blocks, blockMs, warmUp: 20, minCalls: 5, maxCalls: 2000 });
  const usPerCall = (label) => (median(cpu.get(label)) / perBlock) * 1000;
  const row = [name, usPerCall('floor').toFixed(1)];
  for (const [label] of clients) row.push(usPerCall(label).toFixed(1), (usPerCall(label) - usPerCall('floor')).toFixed(1));
  rows.push(row);
}
table(head, rows);
