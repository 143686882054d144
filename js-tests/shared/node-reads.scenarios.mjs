// The workflow node's reads: getPostsBySlug / getPostsById over profile/posts (cursor
// paging, never offset, restacks dropped, exactly limit), getNotesBySlug / getNotesById
// over the profile feed with types=note, getNoteById, and getPosts beyond one page.
import { deepEqual, equal, ok, rejects } from './assert.mjs';
import { assertRecord } from './records.mjs';
import {
  assertEncodedCursor, assertFieldsPassThrough, assertGetsWithSession, assertHttpError, assertInvalidArgument,
  assertNote, assertNothingSent, assertSession, onlyRequest, people, rawQueryValue, requestLines, walkRaw,
} from './wire.mjs';

const POST_TYPES = ['newsletter', 'podcast', 'thread'];
const PAID = ['only_paid', 'founding'];
const postsPath = (id) => `/api/v1/profile/posts?profile_user_id=${id}`;
const notesPath = (id) => `/api/v1/reader/feed/profile/${id}?types=note`;
const publicPath = (handle) => `/api/v1/user/${encodeURIComponent(handle)}/public_profile`;

/** Every item of a user's profile/posts, restacks included, as the service pages it. */
async function rawProfilePosts(service, userId) {
  const pages = await walkRaw(service, `${postsPath(userId)}&limit=50`, (page) => page.posts);
  return pages.flatMap((page) => page.items);
}

/** Every note of a user's profile feed with types=note, as the service pages it. */
async function rawProfileNotes(service, userId) {
  return (await walkRaw(service, notesPath(userId))).flatMap((page) => page.items);
}

/** A post record of profile/posts: the service's fields plus published and paywalled. */
function assertProfilePost(post, raw, where) {
  assertRecord(post, 'PublisherPost', where);
  equal(post.published, raw.is_published ?? true, `${where}.published`);
  equal(post.paywalled, PAID.includes(raw.audience), `${where}.paywalled follows audience ${raw.audience}`);
  assertFieldsPassThrough(post, raw, where);
}

/** The profile/posts requests: limit at most 50, then the cursor, never offset. */
function assertProfilePostsRequests(requests, userId) {
  ok(requests.length >= 1, 'at least one request');
  requests.forEach((request, i) => {
    const { url } = request;
    ok(url.startsWith(`${postsPath(userId)}&limit=`), `request ${i + 1}: ${url}`);
    ok(!/[?&]offset=/.test(url), `request ${i + 1} sends no offset: ${url}`);
    const limit = Number(rawQueryValue(url, 'limit'));
    ok(Number.isSafeInteger(limit) && limit >= 1 && limit <= 50, `request ${i + 1}: limit ${limit} within 1–50`);
    if (i === 0) equal(rawQueryValue(url, 'cursor'), undefined, 'the first page has no cursor');
    else assertEncodedCursor(url, undefined, `request ${i + 1}`);
  });
}

