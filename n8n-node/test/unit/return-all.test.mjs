// Return All on every Get Many: it reads past the first page to the end, ignores Limit,
// and past RETURN_ALL_MAX (1000) records fails the item with a clear error, never cutting
// the list silently. The fixture service is given longer lists here, paged as the service
// pages them (offset, cursor, or the notes feed's cursor).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { harness } from './harness.mjs';
import { fixture, FOLLOWING_IDS, POST_ID, USER_ID } from './fixture-service.mjs';

const { NodeOperationError } = createRequire(import.meta.url)('n8n-workflow');
const h = harness('return-all-secret-90ab');
const BOUND = 1000;

const basePost = fixture('posts.json')[0];
const posts = (n) => Array.from({ length: n }, (_, i) => ({ ...basePost, id: 1_000_000 + i, slug: `post-${i}` }));
/** GET /posts: offset and limit as the service takes them. */
function offsetPosts(n) {
  const all = posts(n);
  h.service.override('GET /api/v1/posts', (body, url) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return all.slice(offset, offset + Number(url.searchParams.get('limit') ?? 25));
  });
}
/** GET /profile/posts: limit, then the cursor the last page gave. */
function cursorPosts(n) {
  const all = posts(n);
  const page = fixture('profile-posts.json');
  h.service.override('GET /api/v1/profile/posts', (body, url) => {
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = start + Number(url.searchParams.get('limit'));
    return { ...page, posts: all.slice(start, end), nextCursor: end < n ? String(end) : null };
  });
}
/** A notes feed of `n` notes, `perPage` a page and a restack on each page; `n` Infinity never ends. */
function feed(route, n, perPage = 20) {
  const page = fixture('notes.json');
  const note = page.items.find((item) => item.comment);
  const restack = page.items.find((item) => !item.comment);
  h.service.override(route, (body, url) => {
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = Math.min(start + perPage, n);
    const notes = [];
    for (let i = start; i < end; i++) notes.push({ ...note, entity_key: `c-${2_000_000 + i}`, comment: { ...note.comment, id: 2_000_000 + i } });
    return { ...page, items: [restack, ...notes], nextCursor: end < n ? String(end) : null };
  });
}
const noteIds = (n) => Array.from({ length: n }, (_, i) => 2_000_000 + i);
/** GET /post/<id>/comments: offset and limit honoured, `{comments, more}`. */
function comments(n) {
  const raw = fixture('comments.json').comments[0];
  const all = Array.from({ length: n }, (_, i) => ({ ...raw, id: 3_000_000 + i }));
  h.service.override(`GET /api/v1/post/${POST_ID}/comments`, (body, url) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return { comments: all.slice(offset, offset + limit), more: offset + limit < n };
  });
}
const ids = (json) => json.map((record) => record.id);

test('post getAll: Return All reads every page (offset pages of 50) and ignores Limit', async () => {
  offsetPosts(120);
  const { json } = await h.run([{ resource: 'post', operation: 'getAll', returnAll: true, limit: 1, offset: 0 }]);
  assert.deepEqual(ids(json), ids(posts(120)));
  assert.deepEqual(h.wire(), ['GET /api/v1/posts?offset=0&limit=50', 'GET /api/v1/posts?offset=50&limit=50', 'GET /api/v1/posts?offset=100&limit=50']);
  h.service.reset();
  offsetPosts(120);
  const offset = await h.run([{ resource: 'post', operation: 'getAll', returnAll: true, offset: 110 }]);
  assert.deepEqual(ids(offset.json), ids(posts(120).slice(110)), 'Offset still applies');
});

test('post getPostsBySlug/getPostsById: Return All follows the cursor of profile/posts to the end', async () => {
  cursorPosts(130);
  const { json } = await h.run([{ resource: 'post', operation: 'getPostsById', userId: USER_ID, returnAll: true, limit: 5, offset: 0 }]);
  assert.deepEqual(ids(json), ids(posts(130)));
  assert.ok(h.wire().length >= 3, 'more than one page');
  h.service.reset();
  cursorPosts(60);
  const bySlug = await h.run([{ resource: 'post', operation: 'getPostsBySlug', slug: 'bjornsample', returnAll: true, offset: 0 }]);
  assert.deepEqual(ids(bySlug.json), ids(posts(60)));
});

test('note get: Return All asks for the service\'s own page size and follows next() to the end, restacks left out', async () => {
  feed('GET /api/v1/notes', 65);
  const { json } = await h.run([{ resource: 'note', operation: 'get', returnAll: true, limit: 2 }]);
  assert.deepEqual(ids(json), noteIds(65));
  assert.equal(h.wire()[0], 'GET /api/v1/notes', 'no limit sent with Return All');
  assert.equal(h.wire().length, 4);
});

test('note getNotesById/getNotesBySlug: Return All follows the profile feed\'s cursor to the end', async () => {
  feed(`GET /api/v1/reader/feed/profile/${USER_ID}`, 50, 12);
  const { json } = await h.run([{ resource: 'note', operation: 'getNotesById', userId: USER_ID, returnAll: true, limit: 3 }]);
  assert.deepEqual(ids(json), noteIds(50));
  assert.equal(h.wire().length, 5);
  h.service.reset();
  feed(`GET /api/v1/reader/feed/profile/${USER_ID}`, 30, 12);
  const bySlug = await h.run([{ resource: 'note', operation: 'getNotesBySlug', slug: 'bjornsample', returnAll: true }]);
  assert.deepEqual(ids(bySlug.json), noteIds(30));
});

