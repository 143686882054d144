// The feeds the trigger watches, read newest first in batches through the client. Each
// record is the main node's output record (records.ts) with its id and publish time.
import type { IDataObject } from 'n8n-workflow';
import type { Publisher, PublisherNote, PublisherNotes, PublisherPost } from '../../shared/client';
import { toNoteRecord, toPostRecord } from '../Publisher/records';

export type TriggerEvent = 'newPost' | 'newNote';

/** What the trigger watches: an event and whose records. */
export type FeedSource =
  | { event: TriggerEvent; source: 'own' }
  | { event: TriggerEvent; source: 'slug'; slug: string }
  | { event: TriggerEvent; source: 'userId'; userId: number };

export interface FeedRecord {
  id: number;
  /** Publish time in ms (posts: `post_date`; notes: the comment's `date`). */
  time: number;
  /** The node's output record. */
  json: IDataObject;
}

/**
 * One walk down a feed, newest first. `next()` resolves to the next batch of records, or
 * null at the end of the feed. A batch may repeat records of earlier ones (a re-read, or a
 * list that moved while it was read): the reader of the walk ignores ids it has seen.
 */
export interface FeedWalk {
  next(): Promise<FeedRecord[] | null>;
}

/** Raised when a list kept moving while it was read; the poll fails and the next one reads again. */
export class FeedMovedError extends Error {
  constructor(what: string) {
    super(`${what} changed ${OFFSET_RESTARTS + 1} times while it was being read`);
    this.name = 'FeedMovedError';
  }
}

/** Own posts: the first page is small (most polls find nothing new), the next ones full. */
export const OWN_POSTS_FIRST_PAGE = 10;
/** The most posts the service sends in one page. */
export const OWN_POSTS_PAGE = 50;
/** How often an offset walk starts again when the list moved under it. */
const OFFSET_RESTARTS = 3;
/** First read of a user's posts or notes: one page of the profile feeds. */
export const PROFILE_FIRST_LIMIT = 12;

/** A stable key of what is watched: a checkpoint only applies to the feed it was taken on. */
export function feedKey(feed: FeedSource): string {
  if (feed.source === 'slug') return `${feed.event}:slug:${feed.slug.toLowerCase()}`;
  if (feed.source === 'userId') return `${feed.event}:userId:${feed.userId}`;
  return `${feed.event}:own`;
}

function parsedTime(value: unknown, what: string): number {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new Error(`The service sent ${what} without a valid publish date (${JSON.stringify(value)})`);
  return time;
}

export function postRecord(post: PublisherPost): FeedRecord {
  return { id: post.id, time: parsedTime(post.post_date, `post ${post.id}`), json: toPostRecord(post) };
}

/** A feed item's note record; undefined for an item that holds no note (a restack). */
export function noteRecord(item: PublisherNote): FeedRecord | undefined {
  const json = toNoteRecord(item);
  if (!json) return undefined;
  return { id: json.id as number, time: parsedTime(json.publishedAt, `note ${String(json.id)}`), json };
}

function noteRecords(items: PublisherNote[]): FeedRecord[] {
  return items.map(noteRecord).filter((record): record is FeedRecord => record !== undefined);
}

/**
 * Posts of the account's publication by offset. Each page after the first starts one post
 * early: that post must be the last one read, or the list moved (a post published or
 * deleted during the walk) and the walk starts again from the top.
 */
function ownPostsWalk(client: Publisher): FeedWalk {
  let offset = 0;
  let lastId: number | null = null;
  let ended = false;
  let restarts = 0;
  return {
    async next() {
      if (ended) return null;
      const overlap = lastId === null ? 0 : 1;
      // Overlap included, so that a full page is one request of the service's largest page.
      const limit = offset === 0 ? OWN_POSTS_FIRST_PAGE : OWN_POSTS_PAGE;
      const page = await client.getPosts({ offset: offset - overlap, limit });
      if (lastId !== null && page[0]?.id !== lastId) {
        if (++restarts > OFFSET_RESTARTS) throw new FeedMovedError('The list of posts');
        offset = 0;
        lastId = null;
        return [];
      }
      if (page.length < limit) ended = true;
      const fresh = page.slice(overlap);
      offset += fresh.length;
      lastId = page.at(-1)?.id ?? lastId;
      return fresh.map(postRecord);
    },
  };
}

/** The account's notes feed, page by page along the service's cursor. */
function ownNotesWalk(client: Publisher): FeedWalk {
  let page: PublisherNotes | null | undefined;
  return {
    async next() {
      page = page === undefined ? await client.getNotes() : page === null ? null : await page.next();
      return page === null ? null : noteRecords(page.items);
    },
  };
}

/**
 * A user's posts or notes, which the client reads to a limit: read again with larger limits
 * until the list ends or the caller has what it needs. Each read returns the whole list;
 * the walk hands on what it had not returned yet.
 */
function growingWalk(read: (limit: number) => Promise<{ count: number; records: FeedRecord[] }>, maxLimit: number): FeedWalk {
  let limit = 0;
  let ended = false;
  const returned = new Set<number>();
  return {
    async next() {
      if (ended) return null;
      limit = limit === 0 ? PROFILE_FIRST_LIMIT : Math.max(50, limit * 2);
      if (limit >= maxLimit) {
        limit = maxLimit;
        ended = true;
      }
      const { count, records } = await read(limit);
      if (count < limit) ended = true;
      const fresh = records.filter((record) => !returned.has(record.id));
      for (const record of fresh) returned.add(record.id);
      return fresh;
    },
  };
}

/** A walk down the feed; `maxLimit` bounds a single read of the feeds read to a limit. */
export function walkFeed(client: Publisher, feed: FeedSource, maxLimit: number): FeedWalk {
  if (feed.event === 'newPost') {
    if (feed.source === 'own') return ownPostsWalk(client);
    const read = async (limit: number) => {
      const posts = feed.source === 'slug'
        ? await client.getPostsBySlug(feed.slug, { limit, offset: 0 })
        : await client.getPostsById(feed.userId, { limit, offset: 0 });
      return { count: posts.length, records: posts.map(postRecord) };
    };
    return growingWalk(read, maxLimit);
  }
  if (feed.source === 'own') return ownNotesWalk(client);
  const read = async (limit: number) => {
    const items = feed.source === 'slug'
      ? await client.getNotesBySlug(feed.slug, { limit })
      : await client.getNotesById(feed.userId, { limit });
    return { count: items.length, records: noteRecords(items) };
  };
  return growingWalk(read, maxLimit);
}
