// Self-test of the local service's drafts: create, read, edit, delete, the pre-publish check,
// publishing into the post reads, scheduled releases (by the clock control and by the timer),
// the post_management listings, the controls, and faults after the write was stored.
// Run with the other self-tests: node --test local-service/test/

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalService } from '../index.mjs';

let service;
let info;

const DAY_MS = 24 * 3600 * 1000;
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function api(path, { headers = {}, ...init } = {}) {
  return fetch(service.url + path, { ...init, headers: { Cookie: `connect.sid=s%3A${service.apiKey}`, 'Content-Type': 'application/json', ...headers } });
}

async function call(method, path, value) {
  const response = await api(path, { method, body: value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value) });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

async function ok(method, path, value) {
  const answer = await call(method, path, value);
  assert.equal(answer.status, 200, `${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

async function control(method, path, value) {
  const response = await fetch(`${service.url}/__control/${path}`, { method, body: value === undefined ? undefined : JSON.stringify(value) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const paragraph = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content) => ({ type: 'doc', content });
const image = (src) => ({ type: 'captionedImage', content: [{ type: 'image2', attrs: { src, alt: 'a dot', title: null } }, { type: 'caption', content: [{ type: 'text', text: 'A dot' }] }] });

/** The body the client sends to create a draft (docs/drafts.md). */
function draftInput(overrides = {}) {
  return {
    draft_title: 'A título with “quotes” ✍️',
    draft_subtitle: 'The subtitle',
    draft_body: JSON.stringify(doc(paragraph('First paragraph.'), paragraph('Second one.'))),
    draft_bylines: [{ id: info.account.id, is_guest: false }],
    audience: 'everyone',
    type: 'newsletter',
    draft_section_id: null,
    section_chosen: true,
    ...overrides,
  };
}

const createDraft = (overrides) => ok('POST', '/api/v1/drafts', draftInput(overrides));
const drafts = async () => (await control('GET', 'drafts')).body.drafts;
const summary = async (id) => (await drafts()).find((draft) => draft.id === id);
const inDays = (days) => new Date(Date.now() + days * DAY_MS).toISOString();
const release = (triggerAt, emailAudience = null) => ({ trigger_at: triggerAt, post_audience: 'everyone', email_audience: emailAudience });

async function addFault(spec) {
  const response = await fetch(`${service.url}/__control/faults`, { method: 'POST', body: JSON.stringify(spec) });
  assert.equal(response.status, 200, await response.clone().text());
}

before(async () => {
  service = await startLocalService({ port: 0, seed: 1, posts: 30, bodyBytes: 2000 });
  info = await (await fetch(`${service.url}/__control/info`)).json();
});
after(() => service.close());
beforeEach(() => control('POST', 'reset'));

describe('the account and single drafts', () => {
  test('GET /user/profile/self is the account (the first user of the cast)', async () => {
    const self = await ok('GET', '/api/v1/user/profile/self');
    assert.equal(self.id, info.account.id);
    assert.equal(self.handle, 'adaexample');
    assert.equal(self.name, 'Ada Example');
  });

  test('POST /drafts stores the draft: its record echoes the fields, draft_body as JSON text, an id above every seeded post id', async () => {
    const input = draftInput({ audience: 'only_paid', type: 'podcast' });
    const created = await ok('POST', '/api/v1/drafts', input);
    const maxSeeded = Math.max(...(await ok('GET', '/api/v1/posts?limit=50')).map((post) => post.id));
    assert.ok(Number.isSafeInteger(created.id) && created.id > maxSeeded, `${created.id} > ${maxSeeded}`);
    for (const key of ['draft_title', 'draft_subtitle', 'draft_body', 'draft_bylines', 'audience', 'type', 'draft_section_id', 'section_chosen']) {
      assert.deepEqual(created[key], input[key], key);
    }
    assert.equal(typeof created.draft_body, 'string');
    assert.equal(created.is_published, false);
    for (const key of ['post_date', 'slug', 'title', 'canonical_url', 'email_sent_at']) assert.equal(created[key], null, key);
    assert.equal(created.draft_created_at, created.draft_updated_at);
    assert.ok(!Number.isNaN(Date.parse(created.draft_created_at)));
    assert.deepEqual(await ok('GET', `/api/v1/drafts/${created.id}`), created);
    assert.equal((await ok('GET', `/api/v1/posts/by-id/${created.id}`).catch(() => null)), null, 'a draft is not a post');
  });

  test('POST /drafts with only a title takes the defaults: the account\'s byline, everyone, newsletter, no body', async () => {
    const created = await ok('POST', '/api/v1/drafts', { draft_title: 'Minimal' });
    assert.deepEqual(created.draft_bylines, [{ id: info.account.id, is_guest: false }]);
    assert.equal(created.audience, 'everyone');
    assert.equal(created.type, 'newsletter');
    assert.equal(created.draft_body, null);
    assert.equal(created.section_chosen, false);
  });

  test('POST /drafts refuses bad bodies with 400 {errors:[{msg}]} and stores nothing', async () => {
    const cases = [
      [{ draft_body: doc(paragraph('an object, not text')) }, 'draft_body'],
      [{ draft_body: 'not json' }, 'draft_body'],
      [{ draft_body: JSON.stringify({ type: 'paragraph' }) }, 'draft_body'],
      [{ draft_body: JSON.stringify([1]) }, 'draft_body'],
      [{ draft_bylines: null }, 'draft_bylines'],
      [{ draft_bylines: [{ id: 'x' }] }, 'draft_bylines'],
      [{ draft_bylines: [{ id: 1, is_guest: false }] }, 'draft_bylines'],
      [{ audience: 'paid' }, 'audience'],
      [{ type: 'page' }, 'type'],
      [{ draft_title: 42 }, 'draft_title'],
      [{ draft_subtitle: {} }, 'draft_subtitle'],
      [{ section_chosen: 'yes' }, 'section_chosen'],
      [{ draft_section_id: 12345 }, 'draft_section_id'],
      [{ draftTitle: 'camelCase' }, 'draftTitle'],
    ];
    for (const [overrides, param] of cases) {
      const { status, body } = await call('POST', '/api/v1/drafts', draftInput(overrides));
      assert.equal(status, 400, JSON.stringify(overrides));
      assert.equal(body.errors[0].param, param, JSON.stringify(overrides));
      assert.equal(typeof body.errors[0].msg, 'string');
    }
    for (const text of ['{', '[]', 'null']) assert.equal((await call('POST', '/api/v1/drafts', text)).status, 400, text);
    assert.deepEqual(await drafts(), []);
    assert.deepEqual((await ok('POST', '/api/v1/drafts', draftInput({ draft_bylines: [] }))).draft_bylines, [], '[] is accepted');
  });

  test('PUT /drafts/<id> changes the given fields only and moves draft_updated_at; bad values are 400', async () => {
    const created = await createDraft();
    const body = JSON.stringify(doc(paragraph('Rewritten.')));
    const edited = await ok('PUT', `/api/v1/drafts/${created.id}`, { draft_title: 'New title', draft_body: body, audience: 'founding' });
    assert.equal(edited.draft_title, 'New title');
    assert.equal(edited.draft_body, body);
    assert.equal(edited.audience, 'founding');
    assert.equal(edited.draft_subtitle, created.draft_subtitle);
    assert.equal(edited.draft_created_at, created.draft_created_at);
    assert.ok(edited.draft_updated_at > created.draft_updated_at);
    assert.deepEqual(await ok('GET', `/api/v1/drafts/${created.id}`), edited);
    assert.equal((await call('PUT', `/api/v1/drafts/${created.id}`, { draft_bylines: null })).status, 400);
    assert.equal((await call('PUT', `/api/v1/drafts/${created.id}`, { type: 'video' })).status, 400);
    assert.equal((await ok('GET', `/api/v1/drafts/${created.id}`)).type, 'newsletter');
    assert.deepEqual((await call('PUT', '/api/v1/drafts/999', { draft_title: 'x' })).body, { error: 'Not found' });
  });

  test('DELETE /drafts/<id>: 200 with an empty body, then 404; the draft is gone from reads and listings', async () => {
    const created = await createDraft();
    const first = await call('DELETE', `/api/v1/drafts/${created.id}`);
    assert.equal(first.status, 200);
    assert.equal(first.text, '');
    const second = await call('DELETE', `/api/v1/drafts/${created.id}`);
    assert.equal(second.status, 404);
    assert.deepEqual(second.body, { error: 'Not found' });
    assert.deepEqual((await call('GET', `/api/v1/drafts/${created.id}`)).body, { error: 'Not found' });
    assert.equal((await ok('GET', '/api/v1/post_management/drafts')).total, 0);
    assert.equal((await summary(created.id)).counts.deleted, 1);
  });

  test('deleting a published draft removes its post from the post reads', async () => {
    const created = await createDraft();
    const post = await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false });
    await ok('DELETE', `/api/v1/drafts/${created.id}`);
    assert.equal((await call('GET', `/api/v1/posts/by-id/${post.id}`)).status, 404);
    assert.equal((await call('GET', `/api/v1/posts/${post.slug}`)).status, 404);
  });

  test('unknown, non-numeric and other paths: 404 {"error":"Not found"}; wrong methods 405', async () => {
    for (const path of ['/api/v1/drafts/123', '/api/v1/drafts/abc', '/api/v1/drafts/123/prepublish', '/api/v1/drafts/123/scheduled_release']) {
      assert.deepEqual((await call('GET', path)).body, { error: 'Not found' }, path);
    }
    assert.equal((await call('POST', '/api/v1/drafts/123/publish', { send: false })).status, 404);
    assert.equal((await call('GET', '/api/v1/post_management/trash')).status, 404);
    assert.equal((await call('PATCH', '/api/v1/drafts/1')).status, 405);
    assert.equal((await call('GET', '/api/v1/drafts')).status, 405);
  });

  test('draft routes need the session cookie', async () => {
    const response = await fetch(`${service.url}/api/v1/drafts`, { method: 'POST', body: JSON.stringify(draftInput()) });
    assert.equal(response.status, 401);
    assert.deepEqual(await drafts(), []);
  });
});

describe('the pre-publish check', () => {
  test('a complete draft has no errors and no warnings', async () => {
    const created = await createDraft();
    assert.deepEqual(await ok('GET', `/api/v1/drafts/${created.id}/prepublish`), { errors: [], warnings: [] });
  });

  test('a blank title is the error "Please add a title."; no subtitle and an empty body are warnings', async () => {
    const created = await createDraft({ draft_title: '  ', draft_subtitle: null, draft_body: null });
    const check = await ok('GET', `/api/v1/drafts/${created.id}/prepublish`);
    assert.deepEqual(check.errors, ['Please add a title.']);
    assert.deepEqual(check.warnings, ['Consider adding a subtitle.', 'The post body is empty.']);
    const withImageOnly = await createDraft({ draft_body: JSON.stringify(doc(image('https://example.test/a.png'))) });
    assert.deepEqual((await ok('GET', `/api/v1/drafts/${withImageOnly.id}/prepublish`)).warnings, [], 'an image is a body');
  });

  test('a publication with sections asks for one: "Please choose a section." until section_chosen is true', async () => {
    const unchosen = await createDraft({ section_chosen: false });
    assert.deepEqual((await ok('GET', `/api/v1/drafts/${unchosen.id}/prepublish`)).errors, [], 'no sections by default');
    const { body } = await control('POST', 'sections', { sections: ['Essays', 'Links'] });
    assert.equal(body.sections.length, 2);
    assert.deepEqual((await ok('GET', `/api/v1/drafts/${unchosen.id}/prepublish`)).errors, ['Please choose a section.']);
    const refused = await call('POST', `/api/v1/drafts/${unchosen.id}/publish`, { send: false });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, { errors: [{ msg: 'Please choose a section.' }] });
    assert.equal((await call('POST', `/api/v1/drafts/${unchosen.id}/scheduled_release`, release(inDays(1)))).status, 400);
    await ok('PUT', `/api/v1/drafts/${unchosen.id}`, { draft_section_id: body.sections[1].id, section_chosen: true });
    assert.deepEqual((await ok('GET', `/api/v1/drafts/${unchosen.id}/prepublish`)).errors, []);
    assert.equal((await ok('GET', `/api/v1/drafts/${unchosen.id}`)).draft_section_id, body.sections[1].id);
    await ok('POST', `/api/v1/drafts/${unchosen.id}/publish`, { send: false });
  });
});

describe('publishing', () => {
  test('the publish answer is the post exactly as GET /posts/<slug> serves it, with the draft\'s id, title and body', async () => {
    const created = await createDraft({ draft_body: JSON.stringify(doc(paragraph('Hello <world> & “you”'), { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Part two', marks: [{ type: 'strong' }] }] })) });
    const post = await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false, share_automatically: false });
    assert.equal(post.id, created.id);
    assert.equal(post.title, created.draft_title);
    assert.equal(post.subtitle, 'The subtitle');
    assert.equal(post.is_published, true);
    assert.equal(post.body_html, '<p>Hello &lt;world&gt; &amp; “you”</p><h2><strong>Part two</strong></h2>');
    assert.equal(post.canonical_url, `https://localpub.substack.com/p/${post.slug}`);
    assert.deepEqual(await ok('GET', `/api/v1/posts/${post.slug}`), post);
  });

  test('a published draft is in /posts (first), posts/by-id, profile/posts, search and archive', async () => {
    const created = await createDraft({ draft_title: 'Zanzibar quokka dispatch' });
    const post = await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false });
    assert.equal((await ok('GET', '/api/v1/posts?limit=1'))[0].id, post.id);
    const byId = await ok('GET', `/api/v1/posts/by-id/${post.id}`);
    assert.deepEqual(byId.post, post);
    assert.equal(byId.publication.id, info.mainPublication.id);
    assert.equal((await ok('GET', `/api/v1/profile/posts?profile_user_id=${info.account.id}&limit=1`)).posts[0].id, post.id);
    assert.deepEqual((await ok('GET', '/api/v1/search?query=quokka')).results.map((result) => result.id), [post.id]);
    assert.deepEqual((await ok('GET', '/api/v1/archive?search=Zanzibar')).map((result) => result.id), [post.id]);
    const draft = await ok('GET', `/api/v1/drafts/${created.id}`);
    assert.equal(draft.is_published, true);
    assert.equal(draft.slug, post.slug);
    assert.equal(draft.post_date, post.post_date);
  });

  test('send: true records the email (email_sent_at, counts.emailed); send: false with should_send_email saved false does not', async () => {
    const sent = await createDraft({ draft_title: 'Sent' });
    const quiet = await createDraft({ draft_title: 'Quiet' });
    const sentPost = await ok('POST', `/api/v1/drafts/${sent.id}/publish`, { send: true, share_automatically: true });
    assert.equal((await ok('PUT', `/api/v1/drafts/${quiet.id}`, { should_send_email: false, section_chosen: true, draft_section_id: null })).should_send_email, false);
    await ok('POST', `/api/v1/drafts/${quiet.id}/publish`, { send: false });
    const sentDraft = await ok('GET', `/api/v1/drafts/${sent.id}`);
    assert.equal(sentDraft.email_sent_at, sentPost.post_date);
    assert.equal(sentDraft.should_send_email, true);
    assert.equal((await ok('GET', `/api/v1/drafts/${quiet.id}`)).email_sent_at, null);
    const counts = Object.fromEntries((await drafts()).map((draft) => [draft.draft_title, draft.counts]));
    assert.deepEqual([counts.Sent.published, counts.Sent.emailed], [1, 1]);
    assert.deepEqual([counts.Quiet.published, counts.Quiet.emailed], [1, 0]);
  });

  test('the email is sent when any signal says so: a draft never saved with should_send_email: false reads as sending (§6)', async () => {
    const fresh = await createDraft({ draft_title: 'Never saved' });
    assert.equal((await ok('GET', `/api/v1/drafts/${fresh.id}`)).should_send_email, true);
    await ok('POST', `/api/v1/drafts/${fresh.id}/publish`, { send: false });
    const saidNo = await createDraft({ draft_title: 'Saved false, sent true' });
    await ok('PUT', `/api/v1/drafts/${saidNo.id}`, { should_send_email: false });
    await ok('POST', `/api/v1/drafts/${saidNo.id}/publish`, { send: true });
    const byTitle = Object.fromEntries((await drafts()).map((draft) => [draft.draft_title, draft]));
    assert.equal(byTitle['Never saved'].counts.emailed, 1);
    assert.deepEqual(byTitle['Never saved'].email_signals, { send: false, should_send_email: true, emailed: true });
    assert.equal(byTitle['Saved false, sent true'].counts.emailed, 1);
    assert.deepEqual(byTitle['Saved false, sent true'].email_signals, { send: true, should_send_email: false, emailed: true });
  });

  test('PUT keeps last_updated_at for the controls and refuses a non-date or a non-boolean should_send_email', async () => {
    const created = await createDraft();
    await ok('PUT', `/api/v1/drafts/${created.id}`, { last_updated_at: created.draft_updated_at, draft_subtitle: 'x' });
    assert.equal((await summary(created.id)).last_updated_at_sent, created.draft_updated_at);
    assert.equal((await call('PUT', `/api/v1/drafts/${created.id}`, { last_updated_at: 'yesterday' })).status, 400);
    assert.equal((await call('PUT', `/api/v1/drafts/${created.id}`, { should_send_email: 'no' })).status, 400);
  });

  test('a second publish is 400 "Post already published" and changes nothing', async () => {
    const created = await createDraft();
    await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: true });
    const again = await call('POST', `/api/v1/drafts/${created.id}/publish`, { send: true });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body, { error: 'Post already published' });
    assert.deepEqual((await summary(created.id)).counts, { created: 1, updated: 0, published: 1, emailed: 1, scheduled: 0, unscheduled: 0, released: 0, deleted: 0 });
    assert.equal((await call('POST', `/api/v1/drafts/${created.id}/scheduled_release`, release(inDays(1)))).body.error, 'Post already published');
  });

  test('publish refuses a draft with check errors, and a body without a boolean send', async () => {
    const untitled = await createDraft({ draft_title: '' });
    const refused = await call('POST', `/api/v1/drafts/${untitled.id}/publish`, { send: false });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, { errors: [{ msg: 'Please add a title.' }] });
    const titled = await createDraft();
    for (const body of [{}, { send: 'true' }, { send: false, share_automatically: 1 }, { send: false, extra: 1 }]) {
      assert.equal((await call('POST', `/api/v1/drafts/${titled.id}/publish`, body)).status, 400, JSON.stringify(body));
    }
    assert.ok((await drafts()).every((draft) => draft.counts.published === 0));
    assert.equal((await ok('GET', '/api/v1/posts?limit=1'))[0].id < titled.id, true, 'no post was added');
  });

  test('a draft body may reference an uploaded image: the post shows it and it is the cover; the control says it was uploaded here', async () => {
    const upload = await ok('POST', '/api/v1/image', { image: `data:image/png;base64,${PNG_1x1}` });
    const created = await createDraft({ draft_body: JSON.stringify(doc(paragraph('Look:'), image(upload.url))) });
    const post = await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false });
    assert.ok(post.body_html.includes(`<img src="${upload.url}" alt="a dot">`), post.body_html);
    assert.ok(post.body_html.includes('<figcaption>A dot</figcaption>'));
    assert.equal(post.cover_image, upload.url);
    assert.deepEqual((await summary(created.id)).images, [{ src: upload.url, uploaded: true }]);
    assert.deepEqual((await summary(created.id)).unrendered, [], 'an uploaded image is one the service hosts');
    const elsewhere = await createDraft({ draft_body: JSON.stringify(doc(image('https://example.test/x.png'))) });
    assert.deepEqual((await summary(elsewhere.id)).images, [{ src: 'https://example.test/x.png', uploaded: false }]);
    assert.deepEqual((await summary(elsewhere.id)).unrendered.map((found) => found.path), ['body.content[0].content[0].attrs.src']);
  });

  test('an upload is answered under the real service\'s image host, and the control serves its bytes', async () => {
    const upload = await ok('POST', '/api/v1/image', { image: `data:image/png;base64,${PNG_1x1}` });
    assert.match(upload.url, /^https:\/\/substack-post-media\.s3\.amazonaws\.com\/public\/images\/[0-9a-f-]{36}_1x1\.png$/);
    assert.deepEqual({ ...upload, id: 0, url: '' }, { id: 0, url: '', contentType: 'image/png', bytes: 70, imageWidth: 1, imageHeight: 1 });
    const media = await fetch(`${service.url}/__control/media?url=${encodeURIComponent(upload.url)}`);
    assert.equal(media.status, 200);
    assert.equal(media.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await media.arrayBuffer()), Buffer.from(PNG_1x1, 'base64'));
    for (const url of [`${upload.url}x`, 'https://example.test/x.png', '']) {
      assert.equal((await fetch(`${service.url}/__control/media?url=${encodeURIComponent(url)}`)).status, 404, url);
    }
    assert.equal((await fetch(`${service.url}/__control/media`)).status, 404);
  });

  test('the service stores any document, and the control lists what the post editor would not render', async () => {
    const code = { type: 'codeBlock', attrs: { language: 'js' }, content: [{ type: 'text', text: 'let gone = 1;' }] };
    const kept = { type: 'highlighted_code_block', attrs: { language: 'python', nodeId: null }, content: [{ type: 'text', text: 'print("kept")' }] };
    const link = { type: 'paragraph', content: [{ type: 'text', text: 'docs', marks: [{ type: 'link', attrs: { href: '/bar' } }] }] };
    const body = doc(paragraph('Intro.'), code, kept, link, { type: 'paywall' }, { type: 'paywall' }, { type: 'digestPostEmbed', attrs: { postId: 1 } });
    const created = await createDraft({ draft_body: JSON.stringify(body) });
    assert.deepEqual(JSON.parse(created.draft_body), body, 'stored as sent');
    assert.deepEqual((await summary(created.id)).unrendered, [
      { path: 'body.content[1]', reason: '"codeBlock" is not rendered by the post editor; write highlighted_code_block' },
      { path: 'body.content[3].content[0].marks[0].attrs.href', reason: 'must be an absolute http, https or mailto URL; a relative link goes nowhere' },
      { path: 'body.content[5]', reason: 'a second paywall: a post holds at most one' },
    ]);
    const post = await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false });
    assert.ok(!post.body_html.includes('gone'), `the editor drops a codeBlock: ${post.body_html}`);
    assert.ok(post.body_html.includes('<pre class="highlighted_code_block" data-language="python"><code class="language-python">print(&quot;kept&quot;)</code></pre>') ||
      post.body_html.includes('<pre class="highlighted_code_block" data-language="python"><code class="language-python">print("kept")</code></pre>'), post.body_html);
    const untouched = await createDraft();
    assert.deepEqual((await summary(untouched.id)).unrendered, []);
    const empty = await createDraft({ draft_body: null });
    assert.deepEqual((await summary(empty.id)).unrendered, []);
  });
});