test('comment getAll: Return All pages by offset, 50 at a time, until a short page; Limit above 50 pages too', async () => {
  comments(120);
  const { json } = await h.run([{ resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: true, limit: 1 }]);
  assert.equal(json.length, 120);
  assert.deepEqual(ids(json), Array.from({ length: 120 }, (_, i) => 3_000_000 + i));
  const path = `GET /api/v1/post/${POST_ID}/comments`;
  assert.deepEqual(h.wire(), [`${path}?limit=50`, `${path}?offset=50&limit=50`, `${path}?offset=100&limit=50`]);
  h.service.reset();
  comments(120);
  const limited = await h.run([{ resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: false, limit: 70 }]);
  assert.equal(limited.json.length, 70);
  assert.deepEqual(h.wire(), [`${path}?limit=50`, `${path}?offset=50&limit=20`]);
});

test('comment getAll: a service that repeats comments instead of paging fails the item, never outputs duplicates', async () => {
  const raw = fixture('comments.json').comments[0];
  const page = Array.from({ length: 50 }, (_, i) => ({ ...raw, id: 4_000_000 + i }));
  h.service.override(`GET /api/v1/post/${POST_ID}/comments`, () => ({ comments: page, more: true }));
  const error = await h.failure([{ resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: true }]);
  assert.ok(error instanceof NodeOperationError);
  assert.match(error.message, /sent comment 4000000 of post \d+ again at offset 50: it does not page/);
  assert.equal(h.wire().length, 2);
});

test('profile getFollowing: Return All gives every ID, or every profile', async () => {
  const idsOnly = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: true, limit: 1 }]);
  assert.deepEqual(idsOnly.json, FOLLOWING_IDS.map((id) => ({ id })));
  const profiles = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: true, limit: 1 }]);
  assert.deepEqual(ids(profiles.json), FOLLOWING_IDS);
});

test('Return All at exactly the bound returns all of them', async () => {
  offsetPosts(BOUND);
  const { json } = await h.run([{ resource: 'post', operation: 'getAll', returnAll: true, offset: 0 }]);
  assert.equal(json.length, BOUND);
});

test('Return All past the bound fails the item with a clear error, for every kind of paging; no record is output', async () => {
  const cases = [
    [() => offsetPosts(BOUND + 100), { resource: 'post', operation: 'getAll', returnAll: true, offset: 0 }, 'posts', true],
    [() => cursorPosts(BOUND + 1), { resource: 'post', operation: 'getPostsById', userId: USER_ID, returnAll: true, offset: 0 }, 'posts', true],
    [() => feed('GET /api/v1/notes', Infinity, 100), { resource: 'note', operation: 'get', returnAll: true }, 'notes', false],
    [() => feed(`GET /api/v1/reader/feed/profile/${USER_ID}`, Infinity, 100), { resource: 'note', operation: 'getNotesById', userId: USER_ID, returnAll: true }, 'notes', false],
    [() => comments(BOUND + 50), { resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: true }, 'comments', false],
  ];
  for (const [serve, params, what, offset] of cases) {
    h.service.reset();
    serve();
    const error = await h.failure([params]);
    assert.ok(error instanceof NodeOperationError, `${params.operation}: ${error.name}: ${error.message}`);
    assert.equal(error.message, `Return All found more than ${BOUND} ${what}, the most it reads in one run, and stopped without output. `
      + `Turn Return All off and set Limit to the number you need${offset ? ', or read them in parts with Offset' : ''}.`);
    assert.equal(error.context.itemIndex, 0);
    assert.ok(h.wire().length > 1, `${params.operation}: more than one page was read`);
  }
});

test('Return All past the bound on followed profiles: refused before any profile is read', async () => {
  h.service.override('GET /api/v1/feed/following', () => Array.from({ length: BOUND + 1 }, (_, i) => 5_000_000 + i));
  const error = await h.failure([{ resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: true }]);
  assert.match(error.message, /^Return All found more than 1000 followed users/);
  assert.deepEqual(h.wire(), ['GET /api/v1/feed/following']);
  h.service.reset();
  h.service.override('GET /api/v1/feed/following', () => Array.from({ length: BOUND + 1 }, (_, i) => 5_000_000 + i));
  const idsOnly = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: true }]);
  assert.equal(idsOnly.json.length, BOUND + 1, 'IDs come in one answer: no bound');
});

test('Return All past the bound with continueOnFail: an error item paired to its input, the next item goes on', async () => {
  offsetPosts(BOUND + 1);
  const { output } = await h.run(
    [{ resource: 'post', operation: 'getAll', returnAll: true, offset: 0 }, { resource: 'post', operation: 'getAll', returnAll: false, limit: 2, offset: 0 }],
    { continueOnFail: true },
  );
  assert.equal(output.length, 3);
  assert.deepEqual(output.map((item) => item.pairedItem.item), [0, 1, 1]);
  assert.match(output[0].json.error, /^Return All found more than 1000 posts/);
  assert.deepEqual(ids(output.slice(1).map((item) => item.json)), ids(posts(2)));
});

test('a Limit above the bound is read as asked, Return All off', async () => {
  offsetPosts(BOUND + 20);
  const { json } = await h.run([{ resource: 'post', operation: 'getAll', returnAll: false, limit: BOUND + 10, offset: 0 }]);
  assert.equal(json.length, BOUND + 10);
});
