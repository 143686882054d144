// Unit tests of the Publisher Trigger (the built node, over the real client) against the
// fixture service, whose feeds change between polls (trigger-fakes.mjs): the first poll of
// an activation, the manual run, exactly-once delivery across pages, equal timestamps,
// deletions, failed polls, the cap, restarts and overlapping polls, for posts and notes of
// each source.
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fakeContext } from './fake-context.mjs';
import { startFixtureService } from './fixture-service.mjs';
import { changingFeeds, fakePollContext, HANDLE, USER_ID } from './trigger-fakes.mjs';

const require = createRequire(import.meta.url);
const { PublisherTrigger } = require('../../dist/nodes/PublisherTrigger/PublisherTrigger.node.js');
const { Publisher } = require('../../dist/nodes/Publisher/Publisher.node.js');
const { NodeApiError, NodeOperationError } = require('n8n-workflow');

const API_KEY = 'unit-trigger-key-7d21b4';
const trigger = new PublisherTrigger();
let service;
let credentials;
let feeds;

before(async () => {
  service = await startFixtureService({ apiKey: API_KEY });
  credentials = { apiKey: API_KEY, hostname: 'example.substack.com', cookieName: 'connect.sid', baseUrl: service.url };
});
after(() => service.close());
beforeEach(() => {
  service.reset();
  feeds = changingFeeds(service);
  feeds.install();
});

const SOURCES = {
  ownPosts: { event: 'newPost', source: 'own' },
  userPosts: { event: 'newPost', source: 'slug', slug: HANDLE },
  ownNotes: { event: 'newNote', source: 'own' },
  userNotes: { event: 'newNote', source: 'userId', userId: USER_ID },
};

/** One activation of the trigger on `feed`: poll() runs n8n's way (the same context each time). */
function activation(feed, { parameters = {}, staticData = {}, activation: mode = 'activate', ...options } = {}) {
  const ctx = fakePollContext({ parameters: { ...SOURCES[feed], ...parameters }, credentials, staticData, activation: mode, ...options });
  return {
    ctx,
    staticData,
    /** The ids the poll emitted, in order; [] for null. */
    async poll() {
      const result = await trigger.poll.call(ctx);
      if (result === null) return [];
      assert.equal(result.length, 1, 'one output');
      assert.ok(!JSON.stringify(result).includes(API_KEY));
      return result[0].map((item) => item.json.id);
    },
    async output() {
      return trigger.poll.call(ctx);
    },
  };
}
const wire = () => service.requests.map((r) => `${r.method} ${r.path}${r.query}`);
const failureOf = (promise) => promise.then(() => assert.fail('the poll should fail'), (error) => error);

test('description: a polling trigger named publisherTrigger, with the Publisher credential, event and source', () => {
  const d = trigger.description;
  assert.equal(d.name, 'publisherTrigger');
  assert.equal(d.displayName, 'Publisher Trigger');
  assert.equal(d.polling, true);
  assert.deepEqual(d.group, ['trigger']);
  assert.deepEqual(d.inputs, []);
  assert.deepEqual(d.outputs, ['main']);
  assert.deepEqual(d.credentials.map((c) => c.name), ['publisherApi']);
  const byName = Object.fromEntries(d.properties.map((p) => [p.name, p]));
  assert.deepEqual(byName.event.options.map((o) => o.value).sort(), ['newNote', 'newPost']);
  assert.deepEqual(byName.source.options.map((o) => o.value).sort(), ['own', 'slug', 'userId']);
  assert.deepEqual(byName.slug.displayOptions, { show: { source: ['slug'] } });
  assert.deepEqual(byName.userId.displayOptions, { show: { source: ['userId'] } });
  assert.equal(byName.options.options[0].name, 'maxRecords');
});

