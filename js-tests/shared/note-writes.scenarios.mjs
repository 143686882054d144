// Writing notes beyond plain text, on the wire: the builder's links, inline code, lists,
// quotes and code blocks; link and image attachments (upload, attachment, publish);
// replies; deletion; and a publish whose answer is lost, read back instead of resent.
import { deepEqual, equal, ok, rejects } from './assert.mjs';
import { assertInvalidArgument, assertNothingSent, assertPublisherError, assertSession, info } from './wire.mjs';

const PNG_1X1_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_DATA_URI = `data:image/png;base64,${PNG_1X1_BASE64}`;
const LINK_ATTRS = { target: '_blank', rel: 'nofollow ugc noopener', class: 'note-link' };

function pngBytes() {
  const binary = atob(PNG_1X1_BASE64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const text = (value, ...marks) => (marks.length ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const paragraph = (...nodes) => ({ type: 'paragraph', content: nodes });
const item = (value) => ({ type: 'listItem', content: [paragraph(text(value))] });
const doc = (...blocks) => ({ type: 'doc', attrs: { schemaVersion: 'v1' }, content: blocks });

/** The requests that reached the API, as `METHOD path` lines. */
async function lines(ctx) {
  return (await ctx.service.apiRequests()).map((r) => `${r.method} ${r.url}`);
}

async function posts(ctx, path) {
  return (await ctx.service.apiRequests()).filter((r) => r.method === 'POST' && r.url === path);
}

async function ownNotes(ctx) {
  return (await ctx.service.raw('/api/v1/notes')).items.filter((entry) => entry.comment).map((entry) => entry.comment);
}

export const noteWriteScenarios = [
  ['the builder sends links, inline code, lists, quotes and code blocks as the web composer does', async (ctx) => {
    const builder = ctx.client().note('See ');
    const same = builder
      .link('the docs', 'https://example.test/docs')
      .simple(', run ')
      .code('npm test')
      .bulletList(['one', 'two'])
      .orderedList(['first', 'second'], 3)
      .quote('quoted')
      .codeBlock('let a = 1;\nlet b = 2;')
      .note('the end');
    equal(same, builder, 'every method returns the same builder');
    const response = await builder.publish();
    const [post] = await posts(ctx, '/api/v1/comment/feed');
    assertSession(post, ctx.service);
    const expected = doc(
      paragraph(text('See '), text('the docs', { type: 'link', attrs: { href: 'https://example.test/docs', ...LINK_ATTRS } }), text(', run '), text('npm test', { type: 'code' })),
      { type: 'bulletList', content: [item('one'), item('two')] },
      { type: 'orderedList', attrs: { start: 3 }, content: [item('first'), item('second')] },
      { type: 'blockquote', content: [paragraph(text('quoted'))] },
      { type: 'codeBlock', attrs: { language: null }, content: [text('let a = 1;\nlet b = 2;')] },
      paragraph(text('the end')),
    );
    equal(post.body, JSON.stringify({ bodyJson: expected, replyMinimumRole: 'everyone' }), 'the exact request body');
    equal(response.body, 'See the docs, run npm test\n\none\n\ntwo\n\nfirst\n\nsecond\n\nquoted\n\nlet a = 1;\nlet b = 2;\n\nthe end');
    deepEqual((await ownNotes(ctx))[0].body_json, expected, 'stored as sent');
  }],

  ['bad builder arguments fail at the call, and nothing is sent', async (ctx) => {
    const client = ctx.client();
    await assertInvalidArgument(ctx, 'link to javascript:', () => client.note('x').link('x', 'javascript:alert(1)'));
    await assertInvalidArgument(ctx, 'link without text', () => client.note('x').link('', 'https://e.test/'));
    await assertInvalidArgument(ctx, 'an empty list', () => client.note('x').bulletList([]));
    await assertInvalidArgument(ctx, 'a list of non-strings', () => client.note('x').orderedList([1, 2]));
    await assertInvalidArgument(ctx, 'an empty quote', () => client.note('x').quote(' \n '));
    await assertInvalidArgument(ctx, 'a card to data:', () => client.note('x').attachLink('data:text/html,x'));
    await assertInvalidArgument(ctx, 'an image of the wrong type', () => client.note('x').attachImage('data:image/jpeg;base64,' + PNG_1X1_BASE64));
    await assertInvalidArgument(ctx, 'not an image', () => client.note('x').attachImage(new TextEncoder().encode('<svg/>')));
    await assertInvalidArgument(ctx, 'a reply to a bad id', () => client.note('x').replyTo(-1));
    await assertNothingSent(ctx.service);
  }],

  ['attachLink: the card is made first, then the note is published with its id', async (ctx) => {
    const response = await ctx.client().note('Worth reading').attachLink('https://example.test/article').publish();
    equal((await lines(ctx)).join(' | '), 'POST /api/v1/comment/attachment/ | POST /api/v1/comment/feed');
    const [attachment] = await posts(ctx, '/api/v1/comment/attachment/');
    deepEqual(JSON.parse(attachment.body), { type: 'link', url: 'https://example.test/article' });
    const [publish] = await posts(ctx, '/api/v1/comment/feed');
    const sent = JSON.parse(publish.body);
    equal(sent.attachmentIds.length, 1);
    equal(response.attachments[0].id, sent.attachmentIds[0], 'the note carries the attachment');
    equal(response.attachments[0].type, 'link');
    equal((await ownNotes(ctx))[0].attachments[0].linkMetadata.url, 'https://example.test/article');
  }],

  ['attachImage from bytes, a data URI and a Blob: uploaded, attached in order, published', async (ctx) => {
    const response = await ctx.client().note('Three images')
      .attachImage(pngBytes())
      .attachImage(PNG_DATA_URI)
      .attachImage(new Blob([pngBytes()], { type: 'image/png' }))
      .publish();
    const requests = await ctx.service.apiRequests();
    equal(requests.map((r) => `${r.method} ${r.url}`).join(' | '), [
      'POST /api/v1/image', 'POST /api/v1/comment/attachment/',
      'POST /api/v1/image', 'POST /api/v1/comment/attachment/',
      'POST /api/v1/image', 'POST /api/v1/comment/attachment/',
      'POST /api/v1/comment/feed',
    ].join(' | '));
    for (const upload of requests.filter((r) => r.url === '/api/v1/image')) {
      equal(upload.body, JSON.stringify({ image: PNG_DATA_URI }), 'the upload carries the image as a data URI');
    }
    const attachments = requests.filter((r) => r.url === '/api/v1/comment/attachment/').map((r) => JSON.parse(r.body));
    ok(attachments.every((a) => a.type === 'image' && a.url.includes('/public/images/')), 'image attachments of the uploaded URLs');
    equal(response.attachments.length, 3);
    deepEqual(response.attachments.map((a) => a.type), ['image', 'image', 'image']);
  }],

  ['a note of an image only: content [] and the body the service stores', async (ctx) => {
    const response = await ctx.client().note().attachImage(pngBytes()).publish();
    const [publish] = await posts(ctx, '/api/v1/comment/feed');
    deepEqual(JSON.parse(publish.body).bodyJson.content, []);
    equal(response.body, '');
    equal((await ownNotes(ctx))[0].id, response.id);
  }],

  ['blank text with an attachment is no text: the note is the attachment alone', async (ctx) => {
    const client = ctx.client();
    for (const blank of ['', '   ', ' \n\t ']) {
      const response = await client.publishNote(blank, { link: 'https://example.test/blank' });
      equal(response.body, '', `publishNote(${JSON.stringify(blank)}, {link}) publishes no text`);
      equal(response.attachments.length, 1);
    }
    const built = await client.note('  ').attachLink('https://example.test/blank').publish();
    equal(built.body, '');
    const feeds = await posts(ctx, '/api/v1/comment/feed');
    equal(feeds.length, 4);
    ok(feeds.every((publish) => JSON.parse(publish.body).bodyJson.content.length === 0), 'no whitespace paragraph went on the wire');
  }],

  ['a reply: parent_id on the wire, listed under its parent, not in the feed', async (ctx) => {
    const client = ctx.client();
    const parent = await client.publishNote('A question?');
    const reply = await client.note('An answer.').replyTo(parent.id).publish();
    const [, publish] = await posts(ctx, '/api/v1/comment/feed');
    equal(JSON.parse(publish.body).parent_id, parent.id);
    equal(reply.ancestor_path, String(parent.id));
    const viaOption = await client.publishNote('Another answer.', { replyTo: parent.id });
    const replies = await ctx.service.raw(`/api/v1/reader/comment/${parent.id}/replies`);
    deepEqual(replies.commentBranches.map((b) => b.comment.id), [reply.id, viaOption.id]);
    ok(!(await ownNotes(ctx)).some((c) => c.id === reply.id), 'replies stay out of /notes');
  }],

  ['deleteNote: DELETE /comment/<id>; a note already gone resolves too', async (ctx) => {
    const client = ctx.client();
    const note = await client.publishNote('Short-lived');
    await ctx.service.clearRequests();
    deepEqual(await client.deleteNote(note.id), { id: note.id, deleted: true });
    const [request] = await ctx.service.apiRequests();
    equal(`${request.method} ${request.url}`, `DELETE /api/v1/comment/${note.id}`);
    equal(request.body, '');
    assertSession(request, ctx.service);
    ok(!(await ownNotes(ctx)).some((c) => c.id === note.id), 'gone from the feed');
    deepEqual(await client.deleteNote(note.id), { id: note.id, deleted: false }, 'already gone');
    await assertInvalidArgument(ctx, 'deleteNote of a bad id', () => client.deleteNote('12a'));
  }],

  ['a publish answered 500 after the service stored it resolves with that note and is not resent', async (ctx) => {
    await ctx.service.fault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, status: 500, afterHandling: true });
    const response = await ctx.client().publishNote('Stored, then the answer failed');
    equal(response.body, 'Stored, then the answer failed');
    const { publishedNoteIds } = await info(ctx.service);
    deepEqual(publishedNoteIds, [response.id], 'exactly one note exists');
    equal((await lines(ctx)).join(' | '), 'POST /api/v1/comment/feed | GET /api/v1/notes');
  }],

  ['a reply whose connection drops after it was stored is found among the replies', async (ctx) => {
    const client = ctx.client();
    const parent = await client.publishNote('Parent');
    await ctx.service.clearRequests();
    await ctx.service.fault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, drop: true, afterHandling: true });
    const reply = await client.note('Dropped but stored').replyTo(parent.id).publish();
    equal(reply.ancestor_path, String(parent.id));
    // Deno's and Chromium's HTTP stacks resend a request whose reused connection closed
    // without an answer, below fetch; the service then holds the reply twice.
    const replies = (await ctx.service.raw(`/api/v1/reader/comment/${parent.id}/replies`)).commentBranches;
    if (ctx.runtime === 'node') equal(replies.length, 1, 'one reply');
    ok((await lines(ctx)).includes(`GET /api/v1/reader/comment/${parent.id}/replies`), 'read back from the replies');
  }],

  ['a publish that failed before the service stored it rejects maybe-published after reading back', async (ctx) => {
    await ctx.service.fault({ method: 'POST', pathPrefix: '/api/v1/comment/feed', times: 1, status: 500 });
    const error = await rejects(ctx.client().publishNote('Never stored'));
    assertPublisherError(ctx, error, 'maybe-published');
    equal(error.status, 500);
    equal((await lines(ctx)).join(' | '), 'POST /api/v1/comment/feed | GET /api/v1/notes | GET /api/v1/notes');
    deepEqual((await info(ctx.service)).publishedNoteIds, []);
  }],

  ['uploads and attachments are retried like reads; the publish goes once', async (ctx) => {
    await ctx.service.fault({ method: 'POST', path: '/api/v1/image', times: 1, status: 503 });
    await ctx.service.fault({ method: 'POST', path: '/api/v1/comment/attachment/', times: 1, status: 500, afterHandling: true });
    const response = await ctx.client({ retry: { baseDelayMs: 1, maxDelayMs: 5 } }).note('Retried').attachImage(pngBytes()).publish();
    equal(response.attachments.length, 1);
    equal((await lines(ctx)).join(' | '), [
      'POST /api/v1/image', 'POST /api/v1/image',
      'POST /api/v1/comment/attachment/', 'POST /api/v1/comment/attachment/',
      'POST /api/v1/comment/feed',
    ].join(' | '));
  }],
];
