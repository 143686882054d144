// Drives the demo page (www-demo/) in headless Chromium against the local service,
// section by section, asserting what the page shows and what reached the service, and
// saves a screenshot of each section in js-tests/demo/screenshots/ (not committed).
//   node js-tests/demo/run.mjs
import { chromium } from 'playwright-core';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startLocalService } from '../../local-service/index.mjs';
import { startStaticServer } from '../browser/static-server.mjs';
import { deepEqual, equal, match, ok } from '../shared/assert.mjs';
import * as markdownEntry from 'publisher-wasm/markdown';

const { markdownToPostBody, postBodyToMarkdown } = markdownEntry;

/** A 1×1 PNG, the image the test picks in the composer's file input. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const shots = join(here, 'screenshots');
await rm(shots, { recursive: true, force: true });
await mkdir(shots, { recursive: true });

const service = await startLocalService({ seed: 1, posts: 120 });
const pages = await startStaticServer(root, ['www-demo', 'pkg']);
const profileDir = await mkdtemp(join(tmpdir(), 'publisher-demo-chromium-'));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const info = await (await fetch(`${service.url}/__control/info`)).json();
const control = async (path, init) => (await fetch(`${service.url}/__control/${path}`, init)).json();
const apiRequests = async () => (await control('requests')).filter((r) => !r.preflight && r.url.startsWith('/api/'));
const clearLog = () => fetch(`${service.url}/__control/requests`, { method: 'DELETE' });

let passed = 0;
let failed = 0;
const saved = [];
const pageErrors = [];

const page = context.pages()[0] ?? await context.newPage();
page.on('pageerror', (error) => pageErrors.push(error.message));
page.on('console', (message) => {
  // The faults' own statuses are logged by Chromium as failed loads; those are expected.
  if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) console.log(`  page console: ${message.text()}`);
});
page.setDefaultTimeout(20_000);

async function step(name, fn) {
  try {
    await fn();
    ok(pageErrors.length === 0, `page errors: ${pageErrors.join('; ')}`);
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed += 1;
    pageErrors.length = 0;
    console.log(`not ok - ${name}\n  ${String(error?.stack ?? error).replaceAll('\n', '\n  ')}`);
  }
}

async function screenshot(name, selector) {
  const path = join(shots, `${name}.png`);
  if (selector) await page.locator(selector).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  saved.push(`${name}.png`);
}

const text = (selector) => page.locator(selector).innerText();
/** Clicks, then waits until the section has gone busy and come back ready. */
async function clickAndSettle(selector, section) {
  await page.evaluate((id) => { document.getElementById(id).dataset.state = 'clicked'; }, section);
  await page.click(selector);
  await page.waitForFunction((id) => document.getElementById(id).dataset.state === 'ready', section, { timeout: 30_000 });
}
const field = (scope, name) => page.locator(`${scope} dd[data-field="${name}"]`).first().innerText();

