// The seeded world behind the local service: one account (the key owner), other users,
// their publications, posts, notes and post comments. Everything is derived from the seed,
// so two services started with the same options serve identical data. Only the API's writes
// (notes, replies, uploads, attachments, deletions) change it, and reset() undoes them.

import { attachmentRecord, IMAGE_TYPES } from './attachments.mjs';
import { DraftStore } from './drafts.mjs';
import { HttpError } from './http.mjs';
import { Random } from './prng.mjs';
import * as text from './text.mjs';

/** "Now" of the seeded data. Seeded dates lie before it; published notes use the real clock. */
export const WORLD_ANCHOR_MS = Date.parse('2025-07-01T12:00:00.000Z');
export const MEDIA_ORIGIN = 'https://media.publisher.test';

/**
 * Where uploaded images live: the host the real service's upload answers with
 * (http-contract-drafts §4, and every post image of the real samples), so that a document
 * holding them keeps the post editor's rule that images are hosted by the service. Nothing
 * is fetched from it offline: GET /__control/media?url=<url> serves the bytes.
 */
export const UPLOAD_ORIGIN = 'https://substack-post-media.s3.amazonaws.com';

const DAY_MS = 24 * 3600 * 1000;

/** The fixed cast. The account comes first; users marked inactive have no notes or posts. */
const CAST = [
  { name: 'Ada Example', handle: 'adaexample', pubName: 'Local Publication', subdomain: 'localpub', bio: 'Writes the Local Publication ✍️ — essays on tools, habits and “small” systems.' },
  { name: 'Björn Sample', handle: 'bjornsample', pubName: 'Björn’s Notebook', subdomain: 'bjornnotes', bio: 'Notebooks, trains and slow software. Zürich ⇄ Malmö.' },
  { name: 'Chidi Placeholder', handle: 'chidiplaceholder', pubName: 'Placeholder Weekly', subdomain: 'placeholderweekly', bio: 'A weekly letter about the things we postpone.' },
  { name: 'Dana Mock 🌸', handle: 'danamock', pubName: 'Mock Turtle Review', subdomain: 'mockturtle', bio: 'Reviews of books nobody asked about.' },
  { name: 'Émile Testwright', handle: 'emiletestwright', pubName: 'Le Banc d’Essai', subdomain: 'bancdessai', bio: 'Essais, tests et cafés crème ☕' },
  { name: 'Farah Fixture', handle: 'farahfixture', pubName: 'Fixture Farm', subdomain: 'fixturefarm', bio: 'Growing reproducible things 🌱' },
  { name: 'Ivo Quiet', handle: 'ivoquiet', pubName: 'Quiet Corner', subdomain: 'quietcorner', bio: '', inactive: true },
  { name: 'Gus Stub', handle: 'gusstub', pubName: 'Stub Notes', subdomain: 'stubnotes', bio: 'Short notes on long projects.' },
  { name: 'Hana Dummy', handle: 'hanadummy', pubName: 'Dummy Dispatch', subdomain: 'dummydispatch', bio: 'Dispatches from the test bench 🧪' },
  { name: 'Jun Silent', handle: 'junsilent', pubName: 'Silent Pages', subdomain: 'silentpages', bio: '', inactive: true },
];

export const DEFAULT_WORLD_OPTIONS = Object.freeze({
  seed: 1,
  posts: 120,
  notes: 65,
  following: 8,
  bodyBytes: 31700,
});

export class World {
  constructor(options = {}) {
    this.options = { ...DEFAULT_WORLD_OPTIONS, ...stripUndefined(options) };
    this.seed = this.options.seed;
    this.bodyCache = new Map();
    this.commentCache = new Map();
    this.#buildUsers();
    this.#buildPosts();
    this.#buildNotes();
    this.#buildActivity();
    this.reset();
    this.drafts = new DraftStore(this);
  }

