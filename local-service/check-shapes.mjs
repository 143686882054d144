#!/usr/bin/env node
// The cross-check with the real service: starts the local service, fetches every
// endpoint, and compares the JSON it serves, and the project's committed fixtures
// (fixtures/service/), with the real captured samples of ../shared/fixtures/real-samples
// (outside the project): same keys, same JSON types, recursively. Prints each
// difference; exits 1 if there is any.
//
//   node local-service/check-shapes.mjs [--samples <dir>] [--seed <n> ...]
//
// How records are compared
// - Every object must have exactly the key set of some sample object at the same path.
// - Every value must have a JSON type seen at that path in the samples (null counts as a type).
// - Arrays: each generated element is checked against all sample elements at that path;
//   a non-empty array where the samples only have empty ones is a difference.
// - A few record kinds occur in several samples (publications, users, bylines). For those,
//   variants from every sample are pooled: e.g. a user's primary publication has a
//   `custom_domain` key only when the user has a custom domain, whichever file shows it.
// - ALLOWANCES lists the few places where the data legitimately differs from every sample
//   (e.g. podcast posts have a duration; all sampled posts are newsletters).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasAwkwardCharacters } from './cursor.mjs';
import { FIXTURES_DIR } from './fixtures.mjs';
import { startLocalService } from './index.mjs';

const DEFAULT_SAMPLES_DIR = fileURLToPath(new URL('../../shared/fixtures/real-samples/', import.meta.url));
/** A 1×1 PNG, for the upload and image attachment of the shape check. */
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Record kinds pooled across samples, by the rooted path where they occur. */
const POOLED_KINDS = [
  { kind: '<Publication>', pattern: /^\$(\.items\[\]|\.item)?\.publication$/ },
  { kind: '<UserPublication>', pattern: /\.(primary_publication|user_primary_publication|primaryPublication)$/ },
  { kind: '<ContextUser>', pattern: /^\$\.items?(\[\])?\.context\.users\[\]$/ },
  { kind: '<Byline>', pattern: /\.publishedBylines\[\]$/ },
  { kind: '<FeedComment>', pattern: /^\$\.items\[\]\.comment$/ },
  { kind: '<InboxItem>', pattern: /\.inboxItem$/ },
  { kind: '<PublicationSummary>', pattern: /\.publicationUsers\[\]\.publication$/ },
  // A note's document and attachments: the notes feed samples hold the variety (lists,
  // quotes, code blocks, link and image attachments) that the single-record samples lack.
  { kind: '<NoteBody>', pattern: /^\$(\.items\[\]\.comment|\.item\.comment)?\.body_json$/ },
  { kind: '<NoteAttachments>', pattern: /^\$(\.items\[\]\.comment|\.item\.comment)?\.attachments$/ },
];

/** Known, deliberate departures from the samples. `path` is matched against the canonical path. */
const ALLOWANCES = [
  { path: /\.podcast_duration$/, type: 'number', why: 'podcast posts have a duration; every sampled post is a newsletter' },
  { path: /^\$\.posts\[\]\.restacked_post_id$/, type: 'number', why: 'profile/posts restack items name the restacked post; the sample has no restack' },
  { path: /^\$\.posts\[\]\.restacked_(post_slug|pub_name|pub_logo_url)$/, type: 'string', why: 'as above' },
  { path: /\.(previous|next)_post_slug$/, type: 'null', why: 'the oldest and the newest post have no neighbour' },
  { path: /^\$\.item\.comment\.(post_id|publication_id)$/, type: 'number', why: 'reader/comment of a comment under a post; the sample is a note' },
  { path: /^\$\.item\.comment\.edited_at$/, type: 'string', why: 'an edited note; the feed samples show edited notes' },
  { path: /^\$\.nextCursor$/, type: 'null', why: 'the last page of a feed (no notes or reader-feed sample reaches the end)' },
  { path: /^\$\.nextCursor$/, type: 'string', why: 'profile/posts with more posts than the limit (the sample fits in one page)' },
];

// ---- shape model -----------------------------------------------------------------------------

function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function kindOf(actualPath) {
  return POOLED_KINDS.find((rule) => rule.pattern.test(actualPath))?.kind ?? null;
}

function keySetId(object) {
  return Object.keys(object).sort().join('\u0000');
}

export class ShapeModel {
  constructor() {
    this.nodes = new Map();
  }

