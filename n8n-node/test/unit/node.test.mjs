// Unit tests of the node over the real client: a fake IExecuteFunctions, and a small
// server answering with the project's response fixtures. They check the parameters → client
// call mapping (what went on the wire), the client record → output item mapping
// (field by field against the fixtures), and the error mapping.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fakeContext } from './fake-context.mjs';
import { fixture, HANDLE, NOTE_ID, NOTES_PAGES, POST_ID, startFixtureService, USER_ID } from './fixture-service.mjs';

const require = createRequire(import.meta.url);
// A module the node bundles, compiled on its own for a direct test.
async function compiled(file) {
  const { build } = await import('esbuild');
  const out = await build({ entryPoints: [new URL(`../../${file}`, import.meta.url).pathname], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'error' });
  return import(`data:text/javascript,${encodeURIComponent(out.outputFiles[0].text)}`);
}
const { Publisher } = require('../../dist/nodes/Publisher/Publisher.node.js');
const { NodeApiError, NodeHelpers, NodeOperationError } = require('n8n-workflow');

const API_KEY = 'unit-secret-key-5a1c9e';
const node = new Publisher();
let service;
let credentials;

before(async () => {
  service = await startFixtureService({ apiKey: API_KEY });
  credentials = { apiKey: API_KEY, hostname: 'angelsant.substack.com', cookieName: 'connect.sid', baseUrl: service.url };
});
after(() => service.close());
beforeEach(() => service.reset());

async function run(items, options = {}) {
  const ctx = fakeContext({ items, credentials, ...options });
  const [output] = await node.execute.call(ctx);
  assertNoKey(output);
  return { output, ctx, json: output.map((item) => item.json) };
}
function assertNoKey(value) {
  assert.ok(!JSON.stringify(value).includes(API_KEY), 'the API key leaked');
}
async function failure(items, options = {}) {
  const ctx = fakeContext({ items, credentials, ...options });
  const error = await node.execute.call(ctx).then(() => assert.fail('the execution should fail'), (e) => e);
  assertNoKey({ message: error.message, description: error.description, context: error.context });
  assert.ok(!String(error.stack).includes(API_KEY));
  return { error, ctx };
}
const wire = () => service.requests.map((r) => `${r.method} ${r.path}${r.query}`);
const isListType = (type) => ['newsletter', 'podcast', 'thread'].includes(type);

// The expected output record, derived here from the service record (http-contract §6.1).
function expectedPost(raw) {
  return {
    id: raw.id,
    title: raw.title,
    subtitle: raw.subtitle ?? '',
    slug: raw.slug,
    published: raw.is_published ?? true,
    paywalled: raw.audience === 'only_paid' || raw.audience === 'founding',
    type: raw.type,
    publishedAt: raw.post_date,
    description: raw.description ?? '',
    url: raw.canonical_url,
  };
}
function expectedNote(item) {
  const c = item.comment;
  return { id: c.id, body: c.body, publishedAt: c.date, url: `https://substack.com/@${c.handle}/note/c-${c.id}` };
}

test('post getAll: GET /posts with limit and offset, each post mapped to the §2.1 record', async () => {
  const { output, json } = await run([{ resource: 'post', operation: 'getAll', limit: 100, offset: 0 }]);
  const raw = fixture('posts.json');
  assert.deepEqual(json, raw.map(expectedPost));
  assert.deepEqual(Object.keys(json[0]), ['id', 'title', 'subtitle', 'slug', 'published', 'paywalled', 'type', 'publishedAt', 'description', 'url']);
  assert.ok(output.every((item) => item.pairedItem.item === 0));
  assert.deepEqual(wire(), ['GET /api/v1/posts?offset=0&limit=50']);
  assert.ok(service.requests[0].headers.cookie.includes(`connect.sid=s%3A${API_KEY}`));
});

test('HTTP goes through n8n\'s helpers.httpRequest, with the client\'s abort signal', async () => {
  const { ctx } = await run([{ resource: 'post', operation: 'getPostById', postId: POST_ID }]);
  assert.equal(ctx.httpCalls.length, 1);
  assert.equal(ctx.httpCalls[0].url, `${service.url}/api/v1/posts/by-id/${POST_ID}`);
  assert.equal(ctx.httpCalls[0].returnFullResponse, true);
  assert.ok(ctx.httpCalls[0].abortSignal instanceof AbortSignal);
});

