// User records: the small user of feed contexts and bylines, public_profile,
// user/<id>/profile and the account's subscription.

import { Random } from '../prng.mjs';
import {
  bylinePublicationRecord,
  profilePublicationRecord,
  publicationBaseUrl,
  userPublicationRecord,
} from './publication.mjs';

const NOTIFICATION_KINDS = [
  'post', 'digest', 'reader_payment_pledge_alerts', 'share_stats', 'writer_reengagement_campaign',
  'subscription', 'comment_reaction', 'post_reaction', 'comment', 'comment_mention',
  'publication_recommended', 'reader_publication_recommendation', 'marketing', 'follow', 'restack',
  'user_first_note', 'new_profile', 'new_note', 'unread_notes_activity_digest', 'naked_restack_reaction',
  'thread', 'thread_created_reader', 'new_chat_message', 'thread_reply', 'thread_reaction',
  'new_direct_message', 'new_direct_message_request', 'live_stream', 'live_stream_invite',
  'live_stream_scheduled', 'live_stream_clips_ready', 'post_stats', 'post_shareable_assets_ready',
  'viral_gift_granted', 'leaderboard_update',
];

/** `context.users[]` of feed items. */
export function contextUserRecord(user) {
  return {
    id: user.id,
    name: user.name,
    handle: user.handle,
    previous_name: user.previousName,
    photo_url: user.photoUrl,
    bio: user.bio,
    profile_set_up_at: user.profileSetUpAt,
    reader_installed_at: user.readerInstalledAt,
    bestseller_tier: null,
    primary_publication: userPublicationRecord(user.publication),
  };
}

/** `publishedBylines[]` of a post; feed posts also carry the primary publication. */
export function bylineRecord(user, { withPrimaryPublication = false } = {}) {
  const pub = user.publication;
  const byline = {
    id: user.id,
    name: user.name,
    handle: user.handle,
    previous_name: user.previousName,
    photo_url: user.photoUrl,
    bio: user.bio,
    profile_set_up_at: user.profileSetUpAt,
    reader_installed_at: user.readerInstalledAt,
    publicationUsers: [
      {
        id: pub.publicationUserId,
        user_id: user.id,
        publication_id: pub.id,
        role: 'admin',
        public: true,
        is_primary: true,
        publication: bylinePublicationRecord(pub),
      },
    ],
    is_guest: false,
    bestseller_tier: null,
  };
  if (withPrimaryPublication) byline.primary_publication = userPublicationRecord(pub);
  return byline;
}

function subscriberCountFields(user) {
  const count = user.subscriberCount;
  const rough = count >= 1000 ? [1000, 'Thousands'] : count >= 100 ? [100, 'Hundreds'] : [10, 'Tens'];
  return {
    rough_num_free_subscribers_int: rough[0],
    rough_num_free_subscribers: rough[1],
    bestseller_badge_disabled: false,
    bestseller_tier: null,
    subscriberCountString: `${count.toLocaleString('en-US')} subscribers`,
    subscriberCount: String(count),
    subscriberCountNumber: count,
  };
}

