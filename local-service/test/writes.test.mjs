// Self-test of the local service's note writes: rich bodies, image uploads, attachments,
// replies, deletion, and faults that spoil the answer after the write was stored.
// Run with the other self-tests: node --test local-service/test/

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalService } from '../index.mjs';

let service;
let info;

function api(path, { headers = {}, ...init } = {}) {
  return fetch(service.url + path, { ...init, headers: { Cookie: `connect.sid=s%3A${service.apiKey}`, ...headers } });
}

async function apiJson(path, init) {
  const response = await api(path, init);
  return { status: response.status, body: await response.json() };
}

function postJson(path, value, contentType = 'application/json') {
  return apiJson(path, { method: 'POST', headers: { 'Content-Type': contentType }, body: typeof value === 'string' ? value : JSON.stringify(value) });
}

const text = (value, marks) => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const paragraph = (...nodes) => ({ type: 'paragraph', content: nodes });
const doc = (...blocks) => ({ type: 'doc', attrs: { schemaVersion: 'v1' }, content: blocks });
const request = (bodyJson, extra = {}) => ({ bodyJson, replyMinimumRole: 'everyone', ...extra });
const publish = (body) => postJson('/api/v1/comment/feed/', body);
const link = (href) => ({ type: 'link', attrs: { href, target: '_blank', rel: 'nofollow ugc noopener', class: 'note-link' } });

async function addFault(spec) {
  const response = await fetch(`${service.url}/__control/faults`, { method: 'POST', body: JSON.stringify(spec) });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()).id;
}

async function ownNoteIds() {
  return (await apiJson('/api/v1/notes')).body.items.filter((item) => item.comment).map((item) => item.comment.id);
}

// Images: real headers, as small as each format allows.
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF_1x1 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
function jpegHeader(width, height) {
  const bytes = Buffer.from([
    0xff, 0xd8, // SOI
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, // APP0 JFIF
    0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, // SOF0
    0xff, 0xd9, // EOI
  ]);
  return bytes.toString('base64');
}
function webpVp8x(width, height) {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes.toString('base64');
}

async function uploadPng() {
  const { status, body } = await postJson('/api/v1/image', { image: `data:image/png;base64,${PNG_1x1}` });
  assert.equal(status, 200);
  return body;
}

