// The account's notes feed: getNotes pages (PublisherNotes), next(), hasMore(),
// `for await`, cursors sent back percent-encoded, and a malformed cursor.
import { deepEqual, equal, match, ok, rejects } from './assert.mjs';
import { assertRecord } from './records.mjs';
import {
  assertEncodedCursor, assertFeedItem, assertGetsWithSession, assertHttpError, assertInvalidArgument, assertIsoDate,
  assertNothingSent, assertSession, info, onlyRequest, rawQueryValue, requestLines, walkRaw,
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
];
