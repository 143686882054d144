// Posts, configuration and errors, against the local service. The same scenarios run
// in Node, Deno and headless Chromium; each asserts the result and what went on the wire.
import { deepEqual, equal, match, ok, rejects, throws } from './assert.mjs';
import { assertRecord } from './records.mjs';
import { assertSession, onlyRequest } from './wire.mjs';

const PAID = ['only_paid', 'founding'];
// These scenarios check how one failed answer maps to an error; retrying has its own.
const NO_RETRY = { retry: false };

function assertPostRecord(post, where) {
  assertRecord(post, 'PublisherPost', where);
  equal(post.paywalled, PAID.includes(post.audience), `${where}.paywalled follows audience ${post.audience}`);
}

/** The record equals what the service sent, plus the two derived fields. */
function assertPassThrough(post, raw, where) {
  const { published, paywalled, ...rest } = post;
  deepEqual(rest, raw, `${where} passes every service field through untouched`);
  equal(published, raw.is_published ?? true, `${where}.published`);
}

async function assertNothingSent(service) {
  equal((await service.apiRequests()).length, 0, 'no request went out');
}

function assertPublisherError(ctx, error, kind) {
  ok(error instanceof ctx.PublisherError, `instanceof PublisherError (${error})`);
  ok(error instanceof Error, 'instanceof Error');
  equal(error.name, 'PublisherError');
  equal(error.kind, kind, `kind (message: ${error.message})`);
  equal(typeof error.message, 'string');
  const everything = `${error.message} ${String(error)} ${JSON.stringify(error)} ${error.stack ?? ''}`;
  ok(!everything.includes(ctx.service.apiKey), 'the API key appears nowhere in the error');
}