for (const feed of Object.keys(SOURCES)) {
  test(`${feed}: the first poll remembers where the feed stands and emits nothing; each later one emits what is new, once, oldest first`, async () => {
    feeds.publish(feed, { count: 3 });
    const run = activation(feed);
    assert.deepEqual(await run.poll(), []);
    const newest = feeds.newest(feed, 1)[0];
    assert.equal(run.staticData.checkpoint.ids.length, 1);
    assert.deepEqual(run.staticData.checkpoint.ids, [newest]);
    assert.equal(await run.poll().then((ids) => ids.length), 0, 'nothing new, nothing emitted');

    const one = feeds.publish(feed);
    assert.deepEqual(await run.poll(), one);
    assert.deepEqual(await run.poll(), [], 'not twice');
    const two = feeds.publish(feed, { count: 2 });
    if (feed === 'ownNotes') feeds.restack();
    assert.deepEqual(await run.poll(), two, 'oldest first');
    assert.deepEqual(await run.poll(), []);
  });

  test(`${feed}: a burst over several pages is emitted once, in order`, async () => {
    feeds.publish(feed, { count: 2 });
    const run = activation(feed);
    await run.poll();
    const burst = feeds.publish(feed, { count: 75 });
    service.requests.length = 0;
    assert.deepEqual(await run.poll(), burst);
    assert.ok(service.requests.length > 1, `several requests: ${wire().join(' ')}`);
    assert.deepEqual(await run.poll(), []);
  });

  test(`${feed}: records with the same timestamp are all emitted, none twice, also when more come at that time later`, async () => {
    feeds.publish(feed);
    const run = activation(feed);
    await run.poll();
    const at = feeds.tick();
    const first = feeds.publish(feed, { count: 3, date: at });
    assert.deepEqual(await run.poll(), first, 'in the order published');
    assert.deepEqual([...run.staticData.checkpoint.ids], [...first].sort((a, b) => a - b));
    const more = feeds.publish(feed, { count: 2, date: at });
    assert.deepEqual(await run.poll(), more);
    assert.deepEqual(await run.poll(), []);
    assert.equal(run.staticData.checkpoint.ids.length, 5);
    assert.equal(run.staticData.checkpoint.newest, at);
  });

  test(`${feed}: deleted records do not disturb it, the checkpoint's own included`, async () => {
    feeds.publish(feed, { count: 4 });
    const run = activation(feed);
    await run.poll();
    const emitted = feeds.publish(feed, { count: 2 });
    assert.deepEqual(await run.poll(), emitted);
    // The checkpoint's record and an older one go; a new one comes, and one that is deleted before any poll saw it.
    feeds.remove(feed, emitted[1]);
    feeds.remove(feed, emitted[0]);
    const [kept, gone] = feeds.publish(feed, { count: 2 });
    feeds.remove(feed, gone);
    assert.deepEqual(await run.poll(), [kept]);
    assert.deepEqual(await run.poll(), []);
    // Everything newer than an older record is gone: still nothing twice.
    feeds.remove(feed, kept);
    assert.deepEqual(await run.poll(), []);
    const later = feeds.publish(feed);
    assert.deepEqual(await run.poll(), later);
  });
}

test('output: the main node\'s records (interface §2.1, §2.5), one item per record', async () => {
  feeds.publish('ownPosts');
  feeds.publish('ownNotes');
  const posts = activation('ownPosts');
  const notes = activation('ownNotes');
  await posts.poll();
  await notes.poll();
  feeds.publish('ownPosts', { count: 2 });
  feeds.publish('ownNotes', { count: 2 });
  const [postItems] = await posts.output();
  const [noteItems] = await notes.output();
  // What the main node outputs for the same records (newest first there).
  const main = new Publisher();
  const [getAll] = await main.execute.call(fakeContext({ items: [{ resource: 'post', operation: 'getAll', limit: 2, offset: 0 }], credentials }));
  const [getNotes] = await main.execute.call(fakeContext({ items: [{ resource: 'note', operation: 'get', limit: 2 }], credentials }));
  assert.deepEqual(postItems.map((i) => i.json), getAll.map((i) => i.json).reverse());
  assert.deepEqual(noteItems.map((i) => i.json), getNotes.map((i) => i.json).reverse());
  assert.deepEqual(Object.keys(postItems[0].json), ['id', 'title', 'subtitle', 'slug', 'published', 'paywalled', 'type', 'publishedAt', 'description', 'url']);
  assert.deepEqual(Object.keys(noteItems[0].json), ['id', 'body', 'publishedAt', 'url']);
});

