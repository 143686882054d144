// The queue-mode workload: one webhook workflow that runs any of eight Publisher node
// operations (post and note reads, and note create), the calls fired at it, what the client
// returns for the same calls, and the readers of n8n's execution records.
//
// Workflow: Webhook (POST /webhook/publisher-queue, answers at once) → "Worker" (n8n's
// Execution Data node: saves $env.PUBLISHER_QUEUE_WORKER, so each execution record names the
// worker that ran it) → Switch on body.op → one Publisher node per operation, its parameters
// taken from the webhook's body.

import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRunData } from '../../../scripts/queue-mode.mjs';

const NODE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The node as users install it: PUBLISHER_NODE_TGZ, or `npm pack` of n8n-node/ (whose dist/
 * must be built). Resolves to { tarball, remove() }.
 */
export function packNode() {
  if (process.env.PUBLISHER_NODE_TGZ) return { tarball: process.env.PUBLISHER_NODE_TGZ, remove() {} };
  if (!existsSync(join(NODE_DIR, 'dist', 'nodes', 'Publisher', 'Publisher.node.js'))) throw new Error('n8n-node/dist is missing: build the node first');
  const dir = mkdtempSync(join(tmpdir(), 'publisher-node-pack-'));
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: NODE_DIR, encoding: 'utf8' }));
  return { tarball: join(dir, filename), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const WEBHOOK_PATH = 'publisher-queue';
export const WORKFLOW_ID = 'wfPublisherQueue01';
export const CREDENTIAL = { id: 'pubQueueCred00001', name: 'Publisher (local service)' };

/** [node name, resource, operation, parameters as expressions on the webhook body]. */
export const OPERATIONS = [
  ['Posts', 'post', 'getAll', { limit: 'limit', offset: 'offset' }],
  ['Post by ID', 'post', 'getPostById', { postId: 'postId' }],
  ['Posts by slug', 'post', 'getPostsBySlug', { slug: 'slug', limit: 'limit', offset: 'offset' }],
  ['Posts by user ID', 'post', 'getPostsById', { userId: 'userId', limit: 'limit', offset: 'offset' }],
  ['Notes by slug', 'note', 'getNotesBySlug', { slug: 'slug', limit: 'limit' }],
  ['Notes by user ID', 'note', 'getNotesById', { userId: 'userId', limit: 'limit' }],
  ['Note by ID', 'note', 'getNoteById', { noteId: 'noteId' }],
  ['Create note', 'note', 'create', { title: 'title', body: 'body' }],
];

const uuid = (n) => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function credential(service) {
  return [{
    id: CREDENTIAL.id,
    name: CREDENTIAL.name,
    type: 'publisherApi',
    data: { apiKey: service.apiKey, hostname: 'localpub.substack.com', cookieName: 'connect.sid', baseUrl: service.url },
  }];
}

export function workflow() {
  const names = OPERATIONS.map(([, , operation]) => operation);
  const nodes = [
    { id: uuid(1), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: uuid(100),
      parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'onReceived', options: {} } },
    { id: uuid(2), name: 'Worker', type: 'n8n-nodes-base.executionData', typeVersion: 1.1, position: [220, 0],
      parameters: { dataToSave: { values: [{ key: 'worker', value: '={{ $env.PUBLISHER_QUEUE_WORKER }}' }] } } },
    { id: uuid(3), name: 'Operation', type: 'n8n-nodes-base.switch', typeVersion: 3.2, position: [440, 0],
      parameters: { mode: 'expression', numberOutputs: names.length, output: `={{ ${JSON.stringify(names)}.indexOf($json.body.op) }}` } },
  ];
  const connections = {
    Webhook: { main: [[{ node: 'Worker', type: 'main', index: 0 }]] },
    Worker: { main: [[{ node: 'Operation', type: 'main', index: 0 }]] },
    Operation: { main: [] },
  };
  OPERATIONS.forEach(([name, resource, operation, params], index) => {
    const parameters = { resource, operation };
    for (const [param, field] of Object.entries(params)) parameters[param] = `={{ $json.body.${field} }}`;
    nodes.push({ id: uuid(10 + index), name, type: 'n8n-nodes-publisher.publisher', typeVersion: 1, position: [700, index * 160],
      parameters, credentials: { publisherApi: CREDENTIAL } });
    connections.Operation.main.push([{ node: name, type: 'main', index: 0 }]);
  });
  // No "Retry On Fail" anywhere: a retried execution could publish a note twice.
  return { id: WORKFLOW_ID, name: 'Publisher in queue mode', active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

/**
 * `count` calls, the eight operations in turn, each with its own parameters. Notes are read
 * from other users only: the account's own feeds change while notes are being published.
 */
export function planCalls(count, label, world) {
  const authors = world.info.users.filter((u) => u.active && u.id !== world.info.account.id);
  const calls = [];
  for (let i = 0; i < count; i++) {
    const [, , op] = OPERATIONS[i % OPERATIONS.length];
    const author = authors[i % authors.length];
    const call = { tag: `${label}-${i}`, op };
    switch (op) {
      case 'getAll': Object.assign(call, { limit: 1 + (i % 3), offset: i % 40 }); break;
      case 'getPostById': call.postId = world.postIds[i % world.postIds.length]; break;
      case 'getPostsBySlug': Object.assign(call, { slug: author.handle, limit: 2 + (i % 3), offset: i % 3 }); break;
      case 'getPostsById': Object.assign(call, { userId: author.id, limit: 2 + (i % 3), offset: i % 3 }); break;
      case 'getNotesBySlug': Object.assign(call, { slug: author.handle, limit: 2 + (i % 4) }); break;
      case 'getNotesById': Object.assign(call, { userId: author.id, limit: 2 + (i % 4) }); break;
      case 'getNoteById': call.noteId = world.noteIds[i % world.noteIds.length]; break;
      case 'create': Object.assign(call, { title: `Queue note ${call.tag}`, body: `Published by execution ${call.tag}.\nSecond line ✓` }); break;
    }
    calls.push(call);
  }
  return calls;
}

/**
 * One HTTP request on a connection of its own (no keep-alive pool: under load a pooled
 * connection can be reused just as the server closes it). Resolves to { status, text }.
 */
export function request(method, url, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const req = http.request(url, { method, agent: false, headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

/** The local service's test controls (/__control/...): the parsed answer, or null for a 204. */
export async function control(serviceUrl, method, path, body) {
  const { status, text } = await request(method, `${serviceUrl}/__control/${path}`, body);
  if (status >= 300) throw new Error(`${method} /__control/${path}: ${status} ${text}`);
  return status === 204 ? null : JSON.parse(text);
}

/** Ids and handles the calls use: the world's users, some post ids and other users' note ids. */
export async function readWorld(serviceUrl, client) {
  const info = await control(serviceUrl, 'GET', 'info');
  const postIds = (await client.getPosts({ limit: 50 })).map((p) => p.id);
  const others = info.users.filter((u) => u.active && u.id !== info.account.id);
  const noteIds = [];
  for (const user of others.slice(0, 4)) {
    for (const note of await client.getNotesById(user.id, { limit: 6 })) if (note.comment) noteIds.push(note.comment.id);
  }
  return { info, postIds, noteIds };
}

// The node's output records as the interface defines them (§2.1, §2.5; http-contract §6.1, §6.4).
export function postRecord(post) {
  return {
    id: post.id, title: post.title, subtitle: post.subtitle ?? '', slug: post.slug, published: post.published,
    paywalled: post.paywalled, type: post.type, publishedAt: post.post_date, description: post.description ?? '', url: post.canonical_url,
  };
}

export function noteRecord(note) {
  const { comment } = note;
  const handle = comment.handle ?? note.context.users.find((u) => u.id === comment.user_id)?.handle;
  return { id: comment.id, body: comment.body, publishedAt: comment.date, url: `https://substack.com/@${handle}/note/c-${comment.id}` };
}

const notes = (items) => items.filter((n) => n.comment).map(noteRecord);

/** What the client returns for a read call, as node output records. */
export async function clientOutput(client, call) {
  switch (call.op) {
    case 'getAll': return (await client.getPosts({ limit: call.limit, offset: call.offset })).map(postRecord);
    case 'getPostById': return [postRecord(await client.getPostById(call.postId))];
    case 'getPostsBySlug': return (await client.getPostsBySlug(call.slug, { limit: call.limit, offset: call.offset })).map(postRecord);
    case 'getPostsById': return (await client.getPostsById(call.userId, { limit: call.limit, offset: call.offset })).map(postRecord);
    case 'getNotesBySlug': return notes(await client.getNotesBySlug(call.slug, { limit: call.limit }));
    case 'getNotesById': return notes(await client.getNotesById(call.userId, { limit: call.limit }));
    case 'getNoteById': return notes([await client.getNoteById(call.noteId)]);
    default: throw new Error(`not a read: ${call.op}`);
  }
}

/** The note text a create call publishes: the title, then each line of the body, as paragraphs. */
export function noteText(call) {
  return [call.title, ...call.body.split('\n')].join('\n\n');
}

/** The text the service stores for a published note: paragraphs joined by a blank line. */
export function publishedText(requestBody) {
  const doc = JSON.parse(requestBody).bodyJson;
  return doc.content.map((p) => p.content.map((t) => t.text).join('')).join('\n\n');
}

export const TERMINAL = ['success', 'error', 'crashed', 'canceled'];

/**
 * n8n's records of the executions after `marker` (an execution id): status, times, the
 * worker saved by the "Worker" node, and the webhook body and Publisher output from the run data.
 */
export async function executionRecords(cluster, marker) {
  const rows = await cluster.rows(`
    select e.id::int as id, e.status, e."startedAt" as started, e."stoppedAt" as stopped, e."createdAt" as created,
           m.value as worker, d.data
      from execution_entity e
      left join execution_metadata m on m."executionId" = e.id and m.key = 'worker'
      left join execution_data d on d."executionId" = e.id
     where e.id > ${Number(marker)} order by e.id`);
  return rows.map((row) => {
    const run = row.data ? parseRunData(row.data) : null;
    const runData = run?.resultData?.runData ?? {};
    const body = runData.Webhook?.[0]?.data?.main?.[0]?.[0]?.json?.body ?? null;
    const node = OPERATIONS.find(([name]) => runData[name]);
    const output = node ? (runData[node[0]][0].data?.main?.[0] ?? []).map((item) => item.json) : null;
    const error = run?.resultData?.error ?? null;
    return { id: row.id, status: row.status, started: row.started, stopped: row.stopped, created: row.created, worker: row.worker, body, output, error };
  });
}

export async function lastExecutionId(cluster) {
  return Number((await cluster.sql('select coalesce(max(id), 0) from execution_entity')).trim());
}

/** Fires every call at once; resolves to the HTTP statuses and the time the first was sent. */
export async function fire(cluster, calls) {
  const startedAt = Date.now();
  const statuses = await Promise.all(calls.map(async (call) => (await request('POST', cluster.webhookUrl(WEBHOOK_PATH), call)).status));
  return { startedAt, statuses };
}

/**
 * Waits until `count` executions after `marker` have ended and every successful one has
 * its worker on record (n8n writes an execution's status before its saved data), or, for
 * the latter, until `graceMs` have passed since they all ended (a killed worker may never write it).
 */
export async function settle(cluster, marker, count, { timeoutMs = 300_000, graceMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let endedAt = null;
  const terminal = TERMINAL.map((s) => `'${s}'`).join(',');
  for (;;) {
    const [{ finished, unrecorded }] = await cluster.rows(`select
        count(*) filter (where e.status in (${terminal}))::int as finished,
        count(*) filter (where e.status = 'success' and not exists (
          select 1 from execution_metadata m where m."executionId" = e.id and m.key = 'worker'))::int as unrecorded
      from execution_entity e where e.id > ${marker}`);
    if (finished >= count) {
      endedAt ??= Date.now();
      if (unrecorded === 0 || Date.now() - endedAt > graceMs) return;
    }
    if (Date.now() > deadline) throw new Error(`${finished} of ${count} executions ended within ${timeoutMs} ms, ${unrecorded} successful ones without their worker on record`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function countBy(items, key) {
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