  /** Back to the seeded state: forget what the API's writes created or deleted. */
  reset() {
    this.publishedNotes = [];
    this.nextPublishedNoteId = 152_000_000 + Random.derive(this.seed, 'published-id').int(1, 999);
    this.publishedReplies = [];
    this.deletedNoteIds = new Set();
    this.uploadsByUrl = new Map();
    this.nextUploadId = 180_000_000 + Random.derive(this.seed, 'upload-id').int(1, 999);
    this.attachmentsById = new Map();
    this.writeSerial = 0;
    // Records the test controls published (POST /__control/posts, /__control/notes) or
    // deleted (DELETE /__control/posts/<id>): the seeded posts come back, the others go.
    this.controlNotes = [];
    this.nextControlSerial = 0;
    if (this.seededPosts) this.#restoreSeededPosts();
    // Drafts and the posts they became: ids handed out since, and bodies not from the seed.
    for (const id of this.draftPostIds ?? []) {
      this.bodyCache.delete(id);
      this.commentCache.delete(id);
    }
    this.draftPostIds = new Set();
    this.reservedPostIds = new Set();
    this.drafts?.reset();
  }

  // ---- lookups -------------------------------------------------------------------------

  get account() {
    return this.users[0];
  }

  get mainPublication() {
    return this.account.publication;
  }

  userById(id) {
    return this.usersById.get(Number(id));
  }

  userByHandle(handle) {
    return this.usersByHandle.get(String(handle).toLowerCase());
  }

  postById(id) {
    return this.postsById.get(Number(id));
  }

  /** Slugs are unique only within a publication; this origin stands for the main publication. */
  mainPostBySlug(slug) {
    return this.mainPublication.postsBySlug.get(slug);
  }

  /** A note (seeded or published) or a published reply by its id; deleted ones are gone. */
  noteById(id) {
    const numericId = Number(id);
    if (this.deletedNoteIds.has(numericId)) return undefined;
    return this.publishedNotes.find((note) => note.id === numericId)
      ?? this.publishedReplies.find((reply) => reply.id === numericId)
      ?? this.controlNotes.find((note) => note.id === numericId)
      ?? this.notesById.get(numericId);
  }

  /** A comment under a post, by its id (post comments are generated on demand). */
  postCommentById(id) {
    const numericId = Number(id);
    const serial = Math.floor((numericId - POST_COMMENT_ID_BASE) / POST_COMMENT_ID_STRIDE);
    const post = this.postsBySerial[serial];
    if (!post) return undefined;
    return this.commentsOf(post).find((comment) => comment.id === numericId);
  }

  /** The account's "own notes" feed: published notes first, then seeded notes and post restacks. */
  ownNotesFeed() {
    const published = this.publishedNotes.map((note) => ({ kind: 'note', note, timestamp: note.date, user: this.account }));
    return this.#withoutDeleted(this.#withControlNotes(this.account, [...published, ...this.ownFeed]));
  }

  /** A user's profile activity, newest first, without the pinned latest post. */
  profileActivity(user) {
    if (user === this.account) {
      const published = this.publishedNotes.map((note) => ({ kind: 'note', note, timestamp: note.date, user }));
      return this.#withoutDeleted(this.#withControlNotes(user, [...published, ...user.activity]));
    }
    return this.#withoutDeleted(this.#withControlNotes(user, user.activity));
  }

