// Feed records: items of /notes and reader/feed/profile, the reader/comment item, the
// response to publishing a note, and comments under a post.

import { fullPublicationRecord, userPublicationRecord } from './publication.mjs';
import { feedPostRecord } from './post.mjs';
import { contextUserRecord } from './user.mjs';
import { paragraphsToDoc } from '../world.mjs';
import { Random } from '../prng.mjs';

const SOURCES = { note: 'db-note', comment_restack: 'db-restack', latest_post: 'db-post', post_restack: 'db-restack' };

/**
 * Shared parts of every feed item. `withSource` adds the `source` fields that
 * reader/feed/profile carries and /notes does not.
 */
function feedContext(entry, contextType, { withSource, pageRank }) {
  const context = {
    type: contextType,
    timestamp: entry.timestamp,
    users: [contextUserRecord(entry.user)],
    fallbackReason: '',
    fallbackUrl: null,
    isFresh: false,
  };
  if (withSource) context.source = SOURCES[contextType];
  Object.assign(context, { retrievalModelVersion: 0, page: null, page_rank: pageRank });
  return context;
}

function trackingParameters(entry, entityKey, contextType, contentFields, world, { withSource, pageRank }) {
  const tracking = {
    item_primary_entity_key: entityKey,
    item_entity_key: entityKey,
    item_type: contentFields.item_type,
    ...contentFields.ids,
    item_content_user_id: contentFields.contentUserId,
    item_context_type: contextType,
    item_context_type_bucket: '',
    item_context_timestamp: entry.timestamp,
    item_context_user_id: entry.user.id,
    item_context_user_ids: [entry.user.id],
    item_can_reply: true,
    item_is_fresh: false,
    item_last_impression_at: null,
  };
  if (withSource) tracking.item_source = SOURCES[contextType];
  Object.assign(tracking, {
    retrieval_model_version: 0,
    item_page: null,
    item_page_rank: pageRank,
    impression_id: impressionId(world, entityKey, entry.timestamp),
    followed_user_count: world.followed.length,
    subscribed_publication_count: world.followed.length,
    is_following: entry.user !== world.account && world.followed.includes(entry.user),
    is_explicitly_subscribed: false,
  });
  return tracking;
}

function impressionId(world, ...labels) {
  return Random.derive(world.seed, 'impression', ...labels).uuid();
}

/** `comment` of a note item. */
function feedCommentRecord(note, world) {
  const user = note.user;
  return {
    name: user.name,
    handle: user.handle,
    photo_url: user.photoUrl,
    id: note.id,
    body: note.body,
    body_json: note.bodyJson,
    publication_id: null,
    post_id: null,
    user_id: user.id,
    type: 'feed',
    date: note.date,
    edited_at: note.editedAt,
    ancestor_path: note.ancestorPath ?? '',
    reply_minimum_role: 'everyone',
    media_clip_id: null,
    reaction_count: note.reactions,
    reactions: { '❤': note.reactions },
    restacks: note.restacks,
    restacked: false,
    children_count: world.childrenCountOf(note),
    attachments: note.attachments.map((attachment) => ({ ...attachment })),
    user_bestseller_tier: null,
    user_primary_publication: userPublicationRecord(user.publication),
  };
}

/**
 * One feed item from a world entry. Entry kinds: note, comment_restack (someone else's
 * note restacked by entry.user), post_restack and latest_post.
 */
export function feedItemRecord(entry, world, { withSource = false, pageRank = 0 } = {}) {
  const options = { withSource, pageRank };
  if (entry.kind === 'note' || entry.kind === 'comment_restack') {
    const note = entry.note;
    const entityKey = `c-${note.id}`;
    return {
      entity_key: entityKey,
      type: 'comment',
      context: feedContext(entry, entry.kind, options),
      publication: null,
      post: null,
      comment: feedCommentRecord(note, world),
      parentComments: [],
      canReply: true,
      isMuted: false,
      trackingParameters: trackingParameters(entry, entityKey, entry.kind, {
        item_type: 'comment',
        ids: { item_comment_id: note.id },
        contentUserId: note.user.id,
      }, world, options),
    };
  }
  const post = entry.post;
  const entityKey = `p-${post.id}`;
  const publication = fullPublicationRecord(post.publication);
  // Feed items carry the publication without its draft in-app plans.
  delete publication.draft_iap_advanced_plans;
  return {
    entity_key: entityKey,
    type: 'post',
    context: feedContext(entry, entry.kind, options),
    isMuted: false,
    canReply: true,
    publication,
    post: feedPostRecord(post, world),
    mediaClip: null,
    trackingParameters: trackingParameters(entry, entityKey, entry.kind, {
      item_type: 'post',
      ids: { item_publication_id: post.publication.id, item_post_id: post.id },
      contentUserId: post.author.id,
    }, world, options),
  };
}