  #node(path) {
    let node = this.nodes.get(path);
    if (!node) {
      node = { types: new Set(), keySets: new Map() };
      this.nodes.set(path, node);
    }
    return node;
  }

  /** Adds a sample value. With `kindsOnly`, only subtrees of pooled kinds are recorded. */
  add(value, { kindsOnly = false } = {}) {
    this.#walk(value, '$', '$', !kindsOnly);
  }

  #walk(value, actual, canonical, recording) {
    const type = jsonType(value);
    if (recording) this.#node(canonical).types.add(type);
    if (type === 'array') {
      this.#enterChildren(value.map((element) => [element, `${actual}[]`, `${canonical}[]`]), recording);
    } else if (type === 'object') {
      if (recording) this.#node(canonical).keySets.set(keySetId(value), Object.keys(value));
      this.#enterChildren(Object.keys(value).map((key) => [value[key], `${actual}.${key}`, `${canonical}.${key}`]), recording);
    }
  }

  #enterChildren(children, recording) {
    for (const [child, actual, canonical] of children) {
      const kind = kindOf(actual);
      this.#walk(child, actual, kind ?? canonical, recording || kind !== null);
    }
  }

  has(path) {
    return this.nodes.has(path);
  }

  get(path) {
    return this.nodes.get(path);
  }
}

/** Differences between a generated value and the model, as "path: message" strings. */
export function compareToModel(model, value) {
  const differences = [];
  walkGenerated(model, value, '$', '$', differences);
  return differences;
}

function walkGenerated(model, value, actual, canonical, differences) {
  const node = model.get(canonical);
  if (!node) {
    differences.push(`${actual}: no sample has this path`);
    return;
  }
  const type = jsonType(value);
  if (!node.types.has(type) && !isAllowed(canonical, type)) {
    differences.push(`${actual}: type ${type}, samples have ${[...node.types].join('|')}`);
    return;
  }
  if (type === 'array') {
    const elementPath = kindOf(`${actual}[]`) ?? `${canonical}[]`;
    if (value.length && !model.has(elementPath)) {
      differences.push(`${actual}: ${value.length} element(s), but every sample array here is empty`);
      return;
    }
    value.forEach((element) => walkGenerated(model, element, `${actual}[]`, elementPath, differences));
  } else if (type === 'object') {
    if (node.keySets.size && !node.keySets.has(keySetId(value))) {
      differences.push(`${actual}: ${describeKeyMismatch(Object.keys(value), [...node.keySets.values()])}`);
    }
    for (const key of Object.keys(value)) {
      const childActual = `${actual}.${key}`;
      const childCanonical = kindOf(childActual) ?? `${canonical}.${key}`;
      // An extra key is already reported above; its subtree has nothing to compare with.
      if (model.has(childCanonical)) walkGenerated(model, value[key], childActual, childCanonical, differences);
    }
  }
}

function isAllowed(canonicalPath, type) {
  return ALLOWANCES.some((allowance) => allowance.type === type && allowance.path.test(canonicalPath));
}

/** Explains a key-set mismatch against the closest sample variant. */
function describeKeyMismatch(keys, variants) {
  const own = new Set(keys);
  let best = null;
  for (const variant of variants) {
    const theirs = new Set(variant);
    const missing = variant.filter((key) => !own.has(key));
    const extra = keys.filter((key) => !theirs.has(key));
    if (!best || missing.length + extra.length < best.missing.length + best.extra.length) best = { missing, extra };
  }
  const parts = [];
  if (best.missing.length) parts.push(`missing ${best.missing.join(', ')}`);
  if (best.extra.length) parts.push(`extra ${best.extra.join(', ')}`);
  return `keys differ from the closest sample (${parts.join('; ')})`;
}

// ---- samples ---------------------------------------------------------------------------------

/** The response samples listed in MANIFEST.tsv (request bodies are skipped), by file name. */
function loadSamples(samplesDir) {
  const manifest = readFileSync(join(samplesDir, 'MANIFEST.tsv'), 'utf8');
  const responses = new Map();
  for (const line of manifest.split('\n').slice(1)) {
    const [, , file, what] = line.split('\t');
    if (!file || !what?.startsWith('response')) continue;
    responses.set(file, JSON.parse(readFileSync(join(samplesDir, file), 'utf8')));
  }
  return responses;
}

function modelFor(samples, sampleValues) {
  const model = new ShapeModel();
  for (const value of sampleValues) model.add(value);
  for (const value of samples.values()) model.add(value, { kindsOnly: true });
  return model;
}

// ---- the checks ------------------------------------------------------------------------------

