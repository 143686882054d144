// The write tools over stdio (`--allow-writes`) against the local service: `send` must be
// chosen, an at-most-once write whose answer is lost lands once (read back, or an error
// telling the model not to call again), a Markdown note lands as written, deletions say
// when there was nothing left to delete, and a draft goes from Markdown to a scheduled
// release and back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertSuccess, assertToolError, daysAhead, serverEnv, startServer, startService, textOf, toolNamed } from './support.mjs';

let service;
let mcp;
let controls;
before(async () => {
  service = await startService();
  controls = service.controls;
  mcp = await startServer('stdio', { args: ['--allow-writes'], env: serverEnv(service) });
});
after(async () => {
  await mcp?.close();
  await service?.close();
});

async function newDraft(title) {
  const result = await mcp.call('create_draft', { title, markdown: `# ${title}\n\nA paragraph with **bold** text.` });
  assertSuccess('create_draft', result);
  return result.structuredContent.id;
}

const draftRecord = async (id) => (await controls.drafts()).find((d) => d.id === id);
const requestsTo = async (method, path) => (await controls.apiRequests()).filter((r) => r.method === method && r.url.split('?')[0] === path);

/** The notes of the account's feed (its first page, where new notes are) whose text is `body`. */
async function notesWithBody(body) {
  const feed = await controls.raw('/api/v1/notes');
  return feed.items.filter((item) => item.type === 'comment' && item.comment?.body === body);
}

for (const tool of ['publish_draft', 'schedule_draft']) {
  test(`${tool} without send is refused naming send, and nothing is sent to the service`, async () => {
    assert.ok(toolNamed(tool).inputSchema.required.includes('send'));
    const draftId = await newDraft(`No send for ${tool}`);
    await controls.clearRequests();
    const args = tool === 'publish_draft' ? { draft_id: draftId } : { draft_id: draftId, at: daysAhead(2) };
    const text = assertToolError(tool, await mcp.call(tool, args));
    assert.match(text, /\bsend\b/, text);
    assert.deepEqual(await controls.apiRequests(), [], 'the service saw no request');
    const { counts } = await draftRecord(draftId);
    assert.equal(counts.published, 0);
    assert.equal(counts.scheduled, 0);
  });
}

/** A lost answer's outcome: the success read back, or an error that says not to call again. */
function assertReadBackOrAdvice(tool, result) {
  if (result.isError) {
    const text = assertToolError(tool, result);
    assert.match(text, /kind: maybe-/, text);
    assert.match(text, new RegExp(`Do not call ${tool} again`), text);
    return null;
  }
  assertSuccess(tool, result);
  return result.structuredContent;
}

const LOST_ANSWERS = {
  'a 502 page': { status: 502, html: true },
  'a dropped connection': { drop: true },
};

