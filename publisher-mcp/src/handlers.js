// What each tool does with the client. A handler gets the client scoped to its tool's
// declared methods (src/tools.js refuses any other, so a read can never reach a write)
// and answers `{value, shrink}`: the structured result, and a way to make it smaller
// (fewer items, a shorter body part) that src/tools.js uses until it fits the budget.
import { argumentError } from './errors.js';
import { bodyPart, draftMarkdown, draftSummary, noteSummary, postMarkdown, postSummary, profileSummary } from './summaries.js';

// ---- cursors: `o:<offset>` for what pages by offset, `c:<skip>:<service cursor>` for the feed ----
function offsetOf(cursor) {
  if (cursor === undefined) return 0;
  const match = /^o:(\d{1,9})$/.exec(cursor);
  if (!match) throw argumentError('cursor: not a cursor this tool gave; pass the nextCursor of its previous page, or leave it out for the first page.');
  return Number(match[1]);
}

function feedPosition(cursor) {
  if (cursor === undefined) return { skip: 0, cursor: undefined };
  const match = /^c:(\d{1,4}):(.*)$/s.exec(cursor);
  if (!match) throw argumentError('cursor: not a cursor get_notes gave; pass the nextCursor of its previous page, or leave it out for the first page.');
  return { skip: Number(match[1]), cursor: match[2] || undefined };
}

/**
 * A page of `items` (summaries) fetched with one more than `limit` when `more` is not
 * known otherwise; shrinking drops items from the end and moves the cursor back with them.
 */
function page(items, limit, cursorAfter, more) {
  const hasMore = more ?? items.length > limit;
  const shown = items.slice(0, limit);
  const build = (count) => ({
    items: shown.slice(0, count),
    nextCursor: count < shown.length || hasMore ? cursorAfter(count) : null,
  });
  return {
    value: build(shown.length),
    shrink: (value) => (value.items.length > 1 ? build(value.items.length - 1) : null),
  };
}

/** One record with a body: shrinking shortens the body part. */
function withBody(summary, markdown, offset, maxChars) {
  const build = (chars) => ({ ...summary, ...bodyPart(markdown, offset, chars) });
  return {
    value: build(maxChars),
    shrink: (value) => (value.body.length > 200 ? build(Math.floor(value.body.length * 0.8)) : null),
  };
}

const whole = (value) => ({ value, shrink: () => null });
const isId = (user) => typeof user === 'number';

