// The node's small pieces at their edges: reading the credential, the host and base URL
// it is given, the credential test's answers, the fetch bridge's bodies and headers, the
// note URL's handle, and what the node declares to n8n. Each case is one a mutation of
// that code survived without it.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fakeContext } from './fake-context.mjs';
import { fixture, NOTE_ID, POST_ID, startFixtureService } from './fixture-service.mjs';

const require = createRequire(import.meta.url);
const { readCredentials, createClient, hostOf } = require('../../dist/shared/client.js');
const { Publisher } = require('../../dist/nodes/Publisher/Publisher.node.js');

const API_KEY = 'edges-secret-key-77';
const node = new Publisher();
let service;
before(async () => {
  service = await startFixtureService({ apiKey: API_KEY });
});
after(() => service.close());
beforeEach(() => service.reset());

test('the credential: text trimmed, anything else empty, an unknown cookie name is connect.sid', () => {
  assert.deepEqual(readCredentials({ apiKey: '  k  ', hostname: ' h.example.com ', cookieName: 'both', baseUrl: 5 }), {
    apiKey: 'k', hostname: 'h.example.com', cookieName: 'both', baseUrl: '',
  });
  assert.equal(readCredentials({ cookieName: 'substack.sid' }).cookieName, 'substack.sid');
  assert.equal(readCredentials({ cookieName: 'session' }).cookieName, 'connect.sid');
  assert.equal(readCredentials({}).cookieName, 'connect.sid');
});

test('a pasted address gives its host: scheme and path dropped, a bare host kept', () => {
  assert.equal(hostOf('https://example.substack.com/'), 'example.substack.com');
  assert.equal(hostOf('HTTP://Pub.Example.com/p/some-post?x=1'), 'Pub.Example.com');
  assert.equal(hostOf('svn+ssh://a.example.com'), 'a.example.com');
  assert.equal(hostOf('example.substack.com'), 'example.substack.com');
  assert.equal(hostOf('example.com/path://odd'), 'example.com');
  assert.equal(hostOf('1ab://x.example.com'), '1ab:', 'a scheme starts with a letter: this one is not dropped');
});

test('a client from the credential alone: no host, no fetch, no signal; trailing slashes of the base URL dropped', async () => {
  const client = createClient({ apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: `${service.url}///` });
  try {
    assert.deepEqual(await client.getPosts({ limit: 1 }), fixture('posts.json').map((post) => ({ ...post, published: post.is_published ?? true, paywalled: post.audience !== 'everyone' })));
    assert.deepEqual(service.requests.map((r) => `${r.path}${r.query}`), ['/api/v1/posts?limit=1']);
  } finally {
    client.free();
  }
});

test('the credential test: an empty key, a refused key (401, 403), another failure, a bad host', async () => {
  const testFn = node.methods.credentialTest.publisherApiTest;
  const run = (data) => testFn.call({}, { id: '1', name: 'c', type: 'publisherApi', data });
  const base = { apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: service.url };
  assert.deepEqual(await run({ ...base, apiKey: '  ' }), { status: 'Error', message: 'The API key is empty' });
  assert.deepEqual(service.requests, [], 'nothing sent for an empty key');
  for (const status of [401, 403]) {
    service.fault({ method: 'GET', path: '/api/v1/feed/following', status });
    assert.deepEqual(await run(base), {
      status: 'Error',
      message: `The service refused the API key (HTTP ${status}): check the key and the cookie name`,
    });
  }
  service.fault({ method: 'GET', path: '/api/v1/feed/following', status: 404, body: { error: 'Not found' } });
  const other = await run(base);
  assert.equal(other.status, 'Error');
  assert.match(other.message, /^GET \/api\/v1\/feed\/following failed: HTTP 404/);
  // The client cannot even be made: the error says why, and nothing is left to free.
  const badHost = await run({ ...base, baseUrl: '', hostname: 'bad host' });
  assert.equal(badHost.status, 'Error');
  assert.match(badHost.message, /hostname/);
});