/** GET /api/v1/user/<handle>/public_profile */
export function publicProfileRecord(user, world) {
  const pub = user.publication;
  const account = world.account;
  const rng = Random.derive(world.seed, 'public-profile', user.id);
  // Everyone subscribes to a few of the other publications (their authors' activity decides nothing here).
  const subscribedTo = world.users.filter((other) => other !== user && other.active).filter(() => rng.chance(0.5)).slice(0, 6);
  const viewerIsSelf = user === account;
  const follows = world.followed.includes(user);
  return {
    id: user.id,
    name: user.name,
    handle: user.handle,
    previous_name: user.previousName ?? user.name,
    photo_url: user.photoUrl,
    bio: user.bio,
    profile_set_up_at: user.profileSetUpAt,
    reader_installed_at: user.readerInstalledAt,
    tos_accepted_at: null,
    profile_disabled: false,
    publicationUsers: [
      {
        id: pub.publicationUserId,
        user_id: user.id,
        publication_id: pub.id,
        role: 'admin',
        public: true,
        is_primary: true,
        publication: profilePublicationRecord(pub),
      },
    ],
    facebookAccount: null,
    userLinks: [],
    twitterAccount: null,
    subscriptions: subscribedTo.map((other) => subscriptionSummary(user, other.publication, rng)),
    subscriptionsTruncated: false,
    hasGuestPost: false,
    primaryPublication: userPublicationRecord(pub),
    max_pub_tier: pub.paymentsEnabled ? 2 : 0,
    hasActivity: user.active,
    hasLikes: user.active,
    lists: [],
    ...subscriberCountFields(user),
    hasHiddenPublicationUsers: false,
    hasHiddenSubscriptions: false,
    visibleSubscriptionsCount: subscribedTo.length,
    slug: user.handle.replace(/^(.{3})/, '$1-'),
    previousSlug: user.handle,
    primaryPublicationIsPledged: false,
    primaryPublicationSubscriptionState: viewerIsSelf ? 'author' : 'free_signup',
    isSubscribed: viewerIsSelf || follows,
    isFollowing: viewerIsSelf || follows,
    followsViewer: viewerIsSelf || rng.chance(0.5),
    subscribesToViewerSubdomain: world.mainPublication.subdomain,
    can_dm: false,
    mutualsContext: {
      type: 'subscribers',
      users: world.followed.filter((other) => other !== user && other.active).slice(0, 3).map((other) => ({
        id: other.id,
        name: other.name,
        handle: other.handle,
        previous_name: null,
        photo_url: other.photoUrl,
        bio: other.bio,
        profile_set_up_at: other.profileSetUpAt,
        reader_installed_at: other.readerInstalledAt,
      })),
    },
    subdomainUrl: publicationBaseUrl(pub),
    isPersonalEligible: false,
  };
}

function subscriptionSummary(subscriber, pub, rng) {
  const author = pub.author;
  return {
    user_id: subscriber.id,
    id: 600_000_000 + rng.int(0, 99_999_999),
    visibility: 'public',
    membership_state: 'free_signup',
    type: null,
    is_founding: false,
    email_settings: null,
    section_podcasts_enabled: null,
    publication: {
      ...bylinePublicationRecord(pub),
      founding_plan_name: pub.foundingPlanName,
      author: {
        id: author.id,
        name: author.name,
        handle: author.handle,
        previous_name: author.previousName,
        photo_url: author.photoUrl,
        bio: author.bio,
        profile_set_up_at: author.profileSetUpAt,
        reader_installed_at: author.readerInstalledAt,
      },
      theme: null,
    },
  };
}

/** GET /api/v1/user/<id>/profile */
export function userProfileRecord(user, world) {
  const follows = world.followed.includes(user);
  return {
    id: user.id,
    name: user.name,
    handle: user.handle,
    bio: user.bio,
    photo_url: user.photoUrl,
    profile_set_up_at: user.profileSetUpAt,
    reader_installed_at: user.readerInstalledAt,
    profile_disabled: false,
    publicationUsers: [],
    userLinks: [],
    subscriptions: [],
    subscriptionsTruncated: false,
    hasGuestPost: false,
    max_pub_tier: user.publication.paymentsEnabled ? 2 : 0,
    hasActivity: user.active,
    hasLikes: false,
    lists: [],
    ...subscriberCountFields(user),
    hasHiddenPublicationUsers: false,
    visibleSubscriptionsCount: 0,
    slug: user.handle,
    previousSlug: null,
    primaryPublicationIsPledged: false,
    primaryPublicationSubscriptionState: user === world.account ? 'author' : 'free_signup',
    isSubscribed: follows,
    isFollowing: follows,
    followsViewer: false,
    can_dm: false,
    dm_upgrade_options: [],
  };
}

/** GET /api/v1/subscription: the account's subscription to its own publication. */
export function subscriptionRecord(world) {
  const account = world.account;
  const rng = Random.derive(world.seed, 'subscription');
  return {
    id: 500_000_000 + rng.int(0, 99_999_999),
    user_id: account.id,
    publication_id: world.mainPublication.id,
    email_disabled: false,
    email_settings: null,
    section_podcasts_enabled: null,
    notification_settings: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, null])),
    receive_podcast_emails: true,
    membership_state: 'subscribed',
    stripe_subscription_id: null,
    is_subscribed: true,
    is_founding: true,
    is_in_user_pause: false,
    pause_expiry: null,
    is_free_subscribed: true,
    expiry: 4_800_000_000_000 + rng.int(0, 99_999_999),
    is_group_parent: false,
    podcast_rss_token: rng.uuid(),
    paused: null,
    paused_subscription: { stripe_sub: null },
    last_paused_by_user_at: null,
    type: null,
  };
}