async function attach(type, url) {
  const { status, body } = await postJson('/api/v1/comment/attachment/', { url, type });
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

before(async () => {
  service = await startLocalService({ port: 0 });
  info = await (await fetch(`${service.url}/__control/info`)).json();
});

after(async () => {
  await service.close();
});

beforeEach(async () => {
  assert.equal((await fetch(`${service.url}/__control/reset`, { method: 'POST' })).status, 204);
});

describe('rich note bodies', () => {
  test('lists, quotes, code blocks, mentions and link marks are stored; body joins blocks as §2.4 says', async () => {
    const bodyJson = doc(
      paragraph(text('Bold', [{ type: 'bold' }]), text(' and '), text('both', [{ type: 'bold' }, { type: 'italic' }]), text(' '), text('x()', [{ type: 'code' }])),
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }, { type: 'listItem', content: [paragraph(text('two', [link('https://example.test/two')]))] }] },
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('third'))] }] },
      { type: 'orderedList', content: [{ type: 'listItem', content: [paragraph(text('no attrs'))] }] },
      { type: 'blockquote', content: [paragraph(text('quoted')), paragraph(text('twice'))] },
      { type: 'codeBlock', attrs: { language: null }, content: [text('let a = 1;\nlet b = 2;')] },
      paragraph(text('hi '), { type: 'substack_mention', attrs: { id: info.users[1].id, label: info.users[1].name, mentionType: 'user', url: null } }),
    );
    const { status, body: note } = await publish(request(bodyJson, { tabId: 'for-you', surface: 'feed' }));
    assert.equal(status, 200, JSON.stringify(note));
    assert.equal(note.body, `Bold and both x()\n\none\n\ntwo\n\nthird\n\nno attrs\n\nquoted\n\ntwice\n\nlet a = 1;\nlet b = 2;\n\nhi ${info.users[1].name}`);
    assert.deepEqual(note.body_json, bodyJson);
    const stored = (await apiJson(`/api/v1/reader/comment/${note.id}`)).body.item.comment;
    assert.deepEqual(stored.body_json, bodyJson);
    assert.equal(stored.body, note.body);
    assert.equal((await apiJson('/api/v1/notes')).body.items[0].comment.id, note.id);
  });

  test('what the contract has no evidence for is a 400, and nothing is stored', async () => {
    const cases = {
      heading: doc({ type: 'heading', attrs: { level: 1 }, content: [text('h')] }),
      'hard break': doc(paragraph(text('a'), { type: 'hardBreak' })),
      'horizontal rule': doc({ type: 'horizontal_rule' }),
      strike: doc(paragraph(text('a', [{ type: 'strike' }]))),
      strikethrough: doc(paragraph(text('a', [{ type: 'strikethrough' }]))),
      underline: doc(paragraph(text('a', [{ type: 'underline' }]))),
      'code with bold': doc(paragraph(text('a', [{ type: 'code' }, { type: 'bold' }]))),
      'a mark twice': doc(paragraph(text('a', [{ type: 'bold' }, { type: 'bold' }]))),
      'javascript: link': doc(paragraph(text('a', [link('javascript:alert(1)')]))),
      'data: link': doc(paragraph(text('a', [link(' DATA:text/html,<b>x</b>')]))),
      'unknown link attribute': doc(paragraph(text('a', [{ type: 'link', attrs: { href: 'https://x.test/', onclick: 'x' } }]))),
      'nested list': doc({ type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('a')), { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('b'))] }] }] }] }),
      'paragraph in a list': doc({ type: 'bulletList', content: [paragraph(text('a'))] }),
      'empty list': doc({ type: 'bulletList', content: [] }),
      'list in a quote': doc({ type: 'blockquote', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('a'))] }] }] }),
      'ordered list start': doc({ type: 'orderedList', attrs: { start: 'one' }, content: [{ type: 'listItem', content: [paragraph(text('a'))] }] }),
      'code block with marks': doc({ type: 'codeBlock', attrs: { language: null }, content: [text('a', [{ type: 'bold' }])] }),
      'code block without attrs': doc({ type: 'codeBlock', content: [text('a')] }),
      'mention without label': doc(paragraph({ type: 'substack_mention', attrs: { id: 1, mentionType: 'user' } })),
      'whitespace paragraph only in content []': doc(),
    };
    for (const [name, bodyJson] of Object.entries(cases)) {
      const { status, body } = await publish(request(bodyJson));
      assert.equal(status, 400, name);
      assert.equal(typeof body.error, 'string', name);
    }
    const envelopes = {
      'parent_id as a string': request(doc(paragraph(text('a'))), { parent_id: '123' }),
      parentCommentId: request(doc(paragraph(text('a'))), { parentCommentId: 123 }),
      parent_comment_id: request(doc(paragraph(text('a'))), { parent_comment_id: 123 }),
      'repeated attachment id': request(doc(paragraph(text('a'))), { attachmentIds: ['x', 'x'] }),
      'unknown attachment id': request(doc(paragraph(text('a'))), { attachmentIds: ['00000000-0000-4000-8000-000000000000'] }),
    };
    for (const [name, body] of Object.entries(envelopes)) assert.equal((await publish(body)).status, 400, name);
    const info2 = await (await fetch(`${service.url}/__control/info`)).json();
    assert.deepEqual(info2.publishedNoteIds, []);
  });
});

