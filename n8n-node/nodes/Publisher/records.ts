// Client records → the node's output records (interface §2.1 and §2.5, http-contract §6).
// Each read's compact record (Simplify on, and every version 1 node) is built here; with
// Simplify off a read outputs the client's whole record (`wholeRecord`).
import type { IDataObject } from 'n8n-workflow';
import type { Publisher, PublisherNote, PublisherPost, PublishNoteResponse } from '../../shared/client';

/** The client's records of profiles and comments, as its methods resolve them. */
export type PublisherFullProfile = Awaited<ReturnType<Publisher['getFullProfileById']>>;
export type PublisherComment = Awaited<ReturnType<Publisher['getComment']>>;
export type PublisherDraft = Awaited<ReturnType<Publisher['getDraft']>>;

/** Public pages of notes and profiles live on the main host (http-contract §6.4). */
const PUBLIC_PAGE_HOST = 'https://substack.com';

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

/** The client's record unchanged, as an output item (Simplify off). */
export function wholeRecord(record: object): IDataObject {
  return record as IDataObject;
}

export function noteUrl(handle: string, id: number): string {
  return `${PUBLIC_PAGE_HOST}/@${encodeURIComponent(handle)}/note/c-${id}`;
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

/** Feed items that are notes (restacks carry none): as compact records, or whole. */
export function noteOutput(notes: PublisherNote[], simplify: boolean): IDataObject[] {
  return simplify ? toNoteRecords(notes) : notes.filter((note) => note.comment).map(wholeRecord);
}

/** Posts as compact (§2.1) records, or whole. */
export function postOutput(posts: PublisherPost[], simplify: boolean): IDataObject[] {
  return posts.map((post) => (simplify ? toPostRecord(post) : wholeRecord(post)));
}

/**
 * A profile's compact record: who the user is and their primary publication. The profile
 * page lives on the main host, like a note's.
 */
export function toProfileRecord(profile: PublisherFullProfile): IDataObject {
  const publication =
    profile.primaryPublication ??
    profile.publicationUsers.find((membership) => membership.is_primary === true)?.publication;
  return {
    id: profile.id,
    name: profile.name,
    handle: profile.handle,
    bio: profile.bio ?? '',
    photoUrl: profile.photo_url ?? '',
    subscriberCount: profile.subscriberCountNumber,
    publicationId: publication?.id ?? null,
    publicationName: publication?.name ?? '',
    url: `${PUBLIC_PAGE_HOST}/@${encodeURIComponent(profile.handle)}`,
  };
}

export function profileOutput(profile: PublisherFullProfile, simplify: boolean): IDataObject {
  return simplify ? toProfileRecord(profile) : wholeRecord(profile);
}

/**
 * A comment's compact record: its text and date, the post it is under (null for a note's
 * comment) and its author.
 */
export function toCommentRecord(comment: PublisherComment): IDataObject {
  return {
    id: comment.id,
    body: comment.body,
    publishedAt: comment.date,
    postId: comment.parent_post_id,
    authorId: comment.user_id,
    authorName: comment.name,
    authorHandle: typeof comment.handle === 'string' ? comment.handle : '',
  };
}

export function commentOutput(comment: PublisherComment, simplify: boolean): IDataObject {
  return simplify ? toCommentRecord(comment) : wholeRecord(comment);
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

/**
 * A draft's compact record: what it says (the editable title and subtitle), who may read it,
 * where it stands (published, scheduled) and when it was created and last edited. The
 * client derives `published`, `scheduledAt` and `updatedAt` from the service's fields.
 */
export function toDraftRecord(draft: PublisherDraft): IDataObject {
  return {
    id: draft.id,
    title: draft.draftTitle ?? '',
    subtitle: draft.draftSubtitle ?? '',
    audience: draft.audience ?? null,
    type: draft.type ?? null,
    sectionId: draft.draft_section_id ?? null,
    published: draft.published,
    scheduledAt: draft.scheduledAt ?? null,
    createdAt: draft.draft_created_at ?? null,
    updatedAt: draft.updatedAt ?? null,
  } as IDataObject;
}

/** Drafts as compact records, or whole. */
export function draftOutput(drafts: PublisherDraft[], simplify: boolean): IDataObject[] {
  return drafts.map((draft) => (simplify ? toDraftRecord(draft) : wholeRecord(draft)));
}