  /** The entries with the user's control-published notes merged in by date, newest first (unchanged when there are none). */
  #withControlNotes(user, entries) {
    const notes = this.controlNotes.filter((note) => note.user === user);
    if (!notes.length) return entries;
    const added = notes.map((note) => ({ kind: 'note', note, timestamp: note.date, user }));
    // Stable: among equal dates the later-published note comes first (controlNotes is newest first).
    return [...added, ...entries].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  }

  #withoutDeleted(entries) {
    return this.deletedNoteIds.size ? entries.filter((entry) => !(entry.note && this.deletedNoteIds.has(entry.note.id))) : entries;
  }

  followingIds() {
    return [this.account.id, ...this.followed.map((user) => user.id)];
  }

  // ---- lazily generated parts -----------------------------------------------------------

  /** Body HTML and plain text of a post, about `bodyBytes` long. */
  bodyOf(post) {
    let body = this.bodyCache.get(post.id);
    if (!body) {
      body = text.postBody(Random.derive(this.seed, 'body', post.id), this.options.bodyBytes);
      this.bodyCache.set(post.id, body);
    }
    return body;
  }

  /** Comments under a post, oldest first. Their number is fixed at world creation (comment_count). */
  commentsOf(post) {
    let comments = this.commentCache.get(post.id);
    if (!comments) {
      const rng = Random.derive(this.seed, 'comments', post.id);
      const postTime = Date.parse(post.postDate);
      comments = [];
      let time = postTime;
      for (let i = 0; i < post.commentCount; i++) {
        time += rng.int(5, 600) * 60 * 1000;
        // The author answers now and then; everyone else comes from the cast.
        const author = rng.chance(0.2) ? post.author : rng.pick(this.activeUsers);
        comments.push({
          id: POST_COMMENT_ID_BASE + post.serial * POST_COMMENT_ID_STRIDE + i,
          post,
          user: author,
          body: text.sentences(rng, rng.int(1, 3)),
          // Comments on the newest posts would pass the anchor: squeeze them in between.
          date: new Date(time < WORLD_ANCHOR_MS ? time : postTime + Math.floor(((WORLD_ANCHOR_MS - postTime) * (i + 1)) / (post.commentCount + 1))).toISOString(),
          reactions: rng.int(0, 12),
          isAdmin: author === post.author,
        });
      }
      comments.sort((a, b) => a.date.localeCompare(b.date));
      this.commentCache.set(post.id, comments);
    }
    return comments;
  }

  // ---- writes: notes, replies, uploads, attachments, deletion ------------------------------

  /**
   * Stores a note (or, with `parentId`, a reply) published through the API and returns it.
   * Unknown attachment ids are a 400 and an unknown parent a 404 (HttpError), checked
   * before anything is stored.
   */
  publishNote(bodyJson, bodyText, { attachmentIds = [], parentId = null } = {}) {
    const attachments = attachmentIds.map((id) => {
      const attachment = this.attachmentsById.get(id);
      if (!attachment) throw new HttpError(400, `Unknown attachment: ${id}`);
      return attachment;
    });
    const parent = parentId === null ? null : this.noteById(parentId);
    if (parentId !== null && !parent) throw new HttpError(404, 'Not found');
    const note = {
      id: this.nextPublishedNoteId,
      user: this.account,
      date: new Date().toISOString(),
      // A note of attachments only is stored with no document and an empty body (notes.json).
      bodyJson: bodyJson.content.length ? bodyJson : null,
      body: bodyText,
      attachments: attachments.map(attachmentRecord),
      reactions: 0,
      restacks: 0,
      childrenCount: 0,
      editedAt: null,
      published: true,
      parent,
      // Ids from the root note to the direct parent, joined by "." (http-contract-writes §6).
      ancestorPath: parent ? (parent.ancestorPath ? `${parent.ancestorPath}.${parent.id}` : String(parent.id)) : '',
    };
    this.nextPublishedNoteId += 1 + Random.derive(this.seed, 'published-gap', note.id).int(0, 40);
    if (parent) this.publishedReplies.push(note);
    else this.publishedNotes.unshift(note);
    return note;
  }

  /** Replies published under a note, oldest first. */
  repliesOf(note) {
    return this.publishedReplies.filter((reply) => reply.parent === note && !this.deletedNoteIds.has(reply.id));
  }

  /** The seeded count of replies plus those published since. */
  childrenCountOf(note) {
    return note.childrenCount + this.repliesOf(note).length;
  }

  /** The chain of notes a reply answers, root first. */
  ancestorsOf(note) {
    const chain = [];
    for (let parent = note.parent; parent; parent = parent.parent) chain.unshift(parent);
    return chain;
  }

  /** DELETE /comment/<id>: "deleted", "not-found" (unknown or already deleted) or "forbidden" (someone else's). */
  deleteNote(id) {
    const note = this.noteById(id);
    if (!note) return 'not-found';
    if (note.user !== this.account) return 'forbidden';
    this.deletedNoteIds.add(note.id);
    return 'deleted';
  }

  /** Stores an uploaded image and returns it with its id and media URL. */
  storeUpload({ contentType, bytes, width, height, data = null }) {
    const serial = this.writeSerial++;
    const uuid = Random.derive(this.seed, 'upload', serial).uuid();
    const upload = {
      id: this.nextUploadId++,
      url: `${UPLOAD_ORIGIN}/public/images/${uuid}_${width}x${height}.${IMAGE_TYPES[contentType]}`,
      contentType,
      bytes,
      width,
      height,
      data,
    };
    this.uploadsByUrl.set(upload.url, upload);
    return upload;
  }

  /** Creates an attachment; an image's URL must be one this service handed out for an upload. */
  createAttachment({ type, url }) {
    const upload = type === 'image' ? this.uploadsByUrl.get(url) : null;
    if (type === 'image' && !upload) throw new HttpError(400, 'Unknown image: upload it first');
    const serial = this.writeSerial++;
    const attachment = { id: Random.derive(this.seed, 'attachment', serial).uuid(), type, url, upload };
    this.attachmentsById.set(attachment.id, attachment);
    return attachment;
  }

  // ---- test controls: posts and notes published or deleted by /__control ---------------------

  /**
   * Publishes `count` posts in the publication of `user` (POST /__control/posts), each dated
   * `date` (ISO; default: now). They are listed like seeded posts (posts, profile/posts,
   * posts/by-id, the profile's latest post), newest first; among equal dates the later one
   * first, as its id is higher. Returns them, in the order published.
   */
  publishControlPosts(user, { count = 1, date = null, title = null } = {}) {
    this.#snapshotSeededPosts();
    const pub = user.publication;
    const created = [];
    for (let i = 0; i < count; i++) {
      const serial = this.postsBySerial.length;
      const rng = Random.derive(this.seed, 'control-post', serial, this.nextControlSerial++);
      const postTitle = title === null ? text.title(rng) : count > 1 ? `${title} ${i + 1}` : title;
      let slug = text.slugify(postTitle) || 'post';
      for (let n = 2; pub.postsBySlug.has(slug); n++) slug = `${text.slugify(postTitle) || 'post'}-${n}`;
      const postDate = date ?? new Date().toISOString();
      const subtitle = text.sentence(rng);
      const post = {
        id: this.#nextPostId(rng),
        serial,
        publication: pub,
        author: user,
        title: postTitle,
        subtitle,
        description: subtitle,
        slug,
        type: 'newsletter',
        audience: 'everyone',
        ...newPostFields(rng, postDate, null),
      };
      this.#insertPost(post);
      created.push(post);
    }
    this.#relinkPosts(pub);
    return created;
  }

  /**
   * Publishes a draft as a post of the main publication (POST /drafts/<id>/publish, or its
   * scheduled release): listed like every other post, with the draft's id, its title and
   * subtitle, and the body rendered from its document (`rendered`: {html, text, wordcount}).
   */
  publishDraftPost({ id, title, subtitle, type, audience, postDate, coverImage, rendered }) {
    this.#snapshotSeededPosts();
    const pub = this.mainPublication;
    const rng = Random.derive(this.seed, 'draft-post', id);
    const base = text.slugify(title || 'untitled');
    let slug = base;
    for (let n = 2; pub.postsBySlug.has(slug); n++) slug = `${base}-${n}`;
    const post = {
      id,
      serial: this.postsBySerial.length,
      publication: pub,
      author: this.account,
      title,
      subtitle,
      description: subtitle,
      slug,
      type,
      audience,
      ...newPostFields(rng, postDate, coverImage),
    };
    // The body comes from the draft, not from the seed; reset() forgets it with the post.
    this.bodyCache.set(post.id, rendered);
    this.draftPostIds.add(post.id);
    this.#insertPost(post);
    this.#relinkPosts(pub);
    return post;
  }

  /**
   * A fresh id from the post id sequence, for a draft (a draft is a post that is not yet
   * published, so it takes a post id, which it keeps). Never one of a post or another draft.
   */
  reservePostId(label) {
    const id = this.#nextPostId(Random.derive(this.seed, 'reserved-post-id', label));
    this.reservedPostIds.add(id);
    return id;
  }

  /** Lists a new post in its publication and its author's profile posts, by date (equal dates: the new one first). */
  #insertPost(post) {
    const pub = post.publication;
    const user = post.author;
    this.postsBySerial.push(post);
    this.postsById.set(post.id, post);
    pub.postsBySlug.set(post.slug, post);
    // Before the first post that is older: among equal dates the new one comes first.
    const at = pub.posts.findIndex((other) => Date.parse(other.postDate) <= Date.parse(post.postDate));
    pub.posts.splice(at < 0 ? pub.posts.length : at, 0, post);
    const entryAt = user.profilePosts.findIndex((entry) => entry.kind === 'post' && Date.parse(entry.post.postDate) <= Date.parse(post.postDate));
    user.profilePosts.splice(entryAt < 0 ? user.profilePosts.length : entryAt, 0, { kind: 'post', post });
  }

  /** Removes a post (of any publication) from every listing (DELETE /__control/posts/<id>); false if unknown. */
  deleteControlPost(id) {
    const post = this.postById(id);
    if (!post) return false;
    this.#snapshotSeededPosts();
    const pub = post.publication;
    this.postsById.delete(post.id);
    if (pub.postsBySlug.get(post.slug) === post) pub.postsBySlug.delete(post.slug);
    pub.posts.splice(pub.posts.indexOf(post), 1);
    post.author.profilePosts = post.author.profilePosts.filter((entry) => !(entry.kind === 'post' && entry.post === post));
    this.#relinkPosts(pub);
    return true;
  }

  /**
   * Publishes `count` notes by `user` (POST /__control/notes), each dated `date` (ISO;
   * default: now): in the user's profile feed and, for the account, in /notes, merged by
   * date; `reader/comment` returns them. Returns them, in the order published.
   */
  publishControlNotes(user, { count = 1, date = null, body = null } = {}) {
    const created = [];
    for (let i = 0; i < count; i++) {
      const rng = Random.derive(this.seed, 'control-note', this.nextControlSerial++);
      const paragraphs = body === null ? text.noteParagraphs(rng) : [[{ text: count > 1 ? `${body} ${i + 1}` : body }]];
      const note = {
        id: this.nextPublishedNoteId,
        user,
        date: date ?? new Date().toISOString(),
        bodyJson: paragraphsToDoc(paragraphs),
        body: paragraphs.map((segments) => segments.map((segment) => segment.text).join('')).join('\n\n'),
        attachments: [],
        reactions: 0,
        restacks: 0,
        childrenCount: 0,
        editedAt: null,
        published: true,
        parent: null,
        ancestorPath: '',
      };
      this.nextPublishedNoteId += 1 + Random.derive(this.seed, 'published-gap', note.id).int(0, 40);
      this.controlNotes.unshift(note);
      created.push(note);
    }
    return created;
  }

  /** Removes any user's note from every feed (DELETE /__control/notes/<id>); false if unknown or already gone. */
  deleteControlNote(id) {
    const note = this.noteById(id);
    if (!note) return false;
    this.deletedNoteIds.add(note.id);
    return true;
  }

  #nextPostId(rng) {
    let max = 0;
    for (const post of this.postsBySerial) max = Math.max(max, post.id);
    for (const id of this.reservedPostIds) max = Math.max(max, id);
    return max + rng.int(1_000, 60_000);
  }

  /** A publication's newer/older slugs and its author's latest post, after its list changed. */
  #relinkPosts(pub) {
    pub.posts.forEach((post, i) => {
      post.newerSlug = pub.posts[i - 1]?.slug ?? null;
      post.olderSlug = pub.posts[i + 1]?.slug ?? null;
    });
    pub.author.latestPost = pub.posts[0] ?? null;
  }

  /** The seeded post listings, kept before the first control write so that reset() restores them. */
  #snapshotSeededPosts() {
    if (this.seededPosts) return;
    this.seededPosts = {
      bySerial: [...this.postsBySerial],
      users: this.users.map((user) => ({
        user,
        posts: [...user.publication.posts],
        bySlug: new Map(user.publication.postsBySlug),
        profilePosts: [...user.profilePosts],
        latestPost: user.latestPost,
      })),
    };
  }

  #restoreSeededPosts() {
    const seeded = this.seededPosts;
    this.postsBySerial = [...seeded.bySerial];
    this.postsById = new Map(this.postsBySerial.map((post) => [post.id, post]));
    for (const { user, posts, bySlug, profilePosts, latestPost } of seeded.users) {
      user.publication.posts = [...posts];
      user.publication.postsBySlug = new Map(bySlug);
      user.profilePosts = [...profilePosts];
      this.#relinkPosts(user.publication);
      user.latestPost = latestPost;
    }
    this.seededPosts = null;
  }

  // ---- construction -----------------------------------------------------------------------

  #buildUsers() {
    const rng = Random.derive(this.seed, 'users');
    const wantedOthers = Math.max(CAST.length - 1, this.options.following + 1);
    const specs = [...CAST];
    for (let i = 0; specs.length - 1 < wantedOthers; i++) {
      const name = text.extraPersonName(i);
      const handle = text.slugify(name).replace(/-/g, '');
      specs.push({ name, handle, pubName: `${name.split(' ')[0]}’s Letters`, subdomain: `${handle}letters`, bio: 'Letters about work and weather.' });
    }
    const usedIds = new Set();
    const uniqueId = (base, span) => {
      let id;
      do id = base + rng.int(0, span); while (usedIds.has(id));
      usedIds.add(id);
      return id;
    };

    this.users = specs.map((spec, index) => {
      const setUpAt = WORLD_ANCHOR_MS - rng.int(200, 900) * DAY_MS - rng.int(0, DAY_MS);
      const user = {
        index,
        id: uniqueId(300_000_000, 90_000_000),
        name: spec.name,
        handle: spec.handle,
        previousName: rng.chance(0.5) ? spec.name.replace(/ .*/, '') : null,
        bio: spec.bio,
        photoUrl: `${MEDIA_ORIGIN}/avatars/${spec.handle}_400x400.png`,
        profileSetUpAt: new Date(setUpAt).toISOString(),
        readerInstalledAt: new Date(setUpAt + rng.int(1, 90) * DAY_MS).toISOString(),
        active: !spec.inactive,
        subscriberCount: index === 0 ? 1234 : rng.weighted([[rng.int(5, 99), 3], [rng.int(100, 999), 3], [rng.int(1000, 25000), 1]]),
        activity: [],
      };
      const createdAt = setUpAt + rng.int(0, 3) * DAY_MS + rng.int(0, DAY_MS);
      user.publication = {
        id: uniqueId(4_000_000, 900_000),
        publicationUserId: uniqueId(5_000_000, 900_000),
        name: spec.pubName,
        subdomain: spec.subdomain,
        author: user,
        heroText: `${spec.pubName}: ${text.sentence(rng)}`,
        logoUrl: `${MEDIA_ORIGIN}/logos/${spec.subdomain}_256x256.png`,
        coverPhotoUrl: `${MEDIA_ORIGIN}/covers/${spec.subdomain}_1280x244.png`,
        color: `#${rng.hex(6).toUpperCase()}`,
        createdAt: new Date(createdAt).toISOString(),
        paymentsEnabled: index === 0 || rng.chance(0.5),
        foundingPlanName: rng.chance(0.5) ? 'Founding Member' : null,
        tags: Array.from({ length: 4 }, (_, t) => {
          const name = text.tagName(Random.derive(this.seed, 'tag', spec.subdomain, t));
          return { id: Random.derive(this.seed, 'tag-id', spec.subdomain, t).uuid(), name, slug: text.slugify(name) };
        }).filter((tag, t, all) => all.findIndex((other) => other.slug === tag.slug) === t),
        navigationItemId: rng.uuid(),
        viralGiftsId: rng.uuid(),
        posts: [],
        postsBySlug: new Map(),
      };
      return user;
    });
    this.usersById = new Map(this.users.map((user) => [user.id, user]));
    this.usersByHandle = new Map(this.users.map((user) => [user.handle, user]));
    this.activeUsers = this.users.filter((user) => user.active);

    // Followed: the first active others, plus always one user without any activity.
    const others = this.users.slice(1);
    const wanted = this.options.following;
    const inactive = others.filter((user) => !user.active);
    const active = others.filter((user) => user.active);
    this.followed = wanted <= 0 ? [] : [...active.slice(0, wanted - 1), inactive[0]];
  }

  #buildPosts() {
    const all = [];
    for (const user of this.activeUsers) {
      const pub = user.publication;
      const rng = Random.derive(this.seed, 'posts', pub.subdomain);
      const count = user === this.account ? this.options.posts : rng.int(6, 18);
      let time = WORLD_ANCHOR_MS - rng.int(2, 30) * 3600 * 1000;
      for (let i = 0; i < count; i++) {
        const postTitle = text.title(rng);
        let slug = text.slugify(postTitle);
        for (let n = 2; pub.postsBySlug.has(slug); n++) slug = `${text.slugify(postTitle)}-${n}`;
        // Newest posts of the main publication include every type, so filters always find some.
        const type = user === this.account && i === 1 ? 'podcast'
          : user === this.account && i === 3 ? 'thread'
          : rng.weighted([['newsletter', 80], ['podcast', 12], ['thread', 8]]);
        const audience = i === 0 ? 'everyone' : rng.weighted([['everyone', 60], ['only_paid', 25], ['only_free', 10], ['founding', 5]]);
        const subtitle = rng.chance(0.85) ? text.sentence(rng) : '';
        const post = {
          id: 0,
          serial: 0,
          publication: pub,
          author: user,
          title: postTitle,
          subtitle,
          description: subtitle,
          slug,
          type,
          audience,
          postDate: new Date(time - rng.int(0, 59999)).toISOString(),
          coverImage: `${MEDIA_ORIGIN}/covers/${rng.uuid()}_1456x816.jpeg`,
          podcastDuration: type === 'podcast' ? rng.int(600, 4200) + rng.int(0, 999) / 1000 : null,
          likes: rng.int(0, 80),
          restacks: rng.int(0, 9),
          commentCount: rng.int(0, 9),
          tags: pub.tags.filter(() => rng.chance(0.4)),
          voiceId: rng.pick(['en-US-Ada', 'en-US-Basil', 'en-GB-Clover']),
          palette: Array.from({ length: 6 }, () => ({ rgb: [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)], population: rng.int(0, 600) })),
          inboxUuid: rng.uuid(),
        };
        const updatedAt = Date.parse(post.postDate) + rng.int(0, 48) * 3600 * 1000;
        post.updatedAt = updatedAt < WORLD_ANCHOR_MS ? new Date(updatedAt).toISOString() : post.postDate;
        post.podcastUrl = type === 'podcast' ? `${MEDIA_ORIGIN}/audio/${pub.subdomain}/${slug}.mp3` : '';
        pub.posts.push(post);
        pub.postsBySlug.set(slug, post);
        all.push(post);
        time -= rng.int(20, 72) * 3600 * 1000;
      }
    }
    // Post ids grow with time across the whole service, like the real ones.
    const idRng = Random.derive(this.seed, 'post-ids');
    all.sort((a, b) => a.postDate.localeCompare(b.postDate));
    let nextId = 160_000_000 + idRng.int(0, 99_999);
    all.forEach((post, serial) => {
      post.id = nextId;
      post.serial = serial;
      nextId += idRng.int(1_000, 60_000);
    });
    this.postsBySerial = all;
    this.postsById = new Map(all.map((post) => [post.id, post]));
    for (const user of this.users) {
      const posts = user.publication.posts;
      posts.sort((a, b) => b.postDate.localeCompare(a.postDate));
      posts.forEach((post, i) => {
        post.newerSlug = posts[i - 1]?.slug ?? null;
        post.olderSlug = posts[i + 1]?.slug ?? null;
      });
    }
  }

  #buildNotes() {
    const all = [];
    for (const user of this.activeUsers) {
      const rng = Random.derive(this.seed, 'notes', user.handle);
      const count = user === this.account ? this.options.notes : rng.int(14, 40);
      const spanMs = 150 * DAY_MS;
      for (let i = 0; i < count; i++) {
        const date = WORLD_ANCHOR_MS - rng.int(0, spanMs);
        const paragraphs = text.noteParagraphs(rng);
        const withImage = rng.chance(0.2);
        all.push({
          id: 0,
          user,
          date: new Date(date).toISOString(),
          bodyJson: paragraphsToDoc(paragraphs),
          body: paragraphs.map((segments) => segments.map((s) => s.text).join('')).join('\n\n'),
          attachments: withImage
            ? [{ id: rng.uuid(), type: 'image', imageUrl: `${MEDIA_ORIGIN}/images/${rng.uuid()}_1024x1024.jpeg`, imageWidth: 1024, imageHeight: rng.pick([768, 1024, 1365]), explicit: false }]
            : [],
          reactions: rng.int(0, 40),
          restacks: rng.int(0, 6),
          childrenCount: rng.int(0, 5),
          editedAt: rng.chance(0.1) ? new Date(date + rng.int(1, 30) * 60 * 1000).toISOString() : null,
          impressionId: rng.uuid(),
          published: false,
        });
      }
    }
    // Note ids grow with time too.
    all.sort((a, b) => a.date.localeCompare(b.date));
    const idRng = Random.derive(this.seed, 'note-ids');
    // Seeded note ids stay below 150,000,000, where comment ids under posts begin.
    const maxGap = Math.max(2, Math.min(15_000, Math.floor(19_000_000 / Math.max(1, all.length))));
    let nextId = 130_000_000 + idRng.int(0, 99_999);
    for (const note of all) {
      note.id = nextId;
      nextId += idRng.int(1, maxGap);
    }
    this.notes = all;
    this.notesById = new Map(all.map((note) => [note.id, note]));
  }

  #buildActivity() {
    const byNewest = (a, b) => b.timestamp.localeCompare(a.timestamp);
    const otherPosts = this.postsBySerial.filter((post) => post.author !== this.account);

    for (const user of this.activeUsers) {
      const rng = Random.derive(this.seed, 'activity', user.handle);
      const ownNotes = this.notes.filter((note) => note.user === user);
      const items = ownNotes.map((note) => ({ kind: 'note', note, timestamp: note.date, user }));
      // Restacks of other people's notes, some time after those were written.
      const othersNotes = this.notes.filter((note) => note.user !== user);
      const restackCount = othersNotes.length ? Math.floor(ownNotes.length / 6) : 0;
      for (let i = 0; i < restackCount; i++) {
        const note = rng.pick(othersNotes);
        const at = beforeAnchor(Date.parse(note.date) + rng.int(1, 72) * 3600 * 1000, rng);
        if (items.some((item) => item.note === note)) continue;
        items.push({ kind: 'comment_restack', note, timestamp: new Date(at).toISOString(), user, impressionId: rng.uuid() });
      }
      items.sort(byNewest);
      user.activity = items;
      user.latestPost = user.publication.posts[0] ?? null;
    }

    // The account's notes feed: its notes plus a restack of someone's post after every 4 notes.
    const rng = Random.derive(this.seed, 'own-feed');
    const ownNotes = this.notes.filter((note) => note.user === this.account);
    const feed = ownNotes.map((note) => ({ kind: 'note', note, timestamp: note.date, user: this.account }));
    const restacked = new Set();
    for (let i = 0; i < Math.floor(ownNotes.length / 5) && otherPosts.length; i++) {
      let post = rng.pick(otherPosts);
      for (let tries = 0; restacked.has(post) && tries < 20; tries++) post = rng.pick(otherPosts);
      if (restacked.has(post)) break;
      restacked.add(post);
      const at = beforeAnchor(Date.parse(post.postDate) + rng.int(1, 96) * 3600 * 1000, rng);
      feed.push({ kind: 'post_restack', post, timestamp: new Date(at).toISOString(), user: this.account, impressionId: rng.uuid() });
    }
    feed.sort(byNewest);
    this.ownFeed = feed;

    // Restacked posts shown among a user's profile posts: one after every 8 of their own.
    for (const user of this.activeUsers) {
      const pick = Random.derive(this.seed, 'profile-restacks', user.handle);
      const candidates = this.postsBySerial.filter((post) => post.author !== user);
      user.profilePosts = [];
      user.publication.posts.forEach((post, i) => {
        user.profilePosts.push({ kind: 'post', post });
        if (i % 8 === 7 && candidates.length) user.profilePosts.push({ kind: 'restack', post: pick.pick(candidates) });
      });
    }
    for (const user of this.users) user.profilePosts ??= [];
  }
}

