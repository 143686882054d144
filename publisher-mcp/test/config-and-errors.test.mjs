// The server's own small parts: the configuration's sentences, the key's masking, the
// error texts, the arguments a tool hands its method and the text beside a result.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ConfigError, configFromEnv, parseSwitch } from '../src/config.js';
import { CHECK_FIRST, errorResult, errorText } from '../src/errors.js';
import { redactor } from '../src/redact.js';
import { label, rendering } from '../src/results.js';
import { bodyPart, noteSummary, postSummary } from '../src/summaries.js';
import { htmlToMarkdown } from '../src/markdown.js';
import { callArguments, fit, offeredTools, runTool, scopedClient, TOOLS } from '../src/tools.js';

const tool = (name) => TOOLS.find((t) => t.name === name);

test('a missing or blank key is one sentence naming PUBLISHER_API_KEY', () => {
  for (const env of [{}, { PUBLISHER_API_KEY: '  ' }]) {
    assert.throws(() => configFromEnv(env), (error) => error instanceof ConfigError && /^PUBLISHER_API_KEY is not set/.test(error.message) && !error.message.includes('\n'));
  }
});

test('the writes switch is off unless asked for, and a value that is neither on nor off is a mistake', () => {
  const base = { PUBLISHER_API_KEY: 'k'.repeat(8) };
  assert.equal(configFromEnv(base).writes, false);
  assert.equal(configFromEnv({ ...base, PUBLISHER_MCP_WRITES: '1' }).writes, true);
  assert.equal(configFromEnv({ ...base, PUBLISHER_MCP_WRITES: '0' }).writes, false);
  assert.equal(configFromEnv(base, { allowWrites: true }).writes, true);
  assert.throws(() => parseSwitch('PUBLISHER_MCP_WRITES', 'maybe'), /PUBLISHER_MCP_WRITES must be 1 \(on\) or 0 \(off\), got "maybe"/);
  assert.deepEqual(configFromEnv({ ...base, PUBLISHER_HOSTNAME: 'a.example.com', PUBLISHER_BASE_URL: 'http://127.0.0.1:1' }).client,
    { apiKey: base.PUBLISHER_API_KEY, hostname: 'a.example.com', baseUrl: 'http://127.0.0.1:1' });
});

test('the key is masked as given, without its cookie prefix and URL-encoded', () => {
  const redact = redactor('s%3Aabc/def+ghi');
  const text = redact('cookie connect.sid=s%3Aabc/def+ghi; bare abc/def+ghi; encoded abc%2Fdef%2Bghi');
  assert.ok(!text.includes('abc/def+ghi') && !text.includes('abc%2Fdef%2Bghi'), text);
  assert.equal(text.split('[redacted]').length - 1, 3);
});

test('an error is the client\'s sentence with its kind and status; a maybe-* outcome says what to check before calling again', () => {
  const error = Object.assign(new Error('GET /x failed: HTTP 404'), { name: 'PublisherError', kind: 'http', status: 404 });
  assert.equal(errorText(tool('get_post'), error), 'get_post failed: GET /x failed: HTTP 404 (kind: http, HTTP status: 404)');
  const maybe = Object.assign(new Error('the answer was lost'), { name: 'PublisherError', kind: 'maybe-published', status: 502 });
  const text = errorText(tool('publish_draft'), maybe);
  assert.match(text, /Do not call publish_draft again before checking with get_draft/);
  assert.match(text, /could publish twice/);
  assert.equal(errorText(tool('get_post'), new TypeError('boom')), 'get_post failed inside publisher-mcp: boom');
});

test('every write sent at most once names the read that tells whether it happened', () => {
  for (const t of TOOLS.filter((t) => t.delivery === 'at most once')) assert.ok(CHECK_FIRST[t.name], t.name);
});

test('a structured result holding the key is masked in every string and key, the rest kept', () => {
  const redact = redactor('secret-key-123');
  const clean = { items: [{ id: 1, title: 'fine', tags: ['a'], n: null }] };
  assert.deepEqual(redact.value(clean), clean);
  const masked = redact.value({ items: [{ title: 'x connect.sid=s%3Asecret-key-123', 'secret-key-123': ['secret-key-123'] }], n: 1 });
  assert.deepEqual(masked, { items: [{ title: 'x connect.sid=s%3A[redacted]', '[redacted]': ['[redacted]'] }], n: 1 });
});