test('manual run ("Fetch Test Event"): the newest record, and the checkpoint untouched', async () => {
  for (const feed of Object.keys(SOURCES)) {
    const staticData = {};
    const empty = activation(feed, { mode: 'manual', staticData });
    assert.equal(await empty.output(), null, `${feed}: an empty feed gives nothing`);
    feeds.publish(feed, { count: 3 });
    if (feed === 'ownNotes') feeds.restack();
    const run = activation(feed, { mode: 'manual', staticData });
    assert.deepEqual(await run.poll(), feeds.newest(feed, 1), feed);
    assert.deepEqual(await run.poll(), feeds.newest(feed, 1), `${feed}: again`);
    assert.deepEqual(staticData, {}, `${feed}: no state`);
  }
  // With a checkpoint: still the newest, and the checkpoint as it was.
  const live = activation('ownPosts');
  await live.poll();
  const before = structuredClone(live.staticData);
  feeds.publish('ownPosts', { count: 2 });
  const manual = activation('ownPosts', { mode: 'manual', staticData: live.staticData });
  assert.deepEqual(await manual.poll(), feeds.newest('ownPosts', 1));
  assert.deepEqual(live.staticData, before);
  assert.equal((await live.poll()).length, 2, 'the live trigger still emits both');
});

test('a failed poll (429, 500, refused key, unknown user) emits nothing, keeps its checkpoint, and the next one catches up', async () => {
  feeds.publish('ownPosts', { count: 2 });
  const run = activation('ownPosts');
  await run.poll();
  const published = [];
  const failures = [
    // A Retry-After longer than the client waits: the call fails at once.
    [{ method: 'GET', path: '/api/v1/posts', status: 429, headers: { 'retry-after': '3600' }, times: 1 }, '429'],
    [{ method: 'GET', path: '/api/v1/posts', status: 401, times: 1 }, '401'],
    // The client retries a 500 three times: four make the poll fail.
    [{ method: 'GET', path: '/api/v1/posts', status: 500, times: 4 }, '500'],
  ];
  for (const [fault, httpCode] of failures) {
    published.push(...feeds.publish('ownPosts', { count: 2 }));
    const before = structuredClone(run.staticData);
    service.fault(fault);
    const error = await failureOf(run.poll());
    assert.ok(error instanceof NodeApiError, `${httpCode}: ${error}`);
    assert.equal(error.httpCode, httpCode);
    assert.match(error.message, /^The poll failed: /);
    assert.match(error.description, /Nothing was emitted and the checkpoint was kept/);
    assert.deepEqual(run.staticData, before, `${httpCode}: the checkpoint is kept`);
  }
  assert.deepEqual(await run.poll(), published, 'everything published meanwhile, once, in order');
  assert.deepEqual(await run.poll(), []);

  // By slug: an unknown handle is the service's 404.
  const unknown = activation('userPosts', { parameters: { slug: 'nobody-at-all' } });
  const error = await failureOf(unknown.poll());
  assert.equal(error.httpCode, '404');
  assert.deepEqual(unknown.staticData, {});
});

test('the cap: more new records than "Max New Records per Poll" fail the poll saying so, with nothing emitted; raised, it catches up', async () => {
  feeds.publish('ownNotes', { count: 2 });
  const run = activation('ownNotes', { parameters: { options: { maxRecords: 30 } } });
  await run.poll();
  const before = structuredClone(run.staticData);
  const burst = feeds.publish('ownNotes', { count: 31 });
  const error = await failureOf(run.poll());
  assert.ok(error instanceof NodeOperationError);
  assert.match(error.message, /More than 30 new notes were published since the last poll.*"Max New Records per Poll".*Nothing was emitted and the checkpoint was kept/);
  assert.match(error.description, /raise "Max New Records per Poll".*above 30.*deactivate and activate the workflow/);
  assert.deepEqual(run.staticData, before);
  const raised = activation('ownNotes', { parameters: { options: { maxRecords: 31 } }, staticData: run.staticData, activation: 'update' });
  assert.deepEqual(await raised.poll(), burst);
});

