// Required IDs start empty, so that n8n shows them as missing before anything runs (a
// number field at 0 looked complete and failed at run time); the numbers older workflows
// saved are still read. Create's advice on Retry On Fail is a notice under its parameters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { harness } from './harness.mjs';
import { COMMENT_ID, NOTE_ID, POST_ID, USER_ID } from './fixture-service.mjs';
import { loadSource } from './source.mjs';

const { NodeHelpers, NodeOperationError } = createRequire(import.meta.url)('n8n-workflow');
const h = harness('ids-secret-1b7c');
const d = h.node.description;
const { nodeOperations } = await loadSource('nodes/Publisher/resources/index.ts');

const ID_PARAMETERS = { postId: 'Post ID', noteId: 'Note ID', userId: 'User ID', commentId: 'Comment ID' };
const GOOD = { postId: POST_ID, noteId: NOTE_ID, userId: USER_ID, commentId: COMMENT_ID };
/** Every operation with a required ID: resource, operation and the ID's name. */
const withIds = d.properties
  .filter((p) => p.name in ID_PARAMETERS)
  .map((p) => ({ resource: p.displayOptions.show.resource[0], operation: p.displayOptions.show.operation[0], id: p.name }));

test('every ID parameter is a required text field that starts empty', () => {
  // The description shows each ID parameter of the registry's operations, for that operation.
  const key = ({ resource, operation, id }) => `${resource}/${operation}:${id}`;
  const ofRegistry = nodeOperations.flatMap((op) => op.properties.filter((p) => p.name in ID_PARAMETERS).map((p) => ({ resource: op.resource, operation: op.value, id: p.name })));
  assert.deepEqual(withIds.map(key).sort(), ofRegistry.map(key).sort());
  assert.deepEqual([...new Set(withIds.map(({ id }) => id))].sort(), Object.keys(ID_PARAMETERS).sort(), 'each kind of ID is some operation\'s');
  for (const p of d.properties.filter((property) => property.name in ID_PARAMETERS)) {
    assert.deepEqual({ displayName: p.displayName, type: p.type, required: p.required, default: p.default }, { displayName: ID_PARAMETERS[p.name], type: 'string', required: true, default: '' });
  }
  const replyTo = d.properties.find((p) => p.name === 'options').options.find((o) => o.name === 'replyTo');
  assert.deepEqual({ type: replyTo.type, default: replyTo.default }, { type: 'string', default: '' });
});

test('n8n flags each ID of a new node as missing ("is required") until it is filled, in both versions', () => {
  for (const typeVersion of [1, 2]) {
    for (const { resource, operation, id } of withIds) {
      const node = { name: 'Publisher', type: 'n8n-nodes-publisher.publisher', typeVersion, parameters: {} };
      // A node as the editor creates it: every shown parameter at its default.
      node.parameters = NodeHelpers.getNodeParameters(d.properties, { resource, operation }, true, false, node, d);
      assert.equal(node.parameters[id], '');
      const issues = NodeHelpers.getNodeParametersIssues(d.properties, node, d);
      assert.deepEqual(issues?.parameters?.[id], [`Parameter "${ID_PARAMETERS[id]}" is required.`], `${resource}/${operation}`);
      for (const value of [String(GOOD[id]), GOOD[id], '={{ $json.id }}']) {
        const filled = { ...node, parameters: { ...node.parameters, [id]: value } };
        assert.equal(NodeHelpers.getNodeParametersIssues(d.properties, filled, d)?.parameters?.[id], undefined, `${resource}/${operation} ${JSON.stringify(value)}`);
      }
    }
  }
});

test('an empty ID fails the item before anything is sent, naming the parameter; saved numbers and digits run', async () => {
  for (const { resource, operation, id } of withIds) {
    const item = { resource, operation, returnAll: false, limit: 1, offset: 0, output: 'ids' };
    h.service.reset();
    const error = await h.failure([{ ...item, [id]: '' }]);
    assert.ok(error instanceof NodeOperationError, `${resource}/${operation}: ${error.message}`);
    assert.equal(error.message, `Parameter "${ID_PARAMETERS[id]}" is empty: it must be a whole number of at least 1`);
    const blank = await h.failure([{ ...item, [id]: '   ' }]);
    assert.match(blank.message, /is empty/);
    assert.deepEqual(h.wire(), [], `${resource}/${operation}: nothing sent`);
    if (operation === 'delete') continue;
    const saved = await h.run([{ ...item, [id]: GOOD[id] }]);
    const typed = await h.run([{ ...item, [id]: ` ${GOOD[id]} ` }]);
    assert.ok(saved.json.length > 0, `${resource}/${operation} with a number`);
    assert.deepEqual(typed.json, saved.json, `${resource}/${operation} with digits`);
  }
});

test('Create: an added Reply To Note ID left empty fails the item, never publishing a note that is not a reply', async () => {
  const error = await h.failure([{ resource: 'note', operation: 'create', title: 't', body: 'b', options: { replyTo: '' } }]);
  assert.ok(error instanceof NodeOperationError);
  assert.equal(error.message, 'Option "Reply To Note ID" is empty: it must be a whole number of at least 1');
  assert.deepEqual(h.wire(), []);
  await h.run([{ resource: 'note', operation: 'create', title: 't', body: 'b', options: { replyTo: NOTE_ID } }]);
  const [feed] = h.service.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/comment/feed')).map((r) => JSON.parse(r.body));
  assert.equal(feed.parent_id, NOTE_ID, 'a saved number still works');
});

test('Create: a short entry in the Operation list; the Retry On Fail advice is a notice under its parameters', () => {
  const create = d.properties.find((p) => p.name === 'operation' && p.displayOptions.show.resource[0] === 'note').options.find((o) => o.value === 'create');
  assert.equal(create.description, 'Publish a note or a reply, with a link card or images');
  assert.doesNotMatch(create.description, /Retry|twice/);
  const ofCreate = d.properties.filter((p) => p.displayOptions?.show?.resource?.[0] === 'note' && p.displayOptions.show.operation?.[0] === 'create');
  const notice = ofCreate.at(-1);
  assert.equal(notice.type, 'notice');
  assert.deepEqual(notice.displayOptions, { show: { resource: ['note'], operation: ['create'] } });
  assert.match(notice.displayName, /Leave Retry On Fail off/);
  assert.match(notice.displayName, /check the profile’s notes before running the item again/);
  assert.equal(d.properties.filter((p) => p.type === 'notice').length, 1, 'no notice elsewhere');
});