for (const [fault, spec] of Object.entries(LOST_ANSWERS)) {
  test(`publish_draft whose answer is lost (${fault}) after the service published publishes once, not twice`, async () => {
    const draftId = await newDraft(`Lost publish answer, ${fault}`);
    const path = `/api/v1/drafts/${draftId}/publish`;
    await controls.clearRequests();
    await controls.fault({ method: 'POST', path, times: 1, afterHandling: true, ...spec });
    try {
      const post = assertReadBackOrAdvice('publish_draft', await mcp.call('publish_draft', { draft_id: draftId, send: false }));
      if (post) {
        assert.equal(post.id, draftId);
        assert.match(post.url, /^https?:\/\//, "the post it became, with its address");
      }
    } finally {
      await controls.clearFaults();
    }
    assert.equal((await requestsTo('POST', path)).length, 1, 'one publish request');
    const { counts } = await draftRecord(draftId);
    assert.equal(counts.published, 1, 'published once');
    assert.equal(counts.emailed, 0, 'send: false emailed nobody');
  });

  test(`publish_note whose answer is lost (${fault}) after the service stored it publishes once, not twice`, async () => {
    const text = `A note whose answer is lost: ${fault}, ✓ “once”`;
    await controls.clearRequests();
    await controls.fault({ method: 'POST', path: '/api/v1/comment/feed', times: 1, afterHandling: true, ...spec });
    try {
      const note = assertReadBackOrAdvice('publish_note', await mcp.call('publish_note', { text }));
      if (note) assert.equal(note.text, text);
    } finally {
      await controls.clearFaults();
    }
    assert.equal((await requestsTo('POST', '/api/v1/comment/feed')).length, 1, 'one publish request');
    assert.equal((await notesWithBody(text)).length, 1, 'one note in the feed');
  });
}

test('publish_draft whose answer and read-back are both lost is an error telling the model not to call again; published once', async () => {
  const draftId = await newDraft('Lost answer and read-back');
  const draftPath = `/api/v1/drafts/${draftId}`;
  await controls.clearRequests();
  // The client reads the draft before publishing (let through: a latency-only fault,
  // spent once) and after the lost answer (refused with a wait too long to retry).
  await controls.fault({ method: 'GET', path: draftPath, times: 1, latencyMs: 1 });
  await controls.fault({ method: 'POST', path: `${draftPath}/publish`, times: 1, status: 502, afterHandling: true });
  await controls.fault({ method: 'GET', path: draftPath, status: 429, retryAfter: '3600' });
  let text;
  try {
    text = assertToolError('publish_draft', await mcp.call('publish_draft', { draft_id: draftId, send: false }));
  } finally {
    await controls.clearFaults();
  }
  assert.match(text, /kind: maybe-published/, text);
  assert.match(text, /HTTP status: 502/, text);
  assert.match(text, /Do not call publish_draft again before checking with get_draft/, text);
  assert.equal((await requestsTo('POST', `${draftPath}/publish`)).length, 1, 'one publish request');
  assert.equal((await draftRecord(draftId)).counts.published, 1, 'published once');
  const draft = await mcp.call('get_draft', { draft_id: draftId });
  assert.equal(draft.structuredContent.published, true, 'get_draft shows what the advice says to check');
});

test('publish_note whose answer and read-back are both lost is an error telling the model not to call again; one note', async () => {
  const text = 'A note whose answer and read-back are lost';
  await controls.clearRequests();
  await controls.fault({ method: 'POST', path: '/api/v1/comment/feed', times: 1, status: 502, afterHandling: true });
  await controls.fault({ method: 'GET', path: '/api/v1/notes', status: 429, retryAfter: '3600' });
  let advice;
  try {
    advice = assertToolError('publish_note', await mcp.call('publish_note', { text }));
  } finally {
    await controls.clearFaults();
  }
  assert.match(advice, /kind: maybe-published/, advice);
  assert.match(advice, /Do not call publish_note again before checking with get_notes/, advice);
  assert.equal((await requestsTo('POST', '/api/v1/comment/feed')).length, 1, 'one publish request');
  assert.equal((await notesWithBody(text)).length, 1, 'one note in the feed');
});

test('publish_note with Markdown, a link card and a reply target lands with the right body', async () => {
  const properties = toolNamed('publish_note').inputSchema.properties;
  const replyKey = ['replyTo', 'reply_to'].find((key) => key in properties);
  assert.ok(replyKey, 'publish_note takes the note to reply to');
  assert.ok('link' in properties);
  const feed = await controls.raw('/api/v1/notes');
  const parentId = feed.items.find((item) => item.type === 'comment').comment.id;
  const link = 'https://example.com/an-article';
  const markdown = 'Read **this** and *that*, with [a link](https://example.com/inline) and `code`.';

  const result = await mcp.call('publish_note', { text: markdown, link, [replyKey]: parentId });
  assertSuccess('publish_note', result);
  const noteId = result.structuredContent.id;
  assert.equal(result.structuredContent.text, 'Read **this** and *that*, with [a link](https://example.com/inline) and `code`.');

  const { item } = await controls.raw(`/api/v1/reader/comment/${noteId}`);
  const stored = item.comment;
  assert.equal(stored.body, 'Read this and that, with a link and code.');
  const marks = stored.body_json.content[0].content.flatMap((node) => (node.marks ?? []).map((mark) => `${node.text}:${mark.type}`));
  assert.deepEqual(marks, ['this:bold', 'that:italic', 'a link:link', 'code:code']);
  const linkNode = stored.body_json.content[0].content.find((node) => node.text === 'a link');
  assert.equal(linkNode.marks[0].attrs.href, 'https://example.com/inline');
  assert.deepEqual(stored.attachments.map((a) => [a.type, a.linkMetadata?.url]), [['link', link]]);
  assert.equal(stored.ancestor_path, String(parentId), 'a reply to the note');
  assert.deepEqual(item.parentComments.map((c) => c.id), [parentId]);
});

// A freshly published note is not "already gone"; the rendering keys on the record's
// own `deleted` field, which a published note carries (false).
test('publish_note\'s text does not say a new note is already gone', async () => {
  const result = await mcp.call('publish_note', { text: 'Just published, not deleted' });
  assertSuccess('publish_note', result);
  assert.doesNotMatch(textOf(result), /already gone|nothing was deleted/, textOf(result));
});

test('delete_note deletes a note of the account, and a second delete says it is already gone', async () => {
  const published = await mcp.call('publish_note', { text: 'A note to delete' });
  assertSuccess('publish_note', published);
  const noteId = published.structuredContent.id;

  const first = await mcp.call('delete_note', { note_id: noteId });
  assertSuccess('delete_note', first);
  assert.deepEqual(first.structuredContent, { id: noteId, deleted: true });
  assert.doesNotMatch(textOf(first), /already gone/);
  await assert.rejects(controls.raw(`/api/v1/reader/comment/${noteId}`), /HTTP 404/, 'the note is gone from the service');

  const second = await mcp.call('delete_note', { note_id: noteId });
  assertSuccess('delete_note', second);
  assert.deepEqual(second.structuredContent, { id: noteId, deleted: false });
  assert.match(textOf(second), /already gone/);
});

test('delete_draft deletes a draft, and a second delete says it is already gone', async () => {
  const draftId = await newDraft('A draft to delete');

  const first = await mcp.call('delete_draft', { draft_id: draftId });
  assertSuccess('delete_draft', first);
  assert.deepEqual(first.structuredContent, { id: draftId, deleted: true });
  assert.doesNotMatch(textOf(first), /already gone/);
  assert.equal((await draftRecord(draftId)).deleted, true);

  const second = await mcp.call('delete_draft', { draft_id: draftId });
  assertSuccess('delete_draft', second);
  assert.deepEqual(second.structuredContent, { id: draftId, deleted: false });
  assert.match(textOf(second), /already gone/);
  assert.equal((await draftRecord(draftId)).counts.deleted, 1);
});

test('create_draft from Markdown, check_draft, schedule_draft two days ahead without email, get_draft shows scheduledAt, unschedule_draft', async () => {
  const markdown = '# The garden\n\nSeeds take **weeks**.\n\n- water early\n- mulch *generously*';
  const created = await mcp.call('create_draft', { title: 'What the garden taught me', subtitle: 'Three lessons', markdown });
  assertSuccess('create_draft', created);
  const draft = created.structuredContent;
  assert.equal(draft.title, 'What the garden taught me');
  const asRead = await mcp.call('get_draft', { draft_id: draft.id });
  assertSuccess('get_draft', asRead);
  assert.match(asRead.structuredContent.body, /^# The garden\n\nSeeds take \*\*weeks\*\*\.\n\n- water early\n- mulch \*generously\*/);

  const check = await mcp.call('check_draft', { draft_id: draft.id });
  assertSuccess('check_draft', check);
  assert.deepEqual(check.structuredContent, { ok: true, errors: [], warnings: [] });

  const at = daysAhead(2);
  const scheduled = await mcp.call('schedule_draft', { draft_id: draft.id, at, send: false });
  assertSuccess('schedule_draft', scheduled);
  assert.equal(scheduled.structuredContent.scheduledAt, at);
  assert.match(textOf(scheduled), new RegExp(`scheduled for ${at}`));

  const read = await mcp.call('get_draft', { draft_id: draft.id });
  assertSuccess('get_draft', read);
  assert.equal(read.structuredContent.scheduledAt, at);
  const stored = await draftRecord(draft.id);
  assert.equal(stored.scheduled_at, at);
  assert.equal(stored.email_audience, null, 'send: false emails nobody');

  const unscheduled = await mcp.call('unschedule_draft', { draft_id: draft.id });
  assertSuccess('unschedule_draft', unscheduled);
  assert.equal(unscheduled.structuredContent.scheduledAt, null);
  assert.equal((await mcp.call('get_draft', { draft_id: draft.id })).structuredContent.scheduledAt, null);
  const { counts, is_published: isPublished } = await draftRecord(draft.id);
  assert.deepEqual([counts.scheduled, counts.unscheduled, counts.published, isPublished], [1, 1, 0, false]);
});