test('restarts: after n8n starts again (init) the first poll catches up; a new activation starts from the newest record', async () => {
  feeds.publish('userNotes', { count: 2 });
  const staticData = {};
  const first = activation('userNotes', { staticData });
  await first.poll();
  const one = feeds.publish('userNotes');
  assert.deepEqual(await first.poll(), one);
  // n8n stops; records are published; n8n starts and activates the workflow again (init).
  const whileDown = feeds.publish('userNotes', { count: 3 });
  const restarted = activation('userNotes', { staticData, activation: 'init' });
  assert.deepEqual(await restarted.poll(), whileDown);
  assert.deepEqual(await restarted.poll(), []);
  // A new version of the active workflow (update) and another main taking over catch up too.
  for (const mode of ['update', 'leadershipChange']) {
    const more = feeds.publish('userNotes');
    assert.deepEqual(await activation('userNotes', { staticData, activation: mode }).poll(), more, mode);
  }
  // Deactivated and activated again: the first poll starts from the newest record.
  feeds.publish('userNotes', { count: 2 });
  const again = activation('userNotes', { staticData, activation: 'activate' });
  assert.deepEqual(await again.poll(), []);
  const after = feeds.publish('userNotes');
  assert.deepEqual(await again.poll(), after);
});

test('a checkpoint of another feed (the parameters changed) is not used: the first poll starts from the newest record', async () => {
  feeds.publish('ownPosts', { count: 2 });
  feeds.publish('userPosts', { count: 2 });
  const staticData = {};
  await activation('ownPosts', { staticData }).poll();
  assert.equal(staticData.checkpoint.feed, 'newPost:own');
  feeds.publish('userPosts', { count: 3 });
  const moved = activation('userPosts', { staticData, activation: 'update' });
  assert.deepEqual(await moved.poll(), []);
  assert.equal(staticData.checkpoint.feed, `newPost:slug:${HANDLE}`);
  const next = feeds.publish('userPosts');
  assert.deepEqual(await moved.poll(), next);
});

test('overlapping polls of one node: the one that starts while another runs is skipped, so nothing is emitted twice', async () => {
  feeds.publish('ownPosts');
  let release;
  const held = new Promise((resolve) => (release = resolve));
  let holding = false;
  const run = activation('ownPosts', { beforeRequest: async () => { if (holding) await held; } });
  await run.poll();
  const fresh = feeds.publish('ownPosts', { count: 2 });
  holding = true;
  const slow = run.poll();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(await run.poll(), [], 'skipped while the first runs');
  holding = false;
  release();
  assert.deepEqual(await slow, fresh);
  assert.deepEqual(await run.poll(), []);
  // Another node (or workflow) is not held back by it.
  const other = activation('ownPosts', { nodeId: 'trigger-2' });
  assert.deepEqual(await other.poll(), []);
});

test('own posts: a post published or deleted while a poll pages through the list: the walk starts again, nothing lost or twice', async () => {
  feeds.publish('ownPosts', { count: 3 });
  let onRequest = () => {};
  const run = activation('ownPosts', { beforeRequest: async () => onRequest() });
  await run.poll();
  const burst = feeds.publish('ownPosts', { count: 30 });
  let late;
  let n = 0;
  // Before the poll's second request a post comes, before its fourth one goes.
  onRequest = () => {
    n += 1;
    if (n === 2) late = feeds.publish('ownPosts');
    if (n === 4) feeds.remove('ownPosts', burst[3]);
  };
  service.requests.length = 0;
  const emitted = await run.poll();
  onRequest = () => {};
  assert.deepEqual(emitted, [...burst.slice(0, 3), ...burst.slice(4), ...late], 'each once, oldest first');
  assert.ok(wire().filter((r) => r.includes('offset=0&')).length >= 2, `the walk started again: ${wire().join(' ')}`);
  assert.deepEqual(await run.poll(), []);
});