test('the fetch bridge: bytes and ArrayBuffers decoded, null bodies empty, objects as JSON, empty headers left out', async () => {
  const { build } = await import('esbuild');
  const out = await build({ entryPoints: [new URL('../../shared/n8nFetch.ts', import.meta.url).pathname], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'error' });
  const { n8nFetch } = await import(`data:text/javascript,${encodeURIComponent(out.outputFiles[0].text)}`);
  const bodies = [new TextEncoder().encode('bytes é'), new TextEncoder().encode('buffer').buffer, null, { a: 1 }];
  const fetchLike = n8nFetch(async () => ({ statusCode: 200, headers: { a: null, b: undefined, c: 0, d: ['x'] }, body: bodies.shift() }));
  const init = { method: 'GET', headers: {}, signal: new AbortController().signal };
  const texts = [];
  for (let i = 0; i < 4; i++) texts.push(await (await fetchLike('http://127.0.0.1:1/', init)).text());
  assert.deepEqual(texts, ['bytes é', 'buffer', '', '{"a":1}']);
  const headers = [];
  (await n8nFetch(async () => ({ statusCode: 200, headers: { A: null, B: undefined, C: 0, D: ['x', 1] } }))('http://127.0.0.1:1/', init))
    .headers.forEach((value, name) => headers.push([name, value]));
  assert.deepEqual(headers, [['c', '0'], ['d', 'x, 1']]);
});

test('a note URL takes the handle from the item\'s users when the comment has none, and is empty without one', async () => {
  const served = fixture('reader-comment-note.json');
  const comment = served.item.comment;
  const user = { ...fixture('profile-feed.json').items[0].context.users[0], id: comment.user_id, handle: 'from-context' };
  const run = async (item) => {
    service.override(`GET /api/v1/reader/comment/${NOTE_ID}`, () => ({ item }));
    const ctx = fakeContext({ items: [{ resource: 'note', operation: 'getNoteById', noteId: NOTE_ID }], credentials: { apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: service.url } });
    const [output] = await node.execute.call(ctx);
    return output[0].json.url;
  };
  const withoutHandle = { ...served.item, comment: { ...comment, handle: null }, context: { ...served.item.context, users: [{ ...user, id: comment.user_id + 1, handle: 'someone-else' }, user] } };
  assert.equal(await run(withoutHandle), `https://substack.com/@from-context/note/c-${comment.id}`);
  assert.equal(await run({ ...withoutHandle, comment: { ...comment, handle: '' } }), `https://substack.com/@from-context/note/c-${comment.id}`);
  assert.equal(await run({ ...withoutHandle, context: { ...served.item.context, users: [] } }), '');
});

test('a context without n8n\'s cancel signal (older n8n) still runs', async () => {
  const ctx = fakeContext({ items: [{ resource: 'post', operation: 'getAll', limit: 1, offset: 0 }], credentials: { apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: service.url } });
  delete ctx.getExecutionCancelSignal;
  const [output] = await node.execute.call(ctx);
  assert.equal(output.length, fixture('posts.json').length);
});

test('what the node declares to n8n: name, icons that exist, one main input and output, its default name and subtitle', () => {
  const d = node.description;
  assert.equal(d.displayName, 'Publisher');
  assert.deepEqual(d.icon, { light: 'file:publisher.svg', dark: 'file:publisher.dark.svg' });
  for (const file of ['publisher.svg', 'publisher.dark.svg']) assert.ok(existsSync(new URL(`../../dist/nodes/Publisher/${file}`, import.meta.url)), file);
  assert.deepEqual(d.group, ['output']);
  assert.deepEqual(d.defaults, { name: 'Publisher' });
  assert.deepEqual(d.inputs, ['main']);
  assert.deepEqual(d.outputs, ['main']);
  assert.equal(d.subtitle, '={{$parameter["operation"] + ": " + $parameter["resource"]}}');
  assert.match(d.description, /posts, notes, profiles and comments/);
});

// ---- errors and what a failed item becomes ----

const { NodeApiError, NodeOperationError } = require('n8n-workflow');
const credentialsFor = () => ({ apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: service.url });
async function execute(items, options = {}) {
  const ctx = fakeContext({ items, credentials: credentialsFor(), ...options });
  if (options.httpRequest) ctx.helpers.httpRequest = options.httpRequest(ctx.helpers.httpRequest);
  return node.execute.call(ctx).then(([output]) => ({ output }), (error) => ({ error }));
}

