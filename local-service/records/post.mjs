// Post records in the three shapes the real service uses: the full post (posts list,
// posts/<slug>, posts/by-id), the post inside feed items, and the profile/posts item.

import { Random } from '../prng.mjs';
import { postTagRecord, publicationBaseUrl } from './publication.mjs';
import { bylineRecord } from './user.mjs';

const PALETTE_NAMES = ['Vibrant', 'DarkVibrant', 'LightVibrant', 'Muted', 'DarkMuted', 'LightMuted'];

export function canonicalUrl(post) {
  return `${publicationBaseUrl(post.publication)}/p/${post.slug}`;
}

export function isPaywalled(post) {
  return post.audience === 'only_paid' || post.audience === 'founding';
}

function commentPermissions(post) {
  return isPaywalled(post) ? 'only_paid' : 'everyone';
}

function podcastFields(post) {
  return {
    post_id: post.id,
    podcast_episode_number: null,
    podcast_season_number: null,
    podcast_episode_type: null,
    should_syndicate_to_other_feed: null,
    syndicate_to_section_id: null,
    hide_from_feed: false,
    free_podcast_url: null,
    free_podcast_duration: null,
  };
}

function coverImagePalette(post) {
  return Object.fromEntries(PALETTE_NAMES.map((name, i) => [name, { rgb: [...post.palette[i].rgb], population: post.palette[i].population }]));
}

/** Text-to-speech audio: the real service lists it for open posts only. */
function audioItems(post) {
  if (isPaywalled(post)) return [];
  return [{
    post_id: post.id,
    voice_id: post.voiceId,
    audio_url: `https://media.publisher.test/tts/${post.id}/${post.voiceId}.mp3`,
    type: 'tts',
    status: 'completed',
  }];
}

// Per body: collapsing the whitespace of a 30 kB text for every post of every feed page
// made a profile page cost milliseconds of the service's CPU, which benchmarks then
// counted against the client.
const truncatedTexts = new WeakMap();

function truncatedText(world, post) {
  const body = world.bodyOf(post);
  let truncated = truncatedTexts.get(body);
  if (truncated === undefined) {
    const plain = body.text.replace(/\s+/g, ' ');
    truncated = plain.length > 240 ? `${plain.slice(0, 240).replace(/\s+\S*$/, '')}…` : plain;
    truncatedTexts.set(body, truncated);
  }
  return truncated;
}

/** The full post: element of GET /posts, GET /posts/<slug>, and `.post` of posts/by-id. */
export function fullPostRecord(post, world) {
  const body = world.bodyOf(post);
  return {
    audience: post.audience,
    audience_before_archived: null,
    canonical_url: canonicalUrl(post),
    default_comment_sort: null,
    editor_v2: false,
    exempt_from_archive_paywall: false,
    free_unlock_required: false,
    id: post.id,
    podcast_art_url: null,
    podcast_duration: post.podcastDuration,
    podcast_preview_upload_id: null,
    podcast_upload_id: null,
    podcast_url: post.podcastUrl,
    post_date: post.postDate,
    updated_at: post.updatedAt,
    publication_id: post.publication.id,
    search_engine_description: null,
    search_engine_title: null,
    section_id: null,
    should_send_free_preview: false,
    show_guest_bios: true,
    slug: post.slug,
    social_title: null,
    subtitle: post.subtitle,
    teaser_post_eligible: true,
    title: post.title,
    type: post.type,
    video_upload_id: null,
    write_comment_permissions: commentPermissions(post),
    meter_type: 'none',
    live_stream_id: null,
    is_published: true,
    restacks: post.restacks,
    reactions: { '❤': post.likes },
    top_exclusions: [],
    pins: [],
    section_pins: [],
    has_shareable_clips: false,
    previous_post_slug: post.olderSlug,
    next_post_slug: post.newerSlug,
    cover_image: post.coverImage,
    cover_image_is_square: false,
    cover_image_is_explicit: false,
    videoUpload: null,
    podcastFields: podcastFields(post),
    podcastUpload: null,
    podcastPreviewUpload: null,
    voiceover_upload_id: null,
    voiceoverUpload: null,
    has_voiceover: false,
    description: post.description,
    body_html: body.html,
    truncated_body_text: truncatedText(world, post),
    wordcount: body.wordcount,
    postTags: post.tags.map((tag) => postTagRecord(post.publication, tag)),
    postCountryBlocks: [],
    headlineTest: null,
    coverImagePalette: coverImagePalette(post),
    publishedBylines: [bylineRecord(post.author)],
    reaction: null,
    reaction_count: post.likes,
    comment_count: post.commentCount,
    child_comment_count: 0,
    audio_items: audioItems(post),
    is_geoblocked: false,
    hasCashtag: false,
  };
}