/** Fetches JSON from the service with the session cookie. */
function client(service) {
  const cookie = `connect.sid=s%3A${service.apiKey}`;
  return async function request(path, init = {}) {
    const response = await fetch(service.url + path, { ...init, headers: { Cookie: cookie, ...init.headers } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
}

/** Follows nextCursor from `path` until the end; returns every page. */
async function walkPages(request, path, problems, label) {
  const pages = [];
  let cursor = null;
  for (let guard = 0; guard < 200; guard++) {
    const separator = path.includes('?') ? '&' : '?';
    const page = await request(cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path);
    pages.push(page);
    cursor = page.nextCursor;
    if (cursor === null) return pages;
    if (typeof cursor !== 'string' || !hasAwkwardCharacters(cursor)) problems.push(`${label}: nextCursor ${JSON.stringify(cursor)} lacks '+' and '/' or '='`);
  }
  problems.push(`${label}: more than 200 pages`);
  return pages;
}

export async function checkShapes({ samplesDir = DEFAULT_SAMPLES_DIR, seeds = [1, 2] } = {}) {
  const samples = loadSamples(samplesDir);
  const sample = (file) => {
    if (!samples.has(file)) throw new Error(`sample ${file} is not in MANIFEST.tsv`);
    return samples.get(file);
  };
  const byIdSample = sample('api/v1/posts/by-id/167180194.json');
  const models = {
    post: modelFor(samples, [byIdSample.post]),
    byId: modelFor(samples, [byIdSample]),
    notes: modelFor(samples, [sample('api/v1/notes.json')]),
    readerComment: modelFor(samples, [sample('api/v1/reader/comment/131648795.json')]),
    publishResponse: modelFor(samples, [sample('api/v1/comment/response.json')]),
    profileFeed: modelFor(samples, [sample('api/v1/reader/feed/profile/282291554.json')]),
    profileNotes: modelFor(samples, [sample('api/v1/feed/profile/343074721.types-note.json')]),
    publicProfile: modelFor(samples, [sample('api/v1/user/jakubslys/public_profile.json')]),
    userProfile: modelFor(samples, [sample('api/v1/user/282291554/profile.json')]),
    profilePosts: modelFor(samples, [sample('api/v1/profile/posts.profile_user_id-27968736-limit-50.json')]),
    subscription: modelFor(samples, [sample('api/v1/subscription.json')]),
  };

  const problems = [];
  let recordCount = 0;
  for (const seed of seeds) {
    const service = await startLocalService({ port: 0, seed });
    const request = client(service);
    const compare = (label, model, value) => {
      recordCount++;
      for (const difference of compareToModel(model, value)) problems.push(`[seed ${seed}] ${label} ${difference}`);
    };
    try {
      const info = await (await fetch(`${service.url}/__control/info`)).json();

      // Posts of the main publication, in every way they are served.
      const allPosts = [];
      for (let offset = 0; offset < info.posts; offset += 50) {
        const page = await request(`/api/v1/posts?offset=${offset}&limit=50`);
        page.forEach((post) => compare(`GET /posts item ${post.id}`, models.post, post));
        allPosts.push(...page);
      }
      if (allPosts.length !== info.posts) problems.push(`[seed ${seed}] /posts walked ${allPosts.length} posts, expected ${info.posts}`);
      for (const type of ['newsletter', 'podcast', 'thread']) {
        const post = allPosts.find((candidate) => candidate.type === type);
        if (!post) {
          problems.push(`[seed ${seed}] no ${type} post`);
          continue;
        }
        compare(`GET /posts/${post.slug}`, models.post, await request(`/api/v1/posts/${encodeURIComponent(post.slug)}`));
        compare(`GET /posts/by-id/${post.id}`, models.byId, await request(`/api/v1/posts/by-id/${post.id}`));
      }
      const search = await request('/api/v1/search?query=the&limit=10');
      if (typeof search.total !== 'number' || !Array.isArray(search.results)) problems.push(`[seed ${seed}] /search is not {total, results}`);
      search.results.forEach((post) => compare('GET /search result', models.post, post));
      (await request('/api/v1/archive?sort=new&search=&limit=5')).forEach((post) => compare('GET /archive item', models.post, post));

      // A draft published: no draft call was ever captured, so the draft record is checked
      // for the fields of http-contract-drafts §2; the post it becomes must be a real post.
      const sendJson = (method, path, value) => request(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) });
      const draft = await sendJson('POST', '/api/v1/drafts', {
        draft_title: 'Shape check ✓', draft_subtitle: 'Drafts', draft_body: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Body.' }] }] }),
        draft_bylines: [{ id: info.account.id, is_guest: false }], audience: 'everyone', type: 'newsletter', draft_section_id: null, section_chosen: true,
      });
      for (const field of ['id', 'draft_title', 'draft_subtitle', 'draft_body', 'draft_bylines', 'draft_created_at', 'draft_updated_at', 'draft_section_id', 'section_id', 'section_chosen', 'audience', 'type', 'is_published', 'post_date', 'title', 'subtitle', 'slug', 'canonical_url', 'should_send_email', 'email_sent_at', 'write_comment_permissions', 'is_draft_hidden']) {
        if (!(field in draft)) problems.push(`[seed ${seed}] the draft record has no ${field}`);
      }
      recordCount++;
      const draftPost = await sendJson('POST', `/api/v1/drafts/${draft.id}/publish`, { send: false, share_automatically: false });
      compare('POST /drafts/{id}/publish', models.post, draftPost);
      compare(`GET /posts/by-id/${draftPost.id} (a published draft)`, models.byId, await request(`/api/v1/posts/by-id/${draftPost.id}`));

      // Comments under a post: no sample; the fields of http-contract §4.4.
      const commented = allPosts.find((post) => post.comment_count > 0);
      const comments = await request(`/api/v1/post/${commented.id}/comments`);
      if (!Array.isArray(comments.comments) || typeof comments.more !== 'boolean') problems.push(`[seed ${seed}] /post/{id}/comments is not {comments, more}`);
      const commentFields = { id: 'number', body: 'string', date: 'string', post_id: 'number', user_id: 'number', name: 'string', handle: 'string', author_is_admin: 'boolean' };
      for (const comment of comments.comments) {
        recordCount++;
        for (const [field, type] of Object.entries(commentFields)) {
          if (jsonType(comment[field]) !== type) problems.push(`[seed ${seed}] comment ${comment.id}.${field}: ${jsonType(comment[field])}, expected ${type}`);
        }
      }
      compare(`GET /reader/comment/${comments.comments[0].id} (post comment)`, models.readerComment, await request(`/api/v1/reader/comment/${comments.comments[0].id}`));

      // A note with a rich body (the web composer's nodes of comment/response.json) and an
      // image and a link attachment; the plain note below is published after it.
      const postJson = (path, value) => request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) });
      const upload = await postJson('/api/v1/image', { image: `data:image/png;base64,${PNG_1x1}` });
      const imageAttachment = await postJson('/api/v1/comment/attachment/', { url: upload.url, type: 'image' });
      const linkAttachment = await postJson('/api/v1/comment/attachment/', { url: 'https://example.test/a/page', type: 'link' });
      const text = (value, marks) => (marks ? { type: 'text', text: value, marks: marks.map((type) => ({ type })) } : { type: 'text', text: value });
      const richNote = await postJson('/api/v1/comment/feed/', {
        bodyJson: {
          type: 'doc',
          attrs: { schemaVersion: 'v1' },
          content: [
            { type: 'paragraph', content: [text('rich', ['bold'])] },
            { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('item')] }] }] },
            { type: 'orderedList', attrs: { start: 1 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('first')] }] }] },
            { type: 'blockquote', content: [{ type: 'paragraph', content: [text('quoted')] }] },
            { type: 'codeBlock', attrs: { language: null }, content: [text('code')] },
          ],
        },
        replyMinimumRole: 'everyone',
        attachmentIds: [imageAttachment.id, linkAttachment.id],
      });
      compare('POST /comment/feed (rich, attachments)', models.publishResponse, richNote);

      // Publishing a note, then reading it back.
      const published = await request('/api/v1/comment/feed', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          bodyJson: {
            type: 'doc',
            attrs: { schemaVersion: 'v1' },
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'Shape check ✅', marks: [{ type: 'bold' }] }, { type: 'text', text: ' plain' }] },
              { type: 'paragraph', content: [{ type: 'text', text: 'second', marks: [{ type: 'italic' }] }, { type: 'text', text: ' code', marks: [{ type: 'code' }] }] },
            ],
          },
          replyMinimumRole: 'everyone',
        }),
      });
      compare('POST /comment/feed', models.publishResponse, published);
      compare(`GET /reader/comment/${published.id} (published note)`, models.readerComment, await request(`/api/v1/reader/comment/${published.id}`));

      // The account's notes, walked to the end.
      const notePages = await walkPages(request, '/api/v1/notes', problems, `[seed ${seed}] /notes`);
      notePages.forEach((page, i) => compare(`GET /notes page ${i}`, models.notes, page));
      const noteItems = notePages.flatMap((page) => page.items);
      if (noteItems[0]?.comment?.id !== published.id) problems.push(`[seed ${seed}] the published note is not first in /notes`);
      if (notePages.length < 3) problems.push(`[seed ${seed}] /notes has only ${notePages.length} page(s)`);
      const seededNote = noteItems.find((item) => item.comment && item.comment.id !== published.id);
      compare(`GET /reader/comment/${seededNote.comment.id} (note)`, models.readerComment, await request(`/api/v1/reader/comment/${seededNote.comment.id}`));

      // Every user's profile, feed (all pages), notes feed, and profile posts.
      for (const user of info.users) {
        compare(`GET /user/${user.handle}/public_profile`, models.publicProfile, await request(`/api/v1/user/${user.handle}/public_profile`));
        compare(`GET /user/${user.id}/profile`, models.userProfile, await request(`/api/v1/user/${user.id}/profile`));
        const feedPages = await walkPages(request, `/api/v1/reader/feed/profile/${user.id}`, problems, `[seed ${seed}] feed of ${user.handle}`);
        feedPages.forEach((page, i) => compare(`GET /reader/feed/profile/${user.id} page ${i}`, models.profileFeed, page));
        const notesOnly = await walkPages(request, `/api/v1/reader/feed/profile/${user.id}?types=note`, problems, `[seed ${seed}] notes of ${user.handle}`);
        notesOnly.forEach((page, i) => compare(`GET /reader/feed/profile/${user.id}?types=note page ${i}`, models.profileNotes, page));
        const postPages = await walkPages(request, `/api/v1/profile/posts?profile_user_id=${user.id}&limit=50`, problems, `[seed ${seed}] profile posts of ${user.handle}`);
        postPages.forEach((page, i) => compare(`GET /profile/posts?profile_user_id=${user.id} page ${i}`, models.profilePosts, page));
      }

      const following = await request('/api/v1/feed/following');
      if (!Array.isArray(following) || following.some((id) => typeof id !== 'number') || following[0] !== info.account.id) {
        problems.push(`[seed ${seed}] /feed/following must be numbers starting with the account's id`);
      }
      compare('GET /subscription', models.subscription, await request('/api/v1/subscription'));
    } finally {
      await service.close();
    }
  }
  recordCount += checkFixtures(models, problems);
  return { problems, recordCount };
}

