// Every PublisherError message is one readable sentence: the method and path asked,
// the status and reason that came back, and for a body that is not JSON what it was,
// never the markup itself; the whole body stays in error.response. One scenario per
// kind of failure, against the local service's faults.
import { equal, match, ok, rejects } from './assert.mjs';

const NO_RETRY = { retry: false };
const FAST = { retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20 } };
const POSTS = { method: 'GET', path: '/api/v1/posts' };
const PUBLISH = { method: 'POST', path: '/api/v1/comment/feed' };

/** A CDN's bot-challenge page, shaped like the ones users of other clients report. */
export const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><style>*{box-sizing:border-box;margin:0}</style>
</head><body><noscript><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: 'substack.com',cType: 'managed'};}());</script>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f2"></script></body></html>`;

/** The shape every message must have; returns the message. */
function assertSentence(ctx, error, { kind, status, method = 'GET' }) {
  ok(error instanceof ctx.PublisherError, `a PublisherError (${error})`);
  equal(error.kind, kind, `kind (message: ${error.message})`);
  if (status !== undefined) equal(error.status, status, 'status');
  const { message } = error;
  equal(typeof message, 'string');
  ok(message.length <= 300, `at most 300 characters (${message.length}): ${message}`);
  ok(message.startsWith(`${method} /api/v1/`), `starts with the method and path: ${message}`);
  ok(!/[<>\n\r\t]/.test(message), `no markup or line breaks: ${message}`);
  ok(!/&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(message), `no entities: ${message}`);
  ok(!/\{|\}|DOCTYPE|<html|box-sizing/i.test(message), `no page or CSS dump: ${message}`);
  ok(!message.includes(ctx.service.apiKey), 'never the key');
  ok(!message.includes('://'), `the path, not the URL: ${message}`);
  equal(String(error), `PublisherError: ${message}`, 'toString is the sentence');
  return message;
}