test('a failed read is a NodeApiError: a headline in the user\'s terms, the client\'s sentence and kind as the description, the status as httpCode', async () => {
  const { error } = await execute([{ resource: 'post', operation: 'getPostById', postId: 999 }]);
  assert.ok(error instanceof NodeApiError);
  assert.equal(error.message, 'Post 999 was not found');
  assert.equal(error.description, 'GET /api/v1/posts/by-id/999 failed: HTTP 404 Not Found; the service said "Not found" (kind: http)');
  assert.equal(error.httpCode, '404');
});

test('headlines name what was not found or refused, for every kind of subject and failure', async () => {
  const headline = async (item, fault) => {
    service.reset();
    if (fault) service.fault(fault);
    const { error } = await execute([item]);
    assert.ok(error instanceof NodeApiError, String(error));
    assert.doesNotMatch(error.message, /\(item \d+\)$/, 'n8n shows the item itself');
    return error.message;
  };
  assert.equal(await headline({ resource: 'note', operation: 'getNoteById', noteId: 999 }), 'Note 999 was not found');
  assert.equal(await headline({ resource: 'post', operation: 'getPostsBySlug', slug: '@nobody-here', limit: 1, offset: 0 }), 'The profile "nobody-here" was not found');
  assert.equal(await headline({ resource: 'note', operation: 'getNotesById', userId: 999, limit: 1 }), 'User 999 was not found');
  assert.equal(
    await headline({ resource: 'post', operation: 'getAll', limit: 1, offset: 0 }, { method: 'GET', path: '/api/v1/posts', status: 403 }),
    'The service refused access to your publication’s posts (HTTP 403)',
  );
  assert.equal(
    await headline({ resource: 'note', operation: 'get', limit: 1 }, { method: 'GET', path: '/api/v1/notes', status: 401 }),
    'The service refused the credential (HTTP 401): check the API key',
  );
});

test('an uncertain create is a NodeApiError that says so, with the client\'s sentence as the description', async () => {
  service.fault({ method: 'POST', path: '/api/v1/comment/feed', status: 500 });
  const { error } = await execute([{ resource: 'note', operation: 'create', title: 't', body: 'b' }]);
  assert.ok(error instanceof NodeApiError);
  assert.match(error.message, /^The note may have been published: the service did not confirm it/);
  assert.match(error.description, /^POST \/api\/v1\/comment\/feed failed: HTTP 500/);
  assert.equal(error.httpCode, '500');
  service.reset();
  service.fault({ method: 'POST', path: '/api/v1/comment/feed', status: 500 });
  const { output } = await execute([{ resource: 'note', operation: 'create', title: 't', body: 'b' }], { continueOnFail: true });
  const item = output[0].json;
  assert.equal(item.error, `${error.message} (${item.message})`);
  assert.deepEqual(Object.keys(item).sort(), ['error', 'kind', 'message', 'status']);
});

test('a failure without an answer: an error item without a status; a bad host in the credential is a config error', async () => {
  const refused = () => async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  };
  const { output } = await execute([{ resource: 'post', operation: 'getPostById', postId: POST_ID }], { continueOnFail: true, httpRequest: refused });
  assert.deepEqual(Object.keys(output[0].json).sort(), ['error', 'kind', 'message']);
  assert.equal(output[0].json.kind, 'network');
  const ctx = fakeContext({ items: [{ resource: 'post', operation: 'getPostById', postId: POST_ID }], credentials: { ...credentialsFor(), baseUrl: '', hostname: 'bad host' } });
  const error = await node.execute.call(ctx).then(() => undefined, (thrown) => thrown);
  // The client is made before any item runs, so its refusal is not mapped to an item.
  assert.equal(error?.name, 'PublisherError', String(error));
  assert.equal(error.kind, 'config');
  assert.match(error.message, /hostname/);
});

test('a note ID that names no note (a restack) is refused by the client: a NodeApiError saying so', async () => {
  const served = fixture('reader-comment-note.json');
  service.override(`GET /api/v1/reader/comment/${NOTE_ID}`, () => ({ item: { ...served.item, type: 'post', comment: null } }));
  const { error } = await execute([{ resource: 'note', operation: 'getNoteById', noteId: NOTE_ID }]);
  assert.ok(error instanceof NodeApiError, String(error));
  assert.equal(error.message, `The service’s answer for note ${NOTE_ID} could not be read`);
  assert.match(error.description, /it is not a note \(kind: invalid-response\)$/);
});

