#!/usr/bin/env node
// The project's own response fixtures (fixtures/service/*.json): answers of the local
// service, seed 1, small settings, one file per endpoint the client reads or writes.
// The Rust unit and fuzz tests, tests/wasm.rs and the n8n node's unit tests read them;
// nothing of the project's tests needs data from outside the repository.
//
//   node local-service/fixtures.mjs           writes fixtures/service/
//   node local-service/fixtures.mjs --check   exits 1 if a committed file differs from a fresh export
//
// `exportFixtures()` is also what the local service's self-test compares with the
// committed files, so a change of the service that changes a record fails a test until
// the fixtures are regenerated.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalService } from './index.mjs';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/service/', import.meta.url));

/** Small enough to commit, large enough that every list has several items and pages. */
const OPTIONS = { port: 0, seed: 1, posts: 12, bodyBytes: 240, notes: 30, following: 3 };

/** The instant the service takes for "now" while exporting (cursors and new notes carry it). */
const EXPORT_NOW = Date.parse('2026-01-15T12:00:00.000Z');

/** Feed pages keep their first items only: the same shapes, a fraction of the bytes. */
const PAGE_ITEMS = 5;

/** A 1×1 PNG, for the image upload. */
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Each fixture: its file, the request that produced it (documented in fixtures/README.md)
 * and, for the shape check against the real samples, the record kind it holds.
 * Returns Map<file, value>.
 */
export async function exportFixtures() {
  const restoreClock = fixClock(EXPORT_NOW);
  try {
    return await exportWithService();
  } finally {
    restoreClock();
  }
}

/**
 * Makes `Date.now()` and `new Date()` give `instant` in this process until the returned
 * function is called: the service stamps cursors and published notes with the time, and
 * committed fixtures must not change from one export to the next.
 */
function fixClock(instant) {
  const RealDate = globalThis.Date;
  class FixedDate extends RealDate {
    constructor(...args) {
      super(...(args.length ? args : [instant]));
    }
    static now() {
      return instant;
    }
  }
  globalThis.Date = FixedDate;
  return () => {
    globalThis.Date = RealDate;
  };
}

/** A feed page cut to its first PAGE_ITEMS items. */
const firstItems = (page) => ({ ...page, items: page.items.slice(0, PAGE_ITEMS) });

