// A tiny HTTP server that answers the client with the project's response fixtures
// (fixtures/service/, answers of the local service), records every request, and plays
// scripted faults. The ids it answers for are the fixtures' own, exported below.
import http from 'node:http';
import { readFileSync } from 'node:fs';

// The mutation run (scripts/mutants.sh node) runs these tests from a copy of n8n-node/.
const FIXTURES = process.env.PUBLISHER_FIXTURES_DIR ? new URL(`file://${process.env.PUBLISHER_FIXTURES_DIR}/`) : new URL('../../../fixtures/service/', import.meta.url);
export const fixture = (name) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));

const byId = fixture('post-by-id.json');
const publicProfile = fixture('public-profile.json');
const readerNote = fixture('reader-comment-note.json');
const notes = fixture('notes.json');
const postComment = fixture('reader-comment-of-post.json');

/** The ids and the handle the service knows. */
export const POST_ID = byId.post.id;
export const HANDLE = publicProfile.handle;
/** The user the handle names: profile/posts and the notes feed answer for this user. */
export const USER_ID = publicProfile.id;
export const NOTE_ID = readerNote.item.comment.id;
/** A comment under the post POST_ID (comments.json are that post's comments). */
export const COMMENT_ID = postComment.item.comment.id;
/** The ids the account follows, its own first; USER_ID has a feed and a public profile, the others no activity. */
export const FOLLOWING_IDS = fixture('following.json');

/** The notes feed: the fixture page, then (for any cursor) the same items as the last page. */
export const NOTES_PAGES = [notes, { ...notes, nextCursor: null }];

// path (no query) → body; `url` is the request's URL.
const routes = new Map([
  ['GET /api/v1/posts', () => fixture('posts.json')],
  [`GET /api/v1/posts/by-id/${POST_ID}`, () => byId],
  ['GET /api/v1/profile/posts', (body, url) => (url.searchParams.get('profile_user_id') === String(USER_ID) ? fixture('profile-posts.json') : null)],
  [`GET /api/v1/user/${HANDLE}/public_profile`, () => publicProfile],
  ['GET /api/v1/notes', (body, url) => NOTES_PAGES[url.searchParams.has('cursor') ? 1 : 0]],
  // With types=note the user's notes; without, the activity feed (of a full profile).
  [`GET /api/v1/reader/feed/profile/${USER_ID}`, (body, url) => fixture(url.searchParams.get('types') === 'note' ? 'profile-notes.json' : 'profile-feed.json')],
  [`GET /api/v1/reader/comment/${NOTE_ID}`, () => readerNote],
  [`GET /api/v1/reader/comment/${COMMENT_ID}`, () => postComment],
  [`GET /api/v1/post/${POST_ID}/comments`, () => fixture('comments.json')],
  ['GET /api/v1/feed/following', () => fixture('following.json')],
  ['POST /api/v1/comment/feed', () => fixture('publish-response.json')],
  ['POST /api/v1/image', (body) => ({ ...fixture('image-upload.json'), url: `https://substack-post-media.s3.amazonaws.com/public/images/unit-${JSON.parse(body).image.length}_1x1.png` })],
  ['POST /api/v1/comment/attachment', (body) => {
    const { url, type } = JSON.parse(body);
    if (type === 'image') return { ...fixture('attachment-image.json'), id: `image-${url.length}`, imageUrl: url };
    return fixture('attachment-link.json');
  }],
]);

// ---- Drafts (the service's draft wire: docs/drafts.md) ----------------------------------------
// A store per service, emptied by reset(): create, read, edit, delete, list, the pre-publish
// check, publish (the draft becomes a post of the same id), and scheduled releases, which
// the fixture never releases by itself (`release(id)` does, for a test).

/** The account's own profile (GET /api/v1/user/profile/self): the drafts' byline. */
export const SELF = { id: USER_ID, name: publicProfile.name, handle: HANDLE };
/** The draft the store holds after every reset: unpublished, not scheduled, with a body. */
export const DRAFT_ID = 9000;
export const DRAFT_DOC = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A seeded draft.' }] }] };
/** The first draft id the store gives; then one more per draft. */
export const FIRST_DRAFT_ID = 9001;
// `should_send_email` is the publish dialog's email choice, saved before a publish or a
// release (http-contract-drafts §6).
const DRAFT_FIELDS = ['draft_title', 'draft_subtitle', 'draft_body', 'draft_bylines', 'audience', 'type', 'draft_section_id', 'section_chosen', 'should_send_email'];