/** The committed fixtures against the same models; returns how many records it compared. */
function checkFixtures(models, problems) {
  const read = (name) => JSON.parse(readFileSync(join(FIXTURES_DIR, name), 'utf8'));
  const records = [
    ...read('posts.json').map((post) => ['posts.json item', models.post, post]),
    ...read('search.json').results.map((post) => ['search.json result', models.post, post]),
    ['post-by-slug.json', models.post, read('post-by-slug.json')],
    ['post-by-id.json', models.byId, read('post-by-id.json')],
    ['reader-comment-note.json', models.readerComment, read('reader-comment-note.json')],
    ['reader-comment-of-post.json', models.readerComment, read('reader-comment-of-post.json')],
    ['publish-response.json', models.publishResponse, read('publish-response.json')],
    ['notes.json', models.notes, read('notes.json')],
    ['profile-feed.json', models.profileFeed, read('profile-feed.json')],
    ['profile-notes.json', models.profileNotes, read('profile-notes.json')],
    ['public-profile.json', models.publicProfile, read('public-profile.json')],
    ['user-profile.json', models.userProfile, read('user-profile.json')],
    ['profile-posts.json', models.profilePosts, read('profile-posts.json')],
  ];
  for (const [label, model, value] of records) {
    for (const difference of compareToModel(model, value)) problems.push(`[fixtures] ${label} ${difference}`);
  }
  const following = read('following.json');
  if (!Array.isArray(following) || following.some((id) => !Number.isInteger(id))) problems.push('[fixtures] following.json is not a list of ids');
  return records.length;
}

async function main() {
  const args = process.argv.slice(2);
  let samplesDir = process.env.PUBLISHER_SAMPLES_DIR || DEFAULT_SAMPLES_DIR;
  const seeds = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--samples') samplesDir = args[++i];
    else if (args[i] === '--seed') seeds.push(Number(args[++i]));
    else {
      process.stderr.write(`Unknown argument: ${args[i]}\nUsage: node local-service/check-shapes.mjs [--samples <dir>] [--seed <n> ...]\n`);
      process.exit(2);
    }
  }
  const { problems, recordCount } = await checkShapes({ samplesDir, seeds: seeds.length ? seeds : undefined });
  for (const problem of problems) console.log(problem);
  if (problems.length) {
    console.log(`check-shapes: ${problems.length} difference(s) in ${recordCount} records`);
    process.exit(1);
  }
  console.log(`check-shapes: OK, ${recordCount} records (the local service's and fixtures/service/) match the real samples`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
