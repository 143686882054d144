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
  const faults = []; // { method, path, status, headers, body, times }
  const overrides = new Map(); // 'METHOD /path' → (body, url) => answer, until the next reset
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
      if (fault) {
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
    reset: () => { requests.length = 0; faults.length = 0; deleted.clear(); overrides.clear(); },
    close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(done); }),
  };
}
