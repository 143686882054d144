// The node's operations registry (nodes/Publisher/resources/index.ts): the twenty-four
// operations (the one list of them the tests keep: every other test reads the registry),
// one file each, the client methods each names (the client has them, and they are the ones
// it calls), and the node description assembled from them.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fakeContext } from './fake-context.mjs';
import { COMMENT_ID, DRAFT_ID, HANDLE, NOTE_ID, POST_ID, startFixtureService, USER_ID } from './fixture-service.mjs';
import { loadSource } from './source.mjs';

const require = createRequire(import.meta.url);
const { Publisher } = require('../../dist/nodes/Publisher/Publisher.node.js');
const { Publisher: Client } = require('../../dist/shared/client.js');
const { nodeOperations } = await loadSource('nodes/Publisher/resources/index.ts');
const resources = new URL('../../nodes/Publisher/resources/', import.meta.url);
const keyOf = (op) => `${op.resource}/${op.value}`;

const API_KEY = 'registry-secret-key-31';
const node = new Publisher();
let service;
before(async () => {
  service = await startFixtureService({ apiKey: API_KEY });
});
after(() => service.close());
beforeEach(() => service.reset());

// Every operation the node has had: saved workflows name them, so none may go. The one
// list of operations in the tests; an added one is appended here.
const EXISTING = [
  'post/getAll', 'post/getPostsBySlug', 'post/getPostsById', 'post/getPostById',
  'note/get', 'note/getNotesBySlug', 'note/getNotesById', 'note/getNoteById', 'note/create', 'note/delete',
  'profile/getBySlug', 'profile/getById', 'profile/getFollowing',
  'comment/getAll', 'comment/get',
  'draft/create', 'draft/get', 'draft/getAll', 'draft/update', 'draft/delete', 'draft/check', 'draft/publish', 'draft/schedule', 'draft/unschedule',
];

test('the registry: every existing operation, in its order, each in resources/<resource>/<value>.ts, and every such file registered', () => {
  assert.deepEqual(nodeOperations.map(keyOf).filter((key) => EXISTING.includes(key)), EXISTING, 'an operation saved workflows name is gone or moved');
  assert.deepEqual(nodeOperations.map(keyOf).filter((key) => !EXISTING.includes(key)), [], 'an operation not in EXISTING: add it there');
  for (const op of nodeOperations) assert.ok(existsSync(new URL(`${op.resource}/${op.value}.ts`, resources)), `${keyOf(op)} has no file`);
  const files = readdirSync(resources, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(new URL(`${dir.name}/`, resources)).map((file) => `${dir.name}/${file.replace(/\.ts$/, '')}`));
  assert.deepEqual(files.sort(), nodeOperations.map(keyOf).sort(), 'a file in resources/<resource>/ that the registry does not list');
});

test('every client method an operation names is one the client has (js-tests/shared/methods.generated.json, or the note builder)', () => {
  const generated = JSON.parse(readFileSync(new URL('../../../js-tests/shared/methods.generated.json', import.meta.url), 'utf8'));
  const methods = new Set(generated.methods.map((method) => method.name));
  for (const op of nodeOperations) {
    assert.ok(op.clientMethods.length > 0, `${keyOf(op)} names no client method`);
    for (const method of op.clientMethods) {
      assert.ok(methods.has(method) || method === 'note', `${keyOf(op)}: ${method} is not a client method`);
      assert.equal(typeof Client.prototype[method], 'function', `${keyOf(op)}: the built client has no ${method}`);
    }
  }
});

// A valid value per parameter name, for a run of each operation against the fixture
// service; a parameter without one keeps its default. Profiles (not IDs) for Get Following:
// that output calls both of its client methods. Draft operations act on the draft the
// fixture service holds after each reset (DRAFT_ID); Update changes its title.
const SAMPLE_VALUES = {
  slug: HANDLE, userId: USER_ID, postId: POST_ID, noteId: NOTE_ID, commentId: COMMENT_ID, draftId: DRAFT_ID,
  returnAll: false, limit: 1, offset: 0, output: 'profiles', title: 'Registry', body: 'one call each',
  updateFields: { title: 'Registry' }, publishAt: new Date(Date.now() + 86_400_000).toISOString(),
};
/** The registry's operation as an item: its parameters at their sample values, or defaults. */
function sampleItem(op) {
  const item = { resource: op.resource, operation: op.value };
  for (const property of op.properties.filter((p) => p.type !== 'notice')) {
    assert.ok(!property.required || property.name in SAMPLE_VALUES, `${keyOf(op)}: no sample value for the required parameter ${property.name}`);
    item[property.name] = property.name in SAMPLE_VALUES ? SAMPLE_VALUES[property.name] : property.default;
  }
  return item;
}

// A method called for each of several records (one profile per followed user) is listed once.
const collapsed = (names) => names.filter((name, index) => name !== names[index - 1]);