export const nodeReadScenarios = [
  ['getPostsById walks profile/posts by cursor, never sends offset, and drops restacks', async (ctx) => {
    const { account } = await people(ctx.service);
    const all = await rawProfilePosts(ctx.service, account.id);
    const posts = all.filter((item) => POST_TYPES.includes(item.type));
    ok(all.length > posts.length, 'the service lists restacks among the posts');
    equal(posts.length, account.posts, 'the account has its posts on profile/posts');
    await ctx.service.clearRequests();
    const got = await ctx.client().getPostsById(account.id, { limit: 60, offset: 5 });
    const requests = await assertGetsWithSession(ctx.service);
    assertProfilePostsRequests(requests, account.id);
    ok(requests.length >= 2, `more than one page (${requests.length})`);
    equal(got.length, 60, 'exactly limit');
    deepEqual(got.map((p) => p.id), posts.slice(5, 65).map((p) => p.id), 'offset skipped client-side, restacks left out');
    got.forEach((post, i) => assertProfilePost(post, posts[5 + i], `posts[${i}]`));
  }],

  ['getPostsById defaults to 100 posts from the start, and returns all there are when fewer', async (ctx) => {
    const { account, active } = await people(ctx.service);
    const client = ctx.client();
    const accountPosts = (await rawProfilePosts(ctx.service, account.id)).filter((p) => POST_TYPES.includes(p.type));
    await ctx.service.clearRequests();
    const byDefault = await client.getPostsById(account.id);
    assertProfilePostsRequests(await ctx.service.apiRequests(), account.id);
    equal(byDefault.length, 100, 'default limit 100');
    deepEqual(byDefault.map((p) => p.id), accountPosts.slice(0, 100).map((p) => p.id));
    await ctx.service.clearRequests();
    const everything = await client.getPostsById(account.id, { limit: 1000, offset: 0 });
    const requests = await ctx.service.apiRequests();
    assertProfilePostsRequests(requests, account.id);
    equal(everything.length, account.posts, 'all there are');
    deepEqual(everything.map((p) => p.id), accountPosts.map((p) => p.id));
    const fewer = await client.getPostsById(active.id);
    equal(fewer.length, active.posts, `all ${active.posts} posts of ${active.handle}`);
    ok(fewer.every((p) => POST_TYPES.includes(p.type)), 'no restacks');
  }],

  ['getPostsById with an offset past the end is empty and still sends no offset', async (ctx) => {
    const { active } = await people(ctx.service);
    const posts = await ctx.client().getPostsById(active.id, { limit: 5, offset: active.posts });
    deepEqual(posts, []);
    assertProfilePostsRequests(await assertGetsWithSession(ctx.service), active.id);
  }],

  ['getPostsBySlug resolves the handle with public_profile, then reads that user\'s posts', async (ctx) => {
    const { active } = await people(ctx.service);
    const client = ctx.client();
    const bySlug = await client.getPostsBySlug(active.handle, { limit: 4, offset: 1 });
    const requests = await assertGetsWithSession(ctx.service);
    equal(requests[0].url, publicPath(active.handle), 'the handle first');
    assertProfilePostsRequests(requests.slice(1), active.id);
    equal(bySlug.length, Math.min(4, active.posts - 1));
    const posts = (await rawProfilePosts(ctx.service, active.id)).filter((p) => POST_TYPES.includes(p.type));
    deepEqual(bySlug.map((p) => p.id), posts.slice(1, 5).map((p) => p.id));
    bySlug.forEach((post, i) => assertProfilePost(post, posts[1 + i], `posts[${i}]`));
    deepEqual(await client.getPostsById(active.id, { limit: 4, offset: 1 }), bySlug, 'the same as by id');
  }],

  ['getPostsBySlug of an unknown handle and getPostsById of an unknown user are 404s', async (ctx) => {
    const client = ctx.client();
    const bySlug = await rejects(client.getPostsBySlug('no-such-user'));
    assertHttpError(ctx, bySlug, 404, 'getPostsBySlug');
    deepEqual(await requestLines(ctx.service), [`GET ${publicPath('no-such-user')}`], 'no posts read');
    await ctx.service.clearRequests();
    const byId = await rejects(client.getPostsById(1, { limit: 3 }));
    assertHttpError(ctx, byId, 404, 'getPostsById');
    deepEqual(await requestLines(ctx.service), [`GET ${postsPath(1)}&limit=3`]);
  }],

  ['getNotesById returns only notes, exactly limit, following the feed\'s cursors', async (ctx) => {
    const { account } = await people(ctx.service);
    const expected = await rawProfileNotes(ctx.service, account.id);
    equal(expected.length, account.notes, 'the service lists every note of the account');
    await ctx.service.clearRequests();
    const notes = await ctx.client().getNotesById(account.id, { limit: 30 });
    const requests = await assertGetsWithSession(ctx.service);
    equal(requests[0].url, notesPath(account.id), 'the first page');
    ok(requests.length >= 3, `30 notes take several pages of 12 (${requests.length} requests)`);
    requests.slice(1).forEach((request, i) => {
      ok(request.url.startsWith(`${notesPath(account.id)}&cursor=`), `page ${i + 2}: ${request.url}`);
      assertEncodedCursor(request.url, undefined, `page ${i + 2}`);
    });
    equal(notes.length, 30, 'exactly limit');
    notes.forEach((note, i) => assertNote(note, `notes[${i}]`));
    deepEqual(notes, expected.slice(0, 30), 'the items as the service sent them');
    ok(notes.every((note) => note.comment.user_id === account.id), "the account's own notes");
  }],

  ['getNotesById defaults to 100 and returns all notes of a user who has fewer', async (ctx) => {
    const { account, active, quietFollowed } = await people(ctx.service);
    const client = ctx.client();
    for (const user of [account, active]) {
      const notes = await client.getNotesById(user.id);
      equal(notes.length, Math.min(100, user.notes), `${user.handle}: all ${user.notes} notes`);
      notes.forEach((note, i) => assertNote(note, `${user.handle} notes[${i}]`));
      equal(new Set(notes.map((n) => n.entity_key)).size, notes.length, `${user.handle}: no note twice`);
    }
    await ctx.service.clearRequests();
    deepEqual(await client.getNotesById(quietFollowed.id), [], 'a user without activity has no notes');
    equal((await onlyRequest(ctx.service)).url, notesPath(quietFollowed.id));
  }],

  ['getNotesBySlug resolves the handle first and equals getNotesById', async (ctx) => {
    const { active } = await people(ctx.service);
    const client = ctx.client();
    const bySlug = await client.getNotesBySlug(active.handle, { limit: 15 });
    const requests = await assertGetsWithSession(ctx.service);
    equal(requests[0].url, publicPath(active.handle));
    equal(requests[1].url, notesPath(active.id));
    ok(requests.slice(2).every((r) => r.url.startsWith(`${notesPath(active.id)}&cursor=`)), 'then the cursor');
    equal(bySlug.length, 15);
    deepEqual(bySlug, (await rawProfileNotes(ctx.service, active.id)).slice(0, 15));
    deepEqual(await client.getNotesById(active.id, { limit: 15 }), bySlug);
    const error = await rejects(client.getNotesBySlug('no-such-user'));
    assertHttpError(ctx, error, 404, 'getNotesBySlug(no-such-user)');
  }],

  ['getNoteById returns the item of reader/comment for a note', async (ctx) => {
    const { active } = await people(ctx.service);
    const [listed] = await rawProfileNotes(ctx.service, active.id);
    await ctx.service.clearRequests();
    const note = await ctx.client().getNoteById(listed.comment.id);
    const request = await onlyRequest(ctx.service);
    equal(request.url, `/api/v1/reader/comment/${listed.comment.id}`);
    assertSession(request, ctx.service);
    assertNote(note, 'getNoteById');
    deepEqual(note, (await ctx.service.raw(`/api/v1/reader/comment/${listed.comment.id}`)).item, 'the item unchanged');
    equal(note.comment.body, listed.comment.body);
    equal(note.comment.post_id, null, 'a note belongs to no post');
    equal(note.entity_key, listed.entity_key);
  }],

  ['getNoteById of an unknown note is a 404 http PublisherError', async (ctx) => {
    const error = await rejects(ctx.client().getNoteById(1));
    assertHttpError(ctx, error, 404, 'getNoteById(1)');
    equal((await onlyRequest(ctx.service)).url, '/api/v1/reader/comment/1');
  }],

  ['getPosts with a limit above 50 pages by offset in requests of at most 50 and returns exactly limit', async (ctx) => {
    const { account } = await people(ctx.service);
    const client = ctx.client();
    const raw = [
      ...(await ctx.service.raw('/api/v1/posts?offset=0&limit=50')),
      ...(await ctx.service.raw('/api/v1/posts?offset=50&limit=50')),
    ];
    await ctx.service.clearRequests();
    const posts = await client.getPosts({ limit: 75 });
    const requests = await assertGetsWithSession(ctx.service);
    equal(posts.length, 75, 'exactly limit');
    deepEqual(posts.map((p) => p.id), raw.slice(0, 75).map((p) => p.id), 'in order, no gaps or repeats');
    let offset = 0;
    for (const request of requests) {
      ok(request.url.startsWith('/api/v1/posts?'), request.url);
      const limit = Number(rawQueryValue(request.url, 'limit'));
      ok(limit >= 1 && limit <= 50, `limit ${limit} at most 50: ${request.url}`);
      equal(Number(rawQueryValue(request.url, 'offset') ?? 0), offset, `steps offset: ${request.url}`);
      offset += limit;
    }
    ok(requests.length >= 2, 'several requests');
    await ctx.service.clearRequests();
    const all = await client.getPosts({ limit: 1000 });
    equal(all.length, account.posts, 'all there are');
    const pages = await ctx.service.apiRequests();
    ok(pages.length <= Math.ceil(account.posts / 50) + 1, `stops at the short page (${pages.length} requests)`);
  }],

  ['bad arguments of the node reads are invalid-argument errors and send nothing', async (ctx) => {
    const client = ctx.client();
    const calls = [
      ["getPostsById('1')", () => client.getPostsById('1')],
      ['getPostsById(-1)', () => client.getPostsById(-1)],
      ['getPostsById(1.5)', () => client.getPostsById(1.5)],
      ['getPostsById()', () => client.getPostsById()],
      ['getPostsById(1, {limit: 0})', () => client.getPostsById(1, { limit: 0 })],
      ['getPostsById(1, {offset: -1})', () => client.getPostsById(1, { offset: -1 })],
      ["getPostsById(1, {limit: '5'})", () => client.getPostsById(1, { limit: '5' })],
      ["getPostsBySlug('a/b')", () => client.getPostsBySlug('a/b')],
      ["getPostsBySlug('..')", () => client.getPostsBySlug('..')],
      ["getPostsBySlug('x?y')", () => client.getPostsBySlug('x?y')],
      ["getPostsBySlug('#x')", () => client.getPostsBySlug('#x')],
      ["getPostsBySlug('')", () => client.getPostsBySlug('')],
      ["getPostsBySlug('ok', {limit: 0})", () => client.getPostsBySlug('ok', { limit: 0 })],
      ["getNotesById('2')", () => client.getNotesById('2')],
      ['getNotesById(2**53)', () => client.getNotesById(2 ** 53)],
      ['getNotesById(1, {limit: 0})', () => client.getNotesById(1, { limit: 0 })],
      ['getNotesById(1, {limit: 2.5})', () => client.getNotesById(1, { limit: 2.5 })],
      ["getNotesBySlug('..')", () => client.getNotesBySlug('..')],
      ["getNotesBySlug('a/b')", () => client.getNotesBySlug('a/b')],
      ["getNotesBySlug('ok', {limit: -1})", () => client.getNotesBySlug('ok', { limit: -1 })],
      ["getNoteById('1')", () => client.getNoteById('1')],
      ['getNoteById(-1)', () => client.getNoteById(-1)],
      ['getNoteById(1.5)', () => client.getNoteById(1.5)],
      ['getNoteById(null)', () => client.getNoteById(null)],
      ['getPosts({limit: 0})', () => client.getPosts({ limit: 0 })],
    ];
    for (const [label, call] of calls) await assertInvalidArgument(ctx, label, call);
    await assertNothingSent(ctx.service);
  }],
];
