// Comments: getComments(postId, {offset, limit}) and getComment(id), against the local
// service. Each scenario checks the mapped records against the service's own answer and
// what went on the wire.
import { deepEqual, equal, ok, rejects } from './assert.mjs';
import { assertRecord } from './records.mjs';
import {
  assertFieldsPassThrough, assertHttpError, assertId, assertInvalidArgument, assertIsoDate, assertNothingSent,
  assertSession, onlyRequest,
} from './wire.mjs';

const ADDED = ['created_at', 'parent_post_id', 'author'];

/** A post of the main publication with at least `min` comments (and at most `max`). */
async function postWithComments(service, min, max = Infinity) {
  for (let offset = 0; offset < 150; offset += 50) {
    const page = await service.raw(`/api/v1/posts?offset=${offset}&limit=50`);
    const post = page.find((p) => p.comment_count >= min && p.comment_count <= max);
    if (post) return post;
    if (page.length < 50) break;
  }
  throw new Error(`no post with ${min}–${max} comments`);
}

/** The interface's comment (§2.4) mapped from a service comment (http-contract §6.2). */
function assertComment(comment, raw, where, { isAdmin }) {
  assertRecord(comment, 'PublisherComment', where);
  assertId(comment.id, `${where}.id`);
  assertIsoDate(comment.created_at, `${where}.created_at`);
  assertId(comment.author.id, `${where}.author.id`);

  equal(comment.id, raw.id, `${where}.id`);
  equal(comment.body, raw.body, `${where}.body`);
  equal(comment.created_at, raw.date, `${where}.created_at is the service's date`);
  equal(comment.parent_post_id, raw.post_id, `${where}.parent_post_id is the service's post_id`);
  const author = { id: raw.user_id, name: raw.name };
  if (isAdmin) {
    equal(typeof raw.author_is_admin, 'boolean', `${where}: the service says whether the author is an admin`);
    author.is_admin = raw.author_is_admin;
  } else {
    ok(!('author_is_admin' in raw), `${where}: the service sends no author_is_admin here`);
    ok(!('is_admin' in comment.author), `${where}.author has no is_admin when the service did not say`);
  }
  deepEqual(comment.author, author, `${where}.author`);
  assertFieldsPassThrough(comment, raw, where);
  deepEqual(Object.keys(comment).sort(), [...new Set([...Object.keys(raw), ...ADDED])].sort(), `${where} has the service's keys plus the interface's`);
}