async function exportWithService() {
  const service = await startLocalService(OPTIONS);
  const cookie = `connect.sid=s%3A${service.apiKey}`;
  const request = async (path, init = {}) => {
    const response = await fetch(service.url + path, { ...init, headers: { Cookie: cookie, 'Content-Type': 'application/json', ...init.headers } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  const post = (path, value) => request(path, { method: 'POST', body: JSON.stringify(value) });
  const files = new Map();
  try {
    const info = await (await fetch(`${service.url}/__control/info`)).json();
    const posts = await request('/api/v1/posts?offset=0&limit=12');
    const newsletter = posts.find((candidate) => candidate.type === 'newsletter');
    const commented = posts.find((candidate) => candidate.comment_count > 0);
    files.set('posts.json', posts.slice(0, 4));
    files.set('post-by-id.json', await request(`/api/v1/posts/by-id/${newsletter.id}`));
    files.set('post-by-slug.json', await request(`/api/v1/posts/${encodeURIComponent(newsletter.slug)}`));
    files.set('search.json', await request('/api/v1/search?query=the&limit=3'));
    const comments = await request(`/api/v1/post/${commented.id}/comments`);
    files.set('comments.json', comments);
    files.set('reader-comment-of-post.json', await request(`/api/v1/reader/comment/${comments.comments[0].id}`));

    const notes = await request('/api/v1/notes');
    files.set('notes.json', firstItems(notes));
    const note = notes.items.find((item) => item.type === 'comment' && item.comment);
    files.set('reader-comment-note.json', await request(`/api/v1/reader/comment/${note.comment.id}`));

    // The followed user whose activity feed mixes notes with other kinds of items.
    const user = info.users.find((candidate) => candidate.id !== info.account.id) ?? info.users[0];
    files.set('public-profile.json', await request(`/api/v1/user/${user.handle}/public_profile`));
    files.set('user-profile.json', await request(`/api/v1/user/${user.id}/profile`));
    files.set('profile-feed.json', firstItems(await request(`/api/v1/reader/feed/profile/${user.id}`)));
    files.set('profile-notes.json', firstItems(await request(`/api/v1/reader/feed/profile/${user.id}?types=note`)));
    files.set('profile-posts.json', await request(`/api/v1/profile/posts?profile_user_id=${user.id}&limit=10`));
    files.set('following.json', await request('/api/v1/feed/following'));

    const upload = await post('/api/v1/image', { image: `data:image/png;base64,${PNG_1x1}` });
    files.set('image-upload.json', upload);
    files.set('attachment-link.json', await post('/api/v1/comment/attachment/', { url: 'https://example.test/a/page', type: 'link' }));
    files.set('attachment-image.json', await post('/api/v1/comment/attachment/', { url: upload.url, type: 'image' }));
    // The web app's own rich note (bold, italic and code paragraphs, lists, a quote, a
    // code block), as the client's note-document tests build it.
    const text = (value, mark) => (mark ? { type: 'text', text: value, marks: [{ type: mark }] } : { type: 'text', text: value });
    const paragraph = (...content) => ({ type: 'paragraph', content });
    const item = (value) => ({ type: 'listItem', content: [paragraph(text(value))] });
    files.set('publish-response.json', await post('/api/v1/comment/feed/', {
      bodyJson: {
        type: 'doc',
        attrs: { schemaVersion: 'v1' },
        content: [
          paragraph(text('test', 'bold')),
          paragraph(text('test1', 'italic')),
          paragraph(text('another test', 'code')),
          paragraph(text('just a test')),
          { type: 'bulletList', content: [item('test again')] },
          { type: 'orderedList', attrs: { start: 1 }, content: [item('test test'), item('test')] },
          { type: 'blockquote', content: [paragraph(text('test test test'))] },
          { type: 'codeBlock', attrs: { language: null }, content: [text('and test')] },
        ],
      },
      replyMinimumRole: 'everyone',
    }));

    // A post draft: created, listed, checked (fixtures of the drafts' decoders).
    const self = await request('/api/v1/user/profile/self');
    const draft = await post('/api/v1/drafts', {
      draft_title: 'The weekly issue',
      draft_subtitle: '',
      draft_body: JSON.stringify({ type: 'doc', content: [paragraph(text('Hello'))] }),
      draft_bylines: [{ id: self.id, is_guest: false }],
      audience: 'everyone',
      type: 'newsletter',
    });
    files.set('draft.json', draft);
    files.set('drafts.json', await request('/api/v1/post_management/drafts?offset=0&limit=25&order_by=draft_updated_at&order_direction=desc'));
    files.set('draft-check.json', await request(`/api/v1/drafts/${draft.id}/prepublish`));
  } finally {
    await service.close();
  }
  return files;
}

/** The text a fixture is committed as. */
export const fixtureText = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** Files whose committed text differs from `files` (or is missing, or is extra). */
export function staleFixtures(files, dir = FIXTURES_DIR) {
  const committed = new Set(readdirSync(dir).filter((name) => name.endsWith('.json')));
  const stale = [];
  for (const [name, value] of files) {
    if (!committed.delete(name) || readFileSync(join(dir, name), 'utf8') !== fixtureText(value)) stale.push(name);
  }
  return [...stale, ...committed];
}

async function main() {
  const files = await exportFixtures();
  if (process.argv.includes('--check')) {
    const stale = staleFixtures(files);
    if (stale.length) {
      console.error(`fixtures: stale ${stale.join(', ')}; run node local-service/fixtures.mjs`);
      process.exit(1);
    }
    console.log(`fixtures: ${files.size} files match the local service`);
    return;
  }
  mkdirSync(FIXTURES_DIR, { recursive: true });
  for (const [name, value] of files) writeFileSync(join(FIXTURES_DIR, name), fixtureText(value));
  console.log(`fixtures: wrote ${files.size} files to ${FIXTURES_DIR}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