describe('scheduling', () => {
  test('a release in the past, now, beyond 90 days, or with a bad date or audience is 400; nothing is scheduled', async () => {
    const created = await createDraft();
    const path = `/api/v1/drafts/${created.id}/scheduled_release`;
    for (const body of [
      release(inDays(-1 / 24)),
      release(inDays(91)),
      release('next friday'),
      { trigger_at: inDays(1), post_audience: 'everyone' },
      { trigger_at: inDays(1), post_audience: 'vips', email_audience: null },
      { trigger_at: inDays(1), post_audience: 'everyone', email_audience: 'all' },
      { post_date: inDays(1), email_audience: null },
    ]) {
      assert.equal((await call('POST', path, body)).status, 400, JSON.stringify(body));
    }
    assert.deepEqual(await ok('GET', path), []);
    assert.equal((await summary(created.id)).counts.scheduled, 0);
    assert.equal((await call('POST', path, release(inDays(89)))).status, 200, '89 days ahead is fine');
  });

  test('a scheduled draft: the release record, GET scheduled_release, post_date = trigger_at, in the scheduled tab only', async () => {
    const created = await createDraft();
    const at = new Date(Math.ceil((Date.now() + 3 * DAY_MS) / 1000) * 1000).toISOString();
    const made = await ok('POST', `/api/v1/drafts/${created.id}/scheduled_release`, release(at.replace('.000Z', 'Z'), 'everyone'));
    assert.deepEqual(Object.keys(made).sort(), ['email_audience', 'id', 'post_audience', 'post_id', 'trigger_at']);
    assert.equal(made.post_id, created.id);
    assert.equal(made.trigger_at, at);
    assert.equal(made.email_audience, 'everyone');
    assert.deepEqual(await ok('GET', `/api/v1/drafts/${created.id}/scheduled_release`), [made]);
    const draft = await ok('GET', `/api/v1/drafts/${created.id}`);
    assert.equal(draft.post_date, at);
    assert.equal(draft.is_published, false);
    assert.deepEqual((await ok('GET', '/api/v1/post_management/scheduled')).posts.map((post) => post.id), [created.id]);
    assert.equal((await ok('GET', '/api/v1/post_management/drafts')).total, 0);
    assert.equal((await call('GET', `/api/v1/posts/by-id/${created.id}`)).status, 404, 'not published yet');
  });

  test('when its time comes (POST /__control/clock) the draft is released: a post dated trigger_at, in /posts, emailed as its release said', async () => {
    const emailed = await createDraft({ draft_title: 'Emailed at release' });
    const quiet = await createDraft({ draft_title: 'Quiet release' });
    const at = inDays(2);
    await ok('POST', `/api/v1/drafts/${emailed.id}/scheduled_release`, release(at, 'everyone'));
    await ok('PUT', `/api/v1/drafts/${quiet.id}`, { should_send_email: false });
    await ok('POST', `/api/v1/drafts/${quiet.id}/scheduled_release`, { trigger_at: inDays(3), post_audience: 'only_paid', email_audience: null });
    const early = await control('POST', 'clock', { advanceMs: DAY_MS });
    assert.deepEqual(early.body.released, []);
    const step = await control('POST', 'clock', { advanceMs: 2 * DAY_MS });
    assert.equal(step.status, 200);
    assert.deepEqual(step.body.released.sort(), [emailed.id, quiet.id].sort());
    assert.equal(step.body.offsetMs, 3 * DAY_MS);
    const posts = await ok('GET', '/api/v1/posts?limit=2');
    assert.deepEqual(posts.map((post) => post.id).sort(), [emailed.id, quiet.id].sort());
    const emailedPost = await ok('GET', `/api/v1/posts/by-id/${emailed.id}`);
    assert.equal(emailedPost.post.post_date, new Date(at).toISOString());
    assert.equal((await ok('GET', `/api/v1/posts/by-id/${quiet.id}`)).post.audience, 'only_paid');
    assert.equal((await ok('GET', `/api/v1/drafts/${emailed.id}`)).email_sent_at, new Date(at).toISOString());
    assert.equal((await ok('GET', `/api/v1/drafts/${quiet.id}`)).email_sent_at, null);
    assert.deepEqual(await ok('GET', `/api/v1/drafts/${emailed.id}/scheduled_release`), []);
    const counts = (await summary(emailed.id)).counts;
    assert.deepEqual([counts.scheduled, counts.released, counts.published, counts.emailed], [1, 1, 1, 1]);
    assert.deepEqual((await ok('GET', '/api/v1/post_management/published')).posts.map((post) => post.id).sort(), [emailed.id, quiet.id].sort());
    assert.equal((await ok('GET', '/api/v1/post_management/scheduled')).total, 0);
  });

  test('a release a moment ahead is published by the timer, with no request in between', async () => {
    const created = await createDraft();
    await ok('POST', `/api/v1/drafts/${created.id}/scheduled_release`, release(new Date(Date.now() + 400).toISOString()));
    const store = service.service.world.drafts;
    assert.equal(store.get(created.id).post, null);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Read in-process: a request would release it by itself.
    assert.equal(store.get(created.id).post?.id, created.id);
    assert.equal((await ok('GET', '/api/v1/posts?limit=1'))[0].id, created.id);
  });

  test('a due release is published at the start of the next request', async () => {
    const created = await createDraft();
    await ok('POST', `/api/v1/drafts/${created.id}/scheduled_release`, release(new Date(Date.now() + 60_000).toISOString()));
    // Move the drafts' clock in-process: no control request, no timer tick before the read.
    service.service.world.drafts.clockOffsetMs = 120_000;
    assert.equal((await ok('GET', '/api/v1/posts?limit=1'))[0].id, created.id);
  });

  test('DELETE scheduled_release: 200 empty, repeatable; the draft is back among drafts and is not released', async () => {
    const created = await createDraft();
    const path = `/api/v1/drafts/${created.id}/scheduled_release`;
    await ok('POST', path, release(inDays(1), 'everyone'));
    const first = await call('DELETE', path);
    assert.deepEqual([first.status, first.text], [200, '']);
    assert.deepEqual([(await call('DELETE', path)).status], [200]);
    assert.deepEqual(await ok('GET', path), []);
    const draft = await ok('GET', `/api/v1/drafts/${created.id}`);
    assert.equal(draft.post_date, null);
    assert.deepEqual((await ok('GET', '/api/v1/post_management/drafts')).posts.map((post) => post.id), [created.id]);
    assert.deepEqual((await control('POST', 'clock', { advanceMs: 2 * DAY_MS })).body.released, []);
    assert.equal((await call('GET', `/api/v1/posts/by-id/${created.id}`)).status, 404);
    assert.equal((await summary(created.id)).counts.unscheduled, 1);
  });

  test('scheduling again replaces the release; publishing a scheduled draft now cancels its release', async () => {
    const created = await createDraft();
    const path = `/api/v1/drafts/${created.id}/scheduled_release`;
    await ok('POST', path, release(inDays(1)));
    const second = await ok('POST', path, release(inDays(2)));
    assert.deepEqual(await ok('GET', path), [second]);
    await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false });
    assert.deepEqual(await ok('GET', path), []);
    await control('POST', 'clock', { advanceMs: 3 * DAY_MS });
    assert.deepEqual((await summary(created.id)).counts.published, 1);
  });
});

