// Publication records in the shapes the real service uses in each place:
// the full record of posts/by-id, its settings, and the smaller embedded variants.

import { Random } from '../prng.mjs';

const LANGUAGES = ['de', 'es', 'fr', 'pt', 'pt-br', 'it', 'en'];
const CURRENCIES = ['aud', 'brl', 'cad', 'chf', 'dkk', 'eur', 'gbp', 'mxn', 'nok', 'nzd', 'pln', 'sek'];
// Rough exchange factors against USD cents, only to make prices look plausible.
const CURRENCY_FACTORS = { aud: 1.5, brl: 5.5, cad: 1.4, chf: 0.9, dkk: 6.4, eur: 0.9, gbp: 0.8, mxn: 18, nok: 10, nzd: 1.6, pln: 3.8, sek: 10 };

export function publicationHost(pub) {
  return `${pub.subdomain}.substack.com`;
}

export function publicationBaseUrl(pub) {
  return `https://${publicationHost(pub)}`;
}

/** Object of `primary_publication` / `user_primary_publication` (no custom domain, so no key for it). */
export function userPublicationRecord(pub) {
  return {
    id: pub.id,
    subdomain: pub.subdomain,
    custom_domain_optional: false,
    name: pub.name,
    logo_url: pub.logoUrl,
    author_id: pub.author.id,
    user_id: pub.author.id,
    handles_enabled: false,
    explicit: false,
    is_personal_mode: false,
    payments_state: paymentsState(pub),
    pledges_enabled: !pub.paymentsEnabled,
  };
}

/** `publishedBylines[].publicationUsers[].publication` */
export function bylinePublicationRecord(pub) {
  return {
    id: pub.id,
    name: pub.name,
    subdomain: pub.subdomain,
    custom_domain: null,
    custom_domain_optional: false,
    hero_text: pub.heroText,
    logo_url: pub.logoUrl,
    author_id: pub.author.id,
    primary_user_id: pub.author.id,
    theme_var_background_pop: pub.color,
    created_at: pub.createdAt,
    email_from_name: `${firstName(pub.author)} from ${pub.name}`,
    copyright: pub.author.name,
    founding_plan_name: pub.foundingPlanName,
    community_enabled: true,
    invite_only: false,
    payments_state: paymentsState(pub),
    language: null,
    explicit: false,
    homepage_type: 'newspaper',
    is_personal_mode: false,
  };
}

/** `publicationUsers[].publication` of a public profile: the byline form plus its author. */
export function profilePublicationRecord(pub) {
  const author = pub.author;
  return {
    ...bylinePublicationRecord(pub),
    founding_plan_name: pub.foundingPlanName ?? 'Founding Member',
    author: {
      id: author.id,
      name: author.name,
      handle: author.handle,
      previous_name: author.previousName ?? author.name,
      photo_url: author.photoUrl,
      bio: author.bio,
      profile_set_up_at: author.profileSetUpAt,
      reader_installed_at: author.readerInstalledAt,
    },
  };
}

/** `publications[]` of profile/posts. */
export function profilePostsPublicationRecord(pub) {
  return {
    ...bylinePublicationRecord(pub),
    founding_plan_name: pub.foundingPlanName ?? 'Founding Member',
    author_photo_url: pub.author.photoUrl,
    role_is_byline: false,
  };
}

// A publication never changes after the world is generated: its full record is built once
// (a feed page holds a dozen of them) and each caller gets a shallow copy it may trim.
const fullPublicationRecords = new WeakMap();

/** The full publication record (`publication` of posts/by-id, and of feed items). */
export function fullPublicationRecord(pub) {
  let record = fullPublicationRecords.get(pub);
  if (!record) {
    record = buildFullPublicationRecord(pub);
    fullPublicationRecords.set(pub, record);
  }
  return { ...record };
}