test('a switch is on for 1 and true, off for unset, empty, 0 and false, in any case and spacing', () => {
  for (const on of ['1', 'true', ' TRUE ']) assert.equal(parseSwitch('S', on), true, on);
  for (const off of [undefined, null, '', '0', 'false', 'False ']) assert.equal(parseSwitch('S', off), false, String(off));
  assert.throws(() => parseSwitch('S', 'yes'), (error) => error.name === 'ConfigError' && error.message === 'S must be 1 (on) or 0 (off), got "yes".');
});

test('the key and the hosts are trimmed, and settings left unset are left out', () => {
  assert.deepEqual(configFromEnv({ PUBLISHER_API_KEY: ' key-1234 \n' }).client, { apiKey: 'key-1234' });
  assert.deepEqual(configFromEnv({ PUBLISHER_API_KEY: 'key-1234', PUBLISHER_HOSTNAME: ' a.example.com ', PUBLISHER_BASE_URL: ' http://127.0.0.1:1 ' }).client,
    { apiKey: 'key-1234', hostname: 'a.example.com', baseUrl: 'http://127.0.0.1:1' });
  assert.throws(() => configFromEnv({ PUBLISHER_API_KEY: 'key-1234', PUBLISHER_MCP_WRITES: 'on' }), /^ConfigError: PUBLISHER_MCP_WRITES must be/);
});

test('a short or missing key masks nothing; a key with its cookie prefix is masked with and without it', () => {
  assert.equal(redactor('abc')('abc abcd'), 'abc abcd');
  assert.equal(redactor(undefined)('text'), 'text');
  assert.equal(redactor('s:key-1234')('s:key-1234 and key-1234 and xs:key'), '[redacted] and [redacted] and xs:key');
  assert.deepEqual(redactor('key-1234').value([1, null, true, { a: 'key-1234' }]), [1, null, true, { a: '[redacted]' }]);
});

test('a tool error is an isError result with one text part', () => {
  const error = Object.assign(new Error('refused'), { name: 'PublisherError', kind: 'invalid-argument' });
  assert.deepEqual(errorResult(tool('get_post'), error), { isError: true, content: [{ type: 'text', text: 'get_post failed: refused (kind: invalid-argument)' }] });
  const created = Object.assign(new Error('lost'), { name: 'PublisherError', kind: 'maybe-created' });
  assert.match(errorText(tool('create_draft'), created), /checking with get_drafts \(the newest drafts\): calling it again could do it twice\.$/);
  assert.match(errorText({ name: 'some_write' }, created), /checking with a read of what it writes:/);
  assert.equal(errorText(tool('get_post'), undefined), 'get_post failed inside publisher-mcp: undefined');
});

test('a write\'s arguments go back to the method\'s parameters in order, an object parameter gathering its fields', () => {
  const signal = new AbortController().signal;
  assert.deepEqual(callArguments(tool('schedule_draft'), { draft_id: 1, at: '2030-01-01T00:00:00Z', send: false }, undefined),
    [1, '2030-01-01T00:00:00Z', { send: false }, {}]);
  assert.deepEqual(callArguments(tool('publish_note'), { text: 'hi', markdown: true, replyTo: 5 }, signal), ['hi', { markdown: true, replyTo: 5, signal }]);
  assert.equal(offeredTools({ writes: false }).some((t) => t.write), false);
  assert.equal(offeredTools({ writes: true }).length, TOOLS.length);
});

test('a tool reaches only its declared methods, each with the call\'s signal', async () => {
  const signal = new AbortController().signal;
  const seen = [];
  const client = new Proxy({}, { get: (_, name) => (...args) => { seen.push([name, args]); return []; } });
  const scoped = scopedClient(client, tool('get_posts'), signal);
  await scoped.getPosts({ limit: 2 });
  assert.deepEqual(seen, [['getPosts', [{ limit: 2 }, { signal }]]]);
  assert.throws(() => scoped.publishNote, /get_posts called the client's publishNote, which scripts\/mcp-tools\.mjs does not declare for it/);
  // A handler that strays is refused before anything is sent.
  await assert.rejects(runTool({ ...tool('get_posts'), arity: {} }, client, { limit: 10 }, signal), /does not declare/);
});

test('a list cut to the budget drops items from its end and its cursor goes on from the first one dropped', async () => {
  const posts = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, title: `Post ${i + 1}`, post_date: '2025-01-01', canonical_url: 'https://x.example/p', type: 'newsletter', truncated_body_text: 'word '.repeat(60) }));
  const client = { getPosts: async ({ offset, limit }) => posts.slice(offset, offset + limit) };
  const first = await runTool(tool('get_posts'), client, { limit: 25 });
  assert.equal(first.items.length, 25);
  assert.equal(first.nextCursor, 'o:25');
  const small = fit({ value: { items: [1, 2, 3], nextCursor: null }, shrink: (v) => (v.items.length > 1 ? { items: v.items.slice(0, -1), nextCursor: `o:${v.items.length - 1}` } : null) }, 15);
  assert.deepEqual(small, { items: [1], nextCursor: 'o:1' });
  const second = await runTool(tool('get_posts'), client, { limit: 10, cursor: 'o:25' });
  assert.deepEqual(second.items.map((p) => p.id), [26, 27, 28, 29, 30]);
  assert.equal(second.nextCursor, null);
  // At the default page size the small budget holds: fewer items, and the cursor says where they stop.
  const defaults = await runTool(tool('get_posts'), { getPosts: async ({ offset, limit }) => posts.map((p) => ({ ...p, truncated_body_text: 'word '.repeat(400) })).slice(offset, offset + limit) }, { limit: 10 });
  assert.ok(JSON.stringify(defaults).length <= 10_000);
  assert.equal(defaults.nextCursor, `o:${defaults.items.length}`);
});

