// Failures as a model sees them, over stdio and over streamable HTTP: a tool result with
// isError and the client's sentence, kind and HTTP status, never a JSON-RPC error or a
// stack; bad arguments refused naming the argument before anything is sent; the API key
// nowhere in what the client receives or the server logs, even when the service echoes
// the session cookie; and no start without PUBLISHER_API_KEY.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { API_KEY, TRANSPORTS, assertToolError, runBin, serverEnv, startServer, startService, textOf } from './support.mjs';

/** Every form the key travels in: as configured, and in the cookie the client sends. */
const KEY_FORMS = [API_KEY, `s%3A${API_KEY}`, encodeURIComponent(API_KEY)];

function assertNoKey(what, text) {
  for (const form of KEY_FORMS) assert.ok(!text.includes(form), `${what} holds the API key: ${text.slice(Math.max(0, text.indexOf(form) - 80), text.indexOf(form) + 80)}`);
}

let service;
let controls;
const sessions = {};
before(async () => {
  service = await startService();
  controls = service.controls;
  await Promise.all(TRANSPORTS.map(async (transport) => {
    sessions[transport] = await startServer(transport, { env: serverEnv(service) });
  }));
});
after(async () => {
  await Promise.allSettled(Object.values(sessions).map((session) => session.close()));
  await service?.close();
});

test('the test key is what the client sends as its session cookie', async () => {
  // Otherwise the echo tests below would echo something else than the key.
  await controls.clearRequests();
  await sessions.stdio.call('get_drafts', {});
  const [request] = await controls.apiRequests();
  assert.equal(request.headers.cookie, `connect.sid=s%3A${API_KEY}`);
});