function buildFullPublicationRecord(pub) {
  const author = pub.author;
  const rng = Random.derive(pub.id, 'publication-record');
  const subscribers = author.subscriberCount;
  const magnitude = subscribers >= 1000 ? 1000 : subscribers >= 100 ? 100 : 10;
  const rankingText = `${subscribers >= 1000 ? 'Thousands' : subscribers >= 100 ? 'Hundreds' : 'Dozens'} of subscribers`;
  const ranking = (language) => ({
    rankingDetail: language === 'en' ? 'Launched last year' : `Launched last year (${language})`,
    rankingDetailFreeIncluded: language === 'en' ? rankingText : `${rankingText} (${language})`,
    rankingDetailOrderOfMagnitude: 0,
    rankingDetailFreeIncludedOrderOfMagnitude: magnitude,
    rankingDetailFreeSubscriberCount: null,
    freeSubscriberCount: null,
    freeSubscriberCountOrderOfMagnitude: String(magnitude),
  });
  const base = publicationBaseUrl(pub);
  return {
    apple_pay_disabled: false,
    apex_domain: null,
    author_id: author.id,
    byline_images_enabled: true,
    bylines_enabled: true,
    chartable_token: null,
    community_enabled: true,
    copyright: author.name,
    cover_photo_url: pub.coverPhotoUrl,
    created_at: pub.createdAt,
    custom_domain_optional: false,
    custom_domain: null,
    default_comment_sort: 'best_first',
    default_coupon: null,
    default_group_coupon: null,
    default_show_guest_bios: true,
    email_banner_url: `${pub.coverPhotoUrl.replace('_1280x244', '_2688x512')}`,
    email_from_name: `${firstName(author)} from ${pub.name}`,
    email_from: null,
    embed_tracking_disabled: false,
    explicit: false,
    expose_paywall_content_to_search_engines: true,
    fb_pixel_id: null,
    fb_site_verification_token: null,
    flagged_as_spam: false,
    founding_subscription_benefits: [],
    free_subscription_benefits: ['Public posts and the weekly digest'],
    ga_pixel_id: null,
    google_site_verification_token: null,
    google_tag_manager_token: null,
    hero_image: null,
    hero_text: pub.heroText,
    hide_intro_subtitle: null,
    hide_intro_title: null,
    hide_podcast_feed_link: false,
    homepage_type: 'newspaper',
    id: pub.id,
    image_thumbnails_always_enabled: false,
    invite_only: false,
    language: 'en',
    logo_url_wide: pub.logoUrl.replace('_256x256', '_wide'),
    logo_url: pub.logoUrl,
    minimum_group_size: 2,
    moderation_enabled: true,
    name: pub.name,
    paid_subscription_benefits: ['Subscriber-only posts and the full archive', 'Comments and community threads'],
    parsely_pixel_id: null,
    payments_state: paymentsState(pub),
    paywall_free_trial_enabled: true,
    podcast_art_url: null,
    paid_podcast_episode_art_url: null,
    podcast_byline: null,
    podcast_description: null,
    podcast_enabled: false,
    podcast_feed_url: null,
    podcast_title: null,
    post_preview_limit: null,
    primary_user_id: author.id,
    require_clickthrough: false,
    show_pub_podcast_tab: false,
    show_recs_on_homepage: true,
    subdomain: pub.subdomain,
    subscriber_invites: 0,
    support_email: null,
    theme_var_background_pop: pub.color,
    theme_var_color_links: true,
    theme_var_cover_bg_color: null,
    trial_end_override: null,
    twitter_pixel_id: null,
    type: 'newsletter',
    post_reaction_faces_enabled: true,
    is_personal_mode: false,
    plans: null,
    stripe_user_id: `acct_local${rng.hex(12)}`,
    stripe_country: 'US',
    stripe_publishable_key: `pk_test_local${rng.hex(24)}`,
    stripe_platform_account: 'US',
    automatic_tax_enabled: false,
    author_name: author.name,
    author_handle: author.handle,
    author_photo_url: author.photoUrl,
    author_bio: author.bio,
    twitter_share_on_publish_opt_in: null,
    has_custom_tos: false,
    has_custom_privacy: false,
    theme: {
      background_pop_color: null,
      web_bg_color: '#FFFFFF',
      cover_bg_color: '#FFFFFF',
      publication_id: pub.id,
      color_links: null,
      font_preset_heading: 'slab',
      font_preset_body: 'serif',
      font_family_headings: null,
      font_family_body: null,
      font_family_ui: null,
      font_size_body_desktop: null,
      print_secondary: null,
      custom_css_web: null,
      custom_css_email: null,
      home_hero: 'feature-media',
      home_posts: 'list',
      home_show_top_posts: false,
      hide_images_from_list: false,
      home_hero_alignment: 'left',
      home_hero_show_podcast_links: true,
      default_post_header_variant: null,
    },
    threads_v2_settings: {
      photo_replies_enabled: true,
      first_thread_email_sent_at: null,
      create_thread_minimum_role: 'contributor',
      activated_at: null,
      reader_thread_notifications_enabled: true,
      boost_free_subscriber_chat_preview_enabled: true,
      push_suppression_enabled: false,
    },
    default_group_coupon_percent_off: null,
    pause_return_date: null,
    has_posts: pub.posts.length > 0,
    has_recommendations: true,
    first_post_date: pub.posts.at(-1)?.postDate ?? pub.createdAt,
    has_podcast: pub.posts.some((post) => post.type === 'podcast'),
    has_free_podcast: false,
    has_subscriber_only_podcast: false,
    has_community_content: true,
    twitter_permissions: 'none',
    ...(({ freeSubscriberCount, freeSubscriberCountOrderOfMagnitude, ...rest }) => rest)(ranking('en')),
    rankingDetailByLanguage: Object.fromEntries(LANGUAGES.map((language) => [language, ranking(language)])),
    freeSubscriberCount: null,
    freeSubscriberCountOrderOfMagnitude: String(magnitude),
    author_bestseller_tier: 0,
    disable_monthly_subscriptions: false,
    disable_annual_subscriptions: false,
    hide_post_restacks: false,
    notes_feed_enabled: true,
    last_chat_post_at: null,
    primary_profile_name: author.name,
    primary_profile_photo_url: author.photoUrl,
    no_follow: false,
    paywall_chat: 'free',
    sections: [],
    multipub_migration: null,
    navigationBarItems: pub.tags.slice(0, 1).map((tag) => ({
      id: pub.navigationItemId,
      publication_id: pub.id,
      sibling_rank: 0,
      link_title: tag.name,
      link_url: '',
      section_id: null,
      post_id: null,
      is_hidden: null,
      standard_key: null,
      post_tag_id: tag.id,
      post: null,
      section: null,
      postTag: postTagRecord(pub, tag),
    })),
    contributors: [
      {
        name: author.name,
        handle: author.handle,
        role: 'admin',
        owner: true,
        user_id: author.id,
        photo_url: author.photoUrl,
        bio: author.bio,
      },
    ],
    threads_v2_enabled: true,
    viralGiftsConfig: {
      id: pub.viralGiftsId,
      publication_id: pub.id,
      enabled: true,
      gifts_per_user: 5,
      gift_length_months: 1,
      send_extra_gifts: true,
      message: author.bio,
      created_at: pub.createdAt.replace('Z', '000+00:00'),
      updated_at: pub.createdAt.replace('Z', '000+00:00'),
      days_til_invite: 14,
      send_emails: true,
      show_link: null,
      grant_email_body: null,
      grant_email_subject: null,
    },
    tier: 2,
    no_index: false,
    can_set_google_site_verification: true,
    can_have_sitemap: true,
    draft_iap_advanced_plans: [iapPlan(pub, rng, 'month', 1100), iapPlan(pub, rng, 'year', 11000)],
    founding_plan_name_english: 'Founding Member',
    draft_plans: [stripePlan(pub, 'year', 8000), stripePlan(pub, 'month', 800)],
    base_url: base,
    hostname: publicationHost(pub),
    is_on_substack: false,
    spotify_podcast_settings: null,
    podcastPalette: palette(rng, ['DarkMuted', 'DarkVibrant', 'LightMuted', 'LightVibrant', 'Muted', 'Vibrant'], true),
    pageThemes: { podcast: null },
    live_subscriber_counts: false,
    logoPalette: palette(rng, ['Vibrant', 'DarkVibrant', 'LightVibrant', 'Muted', 'DarkMuted', 'LightMuted'], false),
  };
}