export const HANDLERS = {
  async get_posts(client, { user, limit, cursor }) {
    const offset = offsetOf(cursor);
    const next = (count) => `o:${offset + count}`;
    let posts;
    if (user === undefined) posts = await client.getPosts({ offset, limit: limit + 1 });
    else if (isId(user)) posts = await client.getPostsById(user, { offset, limit: limit + 1 });
    else posts = await client.getPostsBySlug(user, { offset, limit: limit + 1 });
    return page(posts.map(postSummary), limit, next);
  },

  async search_posts(client, { query, type, published_after: after, published_before: before, limit, cursor }) {
    const offset = offsetOf(cursor);
    const params = { query, offset, limit: limit + 1 };
    if (type !== undefined) params.type = type;
    if (after !== undefined) params.published_after = after;
    if (before !== undefined) params.published_before = before;
    const found = await client.searchPosts(params);
    return page(found.results.map(postSummary), limit, (count) => `o:${offset + count}`);
  },

  async get_post(client, { slug, id, body_offset: offset, max_chars: maxChars }) {
    if ((slug === undefined) === (id === undefined)) throw argumentError('get_post takes `slug` or `id`: give exactly one.');
    const post = slug !== undefined ? await client.getPost(slug) : await client.getPostById(id);
    const { excerpt, ...summary } = postSummary(post);
    return withBody(summary, postMarkdown(post), offset, maxChars);
  },

  async get_notes(client, { user, post_id: postId, limit, cursor }) {
    if (user !== undefined && postId !== undefined) throw argumentError('get_notes takes `user` or `post_id`, not both.');
    if (postId !== undefined) {
      // A post's comments.
      const offset = offsetOf(cursor);
      const comments = await client.getComments(postId, { offset, limit: limit + 1 });
      return page(comments.map((comment) => noteSummary(comment)), limit, (count) => `o:${offset + count}`);
    }
    if (user === undefined) {
      const position = feedPosition(cursor);
      const params = { limit: position.skip + limit };
      if (position.cursor) params.cursor = position.cursor;
      const feed = await client.getNotes(params);
      const items = feed.items.slice(position.skip).map((item) => noteSummary(item));
      const serviceNext = feed.hasMore() ? feed.nextCursor : null;
      // Cut short: the same service page again, skipping what was shown.
      const next = (count) => (count < items.length ? `c:${position.skip + count}:${position.cursor ?? ''}` : serviceNext ? `c:0:${serviceNext}` : null);
      return page(items, limit, next, serviceNext !== null);
    }
    // A user's notes: the client walks the feed from its start, so skip the pages shown.
    const offset = offsetOf(cursor);
    const params = { limit: offset + limit + 1 };
    const notes = isId(user) ? await client.getNotesById(user, params) : await client.getNotesBySlug(user, params);
    return page(notes.slice(offset).map((item) => noteSummary(item)), limit, (count) => `o:${offset + count}`);
  },

  async get_note(client, { id }) {
    const note = await client.getNoteById(id);
    const full = noteSummary(note, { textChars: Infinity });
    const build = (chars) => ({ ...full, ...(chars < full.text.length ? { text: `${full.text.slice(0, chars)}…`, truncated: true } : {}) });
    return { value: build(Infinity), shrink: (value) => (value.text.length > 200 ? build(Math.floor(value.text.length * 0.8)) : null) };
  },

  async get_profile(client, { user }) {
    const profile = isId(user) ? await client.getFullProfileById(user) : await client.getPublicProfile(user);
    return whole(profileSummary(profile));
  },

  async get_following(client, { limit, cursor }) {
    const offset = offsetOf(cursor);
    const ids = await client.getFollowingIds();
    const chosen = ids.slice(offset, offset + limit);
    // A few at a time, as the client's getFollowingProfiles does.
    const profiles = [];
    for (let at = 0; at < chosen.length; at += 4) {
      profiles.push(...await Promise.all(chosen.slice(at, at + 4).map((id) => client.getFullProfileById(id))));
    }
    return page(profiles.map(profileSummary), limit, (count) => `o:${offset + count}`, offset + chosen.length < ids.length);
  },

  async get_drafts(client, { limit, cursor }) {
    const offset = offsetOf(cursor);
    const drafts = await client.getDrafts({ offset, limit: limit + 1 });
    return page(drafts.map(draftSummary), limit, (count) => `o:${offset + count}`);
  },

  async get_draft(client, { draft_id: draftId, body_offset: offset, max_chars: maxChars }) {
    const draft = await client.getDraft(draftId);
    return withBody(draftSummary(draft), draftMarkdown(draft), offset, maxChars);
  },

  async check_draft(client, { draft_id: draftId }) {
    const check = await client.checkDraft(draftId);
    return whole({ ok: Boolean(check.ok), errors: check.errors ?? [], warnings: check.warnings ?? [] });
  },
};

/** A draft after a write: what the next call needs (update_draft asks for its updatedAt). */
const draftWritten = (draft) => {
  const { id, title, updatedAt, scheduledAt, published } = draftSummary(draft);
  return { id, title, updatedAt, scheduledAt, published };
};

/** What a write's method resolves with, as its tool answers it (SHAPES' NoteWritten, DraftWritten, PostPublished). */
export const WRITE_RESULTS = {
  publish_note: (note) => {
    const { id, date, text } = noteSummary(note, { textChars: Infinity });
    return { id, date, text };
  },
  delete_note: ({ id, deleted }) => ({ id, deleted }),
  create_draft: draftWritten,
  update_draft: draftWritten,
  delete_draft: ({ id, deleted }) => ({ id, deleted }),
  publish_draft: (post) => {
    const { id, title, date, url } = postSummary(post);
    return { id, title, date, url };
  },
  schedule_draft: draftWritten,
  unschedule_draft: draftWritten,
};
