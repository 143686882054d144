// The generated tool list (src/tools.generated.js, by scripts/mcp-tools.mjs) says what the
// client declares: every argument typed and documented, the core's bounds and defaults,
// the writes the server hides, and `send` required where it emails subscribers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import catalog from '../src/tools.generated.js';
import { TOOLS } from '../src/tools.js';

const tool = (name) => TOOLS.find((t) => t.name === name);

test('every argument of every tool has a type and a one-line doc, and unknown arguments are refused', () => {
  for (const t of TOOLS) {
    assert.equal(t.inputSchema.additionalProperties, false, t.name);
    for (const [key, schema] of Object.entries(t.inputSchema.properties)) {
      assert.ok(schema.type || schema.anyOf, `${t.name}.${key} has no type`);
      // An id's name says what it is; any other argument has a one-line doc.
      if (/^(id|\w+_id)$/.test(key) && schema.description === undefined) continue;
      assert.ok(typeof schema.description === 'string' && schema.description.length > 3 && !schema.description.includes('\n'), `${t.name}.${key} has no one-line doc`);
    }
  }
});

test('the page sizes and body parts are bounded by the server, with small defaults', () => {
  for (const t of TOOLS) {
    const { limit, max_chars: maxChars } = t.inputSchema.properties;
    if (limit) assert.deepEqual([limit.minimum, limit.maximum], [1, catalog.maxListLimit], t.name);
    if (limit) assert.ok(limit.default <= 20, t.name);
    if (maxChars) assert.equal(maxChars.maximum, catalog.maxBodyChars, t.name);
  }
  assert.deepEqual(tool('search_posts').inputSchema.required, ['query']);
  assert.deepEqual(tool('get_profile').inputSchema.properties.user.anyOf.map((s) => s.type), ['string', 'integer']);
});

test('a tool is a write exactly when one of its methods sends more than GETs, and only writes lack readOnlyHint', () => {
  const methods = new Map(JSON.parse(readFileSync(new URL('../../js-tests/shared/methods.generated.json', import.meta.url), 'utf8')).methods.map((m) => [m.name, m]));
  for (const t of TOOLS) {
    const sends = t.methods.flatMap((name) => methods.get(name).sends);
    assert.equal(t.write, sends.some((route) => !route.startsWith('GET ')), t.name);
    assert.equal(t.annotations.readOnlyHint, !t.write, t.name);
  }
  const writes = TOOLS.filter((t) => t.write).map((t) => t.name).sort();
  assert.deepEqual(writes, ['create_draft', 'delete_draft', 'delete_note', 'publish_draft', 'publish_note', 'schedule_draft', 'unschedule_draft', 'update_draft']);
});

test('every client method is called by a tool or listed as no tool with the reason', () => {
  const methods = JSON.parse(readFileSync(new URL('../../js-tests/shared/methods.generated.json', import.meta.url), 'utf8')).methods.map((m) => m.name);
  const called = new Set(TOOLS.flatMap((t) => t.methods));
  for (const name of methods) assert.ok(called.has(name) !== Boolean(catalog.notATool[name]), `${name}: called by a tool, or in NOT_A_TOOL, not both`);
});

test('publishing, scheduling, deleting and overwriting are destructive; a write sent at most once is not idempotent', () => {
  const destructive = (t) => t.write && t.annotations.destructiveHint !== false;
  for (const name of ['publish_note', 'publish_draft', 'schedule_draft', 'delete_note', 'delete_draft', 'update_draft']) assert.equal(destructive(tool(name)), true, name);
  for (const name of ['create_draft', 'unschedule_draft']) assert.equal(destructive(tool(name)), false, name);
  for (const t of TOOLS.filter((t) => t.write)) assert.equal(t.annotations.idempotentHint === true, t.delivery !== 'at most once', t.name);
});

test('publish_draft and schedule_draft require send; update_draft requires expectedUpdatedAt; publish_note takes Markdown by default', () => {
  assert.ok(tool('publish_draft').inputSchema.required.includes('send'));
  assert.ok(tool('schedule_draft').inputSchema.required.includes('send'));
  assert.ok(tool('update_draft').inputSchema.required.includes('expectedUpdatedAt'));
  assert.equal(tool('publish_note').inputSchema.properties.markdown.default, true);
});

test('a read\'s output schema is an exact object: a list of summaries with nextCursor, or one record', () => {
  for (const t of TOOLS.filter((t) => !t.write)) {
    assert.equal(t.outputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema.additionalProperties, false, t.name);
    assert.deepEqual(t.outputSchema.required, Object.keys(t.outputSchema.properties), t.name);
    if (t.result === 'list') assert.deepEqual(t.outputSchema.required, ['items', 'nextCursor'], t.name);
  }
  assert.deepEqual(Object.keys(tool('get_posts').outputSchema.properties.items.items.properties),
    ['id', 'title', 'subtitle', 'date', 'url', 'audience', 'type', 'author', 'excerpt']);
  assert.ok(tool('get_draft').outputSchema.required.includes('nextBodyOffset'));
});

test('tools/list with writes is at most 15 KB', () => {
  const listed = TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}), annotations: t.annotations }));
  assert.ok(JSON.stringify({ tools: listed }).length <= 15_000, `${JSON.stringify({ tools: listed }).length} characters`);
});

test('the server names itself with the package\'s version', async () => {
  const { readFileSync } = await import('node:fs');
  const { SERVER_NAME, SERVER_VERSION } = await import('../src/server.js');
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.deepEqual([SERVER_NAME, SERVER_VERSION], [manifest.name, manifest.version]);
});