test('parameters: an empty slug, a user ID below 1 or a bad cap fail the poll before anything is sent', async () => {
  for (const [parameters, message] of [
    [{ event: 'newPost', source: 'slug', slug: ' @ ' }, /Parameter "Slug" must not be empty/],
    [{ event: 'newNote', source: 'userId', userId: 0 }, /Parameter "User ID" must be a whole number of at least 1/],
    [{ event: 'newNote', source: 'own', options: { maxRecords: 0 } }, /Option "Max New Records per Poll" must be a whole number of at least 1/],
    [{ event: 'newComment', source: 'own' }, /The event "newComment" is not supported/],
  ]) {
    const ctx = fakePollContext({ parameters, credentials });
    const error = await failureOf(trigger.poll.call(ctx));
    assert.ok(error instanceof NodeOperationError, String(error));
    assert.match(error.message, message);
  }
  assert.deepEqual(service.requests, []);
  // Expressions may give numbers as text.
  feeds.publish('userNotes');
  const ctx = fakePollContext({ parameters: { event: 'newNote', source: 'userId', userId: ` ${USER_ID} `, options: { maxRecords: '5' } }, credentials });
  assert.equal(await trigger.poll.call(ctx), null);
  assert.equal(ctx.staticData.checkpoint.feed, `newNote:userId:${USER_ID}`);
});

test('parameters: the slug and user ID are read by the main node\'s readers, refusing what it refuses with its messages, naming no item', async () => {
  const main = new Publisher();
  /** The main node's refusal of the same value, for Profile → Get by Slug / Get by ID. */
  const nodeRefusal = async (item) => {
    const ctx = fakeContext({ items: [{ resource: 'profile', ...item }], credentials });
    return main.execute.call(ctx).then(() => assert.fail(`the node should refuse ${JSON.stringify(item)}`), (error) => error);
  };
  // Empty text and a number where text belongs: the values the trigger's own readers once
  // refused with other messages ("not \"\"", "must not be empty").
  const cases = [
    [{ source: 'userId', userId: '' }, { operation: 'getById', userId: '' }],
    [{ source: 'userId', userId: '  ' }, { operation: 'getById', userId: '  ' }],
    [{ source: 'userId', userId: '1.5' }, { operation: 'getById', userId: '1.5' }],
    [{ source: 'userId', userId: Number.NaN }, { operation: 'getById', userId: Number.NaN }],
    [{ source: 'slug', slug: 42 }, { operation: 'getBySlug', slug: 42 }],
    [{ source: 'slug', slug: ' @ ' }, { operation: 'getBySlug', slug: ' @ ' }],
  ];
  for (const [parameters, item] of cases) {
    const expected = await nodeRefusal(item);
    assert.equal(expected.context.itemIndex, 0, 'the node names the item');
    const error = await failureOf(trigger.poll.call(fakePollContext({ parameters: { event: 'newPost', ...parameters }, credentials })));
    assert.ok(error instanceof NodeOperationError, String(error));
    assert.equal(error.message, expected.message, JSON.stringify(parameters));
    assert.equal(error.context.itemIndex, undefined, 'a poll has no item to name');
  }
  assert.equal((await nodeRefusal({ operation: 'getById', userId: '' })).message, 'Parameter "User ID" is empty: it must be a whole number of at least 1');
  const cap = await failureOf(trigger.poll.call(fakePollContext({ parameters: { event: 'newPost', source: 'own', options: { maxRecords: ' ' } }, credentials })));
  assert.equal(cap.message, 'Option "Max New Records per Poll" is empty: it must be a whole number of at least 1');
  assert.deepEqual(service.requests, []);
});