for (const transport of TRANSPORTS) {
  describe(`over ${transport}`, () => {
    const mcp = () => sessions[transport];

    test('a post that does not exist is a tool result with the client\'s sentence, kind http and status 404', async () => {
      const result = await mcp().call('get_post', { slug: 'no-such-post' });
      const text = assertToolError('get_post', result);
      assert.match(text, /^get_post failed: GET \/api\/v1\/posts\/no-such-post failed: HTTP 404 Not Found; the service said "Not found" \(kind: http, HTTP status: 404\)$/);
    });

    test('a 500 from the service is a tool result with kind http and status 500', async () => {
      const post = (await controls.raw('/api/v1/posts?limit=1'))[0];
      await controls.fault({ method: 'GET', path: `/api/v1/posts/by-id/${post.id}`, status: 500 });
      let result;
      try {
        result = await mcp().call('get_post', { id: post.id });
      } finally {
        await controls.clearFaults();
      }
      const text = assertToolError('get_post', result);
      assert.match(text, /^get_post failed: GET \/api\/v1\/posts\/by-id\/\d+ failed: HTTP 500 Internal Server Error/);
      assert.match(text, /\(kind: http, HTTP status: 500\)$/);
    });

    test('a bad argument value is refused naming the argument, and nothing is sent', async () => {
      await controls.clearRequests();
      for (const [tool, args, named] of [
        ['get_notes', { post_id: 0 }, 'post_id'],
        ['get_notes', { post_id: 'twelve' }, 'post_id'],
        ['get_posts', { limit: 51 }, 'limit'],
        ['get_post', {}, 'slug'],
        ['get_post', { slug: 'a', id: 1 }, 'id'],
        ['get_posts', { cursor: 'not-a-cursor' }, 'cursor'],
      ]) {
        const text = assertToolError(tool, await mcp().call(tool, args));
        assert.match(text, new RegExp(`\\b${named}\\b`), `${tool}(${JSON.stringify(args)}): ${text}`);
      }
      assert.deepEqual(await controls.apiRequests(), [], 'the service saw no request');
    });

    test('an unknown argument name is refused naming it, and nothing is sent', async () => {
      const post = (await controls.raw('/api/v1/posts?limit=1'))[0];
      await controls.clearRequests();
      const text = assertToolError('get_notes', await mcp().call('get_notes', { post_id: post.id, colour: 'red' }));
      assert.match(text, /\bcolour\b/, text);
      assert.deepEqual(await controls.apiRequests(), [], 'the service saw no request');
    });

    for (const status of [401, 500]) {
      test(`the API key is masked when the service echoes the session cookie in a ${status}`, async () => {
        const post = (await controls.raw('/api/v1/posts?limit=1'))[0];
        const echo = `Refused cookie connect.sid=s%3A${API_KEY} (key ${API_KEY})`;
        await controls.fault({ method: 'GET', path: `/api/v1/posts/${post.slug}`, status, body: JSON.stringify({ error: echo }) });
        let result;
        try {
          result = await mcp().call('get_post', { slug: post.slug });
        } finally {
          await controls.clearFaults();
        }
        const text = assertToolError('get_post', result);
        // The echo reached the model, masked: the test is not passing on a text without it.
        assert.match(text, /the service said "Refused cookie connect\.sid=s%3A\[redacted\] \(key \[redacted\]\)"/, text);
        assert.match(text, new RegExp(`HTTP status: ${status}\\)$`));
        assertNoKey('the result', JSON.stringify(result));
        assertNoKey('the server\'s stderr', mcp().stderr());
      });
    }

    test('a failed call never comes back as a JSON-RPC error, and no message the client received holds the API key', () => {
      const messages = mcp().received;
      assert.equal(messages[0].result?.serverInfo?.name, 'publisher-mcp', 'the messages were recorded from the handshake on');
      // Tool results only: the one refusal by JSON-RPC error would be an unknown tool, never called here.
      assert.deepEqual(messages.filter((message) => message.error), []);
      const errors = messages.filter((message) => message.result?.isError);
      assert.ok(errors.length >= 9, 'the failures above came back as tool results');
      assertNoKey('the messages the client received', JSON.stringify(messages));
      assertNoKey('the server\'s stderr', mcp().stderr());
    });

    // The last two put the key into what the client receives (in a structured result),
    // so they come after the check of every message above.
    /** get_post answered 200 with a post whose title holds the session cookie. */
    async function echoedInRecord() {
      const post = (await controls.raw('/api/v1/posts?limit=1'))[0];
      const echoed = { ...post, title: `Echo of connect.sid=s%3A${API_KEY}` };
      await controls.fault({ method: 'GET', path: `/api/v1/posts/${post.slug}`, status: 200, body: JSON.stringify(echoed) });
      try {
        return await mcp().call('get_post', { slug: post.slug });
      } finally {
        await controls.clearFaults();
      }
    }

    test('the API key is masked in a result\'s text when a record the service sends holds it', async () => {
      const result = await echoedInRecord();
      assert.notEqual(result.isError, true, textOf(result));
      assert.match(textOf(result), /^get_post: #\d+ · Echo of connect\.sid=s%3A\[redacted\] · /);
      assertNoKey('the text', textOf(result));
    });

    test('the API key is masked in the structured result too when a record holds it', async () => {
      const result = await echoedInRecord();
      assert.notEqual(result.isError, true, textOf(result));
      assertNoKey('the structured result', JSON.stringify(result.structuredContent));
    });
  });
}

for (const [mode, args] of [['stdio', []], ['--http', ['--http', '0']]]) {
  for (const [variant, key] of [['unset', undefined], ['empty', ''], ['blank', '  ']]) {
    test(`with PUBLISHER_API_KEY ${variant}, bin/publisher-mcp.js (${mode}) exits non-zero at start-up with one line naming PUBLISHER_API_KEY`, async () => {
      const env = { PATH: process.env.PATH ?? '', PUBLISHER_BASE_URL: service.url };
      if (key !== undefined) env.PUBLISHER_API_KEY = key;
      const run = await runBin(args, env);
      assert.equal(run.signal, null, `it exited by itself (stderr: ${run.stderr})`);
      assert.notEqual(run.code, 0);
      assert.equal(run.stdout, '');
      const lines = run.stderr.split('\n');
      assert.equal(lines.at(-1), '', 'the line ends');
      assert.equal(lines.length, 2, `exactly one line: ${JSON.stringify(run.stderr)}`);
      assert.match(lines[0], /PUBLISHER_API_KEY/);
    });
  }
}
