// Simplify (node version 2): n8n's parameter on every read whose records have more than ten
// fields; on (the default) the compact records, off the client's whole records. Version 1
// nodes (saved workflows) have no Simplify and keep the compact records exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { harness } from './harness.mjs';
import { COMMENT_ID, DRAFT_ID, FOLLOWING_IDS, HANDLE, NOTE_ID, POST_ID, USER_ID } from './fixture-service.mjs';

const { NodeHelpers } = createRequire(import.meta.url)('n8n-workflow');
const h = harness('simplify-secret-4d2f');
const d = h.node.description;

/** A valid item of each read, with the keys of its compact record. */
const POST = ['id', 'title', 'subtitle', 'slug', 'published', 'paywalled', 'type', 'publishedAt', 'description', 'url'];
const NOTE = ['id', 'body', 'publishedAt', 'url'];
const PROFILE = ['id', 'name', 'handle', 'bio', 'photoUrl', 'subscriberCount', 'publicationId', 'publicationName', 'url'];
const COMMENT = ['id', 'body', 'publishedAt', 'postId', 'authorId', 'authorName', 'authorHandle'];
const DRAFT = ['id', 'title', 'subtitle', 'audience', 'type', 'sectionId', 'published', 'scheduledAt', 'createdAt', 'updatedAt'];
// The draft writes output the record they made; "the same call" of the client is the same
// write on the fixture service reset to the same state (its clock included).
const AT = new Date(Date.now() + 7 * 86_400_000).toISOString();
const again = (write) => async (c) => {
  h.service.reset();
  return [await write(c)];
};
const READS = [
  [{ resource: 'post', operation: 'getAll', returnAll: false, limit: 3, offset: 0 }, POST, (c) => c.getPosts({ limit: 3, offset: 0 })],
  [{ resource: 'post', operation: 'getPostsBySlug', slug: HANDLE, returnAll: false, limit: 3, offset: 0 }, POST, (c) => c.getPostsBySlug(HANDLE, { limit: 3, offset: 0 })],
  [{ resource: 'post', operation: 'getPostsById', userId: USER_ID, returnAll: false, limit: 3, offset: 0 }, POST, (c) => c.getPostsById(USER_ID, { limit: 3, offset: 0 })],
  [{ resource: 'post', operation: 'getPostById', postId: POST_ID }, POST, async (c) => [await c.getPostById(POST_ID)]],
  [{ resource: 'note', operation: 'get', returnAll: false, limit: 2 }, NOTE, async (c) => (await c.getNotes({ limit: 2 })).items.filter((n) => n.comment).slice(0, 2)],
  [{ resource: 'note', operation: 'getNotesBySlug', slug: HANDLE, returnAll: false, limit: 2 }, NOTE, (c) => c.getNotesBySlug(HANDLE, { limit: 2 })],
  [{ resource: 'note', operation: 'getNotesById', userId: USER_ID, returnAll: false, limit: 2 }, NOTE, (c) => c.getNotesById(USER_ID, { limit: 2 })],
  [{ resource: 'note', operation: 'getNoteById', noteId: NOTE_ID }, NOTE, async (c) => [await c.getNoteById(NOTE_ID)]],
  [{ resource: 'profile', operation: 'getBySlug', slug: HANDLE }, PROFILE, async (c) => [await c.getFullProfileBySlug(HANDLE)]],
  [{ resource: 'profile', operation: 'getById', userId: USER_ID }, PROFILE, async (c) => [await c.getFullProfileById(USER_ID)]],
  [{ resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: true }, PROFILE, (c) => c.getFollowingProfiles()],
  [{ resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: false, limit: 4 }, COMMENT, (c) => c.getComments(POST_ID, { limit: 4 })],
  [{ resource: 'comment', operation: 'get', commentId: COMMENT_ID }, COMMENT, async (c) => [await c.getComment(COMMENT_ID)]],
  [{ resource: 'draft', operation: 'create', title: 'Simple', subtitle: 'sub', body: '# Hi\n\ntext', audience: 'everyone' }, DRAFT,
    again((c) => c.createDraft({ title: 'Simple', subtitle: 'sub', markdown: '# Hi\n\ntext', audience: 'everyone' }))],
  [{ resource: 'draft', operation: 'get', draftId: DRAFT_ID }, DRAFT, async (c) => [await c.getDraft(DRAFT_ID)]],
  [{ resource: 'draft', operation: 'getAll', returnAll: false, limit: 5 }, DRAFT, (c) => c.getDrafts({ limit: 5 })],
  [{ resource: 'draft', operation: 'update', draftId: DRAFT_ID, updateFields: { title: 'Changed' } }, DRAFT,
    again((c) => c.updateDraft(DRAFT_ID, { title: 'Changed' }))],
  [{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID }, POST, again((c) => c.publishDraft(DRAFT_ID, { send: false, shareAutomatically: false }))],
  [{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: AT }, DRAFT, again((c) => c.scheduleDraft(DRAFT_ID, AT, { send: false }))],
  [{ resource: 'draft', operation: 'unschedule', draftId: DRAFT_ID }, DRAFT, again((c) => c.unscheduleDraft(DRAFT_ID))],
];
const keyOf = (item) => `${item.resource}/${item.operation}`;