/** Seeded events never reach the anchor: those that would are moved into the hours before it. */
function beforeAnchor(time, rng) {
  return time < WORLD_ANCHOR_MS ? time : WORLD_ANCHOR_MS - rng.int(1, 6 * 3600) * 1000 - rng.int(0, 999);
}

const POST_COMMENT_ID_BASE = 150_000_000;
const POST_COMMENT_ID_STRIDE = 64;

/** The editor document of a note from its paragraphs of text segments. */
export function paragraphsToDoc(paragraphs) {
  return {
    type: 'doc',
    attrs: { schemaVersion: 'v1' },
    content: paragraphs.map((segments) => ({
      type: 'paragraph',
      content: segments.map((segment) =>
        segment.marks ? { type: 'text', text: segment.text, marks: segment.marks.map((type) => ({ type })) } : { type: 'text', text: segment.text }),
    })),
  };
}

function stripUndefined(object) {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/**
 * The fields of a post published after the seed (by a control or from a draft) that are
 * the same for both: dates, a cover (`coverImage`, or a generated one), no engagement yet.
 */
function newPostFields(rng, postDate, coverImage) {
  return {
    postDate,
    updatedAt: postDate,
    coverImage: coverImage ?? `${MEDIA_ORIGIN}/covers/${rng.uuid()}_1456x816.jpeg`,
    podcastDuration: null,
    podcastUrl: '',
    likes: 0,
    restacks: 0,
    commentCount: 0,
    tags: [],
    voiceId: 'en-US-Ada',
    palette: Array.from({ length: 6 }, () => ({ rgb: [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)], population: rng.int(0, 600) })),
    inboxUuid: rng.uuid(),
  };
}