export const errorScenarios = [
  ['a JSON error body is quoted in the message', async (ctx) => {
    const error = await rejects(ctx.client(NO_RETRY).getPost('no-such-post'));
    const message = assertSentence(ctx, error, { kind: 'http', status: 404 });
    equal(message, 'GET /api/v1/posts/no-such-post failed: HTTP 404 Not Found; the service said "Not found"');
    equal(error.response.body, '{"error":"Not found"}');
    await ctx.service.fault({ ...POSTS, status: 400, body: '{"errors":[{"message":"limit &amp; offset <b>disagree</b>"}]}', times: 1 });
    const nested = await rejects(ctx.client(NO_RETRY).getPosts({ limit: 3 }));
    equal(
      assertSentence(ctx, nested, { kind: 'http', status: 400 }),
      'GET /api/v1/posts?limit=3 failed: HTTP 400 Bad Request; the service said "limit & offset disagree"',
    );
  }],

  ['an HTML error page is named by its title, and the page stays whole in error.response', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 502, html: true });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    equal(
      assertSentence(ctx, error, { kind: 'http', status: 502 }),
      'GET /api/v1/posts failed: HTTP 502 Bad Gateway; the answer is an HTML page titled "502 Bad Gateway", not JSON',
    );
    match(error.response.body, /^<!DOCTYPE html>[\s\S]*<\/html>\n$/);
    equal(error.response.headers['content-type'], 'text/html; charset=utf-8');
    const retried = await rejects(ctx.client(FAST).getPosts());
    equal(
      assertSentence(ctx, retried, { kind: 'http', status: 502 }),
      'GET /api/v1/posts failed: HTTP 502 Bad Gateway; the answer is an HTML page titled "502 Bad Gateway", not JSON (gave up after 3 attempts)',
    );
  }],

  ['an HTML challenge page is said to be one, with a hint at the cause', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 403, html: true, body: CHALLENGE_PAGE });
    const error = await rejects(ctx.client(FAST).getPosts());
    const message = assertSentence(ctx, error, { kind: 'http', status: 403 });
    match(message, /^GET \/api\/v1\/posts failed: HTTP 403 Forbidden; the answer is a bot-challenge page \("Just a moment\.\.\."\), not JSON: a CDN in front of the service/);
    match(message, /too many requests/);
    equal(error.response.body, CHALLENGE_PAGE);
    equal((await ctx.service.apiRequests()).length, 1, 'a 403 is not retried');
    await ctx.service.reset();
    await ctx.service.fault({ ...POSTS, status: 200, html: true, body: CHALLENGE_PAGE, times: 1 });
    const at200 = await rejects(ctx.client(NO_RETRY).getPosts());
    match(assertSentence(ctx, at200, { kind: 'invalid-response', status: 200 }), /not valid JSON: it is a bot-challenge page/);
  }],

  ['an empty body is said to be empty', async (ctx) => {
    await ctx.service.fault({ ...POSTS, status: 500, body: '', times: 1 });
    const error = await rejects(ctx.client(NO_RETRY).getPosts());
    equal(
      assertSentence(ctx, error, { kind: 'http', status: 500 }),
      'GET /api/v1/posts failed: HTTP 500 Internal Server Error, with an empty body',
    );
    await ctx.service.fault({ ...POSTS, status: 200, body: '', times: 1 });
    const at200 = await rejects(ctx.client(NO_RETRY).getPosts());
    equal(
      assertSentence(ctx, at200, { kind: 'invalid-response', status: 200 }),
      'GET /api/v1/posts failed: HTTP 200 OK with a body that is not valid JSON: it is empty',
    );
  }],

  ['truncated JSON says where it broke off, never a SyntaxError or a quote of the body', async (ctx) => {
    await ctx.service.fault({ ...POSTS, truncate: 'short', times: 1 });
    const error = await rejects(ctx.client(NO_RETRY).getPosts({ limit: 2 }));
    const message = assertSentence(ctx, error, { kind: 'invalid-response', status: 200 });
    ok(error.response.body.length > 100, 'half a page arrived, kept in error.response');
    match(message, /^GET \/api\/v1\/posts\?limit=2 failed: HTTP 200 OK with a body that is not valid JSON: it is cut off or malformed \([^"]+\)$/);
    // A body cut mid-stream (Content-Length promised more) never completes: a network failure.
    await ctx.service.fault({ ...POSTS, truncate: 'length', times: 1 });
    const cut = await rejects(ctx.client(NO_RETRY).getPosts({ limit: 2 }));
    match(assertSentence(ctx, cut, { kind: 'network' }), /^GET \/api\/v1\/posts\?limit=2 failed: the connection failed before a complete answer arrived \(.+\)/);
  }],

  ['a dropped or refused connection is a network failure naming the request', async (ctx) => {
    await ctx.service.fault({ ...POSTS, drop: true });
    const dropped = await rejects(ctx.client(NO_RETRY).getPosts());
    match(assertSentence(ctx, dropped, { kind: 'network' }), /^GET \/api\/v1\/posts failed: the connection failed before a complete answer arrived \(.+\)/);
    equal(dropped.response, undefined, 'no response to keep');
    const refused = await rejects(new ctx.Publisher({ apiKey: ctx.service.apiKey, baseUrl: 'http://127.0.0.1:9', retry: false }).getPostById(7));
    match(
      assertSentence(ctx, refused, { kind: 'network' }),
      /^GET \/api\/v1\/posts\/by-id\/7 failed: (the connection was refused|the connection failed before a complete answer arrived) \(.+\)/,
    );
  }],

  ['a publish that may have acted says so within one sentence', async (ctx) => {
    for (const fault of [{ status: 502, html: true }, { drop: true }, { status: 403, html: true, body: CHALLENGE_PAGE }]) {
      await ctx.service.reset();
      await ctx.service.fault({ ...PUBLISH, ...fault });
      const error = await rejects(ctx.client(FAST).publishNote('once'));
      const kind = fault.status === 403 ? 'http' : 'maybe-published';
      const message = assertSentence(ctx, error, { kind, method: 'POST' });
      if (kind === 'maybe-published') {
        // The client then reads the account's notes back; what it found closes the sentence.
        match(message, /; the note may have been published and was not sent again: check the feed before publishing again; read(ing)? (the notes )?back.*$/);
      } else {
        ok(!message.includes('may have been published'), 'a 403 certainly did not publish');
      }
    }
  }],

  ['a timeout and an abort name the request too', async (ctx) => {
    await ctx.service.fault({ ...POSTS, latencyMs: 3000 });
    const slow = await rejects(ctx.client({ timeoutMs: 200, retry: false }).getPosts());
    equal(assertSentence(ctx, slow, { kind: 'timeout' }), 'GET /api/v1/posts failed: no complete answer within 200 ms');
    const aborted = await rejects(ctx.client().getPosts({}, { signal: AbortSignal.abort(new Error('the reader closed the tab')) }));
    equal(assertSentence(ctx, aborted, { kind: 'aborted' }), 'GET /api/v1/posts was aborted: the reader closed the tab');
  }],
];