describe('listings', () => {
  test('post_management/drafts: unpublished, unscheduled drafts, most recently edited first, paged with total', async () => {
    const a = await createDraft({ draft_title: 'A' });
    const b = await createDraft({ draft_title: 'B' });
    const c = await createDraft({ draft_title: 'C' });
    const d = await createDraft({ draft_title: 'D' });
    await ok('PUT', `/api/v1/drafts/${a.id}`, { draft_subtitle: 'edited last' });
    await ok('POST', `/api/v1/drafts/${c.id}/publish`, { send: false });
    await ok('POST', `/api/v1/drafts/${d.id}/scheduled_release`, release(inDays(1)));
    const page = await ok('GET', '/api/v1/post_management/drafts?offset=0&limit=10&order_by=draft_updated_at&order_direction=desc');
    assert.deepEqual(page.posts.map((post) => post.draft_title), ['A', 'B']);
    assert.deepEqual([page.offset, page.limit, page.total], [0, 10, 2]);
    const second = await ok('GET', '/api/v1/post_management/drafts?offset=1&limit=1&order_by=draft_updated_at&order_direction=desc');
    assert.deepEqual(second.posts.map((post) => post.draft_title), ['B']);
    assert.deepEqual([second.offset, second.limit, second.total], [1, 1, 2]);
    const ascending = await ok('GET', '/api/v1/post_management/drafts?order_by=draft_updated_at&order_direction=asc');
    assert.deepEqual(ascending.posts.map((post) => post.draft_title), ['B', 'A']);
    assert.deepEqual((await ok('GET', '/api/v1/post_management/published')).posts.map((post) => post.draft_title), ['C']);
    assert.deepEqual((await ok('GET', '/api/v1/post_management/scheduled')).posts.map((post) => post.draft_title), ['D']);
    assert.equal((await ok('GET', '/api/v1/post_management/drafts?limit=500')).limit, 50, 'limit is clamped');
    for (const query of ['order_by=title', 'order_direction=up', 'limit=-1', 'offset=x']) {
      assert.deepEqual((await call('GET', `/api/v1/post_management/drafts?${query}`)).body, { error: 'Invalid value' }, query);
    }
  });

  test('post_management/published: newest first', async () => {
    const first = await createDraft({ draft_title: 'First out' });
    const second = await createDraft({ draft_title: 'Second out' });
    await ok('POST', `/api/v1/drafts/${first.id}/publish`, { send: false });
    await control('POST', 'clock', { advanceMs: 1000 });
    await ok('POST', `/api/v1/drafts/${second.id}/publish`, { send: false });
    assert.deepEqual((await ok('GET', '/api/v1/post_management/published')).posts.map((post) => post.draft_title), ['Second out', 'First out']);
  });
});

