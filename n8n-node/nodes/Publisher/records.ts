// Client records → the node's output records (interface §2.1 and §2.5, http-contract §6).
import type { IDataObject } from 'n8n-workflow';
import type { PublisherNote, PublisherPost, PublishNoteResponse } from '../../shared/client';

/** The public page of a note lives on the main host (http-contract §6.4). */
const NOTE_PAGE_HOST = 'https://substack.com';

/** Exactly the fields of §2.1, each taken from the service's record. */
export function toPostRecord(post: PublisherPost): IDataObject {
  return {
    id: post.id,
    title: post.title,
    subtitle: post.subtitle ?? '',
    slug: post.slug,
    published: post.published,
    paywalled: post.paywalled,
    type: post.type,
    publishedAt: post.post_date,
    description: post.description ?? '',
    url: post.canonical_url,
  };
}

export function noteUrl(handle: string, id: number): string {
  return `${NOTE_PAGE_HOST}/@${encodeURIComponent(handle)}/note/c-${id}`;
}

/** The author's handle: on the comment itself, else among the item's users. */
function handleOf(note: PublisherNote): string | undefined {
  const comment = note.comment;
  if (!comment) return undefined;
  if (typeof comment.handle === 'string' && comment.handle) return comment.handle;
  return note.context.users.find((user) => user.id === comment.user_id)?.handle;
}

/** Exactly the fields of §2.5; undefined for a feed item that holds no note (a restack). */
export function toNoteRecord(note: PublisherNote): IDataObject | undefined {
  const comment = note.comment;
  if (!comment) return undefined;
  const handle = handleOf(note);
  return {
    id: comment.id,
    body: comment.body,
    publishedAt: comment.date,
    url: handle ? noteUrl(handle, comment.id) : '',
  };
}

/** The note records of feed items, in order; restacks carry no note and are left out. */
export function toNoteRecords(notes: PublisherNote[]): IDataObject[] {
  return notes.map(toNoteRecord).filter((record): record is IDataObject => record !== undefined);
}

/** A published note; the answer to publishing names no handle, so it comes from a read. */
export function toPublishedNoteRecord(published: PublishNoteResponse, handle: string | undefined): IDataObject {
  return {
    id: published.id,
    body: published.body,
    publishedAt: published.date,
    url: handle ? noteUrl(handle, published.id) : '',
  };
}
