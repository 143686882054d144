// The account's notes feed: getNotes pages (PublisherNotes), next(), hasMore(),
// `for await`, cursors sent back percent-encoded, a malformed cursor, and the walk's
// read-ahead (one page ahead, cancelled when the walk stops or its signal aborts).
import { AssertionError, deepEqual, equal, match, ok, rejects } from './assert.mjs';
import { assertRecord } from './records.mjs';
import {
  assertEncodedCursor, assertFeedItem, assertGetsWithSession, assertHttpError, assertInvalidArgument, assertIsoDate,
  assertNothingSent, assertPublisherError, assertSession, info, onlyRequest, rawQueryValue, requestLines, walkRaw,
} from './wire.mjs';

/** The whole feed as the service pages it, walked with its own cursors. */
const rawFeed = (service) => walkRaw(service, '/api/v1/notes');

function assertPage(ctx, page, where) {
  ok(page instanceof ctx.PublisherNotes, `${where} is a PublisherNotes`);
  ok(Array.isArray(page.items), `${where}.items`);
  page.items.forEach((item, i) => {
    assertRecord(item, 'PublisherNote', `${where}.items[${i}]`);
    assertFeedItem(item, `${where}.items[${i}]`);
  });
  assertIsoDate(page.originalCursorTimestamp, `${where}.originalCursorTimestamp`);
  ok(page.nextCursor === null || (typeof page.nextCursor === 'string' && page.nextCursor.length > 0), `${where}.nextCursor`);
  equal(typeof page.hasMore(), 'boolean', `${where}.hasMore()`);
  equal(page.hasMore(), page.nextCursor !== null, `${where}.hasMore() follows nextCursor`);
  equal(typeof page.next, 'function', `${where}.next`);
  equal(typeof page[Symbol.asyncIterator], 'function', `${where} is async iterable`);
}