/** `publicationSettings` of posts/by-id. */
export function publicationSettingsRecord() {
  return {
    block_ai_crawlers: false,
    credit_token_enabled: true,
    custom_tos_and_privacy: false,
    did_identity: null,
    disable_optimistic_bank_payments: false,
    display_welcome_page_details: true,
    enable_meetings: false,
    payment_pledges_enabled: true,
    enable_post_page_conversion: true,
    enable_prev_next_nav: true,
    enable_restacking: true,
    gifts_from_substack_disabled: false,
    google_analytics_4_token: null,
    group_sections_and_podcasts_in_menu_enabled: false,
    live_stream_homepage_visibility: 'contributorsAndAdmins',
    live_stream_homepage_style: 'autoPlay',
    medium_length_description: '',
    notes_feed_enabled: true,
    paywall_unlock_tokens: true,
    post_preview_crop_gravity: 'auto',
    reader_referrals_enabled: false,
    reader_referrals_leaderboard_enabled: false,
    seen_coming_soon_explainer: false,
    seen_google_analytics_migration_modal: false,
    local_currency_modal_seen: true,
    local_payment_methods_modal_seen: false,
    twitter_pixel_signup_event_id: null,
    twitter_pixel_subscribe_event_id: null,
    use_local_currency: true,
    welcome_page_opt_out_text: 'No thanks',
    cookie_settings: '',
    show_restacks_below_posts: true,
    holiday_gifting_post_header: true,
    homepage_message_text: '',
    homepage_message_link: '',
    about_us_author_ids: '',
    archived_section_ids: '',
    column_section_ids: '',
    fp_primary_column_section_ids: '',
    event_section_ids: '',
    podcasts_metadata: '',
    video_section_ids: '',
    post_metering_enabled: false,
  };
}