test('the node has versions 1 and 2, and a new node is version 2', () => {
  assert.deepEqual(d.version, [1, 2]);
  assert.equal(d.defaultVersion, 2);
});

test('Simplify is n8n\'s parameter (simple, on by default) on every read of records with more than ten fields, shown from version 2 on', () => {
  const simple = d.properties.filter((p) => p.name === 'simple');
  assert.deepEqual(simple.map((p) => `${p.displayOptions.show.resource}/${p.displayOptions.show.operation}`), READS.map(([item]) => keyOf(item)));
  for (const p of simple) {
    assert.deepEqual(
      { displayName: p.displayName, type: p.type, default: p.default, description: p.description },
      { displayName: 'Simplify', type: 'boolean', default: true, description: 'Whether to return a simplified version of the response instead of the raw data' },
    );
    assert.deepEqual(p.displayOptions.show['@version'], [{ _cnd: { gte: 2 } }]);
  }
  // n8n's own display rule: hidden for version 1 nodes, shown for version 2 (Following: with Output "Profiles").
  for (const [item] of READS) {
    const values = { ...item, returnAll: false, output: 'profiles' };
    const shown = (typeVersion) => d.properties.filter((p) => NodeHelpers.displayParameter(values, p, { typeVersion }, d)).map((p) => p.name);
    assert.ok(!shown(1).includes('simple'), `${keyOf(item)}: no Simplify in version 1`);
    assert.ok(shown(2).includes('simple'), `${keyOf(item)}: Simplify in version 2`);
  }
  const following = (output) => d.properties.filter((p) => NodeHelpers.displayParameter({ resource: 'profile', operation: 'getFollowing', output, returnAll: false }, p, { typeVersion: 2 }, d)).map((p) => p.name);
  assert.deepEqual(following('ids'), ['resource', 'operation', 'output', 'returnAll', 'limit']);
  assert.deepEqual(following('profiles'), ['resource', 'operation', 'output', 'returnAll', 'limit', 'simple']);
});

test('version 1 nodes: the compact records, whatever a stray Simplify value says; version 2 with Simplify on gives the same', async () => {
  for (const [item, keys] of READS) {
    h.service.reset();
    const v1 = await h.run([{ ...item, simple: false }], { version: 1 });
    h.service.reset();
    const v2 = await h.run([{ ...item, simple: true }], { version: 2 });
    h.service.reset();
    const v2Default = await h.run([item], { version: 2 });
    assert.ok(v1.json.length > 0, keyOf(item));
    for (const record of v1.json) assert.deepEqual(Object.keys(record), keys, keyOf(item));
    assert.deepEqual(v2.json, v1.json, `${keyOf(item)}: version 2 with Simplify on`);
    assert.deepEqual(v2Default.json, v1.json, `${keyOf(item)}: Simplify is on when the node has no value`);
  }
});

test('version 2 with Simplify off: the client\'s whole records, equal to what the client returns for the same call', async () => {
  for (const [item, , call] of READS) {
    h.service.reset();
    const { json, output } = await h.run([{ ...item, simple: false }], { version: 2 });
    const client = h.client();
    try {
      const whole = JSON.parse(JSON.stringify(await call(client)));
      assert.deepEqual(JSON.parse(JSON.stringify(json)), whole, keyOf(item));
    } finally {
      client.free();
    }
    assert.ok(output.every((entry) => entry.pairedItem.item === 0));
  }
});

test('each whole record has more than ten fields and its compact record at most ten (why these reads have Simplify)', async () => {
  for (const [item, keys] of READS) {
    h.service.reset();
    const { json } = await h.run([{ ...item, simple: false }], { version: 2 });
    // A note is a feed item (about ten fields of context) whose note, `comment`, has twenty and more.
    for (const record of json) {
      const fields = Object.keys(item.resource === 'note' ? record.comment : record).length;
      assert.ok(fields > 10, `${keyOf(item)}: ${fields} fields`);
    }
    assert.ok(keys.length <= 10);
  }
  // Without Simplify: Following as IDs ({id}), a note's Create and Delete, a draft's Delete and Check (a few fields each).
  const withSimplify = d.properties.filter((p) => p.name === 'simple').map((p) => `${p.displayOptions.show.resource[0]}/${p.displayOptions.show.operation[0]}`);
  for (const key of ['note/create', 'note/delete', 'draft/delete', 'draft/check']) assert.ok(!withSimplify.includes(key), key);
  const ids = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: true, simple: false }], { version: 2 });
  assert.deepEqual(ids.json, FOLLOWING_IDS.map((id) => ({ id })));
});

test('a Simplify value that is not true or false fails the item, nothing sent', async () => {
  h.service.reset();
  const error = await h.failure([{ resource: 'post', operation: 'getPostById', postId: POST_ID, simple: 'no' }], { version: 2 });
  assert.match(error.message, /Parameter "Simplify" must be true or false/);
  assert.deepEqual(h.wire(), []);
});
