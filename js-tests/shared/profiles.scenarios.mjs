// Profiles and following: getUserProfile, getPublicProfile, getFullProfileBySlug,
// getFullProfileById (with its fallback for users without activity), getFollowingIds
// and getFollowingProfiles (order, the bound on requests in flight, and failures that
// name the users).
import { deepEqual, equal, ok, rejects } from './assert.mjs';
import { assertRecord } from './records.mjs';
import {
  assertGetsWithSession, assertHttpError, assertId, assertInvalidArgument, assertNothingSent, assertPublicProfile,
  assertPublisherError, assertSession, assertUserProfile, onlyRequest, people, requestLines,
} from './wire.mjs';

const feedPath = (id) => `/api/v1/reader/feed/profile/${id}`;
const publicPath = (handle) => `/api/v1/user/${encodeURIComponent(handle)}/public_profile`;
const profilePath = (id) => `/api/v1/user/${id}/profile`;
// Failures here are asserted one request at a time: no retries in between.
const NO_RETRY = { retry: false };

/** The profile part of a full profile: everything but userProfile. */
function withoutFeed(full) {
  const { userProfile, ...profile } = full;
  return profile;
}

/** A user profile equals the service's feed page, but for the page's own time and cursor. */
function assertSameFeed(page, raw, where) {
  assertRecord(page, 'PublisherUserProfile', where);
  assertUserProfile(page, where);
  deepEqual(page.items, raw.items, `${where}.items as the service sent them`);
  equal(page.nextCursor === null, raw.nextCursor === null, `${where}: more pages exactly when the service has them`);
}