export const postScenarios = [
  ['getPosts returns typed posts with every service field, on GET /api/v1/posts', async (ctx) => {
    const client = ctx.client();
    const posts = await client.getPosts();
    const request = await onlyRequest(ctx.service);
    equal(request.method, 'GET');
    equal(request.url, '/api/v1/posts');
    assertSession(request, ctx.service);
    ok(Array.isArray(posts) && posts.length > 0, 'an array of posts');
    const raw = await ctx.service.raw('/api/v1/posts');
    equal(posts.length, raw.length);
    posts.forEach((post, i) => {
      assertPostRecord(post, `posts[${i}]`);
      assertPassThrough(post, raw[i], `posts[${i}]`);
    });
  }],

  ['getPosts sends offset and limit and pages through the publication', async (ctx) => {
    const client = ctx.client();
    const first = await client.getPosts({ offset: 0, limit: 7 });
    const second = await client.getPosts({ offset: 7, limit: 7 });
    const urls = (await ctx.service.apiRequests()).map((r) => r.url);
    deepEqual(urls, ['/api/v1/posts?offset=0&limit=7', '/api/v1/posts?offset=7&limit=7']);
    equal(first.length, 7);
    equal(second.length, 7);
    const ids = new Set([...first, ...second].map((p) => p.id));
    equal(ids.size, 14, 'pages do not overlap');
    const dates = [...first, ...second].map((p) => Date.parse(p.post_date));
    ok(dates.every((date, i) => i === 0 || dates[i - 1] >= date), 'the second page continues the first, newest first');
  }],

  ['getPosts over the whole publication derives paywalled for every audience', async (ctx) => {
    const client = ctx.client();
    const audiences = new Set();
    for (let offset = 0; ; offset += 50) {
      const page = await client.getPosts({ offset, limit: 50 });
      page.forEach((post, i) => {
        assertPostRecord(post, `posts[${offset + i}]`);
        audiences.add(post.audience);
      });
      if (page.length < 50) break;
    }
    deepEqual([...audiences].sort(), ['everyone', 'founding', 'only_free', 'only_paid'], 'every audience was checked');
  }],

  ['getPost(slug) reads GET /api/v1/posts/<slug> and equals getPostById', async (ctx) => {
    const client = ctx.client();
    const [listed] = await client.getPosts({ limit: 1 });
    await ctx.service.clearRequests();
    const bySlug = await client.getPost(listed.slug);
    const request = await onlyRequest(ctx.service);
    equal(request.url, `/api/v1/posts/${encodeURIComponent(listed.slug)}`);
    assertSession(request, ctx.service);
    assertPostRecord(bySlug, 'getPost');
    await ctx.service.clearRequests();
    const byId = await client.getPostById(listed.id);
    equal((await onlyRequest(ctx.service)).url, `/api/v1/posts/by-id/${listed.id}`);
    assertPostRecord(byId, 'getPostById');
    deepEqual(byId, bySlug, 'the same post by slug and by id');
  }],

  ['getPostById unwraps the {post, publication, publicationSettings} answer', async (ctx) => {
    const client = ctx.client();
    const [listed] = await client.getPosts({ offset: 3, limit: 1 });
    const post = await client.getPostById(listed.id);
    const raw = await ctx.service.raw(`/api/v1/posts/by-id/${listed.id}`);
    ok(raw.post && raw.publication && raw.publicationSettings, 'the service wraps the post');
    assertPassThrough(post, raw.post, 'getPostById');
    equal(post.published, raw.post.is_published);
  }],

  ['searchPosts sends every parameter percent-encoded and returns {total, results}', async (ctx) => {
    const client = ctx.client();
    const all = await client.searchPosts({ query: '' });
    ok(Number.isSafeInteger(all.total) && all.total > 0, 'total');
    ok(Array.isArray(all.results));
    all.results.forEach((post, i) => assertPostRecord(post, `results[${i}]`));
    await ctx.service.clearRequests();
    const filtered = await client.searchPosts({
      query: 'a&b c+d/é#?=',
      offset: 0,
      limit: 5,
      type: 'podcast',
      published_after: '2001-01-01',
      published_before: '2100-01-01T00:00:00Z',
    });
    equal(
      (await onlyRequest(ctx.service)).url,
      '/api/v1/search?query=a%26b%20c%2Bd%2F%C3%A9%23%3F%3D&offset=0&limit=5&type=podcast'
        + '&published_after=2001-01-01&published_before=2100-01-01T00%3A00%3A00Z',
    );
    equal(typeof filtered.total, 'number');
    const podcasts = await client.searchPosts({ query: '', type: 'podcast', limit: 50 });
    ok(podcasts.results.length > 0, 'the local service has podcasts');
    ok(podcasts.results.every((p) => p.type === 'podcast'), 'type filter');
    ok(podcasts.total <= all.total);
  }],

  ['searchPosts falls back to the archive search when the search path answers 404', async (ctx) => {
    await ctx.service.fault({ method: 'GET', path: '/api/v1/search', status: 404 });
    const found = await ctx.client().searchPosts({ query: '', type: 'newsletter', offset: 2, limit: 10 });
    const urls = (await ctx.service.apiRequests()).map((r) => r.url);
    deepEqual(urls, [
      '/api/v1/search?query=&offset=2&limit=10&type=newsletter',
      '/api/v1/archive?sort=new&search=&offset=2&limit=10',
    ]);
    equal(found.totalIsLowerBound, true);
    ok(found.results.length > 0 && found.results.every((p) => p.type === 'newsletter'), 'type applied locally');
    found.results.forEach((post, i) => assertPostRecord(post, `results[${i}]`));
    ok(found.total >= 2 + found.results.length, 'total counts at least the posts up to this page');
  }],

  ['a non-ASCII slug is percent-encoded as one path segment', async (ctx) => {
    const client = ctx.client();
    const error = await rejects(client.getPost('café-ünïcode'));
    assertPublisherError(ctx, error, 'http');
    equal(error.status, 404);
    equal((await onlyRequest(ctx.service)).url, '/api/v1/posts/caf%C3%A9-%C3%BCn%C3%AFcode');
  }],

  ['bad arguments reject with invalid-argument and send nothing', async (ctx) => {
    const client = ctx.client();
    const calls = [
      ['getPostById(1.5)', () => client.getPostById(1.5)],
      ['getPostById(-1)', () => client.getPostById(-1)],
      ['getPostById(2**53)', () => client.getPostById(2 ** 53)],
      ['getPostById(NaN)', () => client.getPostById(Number.NaN)],
      ["getPostById('12')", () => client.getPostById('12')],
      ['getPostById()', () => client.getPostById()],
      ["getPost('')", () => client.getPost('')],
      ["getPost('a/b')", () => client.getPost('a/b')],
      ["getPost('a?b')", () => client.getPost('a?b')],
      ["getPost('a#b')", () => client.getPost('a#b')],
      ["getPost('..')", () => client.getPost('..')],
      ["getPost('a\\u0000b')", () => client.getPost('a\u0000b')],
      ['getPost(42)', () => client.getPost(42)],
      ['getPosts({limit: 0})', () => client.getPosts({ limit: 0 })],
      ['getPosts({limit: 2.5})', () => client.getPosts({ limit: 2.5 })],
      ["getPosts({limit: '10'})", () => client.getPosts({ limit: '10' })],
      ['getPosts({offset: -1})', () => client.getPosts({ offset: -1 })],
      ['getPosts(5)', () => client.getPosts(5)],
      ['searchPosts({})', () => client.searchPosts({})],
      ["searchPosts({query: 'x', type: 'video'})", () => client.searchPosts({ query: 'x', type: 'video' })],
      ["searchPosts({query: 'x', published_after: 'yesterday'})", () => client.searchPosts({ query: 'x', published_after: 'yesterday' })],
    ];
    for (const [label, call] of calls) {
      const error = await rejects(call(), `${label} should reject`);
      assertPublisherError(ctx, error, 'invalid-argument');
      equal(error.status, undefined, `${label} has no status`);
    }
    await assertNothingSent(ctx.service);
  }],

  ['a bad configuration throws a config PublisherError from the constructor', async (ctx) => {
    const configs = [
      {},
      { apiKey: '' },
      { apiKey: 42 },
      { apiKey: 'k', hostname: 'https://pub.example.com' },
      { apiKey: 'k', hostname: 'pub.example.com/path' },
      { apiKey: 'k', hostname: 'pub example.com' },
      { apiKey: 'k', baseUrl: 'not a url' },
      { apiKey: 'k', cookieName: 'session' },
      { apiKey: 'key; injected=1' },
    ];
    for (const config of configs) {
      const error = throws(() => new ctx.Publisher(config), `${JSON.stringify(config)} should throw`);
      assertPublisherError(ctx, error, 'config');
    }
    assertPublisherError(ctx, throws(() => new ctx.Publisher()), 'config');
    await assertNothingSent(ctx.service);
  }],

  ['401 from the service is an http PublisherError with the response', async (ctx) => {
    const error = await ctx.withoutSession(async (client) => rejects(client.getPosts()));
    assertPublisherError(ctx, error, 'http');
    equal(error.status, 401);
    equal(error.response.status, 401);
    equal(typeof error.response.statusText, 'string');
    equal(typeof error.response.headers, 'object');
    match(error.response.headers['content-type'], /application\/json/);
    ok(error.response.body.length > 0, 'body text kept');
    match(error.message, /HTTP 401/);
  }],

  ['404 for an unknown post id and slug', async (ctx) => {
    const client = ctx.client();
    const byId = await rejects(client.getPostById(1));
    assertPublisherError(ctx, byId, 'http');
    equal(byId.status, 404);
    match(byId.message, /\/api\/v1\/posts\/by-id\/1 failed: HTTP 404/);
    const bySlug = await rejects(client.getPost('no-such-post'));
    equal(bySlug.status, 404);
  }],

  ['500 is an http PublisherError that quotes the service', async (ctx) => {
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', status: 500, times: 1 });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    assertPublisherError(ctx, error, 'http');
    equal(error.status, 500);
    equal(error.response.status, 500);
  }],

  ['an HTML error page is an http PublisherError with opaque text', async (ctx) => {
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', status: 502, html: true, times: 1 });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    assertPublisherError(ctx, error, 'http');
    equal(error.status, 502);
    match(error.response.body, /<html/i);
    ok(error.message.length < 400, 'the page is not pasted whole into the message');
  }],

  ['an HTML page with status 200 is an invalid-response PublisherError', async (ctx) => {
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', status: 200, html: true, times: 1 });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    assertPublisherError(ctx, error, 'invalid-response');
    equal(error.status, 200);
    match(error.message, /not valid JSON/);
  }],

  ['a truncated 200 body is a PublisherError, never a SyntaxError', async (ctx) => {
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', truncate: 'short', times: 1 });
    const short = await rejects(ctx.client(NO_RETRY).getPosts({ limit: 5 }));
    assertPublisherError(ctx, short, 'invalid-response');
    equal(short.status, 200);
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', truncate: 'length', times: 1 });
    const cut = await rejects(ctx.client(NO_RETRY).getPosts({ limit: 5 }));
    // The connection closed before Content-Length bytes arrived: the response never completed.
    assertPublisherError(ctx, cut, 'network');
  }],

  ['a dropped connection is a network PublisherError', async (ctx) => {
    // Every attempt is dropped: Deno's HTTP client silently resends a request whose
    // pooled connection closed before any answer, so a one-shot drop may not surface.
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', drop: true });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    assertPublisherError(ctx, error, 'network');
    equal(error.status, undefined);
    match(error.message, /GET .*\/api\/v1\/posts failed/);
  }],

  ['a refused connection is a network PublisherError', async (ctx) => {
    const client = new ctx.Publisher({ apiKey: ctx.service.apiKey, baseUrl: 'http://127.0.0.1:9' });
    const error = await rejects(client.getPosts());
    assertPublisherError(ctx, error, 'network');
  }],

  ['records missing a required field are invalid-response errors naming field and record', async (ctx) => {
    await ctx.service.fault({ method: 'GET', path: '/api/v1/posts', status: 200, body: '[{"id": 1, "title": "x"}]', times: 1 });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    assertPublisherError(ctx, error, 'invalid-response');
    match(error.message, /post \[0\].*field `slug` is missing/);
  }],
];