const NOTES_PATH = '/api/v1/notes';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition()` holds; fails after `ms`. */
async function until(condition, what, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new AssertionError(`waited ${ms} ms for ${what}`);
    await sleep(5);
  }
}

/**
 * A `fetch` option that forwards to the runtime's fetch and keeps every call: its path,
 * its signal, whether it has settled (response and body read, or failed), the
 * `nextCursor` of a good answer, and the most calls in flight at once.
 */
function watchedFetch() {
  const watch = {
    calls: [],
    inFlight: 0,
    maxInFlight: 0,
    fetch: async (url, init) => {
      const call = { path: new URL(url).pathname + new URL(url).search, signal: init.signal, settled: false };
      watch.calls.push(call);
      watch.inFlight += 1;
      watch.maxInFlight = Math.max(watch.maxInFlight, watch.inFlight);
      try {
        const response = await fetch(url, init);
        const body = await response.text();
        if (response.ok) call.nextCursor = JSON.parse(body).nextCursor ?? null;
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      } finally {
        call.settled = true;
        watch.inFlight -= 1;
      }
    },
  };
  return watch;
}

/** Records unhandled promise rejections (Node's process event, or the global event of Deno and browsers). */
function watchUnhandledRejections() {
  const reasons = [];
  if (typeof globalThis.addEventListener === 'function') {
    const listener = (event) => {
      reasons.push(event.reason);
      event.preventDefault();
    };
    globalThis.addEventListener('unhandledrejection', listener);
    return { reasons, stop: () => globalThis.removeEventListener('unhandledrejection', listener) };
  }
  const listener = (reason) => reasons.push(reason);
  globalThis.process.on('unhandledRejection', listener);
  return { reasons, stop: () => globalThis.process.off('unhandledRejection', listener) };
}

async function assertNoUnhandledRejection(watch) {
  // Runtimes report an unhandled rejection after the microtasks of its turn.
  await sleep(50);
  watch.stop();
  equal(watch.reasons.length, 0, `no unhandled rejection (saw ${watch.reasons.map(String).join(', ')})`);
}

/** Every request of the walk is done or aborted; then, shortly, every one has settled. */
async function assertNothingInFlight(watch, where) {
  watch.calls.forEach((call, i) => ok(call.settled || call.signal.aborted, `${where}: request ${i + 1} (${call.path}) settled or aborted`));
  await until(() => watch.inFlight === 0, `${where}: every request settled`, 3000);
}

const notesRequests = async (service) => (await service.apiRequests()).filter((r) => r.url.startsWith(NOTES_PATH));

export const noteScenarios = [
  ["getNotes returns the first page of the account's feed as the service sends it", async (ctx) => {
    const page = await ctx.client().getNotes();
    const request = await onlyRequest(ctx.service);
    equal(request.method, 'GET');
    equal(request.url, '/api/v1/notes', 'no query without parameters');
    assertSession(request, ctx.service);
    assertPage(ctx, page, 'page 1');
    const raw = await ctx.service.raw('/api/v1/notes');
    deepEqual(page.items, raw.items, 'the items unchanged');
    equal(page.items.length, (await info(ctx.service)).pageSizes.notes, 'a full page');
    equal(page.hasMore(), true);
    match(page.nextCursor, /^[A-Za-z0-9+/]+=*$/, 'the service\'s Base64 cursor, untouched');
    ok(/\+/.test(page.nextCursor) && /=/.test(page.nextCursor), 'the cursor holds + and =, which need encoding');
    const { account } = await info(ctx.service);
    ok(page.items.every((item) => item.context.users[0]?.id === account.id), "every item is the account's");
    ok(page.items.some((item) => item.comment) && page.items.some((item) => !item.comment), 'notes and restacks');
  }],

  ['next() walks every page to the end, sending each cursor percent-encoded', async (ctx) => {
    const expected = await rawFeed(ctx.service);
    await ctx.service.clearRequests();
    const pages = [];
    let page = await ctx.client().getNotes();
    while (page !== null) {
      assertPage(ctx, page, `page ${pages.length + 1}`);
      pages.push(page);
      page = await page.next();
    }
    const requests = await assertGetsWithSession(ctx.service);
    equal(pages.length, expected.length, 'as many pages as the service has');
    ok(pages.length >= 3, `several pages (${pages.length})`);
    equal(requests.length, pages.length, 'one request per page, none after the last');
    equal(requests[0].url, '/api/v1/notes');
    const sent = [];
    pages.slice(0, -1).forEach((previous, i) => {
      const url = requests[i + 1].url;
      ok(url.startsWith('/api/v1/notes?cursor='), `page ${i + 2}: ${url}`);
      equal(url, `/api/v1/notes?cursor=${encodeURIComponent(previous.nextCursor)}`, `page ${i + 2} sends the previous cursor`);
      sent.push(assertEncodedCursor(url, previous.nextCursor, `page ${i + 2}`));
    });
    ok(sent.every((value) => value.includes('%2B') && value.includes('%3D')), 'every cursor sent has + as %2B and = as %3D');
    for (const [i, previous] of pages.slice(0, -1).entries()) {
      if (previous.nextCursor.includes('/')) ok(sent[i].includes('%2F'), `cursor ${i + 1}: / as %2F`);
    }
    pages.forEach((p, i) => {
      deepEqual(p.items.map((item) => item.entity_key), expected[i].items.map((item) => item.entity_key), `page ${i + 1} items`);
      equal(p.originalCursorTimestamp, pages[0].originalCursorTimestamp, `page ${i + 1} keeps the original timestamp`);
    });
    const last = pages.at(-1);
    equal(last.nextCursor, null, 'the last page has no cursor');
    equal(last.hasMore(), false);
    equal(await last.next(), null, 'next() after the last page is null');
    equal((await ctx.service.apiRequests()).length, requests.length, 'and sends nothing');
    const keys = pages.flatMap((p) => p.items.map((item) => item.entity_key));
    equal(new Set(keys).size, keys.length, 'no item twice');
    const { notes } = await info(ctx.service);
    equal(pages.flatMap((p) => p.items).filter((item) => item.comment).length, notes, "every one of the account's notes");
    equal(keys.length, expected.reduce((n, p) => n + p.items.length, 0), 'every item of the feed');
  }],

  ['for await over the first page yields every item of the feed in order', async (ctx) => {
    const expected = (await rawFeed(ctx.service)).flatMap((p) => p.items);
    const first = await ctx.client().getNotes();
    await ctx.service.clearRequests();
    const seen = [];
    for await (const item of first) {
      assertFeedItem(item, `item ${seen.length}`);
      seen.push(item);
    }
    deepEqual(seen.map((item) => item.entity_key), expected.map((item) => item.entity_key), 'the whole feed, in order');
    deepEqual(seen, expected, 'every item as the service sent it');
    const requests = await assertGetsWithSession(ctx.service);
    ok(requests.length >= 2 && requests.every((r) => r.url.startsWith('/api/v1/notes?cursor=')), 'later pages by cursor');
    requests.forEach((r, i) => assertEncodedCursor(r.url, undefined, `request ${i + 1}`));
    let again = 0;
    for await (const item of first) again += item ? 1 : 0;
    equal(again, expected.length, 'a page can be walked twice');
  }],

  ['for await from a later page yields the rest of the feed', async (ctx) => {
    const pages = await rawFeed(ctx.service);
    const first = await ctx.client().getNotes();
    const second = await first.next();
    const keys = [];
    for await (const item of second) keys.push(item.entity_key);
    deepEqual(keys, pages.slice(1).flatMap((p) => p.items.map((item) => item.entity_key)));
    equal(keys.length, pages.reduce((n, p) => n + p.items.length, 0) - first.items.length);
  }],

  ["getNotes({cursor}) resumes where the service's cursor points", async (ctx) => {
    const first = await ctx.service.raw('/api/v1/notes');
    const second = await ctx.service.raw(`/api/v1/notes?cursor=${encodeURIComponent(first.nextCursor)}`);
    await ctx.service.clearRequests();
    const page = await ctx.client().getNotes({ cursor: first.nextCursor });
    const request = await onlyRequest(ctx.service);
    equal(request.url, `/api/v1/notes?cursor=${encodeURIComponent(first.nextCursor)}`);
    assertEncodedCursor(request.url, first.nextCursor, 'getNotes({cursor})');
    assertSession(request, ctx.service);
    assertPage(ctx, page, 'page 2');
    deepEqual(page.items, second.items, 'the second page');
    equal(page.originalCursorTimestamp, first.originalCursorTimestamp, "the cursor's original timestamp");
  }],

  ['getNotes sends limit when given and keeps the page the service sent', async (ctx) => {
    const page = await ctx.client().getNotes({ limit: 5 });
    equal((await onlyRequest(ctx.service)).url, '/api/v1/notes?limit=5');
    const raw = await ctx.service.raw('/api/v1/notes');
    // The service ignores limit; trimming the page would lose the items its cursor skips.
    deepEqual(page.items.map((item) => item.entity_key), raw.items.map((item) => item.entity_key));
    await ctx.service.clearRequests();
    const next = await page.next();
    ok(next instanceof ctx.PublisherNotes);
    const [request] = await ctx.service.apiRequests();
    equal(rawQueryValue(request.url, 'limit'), '5', `next() keeps the limit: ${request.url}`);
    assertEncodedCursor(request.url, page.nextCursor, 'next()');
  }],

  ["a malformed cursor is the service's 400 as an http PublisherError", async (ctx) => {
    const cursors = [
      ['not+a=cursor/', '/api/v1/notes?cursor=not%2Ba%3Dcursor%2F'],
      [btoa('{"page_number":0}'), `/api/v1/notes?cursor=${encodeURIComponent(btoa('{"page_number":0}'))}`],
    ];
    for (const [cursor, url] of cursors) {
      await ctx.service.clearRequests();
      const error = await rejects(ctx.client().getNotes({ cursor }), `cursor ${cursor} should reject`);
      assertHttpError(ctx, error, 400, `cursor ${cursor}`);
      match(error.response.body, /Invalid cursor/, 'the service\'s answer is kept');
      deepEqual(await requestLines(ctx.service), [`GET ${url}`], 'sent once, encoded, not retried');
    }
  }],

  ['bad arguments of getNotes are invalid-argument errors and send nothing', async (ctx) => {
    const client = ctx.client();
    const calls = [
      ["getNotes({cursor: ''})", () => client.getNotes({ cursor: '' })],
      ['getNotes({cursor: 5})', () => client.getNotes({ cursor: 5 })],
      ['getNotes({limit: 0})', () => client.getNotes({ limit: 0 })],
      ['getNotes({limit: -2})', () => client.getNotes({ limit: -2 })],
      ['getNotes({limit: 1.5})', () => client.getNotes({ limit: 1.5 })],
      ["getNotes({limit: '10'})", () => client.getNotes({ limit: '10' })],
      ["getNotes('cursor')", () => client.getNotes('cursor')],
    ];
    for (const [label, call] of calls) await assertInvalidArgument(ctx, label, call);
    await assertNothingSent(ctx.service);
  }],

  ['for await reads one page ahead: page n+1 is on the wire while the caller works on page n, one request at a time', async (ctx) => {
    const expected = await rawFeed(ctx.service);
    ok(expected.length >= 3, `several pages (${expected.length})`);
    await ctx.service.clearRequests();
    const rejections = watchUnhandledRejections();
    const watch = watchedFetch();
    const first = await ctx.client({ fetch: watch.fetch }).getNotes();
    equal(watch.calls.length, 1, 'getNotes sends one request');
    // The service holds each later page a while, so a read-ahead is seen in flight.
    await ctx.service.fault({ path: NOTES_PATH, latencyMs: 300 });
    const bounds = [];
    expected.reduce((end, p) => {
      bounds.push(end + p.items.length);
      return end + p.items.length;
    }, 0);
    const seen = [];
    for await (const item of first) {
      seen.push(item.entity_key);
      const pageNumber = bounds.findIndex((end) => seen.length <= end) + 1;
      ok(watch.calls.length <= pageNumber + 1, `item ${seen.length} (page ${pageNumber}): ${watch.calls.length} requests, never beyond one page ahead`);
      ok(watch.inFlight <= 1, `item ${seen.length}: at most one request in flight`);
      if (seen.length === 1) {
        ok(watch.calls.length === 1 || !watch.calls[1].settled, "page 1's first note comes without waiting for page 2");
        await until(() => watch.calls.length === 2, 'page 2 requested as the walk starts');
      }
      if (seen.length === bounds[pageNumber - 1] && pageNumber < expected.length) {
        // The caller is still on page n (its last note): page n+1 arrives at the service meanwhile.
        await until(async () => (await notesRequests(ctx.service)).length === pageNumber + 1, `page ${pageNumber + 1}'s request while the caller is on page ${pageNumber}`);
      }
    }
    deepEqual(seen, expected.flatMap((p) => p.items.map((item) => item.entity_key)), 'the whole feed, in order');
    equal(watch.maxInFlight, 1, 'never two requests in flight');
    const requests = await assertGetsWithSession(ctx.service);
    equal(requests.length, expected.length, 'one request per page, none after the last');
    equal(requests[0].url, NOTES_PATH);
    deepEqual(watch.calls.map((call) => call.path), requests.map((r) => r.url), 'the service saw what the client sent');
    watch.calls.slice(0, -1).forEach((previous, i) => {
      equal(watch.calls[i + 1].path, `${NOTES_PATH}?cursor=${encodeURIComponent(previous.nextCursor)}`, `page ${i + 2} sends page ${i + 1}'s cursor`);
    });
    equal(watch.calls.at(-1).nextCursor, null, 'the last page has no cursor');
    ok(watch.calls.every((call) => !call.signal.aborted), 'no request of a finished walk was aborted');
    equal(watch.inFlight, 0, 'nothing in flight after the walk');
    await assertNoUnhandledRejection(rejections);
  }],

  ['pages() walks page objects with the same read-ahead; a page of the walk behaves like one from next()', async (ctx) => {
    const expected = await rawFeed(ctx.service);
    const controller = new AbortController();
    const watch = watchedFetch();
    const first = await ctx.client({ fetch: watch.fetch }).getNotes({}, { signal: controller.signal });
    const pages = [];
    for await (const page of first.pages()) {
      assertPage(ctx, page, `walked page ${pages.length + 1}`);
      pages.push(page);
      ok(watch.calls.length <= pages.length + 1, `page ${pages.length}: never beyond one page ahead`);
    }
    equal(pages[0], first, 'the walk starts with this page');
    equal(pages.length, expected.length);
    pages.forEach((page, i) => {
      deepEqual(page.items.map((item) => item.entity_key), expected[i].items.map((item) => item.entity_key), `page ${i + 1} items`);
      equal(page.nextCursor, watch.calls[i].nextCursor, `page ${i + 1} nextCursor, as the service sent it`);
      if (i > 0) equal(watch.calls[i].path, `${NOTES_PATH}?cursor=${encodeURIComponent(pages[i - 1].nextCursor)}`, `page ${i + 1} requested with page ${i}'s cursor`);
      equal(page.hasMore(), i < expected.length - 1, `page ${i + 1} hasMore()`);
    });
    equal(watch.calls.length, expected.length, 'one request per page');
    equal(watch.maxInFlight, 1);

    // A walk stopped at page 2 aborts its read-ahead, yet page 2's next() still uses the caller's signal: it works.
    await ctx.service.clearRequests();
    let second = null;
    for await (const page of first.pages()) {
      if (page !== first) {
        second = page;
        break;
      }
    }
    ok(second instanceof ctx.PublisherNotes && second !== pages[1], 'a fresh page 2');
    await assertNothingInFlight(watch, 'after the stopped walk');
    const before = watch.calls.length;
    const third = await second.next();
    equal(watch.calls.length, before + 1, "the walked page's next() sends one request");
    deepEqual(third.items.map((item) => item.entity_key), expected[2].items.map((item) => item.entity_key), 'and it is page 3');
    controller.abort(new Error('caller stops'));
    const error = await rejects(third.next(), "the walked page's next() obeys the caller's signal");
    assertPublisherError(ctx, error, 'aborted');
    equal(error.cause?.message, 'caller stops');
  }],

  ['a walk the caller stops (break or throw) leaves nothing in flight and asks for nothing beyond one page ahead', async (ctx) => {
    for (const [stopAt, how] of [[1, 'break'], [2, 'break'], [1, 'throw']]) {
      const where = `${how} on page ${stopAt}`;
      await ctx.service.reset();
      const rejections = watchUnhandledRejections();
      const watch = watchedFetch();
      const first = await ctx.client({ fetch: watch.fetch }).getNotes();
      await ctx.service.fault({ path: NOTES_PATH, latencyMs: 400 });
      let seen = 0;
      let thrown = null;
      try {
        for await (const note of first) {
          seen += note ? 1 : 0;
          if (seen === (stopAt - 1) * first.items.length + 1) {
            await until(() => watch.calls.length === stopAt + 1, `${where}: the read-ahead on the wire`);
            if (how === 'throw') throw new Error('the caller gives up');
            break;
          }
        }
      } catch (error) {
        thrown = error;
      }
      if (how === 'throw') equal(thrown?.message, 'the caller gives up', `${where}: the caller's own error comes out`);
      else equal(thrown, null, `${where}: the walk ends quietly`);
      equal(watch.calls.length, stopAt + 1, `${where}: the pages up to the stop and one read-ahead`);
      ok(watch.calls.at(-1).signal.aborted, `${where}: the read-ahead in flight was aborted`);
      await assertNothingInFlight(watch, where);
      await sleep(100);
      equal(watch.calls.length, stopAt + 1, `${where}: nothing sent after the stop`);
      // The aborted read-ahead may or may not have reached the service (a browser can drop it
      // before sending); nothing beyond it may have.
      const seenByService = (await notesRequests(ctx.service)).length;
      ok(seenByService === stopAt || seenByService === stopAt + 1, `${where}: the service saw no request beyond one page ahead (saw ${seenByService})`);
      await assertNoUnhandledRejection(rejections);
    }
  }],

  ["the walk's signal aborting mid-walk rejects the loop with the abort error and leaves nothing in flight", async (ctx) => {
    const expected = await rawFeed(ctx.service);
    await ctx.service.clearRequests();
    const rejections = watchUnhandledRejections();
    const watch = watchedFetch();
    const client = ctx.client({ fetch: watch.fetch });
    const controller = new AbortController();
    const first = await client.getNotes({}, { signal: controller.signal });
    await ctx.service.fault({ path: NOTES_PATH, latencyMs: 300 });
    const pageSize = first.items.length;
    let seen = 0;
    const walk = (async () => {
      for await (const note of first) {
        seen += note ? 1 : 0;
        if (seen === pageSize + 1) {
          // On page 2, with page 3's read-ahead on the wire.
          await until(() => watch.calls.length === 3, "page 3's read-ahead");
          ok(!watch.calls[2].settled, 'the read-ahead is in flight');
          controller.abort(new Error('stop the walk'));
          ok(watch.calls[2].signal.aborted, 'the abort reaches the read-ahead at once');
        }
      }
    })();
    const error = await rejects(walk, 'the walk rejects');
    const today = await rejects(client.getNotes({}, { signal: AbortSignal.abort(new Error('already')) }));
    assertPublisherError(ctx, error, today.kind, 'the walk');
    equal(error.kind, 'aborted');
    equal(error.cause?.message, 'stop the walk', "the signal's reason is the cause");
    equal(seen, pageSize + expected[1].items.length, 'the notes already read, then the abort where page 3 would begin');
    await assertNothingInFlight(watch, 'after the abort');
    equal(watch.calls.length, 3, 'no request beyond page 3');
    // The aborted read-ahead may or may not have reached the service (a browser can drop
    // it before sending); nothing beyond it may have.
    const seenByService = (await notesRequests(ctx.service)).length;
    ok(seenByService === 2 || seenByService === 3, `the service saw no request beyond page 3 (saw ${seenByService})`);
    await assertNoUnhandledRejection(rejections);
  }],

  ['next() sends exactly one request per call and reads nothing ahead, after a walk too', async (ctx) => {
    const expected = await rawFeed(ctx.service);
    const watch = watchedFetch();
    const first = await ctx.client({ fetch: watch.fetch }).getNotes();
    await ctx.service.clearRequests();
    let page = first;
    for (let n = 1; n < expected.length; n += 1) {
      const before = watch.calls.length;
      page = await page.next();
      equal(watch.calls.length, before + 1, `next() to page ${n + 1}: one request`);
      await sleep(20);
      equal(watch.calls.length, before + 1, `next() to page ${n + 1}: nothing read ahead`);
      equal(watch.inFlight, 0, `next() to page ${n + 1}: nothing in flight`);
    }
    equal(await page.next(), null, 'the end');
    equal((await notesRequests(ctx.service)).length, expected.length - 1, 'the service saw one request per next()');
    for await (const note of first) if (note) break;
    await assertNothingInFlight(watch, 'after a stopped walk');
    const before = watch.calls.length;
    const second = await first.next();
    equal(watch.calls.length, before + 1, 'next() after a walk: one fresh request, no read-ahead reused');
    equal(watch.calls.at(-1).path, `${NOTES_PATH}?cursor=${encodeURIComponent(first.nextCursor)}`);
    deepEqual(second.items.map((item) => item.entity_key), expected[1].items.map((item) => item.entity_key));
  }],

  ['an error of page n+1 surfaces when the walk reaches it, as the PublisherError next() gives', async (ctx) => {
    const rejections = watchUnhandledRejections();
    const watch = watchedFetch();
    const first = await ctx.client({ fetch: watch.fetch }).getNotes();
    await ctx.service.clearRequests();
    await ctx.service.fault({ path: NOTES_PATH, times: 1, status: 404 });
    let seen = 0;
    const walk = (async () => {
      for await (const note of first) {
        seen += note ? 1 : 0;
        if (seen === 1) {
          // Page 2 fails while the caller is still on page 1; the caller hears of it only at page 2.
          await until(async () => (await notesRequests(ctx.service))[0]?.status === 404, "page 2's 404");
          await until(() => watch.calls[1]?.settled, 'the client to receive the 404');
          await sleep(50);
        }
      }
    })();
    const error = await rejects(walk, 'the walk rejects');
    equal(seen, first.items.length, 'every note of page 1 first');
    assertHttpError(ctx, error, 404, 'the walk');
    equal(watch.calls.length, 2, 'nothing after the failed page');
    await ctx.service.fault({ path: NOTES_PATH, times: 1, status: 404 });
    const direct = await rejects(first.next());
    const shape = (e) => ({
      name: e.name, kind: e.kind, status: e.status, message: e.message,
      response: { status: e.response.status, statusText: e.response.statusText, body: e.response.body },
    });
    deepEqual(shape(error), shape(direct), 'the same error as next() gives');
    await assertNoUnhandledRejection(rejections);
  }],
];
