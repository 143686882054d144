// End to end in a real n8n 2.41.1 on Node 24 against the local Publisher service: one
// workflow per operation, each output compared field by field with what the client
// returns for the same call (the operations of interface §4.1 as version 1 nodes, as saved
// workflows hold them; the profile and comment operations, Return All over several pages
// and Simplify off as version 2 nodes), then 404, 429 + Retry-After, continueOnFail, an
// uncertain create, several input items and the credential test. One `n8n start` serves
// them all (webhooks); execution details come from n8n's public API.
//
// Needs: N8N_HOME, NODE24_DIR (eval "$(bash scripts/install-n8n.sh)"), PACKAGE_TGZ (npm
// pack of this folder). Writes the figures to N8N_E2E_REPORT when set.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { Publisher } from 'publisher-wasm';
import { spawnLocalService } from '../../../local-service/index.mjs';
import { loadSource } from '../unit/source.mjs';
import { prepareN8n } from './n8n.mjs';
import { draftFlowItems, draftFlowWorkflow, publisherWorkflow } from './workflows.mjs';

const { N8N_HOME, NODE24_DIR, PACKAGE_TGZ, N8N_E2E_REPORT } = process.env;
/** The draft flow schedules its draft this many seconds ahead, and waits this long before reading the post. */
const DRAFT_FLOW_AHEAD_S = 8;
const DRAFT_FLOW_WAIT_S = 16;
const API_KEY = 'e2e-secret-key-3c7f19d2';
const report = { startup: {}, operations: [], behaviour: {} };
let local, n8n, api, rest, client, world;
const workflowIds = {};
const credentials = {};
const seen = []; // every webhook answer and execution read, checked for the key at the end