describe('controls and reset', () => {
  test('reset clears drafts, the posts they became, sections and the clock; ids start again', async () => {
    const created = await createDraft();
    await ok('POST', `/api/v1/drafts/${created.id}/publish`, { send: false });
    await control('POST', 'sections', { sections: ['Essays'] });
    await control('POST', 'clock', { advanceMs: 5000 });
    assert.equal((await control('POST', 'reset')).status, 204);
    assert.deepEqual(await drafts(), []);
    assert.equal((await call('GET', `/api/v1/drafts/${created.id}`)).status, 404);
    assert.equal((await call('GET', `/api/v1/posts/by-id/${created.id}`)).status, 404);
    assert.equal(service.service.world.bodyCache.has(created.id), false, 'the rendered body is forgotten with its post');
    assert.deepEqual((await control('GET', 'sections')).body, { sections: [] });
    assert.equal((await control('GET', 'clock')).body.offsetMs, 0);
    const again = await createDraft({ draft_title: 'Other', draft_body: JSON.stringify(doc(paragraph('Different body'))) });
    assert.equal(again.id, created.id, 'the same seed gives the same ids after a reset');
    const post = await ok('POST', `/api/v1/drafts/${again.id}/publish`, { send: false });
    assert.equal(post.body_html, '<p>Different body</p>');
  });

  test('controls refuse bad specs', async () => {
    for (const spec of [{ advanceMs: -1 }, { advanceMs: 1.5 }, { advance: 1 }, {}]) assert.equal((await control('POST', 'clock', spec)).status, 400, JSON.stringify(spec));
    for (const spec of [{ sections: 'Essays' }, { sections: [''] }, { names: [] }]) assert.equal((await control('POST', 'sections', spec)).status, 400, JSON.stringify(spec));
  });
});

