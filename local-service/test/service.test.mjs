// Self-test of the local Publisher service: node --test local-service/test/
// Starts the service in this process on a free port and checks every endpoint, the auth
// rules, CORS, the browser sign-in, the fault controls, the request log and the CLI.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportFixtures, staleFixtures } from '../fixtures.mjs';
import { startLocalService, spawnLocalService } from '../index.mjs';

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));
const JSON_TYPE = 'application/json; charset=utf-8';

let service;
let info;

/** fetch against the service, authenticated with the default cookie form unless `cookie` is given. */
function api(path, { cookie, headers = {}, ...init } = {}) {
  const cookieHeader = cookie === undefined ? `connect.sid=s%3A${service.apiKey}` : cookie;
  return fetch(service.url + path, { ...init, headers: { ...(cookieHeader ? { Cookie: cookieHeader } : {}), ...headers } });
}

async function apiJson(path, options) {
  const response = await api(path, options);
  const body = await response.json();
  return { response, body };
}

function control(path, init = {}) {
  return fetch(service.url + path, init);
}

async function addFault(spec) {
  const response = await control('/__control/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(spec) });
  assert.equal(response.status, 200);
  return (await response.json()).id;
}

function noteRequest(paragraphs, extra = {}) {
  return {
    bodyJson: {
      type: 'doc',
      attrs: { schemaVersion: 'v1' },
      content: paragraphs.map((nodes) => ({ type: 'paragraph', content: nodes })),
    },
    replyMinimumRole: 'everyone',
    ...extra,
  };
}

function publish(body, contentType = 'application/json', path = '/api/v1/comment/feed') {
  return api(path, {
    method: 'POST',
    headers: contentType ? { 'Content-Type': contentType } : {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

before(async () => {
  service = await startLocalService({ port: 0 });
  info = await (await control('/__control/info')).json();
});

after(async () => {
  await service.close();
});

beforeEach(async () => {
  const response = await control('/__control/reset', { method: 'POST' });
  assert.equal(response.status, 204);
});

describe('authentication', () => {
  test('401 JSON without a cookie, and with a wrong key', async () => {
    for (const cookie of [null, 'connect.sid=s%3Awrong', 'other=local-key', 'substack.sid=']) {
      const response = await api('/api/v1/posts', { cookie });
      assert.equal(response.status, 401, `cookie ${cookie}`);
      assert.equal(response.headers.get('content-type'), JSON_TYPE);
      assert.deepEqual(await response.json(), { error: 'Not authorized' });
    }
  });

  test('either cookie, with or without the s%3A / s: prefix, among other cookies', async () => {
    const key = service.apiKey;
    for (const cookie of [
      `connect.sid=s%3A${key}`,
      `connect.sid=${key}`,
      `connect.sid=s:${key}`,
      `substack.sid=${key}`,
      `substack.sid=s%3A${key}`,
      `a=1; connect.sid=s%3A${key}; b=2`,
      `substack.sid=wrong; connect.sid=s%3A${key}`,
      `substack.sid=s%3A${key}; connect.sid=s%3A${key}`,
    ]) {
      const response = await api('/api/v1/subscription', { cookie });
      assert.equal(response.status, 200, `cookie ${cookie}`);
      await response.arrayBuffer();
    }
  });

  test('the configured key may itself carry the prefix', async () => {
    const prefixed = await startLocalService({ port: 0, apiKey: 's%3Asecret.sig' });
    try {
      const response = await fetch(`${prefixed.url}/api/v1/subscription`, { headers: { Cookie: 'connect.sid=s%3Asecret.sig' } });
      assert.equal(response.status, 200);
      const bare = await fetch(`${prefixed.url}/api/v1/subscription`, { headers: { Cookie: 'substack.sid=secret.sig' } });
      assert.equal(bare.status, 200);
    } finally {
      await prefixed.close();
    }
  });
});

describe('errors and routing', () => {
  test('unknown paths are 404 JSON, other API versions too', async () => {
    for (const path of ['/api/v1/nothing', '/api/v2/posts', '/api/v1/posts/by-id', '/api/v1/posts/by-id/abc', '/api/v1/posts/by-id/1', '/nothing', '/api/v1/posts/no-such-slug', '/api/v1/notes/']) {
      const response = await api(path);
      assert.equal(response.status, 404, path);
      assert.equal(response.headers.get('content-type'), JSON_TYPE);
      assert.deepEqual(await response.json(), { error: 'Not found' });
    }
  });

  test('a known path with the wrong method is 405 with Allow', async () => {
    const response = await api('/api/v1/posts', { method: 'POST', body: '{}' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET');
    assert.deepEqual(await response.json(), { error: 'Method not allowed' });
    const feed = await api('/api/v1/comment/feed');
    assert.equal(feed.status, 405);
    assert.equal(feed.headers.get('allow'), 'POST');
    await feed.arrayBuffer();
  });

  test('every response carries X-Request-Id', async () => {
    const first = await api('/api/v1/posts?limit=1');
    const second = await api('/nothing');
    await first.arrayBuffer();
    await second.arrayBuffer();
    assert.ok(Number(second.headers.get('x-request-id')) > Number(first.headers.get('x-request-id')));
  });
});

describe('posts', () => {
  test('GET /posts: bare array, newest first, default 25, at most 50', async () => {
    const { response, body } = await apiJson('/api/v1/posts');
    assert.equal(response.headers.get('content-type'), JSON_TYPE);
    assert.ok(Array.isArray(body));
    assert.equal(body.length, 25);
    const dates = body.map((post) => post.post_date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    for (const post of body) {
      assert.equal(post.is_published, true);
      assert.equal(typeof post.body_html, 'string');
      assert.equal(typeof post.id, 'number');
      assert.match(post.canonical_url, /^https:\/\/localpub\.substack\.com\/p\//);
    }
    assert.equal((await apiJson('/api/v1/posts?limit=80')).body.length, 50);
    assert.equal((await apiJson('/api/v1/posts?offset=110&limit=50')).body.length, info.posts - 110);
    assert.deepEqual((await apiJson('/api/v1/posts?offset=500')).body, []);
    const second = (await apiJson('/api/v1/posts?offset=25&limit=1&cursor=ignored')).body;
    assert.equal(second[0].id, (await apiJson('/api/v1/posts?limit=26')).body[25].id);
  });

  test('GET /posts rejects bad offset and limit', async () => {
    for (const query of ['offset=-1', 'offset=abc', 'limit=1.5', 'limit=', 'limit=-3']) {
      const { response, body } = await apiJson(`/api/v1/posts?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(body, { error: 'Invalid value' });
    }
  });

  test('a 50-post page is about 1.8 MB', async () => {
    const response = await api('/api/v1/posts?limit=50');
    const size = (await response.arrayBuffer()).byteLength;
    assert.ok(size > 1_600_000 && size < 2_000_000, `size ${size}`);
  });

  test('types, audiences and text variety', async () => {
    const posts = [...(await apiJson('/api/v1/posts?limit=50')).body, ...(await apiJson('/api/v1/posts?offset=50&limit=50')).body, ...(await apiJson('/api/v1/posts?offset=100&limit=50')).body];
    const types = new Set(posts.map((post) => post.type));
    assert.deepEqual([...types].sort(), ['newsletter', 'podcast', 'thread']);
    const audiences = new Set(posts.map((post) => post.audience));
    for (const audience of ['everyone', 'only_paid', 'founding', 'only_free']) assert.ok(audiences.has(audience), audience);
    for (const podcast of posts.filter((post) => post.type === 'podcast')) assert.match(podcast.podcast_url, /^https:\/\/.+\.mp3$/);
    const titles = posts.map((post) => post.title).join('\n');
    assert.match(titles, /[^\x00-\x7f]/);
    assert.match(titles, /["“]/);
    assert.match(titles, /\p{Extended_Pictographic}/u);
    assert.equal(new Set(posts.map((post) => post.slug)).size, posts.length);
  });

  test('GET /posts/<slug> and /posts/by-id/<id>', async () => {
    const [first] = (await apiJson('/api/v1/posts?limit=1')).body;
    const bySlug = await apiJson(`/api/v1/posts/${encodeURIComponent(first.slug)}`);
    assert.equal(bySlug.response.status, 200);
    assert.deepEqual(bySlug.body, first);
    const byId = await apiJson(`/api/v1/posts/by-id/${first.id}`);
    assert.deepEqual(Object.keys(byId.body), ['post', 'publication', 'publicationSettings']);
    assert.deepEqual(byId.body.post, first);
    assert.equal(byId.body.publication.subdomain, 'localpub');
  });

  test('GET /search: total, filters, case-insensitive text match', async () => {
    const all = await apiJson('/api/v1/search?query=&limit=5');
    assert.equal(all.body.total, info.posts);
    assert.equal(all.body.results.length, 5);
    const podcasts = await apiJson('/api/v1/search?query=&type=podcast&limit=50');
    assert.ok(podcasts.body.total > 0);
    assert.ok(podcasts.body.results.every((post) => post.type === 'podcast'));
    const [first] = all.body.results;
    const word = first.title.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part));
    const found = await apiJson(`/api/v1/search?query=${encodeURIComponent(word.toUpperCase())}&limit=50`);
    assert.ok(found.body.results.some((post) => post.id === first.id));
    assert.ok(found.body.total <= info.posts);
    const none = await apiJson('/api/v1/search?query=zzzz-no-such-text');
    assert.deepEqual(none.body, { total: 0, results: [] });
    const cutoff = all.body.results[2].post_date;
    const after = await apiJson(`/api/v1/search?query=&published_after=${cutoff}`);
    assert.equal(after.body.total, 2);
    const before = await apiJson(`/api/v1/search?query=&published_before=${cutoff}&limit=1`);
    assert.equal(before.body.total, info.posts - 3);
    assert.equal((await api('/api/v1/search?query=&type=video')).status, 400);
    assert.equal((await api('/api/v1/search?query=&published_after=yesterday')).status, 400);
  });

  test('GET /archive: bare array', async () => {
    const { body } = await apiJson('/api/v1/archive?sort=new&search=&offset=0&limit=3');
    assert.ok(Array.isArray(body));
    assert.equal(body.length, 3);
  });
});

describe('comments', () => {
  test('GET /post/<id>/comments with offset and limit', async () => {
    const posts = (await apiJson('/api/v1/posts?limit=50')).body;
    const post = posts.find((candidate) => candidate.comment_count >= 3);
    const { body } = await apiJson(`/api/v1/post/${post.id}/comments`);
    assert.equal(body.comments.length, post.comment_count);
    assert.equal(body.more, false);
    for (const comment of body.comments) {
      for (const [field, type] of Object.entries({ id: 'number', body: 'string', date: 'string', post_id: 'number', user_id: 'number', name: 'string', handle: 'string', author_is_admin: 'boolean' })) {
        assert.equal(typeof comment[field], type, field);
      }
      assert.equal(comment.post_id, post.id);
      assert.deepEqual(comment.children, []);
    }
    const page = await apiJson(`/api/v1/post/${post.id}/comments?offset=1&limit=1`);
    assert.deepEqual(page.body.comments, [body.comments[1]]);
    assert.equal(page.body.more, post.comment_count > 2);
    assert.equal((await api('/api/v1/post/1/comments')).status, 404);
    const single = await apiJson(`/api/v1/reader/comment/${body.comments[0].id}`);
    assert.equal(single.body.item.comment.post_id, post.id);
  });
});

describe('notes', () => {
  async function walkNotes(firstPath = '/api/v1/notes') {
    const pages = [];
    let path = firstPath;
    while (path) {
      const { response, body } = await apiJson(path);
      assert.equal(response.status, 200, path);
      pages.push(body);
      path = body.nextCursor === null ? null : `/api/v1/notes?cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    return pages;
  }

  test('walk to the end: 20 per page, cursors with + and =, null at the end', async () => {
    const pages = await walkNotes();
    const items = pages.flatMap((page) => page.items);
    assert.equal(items.length, info.notes + Math.floor(info.notes / 5));
    assert.ok(pages.length >= 4);
    pages.slice(0, -1).forEach((page) => assert.equal(page.items.length, 20));
    assert.equal(pages.at(-1).nextCursor, null);
    assert.equal(new Set(items.map((item) => item.entity_key)).size, items.length);
    for (const page of pages.slice(0, -1)) {
      assert.match(page.nextCursor, /\+/);
      assert.match(page.nextCursor, /=/);
      const decoded = JSON.parse(Buffer.from(page.nextCursor, 'base64').toString('utf8'));
      assert.deepEqual(Object.keys(decoded), ['before_timestamp', 'entity_key', 'context_timestamp', 'session_id', 'page_number', 'pinned_entity_key', 'prepended_post_ids']);
      assert.equal(decoded.before_timestamp, pages[0].originalCursorTimestamp);
      assert.equal(page.originalCursorTimestamp, pages[0].originalCursorTimestamp);
    }
    assert.ok(items.every((item) => item.context.users[0].id === info.account.id));
    assert.ok(items.some((item) => item.type === 'post' && item.context.type === 'post_restack' && !('comment' in item)));
    const notes = items.filter((item) => item.type === 'comment');
    assert.equal(notes.length, info.notes);
    assert.ok(notes.every((item) => item.comment.post_id === null && item.entity_key === `c-${item.comment.id}`));
  });

  test('a bad cursor is 400, also an unencoded one', async () => {
    const first = (await apiJson('/api/v1/notes')).body;
    for (const cursor of ['not-a-cursor', encodeURIComponent(Buffer.from('[1,2]').toString('base64')), encodeURIComponent(Buffer.from('{"a":1}').toString('base64')), '', first.nextCursor]) {
      const { response, body } = await apiJson(`/api/v1/notes?cursor=${cursor}`);
      assert.equal(response.status, 400, cursor);
      assert.deepEqual(body, { error: 'Invalid cursor' });
    }
  });

  test('GET /reader/comment/<id> of a note', async () => {
    const note = (await apiJson('/api/v1/notes')).body.items.find((item) => item.comment);
    const { body } = await apiJson(`/api/v1/reader/comment/${note.comment.id}`);
    assert.equal(body.item.comment.id, note.comment.id);
    assert.equal(body.item.comment.body, note.comment.body);
    assert.equal(body.item.comment.post_id, null);
    assert.equal((await api('/api/v1/reader/comment/123')).status, 404);
    assert.equal((await api('/api/v1/reader/comment/abc')).status, 404);
  });
});

describe('publishing a note', () => {
  test('415 without a JSON content type', async () => {
    const valid = noteRequest([[{ type: 'text', text: 'hi' }]]);
    for (const type of [null, 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await publish(valid, type);
      assert.equal(response.status, 415, String(type));
      assert.deepEqual(await response.json(), { error: 'Unsupported Media Type' });
    }
  });

  test('400 for invalid requests', async () => {
    const text = (value, marks) => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });
    const cases = {
      'invalid JSON': '{"bodyJson":',
      'not an object': '[]',
      'missing replyMinimumRole': (({ replyMinimumRole, ...rest }) => rest)(noteRequest([[text('a')]])),
      'other replyMinimumRole': noteRequest([[text('a')]], { replyMinimumRole: 'paid' }),
      'unknown top-level key': noteRequest([[text('a')]], { title: 'x' }),
      'empty content': noteRequest([]),
      'empty paragraph': noteRequest([[]]),
      'empty text': noteRequest([[text('')]]),
      'unknown node': { ...noteRequest([]), bodyJson: { type: 'doc', attrs: { schemaVersion: 'v1' }, content: [{ type: 'heading', content: [text('a')] }] } },
      'unknown inline node': noteRequest([[{ type: 'hard_break' }]]),
      'unknown mark': noteRequest([[text('a', [{ type: 'underline' }])]]),
      'empty marks': noteRequest([[text('a', [])]]),
      'link without href': noteRequest([[text('a', [{ type: 'link' }])]]),
      'wrong doc type': { ...noteRequest([[text('a')]]), bodyJson: { type: 'page', attrs: { schemaVersion: 'v1' }, content: [{ type: 'paragraph', content: [text('a')] }] } },
      'wrong schema version': { ...noteRequest([[text('a')]]), bodyJson: { type: 'doc', attrs: { schemaVersion: 'v2' }, content: [{ type: 'paragraph', content: [text('a')] }] } },
      'missing bodyJson': { replyMinimumRole: 'everyone' },
      'unknown attachment': noteRequest([[text('a')]], { attachmentIds: ['abc'] }),
    };
    for (const [name, body] of Object.entries(cases)) {
      const response = await publish(body);
      assert.equal(response.status, 400, name);
      const answer = await response.json();
      assert.equal(typeof answer.error, 'string', name);
    }
  });

  test('200: body joins paragraphs, note shows up first in /notes and via reader/comment', async () => {
    const request = noteRequest([
      [{ type: 'text', text: 'Title “quoted” ✨', marks: [{ type: 'bold' }] }],
      [{ type: 'text', text: 'Body ' }, { type: 'text', text: 'in italics', marks: [{ type: 'italic' }] }, { type: 'text', text: ' and code', marks: [{ type: 'code' }] }],
      [{ type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://example.test/', target: '_blank', rel: null, class: null } }] }],
    ], { tabId: 'for-you', surface: 'feed', attachmentIds: [] });
    const response = await publish(request);
    assert.equal(response.status, 200);
    const note = await response.json();
    assert.equal(note.body, 'Title “quoted” ✨\n\nBody in italics and code\n\na link');
    assert.deepEqual(note.body_json, request.bodyJson);
    assert.equal(note.user_id, info.account.id);
    assert.equal(note.name, info.account.name);
    assert.equal(typeof note.photo_url, 'string');
    assert.equal(typeof note.id, 'number');
    assert.ok(Math.abs(Date.parse(note.date) - Date.now()) < 60_000);
    assert.equal(typeof note.reactions, 'object');

    const second = await (await publish(noteRequest([[{ type: 'text', text: 'again' }]]), 'application/json; charset=utf-8', '/api/v1/comment/feed/')).json();
    assert.ok(second.id > note.id);

    const notes = (await apiJson('/api/v1/notes')).body.items;
    assert.equal(notes[0].comment.id, second.id);
    assert.equal(notes[1].comment.id, note.id);
    assert.equal(notes[1].comment.body, note.body);
    const single = (await apiJson(`/api/v1/reader/comment/${note.id}`)).body;
    assert.equal(single.item.comment.body, note.body);
    assert.deepEqual(single.item.comment.body_json, request.bodyJson);
    const own = (await apiJson(`/api/v1/reader/feed/profile/${info.account.id}?types=note`)).body.items;
    assert.equal(own[0].comment.id, second.id);
  });
});

describe('profiles and following', () => {
  test('reader/feed/profile: 12 items, pinned latest post, types=note, users without activity, unknown user', async () => {
    const { body } = await apiJson(`/api/v1/reader/feed/profile/${info.account.id}`);
    assert.equal(body.items.length, 12);
    assert.equal(body.items[0].context.type, 'latest_post');
    assert.equal(typeof body.originalCursorTimestamp, 'string');
    assert.match(body.nextCursor, /\+/);
    const contextTypes = new Set();
    let page = body;
    while (true) {
      page.items.forEach((item) => contextTypes.add(item.context.type));
      if (!page.nextCursor) break;
      page = (await apiJson(`/api/v1/reader/feed/profile/${info.account.id}?cursor=${encodeURIComponent(page.nextCursor)}`)).body;
    }
    assert.deepEqual([...contextTypes].sort(), ['comment_restack', 'latest_post', 'note']);

    const notes = (await apiJson(`/api/v1/reader/feed/profile/${info.account.id}?types=note`)).body;
    assert.equal(notes.items.length, 12);
    assert.ok(notes.items.every((item) => item.type === 'comment' && item.context.type === 'note'));

    const quiet = info.users.find((user) => !user.active);
    const empty = (await apiJson(`/api/v1/reader/feed/profile/${quiet.id}`)).body;
    assert.deepEqual(empty.items, []);
    assert.equal(empty.nextCursor, null);
    assert.equal(typeof empty.originalCursorTimestamp, 'string');
    assert.equal((await api('/api/v1/reader/feed/profile/1')).status, 404);
  });

  test('public_profile and user/<id>/profile', async () => {
    for (const user of info.users) {
      const { body } = await apiJson(`/api/v1/user/${user.handle}/public_profile`);
      assert.equal(body.id, user.id);
      assert.equal(body.handle, user.handle);
      assert.equal(typeof body.subscriberCount, 'string');
      assert.equal(body.subscriberCountNumber, Number(body.subscriberCount));
      assert.match(body.subscriberCountString, /subscribers$/);
      assert.equal(body.primaryPublication.subdomain, user.publication);
      assert.equal(body.publicationUsers[0].publication.subdomain, user.publication);
      const profile = (await apiJson(`/api/v1/user/${user.id}/profile`)).body;
      assert.equal(profile.handle, user.handle);
      assert.equal(profile.hasActivity, user.active);
    }
    assert.equal((await api('/api/v1/user/nobody-here/public_profile')).status, 404);
    assert.equal((await api('/api/v1/user/1/profile')).status, 404);
  });

  test('feed/following starts with the account and includes a user without activity', async () => {
    const { body } = await apiJson('/api/v1/feed/following');
    assert.equal(body[0], info.account.id);
    assert.equal(body.length, 1 + info.following);
    const followed = info.users.filter((user) => body.slice(1).includes(user.id));
    assert.ok(followed.some((user) => !user.active));
    assert.ok(followed.some((user) => user.active));
  });

  test('profile/posts: cursor paging, restacks, offset rejected', async () => {
    const bad = await apiJson(`/api/v1/profile/posts?profile_user_id=${info.account.id}&offset=0`);
    assert.equal(bad.response.status, 400);
    assert.deepEqual(bad.body, { error: 'Invalid value' });
    assert.equal((await api('/api/v1/profile/posts?limit=5')).status, 400);
    const posts = [];
    let path = `/api/v1/profile/posts?profile_user_id=${info.account.id}&limit=50`;
    let pages = 0;
    while (path) {
      const { body } = await apiJson(path);
      assert.deepEqual(Object.keys(body).sort(), ['nextCursor', 'postReactions', 'posts', 'publications']);
      posts.push(...body.posts);
      pages++;
      path = body.nextCursor ? `/api/v1/profile/posts?profile_user_id=${info.account.id}&limit=50&cursor=${encodeURIComponent(body.nextCursor)}` : null;
    }
    assert.ok(pages >= 3);
    const restacks = posts.filter((post) => post.type === 'restack');
    assert.ok(restacks.length > 0);
    assert.equal(posts.length - restacks.length, info.posts);
    assert.ok(restacks.every((post) => typeof post.restacked_post_id === 'number'));
    const quiet = info.users.find((user) => !user.active);
    const empty = (await apiJson(`/api/v1/profile/posts?profile_user_id=${quiet.id}`)).body;
    assert.deepEqual(empty, { posts: [], postReactions: [], publications: [], nextCursor: null });
  });

  test('subscription', async () => {
    const { body } = await apiJson('/api/v1/subscription');
    assert.equal(body.user_id, info.account.id);
    assert.equal(body.publication_id, info.mainPublication.id);
  });
});

describe('CORS and browser sign-in', () => {
  const origin = 'http://127.0.0.1:9999';

  test('preflight on any path', async () => {
    for (const path of ['/api/v1/comment/feed', '/__local/sign-in', '/__control/faults', '/whatever']) {
      const response = await fetch(service.url + path, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-custom' },
      });
      assert.equal(response.status, 204, path);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(response.headers.get('access-control-allow-methods'), 'GET, POST, PUT, DELETE, OPTIONS');
      assert.equal(response.headers.get('access-control-allow-headers'), 'content-type,x-custom');
      assert.equal(response.headers.get('access-control-max-age'), '600');
    }
  });

  test('Origin is echoed on success, errors and control endpoints', async () => {
    for (const [path, cookie] of [['/api/v1/posts?limit=1', undefined], ['/api/v1/posts', null], ['/api/v1/nothing', undefined], ['/__control/requests', null]]) {
      const response = await api(path, { cookie, headers: { Origin: origin } });
      await response.arrayBuffer();
      assert.equal(response.headers.get('access-control-allow-origin'), origin, path);
      assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(response.headers.get('vary'), 'Origin');
      assert.equal(response.headers.get('access-control-expose-headers'), 'Retry-After, Content-Type, Content-Length, X-Request-Id');
    }
  });

  test('sign-in sets both cookies; the cookie then authenticates; sign-out clears', async () => {
    const wrong = await fetch(`${service.url}/__local/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ apiKey: 'nope' }) });
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { error: 'Not authorized' });

    const response = await fetch(`${service.url}/__local/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ apiKey: service.apiKey }) });
    assert.equal(response.status, 204);
    const cookies = response.headers.getSetCookie();
    assert.deepEqual(cookies, [
      `connect.sid=s%3A${service.apiKey}; Path=/; HttpOnly; SameSite=Lax`,
      `substack.sid=s%3A${service.apiKey}; Path=/; HttpOnly; SameSite=Lax`,
    ]);
    const jar = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
    assert.equal((await api('/api/v1/subscription', { cookie: jar })).status, 200);

    const out = await fetch(`${service.url}/__local/sign-out`, { method: 'POST' });
    assert.equal(out.status, 204);
    assert.ok(out.headers.getSetCookie().every((cookie) => /Max-Age=0/.test(cookie)));
  });
});

describe('faults', () => {
  test('429 with Retry-After, limited by times, only on the matching path and method', async () => {
    await addFault({ method: 'GET', path: '/api/v1/posts', times: 1, status: 429, retryAfter: '1' });
    const other = await api('/api/v1/subscription');
    assert.equal(other.status, 200);
    await other.arrayBuffer();
    const limited = await api('/api/v1/posts');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.equal(limited.headers.get('content-type'), JSON_TYPE);
    assert.deepEqual(await limited.json(), { error: 'Too Many Requests' });
    const fine = await api('/api/v1/posts');
    assert.equal(fine.status, 200);
    await fine.arrayBuffer();
    const listed = await (await control('/__control/faults')).json();
    assert.equal(listed[0].hits, 1);
    assert.equal(listed[0].remaining, 0);
  });

  test('HTML error page', async () => {
    await addFault({ pathPrefix: '/api/v1/', status: 502, html: true, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' });
    const response = await api('/api/v1/notes');
    assert.equal(response.status, 502);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('retry-after'), 'Wed, 21 Oct 2015 07:28:00 GMT');
    assert.match(await response.text(), /<html>[\s\S]*502 Bad Gateway/);
  });

  test('HTML page of the test\'s choosing (html with body)', async () => {
    const page = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>checking</body></html>';
    await addFault({ path: '/api/v1/posts', status: 403, html: true, body: page, times: 1 });
    const response = await api('/api/v1/posts');
    assert.equal(response.status, 403);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(await response.text(), page);
  });

  test('truncate "length": full Content-Length, connection cut halfway', async () => {
    await addFault({ path: '/api/v1/posts', truncate: 'length', times: 1 });
    const response = await api('/api/v1/posts?limit=2');
    assert.equal(response.status, 200);
    const announced = Number(response.headers.get('content-length'));
    assert.ok(announced > 1000);
    await assert.rejects(response.text());
  });

  test('truncate "short": complete HTTP message, invalid JSON', async () => {
    await addFault({ path: '/api/v1/posts', truncate: 'short', times: 1 });
    const response = await api('/api/v1/posts?limit=2');
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.equal(Buffer.byteLength(text), Number(response.headers.get('content-length')));
    assert.throws(() => JSON.parse(text));
    const normal = await api('/api/v1/posts?limit=2');
    assert.ok(Buffer.byteLength(await normal.text()) > Buffer.byteLength(text));
  });

  test('truncate true means "length"', async () => {
    await addFault({ path: '/api/v1/subscription', truncate: true, times: 1 });
    const response = await api('/api/v1/subscription');
    await assert.rejects(response.text());
  });

  test('drop: no response at all', async () => {
    await addFault({ path: '/api/v1/subscription', drop: true, times: 1 });
    await assert.rejects(api('/api/v1/subscription'));
    const log = await (await control('/__control/requests')).json();
    assert.equal(log.at(-1).status, null);
    assert.equal(typeof log.at(-1).fault, 'number');
    assert.equal((await api('/api/v1/subscription')).status, 200);
  });

  test('latency delays the normal response', async () => {
    await addFault({ path: '/api/v1/subscription', latencyMs: 300, times: 1 });
    const started = Date.now();
    const response = await api('/api/v1/subscription');
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    assert.ok(Date.now() - started >= 290);
  });

  test('in-flight: the most /api requests handled at once, and DELETE starts counting again', async () => {
    const inFlight = async () => (await control('/__control/in-flight')).json();
    assert.equal((await control('/__control/in-flight', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await inFlight(), { now: 0, peak: 0 });
    await addFault({ pathPrefix: '/api/v1/', latencyMs: 150 });
    // Three at once, then one: the peak is 3, and control requests are never counted.
    const answers = await Promise.all([1, 2, 3].map(() => api('/api/v1/subscription')));
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    await (await api('/api/v1/subscription')).arrayBuffer();
    assert.deepEqual(await inFlight(), { now: 0, peak: 3 });
    const pending = api('/api/v1/feed/following');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(await inFlight(), { now: 1, peak: 3 });
    assert.equal((await control('/__control/in-flight', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await inFlight(), { now: 1, peak: 1 });
    await (await pending).arrayBuffer();
    assert.deepEqual(await inFlight(), { now: 0, peak: 1 });
  });

  test('probability is seeded: the same spec fails the same requests', async () => {
    const pattern = async () => {
      await addFault({ path: '/api/v1/subscription', probability: 0.5, status: 503 });
      const statuses = [];
      for (let i = 0; i < 24; i++) {
        const response = await api('/api/v1/subscription');
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      await control('/__control/faults', { method: 'DELETE' });
      return statuses;
    };
    const first = await pattern();
    const second = await pattern();
    assert.deepEqual(first, second);
    assert.ok(first.includes(503) && first.includes(200));
  });

  test('first matching fault with times left applies; DELETE clears', async () => {
    await addFault({ path: '/api/v1/subscription', status: 500, times: 1 });
    await addFault({ pathPrefix: '/api/', status: 503, times: 1 });
    assert.equal((await api('/api/v1/subscription')).status, 500);
    assert.equal((await api('/api/v1/subscription')).status, 503);
    assert.equal((await api('/api/v1/subscription')).status, 200);
    await addFault({ pathPrefix: '/api/', status: 500 });
    assert.equal((await control('/__control/faults', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await (await control('/__control/faults')).json(), []);
    assert.equal((await api('/api/v1/subscription')).status, 200);
  });

  test('invalid fault specs are 400', async () => {
    for (const spec of [{}, { status: 42 }, { status: 500, drop: true }, { truncate: 'half' }, { status: 500, nonsense: 1 }, { retryAfter: '1', latencyMs: 5 }, { drop: true, times: 0 }, { status: 500, probability: 2 }]) {
      const response = await control('/__control/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(spec) });
      assert.equal(response.status, 400, JSON.stringify(spec));
      assert.equal(typeof (await response.json()).error, 'string');
    }
  });
});

describe('request log', () => {
  test('raw URL, headers and body as received; 401/404 and preflights included; control requests not', async () => {
    const cursor = 'ab+c/d==';
    await (await api(`/api/v1/notes?cursor=${encodeURIComponent(cursor)}&x=%C3%BC`, { headers: { 'X-Test-Header': 'Value 1' } })).arrayBuffer();
    await (await api('/api/v1/posts', { cookie: null })).arrayBuffer();
    await (await api('/api/v1/nothing')).arrayBuffer();
    const body = JSON.stringify(noteRequest([[{ type: 'text', text: 'logged ü ✅' }]]));
    await (await publish(body)).arrayBuffer();
    await (await fetch(`${service.url}/api/v1/comment/feed`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:1', 'Access-Control-Request-Method': 'POST' } })).arrayBuffer();
    await (await control('/__control/info')).arrayBuffer();

    const log = await (await control('/__control/requests')).json();
    assert.equal(log.length, 5);
    const [notes, unauthorized, missing, posted, preflight] = log;
    assert.equal(notes.url, '/api/v1/notes?cursor=ab%2Bc%2Fd%3D%3D&x=%C3%BC');
    assert.equal(notes.method, 'GET');
    assert.equal(notes.headers['x-test-header'], 'Value 1');
    assert.equal(notes.headers.cookie, `connect.sid=s%3A${service.apiKey}`);
    assert.equal(notes.status, 400);
    assert.equal(notes.preflight, false);
    assert.equal(typeof notes.time, 'number');
    assert.ok(Math.abs(notes.time - Date.now()) < 60_000);
    assert.equal(unauthorized.status, 401);
    assert.equal(unauthorized.headers.cookie, undefined);
    assert.equal(missing.status, 404);
    assert.equal(posted.method, 'POST');
    assert.equal(posted.body, body);
    assert.equal(posted.headers['content-type'], 'application/json');
    assert.equal(preflight.method, 'OPTIONS');
    assert.equal(preflight.preflight, true);
    assert.ok(log.every((entry, i) => i === 0 || entry.seq > log[i - 1].seq));

    assert.equal((await control('/__control/requests', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await (await control('/__control/requests')).json(), []);
  });

  test('reset clears the log, faults and published notes', async () => {
    const note = await (await publish(noteRequest([[{ type: 'text', text: 'temporary' }]]))).json();
    await addFault({ path: '/api/v1/feed/following', status: 500 });
    assert.equal((await control('/__control/reset', { method: 'POST' })).status, 204);
    assert.deepEqual(await (await control('/__control/requests')).json(), []);
    assert.deepEqual(await (await control('/__control/faults')).json(), []);
    assert.equal((await api(`/api/v1/reader/comment/${note.id}`)).status, 404);
    assert.equal((await api('/api/v1/feed/following')).status, 200);
  });
});

describe('determinism and data generation', () => {
  test('the same seed gives the same data; another seed does not', async () => {
    const one = await startLocalService({ port: 0, seed: 7, posts: 30 });
    const two = await startLocalService({ port: 0, seed: 7, posts: 30 });
    const three = await startLocalService({ port: 0, seed: 8, posts: 30 });
    try {
      const get = async (instance, path) => (await fetch(instance.url + path, { headers: { Cookie: `substack.sid=${instance.apiKey}` } })).json();
      const [a, b, c] = await Promise.all([one, two, three].map((instance) => get(instance, '/api/v1/posts?limit=50')));
      assert.equal(a.length, 30);
      assert.deepEqual(a, b);
      assert.notDeepEqual(a.map((post) => post.id), c.map((post) => post.id));
      const [notesA, notesB] = await Promise.all([one, two].map((instance) => get(instance, '/api/v1/notes')));
      assert.deepEqual(notesA.items, notesB.items);
    } finally {
      await Promise.all([one, two, three].map((instance) => instance.close()));
    }
  });

});

describe('the project\'s fixtures', () => {
  test('fixtures/service/ is what local-service/fixtures.mjs exports today', async () => {
    const stale = staleFixtures(await exportFixtures());
    assert.deepEqual(stale, [], 'run: node local-service/fixtures.mjs');
  });
});

// The real samples are not part of the project: without them this check is skipped,
// and under CI (CI=true) their absence fails it.
const SAMPLES_DIR = fileURLToPath(new URL('../../../shared/fixtures/real-samples/', import.meta.url));
const samplesMissing = !existsSync(join(SAMPLES_DIR, 'MANIFEST.tsv'));
const skipShapes = samplesMissing && process.env.CI !== 'true' ? `the real samples are not beside the project (${SAMPLES_DIR})` : false;

describe('shape check against the real samples', () => {
  test('check-shapes.mjs passes', { skip: skipShapes }, async () => {
    assert.ok(!samplesMissing, `CI=true but the real samples are missing: ${SAMPLES_DIR}`);
    const { code, stdout } = await runNode(['check-shapes.mjs'], { cwd: SERVICE_DIR });
    assert.equal(code, 0, stdout);
    assert.match(stdout, /check-shapes: OK/);
  });
});

describe('process entry points', () => {
  test('server.mjs prints one JSON line, serves, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['server.mjs', '--port', '0', '--seed', '5', '--posts', '12', '--api-key', 'cli-key'], { cwd: SERVICE_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collect(child.stdout);
    const line = await firstLine(child.stdout);
    const ready = JSON.parse(line);
    assert.deepEqual(Object.keys(ready), ['url', 'apiKey', 'seed', 'posts']);
    assert.match(ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual([ready.apiKey, ready.seed, ready.posts], ['cli-key', 5, 12]);
    const response = await fetch(`${ready.url}/api/v1/posts?limit=50`, { headers: { Cookie: 'connect.sid=s%3Acli-key' } });
    assert.equal((await response.json()).length, 12);
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.kill('SIGTERM');
    assert.deepEqual(await exited, { code: 0, signal: null });
    assert.equal(stdout(), `${line}\n`);
  });

  test('server.mjs stops when its stdin pipe closes', async () => {
    const child = spawn(process.execPath, ['server.mjs'], { cwd: SERVICE_DIR, stdio: ['pipe', 'pipe', 'ignore'] });
    await firstLine(child.stdout);
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin.end();
    assert.equal(await exited, 0);
  });

  test('server.mjs reads options from the environment; flags win; bad flags exit 2', async () => {
    const child = spawn(process.execPath, ['server.mjs', '--seed', '9'], {
      cwd: SERVICE_DIR,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, PUBLISHER_LOCAL_POSTS: '7', PUBLISHER_LOCAL_SEED: '4' },
    });
    const ready = JSON.parse(await firstLine(child.stdout));
    assert.equal(ready.posts, 7);
    assert.equal(ready.seed, 9);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    for (const args of [['--nope'], ['--port'], ['--posts', 'many'], ['--host', '0.0.0.0']]) {
      const { code } = await runNode(['server.mjs', ...args], { cwd: SERVICE_DIR });
      assert.equal(code, 2, args.join(' '));
    }
  });

  test('spawnLocalService starts a child and close() stops it', async () => {
    const child = await spawnLocalService({ port: 0, seed: 3, posts: 5, apiKey: 'spawned' });
    try {
      assert.equal(child.apiKey, 'spawned');
      assert.equal(child.posts, 5);
      const response = await fetch(`${child.url}/api/v1/posts`, { headers: { Cookie: 'substack.sid=spawned' } });
      assert.equal((await response.json()).length, 5);
    } finally {
      await child.close();
    }
    assert.ok(child.child.exitCode !== null || child.child.signalCode !== null);
  });
});

// ---- helpers for child processes ---------------------------------------------------------

function collect(stream) {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    text += chunk;
  });
  return () => text;
}

function firstLine(stream) {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk) => {
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline >= 0) {
        stream.off('data', onData);
        resolve(text.slice(0, newline));
      }
    };
    stream.setEncoding('utf8');
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`stream ended before a line: ${text}`)));
  });
}

function runNode(args, { cwd }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    child.once('exit', (code) => resolve({ code, stdout: stdout(), stderr: stderr() }));
  });
}