/** The reader-inbox view of a post, carried by feed and profile posts. */
function inboxItemRecord(post, world) {
  const rng = Random.derive(world.seed, 'inbox', post.id);
  const audio = audioItems(post)[0];
  return {
    content_key: `post:${post.id}`,
    created_at: post.postDate,
    updated_at: post.postDate,
    content_date: post.postDate,
    inbox_date: post.postDate,
    seen_at: null,
    saved_at: null,
    archived_at: null,
    skip_inbox: false,
    type: 'post',
    post_id: post.id,
    extra_views: [],
    read_progress: 0,
    max_read_progress: 0,
    audio_progress: 0,
    max_audio_progress: 0,
    video_progress: 0,
    max_video_progress: 0,
    postType: post.type,
    title: post.title,
    subtitle: post.subtitle,
    detail_view_subtitle: post.subtitle,
    cover_photo_url: post.coverImage,
    audience: post.audience,
    is_preview: false,
    audio_url: audio ? audio.audio_url : null,
    audio_type: 'tts',
    web_url: canonicalUrl(post),
    duration_metadata: { word_count: world.bodyOf(post).wordcount },
    authors: [post.author.name],
    published_bylines: [{ id: post.author.id, name: post.author.name, photo_url: post.author.photoUrl }],
    coverImagePalette: coverImagePalette(post),
    publication_id: post.publication.id,
    publisher_image_url: post.publication.logoUrl,
    publisher_name: post.publication.name,
    is_personal_mode: false,
    like_count: post.likes,
    comment_count: post.commentCount,
    tracking_parameters: {
      is_saved: false,
      is_seen: false,
      post_id: post.id,
      post_type: post.type,
      publication_id: post.publication.id,
      tabId: 'home',
      tabType: 'base',
      max_read_progress: 0,
      max_audio_progress: 0,
      max_video_progress: 0,
      last_reading_queue_impression_at: post.postDate,
      impression_id: rng.uuid(),
    },
    uuid: post.inboxUuid,
  };
}

const READER_STATE = {
  is_saved: false,
  saved_at: null,
  is_viewed: false,
  read_progress: 0,
  max_read_progress: 0,
  audio_progress: 0,
  max_audio_progress: 0,
  video_progress: 0,
  max_video_progress: 0,
  restacked: false,
};