export const profileScenarios = [
  ["getUserProfile returns a user's activity feed page as the service sends it", async (ctx) => {
    const { active } = await people(ctx.service);
    const page = await ctx.client().getUserProfile(active.id);
    const request = await onlyRequest(ctx.service);
    equal(request.method, 'GET');
    equal(request.url, feedPath(active.id), 'no query');
    assertSession(request, ctx.service);
    const raw = await ctx.service.raw(feedPath(active.id));
    assertSameFeed(page, raw, 'getUserProfile');
    deepEqual(Object.keys(page).sort(), Object.keys(raw).sort(), 'the service object, nothing added');
    ok(page.items.length > 0, 'an active user has activity');
    equal(page.items[0].context.type, 'latest_post', 'the pinned latest post comes first');
    ok(page.items.every((item) => item.context.users.some((u) => u.id === active.id)), 'every item names the user');
    equal(typeof page.nextCursor, 'string', `${active.notes} notes are more than one page`);
  }],

  ['getUserProfile of a user without activity is an empty page with a null cursor', async (ctx) => {
    const { quietFollowed } = await people(ctx.service);
    const page = await ctx.client().getUserProfile(quietFollowed.id);
    equal((await onlyRequest(ctx.service)).url, feedPath(quietFollowed.id));
    assertUserProfile(page, 'quiet user');
    deepEqual(page.items, []);
    equal(page.nextCursor, null);
  }],

  ['getUserProfile of an unknown user is a 404 http PublisherError', async (ctx) => {
    const error = await rejects(ctx.client().getUserProfile(1));
    assertHttpError(ctx, error, 404, 'getUserProfile(1)');
    equal((await onlyRequest(ctx.service)).url, feedPath(1));
  }],

  ["getPublicProfile returns the service's public profile unchanged", async (ctx) => {
    const { others } = await people(ctx.service);
    for (const user of others) {
      await ctx.service.clearRequests();
      const profile = await ctx.client().getPublicProfile(user.handle);
      const request = await onlyRequest(ctx.service);
      equal(request.method, 'GET');
      equal(request.url, publicPath(user.handle));
      assertSession(request, ctx.service);
      assertRecord(profile, 'PublisherPublicProfile', user.handle);
      assertPublicProfile(profile, user.handle);
      equal(profile.id, user.id, `${user.handle}.id`);
      equal(profile.name, user.name, `${user.handle}.name`);
      equal(profile.handle, user.handle, `${user.handle}.handle`);
      deepEqual(profile, await ctx.service.raw(publicPath(user.handle)), `${user.handle}: the service's object`);
    }
  }],

  ['getPublicProfile of an unknown handle is a 404, with the handle percent-encoded as one segment', async (ctx) => {
    const client = ctx.client();
    const cases = [
      ['no-such-user', '/api/v1/user/no-such-user/public_profile'],
      ['ünïcode', '/api/v1/user/%C3%BCn%C3%AFcode/public_profile'],
    ];
    for (const [handle, url] of cases) {
      await ctx.service.clearRequests();
      const error = await rejects(client.getPublicProfile(handle), `${handle} should reject`);
      assertHttpError(ctx, error, 404, `getPublicProfile(${handle})`);
      deepEqual(await requestLines(ctx.service), [`GET ${url}`]);
    }
  }],

  ["getFullProfileBySlug is the public profile plus the user's feed as userProfile", async (ctx) => {
    const { active } = await people(ctx.service);
    const full = await ctx.client().getFullProfileBySlug(active.handle);
    deepEqual(await requestLines(ctx.service), [`GET ${publicPath(active.handle)}`, `GET ${feedPath(active.id)}`]);
    await assertGetsWithSession(ctx.service);
    assertRecord(full, 'PublisherFullProfile', 'full');
    assertPublicProfile(full, 'full');
    deepEqual(withoutFeed(full), await ctx.service.raw(publicPath(active.handle)), 'every public profile field');
    assertSameFeed(full.userProfile, await ctx.service.raw(feedPath(active.id)), 'full.userProfile');
  }],

  ['getFullProfileBySlug of a user without activity has an empty userProfile', async (ctx) => {
    const { quietUnfollowed } = await people(ctx.service);
    const full = await ctx.client().getFullProfileBySlug(quietUnfollowed.handle);
    deepEqual(await requestLines(ctx.service), [`GET ${publicPath(quietUnfollowed.handle)}`, `GET ${feedPath(quietUnfollowed.id)}`]);
    assertPublicProfile(full, 'quiet');
    equal(full.id, quietUnfollowed.id);
    deepEqual(withoutFeed(full), await ctx.service.raw(publicPath(quietUnfollowed.handle)));
    deepEqual(full.userProfile.items, []);
    equal(full.userProfile.nextCursor, null);
  }],

  ['getFullProfileById finds the handle in the feed, then reads the public profile', async (ctx) => {
    const { active, account } = await people(ctx.service);
    for (const user of [active, account]) {
      await ctx.service.clearRequests();
      const full = await ctx.client().getFullProfileById(user.id);
      deepEqual(await requestLines(ctx.service), [`GET ${feedPath(user.id)}`, `GET ${publicPath(user.handle)}`], user.handle);
      await assertGetsWithSession(ctx.service);
      assertPublicProfile(full, user.handle);
      equal(full.id, user.id);
      deepEqual(withoutFeed(full), await ctx.service.raw(publicPath(user.handle)), `${user.handle}: every public profile field`);
      assertSameFeed(full.userProfile, await ctx.service.raw(feedPath(user.id)), `${user.handle}.userProfile`);
    }
  }],

  ['getFullProfileById of a user without activity falls back to /user/<id>/profile', async (ctx) => {
    const { quietFollowed, quietUnfollowed } = await people(ctx.service);
    for (const user of [quietFollowed, quietUnfollowed]) {
      await ctx.service.clearRequests();
      const full = await ctx.client().getFullProfileById(user.id);
      deepEqual(await requestLines(ctx.service), [`GET ${feedPath(user.id)}`, `GET ${profilePath(user.id)}`], user.handle);
      await assertGetsWithSession(ctx.service);
      assertPublicProfile(full, user.handle, { primaryPublication: false });
      equal(full.id, user.id);
      equal(full.handle, user.handle);
      deepEqual(withoutFeed(full), await ctx.service.raw(profilePath(user.id)), `${user.handle}: the profile as the service sent it`);
      assertUserProfile(full.userProfile, `${user.handle}.userProfile`);
      deepEqual(full.userProfile.items, []);
      equal(full.userProfile.nextCursor, null);
    }
  }],

  ['getFullProfileById and getFullProfileBySlug of unknown users reject with a 404 PublisherError', async (ctx) => {
    const client = ctx.client(NO_RETRY);
    const byId = await rejects(client.getFullProfileById(1));
    assertHttpError(ctx, byId, 404, 'getFullProfileById(1)');
    const lines = await requestLines(ctx.service);
    equal(lines[0], `GET ${feedPath(1)}`, 'the feed first');
    ok(lines.every((line) => line === `GET ${feedPath(1)}` || line === `GET ${profilePath(1)}`), lines.join(', '));
    await ctx.service.clearRequests();
    const bySlug = await rejects(client.getFullProfileBySlug('no-such-user'));
    assertHttpError(ctx, bySlug, 404, 'getFullProfileBySlug(no-such-user)');
    deepEqual(await requestLines(ctx.service), [`GET ${publicPath('no-such-user')}`], 'no feed read for an unknown handle');
  }],

  ['getFollowingIds returns the ids the service sends, the account first', async (ctx) => {
    const { account, others } = await people(ctx.service);
    const ids = await ctx.client().getFollowingIds();
    const request = await onlyRequest(ctx.service);
    equal(request.method, 'GET');
    equal(request.url, '/api/v1/feed/following');
    assertSession(request, ctx.service);
    ok(Array.isArray(ids), 'an array');
    ids.forEach((id, i) => assertId(id, `ids[${i}]`));
    deepEqual(ids, await ctx.service.raw('/api/v1/feed/following'), 'as the service sent them, in order');
    equal(ids[0], account.id, "the service lists the account's own id first");
    deepEqual([...ids.slice(1)].sort(), others.filter((u) => u.followed).map((u) => u.id).sort(), 'then every followed user');
  }],

  ['getFollowingProfiles returns one full profile per id, in the order of the ids', async (ctx) => {
    const { world } = await people(ctx.service);
    const ids = await ctx.service.raw('/api/v1/feed/following');
    await ctx.service.clearRequests();
    const profiles = await ctx.client().getFollowingProfiles();
    const lines = await requestLines(ctx.service);
    await assertGetsWithSession(ctx.service);
    ok(Array.isArray(profiles), 'an array');
    equal(profiles.length, ids.length, 'as many profiles as ids');
    deepEqual(profiles.map((p) => p.id), ids, 'in the order of the ids');
    const expected = ['GET /api/v1/feed/following'];
    for (const [i, profile] of profiles.entries()) {
      const user = world.users.find((u) => u.id === ids[i]);
      ok(user, `user ${ids[i]} is in the world`);
      assertRecord(profile, 'PublisherFullProfile', `profiles[${i}]`);
      if (user.active) {
        assertPublicProfile(profile, user.handle);
        deepEqual(withoutFeed(profile), await ctx.service.raw(publicPath(user.handle)), `${user.handle}: the public profile`);
        assertSameFeed(profile.userProfile, await ctx.service.raw(feedPath(user.id)), `${user.handle}.userProfile`);
        expected.push(`GET ${feedPath(user.id)}`, `GET ${publicPath(user.handle)}`);
      } else {
        assertPublicProfile(profile, user.handle, { primaryPublication: false });
        deepEqual(withoutFeed(profile), await ctx.service.raw(profilePath(user.id)), `${user.handle}: the fallback profile`);
        deepEqual(profile.userProfile.items, []);
        expected.push(`GET ${feedPath(user.id)}`, `GET ${profilePath(user.id)}`);
      }
    }
    ok(profiles.some((p) => p.userProfile.items.length === 0), 'a followed user without activity is among them');
    // Users are read a few at a time, so only the first request's place is fixed.
    equal(lines[0], 'GET /api/v1/feed/following', 'the ids first');
    deepEqual([...lines].sort(), [...expected].sort(), 'then a feed and a profile per user, nothing else');
  }],

  ['getFollowingProfiles never has more requests in flight than its concurrency, and fills every slot', async (ctx) => {
    const ids = await ctx.service.raw('/api/v1/feed/following');
    // Slow answers, so that requests overlap as much as the client lets them.
    await ctx.service.fault({ pathPrefix: '/api/v1/', latencyMs: 40 });
    for (const concurrency of [1, 3]) {
      await ctx.service.clearInFlight();
      const profiles = await ctx.client({ concurrency }).getFollowingProfiles();
      deepEqual(profiles.map((p) => p.id), ids, `concurrency ${concurrency}: in the order of the ids`);
      const { now, peak } = await ctx.service.inFlight();
      equal(peak, concurrency, `concurrency ${concurrency}: the most requests the service had in flight at once`);
      equal(now, 0, 'nothing left in flight');
    }
  }],

  ["getFollowingProfiles rejects naming the user whose public profile fails, never a shorter array", async (ctx) => {
    const { others } = await people(ctx.service);
    const victim = others.find((u) => u.followed && u.active);
    await ctx.service.fault({ method: 'GET', path: publicPath(victim.handle), status: 500 });
    const error = await rejects(ctx.client(NO_RETRY).getFollowingProfiles(), 'getFollowingProfiles should reject');
    assertPublisherError(ctx, error, undefined, 'getFollowingProfiles');
    ok(error.message.includes(String(victim.id)), `the message names user ${victim.id}: ${error.message}`);
    const ids = await ctx.service.raw('/api/v1/feed/following');
    for (const id of ids.filter((id) => id !== victim.id)) {
      ok(!error.message.includes(String(id)), `the message does not name user ${id}, which did not fail: ${error.message}`);
    }
  }],

  ['getFollowingProfiles names every failing user, whichever of their requests fails', async (ctx) => {
    const { others } = await people(ctx.service);
    const followed = others.filter((u) => u.followed);
    const feedVictim = followed.find((u) => u.active);
    const publicVictim = followed.find((u) => u.active && u !== feedVictim);
    const quietVictim = followed.find((u) => !u.active);
    await ctx.service.fault({ method: 'GET', path: feedPath(feedVictim.id), status: 503 });
    await ctx.service.fault({ method: 'GET', path: publicPath(publicVictim.handle), status: 403 });
    await ctx.service.fault({ method: 'GET', path: profilePath(quietVictim.id), status: 404 });
    const error = await rejects(ctx.client(NO_RETRY).getFollowingProfiles(), 'getFollowingProfiles should reject');
    assertPublisherError(ctx, error, undefined, 'getFollowingProfiles');
    for (const user of [feedVictim, publicVictim, quietVictim]) {
      ok(error.message.includes(String(user.id)), `the message names user ${user.id} (${user.handle}): ${error.message}`);
    }
    const ids = await ctx.service.raw('/api/v1/feed/following');
    const failed = new Set([feedVictim.id, publicVictim.id, quietVictim.id]);
    for (const id of ids.filter((id) => !failed.has(id))) {
      ok(!error.message.includes(String(id)), `the message does not name user ${id}: ${error.message}`);
    }
  }],

  ['bad arguments of the profile methods are invalid-argument errors and send nothing', async (ctx) => {
    const client = ctx.client();
    const calls = [
      ["getUserProfile('42')", () => client.getUserProfile('42')],
      ['getUserProfile(-1)', () => client.getUserProfile(-1)],
      ['getUserProfile(1.5)', () => client.getUserProfile(1.5)],
      ['getUserProfile()', () => client.getUserProfile()],
      ["getPublicProfile('a/b')", () => client.getPublicProfile('a/b')],
      ["getPublicProfile('a?b')", () => client.getPublicProfile('a?b')],
      ["getPublicProfile('a#b')", () => client.getPublicProfile('a#b')],
      ["getPublicProfile('..')", () => client.getPublicProfile('..')],
      ["getPublicProfile('')", () => client.getPublicProfile('')],
      ['getPublicProfile(42)', () => client.getPublicProfile(42)],
      ["getFullProfileBySlug('../etc')", () => client.getFullProfileBySlug('../etc')],
      ["getFullProfileBySlug('x?y=1')", () => client.getFullProfileBySlug('x?y=1')],
      ['getFullProfileBySlug(null)', () => client.getFullProfileBySlug(null)],
      ["getFullProfileById('1')", () => client.getFullProfileById('1')],
      ['getFullProfileById(NaN)', () => client.getFullProfileById(Number.NaN)],
      ['getFullProfileById(2**53)', () => client.getFullProfileById(2 ** 53)],
      ['getFullProfileById(-7)', () => client.getFullProfileById(-7)],
    ];
    for (const [label, call] of calls) await assertInvalidArgument(ctx, label, call);
    await assertNothingSent(ctx.service);
  }],
];
