// The shapes a model reads (scripts/mcp-tools.mjs SHAPES): a summary of each record for
// lists, one record's details with its body as Markdown, cut at a named limit.
import { docToMarkdown, htmlToMarkdown, plainText } from './markdown.js';

const EXCERPT_CHARS = 280;
/** A note's text in a list; get_note gives it whole. */
export const NOTE_TEXT_CHARS = 600;

/** `text` cut to `max` characters at a word, with … when cut. */
export function clip(text, max) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const orNull = (value) => (value === undefined ? null : value);
const integer = (value) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null);

/** `Name (@handle)`, as a reader names a person. */
function person(user) {
  if (!user || typeof user !== 'object' || !(user.name || user.handle)) return null;
  return user.handle ? `${user.name ?? user.handle} (@${user.handle})` : String(user.name);
}

/** The first paragraph of a post, as plain text. */
function excerptOf(post) {
  const source = typeof post.truncated_body_text === 'string' && post.truncated_body_text.trim()
    ? post.truncated_body_text
    : typeof post.body_html === 'string'
      ? plainText(htmlToMarkdown(post.body_html.slice(0, 4000)).split('\n\n').find((p) => p.trim() && !p.startsWith('#')) ?? '')
      : (post.description ?? '');
  return clip(source.replace(/\s+/g, ' ').trim(), EXCERPT_CHARS);
}

export function postSummary(post) {
  return {
    id: post.id,
    title: String(post.title ?? ''),
    subtitle: orNull(post.subtitle ?? null),
    date: String(post.post_date ?? ''),
    url: String(post.canonical_url ?? ''),
    audience: orNull(post.audience ?? null),
    type: String(post.type ?? ''),
    author: person(post.publishedBylines?.[0]),
    excerpt: excerptOf(post),
  };
}

/** A note of a feed, a comment, a note as getNoteById reads it, or a note just published. */
export function noteSummary(item, { textChars = NOTE_TEXT_CHARS } = {}) {
  const comment = item.comment && typeof item.comment === 'object' ? item.comment : item.id !== undefined && item.body !== undefined ? item : null;
  const context = item.context ?? {};
  if (!comment && item.post) {
    // A post in the feed (published or restacked).
    const post = item.post;
    const text = [post.title, post.subtitle].filter(Boolean).join(': ');
    return {
      id: post.id, kind: /restack/.test(context.type ?? '') ? 'restack' : 'post', date: String(context.timestamp ?? post.post_date ?? ''),
      author: person(context.users?.[0] ?? post.publishedBylines?.[0]), text: clip(text, textChars), truncated: text.length > textChars,
      reactions: integer(post.reaction_count) ?? 0, restacks: integer(post.restacks) ?? 0, replies: integer(post.comment_count) ?? 0,
      post: { id: post.id, title: String(post.title ?? ''), url: orNull(post.canonical_url ?? null) },
    };
  }
  const source = comment ?? {};
  let text = '';
  if (source.body_json && typeof source.body_json === 'object') text = docToMarkdown(source.body_json);
  if (!text) text = String(source.body ?? '');
  const kind = /restack/.test(context.type ?? '') ? 'restack' : source.post_id || source.parent_post_id ? 'comment' : 'note';
  return {
    id: source.id,
    kind,
    date: String(source.date ?? context.timestamp ?? ''),
    author: person({ id: source.user_id, name: source.name, handle: source.handle }),
    text: clip(text, textChars),
    truncated: text.length > textChars,
    reactions: integer(source.reaction_count) ?? (source.reactions && typeof source.reactions === 'object' ? Object.values(source.reactions).reduce((a, b) => a + (Number(b) || 0), 0) : 0),
    restacks: integer(source.restacks) ?? 0,
    replies: integer(source.children_count) ?? 0,
    post: item.post ? { id: item.post.id, title: String(item.post.title ?? ''), url: orNull(item.post.canonical_url ?? null) } : null,
  };
}

export function profileSummary(profile) {
  return {
    id: profile.id,
    handle: String(profile.handle ?? ''),
    name: String(profile.name ?? ''),
    bio: orNull(profile.bio ?? null),
    subscribers: integer(profile.subscriberCountNumber),
    publications: (profile.publicationUsers ?? []).filter((entry) => entry?.publication).slice(0, 10).map((entry) => ({
      id: entry.publication.id, name: String(entry.publication.name ?? ''), subdomain: String(entry.publication.subdomain ?? ''), role: orNull(entry.role ?? null),
    })),
  };
}

export function draftSummary(draft) {
  return {
    id: draft.id,
    title: String(draft.draftTitle ?? draft.draft_title ?? ''),
    subtitle: orNull(draft.draftSubtitle ?? draft.draft_subtitle ?? null),
    updatedAt: orNull(draft.updatedAt ?? draft.draft_updated_at ?? null),
    scheduledAt: orNull(draft.scheduledAt ?? null),
    published: Boolean(draft.published ?? draft.is_published ?? false),
    audience: orNull(draft.audience ?? null),
  };
}

/** A draft's body as Markdown: its document (or the document's JSON text). */
export function draftMarkdown(draft) {
  // A draft read through the Markdown entry offers its body as Markdown already.
  if (typeof draft.bodyMarkdown === 'string') return draft.bodyMarkdown;
  let body = draft.draftBody;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return body;
    }
  }
  return docToMarkdown(body, { exact: true });
}

export function postMarkdown(post) {
  return htmlToMarkdown(post.body_html ?? '');
}

/**
 * `markdown` from `offset`, at most `maxChars`, ending at a paragraph where one is near:
 * `{body, bodyChars, nextBodyOffset}` (null at the end).
 */
export function bodyPart(markdown, offset, maxChars) {
  const start = Math.min(offset, markdown.length);
  let end = Math.min(markdown.length, start + maxChars);
  if (end < markdown.length) {
    const paragraph = markdown.lastIndexOf('\n\n', end);
    if (paragraph > start + maxChars * 0.7) end = paragraph + 2;
  }
  return { body: markdown.slice(start, end), bodyChars: markdown.length, nextBodyOffset: end < markdown.length ? end : null };
}