// The store's clock: each write is one second after the previous one, from the second the
// service started (so that runs after a reset give the same records, and a draft is never
// older than the call that created it).
function draftStore(clockStart = Math.floor(Date.now() / 1000) * 1000) {
  const drafts = new Map(); // id → record
  const releases = new Map(); // id → release
  let nextId = FIRST_DRAFT_ID;
  let tick = 0;
  const now = () => new Date(clockStart + 1000 * tick++).toISOString();
  const notFound = [404, { error: 'Not found' }];
  const record = (id) => drafts.get(id);
  const create = (body, at = now()) => {
    const draft = {
      id: nextId++, publication_id: byId.post.publication_id,
      draft_title: '', draft_subtitle: '', draft_body: null, draft_bylines: [], draft_created_at: at, draft_updated_at: at,
      draft_section_id: null, section_id: null, section_chosen: false, audience: 'everyone', type: 'newsletter',
      is_published: false, post_date: null, title: null, subtitle: null, slug: null, canonical_url: null,
      // Never saved reads as sending (§6).
      should_send_email: true, email_sent_at: null, write_comment_permissions: 'everyone', is_draft_hidden: false,
    };
    for (const field of DRAFT_FIELDS) if (field in body) draft[field] = body[field];
    drafts.set(draft.id, draft);
    return draft;
  };
  const seed = () => {
    nextId = DRAFT_ID;
    create({
      draft_title: 'Seeded draft', draft_subtitle: 'For the unit tests', draft_body: JSON.stringify(DRAFT_DOC),
      draft_bylines: [{ id: SELF.id, is_guest: false }], audience: 'only_paid', type: 'newsletter', draft_section_id: null, section_chosen: true,
    }, new Date(clockStart - 3600_000).toISOString());
  };
  seed();
  /** The post the draft becomes: GET /posts/<slug>'s shape, the draft's id, title and audience. */
  const publish = (draft, { send = false } = {}) => {
    const at = now();
    const slug = `${String(draft.draft_title || 'untitled').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${draft.id}`;
    Object.assign(draft, {
      is_published: true, post_date: at, title: draft.draft_title, subtitle: draft.draft_subtitle, slug,
      canonical_url: `https://angelsant.substack.com/p/${slug}`, section_id: draft.draft_section_id,
      should_send_email: send, email_sent_at: send ? at : null,
    });
    releases.delete(draft.id);
    return { ...fixture('post-by-slug.json'), id: draft.id, title: draft.title, subtitle: draft.subtitle, slug, audience: draft.audience,
      type: draft.type, post_date: at, canonical_url: draft.canonical_url, section_id: draft.section_id, is_published: true, description: draft.subtitle };
  };
  const list = (url, which) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const all = [...drafts.values()]
      .filter((d) => (which === 'published' ? d.is_published : which === 'scheduled' ? releases.has(d.id) : !d.is_published))
      .sort((a, b) => (a.draft_updated_at < b.draft_updated_at ? 1 : a.draft_updated_at > b.draft_updated_at ? -1 : b.id - a.id));
    return [200, { posts: all.slice(offset, offset + limit), offset, limit, total: all.length }];
  };
  /** [status, body] for a draft route, or undefined when the path is not one. */
  const handle = (method, path, body, url) => {
    if (method === 'GET' && path === '/api/v1/user/profile/self') return [200, SELF];
    const listing = /^\/api\/v1\/post_management\/(drafts|scheduled|published)$/.exec(path);
    if (listing && method === 'GET') return list(url, listing[1]);
    if (method === 'POST' && path === '/api/v1/drafts') return [200, create(JSON.parse(body || '{}'))];
    const match = /^\/api\/v1\/drafts\/(\d+)(\/prepublish|\/publish|\/scheduled_release)?$/.exec(path);
    if (!match) return undefined;
    const id = Number(match[1]);
    const draft = record(id);
    if (!draft) return notFound;
    const sub = match[2] ?? '';
    if (sub === '') {
      if (method === 'GET') return [200, draft];
      if (method === 'PUT') {
        const changes = JSON.parse(body || '{}');
        for (const field of DRAFT_FIELDS) if (field in changes) draft[field] = changes[field];
        draft.draft_updated_at = now();
        return [200, draft];
      }
      if (method === 'DELETE') {
        drafts.delete(id);
        releases.delete(id);
        return [200, ''];
      }
    }
    if (sub === '/prepublish' && method === 'GET') {
      const errors = String(draft.draft_title ?? '').trim() ? [] : ['Please add a title.'];
      return [200, { errors, warnings: draft.draft_body ? [] : ['The post has no body.'] }];
    }
    if (sub === '/publish' && method === 'POST') {
      if (draft.is_published) return [400, { error: 'Post is already published' }];
      return [200, publish(draft, JSON.parse(body || '{}'))];
    }
    if (sub === '/scheduled_release') {
      if (method === 'GET') return [200, releases.has(id) ? [releases.get(id)] : []];
      if (method === 'POST') {
        const { trigger_at: triggerAt, post_audience: postAudience, email_audience: emailAudience } = JSON.parse(body || '{}');
        const release = { id: 500 + id, post_id: id, trigger_at: triggerAt, post_audience: postAudience, email_audience: emailAudience };
        releases.set(id, release);
        draft.post_date = triggerAt;
        return [200, release];
      }
      if (method === 'DELETE') {
        releases.delete(id);
        draft.post_date = null;
        return [200, ''];
      }
    }
    return notFound;
  };
  return {
    handle,
    drafts,
    releases,
    /** Publishes a scheduled draft, as the service does at its trigger time. */
    release: (id) => publish(record(id), { send: releases.get(id)?.email_audience != null }),
    reset: () => { drafts.clear(); releases.clear(); tick = 0; seed(); },
  };
}