export function postTagRecord(pub, tag) {
  return { id: tag.id, publication_id: pub.id, name: tag.name, slug: tag.slug, hidden: false };
}

export function paymentsState(pub) {
  return pub.paymentsEnabled ? 'enabled' : 'disabled';
}

function firstName(user) {
  return user.name.split(' ')[0];
}

function iapPlan(pub, rng, period, cents) {
  return {
    sku: rng.hex(18),
    publication_id: String(pub.id),
    is_active: true,
    price_base_units: cents,
    currency_alpha3: 'usd',
    period,
    created_at: pub.createdAt,
    updated_at: pub.createdAt,
    id: String(rng.int(10000, 99999)),
    payout_amount_base_units: Math.round(cents * 0.07),
    alternate_currencies: Object.fromEntries(CURRENCIES.map((code) => [code, roundPrice(cents * CURRENCY_FACTORS[code])])),
    display_name: `${pub.name} (${period === 'month' ? 'Monthly' : 'Yearly'})`,
    display_price: `$${cents / 100}`,
  };
}

function stripePlan(pub, interval, cents) {
  const currencyOption = (amount) => ({
    custom_unit_amount: null,
    tax_behavior: 'unspecified',
    unit_amount: amount,
    unit_amount_decimal: String(amount),
  });
  return {
    id: `${interval === 'year' ? 'yearly' : 'monthly'}${cents / 100}usd`,
    object: 'plan',
    active: true,
    aggregate_usage: null,
    amount: cents,
    amount_decimal: String(cents),
    billing_scheme: 'per_unit',
    created: Math.floor(Date.parse(pub.createdAt) / 1000),
    currency: 'usd',
    interval,
    interval_count: 1,
    livemode: false,
    metadata: { substack: 'yes' },
    meter: null,
    nickname: `$${cents / 100} a ${interval}`,
    product: `prod_local${pub.id}`,
    tiers: null,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
    currency_options: {
      ...Object.fromEntries(CURRENCIES.map((code) => [code, currencyOption(roundPrice(cents * CURRENCY_FACTORS[code]))])),
      usd: currencyOption(cents),
    },
  };
}

function roundPrice(cents) {
  return Math.round(cents / 100) * 100;
}

/** Colour palette records; `populationFirst` follows the key order of the sample. */
export function palette(rng, names, populationFirst) {
  return Object.fromEntries(names.map((name) => {
    const rgb = [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];
    const population = rng.int(0, 500);
    return [name, populationFirst ? { population, rgb } : { rgb, population }];
  }));
}
