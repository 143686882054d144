// The trigger's checkpoint and the reading of a feed against it. A checkpoint is the newest
// publish time seen on the feed and the ids of every record published at exactly that time,
// so records sharing a timestamp are each emitted once, and a deleted record changes
// nothing (it is compared by time, never looked for).
import type { FeedRecord, FeedWalk } from './feeds';

export interface Checkpoint {
  /** The feed it was taken on (feedKey). */
  feed: string;
  /** The newest publish time seen, ISO, or null for a feed that was empty. */
  newest: string | null;
  /** The same in ms. */
  newestMs: number | null;
  /** The ids of the records published at exactly `newest`. */
  ids: number[];
}

/** More new records than a poll may read: nothing is emitted, the checkpoint stays. */
export class CapReachedError extends Error {
  constructor(readonly cap: number, readonly since: string | null) {
    super(`More than ${cap} new records since ${since ?? 'the start of the feed'}`);
    this.name = 'CapReachedError';
  }
}

/** Reads a checkpoint from the node's static data; anything else is no checkpoint. */
export function readCheckpoint(value: unknown): Checkpoint | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { feed, newest, newestMs, ids } = value as Record<string, unknown>;
  if (typeof feed !== 'string' || !Array.isArray(ids) || !ids.every((id) => typeof id === 'number')) return undefined;
  if (newest === null && newestMs === null) return { feed, newest: null, newestMs: null, ids: [] };
  if (typeof newest !== 'string' || typeof newestMs !== 'number' || !Number.isFinite(newestMs)) return undefined;
  return { feed, newest, newestMs, ids: [...ids] as number[] };
}

function checkpointAt(feed: string, newestMs: number | null, ids: Iterable<number>): Checkpoint {
  return {
    feed,
    newest: newestMs === null ? null : new Date(newestMs).toISOString(),
    newestMs,
    ids: [...new Set(ids)].sort((a, b) => a - b),
  };
}

/** Where the feed stands now: its newest record's time and every record at that time. */
export async function baseline(walk: FeedWalk, feed: string): Promise<Checkpoint> {
  let newest: number | null = null;
  let ids: number[] = [];
  for (let batch = await walk.next(); batch !== null; batch = await walk.next()) {
    for (const record of batch) {
      if (newest === null || record.time > newest) {
        newest = record.time;
        ids = [record.id];
      } else if (record.time === newest) {
        ids.push(record.id);
      }
    }
    // Past the newest time: every record at that time has been read.
    const at = newest;
    if (at !== null && batch.some((record) => record.time < at)) break;
  }
  return checkpointAt(feed, newest, ids);
}

/** The newest record of the feed (the manual run's sample), or undefined for an empty feed. */
export async function newestRecord(walk: FeedWalk): Promise<FeedRecord | undefined> {
  for (let batch = await walk.next(); batch !== null; batch = await walk.next()) {
    if (batch.length === 0) continue;
    return batch.reduce((newest, record) => (record.time > newest.time ? record : newest));
  }
  return undefined;
}

/**
 * The records published since the checkpoint, oldest first (among equal times, in the
 * order the service published them: the feed lists the later one first), and the
 * checkpoint after them. Reads until a record older than the checkpoint or the end of
 * the feed; more than `cap` new records is a CapReachedError.
 */
export async function recordsSince(
  walk: FeedWalk,
  checkpoint: Checkpoint,
  cap: number,
): Promise<{ records: FeedRecord[]; checkpoint: Checkpoint }> {
  const since = checkpoint.newestMs;
  const known = new Set(checkpoint.ids);
  const seen = new Set<number>();
  const found: FeedRecord[] = [];
  for (let batch = await walk.next(); batch !== null; batch = await walk.next()) {
    let reached = false;
    // The whole batch is looked at, so that a record slightly out of order is still found.
    for (const record of batch) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      if (since !== null && record.time < since) {
        reached = true;
        continue;
      }
      if (since !== null && record.time === since && known.has(record.id)) continue;
      found.push(record);
      if (found.length > cap) throw new CapReachedError(cap, checkpoint.newest);
    }
    if (reached) break;
  }
  const records = found
    .map((record, index) => ({ record, index }))
    .sort((a, b) => a.record.time - b.record.time || b.index - a.index)
    .map(({ record }) => record);
  if (records.length === 0) return { records, checkpoint };
  const newest = Math.max(since ?? Number.NEGATIVE_INFINITY, ...records.map((record) => record.time));
  const ids = records.filter((record) => record.time === newest).map((record) => record.id);
  if (newest === since) ids.push(...checkpoint.ids);
  return { records, checkpoint: checkpointAt(checkpoint.feed, newest, ids) };
}
