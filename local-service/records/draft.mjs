// Draft records: a draft is a post record (the post keeps its id once published) with the
// editable `draft_*` copies beside the published fields (http-contract-drafts §2), and the
// scheduled release of a draft.

import { postDateOf } from '../drafts.mjs';
import { canonicalUrl, isPaywalled } from './post.mjs';
import { bylineRecord } from './user.mjs';

/** GET/PUT /drafts/<id>, POST /drafts, the post_management listings. */
export function draftRecord(draft, world) {
  const post = draft.post;
  return {
    id: draft.id,
    publication_id: world.mainPublication.id,
    title: post ? post.title : null,
    social_title: null,
    search_engine_title: null,
    search_engine_description: null,
    type: draft.type,
    slug: post ? post.slug : null,
    post_date: postDateOf(draft),
    audience: post ? post.audience : draft.audience,
    podcast_duration: null,
    video_upload_id: null,
    podcast_upload_id: null,
    write_comment_permissions: isPaywalled(post ?? draft) ? 'only_paid' : 'everyone',
    should_send_free_preview: false,
    free_unlock_required: false,
    default_comment_sort: null,
    canonical_url: post ? canonicalUrl(post) : null,
    section_id: post ? draft.sectionId : null,
    subtitle: post ? post.subtitle : null,
    cover_image: post ? post.coverImage : null,
    podcast_url: null,
    description: post ? post.description : null,
    editor_v2: false,
    is_published: Boolean(post),
    should_send_email: draft.shouldSendEmail,
    email_sent_at: draft.emailSentAt,
    draft_title: draft.title,
    draft_subtitle: draft.subtitle,
    draft_body: draft.bodyText,
    draft_bylines: draft.bylines.map((byline) => ({ ...byline })),
    draft_created_at: draft.createdAt,
    draft_updated_at: draft.updatedAt,
    draft_section_id: draft.sectionId,
    section_chosen: draft.sectionChosen,
    draft_podcast_url: null,
    draft_podcast_duration: null,
    draft_video_upload_id: null,
    is_draft_hidden: false,
    postTags: [],
    publishedBylines: post ? [bylineRecord(post.author)] : [],
  };
}

/** POST /drafts/<id>/scheduled_release, and the element of its GET. */
export function releaseRecord(draft) {
  const release = draft.release;
  return {
    id: release.id,
    post_id: draft.id,
    trigger_at: release.triggerAt,
    post_audience: release.postAudience,
    email_audience: release.emailAudience,
  };
}
