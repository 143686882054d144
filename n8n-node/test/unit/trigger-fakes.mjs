// Fakes for the trigger's unit tests: an IPollFunctions as n8n hands it to a poll node (one
// object per activation; the node's static data shared between activations, as n8n keeps
// it in the workflow), and feeds that change between polls, served by the fixture service
// (fixture-service.mjs) from records cloned from the project's fixtures.

import { fixture, HANDLE, USER_ID } from './fixture-service.mjs';

/**
 * A poll context. `staticData` is the node's static data (pass the same object to model
 * n8n keeping it between polls and restarts); `beforeRequest` runs before each HTTP request
 * (to publish during a poll, or hold a request back).
 */
export function fakePollContext({ parameters, credentials, mode = 'trigger', activation = 'activate', staticData = {}, workflowId = 'wf-1', nodeId = 'trigger-1', beforeRequest }) {
  const httpCalls = [];
  const node = { id: nodeId, name: 'Publisher Trigger', type: 'n8n-nodes-publisher.publisherTrigger', typeVersion: 1, position: [0, 0], parameters };
  return {
    httpCalls,
    staticData,
    getNodeParameter: (name, fallback) => {
      if (name in parameters) return parameters[name];
      if (fallback !== undefined) return fallback;
      throw new Error(`Could not get parameter "${name}"`);
    },
    getMode: () => mode,
    getActivationMode: () => activation,
    getWorkflowStaticData: (type) => {
      if (type !== 'node') throw new Error(`unexpected static data type ${type}`);
      return staticData;
    },
    getWorkflow: () => ({ id: workflowId, name: 'Trigger test', active: mode !== 'manual' }),
    getNode: () => node,
    getCredentials: async (type) => {
      if (type !== 'publisherApi') throw new Error(`unexpected credential type ${type}`);
      return credentials;
    },
    helpers: {
      httpRequest: async (options) => {
        httpCalls.push(options);
        if (beforeRequest) await beforeRequest(options, httpCalls.length);
        const response = await fetch(options.url, { method: options.method, headers: options.headers, body: options.body, signal: options.abortSignal });
        const headers = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        return { body: Buffer.from(await response.arrayBuffer()), headers, statusCode: response.status, statusMessage: response.statusText };
      },
    },
  };
}

const POST = fixture('posts.json')[0];
const PROFILE = fixture('profile-posts.json');
const NOTES = fixture('notes.json');
const NOTE_ITEM = NOTES.items.find((item) => item.comment);
const RESTACK_ITEM = NOTES.items.find((item) => !item.comment);
const PROFILE_NOTES = fixture('profile-notes.json');

const clone = (value) => JSON.parse(JSON.stringify(value));
const cursorAt = (index) => `cursor+${index}=`;
const indexOf = (url) => (url.searchParams.has('cursor') ? Number(/^cursor\+(\d+)=$/.exec(url.searchParams.get('cursor'))?.[1] ?? NaN) : 0);

/** Inserted before the first older record: among equal dates the later one comes first, like the service. */
function insertByDate(list, record, dateOf) {
  const at = list.findIndex((other) => Date.parse(dateOf(other)) <= Date.parse(dateOf(record)));
  list.splice(at < 0 ? list.length : at, 0, record);
}

/**
 * Four feeds that change between polls: the account's posts (/posts), the account's notes
 * (/notes, with restacks), and the posts and notes of the fixture user (HANDLE / USER_ID:
 * profile/posts and the profile notes feed). `install()` puts them on the fixture service;
 * call it again after a reset.
 */
export function changingFeeds(service) {
  let nextId = 900_000_000;
  let clock = Date.parse('2030-01-01T00:00:00.000Z');
  const feeds = { ownPosts: [], userPosts: [], ownNotes: [], userNotes: [] };
  const dateOfPost = (post) => post.post_date;
  const dateOfItem = (item) => item.context.timestamp;

  const newPost = (id, date, profile) => ({
    ...clone(profile ? PROFILE.posts[0] : POST),
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    post_date: date,
    canonical_url: `https://example.substack.com/p/post-${id}`,
    ...(profile ? { type: 'newsletter' } : {}),
  });
  const newNote = (id, date) => {
    const item = clone(NOTE_ITEM);
    item.entity_key = `c-${id}`;
    item.context.timestamp = date;
    Object.assign(item.comment, { id, date, body: `Note ${id}`, body_json: null });
    return item;
  };

  const api = {
    feeds,
    /** A date `seconds` after the last one handed out (dates only grow unless given). */
    tick(seconds = 1) {
      clock += seconds * 1000;
      return new Date(clock).toISOString();
    },
    /** Publishes `count` records on a feed, each at `date` (default: a new, later time each); returns their ids in order. */
    publish(feed, { count = 1, date } = {}) {
      const ids = [];
      for (let i = 0; i < count; i++) {
        const id = nextId++;
        const at = date ?? api.tick();
        if (feed === 'ownPosts' || feed === 'userPosts') insertByDate(feeds[feed], newPost(id, at, feed === 'userPosts'), dateOfPost);
        else insertByDate(feeds[feed], newNote(id, at), dateOfItem);
        ids.push(id);
      }
      return ids;
    },
    /** A restack in the account's notes feed: a feed item without a note. */
    restack() {
      const item = clone(RESTACK_ITEM);
      item.context.timestamp = api.tick();
      insertByDate(feeds.ownNotes, item, dateOfItem);
    },
    remove(feed, id) {
      const list = feeds[feed];
      const at = list.findIndex((record) => (record.comment ? record.comment.id : record.id) === id);
      if (at < 0) throw new Error(`no record ${id} in ${feed}`);
      list.splice(at, 1);
    },
    /** The newest `count` ids of a feed (notes only), newest first. */
    newest(feed, count) {
      return feeds[feed].filter((record) => !feed.endsWith('Notes') || record.comment).slice(0, count).map((record) => (record.comment ? record.comment.id : record.id));
    },
    install() {
      service.override('GET /api/v1/posts', (body, url) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), 50);
        return feeds.ownPosts.slice(offset, offset + limit);
      });
      service.override('GET /api/v1/profile/posts', (body, url) => {
        if (url.searchParams.get('profile_user_id') !== String(USER_ID)) return null;
        const start = indexOf(url);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 12), 50);
        const posts = feeds.userPosts.slice(start, start + limit);
        return { ...clone(PROFILE), posts, nextCursor: start + limit < feeds.userPosts.length ? cursorAt(start + limit) : null };
      });
      service.override('GET /api/v1/notes', (body, url) => {
        const start = indexOf(url);
        const items = feeds.ownNotes.slice(start, start + 20);
        return { items, originalCursorTimestamp: NOTES.originalCursorTimestamp, nextCursor: start + 20 < feeds.ownNotes.length ? cursorAt(start + 20) : null };
      });
      service.override(`GET /api/v1/reader/feed/profile/${USER_ID}`, (body, url) => {
        const start = indexOf(url);
        const items = feeds.userNotes.slice(start, start + 12);
        return { items, originalCursorTimestamp: PROFILE_NOTES.originalCursorTimestamp, nextCursor: start + 12 < feeds.userNotes.length ? cursorAt(start + 12) : null };
      });
    },
  };
  return api;
}

export { HANDLE, USER_ID };
