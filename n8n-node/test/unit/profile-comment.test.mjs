// The profile and comment operations: what each sends, its output (compact records, field
// by field against the fixtures), errors, continueOnFail and pairedItem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { harness } from './harness.mjs';
import { COMMENT_ID, FOLLOWING_IDS, fixture, HANDLE, POST_ID, USER_ID } from './fixture-service.mjs';

const { NodeApiError, NodeOperationError } = createRequire(import.meta.url)('n8n-workflow');
const h = harness('profile-comment-secret-7e21');

const publicProfile = fixture('public-profile.json');
/** The compact profile of the fixture's user, from the service's fields. */
const bjorn = {
  id: publicProfile.id,
  name: publicProfile.name,
  handle: publicProfile.handle,
  bio: publicProfile.bio,
  photoUrl: publicProfile.photo_url,
  subscriberCount: publicProfile.subscriberCountNumber,
  publicationId: publicProfile.primaryPublication.id,
  publicationName: publicProfile.primaryPublication.name,
  url: `https://substack.com/@${publicProfile.handle}`,
};
/** A followed user without activity: read by id (user-profile.json, no publication). */
const quiet = (id) => ({
  id,
  name: `User ${id}`,
  handle: `user${id}`,
  bio: fixture('user-profile.json').bio,
  photoUrl: fixture('user-profile.json').photo_url,
  subscriberCount: fixture('user-profile.json').subscriberCountNumber,
  publicationId: null,
  publicationName: '',
  url: `https://substack.com/@user${id}`,
});
/** The compact record of a client profile (the field list of the README). */
const compactOf = (p) => {
  const publication = p.primaryPublication ?? p.publicationUsers.find((u) => u.is_primary === true)?.publication;
  return {
    id: p.id, name: p.name, handle: p.handle, bio: p.bio ?? '', photoUrl: p.photo_url ?? '', subscriberCount: p.subscriberCountNumber,
    publicationId: publication?.id ?? null, publicationName: publication?.name ?? '', url: `https://substack.com/@${p.handle}`,
  };
};
const comment = (raw) => ({
  id: raw.id,
  body: raw.body,
  publishedAt: raw.date,
  postId: raw.post_id,
  authorId: raw.user_id,
  authorName: raw.name,
  authorHandle: raw.handle,
});

test('profile getBySlug: the public profile, then the activity feed; one compact record', async () => {
  const { json, output } = await h.run([{ resource: 'profile', operation: 'getBySlug', slug: `@${HANDLE}` }]);
  assert.deepEqual(json, [bjorn]);
  assert.deepEqual(output[0].pairedItem, { item: 0 });
  assert.deepEqual(h.wire(), [`GET /api/v1/user/${HANDLE}/public_profile`, `GET /api/v1/reader/feed/profile/${USER_ID}`]);
});

test('profile getById: the activity feed, the handle found in it, the public profile', async () => {
  const { json } = await h.run([{ resource: 'profile', operation: 'getById', userId: String(USER_ID) }]);
  assert.deepEqual(json, [bjorn]);
  assert.deepEqual(h.wire(), [`GET /api/v1/reader/feed/profile/${USER_ID}`, `GET /api/v1/user/${HANDLE}/public_profile`]);
});

test('a profile without primaryPublication names the publication its memberships mark primary', async () => {
  const [, id] = FOLLOWING_IDS.filter((other) => other !== USER_ID);
  const publication = { id: 77, name: 'Second Thoughts', subdomain: 'second' };
  h.service.override(`GET /api/v1/user/${id}/profile`, () => ({
    ...fixture('user-profile.json'), id, handle: `user${id}`, name: `User ${id}`,
    publicationUsers: [{ id: 1, role: 'contributor', publication: { id: 5, name: 'Other', subdomain: 'other' } }, { id: 2, role: 'admin', is_primary: true, publication }],
  }));
  const { json } = await h.run([{ resource: 'profile', operation: 'getById', userId: id }]);
  assert.deepEqual(json, [{ ...quiet(id), publicationId: 77, publicationName: 'Second Thoughts' }]);
});

test('profile getFollowing as IDs: one request, one {id} item per user in the service\'s order; Limit cuts the list', async () => {
  const all = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: false, limit: 100 }]);
  assert.deepEqual(all.json, FOLLOWING_IDS.map((id) => ({ id })));
  assert.deepEqual(h.wire(), ['GET /api/v1/feed/following']);
  h.service.reset();
  const two = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: false, limit: 2 }]);
  assert.deepEqual(two.json, FOLLOWING_IDS.slice(0, 2).map((id) => ({ id })));
});

test('profile getFollowing as profiles: only the first Limit users are read, in order, as compact records', async () => {
  const { json, output } = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: false, limit: 2 }]);
  const chosen = FOLLOWING_IDS.slice(0, 2);
  assert.deepEqual(json, chosen.map((id) => (id === USER_ID ? bjorn : quiet(id))));
  assert.ok(output.every((item) => item.pairedItem.item === 0));
  const read = h.wire().filter((line) => line.startsWith('GET /api/v1/reader/feed/profile/')).map((line) => Number(/profile\/(\d+)/.exec(line)[1]));
  assert.deepEqual(read.sort(), [...chosen].sort(), 'no profile beyond the limit was read');
  assert.equal(h.wire()[0], 'GET /api/v1/feed/following');
});