describe('image uploads', () => {
  test('PNG, GIF, JPEG and WebP: the response carries id, url, type, bytes and the size read from the header', async () => {
    const cases = [
      ['image/png', PNG_1x1, 1, 1, 'png'],
      ['image/gif', GIF_1x1, 1, 1, 'gif'],
      ['image/jpeg', jpegHeader(640, 480), 640, 480, 'jpeg'],
      ['image/webp', webpVp8x(1200, 630), 1200, 630, 'webp'],
    ];
    const ids = new Set();
    for (const [type, data, width, height, ext] of cases) {
      const { status, body } = await postJson('/api/v1/image', { image: `data:${type};base64,${data}` });
      assert.equal(status, 200, type);
      assert.deepEqual(Object.keys(body), ['id', 'url', 'contentType', 'bytes', 'imageWidth', 'imageHeight']);
      assert.equal(typeof body.id, 'number');
      ids.add(body.id);
      assert.match(body.url, new RegExp(`^https://[^/]+/public/images/[0-9a-f-]{36}_${width}x${height}\\.${ext}$`));
      assert.equal(body.contentType, type);
      assert.equal(body.bytes, Buffer.from(data, 'base64').length);
      assert.equal(body.imageWidth, width);
      assert.equal(body.imageHeight, height);
    }
    assert.equal(ids.size, 4);
  });

  test('form-encoded image= works too', async () => {
    const { status, body } = await postJson('/api/v1/image', `image=${encodeURIComponent(`data:image/png;base64,${PNG_1x1}`)}`, 'application/x-www-form-urlencoded');
    assert.equal(status, 200);
    assert.equal(body.imageWidth, 1);
  });

  test('wrong uploads: multipart, other types, bytes of another type, not a data URI, unknown fields, too large', async () => {
    const multipart = await api('/api/v1/image', { method: 'POST', body: (() => { const form = new FormData(); form.append('image', new Blob([Buffer.from(PNG_1x1, 'base64')], { type: 'image/png' })); return form; })() });
    assert.equal(multipart.status, 400);
    assert.deepEqual(await multipart.json(), { error: 'Invalid value' });
    const cases = [
      [{ image: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` }, 400],
      [{ image: `data:image/jpeg;base64,${PNG_1x1}` }, 400],
      [{ image: `data:image/png;base64,${PNG_1x1.slice(0, 20)}` }, 400],
      [{ image: 'https://example.test/a.png' }, 400],
      [{ image: 'data:image/png;base64,' }, 400],
      [{ image: `data:image/png;base64,${PNG_1x1}`, name: 'a.png' }, 400],
      [{}, 400],
    ];
    for (const [body, expected] of cases) assert.equal((await postJson('/api/v1/image', body)).status, expected, JSON.stringify(body).slice(0, 80));
    assert.equal((await postJson('/api/v1/image', 'image', 'text/plain')).status, 415);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1024);
    Buffer.from(PNG_1x1, 'base64').copy(huge);
    assert.equal((await postJson('/api/v1/image', { image: `data:image/png;base64,${huge.toString('base64')}` })).status, 413);
  });
});

describe('attachments', () => {
  test('a link attachment: {id, type:"link", linkMetadata, explicit}', async () => {
    const attachment = await attach('link', 'https://example.test/some/page?x=1');
    assert.match(attachment.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(attachment.type, 'link');
    assert.equal(attachment.explicit, false);
    assert.equal(attachment.linkMetadata.url, 'https://example.test/some/page?x=1');
    assert.equal(attachment.linkMetadata.host, 'example.test');
    assert.equal(typeof attachment.linkMetadata.title, 'string');
  });

  test('an image attachment of an uploaded URL: {id, type:"image", imageUrl, imageWidth, imageHeight, explicit}', async () => {
    const upload = await uploadPng();
    const attachment = await attach('image', upload.url);
    assert.deepEqual(Object.keys(attachment), ['id', 'type', 'imageUrl', 'imageWidth', 'imageHeight', 'explicit']);
    assert.equal(attachment.imageUrl, upload.url);
    assert.equal(attachment.imageWidth, 1);
  });

  test('wrong requests: imageUrl instead of url is the real 500 {"error":""}; other mistakes are 400 or 415', async () => {
    const upload = await uploadPng();
    for (const field of ['imageUrl', 'image_url', 'mediaUrl']) {
      const { status, body } = await postJson('/api/v1/comment/attachment/', { [field]: upload.url, type: 'image' });
      assert.equal(status, 500, field);
      assert.deepEqual(body, { error: '' });
    }
    const cases = [
      { url: 'https://elsewhere.test/a.png', type: 'image' },
      { url: upload.url, type: 'video' },
      { url: upload.url },
      { url: 'javascript:alert(1)', type: 'link' },
      { url: '/relative', type: 'link' },
      { url: 'https://example.test/', type: 'link', title: 'x' },
    ];
    for (const body of cases) assert.equal((await postJson('/api/v1/comment/attachment', body)).status, 400, JSON.stringify(body));
    assert.equal((await postJson('/api/v1/comment/attachment/', 'url=x', 'application/x-www-form-urlencoded')).status, 415);
  });

  test('a note with attachments carries them, in order, in the response, /notes and reader/comment', async () => {
    const first = await attach('image', (await uploadPng()).url);
    const second = await attach('link', 'https://example.test/read-this');
    const { status, body: note } = await publish(request(doc(paragraph(text('Look'))), { attachmentIds: [second.id, first.id] }));
    assert.equal(status, 200);
    assert.deepEqual(note.attachments, [second, first]);
    const listed = (await apiJson('/api/v1/notes')).body.items[0].comment;
    assert.equal(listed.id, note.id);
    assert.deepEqual(listed.attachments, [second, first]);
    assert.deepEqual((await apiJson(`/api/v1/reader/comment/${note.id}`)).body.item.comment.attachments, [second, first]);
  });

  test('a note of attachments only sends content [] and is stored with body "" and body_json null', async () => {
    const image = await attach('image', (await uploadPng()).url);
    const { status, body: note } = await publish(request(doc(), { attachmentIds: [image.id] }));
    assert.equal(status, 200);
    assert.equal(note.body, '');
    assert.equal(note.body_json, null);
    const listed = (await apiJson('/api/v1/notes')).body.items[0].comment;
    assert.equal(listed.body, '');
    assert.equal(listed.body_json, null);
    assert.equal(listed.attachments[0].id, image.id);
  });
});

describe('replies', () => {
  test('a reply stores ancestor_path, stays out of /notes, and is listed under its parent', async () => {
    const { body: root } = await publish(request(doc(paragraph(text('root')))));
    const { status, body: reply } = await publish(request(doc(paragraph(text('first answer'))), { parent_id: root.id }));
    assert.equal(status, 200);
    assert.equal(reply.ancestor_path, String(root.id));
    const { body: nested } = await publish(request(doc(paragraph(text('answer to the answer'))), { parent_id: reply.id }));
    assert.equal(nested.ancestor_path, `${root.id}.${reply.id}`);

    const ids = await ownNoteIds();
    assert.ok(ids.includes(root.id));
    assert.ok(!ids.includes(reply.id) && !ids.includes(nested.id));

    const { status: repliesStatus, body: replies } = await apiJson(`/api/v1/reader/comment/${root.id}/replies`);
    assert.equal(repliesStatus, 200);
    assert.equal(replies.nextCursor, null);
    assert.equal(replies.commentBranches.length, 1);
    assert.equal(replies.commentBranches[0].comment.id, reply.id);
    assert.equal(replies.commentBranches[0].comment.children_count, 1);
    assert.deepEqual(replies.commentBranches[0].descendantComments.map((comment) => comment.id), [nested.id]);

    const item = (await apiJson(`/api/v1/reader/comment/${nested.id}`)).body.item;
    assert.equal(item.comment.ancestor_path, `${root.id}.${reply.id}`);
    assert.deepEqual(item.parentComments.map((comment) => comment.id), [root.id, reply.id]);
    assert.equal((await apiJson(`/api/v1/reader/comment/${root.id}`)).body.item.comment.children_count, 1);
  });

  test('a reply to a seeded note of another user counts among its children', async () => {
    const other = info.users.find((user) => user.active && user.id !== info.account.id);
    const theirs = (await apiJson(`/api/v1/reader/feed/profile/${other.id}?types=note`)).body.items[0].comment;
    const { status, body: reply } = await publish(request(doc(paragraph(text('nice'))), { parent_id: theirs.id }));
    assert.equal(status, 200);
    assert.equal(reply.ancestor_path, String(theirs.id));
    assert.equal((await apiJson(`/api/v1/reader/comment/${theirs.id}`)).body.item.comment.children_count, theirs.children_count + 1);
  });

  test('an unknown parent is a 404 and nothing is stored; replies of an unknown note are 404', async () => {
    const { status } = await publish(request(doc(paragraph(text('orphan'))), { parent_id: 123 }));
    assert.equal(status, 404);
    assert.deepEqual((await (await fetch(`${service.url}/__control/info`)).json()).publishedNoteIds, []);
    assert.equal((await api('/api/v1/reader/comment/123/replies')).status, 404);
  });
});

describe('deletion', () => {
  test('DELETE /comment/<id> answers 200 {}; the note is gone everywhere; a second delete is 404', async () => {
    const { body: note } = await publish(request(doc(paragraph(text('short-lived')))));
    const { status, body } = await apiJson(`/api/v1/comment/${note.id}`, { method: 'DELETE' });
    assert.equal(status, 200);
    assert.deepEqual(body, {});
    assert.ok(!(await ownNoteIds()).includes(note.id));
    assert.equal((await api(`/api/v1/reader/comment/${note.id}`)).status, 404);
    const profile = (await apiJson(`/api/v1/reader/feed/profile/${info.account.id}?types=note`)).body.items;
    assert.ok(!profile.some((item) => item.comment?.id === note.id));
    assert.deepEqual(await apiJson(`/api/v1/comment/${note.id}`, { method: 'DELETE' }), { status: 404, body: { error: 'Not found' } });
  });

  test('seeded notes of the account can be deleted (reset brings them back); others\' are 403; replies leave their parent', async () => {
    const seeded = (await ownNoteIds())[0];
    assert.equal((await api(`/api/v1/comment/${seeded}`, { method: 'DELETE' })).status, 200);
    assert.ok(!(await ownNoteIds()).includes(seeded));

    const other = info.users.find((user) => user.active && user.id !== info.account.id);
    const theirs = (await apiJson(`/api/v1/reader/feed/profile/${other.id}?types=note`)).body.items[0].comment;
    assert.equal((await api(`/api/v1/comment/${theirs.id}`, { method: 'DELETE' })).status, 403);
    assert.equal((await api(`/api/v1/reader/comment/${theirs.id}`)).status, 200);

    const { body: root } = await publish(request(doc(paragraph(text('root')))));
    const { body: reply } = await publish(request(doc(paragraph(text('reply'))), { parent_id: root.id }));
    assert.equal((await api(`/api/v1/comment/${reply.id}`, { method: 'DELETE' })).status, 200);
    assert.deepEqual((await apiJson(`/api/v1/reader/comment/${root.id}/replies`)).body.commentBranches, []);
    assert.equal((await apiJson(`/api/v1/reader/comment/${root.id}`)).body.item.comment.children_count, 0);

    await fetch(`${service.url}/__control/reset`, { method: 'POST' });
    assert.ok((await ownNoteIds()).includes(seeded));
  });

  test('ids with the c- prefix or not numeric are 404; DELETE on comment/feed is 405', async () => {
    const seeded = (await ownNoteIds())[0];
    assert.equal((await api(`/api/v1/comment/c-${seeded}`, { method: 'DELETE' })).status, 404);
    assert.equal((await api('/api/v1/comment/abc', { method: 'DELETE' })).status, 404);
    assert.equal((await api('/api/v1/comment/feed', { method: 'DELETE' })).status, 405);
    assert.ok((await ownNoteIds()).includes(seeded));
  });
});

describe('faults after the write was stored', () => {
  test('afterHandling + status: the publish answers 500 yet the note is stored and listed', async () => {
    await addFault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, status: 500, afterHandling: true });
    const { status } = await publish(request(doc(paragraph(text('stored anyway')))));
    assert.equal(status, 500);
    const listed = (await apiJson('/api/v1/notes')).body.items[0].comment;
    assert.equal(listed.body, 'stored anyway');
    const log = await (await fetch(`${service.url}/__control/requests`)).json();
    assert.equal(log.filter((entry) => entry.method === 'POST').length, 1);
  });

  test('afterHandling + drop: the connection dies after the note was stored', async () => {
    await addFault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, drop: true, afterHandling: true });
    await assert.rejects(publish(request(doc(paragraph(text('dropped but stored'))))));
    assert.equal((await apiJson('/api/v1/notes')).body.items[0].comment.body, 'dropped but stored');
  });

  test('afterHandling + latency: the note is readable before its answer arrives', async () => {
    await addFault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, latencyMs: 800, afterHandling: true });
    const pending = publish(request(doc(paragraph(text('slow answer')))));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await apiJson('/api/v1/notes')).body.items[0].comment.body, 'slow answer');
    const { status, body } = await pending;
    assert.equal(status, 200);
    assert.equal(body.body, 'slow answer');
  });

  test('without afterHandling a status fault stores nothing; afterHandling must be a boolean', async () => {
    await addFault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, status: 503 });
    assert.equal((await publish(request(doc(paragraph(text('never stored')))))).status, 503);
    assert.deepEqual((await (await fetch(`${service.url}/__control/info`)).json()).publishedNoteIds, []);
    const bad = await fetch(`${service.url}/__control/faults`, { method: 'POST', body: JSON.stringify({ status: 500, afterHandling: 'yes' }) });
    assert.equal(bad.status, 400);
  });

  test('afterHandling on an upload: the image is stored, the answer is lost, a second upload gets a new id', async () => {
    await addFault({ method: 'POST', path: '/api/v1/image', times: 1, status: 502, afterHandling: true });
    assert.equal((await postJson('/api/v1/image', { image: `data:image/png;base64,${PNG_1x1}` })).status, 502);
    const again = await uploadPng();
    assert.equal(typeof again.id, 'number');
  });
});