try {
  const query = new URLSearchParams({ service: service.url, key: service.apiKey });
  await page.goto(`${pages.url}/www-demo/index.html?${query}`);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60_000 })
    .catch(async (error) => { throw new Error(`${error.message}; page says: ${await text('#boot')}; ${pageErrors.join('; ')}`); });
  equal(await page.evaluate(() => document.body.dataset.ready), 'true', `the page started: ${await text('#boot')}`);

  const seededPosts = await (await fetch(`${service.url}/api/v1/posts?limit=20`, { headers: { cookie: `connect.sid=${service.apiKey}` } })).json();

  await step('posts: the first page lists 10 posts, Older and Newer page, search filters', async () => {
    const titles = () => page.locator('#post-list li button').allInnerTexts();
    deepEqual(await titles(), seededPosts.slice(0, 10).map((p) => p.title), 'page 1 is the newest 10');
    equal(await text('#status'), 'Posts 1–10');
    await clickAndSettle('#next', 'posts');
    equal(await text('#status'), 'Posts 11–20');
    deepEqual(await titles(), seededPosts.slice(10, 20).map((p) => p.title), 'page 2');
    await clickAndSettle('#previous', 'posts');
    equal(await text('#status'), 'Posts 1–10');
    await page.selectOption('#type', 'podcast');
    await clickAndSettle('#search button', 'posts');
    match(await text('#status'), /^\d+ posts match; showing 1–\d+$/);
    const types = await page.locator('#post-list .badge:first-child').allInnerTexts();
    ok(types.length > 0 && types.every((t) => t === 'podcast'), `only podcasts: ${types}`);
    await page.selectOption('#type', '');
    await clickAndSettle('#search button', 'posts');
    equal(await text('#status'), 'Posts 1–10');
  });

  await step('posts: a post by slug and by id shows its fields, published/paywalled and its comments; one comment opens', async () => {
    const post = seededPosts.find((p) => p.comment_count > 0);
    await page.fill('#post-slug', post.slug);
    await page.click('#open-slug button');
    await page.waitForSelector(`#post-detail article[data-post-id="${post.id}"]`);
    equal(await field('#post-detail', 'slug'), post.slug);
    equal(await field('#post-detail', 'published'), 'true');
    equal(await field('#post-detail', 'paywalled'), String(post.audience === 'only_paid' || post.audience === 'founding'));
    const comments = page.locator('#post-detail .comments > li');
    ok(await comments.count() > 0, 'comments listed');
    const commentId = await comments.first().getAttribute('data-comment-id');
    await comments.first().locator('button').click();
    await page.waitForSelector(`#comment-detail article[data-comment-id="${commentId}"]`);
    equal(await field('#comment-detail', 'parent_post_id'), String(post.id));
    await screenshot('posts', '#posts');
    await page.fill('#post-id', String(post.id));
    await page.click('#open-id button');
    await page.waitForFunction((id) => document.querySelector(`#post-detail article[data-post-id="${id}"]`) && !document.querySelector('#comment-detail article'), post.id);
    equal(await page.locator('#post-detail h3').innerText(), post.title, 'by id: the same post');
  });

  await step('notes: the feed pages with next(), for await reads all of it, one note, a profile\'s notes by handle and id', async () => {
    await clickAndSettle('#feed-load', 'notes');
    equal(await page.locator('#feed > li').count(), 20);
    equal(await text('#feed-status'), '20 notes in 1 page; more to read');
    await clickAndSettle('#feed-more', 'notes');
    equal(await page.locator('#feed > li').count(), 40);
    equal(await text('#feed-status'), '40 notes in 2 pages; more to read');
    await clearLog();
    await clickAndSettle('#feed-walk', 'notes');
    const [, count] = (await text('#feed-status')).match(/^for await read the whole feed: (\d+) notes$/) ?? [];
    ok(Number(count) > 40, `walked ${count}`);
    equal(await page.locator('#feed > li').count(), Number(count));
    const notePages = (await apiRequests()).filter((r) => r.url.startsWith('/api/v1/notes'));
    equal(notePages.length, Math.ceil(Number(count) / 20), 'one request per page');
    const noteId = await page.inputValue('#note-id');
    await page.click('#note-by-id button');
    await page.waitForSelector('#note-detail article');
    equal(await page.locator('#note-detail h3').innerText(), `Note ${noteId} (getNoteById)`);
    equal(await field('#note-detail', 'author'), info.account.name);
    const someone = info.users.find((u) => u.followed && u.notes > 0);
    await page.click('#notes-by-handle button');
    await page.waitForFunction((h) => document.querySelector('#profile-notes p[role=status]')?.textContent.includes(`@${h}`), someone.handle);
    equal(await text('#profile-notes p[role=status]'), `5 notes of @${someone.handle} (getNotesBySlug)`);
    const byHandle = await page.locator('#profile-notes li').allInnerTexts();
    await page.click('#notes-by-user button');
    await page.waitForFunction((id) => document.querySelector('#profile-notes p[role=status]')?.textContent.includes(`user ${id}`), someone.id);
    deepEqual(await page.locator('#profile-notes li').allInnerTexts(), byHandle, 'by user id: the same notes');
    await screenshot('notes', '#notes');
  });

  await step('profiles: a full profile with photo, bio, subscribers, publications and roles, recent activity', async () => {
    const someone = info.users.find((u) => u.followed && u.posts > 0);
    await page.fill('#profile-handle', someone.handle);
    await page.click('#profile-form button');
    await page.waitForSelector(`#profile article[data-handle="${someone.handle}"]`);
    equal(await page.locator('#profile h3').innerText(), someone.name);
    match(await field('#profile', 'subscribers'), /^[\d,]+ \([\d,]+ subscribers\)$/);
    match(await field('#profile', 'publications and roles'), /\(.+\) — (admin|owner|contributor|editor)/);
    ok(await page.locator('#profile .notes li').count() > 0, 'recent activity');
    ok((await page.locator('#profile figcaption').innerText()).startsWith('http'), 'the photo URL');
  });

  await step('profiles: following read with bounded concurrency; Cancel stops the requests; the bar reaches its end', async () => {
    await page.check('#following-slow');
    await clearLog();
    await page.evaluate(() => { document.getElementById('profiles').dataset.state = 'clicked'; });
    await page.click('#following-start');
    await page.waitForFunction(() => document.getElementById('following-progress').value >= 1);
    const peak = Number(await page.locator('#following-flight').getAttribute('data-peak'));
    ok(peak >= 2 && peak <= 3, `bounded concurrency: ${peak} requests at once at most, the limit is 3`);
    await page.click('#following-cancel');
    await page.waitForFunction(() => document.getElementById('profiles').dataset.state === 'ready');
    match(await text('#following-status'), /^Stopped after \d+ of \d+\./);
    equal(await page.locator('#following-status .error').getAttribute('data-kind'), 'aborted');
    const profileReads = async () => (await apiRequests()).filter((r) => /^\/api\/v1\/(user\/\d+\/profile|reader\/feed\/profile)/.test(r.url)).length;
    const atCancel = await profileReads();
    await page.waitForTimeout(1500);
    equal(await profileReads(), atCancel, 'no request after Cancel');
    const total = await page.evaluate(() => document.getElementById('following-progress').max);
    ok(atCancel < total * 2, `cancelled early: ${atCancel} profile requests for ${total} users`);

    await page.uncheck('#following-slow');
    await clickAndSettle('#following-start', 'profiles');
    const bar = await page.evaluate(() => [document.getElementById('following-progress').value, document.getElementById('following-progress').max]);
    equal(bar[0], bar[1], 'the progress bar reached its end');
    equal(await text('#following-status'), `All ${bar[1]} followed users read, in the order the service lists them`);
    equal(await page.locator('#following > li').count(), bar[1]);
    await screenshot('profiles', '#profiles');
  });

  await step('compose: NoteBuilder preview and exact request body; Publish sends exactly that once; the note leads the feed', async () => {
    await page.waitForFunction(() => document.getElementById('compose-body').textContent.includes('bodyJson'));
    const initial = JSON.parse(await text('#compose-body'));
    deepEqual(initial, {
      bodyJson: {
        type: 'doc',
        attrs: { schemaVersion: 'v1' },
        content: [{
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello from the publisher-wasm demo. ' },
            { type: 'text', text: 'Bold words, ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'italic words', marks: [{ type: 'italic' }] },
            { type: 'text', text: ' and plain ones.' },
          ],
        }],
      },
      replyMinimumRole: 'everyone',
    });
    equal(await page.locator('#compose-preview strong').textContent(), 'Bold words, ');
    equal(await page.locator('#compose-preview em').textContent(), 'italic words');
    // Live: typing changes the body before Add.
    await page.selectOption('#compose-kind', 'note');
    await page.fill('#compose-text', 'A second paragraph, typed live.');
    await page.waitForFunction(() => document.querySelectorAll('#compose-preview p').length === 2);
    await page.click('#compose-form button[type=submit], #compose-form button:not([type])');
    await page.waitForFunction(() => document.querySelectorAll('#compose-parts li').length === 5);
    const body = await text('#compose-body');
    await clearLog();
    await clickAndSettle('#compose-publish', 'compose');
    equal(await field('#compose-answer', 'in the feed'), 'first in getNotes() now');
    const posts = (await apiRequests()).filter((r) => r.method === 'POST');
    equal(posts.length, 1, 'one publish request');
    deepEqual(JSON.parse(posts[0].body), JSON.parse(body), 'the service received the body shown');
    const noteId = await page.locator('#compose-answer article').getAttribute('data-note-id');
    await screenshot('compose', '#compose');
    await clickAndSettle('#feed-load', 'notes');
    equal(await page.locator('#feed > li').first().getAttribute('data-note-id'), noteId, 'the new note leads the feed');
    match(await page.locator('#feed > li p').first().innerText(), /^Hello from the publisher-wasm demo\. Bold words, italic words and plain ones\.\s+A second paragraph, typed live\.$/);
  });

  /** The requests a list of the page shows: method, path, status, the body sent and the answer, parsed. */
  const shownRequests = (selector) => page.locator(`${selector} > li`).evaluateAll((items) => items.map((item) => ({
    method: item.dataset.method,
    path: item.dataset.path,
    status: item.dataset.status,
    sent: item.querySelector('pre.sent')?.textContent,
    shortened: item.querySelector('pre.sent')?.dataset.shortened,
    answer: item.querySelector('pre.answer')?.textContent,
  })));

  await step('compose: a link card, an image from the file picker and a reply picked in the feed: the exact upload, attachment and publish bodies, before and after Publish', async () => {
    const parentId = Number(await page.locator('#feed > li').first().getAttribute('data-note-id'));
    await page.locator('#feed > li').first().locator('button[data-reply-to]').click();
    equal(await page.inputValue('#compose-reply'), String(parentId), 'Reply in the feed picks the note');
    equal(await page.evaluate(() => document.activeElement.id), 'compose-reply', 'and moves the focus to the choice');
    await page.fill('#compose-link', 'https://example.com/article');
    await page.setInputFiles('#compose-image', { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await page.waitForFunction(() => document.querySelectorAll('#compose-before > li').length === 3);
    await page.waitForFunction(() => document.getElementById('compose').dataset.state === 'ready');
    // The dry run: the link's attachment, the upload, the image's attachment, then the publish.
    const before = await shownRequests('#compose-before');
    deepEqual(before.map((r) => `${r.method} ${r.path}`), ['POST /api/v1/comment/attachment/', 'POST /api/v1/image', 'POST /api/v1/comment/attachment/']);
    deepEqual(JSON.parse(before[0].sent), { url: 'https://example.com/article', type: 'link' });
    deepEqual(JSON.parse(before[1].sent), { image: `data:image/png;base64,${PNG_1X1}` });
    equal(JSON.parse(before[2].sent).type, 'image');
    const planned = JSON.parse(await text('#compose-body'));
    equal(planned.parent_id, parentId);
    equal(planned.attachmentIds.length, 2);
    equal(await page.locator('#compose-preview .link-card').getAttribute('data-url'), 'https://example.com/article');
    equal(await page.locator('#compose-preview .image-card img').evaluate((img) => img.complete && img.naturalWidth), 1, 'the picked image is shown');
    match(await text('#compose-preview .reply-to'), new RegExp(`^↳ a reply to note ${parentId}: `));
    deepEqual(await page.locator('#compose-preview > *').evaluateAll((nodes) => nodes.map((node) => node.className || node.tagName)),
      ['reply-to', 'P', 'P', 'link-card', 'image-card'], 'the reply line, the two paragraphs, the cards');
    equal(await page.evaluate(() => [...document.getElementById('compose-preview').childNodes].filter((node) => node.nodeType === 3).length), 0, 'no stray text');

    await clearLog();
    await clickAndSettle('#compose-publish', 'compose');
    const exchange = await shownRequests('#compose-exchange');
    const received = (await apiRequests()).filter((r) => r.method === 'POST');
    deepEqual(exchange.map((r) => `${r.method} ${r.path} ${r.status}`), [
      'POST /api/v1/comment/attachment/ 200', 'POST /api/v1/image 200', 'POST /api/v1/comment/attachment/ 200', 'POST /api/v1/comment/feed 200']);
    equal(received.length, 4, 'four POSTs reached the service, the publish once');
    exchange.forEach((shown, index) => {
      equal(shown.shortened, 'false');
      deepEqual(JSON.parse(shown.sent), JSON.parse(received[index].body), `request ${index + 1}: the body shown is the body received`);
    });
    const answers = exchange.map((r) => JSON.parse(r.answer));
    equal(JSON.parse(exchange[2].sent).url, answers[1].url, 'the image attachment names the uploaded URL');
    const published = JSON.parse(exchange[3].sent);
    deepEqual(published.attachmentIds, [answers[0].id, answers[2].id], 'the publish names both attachments');
    equal(published.parent_id, parentId);
    deepEqual(published.bodyJson, planned.bodyJson, 'the text is the one previewed');
    equal(answers[3].id, Number(await page.locator('#compose-answer article').getAttribute('data-note-id')));
    deepEqual(answers[3].attachments.map((a) => a.type), ['link', 'image']);
    match(await field('#compose-answer', 'reply to'), new RegExp(`^note ${parentId} \\(ancestor_path (\\d+\\.)*${parentId}\\)$`));
    equal(await field('#compose-answer', 'in the feed'), 'a reply: listed under its parent, not in the feed');
    const replies = await (await fetch(`${service.url}/api/v1/reader/comment/${parentId}/replies`, { headers: { cookie: `connect.sid=${service.apiKey}` } })).json();
    ok(replies.commentBranches.some((branch) => branch.comment.id === answers[3].id), 'the service lists the reply under its parent');
    await screenshot('compose-link-image-reply', '#compose');
  });

  await step('delete: Delete on the published reply and on the user\'s own notes in the feed sends one DELETE; the note is gone', async () => {
    const replyId = Number(await page.locator('#compose-answer article').getAttribute('data-note-id'));
    await clearLog();
    await clickAndSettle('#compose-answer button[data-delete-note]', 'compose');
    equal(await text('#compose-answer .deleted'), `deleteNote(${replyId}) → {"id":${replyId},"deleted":true}`);
    await clickAndSettle('#feed-load', 'notes');
    const withText = await page.locator('#feed > li[data-note-id]:not([data-note-id=""])').count();
    equal(await page.locator('#feed button[data-delete-note]').count(), withText, 'every note of the account has Delete');
    ok(withText > 0 && withText < await page.locator('#feed > li').count(), 'restacks have none');
    const noteId = Number(await page.locator('#feed > li').first().getAttribute('data-note-id'));
    await clickAndSettle('#feed > li:first-child button[data-delete-note]', 'notes');
    equal(await text('#feed > li:first-child .deleted'), `deleteNote(${noteId}) → {"id":${noteId},"deleted":true}`);
    const deletes = (await apiRequests()).filter((r) => r.method === 'DELETE');
    deepEqual(deletes.map((r) => `${r.url} ${r.status}`), [`/api/v1/comment/${replyId} 200`, `/api/v1/comment/${noteId} 200`]);
    equal(await page.locator(`#compose-reply option[value="${noteId}"]`).count(), 0, 'no longer offered as a reply-to');
    await screenshot('notes-delete', '#notes');
    await clickAndSettle('#feed-load', 'notes');
    ok(await page.locator(`#feed > li[data-note-id="${noteId}"]`).count() === 0, 'gone from the feed');
    await page.selectOption('#compose-reply', '');
    await page.fill('#compose-link', '');
    await page.click('#compose-image-clear');
    await page.waitForFunction(() => document.querySelectorAll('#compose-before > li').length === 0);
  });

  await step('compose: Markdown through publisher-wasm/markdown, with a live preview of the note it becomes; Publish sends the body shown', async () => {
    await page.waitForFunction(() => !document.getElementById('compose-mode-markdown').disabled || document.getElementById('compose-mode').dataset.state === 'ready');
    equal(await text('#compose-markdown-status'), 'publisher-wasm/markdown loaded');
    await page.check('#compose-mode-markdown');
    ok(await page.locator('#compose-builder').isHidden(), 'the builder\'s controls make way for the Markdown');
    // The sample: a heading becomes a bold paragraph; lists, a quote, a code block, a link.
    await page.waitForFunction(() => document.querySelector('#compose-preview blockquote'));
    equal(await page.locator('#compose-preview > p').first().innerHTML(), '<strong>Markdown, converted</strong>', 'the heading, a bold paragraph, comes first');
    ok(!(await text('#compose-preview')).includes('null'), 'nothing but the note');
    equal(await page.locator('#compose-preview a').getAttribute('href'), 'https://example.com/docs');
    equal(await page.locator('#compose-preview code').first().innerText(), 'inline code');
    deepEqual(await page.locator('#compose-preview > ul > li').allInnerTexts(), ['a bullet list', 'with two items']);
    equal(await page.locator('#compose-preview > ol > li').innerText(), 'an ordered one');
    equal(await page.locator('#compose-preview > blockquote').innerText(), 'a quote');
    equal(await page.locator('#compose-preview > pre.code').innerText(), 'a code block');
    const sample = JSON.parse(await text('#compose-body')).bodyJson.content;
    deepEqual(sample.map((node) => node.type), ['paragraph', 'paragraph', 'bulletList', 'orderedList', 'blockquote', 'codeBlock']);
    ok(!(await text('#compose-body')).includes('**'), 'no Markdown syntax is sent raw');
    await screenshot('compose-markdown', '#compose');
    // Live: the preview and the body follow the typing.
    await page.fill('#compose-markdown', '**live** _preview_ of `code`');
    await page.waitForFunction(() => document.querySelector('#compose-preview strong')?.textContent === 'live' && !document.querySelector('#compose-preview blockquote'));
    deepEqual(JSON.parse(await text('#compose-body')).bodyJson.content, [{
      type: 'paragraph',
      content: [
        { type: 'text', text: 'live', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' ' },
        { type: 'text', text: 'preview', marks: [{ type: 'italic' }] },
        { type: 'text', text: ' of ' },
        { type: 'text', text: 'code', marks: [{ type: 'code' }] },
      ],
    }]);
    // Nothing to publish: the preview says why, and Publish is off.
    await page.fill('#compose-markdown', '   \n\n  ');
    await page.waitForFunction(() => document.querySelector('#compose-preview .error'));
    equal(await page.locator('#compose-preview .error').getAttribute('data-kind'), 'invalid-argument');
    ok(await page.locator('#compose-publish').isDisabled(), 'Publish is off');
    await page.fill('#compose-markdown', '**live** _preview_ of `code`');
    await page.waitForFunction(() => !document.getElementById('compose-publish').disabled && document.getElementById('compose').dataset.state === 'ready');
    const body = await text('#compose-body');
    await clearLog();
    await clickAndSettle('#compose-publish', 'compose');
    const posts = (await apiRequests()).filter((r) => r.method === 'POST');
    equal(posts.length, 1, 'one publish');
    deepEqual(JSON.parse(posts[0].body), JSON.parse(body), 'the service received the body previewed');
    equal(await field('#compose-answer', 'body'), 'live preview of code');
    equal(await field('#compose-answer', 'in the feed'), 'first in getNotes() now');
    await page.check('input[name=compose-mode][value=builder]');
    ok(await page.locator('#compose-markdown-box').isHidden(), 'back to the builder');
  });

  /** The requests the Write a post section shows for its last action, and the call it names. */
  const writeExchange = async () => ({ call: await text('#write-call'), requests: await shownRequests('#write-exchange') });
  const writeResult = (name) => field('#write-result', name);
  /** The PUT that saves the email choice, shown with its body, before `release` (the publish or the schedule). */
  const emailChoiceFirst = (requests, draftId, release) => {
    const puts = requests.filter((r) => r.method === 'PUT' && r.path === `/api/v1/drafts/${draftId}`);
    equal(puts.length, 1, `one PUT saves the email choice, among ${requests.map((r) => `${r.method} ${r.path}`)}`);
    ok(requests.indexOf(puts[0]) < requests.indexOf(release), 'the PUT comes before the release');
    const saved = JSON.parse(puts[0].sent);
    equal(saved.should_send_email, false, 'the panel shows should_send_email: false');
    equal(saved.section_chosen, true);
    ok('draft_section_id' in saved && typeof saved.last_updated_at === 'string', `the PUT's body: ${puts[0].sent}`);
    equal(JSON.parse(puts[0].answer).should_send_email, false, 'and the answer confirms it');
  };
  let sample;
  /** The draft Create Draft wrote: {id, body}. */
  let writtenDraft;
  const chartUrl = `${pages.url}/www-demo/chart.png`;

  await step('write a post: the Markdown\'s post document (markdownToPostBody), redrawn as you type; a refused construct shows its sentence and holds Create Draft', async () => {
    await page.waitForFunction(() => document.getElementById('write-document').dataset.state);
    equal(await text('#write-status'), 'publisher-wasm/markdown loaded');
    sample = await page.inputValue('#write-markdown');
    const shown = JSON.parse(await text('#write-document pre'));
    deepEqual(shown, markdownToPostBody(sample), 'the page shows the document markdownToPostBody makes of the Markdown shown');
    deepEqual(shown.content.map((node) => node.type),
      ['heading', 'paragraph', 'heading', 'bullet_list', 'blockquote', 'highlighted_code_block', 'captionedImage', 'youtube2', 'digestPostEmbed',
        'paywall', 'paragraph', 'horizontal_rule', 'paragraph', 'footnote'],
      'the sample: headings, a nested list, a quote, code, an image, a video, an embed, the paywall, a footnote');
    equal(shown.content[0].attrs.level, 1);
    equal(shown.content[5].attrs.language, 'javascript');
    const image = shown.content[6].content.find((node) => node.type === 'image2');
    equal(image.attrs.src, chartUrl, 'the page\'s own chart, until Create Draft hosts it');
    deepEqual(await page.locator('#write-outline .badge').allInnerTexts(),
      ['heading 1', 'paragraph', 'heading 2', 'bullet_list', 'blockquote', 'highlighted_code_block javascript', 'captionedImage', 'youtube2',
        'digestPostEmbed', 'paywall', 'paragraph', 'horizontal_rule', 'paragraph', 'footnote']);

    // The reader's view of that document, drawn beside its JSON.
    const preview = '#write-preview .post-preview';
    equal(await page.locator('#write-preview').getAttribute('data-source'), 'markdown');
    equal(await text(`${preview} .post-title`), await page.inputValue('#write-title-input'));
    equal(await text(`${preview} .post-subtitle`), await page.inputValue('#write-subtitle'));
    equal(await text(`${preview} > h1`), 'From Markdown to a post');
    equal(await text(`${preview} > h2`), 'What it converts');
    equal(await text(`${preview} > p strong`), 'Markdown');
    equal(await text(`${preview} > p em`), 'post document');
    equal(await text(`${preview} > p s`), 'drops');
    equal(await page.locator(`${preview} > p a[target=_blank]`).getAttribute('href'), 'https://example.com/docs/wire');
    deepEqual(await page.locator(`${preview} > ul > li > ol > li`).allInnerTexts(), ['bullet and ordered', 'quotes and code'], 'the nested list');
    match(await text(`${preview} > blockquote`), /^Emailing every subscriber is the one thing\s+that cannot be taken back\.$/);
    equal(await page.locator(`${preview} .code-block .code-language`).textContent(), 'javascript', 'the code\'s language, as a label');
    equal(await page.locator(`${preview} .code-block pre code`).textContent(), 'const draft = await client.createDraft({ title, markdown });');
    match(await page.locator(`${preview} .code-block pre`).evaluate((pre) => getComputedStyle(pre).fontFamily), /mono/i, 'in a monospace block');
    const figure = page.locator(`${preview} > figure`);
    equal(await figure.locator('img').getAttribute('src'), chartUrl);
    await page.waitForFunction((selector) => document.querySelector(selector)?.complete, `${preview} > figure img`);
    equal(await figure.locator('img').evaluate((img) => img.naturalWidth), 320, 'the chart is shown');
    equal(await text(`${preview} > figure figcaption`), 'This week\'s chart');
    const video = page.locator(`${preview} .embed-card.youtube`);
    match(await video.innerText(), /YouTube video M7lc1UVf-VE/);
    equal(await video.locator('a').getAttribute('href'), 'https://www.youtube.com/watch?v=M7lc1UVf-VE');
    equal(await page.locator(`${preview} .embed-card.unknown`).getAttribute('data-node'), 'digestPostEmbed');
    match(await text(`${preview} .embed-card.unknown`), /^Embed digestPostEmbed/);
    equal(await page.locator(`${preview} .paywall`).textContent(), 'Paid subscribers only below this line');
    deepEqual(await page.locator(`${preview} > *`).evaluateAll((nodes) => nodes.map((node) => node.dataset.node ?? node.className)).then((names) => names.slice(-6)),
      ['digestPostEmbed', 'paywall', 'paragraph', 'horizontal_rule', 'paragraph', 'footnotes'], 'the paywall line where the document has it, the footnotes at the end');
    equal(await text(`${preview} sup.footnote-anchor a`), '1');
    equal(await page.locator(`${preview} sup.footnote-anchor a`).getAttribute('href'), '#post-fn-1');
    match(await text(`${preview} .footnotes #post-fn-1`), /^1\.\s+The requests and answers, byte for byte\.$/);
    equal(await page.locator('#write-unrendered [data-state]').getAttribute('data-state'), 'not-stored');
    ok(await page.locator('#write-back').isDisabled(), 'Markdown from this draft waits for a draft');
    const [previewBox, jsonBox] = await Promise.all(['#write-preview', '#write-document'].map((id) => page.locator(id).boundingBox()));
    ok(jsonBox.x > previewBox.x + previewBox.width - 1 && Math.abs(jsonBox.y - previewBox.y) < 120, 'the JSON beside the preview at desktop width');
    await screenshot('write-reader-preview', '#write .post-views');
    ok(await page.locator('#write-create').isEnabled(), 'Create Draft is on');
    for (const id of ['write-check', 'write-publish', 'write-schedule', 'write-unschedule']) ok(await page.locator(`#${id}`).isDisabled(), `${id} waits for a draft`);
    equal(await text('#write-draft'), 'No draft yet.');
    await screenshot('write-preview', '#write');

    // Live: what is typed is in the document at once.
    await page.fill('#write-markdown', `${sample}\n### Typed *live* with \`<b>tags</b>\`\n`);
    await page.waitForFunction(() => [...document.querySelectorAll('#write-outline .badge')].some((badge) => badge.textContent === 'heading 3'));
    deepEqual(JSON.parse(await text('#write-document pre')).content.find((node) => node.type === 'heading' && node.attrs.level === 3),
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Typed ' }, { type: 'text', text: 'live', marks: [{ type: 'em' }] },
        { type: 'text', text: ' with ' }, { type: 'text', text: '<b>tags</b>', marks: [{ type: 'code' }] }] });
    equal(await text('#write-preview h3'), 'Typed live with <b>tags</b>', 'the preview follows the typing');
    equal(await page.locator('#write-preview h3 em').textContent(), 'live');
    equal(await page.locator('#write-preview h3 b').count(), 0, 'text is text: never parsed as HTML');

    // Refused: raw HTML is named, with its line; nothing is dropped silently.
    const lines = sample.split('\n').length;
    await page.fill('#write-markdown', `${sample}\n<div>raw HTML</div>\n`);
    await page.waitForFunction(() => document.getElementById('write-document').dataset.state === 'refused');
    const refusal = page.locator('#write-document .error');
    ok(await refusal.getAttribute('data-kind'), 'a PublisherError with its kind');
    const sentence = await refusal.locator('.message').innerText();
    match(sentence, /HTML/i);
    match(sentence, new RegExp(`line ${lines + 1}\\b`));
    equal(await text('#write-outline'), 'Refused: Create Draft waits until the Markdown converts.');
    equal(await page.locator('#write-preview').getAttribute('data-source'), 'refused');
    ok(await page.locator('#write-create').isDisabled(), 'Create Draft is off');
    await screenshot('write-refused', '#write');
    await page.fill('#write-markdown', sample);
    await page.waitForFunction(() => document.getElementById('write-document').dataset.state === 'converted' && !document.getElementById('write-create').disabled);
    await page.locator('#write-markdown').evaluate((area) => { area.scrollTop = 0; });
  });

  await step('write a post: Create Draft sends the document previewed; Check; Schedule an hour ahead, Unschedule; Publish with the Send email box unticked sends send:false', async () => {
    const previewed = JSON.parse(await text('#write-document pre'));
    const title = await page.inputValue('#write-title-input');
    const subtitle = await page.inputValue('#write-subtitle');
    await clearLog();
    await clickAndSettle('#write-create', 'write');
    const draftId = Number(await page.locator('#write-result article').getAttribute('data-draft-id'));
    ok(draftId > 0, `a draft id: ${draftId}`);
    let { call, requests } = await writeExchange();
    equal(call, 'createDraft({title, subtitle, markdown})');
    // The web image first: downloaded through the client's fetch, uploaded, then the draft names the upload.
    deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.status}`),
      ['GET /api/v1/user/profile/self 200', 'GET /www-demo/chart.png 200', 'POST /api/v1/image 200', 'POST /api/v1/drafts 200'],
      'the byline\'s read, the download, the upload, the create');
    match(requests[1].answer, /^\(720 bytes of image\/png\)$/);
    const upload = JSON.parse(requests[2].answer);
    const create = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/drafts');
    const sentDraft = JSON.parse(create[0].sent);
    equal(sentDraft.draft_title, title);
    equal(sentDraft.draft_subtitle, subtitle);
    const sentBody = JSON.parse(sentDraft.draft_body);
    const hosted = sentBody.content[6].content[0].attrs;
    match(hosted.src, /^https:\/\/substack-post-media\.s3\.amazonaws\.com\/public\/images\/.+_320x160\.png$/);
    equal(hosted.src, upload.url, 'the image is the upload\'s URL');
    deepEqual([hosted.width, hosted.height, hosted.bytes, hosted.type], [320, 160, 720, 'image/png'], 'its size and type from the upload\'s answer');
    const expected = structuredClone(previewed);
    Object.assign(expected.content[6].content[0].attrs, { src: hosted.src, width: 320, height: 160, bytes: 720, type: 'image/png' });
    deepEqual(sentBody, expected, 'draft_body is the document previewed, its image hosted, as JSON text');
    let received = (await apiRequests()).filter((r) => r.method === 'POST' && r.url === '/api/v1/drafts');
    equal(received.length, 1, 'one create reached the service');
    deepEqual(JSON.parse(received[0].body), sentDraft, 'the service received the body shown');
    match(await writeResult('draft_body sent'), /^the document previewed, its images hosted on the service .*, as JSON text$/);
    match(await writeResult('draftBody'), /^the document previewed, its images hosted on the service/);
    // The preview is now the draft as stored, its image loaded from the service's copy of the upload.
    equal(await page.locator('#write-preview').getAttribute('data-source'), 'draft');
    match(await text('#write-preview-source'), new RegExp(`^Draft ${draftId} as the service stored it: its draftBody$`));
    deepEqual(JSON.parse(await text('#write-document pre')), sentBody, 'the JSON beside is the draft\'s draftBody');
    equal(await page.locator('#write-preview figure img').getAttribute('src'), `${service.url}/__control/media?url=${encodeURIComponent(hosted.src)}`);
    await page.waitForFunction(() => document.querySelector('#write-preview figure img')?.complete);
    equal(await page.locator('#write-preview figure img').evaluate((img) => img.naturalWidth), 320, 'the uploaded image is shown, offline');
    equal(await page.locator('#write-unrendered [data-state]').getAttribute('data-state'), 'none', 'the service lists nothing the editor would not render');
    equal((await (await fetch(`${service.url}/__control/drafts`)).json()).drafts.find((d) => d.id === draftId).unrendered.length, 0);
    writtenDraft = { id: draftId, body: sentBody };
    equal(await writeResult('draftTitle'), title);
    equal(await writeResult('published'), 'false');
    equal(await text('#write-draft'), `Draft ${draftId}, not published`);
    await screenshot('write-created', '#write');

    await clickAndSettle('#write-check', 'write');
    ({ call, requests } = await writeExchange());
    equal(call, `checkDraft(${draftId})`);
    deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.status}`), [`GET /api/v1/drafts/${draftId}/prepublish 200`]);
    equal(await page.locator('#write-result article').getAttribute('data-ok'), 'true');
    equal(await writeResult('errors'), 'none');
    await screenshot('write-checked', '#write');

    ok(!(await page.isChecked('#write-send')), 'the Send email box starts unticked');
    const at = new Date(await page.inputValue('#write-at'));
    const ahead = at.getTime() - Date.now();
    ok(ahead > 55 * 60_000 && ahead <= 60 * 60_000, `Schedule defaults to about an hour ahead: ${ahead / 60_000} min`);
    await clearLog();
    await clickAndSettle('#write-schedule', 'write');
    ({ call, requests } = await writeExchange());
    equal(call, `scheduleDraft(${draftId}, ${at.toISOString()}, {send: false})`);
    const release = requests.find((r) => r.method === 'POST' && r.path === `/api/v1/drafts/${draftId}/scheduled_release`);
    ok(release, `the release among ${requests.map((r) => `${r.method} ${r.path}`)}`);
    emailChoiceFirst(requests, draftId, release);
    match(await writeResult('email choice'), new RegExp(`^should_send_email: false, saved first \\(PUT /api/v1/drafts/${draftId}, HTTP 200\\)$`));
    deepEqual(JSON.parse(release.sent), { trigger_at: at.toISOString(), post_audience: 'everyone', email_audience: null }, 'no email: email_audience null');
    const scheduledAt = await page.locator('#write-result article').getAttribute('data-scheduled-at');
    equal(new Date(scheduledAt).getTime(), at.getTime(), 'scheduledAt is the time picked');
    match(await writeResult('scheduledAt'), new RegExp(`^${scheduledAt.replace(/[.]/g, '\\.')} \\(`));
    match(await text('#write-draft'), new RegExp(`^Draft ${draftId}, scheduled for `));
    ok(await page.locator('#write-unschedule').isEnabled(), 'Unschedule is on');
    received = (await apiRequests()).filter((r) => r.method === 'POST');
    equal(received.length, 1, 'one POST reached the service');
    deepEqual(JSON.parse(received[0].body), JSON.parse(release.sent), 'the service received the body shown');
    await screenshot('write-scheduled', '#write');

    await clickAndSettle('#write-unschedule', 'write');
    ({ call, requests } = await writeExchange());
    equal(call, `unscheduleDraft(${draftId})`);
    ok(requests.some((r) => r.method === 'DELETE' && r.path === `/api/v1/drafts/${draftId}/scheduled_release`), 'the DELETE');
    equal(await writeResult('scheduledAt'), '—');
    equal(await text('#write-draft'), `Draft ${draftId}, not published`);
    ok(await page.locator('#write-unschedule').isDisabled(), 'Unschedule is off again');

    ok(!(await page.isChecked('#write-send')), 'still unticked');
    await clearLog();
    await clickAndSettle('#write-publish', 'write');
    ({ call, requests } = await writeExchange());
    equal(call, `publishDraft(${draftId}, {send: false})`);
    const publish = requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/drafts/${draftId}/publish`);
    equal(publish.length, 1, 'one publish');
    equal(publish[0].status, '200');
    emailChoiceFirst(requests, draftId, publish[0]);
    match(await writeResult('email choice'), /^should_send_email: false, saved first/);
    deepEqual(JSON.parse(publish[0].sent), { send: false, share_automatically: false }, 'the body the page shows says send:false');
    received = (await apiRequests()).filter((r) => r.method === 'POST');
    equal(received.length, 1, 'one POST reached the service');
    equal(JSON.parse(received[0].body).send, false, 'the service received send:false');
    const post = JSON.parse(publish[0].answer);
    equal(post.id, draftId, 'the post keeps the draft\'s id');
    equal(await page.locator('#write-result article').getAttribute('data-post-id'), String(draftId));
    equal(await writeResult('canonical_url'), post.canonical_url);
    equal(await page.locator('#write-result dd[data-field="canonical_url"] a').getAttribute('href'), post.canonical_url);
    equal(await writeResult('email'), 'none: send was false');
    equal(await text('#write-draft'), `Draft ${draftId} is published: ${post.canonical_url}`);
    const read = await (await fetch(`${service.url}/api/v1/posts/${post.slug}`, { headers: { cookie: `connect.sid=${service.apiKey}` } })).json();
    equal(read.title, title, 'the post reads back by its slug');
    await screenshot('write-published', '#write');

    // Once published, another Publish is refused in a sentence: the client reads the draft first and sends nothing.
    await clearLog();
    await clickAndSettle('#write-publish', 'write');
    const error = page.locator('#write-result .error');
    equal(await error.getAttribute('data-kind'), 'invalid-argument');
    match(await error.locator('.message').innerText(), new RegExp(`^publishDraft: draft ${draftId} is already published.*; nothing was sent$`));
    ({ requests } = await writeExchange());
    deepEqual(requests.map((r) => `${r.method} ${r.path}`), [`GET /api/v1/drafts/${draftId}`], 'only the read');
    equal((await apiRequests()).filter((r) => r.method === 'POST').length, 0, 'no POST reached the service');
    await screenshot('write-publish-again', '#write');
  });

  /** Clicks "Markdown from this draft" on `draftId` and checks what the page shows against the package's own functions. */
  async function roundTrip(draftId, shotName) {
    await clickAndSettle('#write-back', 'write');
    const { call, requests } = await writeExchange();
    equal(call, `getDraft(${draftId}), then postBodyToMarkdown(draft.draftBody)`);
    deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.status}`), [`GET /api/v1/drafts/${draftId} 200`], 'one read');
    // The panel shortens long strings; the service gives the whole draft_body.
    const read = await (await fetch(`${service.url}/api/v1/drafts/${draftId}`, { headers: { cookie: `connect.sid=${service.apiKey}` } })).json();
    const stored = JSON.parse(read.draft_body);
    const shownMarkdown = await page.locator('#write-result pre.markdown-back').textContent();
    equal(shownMarkdown, postBodyToMarkdown(stored), 'the Markdown postBodyToMarkdown makes of the draft\'s document');
    const verdict = await page.locator('#write-result [data-round-trip]').getAttribute('data-round-trip');
    equal(verdict, 'identical', `round trip: ${await text('#write-result .round-trip')}`);
    match(await text('#write-result .round-trip'), /^Round trip: identical\./);
    deepEqual(markdownToPostBody(shownMarkdown), stored, 'and it converts back to the same document');
    await screenshot(shotName, '#write-result');
    return shownMarkdown;
  }

  await step('write a post: Markdown from this draft (getDraft, postBodyToMarkdown) converts back to the identical document; Edit this Markdown puts it in the editor', async () => {
    if (typeof postBodyToMarkdown !== 'function') {
      ok(await page.locator('#write-back').isDisabled(), 'disabled without the export');
      match(await text('#write-back-note'), /does not export yet/);
      console.log('  # postBodyToMarkdown is not in this build: the round trip waits (button disabled, with its note)');
      return;
    }
    equal(await page.locator('#write-back-note').getAttribute('data-available'), 'true');
    ok(await page.locator('#write-back').isEnabled(), 'on, with a draft');
    const markdown = await roundTrip(writtenDraft.id, 'write-round-trip');
    for (const construct of ['# From Markdown to a post', '```javascript', '<!-- paywall -->', '[^1]', 'M7lc1UVf-VE', 'digestPostEmbed']) {
      ok(markdown.includes(construct), `the Markdown has ${construct}`);
    }
    await page.click('#write-back-edit');
    equal(await page.inputValue('#write-markdown'), markdown, 'the Markdown is in the editor');
    equal(await page.evaluate(() => document.activeElement.id), 'write-markdown');
    await page.waitForFunction(() => document.getElementById('write-preview').dataset.source === 'markdown');
    deepEqual(JSON.parse(await text('#write-document pre')), writtenDraft.body, 'its document is the draft\'s, images and all');
  });

  await step('write a post: a document the editor would not render is refused by createDraft naming its path; sent as is, the service lists it and the preview marks each node', async () => {
    await clearLog();
    await clickAndSettle('#write-foreign', 'write');
    const { call, requests } = await writeExchange();
    equal(call, 'createDraft({title, body}), then POST /api/v1/drafts with the same body, as is');
    const result = page.locator('#write-result article');
    const refusal = result.locator('.error');
    equal(await refusal.getAttribute('data-kind'), 'invalid-argument', 'createDraft refuses it with invalid-argument');
    match(await refusal.locator('.message').innerText(), /body\.content\[\d\](\.\S+)?: .*(codeBlock|relative|bulletList)/);
    const draftId = Number(await result.getAttribute('data-draft-id'));
    deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.status}`), ['POST /api/v1/drafts 200', `GET /api/v1/drafts/${draftId} 200`],
      'the client sent nothing; the raw create and the read back');
    const received = await apiRequests();
    equal(received.filter((r) => r.method === 'POST').length, 1, 'one POST reached the service: the raw one');
    const stored = (await (await fetch(`${service.url}/__control/drafts`)).json()).drafts.find((d) => d.id === draftId);
    deepEqual(stored.unrendered.map((u) => u.path), ['body.content[1].content[3].marks[0].attrs.href', 'body.content[2]', 'body.content[4]', 'body.content[4].content[0]']);
    // The list above the preview is the service's, and each entry marks its node.
    const listed = await page.locator('#write-unrendered li').evaluateAll((items) => items.map((item) => ({ path: item.dataset.path, text: item.textContent })));
    deepEqual(listed.map((item) => item.path), stored.unrendered.map((u) => u.path));
    listed.forEach((item, index) => equal(item.text, `${stored.unrendered[index].path}: ${stored.unrendered[index].reason}`));
    equal(await page.locator('#write-unrendered [data-state]').getAttribute('data-state'), 'listed');
    const preview = '#write-preview .post-preview';
    const marked = await page.locator(`${preview} .unrendered`).evaluateAll((nodes) => nodes.map((node) => `${node.dataset.path} ${node.dataset.unrendered}`));
    deepEqual(marked, ['body.content[1].content[3] 1', 'body.content[2] 2', 'body.content[4] 3', 'body.content[4].content[0] 4'], 'each node named is marked with its number');
    equal(await page.locator(`${preview} [data-path="body.content[2]"] .code-language`).textContent(), 'js · codeBlock', 'the codeBlock, named');
    equal(await page.locator(`${preview} .dead-link`).count(), 1, 'the relative link goes nowhere');
    equal(await page.locator(`${preview} .dead-link[href]`).count(), 0);
    deepEqual(await page.locator(`${preview} .unrendered-flag`).allTextContents(), ['1', '2', '3', '4']);
    equal(await page.locator(`${preview} .embed-card.unknown`).getAttribute('data-node'), 'subscribeWidget', 'a node the page does not draw is a card');
    equal(await page.locator(`${preview} [data-path="body.content[3]"]`).evaluate((node) => node.classList.contains('unrendered')), false, 'the highlighted_code_block is not marked');
    await screenshot('write-unrendered', '#write .post-views');
    await screenshot('write-unrendered-result', '#write-result');
    if (typeof postBodyToMarkdown === 'function') {
      // The way back keeps what the editor would not render, as markers: nothing is lost.
      const markdown = await roundTrip(draftId, 'write-unrendered-round-trip');
      match(markdown, /<!-- publisher-node \{"type":"codeBlock"/);
    }
  });

  /** Picks the fault, how often and the call, runs it, and returns what the page shows. */
  async function runFault(fault, times, call) {
    await page.check(`#fault-form input[name=fault][value="${fault}"]`);
    await page.check(`#fault-form input[name=times][value="${times}"]`);
    await page.check(`#fault-form input[name=call][value="${call}"]`);
    await clickAndSettle('#fault-run', 'faults');
    const error = page.locator('#fault-result .error');
    return {
      attempts: await page.locator('#attempts > li').allInnerTexts(),
      recovered: await page.locator('#fault-result [data-result=recovered]').count() === 1,
    result: await page.locator('#fault-result [data-result=recovered] li, #fault-result [data-result=recovered] dd').allInnerTexts(),
      kind: await error.count() ? await error.getAttribute('data-kind') : null,
      status: await error.count() ? await error.getAttribute('data-status') : null,
      message: await error.count() ? await error.locator('.message').innerText() : null,
      summary: await text('#service-summary'),
      log: await page.locator('#service-log tbody tr').allInnerTexts(),
    };
  }

  await step('faults: a 429 with Retry-After is waited out and the read recovers', async () => {
    const shown = await runFault('429', '1', 'read');
    ok(shown.recovered, 'recovered');
    // The newest 3 now: the post Write a post published leads them.
    const newest = await (await fetch(`${service.url}/api/v1/posts?limit=3`, { headers: { cookie: `connect.sid=${service.apiKey}` } })).json();
    deepEqual(shown.result, newest.map((p) => p.title), 'the recovered result: the first 3 posts');
    equal(shown.attempts.length, 2);
    match(shown.attempts[0], /→ HTTP 429/);
    const [, waited] = shown.attempts[1].match(/^waited (\d+) ms/) ?? [];
    ok(Number(waited) >= 900, `waited ${waited} ms for Retry-After: 1`);
    match(shown.summary, /^GET \/api\/v1\/posts reached the service 2 times \(answered 429, 200\)\.$/);
    await screenshot('faults-429-recovered', '#faults');
  });

  await step('faults: a 500, a truncated body and a dropped connection are retried and the read recovers', async () => {
    for (const fault of ['500', 'truncated']) {
      const shown = await runFault(fault, '1', 'read');
      ok(shown.recovered, `${fault}: recovered`);
      equal(shown.attempts.length, 2, `${fault}: two attempts`);
    }
    // Chromium resends a GET whose reused connection dropped before any answer by
    // itself, below fetch: then the client sees one attempt and the service two.
    const dropped = await runFault('drop', '1', 'read');
    ok(dropped.recovered, 'drop: recovered');
    match(dropped.log[0], /\bdropped\b/);
    match(dropped.summary, /^GET \/api\/v1\/posts reached the service 2 times \(answered dropped, 200\)\./);
    if (dropped.attempts.length === 1) match(dropped.summary, /1 of them the browser resent itself, below fetch\.$/);
    else equal(dropped.attempts.length, 2);
  });

  await step('faults: an HTML 502 on every request ends in one readable PublisherError after 4 attempts', async () => {
    const shown = await runFault('502', 'all', 'read');
    equal(shown.kind, 'http');
    equal(shown.status, '502');
    equal(shown.attempts.length, 4);
    equal(shown.message, 'GET /api/v1/posts?limit=3 failed: HTTP 502 Bad Gateway; the answer is an HTML page titled "502 Bad Gateway", not JSON (gave up after 4 attempts)');
    match(await page.locator('#fault-result details summary').innerText(), /^error\.response\.body \(\d+ characters, text\/html/);
    await screenshot('faults-502-error', '#faults');
  });

  await step('faults: a CDN challenge page, and a slow answer past the timeout, each end in their own error', async () => {
    const challenge = await runFault('challenge', 'all', 'read');
    equal(challenge.kind, 'http');
    equal(challenge.status, '403');
    equal(challenge.attempts.length, 1, 'a 403 is not retried');
    match(challenge.message, /the answer is a bot-challenge page \("Just a moment\.\.\."\), not JSON: a CDN/);
    const slow = await runFault('slow', 'all', 'read');
    equal(slow.kind, 'timeout');
    equal(slow.attempts.length, 1, 'a timeout is not retried');
    equal(slow.message, 'GET /api/v1/posts?limit=3 failed: no complete answer within 1500 ms');
  });

  await step('faults: a publish is retried after a 429, and after a 502 it is not resent: maybe-published, sent once', async () => {
    const limited = await runFault('429', '1', 'publish');
    ok(limited.recovered, 'published after the 429');
    match(limited.result[0], /^Published through a fault at /);
    match(limited.summary, /^POST \/api\/v1\/comment\/feed reached the service 2 times \(answered 429, 200\)\. Published once\.$/);
    const broken = await runFault('502', '1', 'publish');
    equal(broken.kind, 'maybe-published');
    match(broken.attempts[0], /POST \/api\/v1\/comment\/feed → HTTP 502/);
    ok(broken.attempts.length === 3 && broken.attempts.slice(1).every((a) => /GET \/api\/v1\/notes → HTTP 200/.test(a)),
      `the publish once, then the read-back looks twice: ${broken.attempts}`);
    match(broken.message, /^POST \/api\/v1\/comment\/feed failed: HTTP 502 Bad Gateway; the answer is an HTML page titled "502 Bad Gateway", not JSON; .*read back/);
    match(await text('#fault-result .read-back'), /and did not find the note: it cannot tell, so it rejects maybe-published and does not send the note again\.$/);
    equal(broken.summary, 'POST /api/v1/comment/feed reached the service 1 time (answered 502). Sent once, never twice.');
    await screenshot('faults-publish-once', '#faults');
  });

  await step('faults: a publish whose 500 comes after the service stored the note is read back and resolves with it, sent once', async () => {
    const shown = await runFault('stored', '1', 'publish');
    ok(shown.recovered, 'resolved with the note');
    equal(await page.locator('#fault-result [data-read-back]').getAttribute('data-read-back'), 'true');
    match(shown.attempts[0], /POST \/api\/v1\/comment\/feed → HTTP 500/);
    ok(shown.attempts.slice(1).length >= 1 && shown.attempts.slice(1).every((a) => /GET \/api\/v1\/notes/.test(a)), `then the read-back: ${shown.attempts}`);
    match(await text('#fault-result .read-back'), /^The publish's answer was lost \(HTTP 500, .*\), so the client read the account's notes back \(GET \/api\/v1\/notes.*\) and found the note it had sent: resolved with it, not sent again\.$/);
    equal(shown.summary, 'POST /api/v1/comment/feed reached the service 1 time (answered 500). Sent once, never twice.');
    const id = Number(await field('#fault-result', 'id'));
    const feed = await (await fetch(`${service.url}/api/v1/notes`, { headers: { cookie: `connect.sid=${service.apiKey}` } })).json();
    equal(feed.items.filter((item) => item.comment?.body === shown.result[0]).length, 1, 'the note exists once');
    equal(feed.items[0].comment.id, id, 'and it is the note the call resolved with');
    await screenshot('faults-read-back', '#faults');
  });

  await step('phone width: no sideways scrolling, every section readable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    ok(widths[0] <= widths[1], `page ${widths[0]} px wide in a ${widths[1]} px window`);
    await screenshot('phone-posts', '#posts');
    await screenshot('phone-compose', '#compose');
    await screenshot('phone-write', '#write');
    const [previewBox, jsonBox] = await Promise.all(['#write-preview', '#write-document'].map((id) => page.locator(id).boundingBox()));
    ok(jsonBox.y >= previewBox.y + previewBox.height - 1, 'on a phone the JSON comes under the preview');
    await screenshot('phone-write-preview', '#write .post-views');
    await screenshot('phone-faults', '#faults');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await step('keyboard: every control is a native, focusable one; a post opens with Tab and Enter', async () => {
    const unreachable = await page.evaluate(() => [...document.querySelectorAll('[onclick], [tabindex="-1"]')].length);
    equal(unreachable, 0);
    await page.focus('#post-slug');
    await page.fill('#post-slug', seededPosts[3].slug);
    await page.keyboard.press('Tab');
    equal(await page.evaluate(() => document.activeElement.textContent), 'Open by slug');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`#post-detail article[data-post-id="${seededPosts[3].id}"]`);
    await page.check('#fault-form input[name=call][value="read"]');
    await page.check('#fault-form input[name=times][value="1"]');
    await page.focus('#fault-form input[name=fault][value="429"]');
    await page.keyboard.press('ArrowDown');
    equal(await page.evaluate(() => document.activeElement.value), '500', 'arrow keys move through the faults');
    for (let i = 0; i < 12 && await page.evaluate(() => document.activeElement.id) !== 'fault-run'; i += 1) await page.keyboard.press('Tab');
    equal(await page.evaluate(() => document.activeElement.id), 'fault-run', 'Tab reaches Run');
    await page.evaluate(() => { document.getElementById('faults').dataset.state = 'clicked'; });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('faults').dataset.state === 'ready');
    match(await text('#service-summary'), /^GET \/api\/v1\/posts reached the service 2 times \(answered 500, 200\)\.$/);
    // The composer's new controls: Reply in the feed, the way of writing, the image picker.
    await page.locator('#feed button[data-reply-to]').first().focus();
    const replyId = await page.locator('#feed button[data-reply-to]').first().getAttribute('data-reply-to');
    await page.keyboard.press('Enter');
    equal(await page.evaluate(() => document.activeElement.id), 'compose-reply', 'Enter on Reply moves to the reply-to choice');
    equal(await page.inputValue('#compose-reply'), replyId);
    await page.selectOption('#compose-reply', '');
    await page.focus('input[name=compose-mode][value=builder]');
    await page.keyboard.press('ArrowDown');
    ok(await page.isChecked('#compose-mode-markdown'), 'arrow keys pick Markdown');
    ok(await page.locator('#compose-markdown').isVisible(), 'and show its text');
    await page.keyboard.press('ArrowUp');
    ok(await page.locator('#compose-builder').isVisible(), 'and back');
    await page.focus('#compose-link');
    await page.keyboard.press('Tab');
    equal(await page.evaluate(() => document.activeElement.id), 'compose-image', 'Tab reaches the image picker');
    // Write a post: the preview is reachable to scroll, and Tab goes from Check to Markdown from this draft.
    equal(await page.locator('#write-preview').getAttribute('tabindex'), '0');
    await page.focus('#write-check');
    await page.keyboard.press('Tab');
    equal(await page.evaluate(() => document.activeElement.id), 'write-back', 'Tab reaches Markdown from this draft');
  });

  await screenshot('whole-page');
} catch (error) {
  failed += 1;
  console.log(`not ok - the demo page\n  ${String(error?.stack ?? error).replaceAll('\n', '\n  ')}`);
} finally {
  await context.close();
  await pages.close();
  await service.close();
  await rm(profileDir, { recursive: true, force: true });
}
console.log(`screenshots in ${shots}: ${saved.join(', ')}`);
console.log(`demo: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