test('a body is cut at a paragraph near the limit, and nextBodyOffset gets the rest', () => {
  const markdown = `${'a'.repeat(80)}\n\n${'b'.repeat(80)}\n\n${'c'.repeat(80)}`;
  const part = bodyPart(markdown, 0, 170);
  assert.equal(part.body, `${'a'.repeat(80)}\n\n${'b'.repeat(80)}\n\n`);
  assert.equal(part.nextBodyOffset, 164);
  assert.deepEqual(bodyPart(markdown, 164, 170), { body: 'c'.repeat(80), bodyChars: 244, nextBodyOffset: null });
});

test('summaries: a post with its first paragraph as excerpt, a note with its text as Markdown and counts', () => {
  const post = postSummary({ id: 1, title: 'T', post_date: 'd', canonical_url: 'u', type: 'newsletter', body_html: '<h2>Head</h2><p>First <b>para</b>.</p><p>Second.</p>', publishedBylines: [{ name: 'Ada', handle: 'ada' }] });
  assert.deepEqual(post, { id: 1, title: 'T', subtitle: null, date: 'd', url: 'u', audience: null, type: 'newsletter', author: 'Ada (@ada)', excerpt: 'First para.' });
  const note = noteSummary({ type: 'comment', context: { type: 'note' }, comment: { id: 9, body: 'x', date: 'd', user_id: 3, name: 'Bo', handle: 'bo', reaction_count: 2, restacks: 1, children_count: 4,
    body_json: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi ' }, { type: 'text', text: 'you', marks: [{ type: 'bold' }] }] }] } } });
  assert.deepEqual(note, { id: 9, kind: 'note', date: 'd', author: 'Bo (@bo)', text: 'Hi **you**', truncated: false, reactions: 2, restacks: 1, replies: 4, post: null });
  assert.equal(htmlToMarkdown('<h2>A &amp; B</h2><ul><li><p>one</p></li><li>two</li></ul><pre><code class="language-js">x &lt; 1</code></pre>'), '## A & B\n\n- one\n- two\n\n```js\nx < 1\n```');
});

test('the text beside a result: a count and a line per item and the next cursor; a draft\'s schedule; a delete; a body part', () => {
  const result = { items: [{ id: 1, title: 'One', date: '2025-01-01' }], nextCursor: 'o:1' };
  assert.equal(rendering(tool('get_notes'), result), 'get_notes: 1 item\n- #1 · One · 2025-01-01\nnext page: cursor "o:1"');
  assert.equal(label({ type: 'comment', comment: { id: 9, body: 'a\nnote' } }), 'comment #9 · a note');
  assert.equal(rendering(tool('check_draft'), { ok: false, errors: ['no title'], warnings: [] }), 'check_draft: not ready to publish\n- no title');
  assert.equal(rendering(tool('delete_note'), { id: 3, deleted: false }), 'delete_note: #3\nalready gone: nothing was deleted');
  assert.equal(rendering(tool('get_draft'), { id: 4, title: 'T', scheduledAt: '2030-01-01T09:00:00.000Z', published: false, body: 'x', bodyChars: 3, nextBodyOffset: 1 }),
    'get_draft: #4 · T · 2030-01-01T09:00:00.000Z\nscheduled for 2030-01-01T09:00:00.000Z\nbody: 1 of 3 characters; the rest from body_offset 1');
  assert.equal(label({ id: 5, title: 'x'.repeat(90) }), `#5 · ${'x'.repeat(79)}…`);
  assert.equal(label({ type: 'post', post: { id: 4, title: 'P' } }), 'post #4 · P');
  assert.equal(label(null), 'null');
  assert.equal(label({ x: 1 }), '{"x":1}');
});
