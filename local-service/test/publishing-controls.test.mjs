// Self-test of the publishing controls: posts and notes published with a chosen author and
// date (POST /__control/posts, /__control/notes), deleted (DELETE /__control/posts/<id>,
// /__control/notes/<id>), listed where the seeded ones are, and undone by a reset.
// Run with the other self-tests: node --test local-service/test/

import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalService } from '../index.mjs';

let service;
let info;

async function api(path) {
  const response = await fetch(service.url + path, { headers: { Cookie: `connect.sid=s%3A${service.apiKey}` } });
  assert.equal(response.status, 200, `${path}: ${response.status}`);
  return response.json();
}

async function control(method, path, body) {
  const response = await fetch(`${service.url}/__control/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const user = (handle) => info.users.find((u) => u.handle === handle);

before(async () => {
  service = await startLocalService({ port: 0, seed: 1, posts: 30, bodyBytes: 2000 });
  info = await (await fetch(`${service.url}/__control/info`)).json();
});
after(() => service.close());
beforeEach(() => control('POST', 'reset'));

test('POST /__control/posts: new posts of the account come first in /posts, newest first, and are readable by id', async () => {
  const seededFirst = (await api('/api/v1/posts?limit=1'))[0];
  const { status, body } = await control('POST', 'posts', { count: 3, title: 'Fresh' });
  assert.equal(status, 200);
  assert.deepEqual(body.posts.map((p) => p.title), ['Fresh 1', 'Fresh 2', 'Fresh 3']);
  assert.ok(body.posts.every((p) => p.handle === 'adaexample' && p.publication === 'localpub' && p.id > seededFirst.id));
  assert.ok(body.posts[0].id < body.posts[1].id && body.posts[1].id < body.posts[2].id, 'ids grow');
  const listed = await api('/api/v1/posts?limit=4');
  // The same date (made by one call, at most ms apart) or later ones: the last published is first.
  assert.deepEqual(listed.map((p) => p.id), [...body.posts.map((p) => p.id)].reverse().concat(seededFirst.id));
  assert.equal(listed[0].next_post_slug, null);
  assert.equal(listed[3].next_post_slug, body.posts[0].slug);
  const byId = await api(`/api/v1/posts/by-id/${body.posts[1].id}`);
  assert.equal(byId.post.title, 'Fresh 2');
  assert.equal(byId.post.post_date, body.posts[1].post_date);
});

test('POST /__control/posts with handle and date: in that user\'s profile/posts, ordered by date, equal dates newest id first', async () => {
  const dana = user('danamock');
  const date = '2031-01-02T03:04:05.678Z';
  const first = (await control('POST', 'posts', { handle: 'danamock', count: 2, date })).body.posts;
  const older = (await control('POST', 'posts', { userId: dana.id, date: '2030-01-01T00:00:00Z' })).body.posts;
  const second = (await control('POST', 'posts', { handle: '@danamock', date })).body.posts;
  assert.ok([...first, ...second].every((p) => p.post_date === date && p.publication === 'mockturtle'));
  assert.equal(older[0].post_date, '2030-01-01T00:00:00.000Z');
  const page = await api(`/api/v1/profile/posts?profile_user_id=${dana.id}&limit=6`);
  const ids = page.posts.filter((p) => p.type !== 'restack').map((p) => p.id);
  assert.deepEqual(ids.slice(0, 4), [second[0].id, first[1].id, first[0].id, older[0].id]);
  // The profile feed pins the latest post.
  const feed = await api(`/api/v1/reader/feed/profile/${dana.id}`);
  assert.equal(feed.items[0].post.id, second[0].id);
});

test('POST /__control/notes: notes of the account in /notes and of another user in their profile feed, merged by date', async () => {
  const date = '2032-05-06T07:08:09.000Z';
  const own = (await control('POST', 'notes', { count: 2, date, body: 'Same time' })).body.notes;
  assert.deepEqual(own.map((n) => n.body), ['Same time 1', 'Same time 2']);
  const feed = await api('/api/v1/notes');
  assert.deepEqual(feed.items.slice(0, 2).map((i) => [i.comment.id, i.comment.date, i.comment.body]),
    [[own[1].id, date, 'Same time 2'], [own[0].id, date, 'Same time 1']]);
  const old = (await control('POST', 'notes', { handle: 'bjornsample', date: '2001-01-01T00:00:00Z', body: 'Very old' })).body.notes[0];
  const recent = (await control('POST', 'notes', { handle: 'bjornsample', body: 'Now' })).body.notes[0];
  const bjorn = user('bjornsample');
  const notes = [];
  for (let page = await api(`/api/v1/reader/feed/profile/${bjorn.id}?types=note`); ; page = await api(`/api/v1/reader/feed/profile/${bjorn.id}?types=note&cursor=${encodeURIComponent(page.nextCursor)}`)) {
    notes.push(...page.items.map((i) => i.comment));
    if (!page.nextCursor) break;
  }
  assert.equal(notes[0].id, recent.id);
  assert.equal(notes.at(-1).id, old.id);
  const dates = notes.map((n) => Date.parse(n.date));
  assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'newest first');
  assert.equal((await api(`/api/v1/reader/comment/${recent.id}`)).item.comment.body, 'Now');
});

test('DELETE /__control/posts/<id> and /__control/notes/<id>: gone from the listings; a second delete is 404', async () => {
  const [post] = (await control('POST', 'posts', {})).body.posts;
  const seeded = (await api('/api/v1/posts?limit=2'))[1];
  assert.equal((await control('DELETE', `posts/${post.id}`)).status, 204);
  assert.equal((await control('DELETE', `posts/${post.id}`)).status, 404);
  assert.equal((await control('DELETE', `posts/${seeded.id}`)).status, 204);
  const listed = (await api('/api/v1/posts?limit=50')).map((p) => p.id);
  assert.ok(!listed.includes(post.id) && !listed.includes(seeded.id));
  assert.equal((await fetch(`${service.url}/api/v1/posts/by-id/${post.id}`, { headers: { Cookie: `connect.sid=${service.apiKey}` } })).status, 404);

  const dana = user('danamock');
  const [note] = (await control('POST', 'notes', { handle: 'danamock' })).body.notes;
  assert.equal((await control('DELETE', `notes/${note.id}`)).status, 204);
  assert.equal((await control('DELETE', `notes/${note.id}`)).status, 404);
  const feed = await api(`/api/v1/reader/feed/profile/${dana.id}?types=note`);
  assert.ok(!feed.items.some((i) => i.comment.id === note.id));
});

test('reset: control posts and notes are gone, deleted seeded posts are back, the listings are as seeded', async () => {
  const before = await api('/api/v1/posts?limit=50');
  const dana = user('danamock');
  const danaBefore = await api(`/api/v1/profile/posts?profile_user_id=${dana.id}&limit=50`);
  const notesBefore = await api('/api/v1/notes');
  await control('POST', 'posts', { count: 5 });
  await control('POST', 'posts', { handle: 'danamock', count: 2 });
  await control('DELETE', `posts/${before[3].id}`);
  await control('POST', 'notes', { count: 3 });
  await control('POST', 'reset');
  assert.deepEqual(await api('/api/v1/posts?limit=50'), before);
  assert.deepEqual((await api(`/api/v1/profile/posts?profile_user_id=${dana.id}&limit=50`)).posts, danaBefore.posts);
  assert.deepEqual((await api('/api/v1/notes')).items, notesBefore.items);
});

test('bad specs: unknown user 404, bad count, date or field 400', async () => {
  assert.equal((await control('POST', 'posts', { handle: 'nobody-here' })).status, 404);
  assert.equal((await control('POST', 'notes', { userId: 1 })).status, 404);
  for (const spec of [{ count: 0 }, { count: 501 }, { count: 1.5 }, { date: 'yesterday' }, { date: 5 }, { colour: 'red' }, { title: '' }]) {
    const { status, body } = await control('POST', 'posts', spec);
    assert.equal(status, 400, JSON.stringify(spec));
    assert.ok(body.error);
  }
  assert.equal((await control('POST', 'notes', { body: '   ' })).status, 400);
  assert.equal((await control('POST', 'notes', { title: 'x' })).status, 400);
  assert.equal((await control('GET', 'posts')).status, 405);
  assert.equal((await control('DELETE', 'notes/999')).status, 404);
});