const control = async (method, path, body) => {
  const response = await fetch(`${local.url}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status === 204 ? null : response.json();
};
const requestLog = () => control('GET', 'requests');

async function callWebhook(path, body = {}) {
  const started = performance.now();
  const response = await fetch(`${n8n.base}/webhook/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  seen.push(text);
  return { status: response.status, body: JSON.parse(text), ms };
}

async function lastExecution(name) {
  // The execution may be saved a while after the webhook answered: up to 30 s on a loaded machine.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { data } = await api('GET', `/executions?workflowId=${workflowIds[name]}&includeData=true&limit=1`);
    if (data[0] && data[0].finished !== undefined && data[0].status !== 'running' && data[0].status !== 'new') {
      seen.push(JSON.stringify(data[0]));
      return data[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no finished execution of ${name}`);
}
const publisherRun = (execution) => execution.data.resultData.runData.Publisher[0];

// The expected records, from the client's records (interface §2.1, §2.5; http-contract §6).
const expectedPost = (p) => ({
  id: p.id,
  title: p.title,
  subtitle: p.subtitle ?? '',
  slug: p.slug,
  published: p.published,
  paywalled: p.paywalled,
  type: p.type,
  publishedAt: p.post_date,
  description: p.description ?? '',
  url: p.canonical_url,
});
const expectedNote = (n) => ({
  id: n.comment.id,
  body: n.comment.body,
  publishedAt: n.comment.date,
  url: `https://substack.com/@${n.comment.handle}/note/c-${n.comment.id}`,
});
// The compact (Simplify) records of profiles and comments, from the client's records (node README).
const expectedProfile = (p) => {
  const publication = p.primaryPublication ?? p.publicationUsers.find((u) => u.is_primary === true)?.publication;
  return {
    id: p.id,
    name: p.name,
    handle: p.handle,
    bio: p.bio ?? '',
    photoUrl: p.photo_url ?? '',
    subscriberCount: p.subscriberCountNumber,
    publicationId: publication?.id ?? null,
    publicationName: publication?.name ?? '',
    url: `https://substack.com/@${p.handle}`,
  };
};
const expectedComment = (c) => ({
  id: c.id,
  body: c.body,
  publishedAt: c.date,
  postId: c.parent_post_id,
  authorId: c.user_id,
  authorName: c.name,
  authorHandle: c.handle ?? '',
});
// The compact draft record (node README, records.ts), from the client's draft.
const expectedDraft = (d) => ({
  id: d.id,
  title: d.draftTitle ?? '',
  subtitle: d.draftSubtitle ?? '',
  audience: d.audience ?? null,
  type: d.type ?? null,
  sectionId: d.draft_section_id ?? null,
  published: d.published,
  scheduledAt: d.scheduledAt ?? null,
  createdAt: d.draft_created_at ?? null,
  updatedAt: d.updatedAt ?? null,
});
/** A client record as n8n outputs it (JSON). */
const whole = (record) => JSON.parse(JSON.stringify(record));

// name → [workflow path, node parameters, what the client returns for the same call, node version] (OPERATION_CASES)
let operations;
/** "resource/operation" of every workflow before() created. */
const covered = new Set();
// The feed in a whole profile carries cursors that hold the time of the request: they are
// compared as present, the rest field by field.
const withoutCursors = (profiles) => profiles.map(({ userProfile: { originalCursorTimestamp, nextCursor, ...feed }, ...profile }) => {
  assert.equal(typeof originalCursorTimestamp, 'string');
  assert.ok(nextCursor === null || typeof nextCursor === 'string');
  return { ...profile, userProfile: feed };
});
const NORMALIZE = { 'profile getBySlug (Simplify off)': withoutCursors };
// Return All workflows: the request-path prefix of the read, and the fewest requests (pages) it must take.
const MULTI_PAGE = {
  'post getAll (Return All)': ['/api/v1/posts?', 3],
  'note get (Return All)': ['/api/v1/notes', 4],
  'note getNotesById (Return All)': ['/api/v1/reader/feed/profile/', 2],
};

/**
 * One workflow per operation (and variants): name → what the world (before) gives →
 * [workflow path, node parameters, what the client returns for the same call, node version].
 * Every operation of the node's registry has one (checked below).
 */
const OPERATION_CASES = {
  'post getAll': () => ['post-getall', { resource: 'post', operation: 'getAll', limit: 100, offset: 0 },
    async () => (await client.getPosts({ limit: 100, offset: 0 })).map(expectedPost)],
  'post getPostsBySlug': () => ['post-by-slug', { resource: 'post', operation: 'getPostsBySlug', slug: 'danamock', limit: 14, offset: 1 },
    async () => (await client.getPostsBySlug('danamock', { limit: 14, offset: 1 })).map(expectedPost)],
  'post getPostsById': (w) => ['post-by-user-id', { resource: 'post', operation: 'getPostsById', userId: w.emile.id, limit: 100, offset: 0 },
    async () => (await client.getPostsById(w.emile.id, { limit: 100, offset: 0 })).map(expectedPost)],
  'post getPostById': (w) => ['post-by-id', { resource: 'post', operation: 'getPostById', postId: w.firstPost.id },
    async () => [expectedPost(await client.getPostById(w.firstPost.id))]],
  'note get': (w) => ['note-get', { resource: 'note', operation: 'get', limit: 30 },
    async () => (await w.ownNotes(30)).map(expectedNote)],
  'note getNotesBySlug': () => ['note-by-slug', { resource: 'note', operation: 'getNotesBySlug', slug: 'danamock', limit: 20 },
    async () => (await client.getNotesBySlug('danamock', { limit: 20 })).map(expectedNote)],
  'note getNotesById': (w) => ['note-by-user-id', { resource: 'note', operation: 'getNotesById', userId: w.dana.id, limit: 100 },
    async () => (await client.getNotesById(w.dana.id, { limit: 100 })).filter((n) => n.comment).map(expectedNote)],
  'note getNoteById': (w) => ['note-by-id', { resource: 'note', operation: 'getNoteById', noteId: w.firstNote.comment.id },
    async () => [expectedNote(await client.getNoteById(w.firstNote.comment.id))]],
  'note create': () => ['note-create', { resource: 'note', operation: 'create', title: 'Hello from n8n', body: '={{ $json.body.text }}' }, null],
  'profile getBySlug': () => ['profile-by-slug', { resource: 'profile', operation: 'getBySlug', slug: '@danamock' },
    async () => [expectedProfile(await client.getFullProfileBySlug('danamock'))], 2],
  'profile getById': (w) => ['profile-by-id', { resource: 'profile', operation: 'getById', userId: String(w.emile.id) },
    async () => [expectedProfile(await client.getFullProfileById(w.emile.id))], 2],
  'profile getFollowing (IDs)': () => ['profile-following-ids', { resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: true },
    async () => (await client.getFollowingIds()).map((id) => ({ id })), 2],
  'profile getFollowing (profiles)': () => ['profile-following-profiles', { resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: false, limit: 5 },
    async () => (await client.getFollowingProfiles()).slice(0, 5).map(expectedProfile), 2],
  'comment getAll': (w) => ['comment-get-all', { resource: 'comment', operation: 'getAll', postId: String(w.commented.id), returnAll: true },
    async () => (await client.getComments(w.commented.id, { limit: 50 })).map(expectedComment), 2],
  'comment get': (w) => ['comment-get', { resource: 'comment', operation: 'get', commentId: String(w.firstComment.id) },
    async () => [expectedComment(await client.getComment(w.firstComment.id))], 2],
  'post getAll (Return All)': () => ['post-getall-return-all', { resource: 'post', operation: 'getAll', returnAll: true, offset: 0 },
    async () => (await client.getPosts({ limit: 1000, offset: 0 })).map(expectedPost), 2],
  'note get (Return All)': (w) => ['note-get-return-all', { resource: 'note', operation: 'get', returnAll: true },
    async () => (await w.ownNotes(Infinity)).map(expectedNote), 2],
  'note getNotesById (Return All)': (w) => ['note-by-user-id-return-all', { resource: 'note', operation: 'getNotesById', userId: String(w.dana.id), returnAll: true },
    async () => (await client.getNotesById(w.dana.id, { limit: 1000 })).map(expectedNote), 2],
  'profile getBySlug (Simplify off)': () => ['profile-by-slug-whole', { resource: 'profile', operation: 'getBySlug', slug: 'danamock', simple: false },
    async () => [whole(await client.getFullProfileBySlug('danamock'))], 2],
  'comment getAll (Simplify off)': (w) => ['comment-get-all-whole', { resource: 'comment', operation: 'getAll', postId: w.commented.id, returnAll: false, limit: 2, simple: false },
    async () => whole(await client.getComments(w.commented.id, { limit: 2 })), 2],
  'post getPostById (Simplify off)': (w) => ['post-by-id-whole', { resource: 'post', operation: 'getPostById', postId: w.firstPost.id, simple: false },
    async () => [whole(await client.getPostById(w.firstPost.id))], 2],
};

before(async () => {
  for (const [name, value] of Object.entries({ N8N_HOME, NODE24_DIR, PACKAGE_TGZ })) assert.ok(value, `${name} must be set`);
  let t = performance.now();
  local = await spawnLocalService({ apiKey: API_KEY, seed: 1 });
  client = new Publisher({ apiKey: API_KEY, baseUrl: local.url, hostname: 'localpub.substack.com' });
  world = await control('GET', 'info');
  const dana = world.users.find((u) => u.handle === 'danamock');
  const emile = world.users.find((u) => u.handle === 'emiletestwright');
  const [firstPost] = await client.getPosts({ limit: 1 });
  const firstNote = (await client.getNotes()).items.find((n) => n.comment);
  // A post with comments, and one of them.
  const commented = (await client.getPosts({ limit: 50 })).find((p) => p.comment_count > 1);
  const [firstComment] = await client.getComments(commented.id, { limit: 1 });
  const ownNotes = async (limit) => {
    const out = [];
    for await (const note of await client.getNotes()) {
      if (note.comment) out.push(note);
      if (out.length >= limit) break;
    }
    return out;
  };
  const w = { dana, emile, firstPost, firstNote, commented, firstComment, ownNotes };
  operations = Object.fromEntries(Object.entries(OPERATION_CASES).map(([name, make]) => [name, make(w)]));
  report.startup.localServiceMs = Math.round(performance.now() - t);

  t = performance.now();
  n8n = await prepareN8n({ n8nHome: N8N_HOME, node24Dir: NODE24_DIR, packageTgz: PACKAGE_TGZ });
  await n8n.start();
  report.startup.n8nStartMs = Math.round(performance.now() - t);
  t = performance.now();
  ({ api, rest } = await n8n.authenticate());
  const good = await api('POST', '/credentials', {
    name: 'Publisher local', type: 'publisherApi',
    data: { apiKey: API_KEY, hostname: 'localpub.substack.com', cookieName: 'connect.sid', baseUrl: local.url },
  });
  credentials.good = { id: good.id, name: good.name, type: 'publisherApi', data: { apiKey: API_KEY, hostname: 'localpub.substack.com', cookieName: 'connect.sid', baseUrl: local.url } };
  const bad = await api('POST', '/credentials', {
    name: 'Publisher wrong key', type: 'publisherApi',
    data: { apiKey: 'not-the-key', hostname: 'localpub.substack.com', cookieName: 'substack.sid', baseUrl: local.url },
  });
  credentials.bad = { id: bad.id, name: bad.name, type: 'publisherApi', data: { apiKey: 'not-the-key', hostname: 'localpub.substack.com', cookieName: 'substack.sid', baseUrl: local.url } };

  const workflows = Object.entries(operations).map(([name, [path, parameters, , typeVersion = 1]]) => [name, { name, path, parameters, typeVersion }]);
  workflows.push(
    ['404', { name: '404', path: 'post-404', parameters: { resource: 'post', operation: 'getPostById', postId: 999999999 } }],
    ['429', { name: '429', path: 'post-429', parameters: { resource: 'post', operation: 'getPostById', postId: firstPost.id } }],
    ['continueOnFail', { name: 'continueOnFail', path: 'continue-on-fail', continueOnFail: true, splitOut: 'body.items',
      parameters: { resource: 'post', operation: 'getPostById', postId: '={{ $json.postId }}' } }],
    ['multi-item', { name: 'multi-item', path: 'multi-item', splitOut: 'body.items',
      parameters: { resource: 'note', operation: 'getNoteById', noteId: '={{ $json.noteId }}' } }],
    ['retry on fail', { name: 'retry on fail', path: 'note-create-retry', retryOnFail: true,
      parameters: { resource: 'note', operation: 'create', title: 'Twice?', body: 'never' } }],
    ['create with options', { name: 'create with options', path: 'note-create-options',
      parameters: { resource: 'note', operation: 'create', title: 'With a card and images', body: '={{ $json.body.text }}',
        options: { link: 'https://example.com/e2e-article', images: 'photo, chart', replyTo: '={{ $json.body.replyTo }}' } } }],
    ['create markdown', { name: 'create markdown', path: 'note-create-markdown',
      parameters: { resource: 'note', operation: 'create', title: 'Markdown from n8n', body: '={{ $json.body.text }}', options: { markdown: true } } }],
    ['continueOnFail (comment get)', { name: 'continueOnFail (comment get)', path: 'continue-on-fail-comment', continueOnFail: true, splitOut: 'body.items', typeVersion: 2,
      parameters: { resource: 'comment', operation: 'get', commentId: '={{ $json.commentId }}' } }],
    ['delete', { name: 'delete', path: 'note-delete',
      parameters: { resource: 'note', operation: 'delete', noteId: '={{ $json.body.noteId }}' } }],
    ['uncertain create', { name: 'uncertain create', path: 'note-create-uncertain',
      parameters: { resource: 'note', operation: 'create', title: 'Cut off', body: 'answer lost' } }],
  );
  // The draft operations, each in a workflow of its own (version 2), on the draft the webhook names.
  const draftId = '={{ $json.body.draftId }}';
  for (const [operation, parameters] of Object.entries({
    get: { draftId },
    getAll: { returnAll: false, limit: 100 },
    update: { draftId, updateFields: { title: '={{ $json.body.title }}', body: '={{ $json.body.markdown }}' } },
    check: { draftId },
    publish: { draftId },
    unschedule: { draftId },
    delete: { draftId },
  })) {
    workflows.push([`draft ${operation}`, { name: `draft ${operation}`, path: `draft-${operation.toLowerCase()}`, typeVersion: 2,
      parameters: { resource: 'draft', operation, ...parameters } }]);
  }
  for (const [, spec] of workflows) covered.add(`${spec.parameters.resource}/${spec.parameters.operation}`);
  for (const [name, spec] of workflows) {
    const created = await api('POST', '/workflows', publisherWorkflow({ ...spec, name: `e2e ${name}`, credential: credentials.good }));
    workflowIds[name] = created.id;
    await api('POST', `/workflows/${created.id}/publish`);
  }
  // Markdown with an image → draft → scheduled a few seconds ahead → (Wait) → the post.
  const flow = await api('POST', '/workflows', draftFlowWorkflow({ name: 'e2e draft flow', path: 'draft-flow', credential: credentials.good, waitSeconds: DRAFT_FLOW_WAIT_S }));
  workflowIds['draft flow'] = flow.id;
  await api('POST', `/workflows/${flow.id}/publish`);
  for (const node of flow.nodes.filter((n) => n.type === 'n8n-nodes-publisher.publisher')) covered.add(`${node.parameters.resource}/${node.parameters.operation}`);
  report.startup.setupMs = Math.round(performance.now() - t);
  report.startup.workflows = workflows.length;
});

after(async () => {
  await n8n?.remove();
  await local?.close();
  client?.free();
  if (N8N_E2E_REPORT) writeFileSync(N8N_E2E_REPORT, JSON.stringify(report, null, 2));
});

test('every operation of the node (its registry) runs in a workflow here', async () => {
  const { nodeOperations } = await loadSource('nodes/Publisher/resources/index.ts');
  assert.deepEqual(nodeOperations.map((op) => `${op.resource}/${op.value}`).filter((key) => !covered.has(key)), []);
});

for (const name of Object.keys(OPERATION_CASES)) {
  test(`${name}: the workflow's output equals the client's records, field by field`, async () => {
    const [path, , expected] = operations[name];
    const text = `A note from the e2e run, ${new Date().toISOString()} 🌸`;
    await control('DELETE', 'requests');
    const answer = await callWebhook(path, { text });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    // Sent by n8n's request helper (axios), not by the runtime's fetch (undici adds sec-fetch-mode).
    const sent = await requestLog();
    assert.ok(sent.length > 0);
    for (const request of sent) {
      assert.equal(request.headers['sec-fetch-mode'], undefined, `${request.url} was sent by fetch`);
      assert.match(request.headers.cookie, /^connect\.sid=s%3A/);
    }
    const execution = await lastExecution(name);
    assert.equal(execution.status, 'success');
    const run = publisherRun(execution);
    const items = run.data.main[0];
    assert.deepEqual(items.map((i) => i.json), answer.body, 'the webhook answered with the node output');
    for (const item of items) assert.deepEqual(item.pairedItem, { item: 0 });
    if (expected) {
      const want = await expected();
      assert.ok(want.length > 0);
      const normalize = NORMALIZE[name] ?? ((records) => records);
      assert.deepEqual(normalize(answer.body), normalize(want));
    } else {
      // create: the note exists once, with the title and the body as two paragraphs.
      assert.equal(answer.body.length, 1);
      const published = answer.body[0];
      assert.equal(published.body, `Hello from n8n\n\n${text}`);
      assert.deepEqual(expectedNote(await client.getNoteById(published.id)), published);
      const posts = sent.filter((r) => r.method === 'POST');
      assert.equal(posts.length, 1);
    }
    if (name === 'post getAll') assert.equal(answer.body.length, 100);
    if (MULTI_PAGE[name]) {
      // Return All: every record, read over several pages.
      const [prefix, pages] = MULTI_PAGE[name];
      const reads = sent.filter((r) => r.url.startsWith(prefix));
      assert.ok(reads.length >= pages, `${name}: ${reads.length} requests`);
      report.behaviour[`pages of ${name}`] = { items: answer.body.length, requests: reads.map((r) => r.url) };
    }
    // A whole record (Simplify off) is reported by its id and field names.
    const first = name.endsWith('(Simplify off)') ? { id: answer.body[0].id, fields: Object.keys(answer.body[0]) } : answer.body[0];
    report.operations.push({ operation: name, items: answer.body.length, first, webhookMs: answer.ms, nodeMs: run.executionTime });
  });
}

// A 1×1 PNG and a 1×1 GIF, uploaded to the webhook as files: n8n makes them binary fields.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

test('create with a link, two images from binary fields and a reply-to: one reply, its card and images, sent once', async () => {
  const parent = (await client.getNotes()).items.find((n) => n.comment).comment;
  await control('DELETE', 'requests');
  const form = new FormData();
  form.append('text', 'Binary images from n8n 🌸');
  form.append('replyTo', String(parent.id));
  form.append('photo', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  form.append('chart', new Blob([GIF], { type: 'image/gif' }), 'chart.gif');
  const started = performance.now();
  const response = await fetch(`${n8n.base}/webhook/note-create-options`, { method: 'POST', body: form });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  seen.push(text);
  assert.equal(response.status, 200, text);
  const body = JSON.parse(text);
  assert.equal(body.length, 1);
  const published = body[0];
  const posts = (await requestLog()).filter((r) => r.method === 'POST');
  const bodies = (path) => posts.filter((r) => r.url.replace(/\/$/, '') === path).map((r) => JSON.parse(r.body));
  assert.deepEqual(bodies('/api/v1/image'), [{ image: `data:image/png;base64,${PNG.toString('base64')}` }, { image: `data:image/gif;base64,${GIF.toString('base64')}` }]);
  assert.deepEqual(bodies('/api/v1/comment/attachment').map((a) => a.type).sort(), ['image', 'image', 'link']);
  const feed = bodies('/api/v1/comment/feed');
  assert.equal(feed.length, 1, 'published once');
  assert.equal(feed[0].parent_id, parent.id);
  assert.equal(feed[0].attachmentIds.length, 3);
  assert.equal(posts.at(-1).url.replace(/\/$/, ''), '/api/v1/comment/feed', 'attachments before the publish');
  // What the service holds: a reply under the parent, with the card and both images.
  const stored = await client.getNoteById(published.id);
  assert.deepEqual(expectedNote(stored), published);
  assert.equal(published.body, 'With a card and images\n\nBinary images from n8n 🌸');
  assert.ok(stored.comment.ancestor_path.split('.').includes(String(parent.id)), stored.comment.ancestor_path);
  const attachments = stored.comment.attachments ?? [];
  assert.deepEqual(attachments.map((a) => a.type), ['link', 'image', 'image']);
  const run = publisherRun(await lastExecution('create with options'));
  report.operations.push({ operation: 'note create (link, 2 images, replyTo)', items: body.length, first: published, webhookMs: ms, nodeMs: run.executionTime });
  report.behaviour.createWithOptions = { parent_id: feed[0].parent_id, attachments: attachments.map((a) => a.type), ancestor_path: stored.comment.ancestor_path };
});

test('create with Markdown: the body converted by the client, sent once, stored as formatted text', async () => {
  const { markdownToNoteBody } = await import('publisher-wasm/markdown');
  const text = '## A heading\n\n**bold**, *italic*, `code` and [a link](https://example.com/md)\n\n1. first\n2. second\n\n> a quote';
  await control('DELETE', 'requests');
  const answer = await callWebhook('note-create-markdown', { text });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const feed = (await requestLog()).filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
  assert.equal(feed.length, 1, 'published once');
  assert.deepEqual(feed[0].bodyJson.content, [
    { type: 'paragraph', content: [{ type: 'text', text: 'Markdown from n8n' }] },
    ...JSON.parse(markdownToNoteBody(text)).content,
  ]);
  const published = answer.body[0];
  assert.ok(!published.body.includes('**') && !published.body.includes('## '), published.body);
  const stored = await client.getNoteById(published.id);
  assert.deepEqual(expectedNote(stored), published);
  const run = publisherRun(await lastExecution('create markdown'));
  report.operations.push({ operation: 'note create (markdown)', items: answer.body.length, first: published, webhookMs: answer.ms, nodeMs: run.executionTime });
  report.behaviour.markdownSent = feed[0].bodyJson.content.map((node) => node.type);
});

test('delete: the note is gone; deleting it again is not an error (deleted: false)', async () => {
  const note = await client.publishNote(`To be deleted by n8n, ${new Date().toISOString()}`);
  await control('DELETE', 'requests');
  const first = await callWebhook('note-delete', { noteId: note.id });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.deepEqual(first.body, [{ id: note.id, deleted: true }]);
  const run = publisherRun(await lastExecution('delete'));
  const gone = await client.getNoteById(note.id).then(() => 'still there', (e) => e.status);
  assert.equal(gone, 404);
  const again = await callWebhook('note-delete', { noteId: note.id });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.deepEqual(again.body, [{ id: note.id, deleted: false }]);
  assert.equal((await lastExecution('delete')).status, 'success');
  const deletes = (await requestLog()).filter((r) => r.method === 'DELETE');
  assert.deepEqual(deletes.map((r) => [r.url, r.status]), [[`/api/v1/comment/${note.id}`, 200], [`/api/v1/comment/${note.id}`, 404]]);
  report.operations.push({ operation: 'note delete', items: first.body.length, first: first.body[0], webhookMs: first.ms, nodeMs: run.executionTime });
  report.behaviour.deleteAgain = again.body[0];
});

test('draft flow: Markdown with an image → a draft → scheduled a few seconds ahead (no email) → published: the post read back', async () => {
  const markdown = '# From n8n\n\nA draft written in **Markdown**, with a chart:\n\n![Chart](chart.png "Figures of the week")\n\n- scheduled by n8n\n- published by the service';
  const title = `Draft flow ${new Date().toISOString()}`;
  // The wire's trigger_at has whole seconds.
  const publishAt = new Date(Math.ceil((Date.now() + DRAFT_FLOW_AHEAD_S * 1000) / 1000) * 1000).toISOString();
  await control('DELETE', 'requests');
  const form = new FormData();
  form.append('title', title);
  form.append('markdown', markdown);
  form.append('publishAt', publishAt);
  form.append('chart', new Blob([PNG], { type: 'image/png' }), 'chart.png');
  const started = performance.now();
  const response = await fetch(`${n8n.base}/webhook/draft-flow`, { method: 'POST', body: form });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  seen.push(text);
  assert.equal(response.status, 200, text);
  const execution = await lastExecution('draft flow');
  assert.equal(execution.status, 'success');
  const { draft: [draft], schedule: [scheduled], published: [post] } = draftFlowItems(execution);
  const log = await requestLog();
  const posted = (path) => log.filter((r) => r.method === 'POST' && r.url.replace(/\?.*$/, '').replace(/\/$/, '') === path).map((r) => JSON.parse(r.body));
  // The image: uploaded once, before the draft; its URL in the document, the file name gone.
  const uploads = posted('/api/v1/image');
  assert.deepEqual(uploads, [{ image: `data:image/png;base64,${PNG.toString('base64')}` }]);
  const [created] = posted('/api/v1/drafts');
  assert.equal(posted('/api/v1/drafts').length, 1, 'created once');
  assert.equal(created.draft_title, title);
  assert.ok(!created.draft_body.includes('chart.png'), created.draft_body);
  const stored = await client.getDraft(draft.id);
  const image = JSON.stringify(stored.draftBody).match(/"src":"([^"]+)"/)?.[1];
  assert.ok(image && image !== 'chart.png', JSON.stringify(stored.draftBody));
  // Scheduled without email, at the time sent.
  const [release] = posted(`/api/v1/drafts/${draft.id}/scheduled_release`);
  assert.deepEqual(release, { trigger_at: publishAt, post_audience: 'everyone', email_audience: null });
  assert.equal(Date.parse(scheduled.scheduledAt), Date.parse(publishAt));
  assert.equal(scheduled.published, false);
  // Released by the service: the post keeps the draft's id.
  assert.deepEqual(JSON.parse(text), [post]);
  assert.equal(post.id, draft.id);
  assert.equal(post.published, true);
  assert.equal(post.title, title);
  assert.ok(Date.parse(post.publishedAt) >= Date.parse(publishAt) - 1000, `${post.publishedAt} vs ${publishAt}`);
  assert.deepEqual(post, expectedPost(await client.getPostById(draft.id)));
  const lines = [
    `draft      → ${JSON.stringify(draft)}`,
    `schedule   → ${JSON.stringify(scheduled)}`,
    `published  → ${JSON.stringify(post)}`,
  ];
  console.log(`\nThe draft flow in n8n (Webhook → Create draft → Schedule → Wait ${DRAFT_FLOW_WAIT_S} s → Get post), ${ms} ms:\n${lines.join('\n')}\nimage uploaded → ${image}\n`);
  report.operations.push({ operation: 'draft create (Markdown + image) → schedule → get post', items: 1, first: post, webhookMs: ms, nodeMs: execution.data.resultData.runData['Create draft'][0].executionTime });
  report.behaviour.draftFlow = { draft, scheduled, published: post, imageUrl: image, release };
});

test('draft operations (get, getAll, update, check, unschedule, publish, delete), each against the client\'s records', async () => {
  const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Made by the e2e test.' }] }] };
  const made = await client.createDraft({ title: `Draft ops ${Date.now()}`, subtitle: 'to be changed', body: doc, audience: 'only_paid' });
  const call = async (name, body) => {
    const answer = await callWebhook(`draft-${name.toLowerCase()}`, body);
    assert.equal(answer.status, 200, `${name}: ${JSON.stringify(answer.body)}`);
    const run = publisherRun(await lastExecution(`draft ${name}`));
    report.operations.push({ operation: `draft ${name}`, items: answer.body.length, first: answer.body[0], webhookMs: answer.ms, nodeMs: run.executionTime });
    return answer.body;
  };
  assert.deepEqual(await call('get', { draftId: made.id }), [expectedDraft(await client.getDraft(made.id))]);
  const listed = await call('getAll', {});
  assert.deepEqual(listed, (await client.getDrafts({ limit: 100 })).map(expectedDraft));
  assert.ok(listed.some((d) => d.id === made.id));
  await control('DELETE', 'requests');
  const [updated] = await call('update', { draftId: made.id, title: 'Renamed by n8n', markdown: '## Changed in n8n\n\nNew *body*.' });
  const afterUpdate = await client.getDraft(made.id);
  assert.deepEqual(updated, expectedDraft(afterUpdate));
  assert.equal(afterUpdate.draftTitle, 'Renamed by n8n');
  assert.equal(afterUpdate.draftBody.content[0].type, 'heading');
  const [check] = await call('check', { draftId: made.id });
  assert.deepEqual(check, { id: made.id, ...(await client.checkDraft(made.id)) });
  await client.scheduleDraft(made.id, new Date(Date.now() + 3_600_000), { send: false });
  const [unscheduled] = await call('unschedule', { draftId: made.id });
  assert.equal(unscheduled.scheduledAt, null);
  assert.equal((await client.getDraft(made.id)).scheduledAt, null);
  await control('DELETE', 'requests');
  const [published] = await call('publish', { draftId: made.id });
  const publishes = (await requestLog()).filter((r) => r.method === 'POST' && r.url.startsWith(`/api/v1/drafts/${made.id}/publish`));
  assert.deepEqual(publishes.map((r) => JSON.parse(r.body)), [{ send: false, share_automatically: false }], 'Send Email off by default');
  assert.deepEqual(published, expectedPost(await client.getPostById(made.id)));
  assert.equal(published.published, true);
  const doomed = await client.createDraft({ title: `To delete ${Date.now()}` });
  assert.deepEqual(await call('delete', { draftId: doomed.id }), [{ id: doomed.id, deleted: true }]);
  assert.deepEqual(await call('delete', { draftId: doomed.id }), [{ id: doomed.id, deleted: false }]);
  report.behaviour.draftOperations = { updated, check, unscheduled, published };
});

test('404: the execution fails with a NodeApiError, httpCode 404, headed by what was not found', async () => {
  const answer = await callWebhook('post-404');
  assert.equal(answer.status, 500);
  const execution = await lastExecution('404');
  assert.equal(execution.status, 'error');
  const error = execution.data.resultData.error;
  assert.equal(error.name, 'NodeApiError');
  assert.equal(error.httpCode, '404');
  assert.match(error.message, /^Post \d+ was not found$/);
  assert.match(error.description, /HTTP 404.*\(kind: http\)$/);
  assert.equal(error.node.name, 'Publisher');
  report.behaviour['404'] = { name: error.name, httpCode: error.httpCode, message: error.message, description: error.description };
});

test('429 with Retry-After: the client waits and the run succeeds', async () => {
  await control('DELETE', 'requests');
  const postPath = `/api/v1/posts/by-id/${operations['post getPostById'][1].postId}`;
  await control('POST', 'faults', { method: 'GET', path: postPath, times: 1, status: 429, retryAfter: '1' });
  const answer = await callWebhook('post-429');
  assert.equal(answer.status, 200);
  assert.equal(answer.body.length, 1);
  const log = (await requestLog()).filter((r) => r.url === postPath);
  assert.deepEqual(log.map((r) => r.status), [429, 200]);
  const waited = log[1].time - log[0].time;
  assert.ok(waited >= 950, `waited ${waited} ms`);
  const execution = await lastExecution('429');
  assert.equal(execution.status, 'success');
  report.behaviour['429'] = { statuses: log.map((r) => r.status), waitedMs: waited, output: answer.body[0] };
});

test('continueOnFail: an error item (message, status, kind) paired to its input; the others go on', async () => {
  const postId = operations['post getPostById'][1].postId;
  const answer = await callWebhook('continue-on-fail', { items: [{ postId }, { postId: 999999999 }, { postId: 'abc' }] });
  assert.equal(answer.status, 200);
  const execution = await lastExecution('continueOnFail');
  assert.equal(execution.status, 'success');
  const items = publisherRun(execution).data.main[0];
  assert.deepEqual(items.map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
  assert.equal(items[0].json.id, postId);
  assert.equal(items[1].json.status, 404);
  assert.equal(items[1].json.kind, 'http');
  assert.match(items[1].json.message, /404/);
  assert.equal(items[2].json.kind, 'invalid-parameter');
  assert.match(items[2].json.message, /"Post ID".*"abc"/);
  report.behaviour.continueOnFail = items.map((i) => i.json).slice(1);
});

test('continueOnFail on a new operation (comment get, version 2): error items paired to their inputs, the others go on', async () => {
  const good = operations['comment get'][1].commentId;
  const answer = await callWebhook('continue-on-fail-comment', { items: [{ commentId: 999999999 }, { commentId: good }, { commentId: '' }] });
  assert.equal(answer.status, 200);
  const execution = await lastExecution('continueOnFail (comment get)');
  assert.equal(execution.status, 'success');
  const items = publisherRun(execution).data.main[0];
  assert.deepEqual(items.map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
  assert.equal(items[0].json.status, 404);
  assert.equal(items[0].json.kind, 'http');
  assert.deepEqual(items[1].json, expectedComment(await client.getComment(Number(good))));
  assert.equal(items[2].json.kind, 'invalid-parameter');
  assert.match(items[2].json.message, /"Comment ID" is empty/);
  report.behaviour.continueOnFailComment = items.map((i) => i.json).filter((json) => json.error);
});

test('several input items: one client call per item, outputs paired to their items', async () => {
  const notes = (await client.getNotes()).items.filter((n) => n.comment).slice(0, 3);
  const answer = await callWebhook('multi-item', { items: notes.map((n) => ({ noteId: n.comment.id })) });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body, notes.map(expectedNote));
  const items = publisherRun(await lastExecution('multi-item')).data.main[0];
  assert.deepEqual(items.map((i) => i.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
});

test('a publish whose answer was cut after the note was stored: the client reads it back, the item succeeds, nothing re-sent', async () => {
  await control('DELETE', 'requests');
  await control('POST', 'faults', { method: 'POST', path: '/api/v1/comment/feed', times: 1, truncate: 'length' });
  const answer = await callWebhook('note-create-uncertain');
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal((await lastExecution('uncertain create')).status, 'success');
  const posts = (await requestLog()).filter((r) => r.method === 'POST');
  assert.equal(posts.length, 1, 'sent exactly once');
  const held = (await client.getNotes()).items.filter((n) => n.comment?.body === 'Cut off\n\nanswer lost');
  assert.equal(held.length, 1, 'the service holds the note once');
  assert.deepEqual(answer.body, [expectedNote(held[0])]);
  report.behaviour.cutAnswerRecovered = { output: answer.body[0], postsSent: posts.length, notesHeld: held.length };
});

test('uncertain create: a 502 and nothing found by the read-back; the node says the note may have been published and does not re-send', async () => {
  await client.deleteNote((await client.getNotes()).items.find((n) => n.comment?.body === 'Cut off\n\nanswer lost').comment.id);
  await control('DELETE', 'requests');
  await control('POST', 'faults', { method: 'POST', path: '/api/v1/comment/feed', times: 1, status: 502 });
  const answer = await callWebhook('note-create-uncertain');
  assert.equal(answer.status, 500);
  const execution = await lastExecution('uncertain create');
  const error = execution.data.resultData.error;
  assert.equal(error.name, 'NodeApiError');
  assert.match(error.message, /may have been published/);
  assert.match(error.message, /Do not run this item again/);
  const log = await requestLog();
  const posts = log.filter((r) => r.method === 'POST');
  assert.equal(posts.length, 1, 'sent exactly once');
  assert.ok(log.some((r) => r.method === 'GET' && r.url.startsWith('/api/v1/notes')), 'the client read the notes back');
  const held = (await client.getNotes()).items.filter((n) => n.comment?.body === 'Cut off\n\nanswer lost');
  assert.equal(held.length, 0, 'the service holds no such note');
  report.behaviour.uncertainCreate = { name: error.name, httpCode: error.httpCode, message: error.message, description: error.description, postsSent: posts.length, notesHeld: held.length };
});

test('Retry On Fail on a create node: refused with a clear message, nothing sent', async () => {
  await control('DELETE', 'requests');
  const answer = await callWebhook('note-create-retry');
  assert.equal(answer.status, 500);
  const error = (await lastExecution('retry on fail')).data.resultData.error;
  assert.equal(error.name, 'NodeOperationError');
  assert.match(error.message, /Retry On Fail is on/);
  assert.deepEqual(await requestLog(), []);
  report.behaviour.retryOnFailCreate = { name: error.name, message: error.message };
});

test('n8n loaded the node with versions 1 and 2, version 2 for new nodes, Simplify from version 2 on', async () => {
  const [description] = await rest('POST', '/node-types', { nodeInfos: [{ name: 'n8n-nodes-publisher.publisher', version: 2 }] });
  assert.deepEqual(description.version, [1, 2]);
  assert.equal(description.defaultVersion, 2);
  const simple = description.properties.filter((p) => p.name === 'simple');
  assert.ok(simple.length >= 13);
  assert.ok(simple.every((p) => p.default === true && JSON.stringify(p.displayOptions.show['@version']) === '[{"_cnd":{"gte":2}}]'));
  report.behaviour.nodeVersions = { version: description.version, defaultVersion: description.defaultVersion, simplifyParameters: simple.length };
});

test('credential test: the good key passes, a wrong key fails with a clear message', async () => {
  const ok = await rest('POST', '/credentials/test', { credentials: credentials.good });
  assert.equal(ok.status, 'OK', JSON.stringify(ok));
  const bad = await rest('POST', '/credentials/test', { credentials: credentials.bad });
  assert.equal(bad.status, 'Error');
  assert.match(bad.message, /refused the API key \(HTTP 401\)/);
  report.behaviour.credentialTest = { good: ok, bad };
});

test('the API key appears in no webhook answer, execution data or n8n log line', () => {
  const everything = seen.join('\n') + n8n.logText();
  assert.ok(seen.length > 10);
  assert.ok(!everything.includes(API_KEY), 'the API key leaked');
});