test('post getPostsBySlug: handle → public profile → profile/posts, offset skipped by the client, never sent', async () => {
  const { json } = await run([{ resource: 'post', operation: 'getPostsBySlug', slug: `@${HANDLE}`, limit: 4, offset: 2 }]);
  const raw = fixture('profile-posts.json').posts.filter((p) => isListType(p.type));
  assert.ok(raw.length >= 6, 'the fixture holds more posts than offset + limit');
  assert.deepEqual(json, raw.slice(2, 6).map(expectedPost));
  assert.equal(wire()[0], `GET /api/v1/user/${HANDLE}/public_profile`);
  assert.match(wire()[1], new RegExp(`^GET /api/v1/profile/posts\\?profile_user_id=${USER_ID}&limit=\\d+$`));
  assert.ok(wire().every((line) => !line.includes('offset')));
});

test('post getPostsById: profile/posts of that user, limit respected', async () => {
  const { json } = await run([{ resource: 'post', operation: 'getPostsById', userId: USER_ID, limit: 3, offset: 0 }]);
  const raw = fixture('profile-posts.json').posts;
  assert.deepEqual(json, raw.slice(0, 3).map(expectedPost));
  assert.deepEqual(wire(), [`GET /api/v1/profile/posts?profile_user_id=${USER_ID}&limit=3`]);
});

test('post getPostById: GET /posts/by-id/<id>, mapped to the §2.1 record', async () => {
  const { json } = await run([{ resource: 'post', operation: 'getPostById', postId: String(POST_ID) }]);
  const raw = fixture('post-by-id.json').post;
  assert.deepEqual(json, [expectedPost(raw)]);
  assert.deepEqual(wire(), [`GET /api/v1/posts/by-id/${POST_ID}`]);
});

test('post records: published and paywalled derived from each post, not constants', async () => {
  const unpublished = { ...fixture('posts.json')[0], is_published: false };
  service.override('GET /api/v1/posts', () => [...fixture('posts.json'), unpublished]);
  const { json } = await run([{ resource: 'post', operation: 'getAll', limit: 100, offset: 0 }]);
  assert.deepEqual(new Set(json.map((post) => post.paywalled)), new Set([true, false]));
  assert.deepEqual(new Set(json.map((post) => post.published)), new Set([true, false]));
  const audiences = fixture('posts.json').map((post) => post.audience);
  assert.deepEqual(json.slice(0, -1).map((post) => post.paywalled), audiences.map((audience) => audience !== 'everyone'));
});

test('note get: the own feed walked by the client, restacks left out, the note page URL', async () => {
  const [first] = NOTES_PAGES;
  const notes = first.items.filter((item) => item.comment);
  assert.ok(notes.length >= 2 && notes.length < first.items.length, 'the first page mixes restacks and notes');
  const { json } = await run([{ resource: 'note', operation: 'get', limit: notes.length }]);
  assert.deepEqual(json, notes.map(expectedNote));
  assert.equal(json[0].url, `https://substack.com/@${notes[0].comment.handle}/note/c-${notes[0].comment.id}`);
  assert.deepEqual(wire(), [`GET /api/v1/notes?limit=${notes.length}`]);
});

test('note get: a limit above one page makes the client follow the cursor', async () => {
  const notes = NOTES_PAGES.flatMap((page) => page.items.filter((item) => item.comment));
  const { json } = await run([{ resource: 'note', operation: 'get', limit: notes.length - 1 }]);
  assert.deepEqual(json, notes.slice(0, -1).map(expectedNote));
  assert.equal(service.requests.length, 2);
  assert.match(wire()[1], /cursor=/);
});

test('note getNotesById and getNotesBySlug: the profile feed with types=note', async () => {
  const feed = fixture('profile-notes.json');
  const { json } = await run([{ resource: 'note', operation: 'getNotesById', userId: USER_ID, limit: 5 }]);
  assert.deepEqual(json, feed.items.slice(0, 5).map(expectedNote));
  assert.equal(wire()[0], `GET /api/v1/reader/feed/profile/${USER_ID}?types=note`);
  service.reset();
  const bySlug = await run([{ resource: 'note', operation: 'getNotesBySlug', slug: HANDLE, limit: 2 }]);
  assert.deepEqual(bySlug.json, feed.items.slice(0, 2).map(expectedNote));
  assert.deepEqual(wire(), [`GET /api/v1/user/${HANDLE}/public_profile`, `GET /api/v1/reader/feed/profile/${USER_ID}?types=note`]);
});