/** GET /api/v1/reader/comment/<id> for a note or a comment under a post. */
export function readerCommentRecord(target, world) {
  const isPostComment = Boolean(target.post);
  const user = target.user;
  const entityKey = `c-${target.id}`;
  const contextType = isPostComment ? 'comment' : 'note';
  const source = isPostComment ? 'db-comment' : 'db-note';
  return {
    item: {
      entity_key: entityKey,
      type: 'comment',
      context: {
        fallbackReason: '',
        fallbackUrl: null,
        users: [],
        timestamp: target.date,
        type: contextType,
        source,
      },
      publication: null,
      post: null,
      comment: {
        id: target.id,
        body: target.body,
        body_json: isPostComment ? paragraphsToDoc(target.body.split('\n\n').map((line) => [{ text: line }])) : target.bodyJson,
        publication_id: isPostComment ? target.post.publication.id : null,
        post_id: isPostComment ? target.post.id : null,
        user_id: user.id,
        type: isPostComment ? 'comment' : 'feed',
        date: target.date,
        edited_at: target.editedAt ?? null,
        ancestor_path: target.ancestorPath ?? '',
        reply_minimum_role: 'everyone',
        media_clip_id: null,
        name: user.name,
        photo_url: user.photoUrl,
        bio: user.bio,
        handle: user.handle,
        reaction_count: target.reactions,
        reactions: { '❤': target.reactions },
        restacks: target.restacks ?? 0,
        restacked: false,
        children_count: isPostComment ? 0 : world.childrenCountOf(target),
        attachments: (target.attachments ?? []).map((attachment) => ({ ...attachment })),
        user_bestseller_tier: null,
        user_primary_publication: userPublicationRecord(user.publication),
      },
      parentComments: isPostComment ? [] : world.ancestorsOf(target).map((parent) => parentCommentRecord(parent, world)),
      isMuted: false,
      canReply: true,
      trackingParameters: {
        item_primary_entity_key: entityKey,
        item_entity_key: entityKey,
        item_type: 'comment',
        item_comment_id: target.id,
        item_content_user_id: user.id,
        item_context_type: contextType,
        item_context_type_bucket: '',
        item_context_timestamp: target.date,
        item_context_user_id: user.id,
        item_context_user_ids: [],
        item_can_reply: true,
        item_last_impression_at: null,
        item_source: source,
        impression_id: impressionId(world, entityKey, 'reader'),
        followed_user_count: 0,
        subscribed_publication_count: 0,
        is_following: false,
        is_explicitly_subscribed: false,
      },
    },
  };
}

/** An element of an item's `parentComments`: the comment record with its tracking parameters. */
function parentCommentRecord(note, world) {
  return { ...feedCommentRecord(note, world), tracking_parameters: { item_comment_id: note.id } };
}

/**
 * GET /api/v1/reader/comment/<id>/replies: one branch per direct reply, its own replies
 * (all depths, oldest first) as the branch's descendants. All on one page.
 */
export function repliesRecord(note, world) {
  const descendants = (reply) => world.repliesOf(reply).flatMap((child) => [child, ...descendants(child)]);
  return {
    commentBranches: world.repliesOf(note).map((reply) => ({
      comment: feedCommentRecord(reply, world),
      descendantComments: descendants(reply).map((child) => feedCommentRecord(child, world)),
    })),
    nextCursor: null,
  };
}

/** Response of POST /api/v1/comment/feed. */
export function publishedNoteRecord(note) {
  const user = note.user;
  return {
    user_id: user.id,
    body: note.body,
    body_json: note.bodyJson,
    post_id: null,
    publication_id: null,
    media_clip_id: null,
    ancestor_path: note.ancestorPath ?? '',
    type: 'feed',
    status: 'published',
    reply_minimum_role: 'everyone',
    id: note.id,
    deleted: false,
    date: note.date,
    name: user.name,
    photo_url: user.photoUrl,
    reactions: { '❤': 0 },
    children: [],
    user_bestseller_tier: null,
    isFirstFeedCommentByUser: false,
    reaction_count: 0,
    restacks: 0,
    restacked: false,
    children_count: 0,
    attachments: note.attachments.map((attachment) => ({ ...attachment })),
    user_primary_publication: userPublicationRecord(user.publication),
  };
}

/** Element of GET /api/v1/post/<id>/comments `comments` (no real sample; fields per http-contract §4.4). */
export function postCommentRecord(comment) {
  const user = comment.user;
  return {
    id: comment.id,
    body: comment.body,
    date: comment.date,
    edited_at: null,
    post_id: comment.post.id,
    user_id: user.id,
    name: user.name,
    handle: user.handle,
    photo_url: user.photoUrl,
    author_is_admin: comment.isAdmin,
    ancestor_path: '',
    type: 'comment',
    deleted: false,
    reaction_count: comment.reactions,
    reactions: { '❤': comment.reactions },
    restacks: 0,
    children_count: 0,
    children: [],
  };
}