export const commentScenarios = [
  ['getComments reads every comment of a post and maps each to the interface', async (ctx) => {
    const post = await postWithComments(ctx.service, 3);
    await ctx.service.clearRequests();
    const comments = await ctx.client().getComments(post.id);
    const request = await onlyRequest(ctx.service);
    equal(request.method, 'GET');
    equal(request.url, `/api/v1/post/${post.id}/comments`, 'no query without parameters');
    assertSession(request, ctx.service);
    const raw = await ctx.service.raw(`/api/v1/post/${post.id}/comments`);
    ok(Array.isArray(comments), 'an array');
    equal(comments.length, raw.comments.length);
    equal(comments.length, post.comment_count, 'every comment of the post');
    comments.forEach((comment, i) => {
      assertComment(comment, raw.comments[i], `comments[${i}]`, { isAdmin: true });
      equal(comment.parent_post_id, post.id, `comments[${i}] belongs to the post`);
    });
  }],

  ['getComments sends offset and limit only when given and returns that slice', async (ctx) => {
    const post = await postWithComments(ctx.service, 4);
    const all = (await ctx.service.raw(`/api/v1/post/${post.id}/comments`)).comments;
    const client = ctx.client();
    const cases = [
      [{ offset: 1, limit: 2 }, `?offset=1&limit=2`, all.slice(1, 3)],
      [{ limit: 2 }, `?limit=2`, all.slice(0, 2)],
      [{ offset: 2 }, `?offset=2`, all.slice(2)],
      [{ offset: 0, limit: 100 }, `?offset=0&limit=100`, all],
      [{}, '', all],
      [{ offset: all.length }, `?offset=${all.length}`, []],
    ];
    for (const [params, query, expected] of cases) {
      await ctx.service.clearRequests();
      const comments = await client.getComments(post.id, params);
      const request = await onlyRequest(ctx.service);
      equal(request.url, `/api/v1/post/${post.id}/comments${query}`, JSON.stringify(params));
      assertSession(request, ctx.service);
      deepEqual(comments.map((c) => c.id), expected.map((c) => c.id), `${JSON.stringify(params)} gives that slice`);
      comments.forEach((comment, i) => assertComment(comment, expected[i], `${JSON.stringify(params)}[${i}]`, { isAdmin: true }));
    }
  }],

  ['getComments of a post without comments is an empty array', async (ctx) => {
    const post = await postWithComments(ctx.service, 0, 0);
    await ctx.service.clearRequests();
    const comments = await ctx.client().getComments(post.id);
    deepEqual(comments, []);
    equal((await onlyRequest(ctx.service)).url, `/api/v1/post/${post.id}/comments`);
  }],

  ['getComments of an unknown post is a 404 http PublisherError', async (ctx) => {
    const error = await rejects(ctx.client().getComments(1));
    assertHttpError(ctx, error, 404, 'getComments(1)');
    const request = await onlyRequest(ctx.service);
    equal(request.url, '/api/v1/post/1/comments');
  }],

  ['getComment maps a comment under a post from reader/comment, without an is_admin it was not told', async (ctx) => {
    const post = await postWithComments(ctx.service, 2);
    const [listed] = (await ctx.service.raw(`/api/v1/post/${post.id}/comments?limit=1`)).comments;
    await ctx.service.clearRequests();
    const comment = await ctx.client().getComment(listed.id);
    const request = await onlyRequest(ctx.service);
    equal(request.method, 'GET');
    equal(request.url, `/api/v1/reader/comment/${listed.id}`);
    assertSession(request, ctx.service);
    const raw = (await ctx.service.raw(`/api/v1/reader/comment/${listed.id}`)).item.comment;
    assertComment(comment, raw, 'getComment', { isAdmin: false });
    equal(comment.parent_post_id, post.id, 'parent_post_id is the post');
    equal(comment.body, listed.body, 'the same comment as in the list');
    equal(comment.created_at, listed.date);
    equal(comment.author.id, listed.user_id);
  }],

  ['getComment of a note has parent_post_id null', async (ctx) => {
    const { items } = await ctx.service.raw('/api/v1/notes');
    const note = items.find((item) => item.comment);
    await ctx.service.clearRequests();
    const comment = await ctx.client().getComment(note.comment.id);
    equal((await onlyRequest(ctx.service)).url, `/api/v1/reader/comment/${note.comment.id}`);
    const raw = (await ctx.service.raw(`/api/v1/reader/comment/${note.comment.id}`)).item.comment;
    equal(raw.post_id, null, 'the service sends post_id null for a note');
    assertComment(comment, raw, 'getComment(note)', { isAdmin: false });
    equal(comment.parent_post_id, null);
    equal(comment.body, note.comment.body);
  }],

  ['getComment of an unknown id is a 404 http PublisherError', async (ctx) => {
    const error = await rejects(ctx.client().getComment(1));
    assertHttpError(ctx, error, 404, 'getComment(1)');
    equal((await onlyRequest(ctx.service)).url, '/api/v1/reader/comment/1');
  }],

  ['bad arguments of getComments and getComment are invalid-argument errors and send nothing', async (ctx) => {
    const client = ctx.client();
    const calls = [
      ["getComments('5')", () => client.getComments('5')],
      ['getComments(1.5)', () => client.getComments(1.5)],
      ['getComments(-1)', () => client.getComments(-1)],
      ['getComments(NaN)', () => client.getComments(Number.NaN)],
      ['getComments(2**53)', () => client.getComments(2 ** 53)],
      ['getComments()', () => client.getComments()],
      ['getComments(1, {limit: 0})', () => client.getComments(1, { limit: 0 })],
      ['getComments(1, {limit: -3})', () => client.getComments(1, { limit: -3 })],
      ["getComments(1, {limit: '3'})", () => client.getComments(1, { limit: '3' })],
      ['getComments(1, {offset: -1})', () => client.getComments(1, { offset: -1 })],
      ['getComments(1, {offset: 0.5})', () => client.getComments(1, { offset: 0.5 })],
      ["getComment('1')", () => client.getComment('1')],
      ['getComment(-1)', () => client.getComment(-1)],
      ['getComment(1.5)', () => client.getComment(1.5)],
      ['getComment(null)', () => client.getComment(null)],
      ['getComment()', () => client.getComment()],
    ];
    for (const [label, call] of calls) await assertInvalidArgument(ctx, label, call);
    await assertNothingSent(ctx.service);
  }],
];