test('profile getFollowing as profiles equals the client\'s getFollowingProfiles for the same users', async () => {
  const { json } = await h.run([{ resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: true }], { version: 2 });
  const client = h.client();
  try {
    const profiles = await client.getFollowingProfiles();
    assert.equal(json.length, FOLLOWING_IDS.length);
    assert.deepEqual(json, profiles.map(compactOf));
    assert.deepEqual(json, FOLLOWING_IDS.map((id) => (id === USER_ID ? bjorn : quiet(id))));
  } finally {
    client.free();
  }
});

test('profile getFollowing as profiles: a user that fails fails the item with the client\'s error; an unknown Output is refused', async () => {
  const failing = FOLLOWING_IDS.find((id) => id !== USER_ID);
  h.service.fault({ method: 'GET', path: `/api/v1/reader/feed/profile/${failing}`, status: 404, body: { error: 'Not found' }, times: 10 });
  const error = await h.failure([{ resource: 'profile', operation: 'getFollowing', output: 'profiles', returnAll: true }]);
  assert.ok(error instanceof NodeApiError, `${error.name}: ${error.message}`);
  assert.equal(error.httpCode, '404');
  h.service.reset();
  const bad = await h.failure([{ resource: 'profile', operation: 'getFollowing', output: 'handles', returnAll: true }]);
  assert.ok(bad instanceof NodeOperationError);
  assert.match(bad.message, /Parameter "Output" must be one of "ids", "profiles", not "handles"/);
  assert.deepEqual(h.wire(), []);
});

test('comment getAll: the post\'s comments in a page of at most 50, each a compact record', async () => {
  const raw = fixture('comments.json').comments;
  const { json, output } = await h.run([{ resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: false, limit: 100 }]);
  assert.deepEqual(json, raw.map(comment));
  assert.ok(output.every((item) => item.pairedItem.item === 0));
  assert.deepEqual(h.wire(), [`GET /api/v1/post/${POST_ID}/comments?limit=50`]);
  h.service.reset();
  const three = await h.run([{ resource: 'comment', operation: 'getAll', postId: String(POST_ID), returnAll: false, limit: 3 }]);
  assert.deepEqual(three.json, raw.slice(0, 3).map(comment));
  assert.deepEqual(h.wire(), [`GET /api/v1/post/${POST_ID}/comments?limit=3`]);
});

test('comment get: GET /reader/comment/<id>, the comment as a compact record', async () => {
  const raw = fixture('reader-comment-of-post.json').item.comment;
  const { json } = await h.run([{ resource: 'comment', operation: 'get', commentId: COMMENT_ID }]);
  assert.deepEqual(json, [comment(raw)]);
  assert.equal(json[0].postId, POST_ID);
  assert.deepEqual(h.wire(), [`GET /api/v1/reader/comment/${COMMENT_ID}`]);
});

test('errors of the new operations: a 404 is a NodeApiError with its item, a bad ID a NodeOperationError, nothing sent', async () => {
  const missing = await h.failure([{ resource: 'profile', operation: 'getById', userId: USER_ID }, { resource: 'comment', operation: 'get', commentId: 999 }]);
  assert.ok(missing instanceof NodeApiError);
  assert.equal(missing.httpCode, '404');
  assert.equal(missing.context.itemIndex, 1);
  h.service.reset();
  const cases = [
    [{ resource: 'comment', operation: 'getAll', postId: 'abc', returnAll: false, limit: 5 }, /"Post ID".*"abc"/],
    [{ resource: 'comment', operation: 'get', commentId: 0 }, /"Comment ID" must be a whole number of at least 1, not 0/],
    [{ resource: 'profile', operation: 'getBySlug', slug: '@' }, /"Slug" must not be empty/],
    [{ resource: 'profile', operation: 'getById', userId: '1.5' }, /"User ID".*"1.5"/],
    [{ resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: false, limit: 0 }, /"Limit"/],
    [{ resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: 'yes' }, /"Return All" must be true or false/],
  ];
  for (const [params, message] of cases) {
    const error = await h.failure([params]);
    assert.ok(error instanceof NodeOperationError, `${error.name}: ${error.message}`);
    assert.match(error.message, message);
  }
  assert.deepEqual(h.wire(), []);
});

test('continueOnFail on the new operations: each failed item becomes an error item paired to its input, the others go on', async () => {
  const { output } = await h.run(
    [
      { resource: 'comment', operation: 'get', commentId: 999 },
      { resource: 'profile', operation: 'getBySlug', slug: HANDLE },
      { resource: 'comment', operation: 'getAll', postId: 'abc', returnAll: false, limit: 5 },
      { resource: 'comment', operation: 'getAll', postId: POST_ID, returnAll: false, limit: 2 },
      { resource: 'profile', operation: 'getFollowing', output: 'ids', returnAll: true },
    ],
    { continueOnFail: true },
  );
  const following = FOLLOWING_IDS.length;
  assert.deepEqual(output.map((item) => item.pairedItem.item), [0, 1, 2, 3, 3, ...Array(following).fill(4)]);
  assert.equal(output[0].json.status, 404);
  assert.equal(output[0].json.kind, 'http');
  assert.deepEqual(output[1].json, bjorn);
  assert.equal(output[2].json.kind, 'invalid-parameter');
  assert.match(output[2].json.message, /"Post ID"/);
  assert.equal(output[3].json.postId, POST_ID);
  assert.deepEqual(output.slice(5).map((item) => item.json), FOLLOWING_IDS.map((id) => ({ id })));
});