test('create: blank lines of the body and a blank title are left out, Markdown or not', async () => {
  const sent = async (params) => {
    service.reset();
    const { output, error } = await execute([{ resource: 'note', operation: 'create', ...params }]);
    assert.equal(error, undefined, String(error));
    assert.equal(output.length, 1);
    const [post] = service.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/comment/feed'));
    return JSON.parse(post.body).bodyJson.content.map((block) => block.content.map((node) => node.text).join(''));
  };
  assert.deepEqual(await sent({ title: 'Title', body: 'a\n   \n\t\nb' }), ['Title', 'a', 'b']);
  assert.deepEqual(await sent({ title: '   ', body: '**b**', options: { markdown: true } }), ['b']);
  assert.deepEqual(await sent({ title: 'T', body: '  ', options: { markdown: true } }), ['T']);
});

test('every execution frees its client, whatever happened', async () => {
  const { Publisher: Client } = require('../../dist/shared/client.js');
  const free = Client.prototype.free;
  let freed = 0;
  Client.prototype.free = function countedFree() {
    freed += 1;
    return free.call(this);
  };
  try {
    await execute([{ resource: 'post', operation: 'getPostById', postId: POST_ID }]);
    await execute([{ resource: 'post', operation: 'getPostById', postId: 999 }]);
  } finally {
    Client.prototype.free = free;
  }
  assert.equal(freed, 2);
});

// ---- reading the parameters ----

async function refusal(params) {
  const { error } = await execute([params]);
  assert.ok(error instanceof NodeOperationError, `${params.operation}: ${error}`);
  assert.deepEqual(service.requests, [], 'nothing sent');
  return error.message;
}

test('ids: digits (spaces around allowed), never a number in another spelling or a boolean', async () => {
  const { output } = await execute([{ resource: 'post', operation: 'getPostById', postId: ` ${POST_ID} ` }]);
  assert.equal(output[0].json.id, POST_ID);
  for (const postId of ['1e3', '0x10', '4 2', true, null]) {
    service.reset();
    assert.match(await refusal({ resource: 'post', operation: 'getPostById', postId }), /"Post ID" must be a whole number of at least 1/);
  }
});

test('text parameters: absent is empty, anything but text refused; a slug loses one leading @ only', async () => {
  assert.match(await refusal({ resource: 'note', operation: 'create', title: 5, body: 'b' }), /Parameter "title" must be text/);
  service.reset();
  const { output } = await execute([{ resource: 'note', operation: 'create', title: null, body: 'only the body' }]);
  assert.equal(output.length, 1);
  service.reset();
  await execute([{ resource: 'post', operation: 'getPostsBySlug', slug: 'a@b', limit: 1, offset: 0 }]);
  assert.equal(service.requests[0].path, '/api/v1/user/a%40b/public_profile');
});

test('create options: a collection of text options; the link must be an http(s) address with a host', async () => {
  const create = (options) => ({ resource: 'note', operation: 'create', title: 't', body: '', options });
  assert.match(await refusal(create(['x'])), /"Options" must be a collection/);
  assert.match(await refusal(create('x')), /"Options" must be a collection/);
  assert.match(await refusal(create({ link: 5 })), /Option "Link" must be text/);
  for (const link of ['ftp://example.com', 'https://', 'example.com', ' http:// x']) {
    service.reset();
    assert.match(await refusal(create({ link })), /Option "Link" must be an http:\/\/ or https:\/\/ URL/);
  }
  assert.match(await refusal(create({ markdown: 'yes' })), /"Markdown" must be true or false/);
  assert.match(await refusal(create({ images: ' , ' })), /names no binary field/);
  assert.match(await refusal(create({ images: 'a, a' })), /names a binary field twice/);
  service.reset();
  const { output } = await execute([create(null)]);
  assert.equal(output.length, 1, 'no options at all is fine');
  service.reset();
  await execute([create({ link: '  http://example.com/a  ', markdown: null })]);
  const [attachment] = service.requests.filter((r) => r.path.startsWith('/api/v1/comment/attachment'));
  assert.equal(JSON.parse(attachment.body).url, 'http://example.com/a');
});

test('an operation the node does not have is refused by name', async () => {
  assert.equal(await refusal({ resource: 'post', operation: 'explode' }), 'The operation "explode" of resource "post" is not supported');
});
