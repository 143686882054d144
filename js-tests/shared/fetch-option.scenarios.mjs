// The `fetch` option and the default `auth`: every request goes through the given
// function, and retries, timeouts and aborts keep working around it, even around a
// function that ignores its signal. The same scenarios run in Node, Deno and Chromium.
import { equal, match, ok, rejects } from './assert.mjs';
import { assertSession } from './wire.mjs';

const FAST = { retry: { retries: 3, baseDelayMs: 20, maxDelayMs: 100 } };

/** A fetch that records each call and forwards it to the runtime's own fetch. */
function recordingFetch() {
  const calls = [];
  const fetchOption = (url, init) => {
    calls.push({ url, init });
    return fetch(url, init);
  };
  return { calls, fetchOption };
}

/** A fetch that never answers and ignores its signal; records the signals it saw. */
function silentFetch() {
  const signals = [];
  const fetchOption = (_url, init) => {
    signals.push(init.signal);
    return new Promise(() => {});
  };
  return { signals, fetchOption };
}

function assertKind(ctx, error, kind) {
  ok(error instanceof ctx.PublisherError, `a PublisherError (${error})`);
  equal(error.kind, kind, `kind (message: ${error.message})`);
}

export const fetchOptionScenarios = [
  ['the fetch option sends every request: reads, note pages and publishing', async (ctx) => {
    const { calls, fetchOption } = recordingFetch();
    const client = ctx.client({ fetch: fetchOption });
    const posts = await client.getPosts({ limit: 3 });
    equal(posts.length, 3);
    const notes = await client.getNotes();
    await notes.next();
    const published = await client.note('Through a custom fetch').bold('!').publish();
    ok(published && published.id !== undefined, 'the note was published');
    const seen = await ctx.service.apiRequests();
    equal(calls.length, seen.length, 'one call of the fetch option per request the service saw');
    calls.forEach((call, i) => {
      equal(new URL(call.url).pathname + new URL(call.url).search, seen[i].url, `call ${i} url`);
      equal(call.init.method, seen[i].method, `call ${i} method`);
      ok(call.init.signal && typeof call.init.signal.aborted === 'boolean', `call ${i} has a signal`);
      assertSession(seen[i], ctx.service);
    });
    equal(calls[calls.length - 1].init.method, 'POST');
    equal(typeof calls[calls.length - 1].init.body, 'string', 'publishing sends its JSON body through it');
  }],

  ['a fetch option that resolves to no Response is refused at once: one call, no retry, no read-back', async (ctx) => {
    let calls = 0;
    const fetchOption = async () => {
      calls += 1;
      return { ok: true, json() {} };
    };
    const client = ctx.client({ fetch: fetchOption });
    const read = await rejects(client.getPosts({ limit: 1 }));
    equal(read.kind, 'config');
    equal(read.message, 'The fetch option resolved to an object with ok, json, not a Response: it needs a numeric status and a text() method.');
    equal(calls, 1, 'not retried');
    const publish = await rejects(client.publishNote('never sent twice'));
    equal(publish.kind, 'config');
    equal(calls, 2, 'one publish and no read-back');
  }],

  ['the fetch option may resolve to a plain object with status, headers.forEach and text()', async (ctx) => {
    const answers = [];
    const fetchOption = async (url, init) => {
      const response = await fetch(url, init);
      const body = await response.text();
      answers.push(response.status);
      return { status: response.status, headers: { forEach: (fn) => response.headers.forEach(fn) }, text: async () => body };
    };
    const [post] = await ctx.client({ fetch: fetchOption }).getPosts({ limit: 1 });
    equal(typeof post.slug, 'string');
    equal(answers.length, 1);
    const error = await rejects(ctx.client({ fetch: fetchOption, retry: false }).getPost('no-such-post-here'));
    assertKind(ctx, error, 'http');
    equal(error.status, 404);
  }],

  ['reads are retried around the fetch option: a thrown error, then a 503, then the answer', async (ctx) => {
    const { calls, fetchOption } = recordingFetch();
    let attempt = 0;
    const flaky = (url, init) => {
      attempt += 1;
      if (attempt === 1) return Promise.reject(new TypeError('socket hang up'));
      if (attempt === 2) return Promise.resolve(new Response('busy', { status: 503, headers: { 'retry-after': '0' } }));
      return fetchOption(url, init);
    };
    const posts = await ctx.client({ ...FAST, fetch: flaky }).getPosts({ limit: 2 });
    equal(posts.length, 2);
    equal(attempt, 3, 'three calls of the fetch option');
    equal(calls.length, 1);
    equal((await ctx.service.apiRequests()).length, 1, 'only the third reached the service');
  }],

  ['publishing through the fetch option is never resent after it may have acted', async (ctx) => {
    let attempts = 0;
    const failing = (input, init) => {
      // The read-back of the account's notes (GETs, retried like any read) is not counted.
      if ((init?.method ?? 'GET') === 'POST') attempts += 1;
      return Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 }));
    };
    const error = await rejects(ctx.client({ ...FAST, fetch: failing }).publishNote('once'));
    assertKind(ctx, error, 'maybe-published');
    equal(attempts, 1, 'sent once');
  }],

  ['the timeout ends a fetch option that never answers and ignores its signal', async (ctx) => {
    const { signals, fetchOption } = silentFetch();
    const started = Date.now();
    const error = await rejects(ctx.client({ ...FAST, fetch: fetchOption, timeoutMs: 200 }).getPosts());
    assertKind(ctx, error, 'timeout');
    match(error.message, /200 ms/);
    ok(Date.now() - started < 4000, 'gave up soon after the timeout');
    equal(signals.length, 1, 'a timeout is not retried');
    ok(signals[0].aborted, 'the signal handed to the fetch option was aborted');
  }],

  ['an abort ends a fetch option that never answers, with the reason as cause', async (ctx) => {
    const { signals, fetchOption } = silentFetch();
    const controller = new AbortController();
    const reason = new Error('the user left');
    setTimeout(() => controller.abort(reason), 150);
    const error = await rejects(ctx.client({ fetch: fetchOption }).getPosts({}, { signal: controller.signal }));
    assertKind(ctx, error, 'aborted');
    equal(error.cause, reason);
    ok(signals[0].aborted, 'the signal handed to the fetch option was aborted');
    const none = silentFetch();
    assertKind(ctx, await rejects(ctx.client({ fetch: none.fetchOption }).getPosts({}, { signal: AbortSignal.abort() })), 'aborted');
    equal(none.signals.length, 0, 'an already-aborted call never reaches the fetch option');
  }],

  ['a fetch option that is not a function, or resolves to no Response, is a clear error', async (ctx) => {
    for (const bad of ['fetch', 42, {}]) {
      let error;
      try {
        ctx.client({ fetch: bad });
      } catch (thrown) {
        error = thrown;
      }
      assertKind(ctx, error, 'config');
      match(error.message, /fetch must be a function/);
    }
    const error = await rejects(ctx.client({ fetch: async () => 'not a response' }).getPosts());
    assertKind(ctx, error, 'config');
    equal(error.message, 'The fetch option resolved to a string, not a Response: it needs a numeric status and a text() method.');
  }],

  ['the default auth follows what the runtime lets a script do', async (ctx) => {
    const { calls, fetchOption } = recordingFetch();
    await ctx.client({ fetch: fetchOption }).getPosts({ limit: 1 });
    const [call] = calls;
    if (ctx.runtime === 'chromium') {
      equal(call.init.credentials, 'include', 'a page sends the browser\'s own cookies');
      equal(call.init.headers.Cookie, undefined, 'and no Cookie header');
      let error;
      try {
        ctx.client({ auth: 'cookie' });
      } catch (thrown) {
        error = thrown;
      }
      assertKind(ctx, error, 'config');
      match(error.message, /forbids scripts to set the Cookie header.*auth: 'browser'/);
      // A proxy (here a stand-in) may forward the header the page itself could not send.
      const proxied = [];
      const proxy = async (url, init) => {
        proxied.push(init);
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      };
      equal((await ctx.client({ auth: 'cookie', fetch: proxy }).getPosts({ limit: 1 })).length, 0);
      equal(proxied[0].headers.Cookie, `connect.sid=s%3A${ctx.service.apiKey}`, 'a fetch option receives the Cookie header to forward');
      await ctx.withoutSession(async (client) => {
        const unauthorized = await rejects(client.getPosts());
        assertKind(ctx, unauthorized, 'http');
        equal(unauthorized.status, 401);
        match(unauthorized.message, /auth is 'browser'.*sign in to the service in this browser/);
      });
    } else {
      equal(call.init.credentials, undefined, `${ctx.runtime} sends no browser credentials`);
      equal(call.init.headers.Cookie, `connect.sid=s%3A${ctx.service.apiKey}`, `${ctx.runtime} sends the Cookie header`);
      const unauthorized = await rejects(ctx.client({ apiKey: 'not-the-key', retry: false }).getPosts());
      equal(unauthorized.status, 401);
      ok(!unauthorized.message.includes("auth is 'browser'"), 'no browser hint where the Cookie header was sent');
    }
  }],
];