/** `post` of feed items (notes restacks, latest_post): no body, plus reader state. */
export function feedPostRecord(post, world) {
  return {
    id: post.id,
    publication_id: post.publication.id,
    title: post.title,
    social_title: null,
    search_engine_title: null,
    search_engine_description: null,
    type: post.type,
    slug: post.slug,
    post_date: post.postDate,
    audience: post.audience,
    podcast_duration: post.podcastDuration,
    video_upload_id: null,
    write_comment_permissions: commentPermissions(post),
    should_send_free_preview: false,
    free_unlock_required: false,
    default_comment_sort: null,
    canonical_url: canonicalUrl(post),
    section_id: null,
    podcast_art_url: null,
    is_published: true,
    live_stream_id: null,
    restacks: post.restacks,
    top_exclusions: [],
    pins: [],
    is_section_pinned: false,
    has_shareable_clips: false,
    section_slug: null,
    section_name: null,
    reactions: { '❤': post.likes },
    subtitle: post.subtitle,
    cover_image: post.coverImage,
    cover_image_is_square: false,
    cover_image_is_explicit: false,
    podcast_url: post.podcastUrl,
    videoUpload: null,
    podcastFields: podcastFields(post),
    podcast_upload_id: null,
    podcast_preview_upload_id: null,
    podcastUpload: null,
    podcastPreviewUpload: null,
    voiceover_upload_id: null,
    voiceoverUpload: null,
    has_voiceover: false,
    description: post.description,
    body_json: null,
    body_html: null,
    truncated_body_text: truncatedText(world, post),
    wordcount: world.bodyOf(post).wordcount,
    postTags: post.tags.map((tag) => postTagRecord(post.publication, tag)),
    teaser_post_eligible: true,
    postCountryBlocks: [],
    headlineTest: null,
    coverImagePalette: coverImagePalette(post),
    publishedBylines: [bylineRecord(post.author, { withPrimaryPublication: true })],
    reaction: false,
    reaction_count: post.likes,
    comment_count: post.commentCount,
    child_comment_count: 0,
    audio_items: audioItems(post),
    is_geoblocked: false,
    hasCashtag: false,
    inboxItem: inboxItemRecord(post, world),
    ...READER_STATE,
  };
}

/**
 * Element of profile/posts `posts`. A restack is the restacked post with `type:"restack"`
 * and the restacked_* fields filled in.
 */
export function profilePostRecord(entry, world) {
  const post = entry.post;
  const restack = entry.kind === 'restack';
  const record = {
    id: post.id,
    editor_v2: false,
    publication_id: post.publication.id,
    title: post.title,
    social_title: post.title,
    search_engine_title: null,
    search_engine_description: post.subtitle || null,
    type: restack ? 'restack' : post.type,
    slug: post.slug,
    post_date: post.postDate,
    audience: post.audience,
    podcast_duration: post.podcastDuration,
    video_upload_id: null,
    podcast_upload_id: null,
    write_comment_permissions: commentPermissions(post),
    should_send_free_preview: false,
    free_unlock_required: false,
    default_comment_sort: null,
    canonical_url: canonicalUrl(post),
    section_id: null,
    top_exclusions: [],
    pins: [],
    is_section_pinned: false,
    section_slug: null,
    section_name: null,
    reactions: { '❤': post.likes },
    restacked_post_id: restack ? post.id : null,
    restacked_post_slug: restack ? post.slug : null,
    restacked_pub_name: restack ? post.publication.name : null,
    restacked_pub_logo_url: restack ? post.publication.logoUrl : null,
    subtitle: post.subtitle,
    cover_image: post.coverImage,
    cover_image_is_square: false,
    cover_image_is_explicit: false,
    podcast_url: post.podcastUrl || null,
    videoUpload: null,
    podcastFields: podcastFields(post),
    podcast_preview_upload_id: null,
    podcastUpload: null,
    podcastPreviewUpload: null,
    voiceover_upload_id: null,
    voiceoverUpload: null,
    has_voiceover: false,
    description: post.description,
    body_json: null,
    body_html: null,
    truncated_body_text: null,
    wordcount: world.bodyOf(post).wordcount,
    postTags: post.tags.map((tag) => postTagRecord(post.publication, tag)),
    teaser_post_eligible: true,
    postCountryBlocks: [],
    headlineTest: null,
    coverImagePalette: coverImagePalette(post),
    publishedBylines: [bylineRecord(post.author)],
    reaction: false,
    reaction_count: post.likes,
    comment_count: post.commentCount,
    child_comment_count: 0,
    audio_items: audioItems(post),
    is_geoblocked: false,
  };
  // The real service marks paywalled posts as hidden in this list.
  if (isPaywalled(post)) record.hidden = true;
  record.hasCashtag = false;
  record.inboxItem = inboxItemRecord(post, world);
  Object.assign(record, READER_STATE);
  return record;
}