test('note getNoteById: GET /reader/comment/<id>, the §2.5 record', async () => {
  const { json } = await run([{ resource: 'note', operation: 'getNoteById', noteId: NOTE_ID }]);
  assert.deepEqual(json, [expectedNote(fixture('reader-comment-note.json').item)]);
  assert.deepEqual(Object.keys(json[0]), ['id', 'body', 'publishedAt', 'url']);
});

test('note create: title and each body line as paragraphs, sent once, the published note as output', async () => {
  const { json } = await run([{ resource: 'note', operation: 'create', title: 'Hello', body: 'first line\n\nsecond “line” 🌸' }]);
  const posts = service.requests.filter((r) => r.method === 'POST');
  assert.equal(posts.length, 1);
  const sent = JSON.parse(posts[0].body);
  assert.deepEqual(sent.bodyJson.content.map((p) => p.content.map((t) => t.text).join('')), ['Hello', 'first line', 'second “line” 🌸']);
  assert.equal(sent.replyMinimumRole, 'everyone');
  const response = fixture('publish-response.json');
  assert.equal(json.length, 1);
  assert.deepEqual({ ...json[0], url: undefined }, { id: response.id, body: response.body, publishedAt: response.date, url: undefined });
  assert.equal(typeof json[0].url, 'string');
});

test('note create with an empty title publishes the body alone', async () => {
  await run([{ resource: 'note', operation: 'create', title: '', body: 'only the body' }]);
  const sent = JSON.parse(service.requests.find((r) => r.method === 'POST').body);
  assert.equal(sent.bodyJson.content.length, 1);
});

