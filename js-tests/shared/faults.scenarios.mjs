// Hard to break: retries that honour Retry-After, timeouts, aborts, publishing that is
// never sent twice, hostile input, and the API key kept out of everything, against the
// local service's fault controls. Timings are asserted only as lower bounds with slack,
// which a slow machine cannot break.
import { equal, match, ok, rejects } from './assert.mjs';

// Fast backoff so scenarios of plain retries take milliseconds; Retry-After still rules.
const FAST = { retry: { retries: 3, baseDelayMs: 20, maxDelayMs: 100 } };
const POSTS = { method: 'GET', path: '/api/v1/posts' };
const PUBLISH = { method: 'POST', path: '/api/v1/comment/feed' };

async function apiCalls(service, method, path) {
  return (await service.apiRequests()).filter((r) => r.method === method && r.url.split('?')[0] === path);
}

function assertKind(ctx, error, kind) {
  ok(error instanceof ctx.PublisherError, `a PublisherError (${error})`);
  equal(error.kind, kind, `kind (message: ${error.message})`);
}

async function publishedCount(service) {
  return (await (await fetch(`${service.url}/__control/info`)).json()).publishedNoteIds.length;
}

export const faultScenarios = [
  ['a read retried after 429 waits the Retry-After seconds, then succeeds', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 429, retryAfter: '1', times: 1 });
    const posts = await ctx.client(FAST).getPosts({ limit: 2 });
    equal(posts.length, 2);
    const calls = await apiCalls(ctx.service, 'GET', '/api/v1/posts');
    equal(calls.length, 2, 'one retry');
    equal(calls[0].status, 429);
    ok(calls[1].time - calls[0].time >= 900, `waited ${calls[1].time - calls[0].time} ms (Retry-After: 1)`);
  }],

  ['a read retried after 503 with an HTTP-date Retry-After waits until that date', async (ctx) => {
    const date = new Date(Date.now() + 2500).toUTCString();
    await ctx.service.fault({ ...POSTS, status: 503, retryAfter: date, times: 1 });
    await ctx.client(FAST).getPosts({ limit: 1 });
    const calls = await apiCalls(ctx.service, 'GET', '/api/v1/posts');
    equal(calls.length, 2);
    // The date has whole seconds: at least 1.5 s of the 2.5 s remain.
    ok(calls[1].time - calls[0].time >= 1400, `waited ${calls[1].time - calls[0].time} ms`);
  }],

  ['a read survives one 500, 502 page, 503, truncated body or dropped connection each', async (ctx) => {
    const faults = [
      { status: 500 },
      { status: 502, html: true },
      { status: 503 },
      { truncate: 'short' },
      { truncate: 'length' },
      { drop: true },
    ];
    const client = ctx.client(FAST);
    for (const fault of faults) {
      await ctx.service.reset();
      await ctx.service.fault({ ...POSTS, ...fault, times: 1 });
      const posts = await client.getPosts({ limit: 3 });
      equal(posts.length, 3, JSON.stringify(fault));
      const calls = await apiCalls(ctx.service, 'GET', '/api/v1/posts');
      ok(calls.length >= 2, `${JSON.stringify(fault)}: retried (${calls.length} requests)`);
    }
  }],

  ['a read that keeps failing ends with the last error and the number of attempts', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 503 });
    const error = await rejects(ctx.client(FAST).getPosts());
    assertKind(ctx, error, 'http');
    equal(error.status, 503);
    equal(error.attempts, 4);
    match(error.message, /gave up after 4 attempts/);
    equal((await apiCalls(ctx.service, 'GET', '/api/v1/posts')).length, 4);
  }],

  ['a Retry-After beyond the cap fails at once instead of sleeping', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 429, retryAfter: '3600' });
    const started = Date.now();
    const error = await rejects(ctx.client(FAST).getPosts());
    assertKind(ctx, error, 'http');
    equal(error.status, 429);
    ok(Date.now() - started < 3000, 'did not sleep an hour');
    equal((await apiCalls(ctx.service, 'GET', '/api/v1/posts')).length, 1);
  }],

  ['publishing is retried after 429 and 503 with Retry-After, and publishes once', async (ctx) => {
    await ctx.service.fault({ ...PUBLISH, status: 429, retryAfter: '1', times: 1 });
    await ctx.service.fault({ ...PUBLISH, status: 503, retryAfter: '1', times: 1 });
    const before = await publishedCount(ctx.service);
    const response = await ctx.client(FAST).publishNote('retried politely');
    equal(response.body, 'retried politely');
    const calls = await apiCalls(ctx.service, 'POST', '/api/v1/comment/feed');
    equal(calls.length, 3);
    ok(calls[1].time - calls[0].time >= 900 && calls[2].time - calls[1].time >= 900, 'waited Retry-After each time');
    equal(await publishedCount(ctx.service), before + 1, 'one note');
  }],

  ['publishing after a 5xx, a cut-off answer or a dropped connection is not resent; read back, it resolves or says it may exist', async (ctx) => {
    const faults = [{ status: 500 }, { status: 502, html: true }, { status: 503 }, { truncate: 'short' }, { drop: true }];
    for (const fault of faults) {
      await ctx.service.reset();
      await ctx.service.fault({ ...PUBLISH, ...fault });
      if (fault.truncate) {
        // The service stored the note before its answer was cut: the read-back finds it.
        const note = await ctx.client(FAST).publishNote('only once');
        equal(note.body, 'only once', 'resolved with the stored note');
      } else {
        const error = await rejects(ctx.client(FAST).publishNote('only once'), JSON.stringify(fault));
        assertKind(ctx, error, 'maybe-published');
        match(error.message, /may have been published/);
        match(error.message, /read back/);
      }
      const calls = await apiCalls(ctx.service, 'POST', '/api/v1/comment/feed');
      // Below fetch, Deno's and Chromium's HTTP stacks resend a request once when a
      // reused keep-alive connection closes before any answer; no script can turn
      // that off. The client itself sends once: exactly one request in Node.
      const platformResends = fault.drop && ctx.runtime !== 'node' ? 1 : 0;
      ok(calls.length >= 1 && calls.length <= 1 + platformResends, `${JSON.stringify(fault)}: sent ${calls.length} times`);
    }
  }],

  ['a response slower than the timeout rejects with kind timeout and is not retried', async (ctx) => {
    await ctx.service.fault({ ...POSTS, latencyMs: 5000 });
    const started = Date.now();
    const error = await rejects(ctx.client({ ...FAST, timeoutMs: 300 }).getPosts());
    assertKind(ctx, error, 'timeout');
    match(error.message, /300 ms/);
    ok(Date.now() - started < 4000, 'gave up long before the answer');
    equal((await apiCalls(ctx.service, 'GET', '/api/v1/posts')).length, 1);
  }],

  ['an abort during a Retry-After wait stops at once with kind aborted and the reason as cause', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 429, retryAfter: '10' });
    const controller = new AbortController();
    const reason = new Error('the user left');
    setTimeout(() => controller.abort(reason), 300);
    const started = Date.now();
    const error = await rejects(ctx.client(FAST).getPosts({}, { signal: controller.signal }));
    assertKind(ctx, error, 'aborted');
    equal(error.cause, reason, 'cause is the signal reason');
    ok(Date.now() - started < 5000, 'did not wait the 10 s');
    equal((await apiCalls(ctx.service, 'GET', '/api/v1/posts')).length, 1);
  }],

  ['an abort during a slow request, or before it, rejects with kind aborted', async (ctx) => {
    await ctx.service.fault({ ...POSTS, latencyMs: 3000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    assertKind(ctx, await rejects(ctx.client().getPosts({}, { signal: controller.signal })), 'aborted');
    await ctx.service.reset();
    const error = await rejects(ctx.client().getPostById(1, { signal: AbortSignal.abort('not now') }));
    assertKind(ctx, error, 'aborted');
    equal(error.cause, 'not now');
    equal((await ctx.service.apiRequests()).length, 0, 'nothing sent for an already-aborted signal');
    const clientWide = ctx.client({ signal: AbortSignal.abort() });
    assertKind(ctx, await rejects(clientWide.getPosts()), 'aborted');
  }],

  ['next() and for await of note pages obey the signal of their call, or their own', async (ctx) => {
    const controller = new AbortController();
    const first = await ctx.client().getNotes({}, { signal: controller.signal });
    ok(first.hasMore(), 'the feed has more pages');
    assertKind(ctx, await rejects(first.next({ signal: AbortSignal.abort() })), 'aborted');
    controller.abort(new Error('walk stopped'));
    assertKind(ctx, await rejects(first.next()), 'aborted');
    let seen = 0;
    const walk = (async () => {
      for await (const note of first) {
        if (note) seen += 1;
      }
    })();
    const error = await rejects(walk);
    assertKind(ctx, error, 'aborted');
    equal(error.cause?.message, 'walk stopped');
    equal(seen, first.items.length, 'the first page, then the abort');
    equal((await ctx.service.apiRequests()).length, 1, 'no further page was requested');
  }],

  ['a non-signal in options is an invalid-argument, and nothing is sent', async (ctx) => {
    const error = await rejects(ctx.client().getPosts({}, { signal: 'stop' }));
    assertKind(ctx, error, 'invalid-argument');
    equal((await ctx.service.apiRequests()).length, 0);
  }],

  ['getFollowingProfiles reports progress, keeps the order of the ids and honours an abort', async (ctx) => {
    const client = ctx.client({ concurrency: 2 });
    const ids = await client.getFollowingIds();
    const seen = [];
    const profiles = await client.getFollowingProfiles({ onProgress: (done, total) => seen.push([done, total]) });
    equal(profiles.length, ids.length);
    profiles.forEach((profile, i) => equal(profile.id, ids[i], `profile ${i} in id order`));
    equal(seen[0][0], 0);
    equal(seen.at(-1)[0], ids.length);
    ok(seen.every(([, total]) => total === ids.length));
    const error = await rejects(client.getFollowingProfiles({ signal: AbortSignal.abort() }));
    assertKind(ctx, error, 'aborted');
  }],

  ['hostile arguments give clear errors and the wasm instance keeps answering', async (ctx) => {
    const client = ctx.client();
    const throwing = { get limit() { throw new Error('getter says no'); } };
    const hostile = [
      () => client.getPostById(Symbol('id')),
      () => client.getPostById(10n),
      () => client.getPostById({ valueOf: () => 5 }),
      () => client.getPost('\uD800'),
      () => client.getPost('x'.repeat(100_000)),
      () => client.getPosts(throwing),
      () => client.getPosts(new Proxy({}, { get() { throw new Error('trap'); } })),
      () => client.searchPosts(null),
      () => client.publishNote(''),
      () => client.publishNote({ toString: () => 'sneaky' }),
      () => client.getNotes({ cursor: '' }),
      () => client.getComments(-0.5),
    ];
    for (const [index, call] of hostile.entries()) {
      let error;
      try {
        error = await rejects(Promise.resolve().then(call), `hostile call ${index} should reject`);
      } catch (thrown) {
        error = thrown;
      }
      ok(error instanceof ctx.PublisherError, `hostile call ${index}: a PublisherError, got ${error}`);
    }
    equal((await ctx.service.apiRequests()).length, 0, 'none of them went on the wire');
    equal((await client.getPosts({ limit: 1 })).length, 1, 'the instance still answers');
  }],

  ['the API key appears in no error, toString, JSON, response or console line', async (ctx) => {
    const key = ctx.service.apiKey;
    const lines = [];
    const methods = ['log', 'info', 'warn', 'error', 'debug'];
    const originals = Object.fromEntries(methods.map((m) => [m, console[m]]));
    for (const m of methods) console[m] = (...args) => lines.push(args.map(String).join(' '));
    const errors = [];
    try {
      const client = ctx.client({ ...FAST, timeoutMs: 300 });
      const collect = async (promise) => errors.push(await rejects(promise));
      await ctx.withoutSession((unknown) => collect(unknown.getPosts()));
      for (const fault of [{ status: 500 }, { status: 502, html: true }, { truncate: 'short' }, { drop: true }, { latencyMs: 2000 }]) {
        await ctx.service.fault({ ...POSTS, ...fault });
        await collect(client.getPosts());
        await ctx.service.clearFaults();
      }
      await ctx.service.fault({ ...PUBLISH, status: 500 });
      await collect(client.publishNote('x'));
      await collect(client.getPostById(-1));
      await collect(client.getPost('no-such-post'));
      await collect(new ctx.Publisher({ apiKey: key, baseUrl: 'http://127.0.0.1:9', retry: false }).getPosts());
      let refused = null;
      try {
        new ctx.Publisher({ apiKey: `${key} with space` });
      } catch (error) {
        refused = error;
      }
      ok(refused instanceof ctx.PublisherError, 'a key with a space is refused by the constructor');
      errors.push(refused);
    } finally {
      for (const m of methods) console[m] = originals[m];
    }
    ok(errors.length >= 10, `collected ${errors.length} errors`);
    for (const error of errors) {
      const text = [error.message, String(error), JSON.stringify(error), error.stack ?? '', JSON.stringify(error.response ?? {})].join('\n');
      ok(!text.includes(key), `error of kind ${error.kind} leaks the key`);
    }
    ok(!lines.join('\n').includes(key), 'a console line leaks the key');
  }],
];