describe('faults after the write was stored: each write lands exactly once', () => {
  const spoilers = [
    ['500', { status: 500 }],
    ['502 HTML page', { status: 502, html: true }],
    ['dropped connection', { drop: true }],
    ['truncated 200', { truncate: 'length' }],
  ];

  for (const [name, spoil] of spoilers) {
    test(`create, publish and schedule spoiled by ${name}: each stored once, readable afterwards`, async () => {
      await addFault({ method: 'POST', path: '/api/v1/drafts', times: 1, afterHandling: true, ...spoil });
      const created = await call('POST', '/api/v1/drafts', draftInput({ draft_title: `Spoiled ${name}` })).catch(() => null);
      assert.ok(created === null || created.status >= 500, 'the answer was spoiled');
      const stored = await drafts();
      assert.deepEqual(stored.map((draft) => draft.draft_title), [`Spoiled ${name}`]);
      const id = stored[0].id;

      await addFault({ method: 'POST', path: `/api/v1/drafts/${id}/scheduled_release`, times: 1, afterHandling: true, ...spoil });
      await call('POST', `/api/v1/drafts/${id}/scheduled_release`, release(inDays(1), 'everyone')).catch(() => null);
      assert.equal((await ok('GET', `/api/v1/drafts/${id}/scheduled_release`)).length, 1);
      assert.equal((await summary(id)).counts.scheduled, 1);

      await addFault({ method: 'POST', path: `/api/v1/drafts/${id}/publish`, times: 1, afterHandling: true, ...spoil });
      await call('POST', `/api/v1/drafts/${id}/publish`, { send: true }).catch(() => null);
      const draft = await ok('GET', `/api/v1/drafts/${id}`);
      assert.equal(draft.is_published, true);
      assert.equal((await summary(id)).counts.emailed, 1);
      // A client that sends again anyway is refused: still one post, one email.
      assert.equal((await call('POST', `/api/v1/drafts/${id}/publish`, { send: true })).status, 400);
      const after = await summary(id);
      assert.deepEqual([after.counts.created, after.counts.published, after.counts.emailed], [1, 1, 1]);
      assert.equal((await ok('GET', '/api/v1/posts?limit=5')).filter((post) => post.id === id).length, 1);
      const log = await (await fetch(`${service.url}/__control/requests`)).json();
      assert.ok(log.filter((entry) => entry.fault !== null).length >= 3, 'the faults were applied');
    });
  }

  test('without afterHandling a fault stores nothing', async () => {
    await addFault({ method: 'POST', path: '/api/v1/drafts', times: 1, status: 500 });
    assert.equal((await call('POST', '/api/v1/drafts', draftInput())).status, 500);
    assert.deepEqual(await drafts(), []);
  });

  test('afterHandling + latency: the draft is readable before the create answers', async () => {
    await addFault({ method: 'POST', path: '/api/v1/drafts', times: 1, latencyMs: 600, afterHandling: true });
    const pending = call('POST', '/api/v1/drafts', draftInput({ draft_title: 'Slow' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const listed = await ok('GET', '/api/v1/post_management/drafts');
    assert.deepEqual(listed.posts.map((post) => post.draft_title), ['Slow']);
    const { status, body } = await pending;
    assert.equal(status, 200);
    assert.equal(body.id, listed.posts[0].id);
  });
});