test('each operation calls exactly the client methods it names, in that order', async () => {
  const credentials = { apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: service.url };
  const names = Object.getOwnPropertyNames(Client.prototype).filter((name) => !['constructor', 'free', '__destroy_into_raw'].includes(name) && typeof Client.prototype[name] === 'function');
  const originals = Object.fromEntries(names.map((name) => [name, Client.prototype[name]]));
  const called = [];
  for (const name of names) {
    Client.prototype[name] = function recorded(...args) {
      called.push(name);
      return originals[name].apply(this, args);
    };
  }
  try {
    for (const op of nodeOperations) {
      service.reset();
      called.length = 0;
      const ctx = fakeContext({ items: [sampleItem(op)], credentials });
      const [output] = await node.execute.call(ctx);
      assert.ok(output.length >= 1, `${keyOf(op)} gave no item`);
      assert.deepEqual(collapsed(called), [...op.clientMethods], keyOf(op));
    }
  } finally {
    Object.assign(Client.prototype, originals);
  }
});

test('the description is assembled from the registry: its Operation lists and each operation\'s parameters, shown for it alone', () => {
  const d = node.description;
  const [resource, postOperations, noteOperations, profileOperations, commentOperations, draftOperations, ...parameters] = d.properties;
  assert.equal(resource.name, 'resource');
  assert.deepEqual(resource.options.map((option) => option.value), ['comment', 'draft', 'note', 'post', 'profile']);
  assert.equal(resource.default, 'post');
  const optionOf = ({ name, value, action, description }) => ({ name, value, action, description });
  const lists = [[postOperations, 'post', 'getAll'], [noteOperations, 'note', 'get'], [profileOperations, 'profile', 'getBySlug'], [commentOperations, 'comment', 'getAll'], [draftOperations, 'draft', 'create']];
  for (const [list, name, defaultOperation] of lists) {
    assert.equal(list.name, 'operation');
    assert.deepEqual(list.displayOptions, { show: { resource: [name] } });
    assert.equal(list.default, defaultOperation);
    const expected = nodeOperations.filter((op) => op.resource === name).map(optionOf).sort((a, b) => (a.name < b.name ? -1 : 1));
    assert.deepEqual(list.options, expected, `the ${name} operations, sorted by name`);
  }
  // Each parameter is shown for its operation, and under its own further conditions (Return All, @version).
  const expected = nodeOperations.flatMap((op) =>
    op.properties.map((property) => ({
      ...property,
      displayOptions: { show: { resource: [op.resource], operation: [op.value], ...property.displayOptions?.show } },
    })));
  assert.deepEqual(parameters, expected);
  for (const op of nodeOperations) {
    for (const property of op.properties) {
      const own = Object.keys(property.displayOptions?.show ?? {});
      assert.ok(!own.includes('resource') && !own.includes('operation'), `${keyOf(op)}: the description adds resource and operation`);
      assert.deepEqual(Object.keys(property.displayOptions ?? {}).filter((key) => key !== 'show'), [], `${keyOf(op)}: only show conditions`);
    }
    const names = op.properties.map((property) => property.name);
    assert.equal(new Set(names).size, names.length, `${keyOf(op)} has a parameter twice`);
  }
});

// Whether an operation acts at most once is not set by hand: it calls a client method that
// acts at most once by the core's list (js-tests/shared/methods.generated.json, whose
// routes the core's tests check against the requests each method sends).
test('Retry On Fail is refused, nothing sent, exactly for the operations calling a method that acts at most once', async () => {
  const generated = JSON.parse(readFileSync(new URL('../../../js-tests/shared/methods.generated.json', import.meta.url), 'utf8'));
  const once = new Set(generated.methods.filter((method) => method.delivery === 'at most once').map((method) => method.name));
  // The note builder's publish() sends what publishNote sends.
  const expected = nodeOperations.filter((op) => op.clientMethods.some((method) => once.has(method === 'note' ? 'publishNote' : method))).map(keyOf);
  assert.deepEqual(expected, ['note/create', 'draft/create', 'draft/publish', 'draft/schedule']);
  const credentials = { apiKey: API_KEY, hostname: '', cookieName: 'connect.sid', baseUrl: service.url };
  const refused = [];
  for (const op of nodeOperations) {
    service.reset();
    const sentBefore = service.requests.length;
    const ctx = fakeContext({ items: [sampleItem(op)], credentials, retryOnFail: true });
    try {
      await node.execute.call(ctx);
    } catch (error) {
      assert.match(error.message, /^Retry On Fail is on for this node/, keyOf(op));
      assert.equal(service.requests.length, sentBefore, `${keyOf(op)}: sent a request before refusing`);
      refused.push(keyOf(op));
    }
  }
  assert.deepEqual(refused, expected);
});
