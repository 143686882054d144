// The generated tool list (src/tools.generated.js, by scripts/mcp-tools.mjs) says what the
// client declares: every argument typed and documented, the core's bounds and defaults,
// the writes the server hides, and `send` required where it emails subscribers.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import catalog from '../src/tools.generated.js';
import { TOOLS } from '../src/tools.js';

const tool = (name) => TOOLS.find((t) => t.name === name);

test('every argument of every tool has a type and a one-line doc, and unknown arguments are refused', () => {
  for (const t of TOOLS) {
    assert.equal(t.inputSchema.additionalProperties, false, t.name);
    for (const [key, schema] of Object.entries(t.inputSchema.properties)) {
      assert.ok(schema.type || schema.anyOf, `${t.name}.${key} has no type`);
      assert.ok(typeof schema.description === 'string' && schema.description.length > 3 && !schema.description.includes('\n'), `${t.name}.${key} has no one-line doc`);
    }
  }
});

test('the bounds and defaults are the core\'s, and every limit is at most the server\'s bound', () => {
  assert.deepEqual(tool('get_posts_by_slug').inputSchema.properties.limit, {
    ...tool('get_posts_by_slug').inputSchema.properties.limit, type: 'integer', minimum: 1, default: 100, maximum: catalog.maxListLimit,
  });
  assert.equal(tool('get_comments').inputSchema.properties.offset.minimum, 0);
  assert.deepEqual(tool('search_posts').inputSchema.required, ['query']);
  assert.deepEqual(tool('search_posts').inputSchema.properties.type.enum, ['newsletter', 'podcast', 'thread']);
  assert.equal(tool('get_comments').inputSchema.properties.post_id.minimum, 1, 'an id is a positive integer');
  for (const t of TOOLS) {
    const limit = t.inputSchema.properties.limit;
    if (limit) assert.equal(limit.maximum, catalog.maxListLimit, t.name);
  }
});

test('the writes are exactly the tools that send more than GETs, and only they lack readOnlyHint', () => {
  const writes = TOOLS.filter((t) => t.write).map((t) => t.name).sort();
  assert.deepEqual(writes, ['create_draft', 'delete_draft', 'delete_note', 'publish_draft', 'publish_note', 'schedule_draft', 'unschedule_draft', 'update_draft']);
  for (const t of TOOLS) assert.equal(t.annotations.readOnlyHint, !t.write, t.name);
});

test('publishing and deleting are destructive; a write sent at most once is not idempotent', () => {
  for (const name of ['publish_note', 'publish_draft', 'schedule_draft', 'delete_note', 'delete_draft']) assert.equal(tool(name).annotations.destructiveHint, true, name);
  for (const name of ['create_draft', 'unschedule_draft', 'get_posts']) assert.equal(tool(name).annotations.destructiveHint, false, name);
  for (const t of TOOLS) assert.equal(t.annotations.idempotentHint, t.delivery !== 'at most once', t.name);
  assert.equal(tool('publish_note').annotations.idempotentHint, false);
});

test('publish_draft and schedule_draft require send; publish_note takes Markdown by default', () => {
  assert.ok(tool('publish_draft').inputSchema.required.includes('send'));
  assert.ok(tool('schedule_draft').inputSchema.required.includes('send'));
  assert.equal(tool('publish_note').inputSchema.properties.markdown.default, true);
  assert.deepEqual(Object.keys(tool('publish_note').inputSchema.properties), ['text', 'markdown', 'replyTo', 'link', 'images']);
});

test('each result has an object output schema: a list or a page under items, a record as it is', () => {
  for (const t of TOOLS) {
    assert.equal(t.outputSchema.type, 'object', t.name);
    if (t.result !== 'record') assert.deepEqual(t.outputSchema.required.slice(0, 1), ['items'], t.name);
  }
  assert.deepEqual(tool('get_notes').outputSchema.required, ['items', 'nextCursor']);
  assert.ok(tool('get_draft').outputSchema.required.includes('published'));
  assert.equal(tool('get_full_profile_by_id').outputSchema.properties.userProfile.$ref, '#/$defs/PublisherUserProfile');
});

test('each output schema carries exactly the records it refers to', () => {
  for (const t of TOOLS) {
    const refs = new Set([...JSON.stringify(t.outputSchema).matchAll(/"#\/\$defs\/(\w+)"/g)].map(([, name]) => name));
    assert.deepEqual(Object.keys(t.outputSchema.$defs ?? {}).sort(), [...refs].sort(), t.name);
  }
  assert.ok(Object.keys(catalog.records).length > 5);
});

test('a record\'s integers stay integers, and a field that may be null or of a wider type says so in one anyOf', () => {
  const { PublisherPost, PublisherComment, PublisherDraft } = catalog.records;
  assert.deepEqual(PublisherPost.properties.id, { type: 'integer' });
  assert.deepEqual(PublisherComment.properties.post_id, { anyOf: [{ type: 'integer' }, { type: 'null' }] });
  assert.deepEqual(PublisherDraft.properties.draftBody, { anyOf: [{ type: 'object' }, { type: 'string' }, { type: 'null' }] });
  assert.ok(PublisherPost.required.includes('title') && !PublisherPost.required.includes('subtitle'));
});

test('the server names itself with the package\'s version', async () => {
  const { readFileSync } = await import('node:fs');
  const { SERVER_NAME, SERVER_VERSION } = await import('../src/server.js');
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.deepEqual([SERVER_NAME, SERVER_VERSION], [manifest.name, manifest.version]);
});