// Routes for any of the other followed users (no activity): an empty feed, then the
// profile by id, as the service answers for a user without posts or notes.
const patterns = [
  [/^GET \/api\/v1\/reader\/feed\/profile\/(\d+)$/, ([, id]) => FOLLOWING_IDS.includes(Number(id)) && Number(id) !== USER_ID
    ? { items: [], originalCursorTimestamp: '2026-01-15T12:00:00.000Z', nextCursor: null }
    : null],
  [/^GET \/api\/v1\/user\/(\d+)\/profile$/, ([, id]) => FOLLOWING_IDS.includes(Number(id))
    ? { ...fixture('user-profile.json'), id: Number(id), handle: `user${id}`, name: `User ${id}` }
    : null],
];
const patternRoute = (key) => {
  for (const [pattern, answer] of patterns) {
    const match = pattern.exec(key);
    if (match) return () => answer(match);
  }
  return undefined;
};

export async function startFixtureService({ apiKey }) {
  const requests = [];
  const deleted = new Set(); // note ids deleted since the last reset: a second DELETE is a 404
  const faults = []; // { method, path, status, headers, body, times, skip }
  const overrides = new Map(); // 'METHOD /path' → (body, url) => answer, until the next reset
  const drafts = draftStore();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      requests.push({ method: req.method, path: url.pathname, query: url.search, headers: req.headers, body });
      const send = (status, json, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof json === 'string' ? json : JSON.stringify(json));
      };
      const fault = faults.find((f) => f.times > 0 && f.method === req.method && url.pathname.startsWith(f.path));
      // `skip`: the fault lets that many matching requests through first (a read before a write).
      if (fault?.skip > 0) fault.skip -= 1;
      else if (fault) {
        fault.times -= 1;
        return send(fault.status, fault.body ?? { error: 'fault' }, fault.headers);
      }
      if (!(req.headers.cookie ?? '').includes(apiKey)) return send(401, { error: 'Not authorized' });
      const deletion = req.method === 'DELETE' && /^\/api\/v1\/comment\/(\d+)$/.exec(url.pathname);
      if (deletion) {
        if (deleted.has(deletion[1])) return send(404, { error: 'Not found' });
        deleted.add(deletion[1]);
        return send(200, {});
      }
      const key = `${req.method} ${url.pathname.replace(/(.)\/$/, '$1')}`;
      const draftAnswer = overrides.has(key) ? undefined : drafts.handle(req.method, url.pathname.replace(/(.)\/$/, '$1'), body, url);
      if (draftAnswer) return send(...draftAnswer);
      const route = overrides.get(key) ?? routes.get(key) ?? patternRoute(key);
      const answer = route?.(body, url);
      if (!answer) return send(404, { error: 'Not found' });
      return send(200, answer);
    });
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    fault: (spec) => faults.push({ times: 1, ...spec }),
    /** Answers `route` ('GET /api/v1/posts') with `answer(body, url)` until the next reset. */
    override: (route, answer) => overrides.set(route, answer),
    /** The draft store: `drafts` (id → record), `releases`, `release(id)` (publish a scheduled draft). */
    drafts,
    reset: () => { requests.length = 0; faults.length = 0; deleted.clear(); overrides.clear(); drafts.reset(); },
    close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(done); }),
  };
}
