// Long-form posts on the wire: a draft created, read, listed, changed, checked, scheduled,
// unscheduled, published and deleted; `send` never assumed; times and documents checked
// before anything is sent; and the writes whose answer is lost read back, never resent.
import { deepEqual, equal, ok } from './assert.mjs';
import { assertInvalidArgument, assertNothingSent, assertPublisherError, assertSession } from './wire.mjs';

const text = (value, ...marks) => (marks.length ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const body = (...words) => ({ type: 'doc', content: words.map((word) => ({ type: 'paragraph', content: [text(word)] })) });
const HOUR = 3600 * 1000;

/** The /api requests as `METHOD path` lines. */
async function lines(ctx) {
  return (await ctx.service.apiRequests()).map((r) => `${r.method} ${r.url}`);
}

async function sent(ctx, method, path) {
  return (await ctx.service.apiRequests()).filter((r) => r.method === method && r.url === path);
}

async function newDraft(ctx, title = 'The weekly issue', extra = {}) {
  const draft = await ctx.client().createDraft({ title, subtitle: 'Notes from the week', body: body('Hello', 'World'), ...extra });
  await ctx.service.clearRequests();
  return draft;
}

export const draftScenarios = [
  ['createDraft sends the draft once, with the account as its byline, and answers the draft with its derived fields', async (ctx) => {
    const draft = await ctx.client().createDraft({ title: 'The weekly issue', subtitle: 'Notes', body: body('Hello'), audience: 'only_paid' });
    equal((await lines(ctx)).join(' | '), 'GET /api/v1/user/profile/self | POST /api/v1/drafts');
    const [post] = await sent(ctx, 'POST', '/api/v1/drafts');
    assertSession(post, ctx.service);
    const self = await ctx.service.raw('/api/v1/user/profile/self');
    deepEqual(JSON.parse(post.body), {
      draft_title: 'The weekly issue',
      draft_subtitle: 'Notes',
      draft_body: JSON.stringify(body('Hello')),
      draft_bylines: [{ id: self.id, is_guest: false }],
      audience: 'only_paid',
      type: 'newsletter',
    });
    equal(draft.draftTitle, 'The weekly issue');
    equal(draft.draftSubtitle, 'Notes');
    deepEqual(draft.draftBody, body('Hello'), 'the body, parsed');
    equal(typeof draft.draft_body, 'string', 'the service fields pass through as sent');
    equal(draft.published, false);
    equal(draft.scheduledAt, null);
    ok(typeof draft.updatedAt === 'string' && !Number.isNaN(Date.parse(draft.updatedAt)), 'updatedAt is a date');
    const read = await ctx.client().getDraft(draft.id);
    deepEqual(read.draftBody, body('Hello'));
    const [first] = await ctx.client().getDrafts({ limit: 1 });
    equal(first.id, draft.id, 'the newest draft comes first');
  }],

  ['updateDraft sends only the changed fields with PUT, and the draft keeps the rest', async (ctx) => {
    const draft = await newDraft(ctx);
    const changed = await ctx.client().updateDraft(draft.id, { subtitle: 'A new subtitle' });
    const [put] = await sent(ctx, 'PUT', `/api/v1/drafts/${draft.id}`);
    deepEqual(JSON.parse(put.body), { draft_subtitle: 'A new subtitle' });
    equal(changed.draftSubtitle, 'A new subtitle');
    equal(changed.draftTitle, 'The weekly issue');
    deepEqual(changed.draftBody, body('Hello', 'World'));
  }],

  ['getDrafts over a page is fetched in pages, most recently edited first', async (ctx) => {
    const client = ctx.client();
    const ids = [];
    for (let i = 0; i < 28; i++) ids.push((await client.createDraft({ title: `Draft ${i}` })).id);
    await ctx.service.clearRequests();
    const drafts = await client.getDrafts({ limit: 27 });
    equal(drafts.length, 27);
    deepEqual(drafts.map((d) => d.id), ids.slice(1).reverse());
    const pages = (await lines(ctx)).filter((line) => line.includes('post_management'));
    deepEqual(pages, [
      'GET /api/v1/post_management/drafts?offset=0&limit=25&order_by=draft_updated_at&order_direction=desc',
      'GET /api/v1/post_management/drafts?offset=25&limit=2&order_by=draft_updated_at&order_direction=desc',
    ]);
  }],

  ['checkDraft answers the service check as {ok, errors, warnings}', async (ctx) => {
    const draft = await newDraft(ctx);
    const check = await ctx.client().checkDraft(draft.id);
    equal(check.ok, true);
    deepEqual(check.errors, []);
    ok(Array.isArray(check.warnings));
    equal((await lines(ctx)).join(), `GET /api/v1/drafts/${draft.id}/prepublish`);
  }],

  ['publishDraft needs send, never assumes it, and sends nothing without it', async (ctx) => {
    const draft = await newDraft(ctx);
    const client = ctx.client();
    const error = await assertInvalidArgument(ctx, 'no send', () => client.publishDraft(draft.id, {}));
    ok(error.message.includes('send'), error.message);
    await assertInvalidArgument(ctx, 'no options', () => client.publishDraft(draft.id));
    await assertInvalidArgument(ctx, 'send as a string', () => client.publishDraft(draft.id, { send: 'false' }));
    await assertInvalidArgument(ctx, 'schedule without send', () => client.scheduleDraft(draft.id, new Date(Date.now() + HOUR), {}));
    await assertNothingSent(ctx.service);
  }],

  ['publishDraft with send false publishes without email, into the post reads, and a second publish is refused', async (ctx) => {
    const draft = await newDraft(ctx);
    const client = ctx.client();
    const post = await client.publishDraft(draft.id, { send: false });
    const [publish] = await sent(ctx, 'POST', `/api/v1/drafts/${draft.id}/publish`);
    deepEqual(JSON.parse(publish.body), { send: false, share_automatically: false });
    equal(post.id, draft.id, 'the post keeps the draft id');
    equal(post.title, 'The weekly issue');
    equal(post.published, true);
    equal((await client.getPost(post.slug)).id, draft.id, 'getPost finds it');
    equal((await client.getDraft(draft.id)).published, true);
    await ctx.service.clearRequests();
    const again = await assertInvalidArgument(ctx, 'publish twice', () => client.publishDraft(draft.id, { send: true }));
    ok(/already published/.test(again.message), again.message);
    equal((await sent(ctx, 'POST', `/api/v1/drafts/${draft.id}/publish`)).length, 0, 'nothing was sent');
  }],

  ['publishDraft and scheduleDraft first save the email choice on the draft (should_send_email), and every signal the service sees says the same', async (ctx) => {
    for (const send of [false, true]) {
      const draft = await newDraft(ctx, `Choice ${send}`);
      const client = ctx.client();
      await client.publishDraft(draft.id, { send });
      deepEqual((await lines(ctx)).slice(0, 3), [`GET /api/v1/drafts/${draft.id}`, `PUT /api/v1/drafts/${draft.id}`, `POST /api/v1/drafts/${draft.id}/publish`]);
      const [put] = await sent(ctx, 'PUT', `/api/v1/drafts/${draft.id}`);
      deepEqual(JSON.parse(put.body), { should_send_email: send, section_chosen: true, draft_section_id: null, last_updated_at: draft.updatedAt });
      const stored = (await ctx.service.drafts()).find((d) => d.id === draft.id);
      deepEqual(stored.email_signals, { send, should_send_email: send, emailed: send });
      equal(stored.counts.emailed, send ? 1 : 0);
    }
    const draft = await newDraft(ctx, 'Choice scheduled');
    await ctx.client().scheduleDraft(draft.id, new Date(Date.now() + 2 * HOUR), { send: false });
    deepEqual((await lines(ctx)).slice(0, 3), [`GET /api/v1/drafts/${draft.id}`, `PUT /api/v1/drafts/${draft.id}`, `POST /api/v1/drafts/${draft.id}/scheduled_release`]);
    equal((await ctx.service.drafts()).find((d) => d.id === draft.id).should_send_email, false);
  }],

  ['updateDraft with expectedUpdatedAt changes the copy that was read, and refuses one changed since with kind conflict, sending nothing', async (ctx) => {
    const draft = await newDraft(ctx);
    const client = ctx.client();
    const changed = await client.updateDraft(draft.id, { subtitle: 'First edit' }, { expectedUpdatedAt: draft.updatedAt });
    equal(changed.draftSubtitle, 'First edit');
    const [put] = await sent(ctx, 'PUT', `/api/v1/drafts/${draft.id}`);
    equal(JSON.parse(put.body).last_updated_at, draft.updatedAt);
    await ctx.service.clearRequests();
    // The first copy is stale now: someone (this very call) edited it since.
    const error = await client.updateDraft(draft.id, { subtitle: 'Lost edit' }, { expectedUpdatedAt: draft.updatedAt }).then(() => undefined, (e) => e);
    assertPublisherError(ctx, error, 'conflict', 'stale copy');
    ok(error.message.includes('after the copy you read'), error.message);
    deepEqual(await lines(ctx), [`GET /api/v1/drafts/${draft.id}`], 'read, not written');
    equal((await client.getDraft(draft.id)).draftSubtitle, 'First edit');
    await assertInvalidArgument(ctx, 'not a time', () => client.updateDraft(draft.id, { subtitle: 'x' }, { expectedUpdatedAt: 5 }));
  }],

  ['a body the post editor would not render is refused naming its path, before anything is sent; nodes the client does not know pass', async (ctx) => {
    const client = ctx.client();
    const codeBlock = { type: 'doc', content: [{ type: 'paragraph', content: [text('Hi')] }, { type: 'codeBlock', attrs: { language: 'js' }, content: [text('x')] }] };
    const refused = await assertInvalidArgument(ctx, 'codeBlock', () => client.createDraft({ title: 'T', body: codeBlock }));
    ok(refused.message.includes('content[1]') && refused.message.includes('"codeBlock" is not rendered by the post editor; write highlighted_code_block'), refused.message);
    const elsewhere = { type: 'doc', content: [{ type: 'captionedImage', content: [{ type: 'image2', attrs: { src: 'https://example.com/x.png' } }] }] };
    await assertInvalidArgument(ctx, 'image not hosted', () => client.createDraft({ title: 'T', body: elsewhere }));
    await assertNothingSent(ctx.service);
    const unknown = { type: 'doc', content: [{ type: 'digestPostEmbed', attrs: { postId: 1, whatever: [1, 2] } }, { type: 'paragraph', content: [text('kept')] }] };
    const draft = await client.createDraft({ title: 'Kept', body: unknown });
    deepEqual(draft.draftBody, unknown, 'stored and read back untouched');
  }],

  ['scheduleDraft sets the release, with no email unless asked, and unscheduleDraft takes it back', async (ctx) => {
    const draft = await newDraft(ctx);
    const client = ctx.client();
    const at = new Date(Math.ceil((Date.now() + 2 * HOUR) / 1000) * 1000);
    const scheduled = await client.scheduleDraft(draft.id, at, { send: false });
    const [release] = await sent(ctx, 'POST', `/api/v1/drafts/${draft.id}/scheduled_release`);
    deepEqual(JSON.parse(release.body), { trigger_at: at.toISOString(), post_audience: 'everyone', email_audience: null });
    equal(scheduled.scheduledAt, at.toISOString());
    equal(scheduled.published, false);
    const unscheduled = await client.unscheduleDraft(draft.id);
    equal(unscheduled.scheduledAt, null);
    equal((await client.getDraft(draft.id)).scheduledAt, null);
    await client.unscheduleDraft(draft.id); // repeatable
    await client.scheduleDraft(draft.id, at.toISOString(), { send: true });
    const releases = await sent(ctx, 'POST', `/api/v1/drafts/${draft.id}/scheduled_release`);
    equal(JSON.parse(releases[1].body).email_audience, 'everyone', 'send: true emails the post audience');
  }],

  ['a time in the past, too far ahead, or without a zone is refused before anything is sent', async (ctx) => {
    const draft = await newDraft(ctx);
    const client = ctx.client();
    const past = await assertInvalidArgument(ctx, 'past', () => client.scheduleDraft(draft.id, new Date(Date.now() - 60_000), { send: false }));
    ok(past.message.includes('in the past'), past.message);
    const far = await assertInvalidArgument(ctx, 'too far', () => client.scheduleDraft(draft.id, new Date(Date.now() + 200 * 24 * HOUR), { send: false }));
    ok(far.message.includes('90 days'), far.message);
    await assertInvalidArgument(ctx, 'no zone', () => client.scheduleDraft(draft.id, '2030-01-01T09:00:00', { send: false }));
    await assertInvalidArgument(ctx, 'invalid Date', () => client.scheduleDraft(draft.id, new Date('nope'), { send: false }));
    await assertInvalidArgument(ctx, 'a number', () => client.scheduleDraft(draft.id, Date.now() + HOUR, { send: false }));
    await assertNothingSent(ctx.service);
  }],

  ['deleteDraft deletes once and then says the draft was already gone', async (ctx) => {
    const draft = await newDraft(ctx);
    const client = ctx.client();
    deepEqual(await client.deleteDraft(draft.id), { id: draft.id, deleted: true });
    deepEqual(await client.deleteDraft(draft.id), { id: draft.id, deleted: false });
    const error = await client.getDraft(draft.id).catch((e) => e);
    assertPublisherError(ctx, error, 'http');
    equal(error.status, 404);
  }],

  ['bad draft input fails at the call with one sentence, and nothing is sent', async (ctx) => {
    const client = ctx.client();
    const markdown = await assertInvalidArgument(ctx, 'markdown in the main entry', () => client.createDraft({ title: 'T', markdown: '# Hi' }));
    ok(markdown.message.includes("'publisher-wasm/markdown'"), markdown.message);
    await assertInvalidArgument(ctx, 'no title', () => client.createDraft({ subtitle: 'x' }));
    await assertInvalidArgument(ctx, 'blank title', () => client.createDraft({ title: '   ' }));
    await assertInvalidArgument(ctx, 'not an object', () => client.createDraft('title'));
    await assertInvalidArgument(ctx, 'unknown field', () => client.createDraft({ title: 'T', content: 'x' }));
    await assertInvalidArgument(ctx, 'a body that is no document', () => client.createDraft({ title: 'T', body: { type: 'paragraph' } }));
    await assertInvalidArgument(ctx, 'a bad audience', () => client.createDraft({ title: 'T', audience: 'friends' }));
    await assertInvalidArgument(ctx, 'a bad type', () => client.createDraft({ title: 'T', type: 'video' }));
    await assertInvalidArgument(ctx, 'images without Markdown', () => client.createDraft({ title: 'T', images: { 'a.png': new Uint8Array([1]) } }));
    await assertInvalidArgument(ctx, 'no change', () => client.updateDraft(1, {}));
    await assertInvalidArgument(ctx, 'a bad id', () => client.getDraft(-1));
    await assertNothingSent(ctx.service);
  }],

  ['a publish whose answer is lost after the service published is read back, not sent again', async (ctx) => {
    const draft = await newDraft(ctx);
    await ctx.service.fault({ method: 'POST', path: `/api/v1/drafts/${draft.id}/publish`, times: 1, status: 502, html: true, afterHandling: true });
    const post = await ctx.client({ retry: { baseDelayMs: 1, maxDelayMs: 5 } }).publishDraft(draft.id, { send: true });
    equal(post.id, draft.id);
    equal((await sent(ctx, 'POST', `/api/v1/drafts/${draft.id}/publish`)).length, 1, 'published once');
  }],

  ['a create whose answer is cut off is found among the drafts, and a schedule whose answer is lost is read back', async (ctx) => {
    const client = ctx.client({ retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    await ctx.service.fault({ method: 'POST', path: '/api/v1/drafts', times: 1, truncate: 'short', afterHandling: true });
    const draft = await client.createDraft({ title: 'Lost answer' });
    equal(draft.draftTitle, 'Lost answer');
    equal((await sent(ctx, 'POST', '/api/v1/drafts')).length, 1, 'created once');
    await ctx.service.fault({ method: 'POST', path: `/api/v1/drafts/${draft.id}/scheduled_release`, times: 1, status: 500, afterHandling: true });
    const at = new Date(Math.ceil((Date.now() + HOUR) / 1000) * 1000);
    const scheduled = await client.scheduleDraft(draft.id, at, { send: false });
    equal(scheduled.scheduledAt, at.toISOString());
    equal((await sent(ctx, 'POST', `/api/v1/drafts/${draft.id}/scheduled_release`)).length, 1, 'scheduled once');
  }],
];