test('several input items: one output per record, each paired with its input item', async () => {
  const { output } = await run([
    { resource: 'post', operation: 'getPostById', postId: POST_ID },
    { resource: 'note', operation: 'getNoteById', noteId: NOTE_ID },
    { resource: 'post', operation: 'getPostById', postId: POST_ID },
  ]);
  assert.deepEqual(output.map((item) => item.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
  assert.equal(output[1].json.id, fixture('reader-comment-note.json').item.comment.id);
});

test('a 404 is a NodeApiError with httpCode 404, what was not found, the client message and the item', async () => {
  const { error } = await failure([{ resource: 'post', operation: 'getPostById', postId: 999 }]);
  assert.ok(error instanceof NodeApiError);
  assert.equal(error.httpCode, '404');
  assert.equal(error.message, 'Post 999 was not found');
  assert.match(error.description, /HTTP 404 Not Found; the service said "Not found"/);
  assert.equal(error.context.itemIndex, 0);
});

test('a 429 with Retry-After is waited out by the client: the item succeeds', async () => {
  service.fault({ method: 'GET', path: '/api/v1/posts/by-id/', status: 429, headers: { 'retry-after': '1' } });
  const started = Date.now();
  const { json } = await run([{ resource: 'post', operation: 'getPostById', postId: POST_ID }]);
  assert.equal(json.length, 1);
  assert.deepEqual(wire(), [`GET /api/v1/posts/by-id/${POST_ID}`, `GET /api/v1/posts/by-id/${POST_ID}`]);
  assert.ok(Date.now() - started >= 900, 'the Retry-After second was waited');
});

test('an uncertain create says the note may have been published, and is never re-sent', async () => {
  service.fault({ method: 'POST', path: '/api/v1/comment/feed', status: 502, body: '<html>bad gateway</html>' });
  const { error } = await failure([{ resource: 'note', operation: 'create', title: 'Once', body: 'only once' }]);
  assert.ok(error instanceof NodeApiError);
  assert.match(error.message, /may have been published/);
  assert.match(error.message, /Do not run this item again/);
  assert.equal(error.httpCode, '502');
  assert.equal(service.requests.filter((r) => r.method === 'POST').length, 1);
});

test('continueOnFail: an error item (error, message, status, kind) paired to its input, the others go on', async () => {
  const { output } = await run(
    [
      { resource: 'post', operation: 'getPostById', postId: 999 },
      { resource: 'post', operation: 'getPostById', postId: POST_ID },
      { resource: 'post', operation: 'getPostById', postId: 'abc' },
    ],
    { continueOnFail: true },
  );
  assert.equal(output.length, 3);
  assert.deepEqual(output.map((item) => item.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
  assert.equal(output[0].json.status, 404);
  assert.equal(output[0].json.kind, 'http');
  assert.match(output[0].json.message, /404/);
  assert.equal(output[0].json.error, 'Post 999 was not found');
  assert.equal(output[1].json.id, POST_ID);
  assert.equal(output[2].json.kind, 'invalid-parameter');
  assert.match(output[2].json.message, /Post ID/);
});

test('continueOnFail on an uncertain create: the error item says so', async () => {
  service.fault({ method: 'POST', path: '/api/v1/comment/feed', status: 500 });
  const { json } = await run([{ resource: 'note', operation: 'create', title: 't', body: 'b' }], { continueOnFail: true });
  assert.equal(json[0].kind, 'maybe-published');
  assert.match(json[0].error, /may have been published/);
});

test('bad parameters are NodeOperationErrors naming the parameter and the item; nothing is sent', async () => {
  const cases = [
    [{ resource: 'post', operation: 'getPostsById', userId: 'abc', limit: 10, offset: 0 }, /"User ID".*"abc"/],
    [{ resource: 'post', operation: 'getPostsBySlug', slug: '  ', limit: 10, offset: 0 }, /"Slug" must not be empty/],
    [{ resource: 'post', operation: 'getAll', limit: 0, offset: 0 }, /"Limit"/],
    [{ resource: 'post', operation: 'getAll', limit: 10, offset: -1 }, /"Offset"/],
    [{ resource: 'note', operation: 'getNoteById', noteId: 1.5 }, /"Note ID"/],
    [{ resource: 'note', operation: 'create', title: ' ', body: '\n' }, /"Title" and "Body" are both empty/],
  ];
  for (const [params, message] of cases) {
    const { error } = await failure([{ resource: 'post', operation: 'getPostById', postId: POST_ID }, params]);
    assert.ok(error instanceof NodeOperationError, `${error.name}: ${error.message}`);
    assert.match(error.message, message);
    assert.equal(error.context.itemIndex, 1);
  }
  assert.ok(service.requests.every((r) => r.path === `/api/v1/posts/by-id/${POST_ID}`), 'only the valid first items were sent');
});

test('a wrong key is a 401 NodeApiError that does not show the key', async () => {
  const ctx = fakeContext({ items: [{ resource: 'note', operation: 'get', limit: 1 }], credentials: { ...credentials, apiKey: 'wrong-key' } });
  const error = await node.execute.call(ctx).then(() => assert.fail('should fail'), (e) => e);
  assert.equal(error.httpCode, '401');
  assert.ok(!JSON.stringify({ m: error.message, d: error.description, c: error.context }).includes(API_KEY));
});

test('the execution-cancel signal aborts the client: nothing more is sent', async () => {
  const controller = new AbortController();
  controller.abort(new Error('execution cancelled'));
  const { error } = await failure([{ resource: 'post', operation: 'getPostById', postId: POST_ID }], { signal: controller.signal });
  assert.match(error.message, /cancelled|abort/i);
  assert.equal(service.requests.length, 0);
});

test('the execution-cancel signal stops a wait before a retry', async () => {
  service.fault({ method: 'GET', path: '/api/v1/posts/by-id/', status: 429, headers: { 'retry-after': '30' } });
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('execution cancelled')), 200);
  const started = Date.now();
  await failure([{ resource: 'post', operation: 'getPostById', postId: POST_ID }], { signal: controller.signal });
  assert.ok(Date.now() - started < 5000);
  assert.equal(service.requests.length, 1);
});

test('the credential test reads through the client: a good key passes, a wrong one fails clearly', async () => {
  const testFn = node.methods.credentialTest.publisherApiTest;
  const ok = await testFn.call({}, { id: '1', name: 'c', type: 'publisherApi', data: credentials });
  assert.deepEqual(ok, { status: 'OK', message: 'Connection successful' });
  assert.deepEqual(wire(), ['GET /api/v1/feed/following']);
  const bad = await testFn.call({}, { id: '1', name: 'c', type: 'publisherApi', data: { ...credentials, apiKey: 'nope' } });
  assert.equal(bad.status, 'Error');
  assert.match(bad.message, /refused the API key \(HTTP 401\)/);
  const empty = await testFn.call({}, { id: '1', name: 'c', type: 'publisherApi', data: { ...credentials, apiKey: '' } });
  assert.equal(empty.status, 'Error');
});

test('the node description: type, version, tool use, the ten operations and their defaults (an added operation leaves them as they are)', () => {
  const d = node.description;
  assert.equal(d.name, 'publisher');
  assert.deepEqual(d.version, [1, 2]);
  assert.equal(d.defaultVersion, 2);
  assert.equal(d.usableAsTool, true);
  // The ten operations of version 1, which saved workflows name, and the fields the editor
  // shows for each (n8n's own display rule, Return All at its default): each parameter once.
  // The registry test keeps the list of every operation.
  const TEN = {
    post: {
      getAll: ['resource', 'operation', 'returnAll', 'limit', 'offset'],
      getPostsBySlug: ['resource', 'operation', 'slug', 'returnAll', 'limit', 'offset'],
      getPostsById: ['resource', 'operation', 'userId', 'returnAll', 'limit', 'offset'],
      getPostById: ['resource', 'operation', 'postId'],
    },
    note: {
      get: ['resource', 'operation', 'returnAll', 'limit'],
      getNotesBySlug: ['resource', 'operation', 'slug', 'returnAll', 'limit'],
      getNotesById: ['resource', 'operation', 'userId', 'returnAll', 'limit'],
      getNoteById: ['resource', 'operation', 'noteId'],
      create: ['resource', 'operation', 'title', 'body', 'options', 'createNotice'],
      delete: ['resource', 'operation', 'noteId'],
    },
  };
  const ten = Object.entries(TEN).flatMap(([resource, ops]) => Object.keys(ops).map((op) => `${resource}/${op}`));
  const ops = (resource) => d.properties.find((p) => p.name === 'operation' && p.displayOptions.show.resource[0] === resource).options.map((o) => o.value);
  for (const [resource, fields] of Object.entries(TEN)) {
    for (const op of Object.keys(fields)) assert.ok(ops(resource).includes(op), `${resource}/${op} is in the Operation list`);
  }
  const options = d.properties.find((p) => p.name === 'options');
  assert.deepEqual(options.displayOptions, { show: { resource: ['note'], operation: ['create'] } });
  assert.deepEqual(options.options.map((o) => [o.name, o.type, o.default]), [['images', 'string', 'data'], ['link', 'string', ''], ['markdown', 'boolean', false], ['replyTo', 'string', '']]);
  const shownFor = (name) => d.properties.filter((p) => p.name === name).map((p) => `${p.displayOptions.show.resource}/${p.displayOptions.show.operation}`).filter((key) => ten.includes(key));
  const withField = (name) => ten.filter((key) => { const [resource, op] = key.split('/'); return TEN[resource][op].includes(name); });
  for (const name of ['noteId', 'limit', 'offset']) assert.deepEqual(shownFor(name), withField(name), name);
  for (const p of d.properties.filter((p) => p.name === 'limit')) assert.equal(p.default, 100);
  for (const p of d.properties.filter((p) => p.name === 'offset')) assert.equal(p.default, 0);
  const shown = (resource, operation) =>
    d.properties.filter((p) => NodeHelpers.displayParameter({ resource, operation, returnAll: false }, p, { typeVersion: 1 }, d)).map((p) => p.name);
  for (const [resource, fields] of Object.entries(TEN)) {
    assert.deepEqual(Object.fromEntries(Object.keys(fields).map((op) => [op, shown(resource, op)])), fields, resource);
  }
  assert.deepEqual(d.credentials, [{ name: 'publisherApi', required: true, testedBy: 'publisherApiTest' }]);
});

test('a refused connection reported by n8n\'s helper lets the client retry a create: it certainly was not sent', async () => {
  const ctx = fakeContext({ items: [{ resource: 'note', operation: 'create', title: 'Refused first', body: '' }], credentials });
  const send = ctx.helpers.httpRequest;
  let refusals = 0;
  ctx.helpers.httpRequest = async (options) => {
    if (options.method === 'POST' && refusals === 0) {
      refusals += 1;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    }
    return send(options);
  };
  const [output] = await node.execute.call(ctx);
  assert.equal(refusals, 1);
  assert.equal(service.requests.filter((r) => r.method === 'POST').length, 1);
  assert.equal(output[0].json.id, fixture('publish-response.json').id);
});

test('a dropped connection on create, reported by n8n\'s helper, is uncertain and not re-sent', async () => {
  const ctx = fakeContext({ items: [{ resource: 'note', operation: 'create', title: 'Dropped', body: '' }], credentials });
  const methods = [];
  ctx.helpers.httpRequest = async (options) => {
    methods.push(options.method);
    throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
  };
  const error = await node.execute.call(ctx).then(() => assert.fail('should fail'), (e) => e);
  // One publish; what follows are the client's reads of the account's notes (its read-back).
  assert.equal(methods.filter((method) => method === 'POST').length, 1);
  assert.ok(methods.slice(1).every((method) => method === 'GET'));
  assert.match(error.message, /may have been published/);
});

test('n8n\'s answer shapes: repeated headers, a Buffer or string body, an empty 204', async () => {
  const { n8nFetch } = await compiled('shared/n8nFetch.ts');
  const answers = [
    { statusCode: 200, statusMessage: 'OK', headers: { 'Retry-After': '1', 'x-many': ['a', 'b'] }, body: Buffer.from('{"é":1}') },
    { statusCode: 503, statusMessage: 'Service Unavailable', headers: {}, body: 'busy' },
    { statusCode: 204, headers: {}, body: undefined },
  ];
  const calls = [];
  const fetchLike = n8nFetch(async (options) => { calls.push(options); return answers.shift(); });
  const controller = new AbortController();
  const init = { method: 'POST', headers: { cookie: 'connect.sid=x', 'content-type': 'application/json' }, body: '{"a":1}', signal: controller.signal };
  const first = await fetchLike('http://127.0.0.1:1/api/v1/x', init);
  const headers = [];
  first.headers.forEach((value, name) => headers.push([name, value]));
  assert.deepEqual(headers, [['retry-after', '1'], ['x-many', 'a, b']]);
  assert.equal(await first.text(), '{"é":1}');
  assert.equal(first.status, 200);
  assert.deepEqual({ ...calls[0], abortSignal: undefined }, {
    url: 'http://127.0.0.1:1/api/v1/x', method: 'POST', headers: init.headers, body: '{"a":1}', encoding: 'arraybuffer',
    json: false, returnFullResponse: true, ignoreHttpStatusErrors: true, abortSignal: undefined,
  });
  assert.equal(calls[0].abortSignal, controller.signal);
  const second = await fetchLike('http://127.0.0.1:1/', { ...init, method: 'GET', body: undefined });
  assert.equal(second.status, 503);
  assert.equal(second.statusText, 'Service Unavailable');
  assert.equal(await second.text(), 'busy');
  assert.equal('body' in calls[1], false);
  assert.equal(await (await fetchLike('http://127.0.0.1:1/', init)).text(), '');
});

test('Retry On Fail on a node that creates notes: refused before anything is sent', async () => {
  const { error } = await failure(
    [{ resource: 'post', operation: 'getPostById', postId: POST_ID }, { resource: 'note', operation: 'create', title: 'x', body: 'y' }],
    { retryOnFail: true },
  );
  assert.ok(error instanceof NodeOperationError);
  assert.match(error.message, /Retry On Fail is on/);
  assert.equal(error.context.itemIndex, 1);
  assert.equal(service.requests.length, 0);
  const reads = await run([{ resource: 'post', operation: 'getPostById', postId: POST_ID }], { retryOnFail: true });
  assert.equal(reads.json.length, 1, 'reads are not affected');
});

// A 1×1 PNG and a 1×1 GIF, as an n8n binary field holds them (base64).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const posted = (path) => service.requests.filter((r) => r.method === 'POST' && r.path.replace(/\/$/, '') === path).map((r) => JSON.parse(r.body));

test('create with a link, two images and a reply-to: uploads, attachments, then one publish with their ids and parent_id', async () => {
  const { json, ctx } = await run(
    [{ resource: 'note', operation: 'create', title: 'With all', body: 'the body', options: { link: 'https://example.com/article', images: 'photo, chart ', replyTo: String(NOTE_ID) } }],
    { binaries: [{ photo: { data: PNG, mimeType: 'image/png' }, chart: { data: GIF, mimeType: 'image/gif' } }] },
  );
  assert.deepEqual(ctx.binaryReads, [[0, 'photo'], [0, 'chart']]);
  assert.deepEqual(posted('/api/v1/image'), [{ image: `data:image/png;base64,${PNG}` }, { image: `data:image/gif;base64,${GIF}` }]);
  const attachments = posted('/api/v1/comment/attachment');
  assert.deepEqual(attachments.map((a) => a.type).sort(), ['image', 'image', 'link']);
  assert.deepEqual(attachments.find((a) => a.type === 'link'), { url: 'https://example.com/article', type: 'link' });
  const feed = posted('/api/v1/comment/feed');
  assert.equal(feed.length, 1, 'published once');
  assert.equal(feed[0].parent_id, NOTE_ID);
  const linkId = fixture('attachment-link.json').id;
  const imageIds = feed[0].attachmentIds.filter((id) => id !== linkId);
  assert.ok(feed[0].attachmentIds.includes(linkId));
  assert.deepEqual(imageIds, attachments.filter((a) => a.type === 'image').map((a) => `image-${a.url.length}`), 'images in the order of the field names');
  assert.deepEqual(feed[0].bodyJson.content.map((p) => p.content.map((t) => t.text).join('')), ['With all', 'the body']);
  assert.deepEqual(Object.keys(json[0]), ['id', 'body', 'publishedAt', 'url']);
  assert.equal(json[0].id, fixture('publish-response.json').id);
  const lastPost = service.requests.filter((r) => r.method === 'POST').at(-1);
  assert.equal(lastPost.path.replace(/\/$/, ''), '/api/v1/comment/feed', 'uploads and attachments come before the publish');
});

test('create with images only (no title, no body): an attachment-only note', async () => {
  await run([{ resource: 'note', operation: 'create', title: '', body: '', options: { images: 'data' } }], { binaries: [{ data: { data: PNG, mimeType: 'image/png' } }] });
  const [feed] = posted('/api/v1/comment/feed');
  assert.deepEqual(feed.bodyJson.content, []);
  assert.equal(feed.attachmentIds.length, 1);
  assert.equal('parent_id' in feed, false);
});

test('create with a link only: a link card and the note', async () => {
  await run([{ resource: 'note', operation: 'create', title: '', body: '', options: { link: 'https://example.com/a' } }]);
  assert.deepEqual(posted('/api/v1/comment/attachment'), [{ url: 'https://example.com/a', type: 'link' }]);
  assert.equal(posted('/api/v1/comment/feed').length, 1);
});

test('create with images: a missing binary field or bytes that are not an image fail the item, nothing is sent', async () => {
  const missing = await failure(
    [{ resource: 'note', operation: 'create', title: 't', body: '', options: { images: 'data, other' } }],
    { binaries: [{ data: { data: PNG, mimeType: 'image/png' } }] },
  );
  assert.ok(missing.error instanceof NodeOperationError);
  assert.match(missing.error.message, /'other'/);
  const text = await failure(
    [{ resource: 'note', operation: 'create', title: 't', body: '', options: { images: 'doc' } }],
    { binaries: [{ doc: { data: Buffer.from('just text, not an image').toString('base64'), mimeType: 'image/png' } }] },
  );
  assert.ok(text.error instanceof NodeOperationError);
  assert.match(text.error.message, /binary field "doc" is not an image/);
  assert.equal(text.error.context.itemIndex, 0);
  assert.deepEqual(service.requests, []);
  const { json } = await run(
    [{ resource: 'note', operation: 'create', title: 't', body: '', options: { images: 'doc' } }],
    { continueOnFail: true, binaries: [{ doc: { data: Buffer.from('%PDF-1.4').toString('base64'), mimeType: 'application/pdf' } }] },
  );
  assert.equal(json[0].kind, 'invalid-parameter');
  assert.match(json[0].error, /"doc"/);
  assert.deepEqual(service.requests, []);
});

test('create options are checked before anything is sent', async () => {
  const cases = [
    [{ link: 'ftp://example.com/x' }, /Option "Link" must be an http/],
    [{ replyTo: 'abc' }, /Option "Reply To Note ID" must be a whole number of at least 1, not "abc"/],
    [{ replyTo: 0 }, /"Reply To Note ID".*not 0/],
    [{ images: ' , ' }, /"Image Binary Fields" names no binary field/],
    [{ images: 'a, a' }, /names a binary field twice/],
  ];
  for (const [options, message] of cases) {
    const { error } = await failure([{ resource: 'note', operation: 'create', title: 't', body: 'b', options }]);
    assert.ok(error instanceof NodeOperationError, error.message);
    assert.match(error.message, message);
    assert.equal(error.context.itemIndex, 0);
    assert.doesNotMatch(error.message, /\(item \d+\)/, 'n8n shows the item index itself');
  }
  assert.deepEqual(service.requests, []);
});

test('delete: DELETE /comment/<id> → { id, deleted: true }; a note already gone → { id, deleted: false }, not an error', async () => {
  const first = await run([{ resource: 'note', operation: 'delete', noteId: NOTE_ID }]);
  assert.deepEqual(first.json, [{ id: NOTE_ID, deleted: true }]);
  assert.deepEqual(first.output[0].pairedItem, { item: 0 });
  const again = await run([{ resource: 'note', operation: 'delete', noteId: String(NOTE_ID) }], { retryOnFail: true });
  assert.deepEqual(again.json, [{ id: NOTE_ID, deleted: false }]);
  assert.deepEqual(wire(), [`DELETE /api/v1/comment/${NOTE_ID}`, `DELETE /api/v1/comment/${NOTE_ID}`]);
  assert.equal(service.requests[0].body, '');
});

test('delete: someone else\'s note (403) is a NodeApiError; a bad ID is a NodeOperationError, nothing sent', async () => {
  service.fault({ method: 'DELETE', path: '/api/v1/comment/', status: 403, body: { error: 'Not authorized' } });
  const { error } = await failure([{ resource: 'note', operation: 'delete', noteId: 5 }]);
  assert.ok(error instanceof NodeApiError);
  assert.equal(error.httpCode, '403');
  service.reset();
  const bad = await failure([{ resource: 'note', operation: 'delete', noteId: 'c-5' }]);
  assert.ok(bad.error instanceof NodeOperationError);
  assert.match(bad.error.message, /"Note ID".*"c-5"/);
  assert.deepEqual(service.requests, []);
});

test('create with Markdown: the body converted by the client (marks, links, lists), the title a plain first paragraph', async () => {
  const { markdownToNoteBody } = require('publisher-wasm/markdown');
  const body = '## Heading\n\n**bold**, *italic*, `code` and [a link](https://example.com/x)\n\n- one\n- two\n\n> quoted';
  await run([{ resource: 'note', operation: 'create', title: 'Title **not** Markdown', body, options: { markdown: true } }]);
  const [feed] = posted('/api/v1/comment/feed');
  const converted = JSON.parse(markdownToNoteBody(body)).content;
  assert.deepEqual(feed.bodyJson.content, [{ type: 'paragraph', content: [{ type: 'text', text: 'Title **not** Markdown' }] }, ...converted]);
  const nodes = JSON.stringify(feed.bodyJson);
  for (const type of ['"bold"', '"italic"', '"code"', '"link"', '"bulletList"', '"blockquote"']) assert.ok(nodes.includes(type), `${type} in ${nodes}`);
  assert.ok(!JSON.stringify(converted).includes('**') && !nodes.includes('## '), 'no Markdown syntax left in the converted body');
  assert.ok(nodes.includes('https://example.com/x'));
});

test('create without the Markdown option keeps the body literal; Markdown that cannot be sent fails the item, nothing sent', async () => {
  await run([{ resource: 'note', operation: 'create', title: '', body: '**not bold**', options: { markdown: false } }]);
  const [feed] = posted('/api/v1/comment/feed');
  assert.deepEqual(feed.bodyJson.content, [{ type: 'paragraph', content: [{ type: 'text', text: '**not bold**' }] }]);
  service.reset();
  const { error } = await failure([{ resource: 'note', operation: 'create', title: '', body: '<!-- only a comment -->', options: { markdown: true } }]);
  assert.ok(error instanceof NodeOperationError, `${error.name}: ${error.message}`);
  const bad = await failure([{ resource: 'note', operation: 'create', title: 't', body: 'b', options: { markdown: 'yes' } }]);
  assert.match(bad.error.message, /Option "Markdown" must be true or false/);
  assert.deepEqual(service.requests, []);
});
