// What the benchmarks share: options, the packages to compare (this checkout's pkg/ and,
// with `--before DIR`, another build of it loaded from DIR in the same process), the
// local service in a child process (its CPU is not the client's), and table printing.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export { spawnLocalService } from '../local-service/index.mjs';

export const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** `--name value` from the command line, as a number when `fallback` is one. */
export function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = process.argv[at + 1];
  return typeof fallback === 'number' ? Number(value) : value;
}

/**
 * The packages to measure: `before` (from `--before DIR`, when given) and `now` (pkg/).
 * Each is [label, module] with the module's exports (Node's entry: one wasm instance each).
 */
export async function packages() {
  const builds = [];
  const before = option('before');
  if (before) builds.push(['before', resolve(before)]);
  builds.push(['now', join(root, 'pkg')]);
  const loaded = [];
  for (const [label, dir] of builds) {
    const entry = join(dir, 'node.mjs');
    if (!existsSync(entry)) throw new Error(`${dir} has no node.mjs: build the package first (npm run build)`);
    loaded.push([label, await import(pathToFileURL(entry).href)]);
  }
  return loaded;
}

/** A test control of the local service: `/__control/<path>`. */
export async function control(service, method, path, body) {
  const response = await fetch(`${service.url}/__control/${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} /__control/${path}: HTTP ${response.status}`);
  return response.status === 204 ? null : response.json();
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Client CPU (user + system) in ms spent while `work` runs. */
export async function cpuMs(work) {
  const started = process.cpuUsage();
  await work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * CPU per block of each of `variants` ([label, run] pairs, the floor first), in `blocks`
 * alternating blocks whose order rotates from block to block so that load drifts hit
 * every variant alike. Each block runs one variant enough times for about `blockMs` of
 * the floor's CPU (between `minCalls` and `maxCalls`), after `warmUp` rounds of every
 * variant. A full collection (not timed) comes before each block, so that a block pays
 * for the garbage it makes itself and not for what the one before it left.
 * Returns the calls per block, and per label the CPU ms and wall ms of each block.
 */
export async function alternatingBlocks(variants, { blocks, blockMs, warmUp, minCalls, maxCalls }) {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc');
  const [, floor] = variants[0];
  for (let i = 0; i < warmUp; i += 1) for (const [, run] of variants) await run();
  const perCall = (await cpuMs(async () => { for (let i = 0; i < warmUp; i += 1) await floor(); })) / warmUp;
  const perBlock = Math.max(minCalls, Math.min(maxCalls, Math.round(blockMs / Math.max(perCall, 0.005))));
  const cpu = new Map(variants.map(([label]) => [label, []]));
  const wall = new Map(variants.map(([label]) => [label, []]));
  for (let block = 0; block < blocks; block += 1) {
    const order = variants.map((_, i) => variants[(i + block) % variants.length]);
    for (const [label, run] of order) {
      collectGarbage();
      const started = performance.now();
      cpu.get(label).push(await cpuMs(async () => { for (let i = 0; i < perBlock; i += 1) await run(); }));
      wall.get(label).push(performance.now() - started);
    }
  }
  return { perBlock, cpu, wall };
}

/** Prints a Markdown table: `head` is the column names, `rows` arrays of cells. */
export function table(head, rows) {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/**
 * The calls the per-call benchmarks measure, from an 8 KB profile to a 1.75 MB page and a
 * publish: [name, (client, counter) => promise]. `probe` is a client of `service` that
 * finds a post, a user and a note to ask for; `only` keeps the names that contain it.
 */
export async function callCases(probe, service, only) {
  const info = await control(service, 'GET', 'info');
  const posts = await probe.getPosts({ limit: 20 });
  const post = posts.find((p) => p.type === 'newsletter') ?? posts[0];
  const user = info.users.find((u) => u.active && u.notes > 0) ?? info.users[0];
  const notesPage = await probe.getNotes();
  const note = notesPage.items.find((item) => item.type === 'comment' && item.comment) ?? notesPage.items[0];
  const noteId = note.comment?.id ?? note.id;
  return [
    ['public profile', (c) => c.getPublicProfile(user.handle)],
    ['note by id', (c) => c.getNoteById(noteId)],
    ['post by slug (getPost)', (c) => c.getPost(post.slug)],
    ['post by id (getPostById)', (c) => c.getPostById(post.id)],
    ['full profile by id (2 requests)', (c) => c.getFullProfileById(user.id)],
    ['comments of a post', (c) => c.getComments(post.id, { limit: 100 })],
    ['notes page (getNotes)', (c) => c.getNotes()],
    ['25-post page', (c) => c.getPosts({ offset: 0, limit: 25 })],
    ['50-post page', (c) => c.getPosts({ offset: 0, limit: 50 })],
    ['publish (builder)', (c, i) => c.note(`Benchmark note ${i}`).bold(' in bold').italic(' and italic').publish()],
  ].filter(([name]) => !only || name.includes(only));
}

export const ratio = (value) => `${value.toFixed(3)}×`;
