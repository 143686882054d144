// The rest of the interface (comments, notes, publishing, the builder, profiles,
// following, the workflow node's reads) against the local service: the records, and
// what went on the wire.
import { deepEqual, equal, match, ok, rejects, throws } from './assert.mjs';

const info = async (service) => (await fetch(`${service.url}/__control/info`)).json();
const requests = async (service) => (await service.apiRequests()).map((r) => `${r.method} ${r.url}`);

function assertKind(ctx, error, kind) {
  ok(error instanceof ctx.PublisherError, `a PublisherError (${error})`);
  equal(error.kind, kind, `kind (message: ${error.message})`);
}

function assertNote(note, where) {
  equal(typeof note.entity_key, 'string', `${where}.entity_key`);
  equal(typeof note.type, 'string', `${where}.type`);
  equal(typeof note.context.type, 'string', `${where}.context.type`);
  equal(typeof note.context.timestamp, 'string', `${where}.context.timestamp`);
  ok(Array.isArray(note.context.users), `${where}.context.users`);
  for (const user of note.context.users) {
    ok(Number.isSafeInteger(user.id) && typeof user.name === 'string' && typeof user.handle === 'string', `${where} user`);
  }
  if (note.comment) {
    ok(Number.isSafeInteger(note.comment.id), `${where}.comment.id`);
    equal(typeof note.comment.body, 'string', `${where}.comment.body`);
    ok(Number.isSafeInteger(note.comment.user_id), `${where}.comment.user_id`);
    equal(typeof note.comment.date, 'string', `${where}.comment.date`);
  }
}

function assertPublicProfile(profile, where) {
  ok(Number.isSafeInteger(profile.id), `${where}.id`);
  for (const field of ['name', 'handle', 'subscriberCount']) equal(typeof profile[field], 'string', `${where}.${field}`);
  equal(typeof profile.subscriberCountNumber, 'number', `${where}.subscriberCountNumber`);
  ok(Array.isArray(profile.publicationUsers), `${where}.publicationUsers`);
  for (const membership of profile.publicationUsers) {
    ok(Number.isSafeInteger(membership.id) && typeof membership.role === 'string', `${where} membership`);
    equal(typeof membership.publication.subdomain, 'string', `${where} publication.subdomain`);
  }
}

/** The exact PublishNoteRequest the client must send, keys in the reference order. */
function envelope(paragraphs) {
  return JSON.stringify({
    bodyJson: {
      type: 'doc',
      attrs: { schemaVersion: 'v1' },
      content: paragraphs.map((nodes) => ({
        type: 'paragraph',
        content: nodes.map(([text, mark]) => (mark ? { type: 'text', text, marks: [{ type: mark }] } : { type: 'text', text })),
      })),
    },
    replyMinimumRole: 'everyone',
  });
}

async function onlyPost(ctx) {
  const posts = (await ctx.service.apiRequests()).filter((r) => r.method === 'POST');
  equal(posts.length, 1, 'one POST');
  equal(posts[0].url, '/api/v1/comment/feed');
  match(posts[0].headers['content-type'], /^application\/json/);
  return posts[0];
}

export const interfaceScenarios = [
  ['getComments reads /post/<id>/comments and maps every comment to the interface', async (ctx) => {
    const [post] = await ctx.client().getPosts({ limit: 1 });
    await ctx.service.clearRequests();
    const comments = await ctx.client().getComments(post.id, { offset: 0, limit: 3 });
    deepEqual(await requests(ctx.service), [`GET /api/v1/post/${post.id}/comments?offset=0&limit=3`]);
    const raw = (await ctx.service.raw(`/api/v1/post/${post.id}/comments?offset=0&limit=3`)).comments;
    equal(comments.length, raw.length);
    ok(comments.length > 0, 'the post has comments');
    comments.forEach((comment, i) => {
      equal(comment.id, raw[i].id);
      equal(comment.body, raw[i].body);
      equal(comment.created_at, raw[i].date);
      equal(comment.parent_post_id, post.id);
      deepEqual(comment.author, { id: raw[i].user_id, name: raw[i].name, is_admin: raw[i].author_is_admin });
      equal(comment.handle, raw[i].handle, 'service fields pass through');
    });
    const one = await ctx.client().getComment(comments[0].id);
    equal(one.id, comments[0].id);
    equal(one.author.id, comments[0].author.id);
    assertKind(ctx, await rejects(ctx.client().getComments('5')), 'invalid-argument');
  }],

  ['getNotes pages with next() to the end, percent-encoding every cursor', async (ctx) => {
    const { notes } = await info(ctx.service);
    let page = await ctx.client().getNotes();
    ok(page instanceof ctx.PublisherNotes, 'a PublisherNotes');
    equal(typeof page.originalCursorTimestamp, 'string');
    let items = 0;
    let pages = 0;
    const cursors = [];
    while (page) {
      pages += 1;
      page.items.forEach((note, i) => assertNote(note, `page ${pages} item ${i}`));
      items += page.items.length;
      equal(page.hasMore(), page.nextCursor !== null);
      if (page.nextCursor) cursors.push(page.nextCursor);
      page = await page.next();
    }
    ok(pages > 2, `walked ${pages} pages`);
    ok(items >= notes, `${items} items for ${notes} notes (restacks too)`);
    const urls = (await ctx.service.apiRequests()).map((r) => r.url);
    equal(urls[0], '/api/v1/notes');
    ok(cursors.some((c) => /[+/=]/.test(c)), 'the service cursors need encoding');
    cursors.forEach((cursor, i) => equal(urls[i + 1], `/api/v1/notes?cursor=${encodeURIComponent(cursor)}`));
  }],

  ['for await walks every note of the feed across pages', async (ctx) => {
    const first = await ctx.client().getNotes();
    const keys = [];
    for await (const note of first) keys.push(note.entity_key);
    let expected = 0;
    for (let page = first; page; page = await page.next()) expected += page.items.length;
    equal(keys.length, expected);
    equal(new Set(keys).size, keys.length, 'no note twice');
  }],

  ['a malformed cursor is the service\'s 400, as an http PublisherError', async (ctx) => {
    const error = await rejects(ctx.client().getNotes({ cursor: 'not a cursor' }));
    assertKind(ctx, error, 'http');
    equal(error.status, 400);
    deepEqual(await requests(ctx.service), ['GET /api/v1/notes?cursor=not%20a%20cursor']);
  }],

  ['publishNote sends the exact envelope with the text byte-exact', async (ctx) => {
    const text = 'Quotes " and \\ backslash, emoji 🎖️🧭, </script>, tab\t, ünïcødé';
    const response = await ctx.client().publishNote(text);
    const post = await onlyPost(ctx);
    equal(post.body, envelope([[[text]]]));
    equal(response.body, text);
    ok(Number.isSafeInteger(response.id));
    for (const field of ['date', 'name']) equal(typeof response[field], 'string', field);
    equal(typeof response.body_json, 'object');
    equal(typeof response.reactions, 'object');
    const note = await ctx.client().getNoteById(response.id);
    equal(note.comment.body, text, 'the service stored it byte-exact');
  }],

  ['the note builder returns itself, adds marks and paragraphs, and publishes once', async (ctx) => {
    const client = ctx.client();
    const builder = client.note('Title');
    ok(builder instanceof ctx.NoteBuilder);
    for (const method of ['note', 'bold', 'italic', 'simple', 'addParagraph', 'addBold', 'addItalic', 'addText']) {
      equal(builder[method]('x'), builder, `${method} returns the builder`);
    }
    const stored = new ctx.NoteBuilder(client, 'First');
    stored.bold(' strong');
    stored.italic(' slanted');
    stored.note('Second line');
    stored.simple(' plain');
    const response = await stored.publish();
    equal((await onlyPost(ctx)).body, envelope([
      [['First'], [' strong', 'bold'], [' slanted', 'italic']],
      [['Second line'], [' plain']],
    ]));
    equal(response.body, 'First strong slanted\n\nSecond line plain');
    await ctx.service.clearRequests();
    const empty = client.note();
    empty.bold('only bold');
    await empty.publish();
    equal((await onlyPost(ctx)).body, envelope([[['only bold', 'bold']]]));
  }],

  ['empty text and empty notes are invalid-argument errors and send nothing', async (ctx) => {
    const client = ctx.client();
    assertKind(ctx, throws(() => client.note('x').bold('')), 'invalid-argument');
    assertKind(ctx, throws(() => client.note('')), 'invalid-argument');
    assertKind(ctx, throws(() => new ctx.NoteBuilder(client, '')), 'invalid-argument');
    assertKind(ctx, throws(() => new ctx.NoteBuilder({}, 'x')), 'invalid-argument');
    assertKind(ctx, await rejects(client.note().publish()), 'invalid-argument');
    assertKind(ctx, await rejects(client.publishNote('')), 'invalid-argument');
    assertKind(ctx, await rejects(client.publishNote(42)), 'invalid-argument');
    equal((await ctx.service.apiRequests()).length, 0);
  }],

  ['profiles: user feed, public profile and full profile by handle and by id', async (ctx) => {
    const { users } = await info(ctx.service);
    const user = users.find((u) => u.active && u.followed);
    const client = ctx.client();
    const feed = await client.getUserProfile(user.id);
    feed.items.forEach((item, i) => assertNote(item, `feed item ${i}`));
    const publicProfile = await client.getPublicProfile(user.handle);
    assertPublicProfile(publicProfile, 'public');
    equal(publicProfile.id, user.id);
    equal(typeof publicProfile.subscriberCountString, 'string');
    equal(typeof publicProfile.primaryPublication.name, 'string');
    const bySlug = await client.getFullProfileBySlug(user.handle);
    const byId = await client.getFullProfileById(user.id);
    for (const full of [bySlug, byId]) {
      assertPublicProfile(full, 'full');
      equal(full.id, user.id);
      deepEqual(full.userProfile.items.map((i) => i.entity_key), feed.items.map((i) => i.entity_key), 'userProfile is the feed');
    }
    deepEqual(await requests(ctx.service), [
      `GET /api/v1/reader/feed/profile/${user.id}`,
      `GET /api/v1/user/${user.handle}/public_profile`,
      `GET /api/v1/user/${user.handle}/public_profile`,
      `GET /api/v1/reader/feed/profile/${user.id}`,
      `GET /api/v1/reader/feed/profile/${user.id}`,
      `GET /api/v1/user/${user.handle}/public_profile`,
    ]);
  }],

  ['a user without activity still has a full profile, and an unknown one is a 404 PublisherError', async (ctx) => {
    const { users } = await info(ctx.service);
    const quiet = users.find((u) => !u.active);
    ok(quiet, 'the local service has a user without activity');
    const full = await ctx.client().getFullProfileById(quiet.id);
    equal(full.id, quiet.id);
    deepEqual(full.userProfile.items, []);
    deepEqual(await requests(ctx.service), [
      `GET /api/v1/reader/feed/profile/${quiet.id}`,
      `GET /api/v1/user/${quiet.id}/profile`,
    ]);
    const error = await rejects(ctx.client().getFullProfileById(1));
    assertKind(ctx, error, 'http');
    equal(error.status, 404);
  }],

  ['following: ids as sent, every profile in order, and a failing user named', async (ctx) => {
    const client = ctx.client();
    const ids = await client.getFollowingIds();
    const { account } = await info(ctx.service);
    equal(ids[0], account.id, 'the service lists the account first');
    deepEqual(ids, await ctx.service.raw('/api/v1/feed/following'));
    const profiles = await client.getFollowingProfiles();
    deepEqual(profiles.map((p) => p.id), ids);
    const victim = ids[2];
    await ctx.service.fault({ method: 'GET', path: `/api/v1/reader/feed/profile/${victim}`, status: 404 });
    const error = await rejects(client.getFollowingProfiles());
    assertKind(ctx, error, 'http');
    match(error.message, new RegExp(`1 of ${ids.length} followed users failed: user ${victim}:`));
  }],

  ['getPostsById follows cursors, never sends offset, and returns exactly limit', async (ctx) => {
    const { account } = await info(ctx.service);
    const client = ctx.client();
    const posts = await client.getPostsById(account.id, { limit: 60, offset: 5 });
    equal(posts.length, 60);
    ok(posts.every((p) => ['newsletter', 'podcast', 'thread'].includes(p.type)), 'no restacks');
    const urls = (await ctx.service.apiRequests()).map((r) => r.url);
    ok(urls.length >= 2, 'more than one page');
    ok(urls.every((u) => u.startsWith(`/api/v1/profile/posts?profile_user_id=${account.id}&limit=`) && !u.includes('offset')), urls.join(' '));
    ok(urls.slice(1).every((u) => u.includes('&cursor=')));
    const first = await client.getPostsById(account.id, { limit: 65 });
    deepEqual(posts.map((p) => p.id), first.slice(5).map((p) => p.id), 'offset skips posts');
    const all = await client.getPostsById(account.id);
    equal(all.length, 100, 'default limit 100');
  }],

  ['getPostsBySlug resolves the handle first', async (ctx) => {
    const { users } = await info(ctx.service);
    const user = users.find((u) => u.active && u.posts > 0 && u.followed);
    const posts = await ctx.client().getPostsBySlug(user.handle, { limit: 3 });
    ok(posts.length > 0 && posts.length <= 3);
    const urls = await requests(ctx.service);
    equal(urls[0], `GET /api/v1/user/${user.handle}/public_profile`);
    equal(urls[1], `GET /api/v1/profile/posts?profile_user_id=${user.id}&limit=3`);
  }],

  ['getNotesById and getNotesBySlug return only notes, exactly limit, across pages', async (ctx) => {
    const { users, account } = await info(ctx.service);
    const client = ctx.client();
    const notes = await client.getNotesById(account.id, { limit: 30 });
    equal(notes.length, 30);
    notes.forEach((note, i) => {
      assertNote(note, `note ${i}`);
      ok(note.comment, 'a note has a comment');
    });
    const urls = (await ctx.service.apiRequests()).map((r) => r.url);
    equal(urls[0], `/api/v1/reader/feed/profile/${account.id}?types=note`);
    ok(urls.length >= 3 && urls.slice(1).every((u) => u.includes('&cursor=')), urls.join(' '));
    const user = users.find((u) => u.active && u.notes > 0 && u.id !== account.id);
    const bySlug = await client.getNotesBySlug(user.handle);
    equal(bySlug.length, user.notes, 'all there are, under the default limit');
    const one = await client.getNoteById(notes[0].comment.id);
    equal(one.entity_key, notes[0].entity_key);
  }],

  ['getPosts with a limit above the page size pages on offset and returns exactly limit', async (ctx) => {
    const posts = await ctx.client().getPosts({ limit: 110, offset: 3 });
    equal(posts.length, 110);
    equal(new Set(posts.map((p) => p.id)).size, 110);
    deepEqual((await ctx.service.apiRequests()).map((r) => r.url), [
      '/api/v1/posts?offset=3&limit=50',
      '/api/v1/posts?offset=53&limit=50',
      '/api/v1/posts?offset=103&limit=10',
    ]);
    const rest = await ctx.client().getPosts({ limit: 500 });
    equal(rest.length, 120, 'all there are');
  }],

  ['bad arguments of the interface methods send nothing', async (ctx) => {
    const client = ctx.client();
    const calls = [
      () => client.getComment(-1),
      () => client.getComments(1, { limit: 0 }),
      () => client.getNotes({ limit: -2 }),
      () => client.getUserProfile('42'),
      () => client.getPublicProfile('a/b'),
      () => client.getFullProfileBySlug('..'),
      () => client.getFullProfileById(1.5),
      () => client.getPostsBySlug('x?y'),
      () => client.getPostsById(1, { offset: -1 }),
      () => client.getNotesBySlug('#x'),
      () => client.getNotesById(2 ** 53),
      () => client.getNoteById(null),
    ];
    for (const call of calls) assertKind(ctx, await rejects(call()), 'invalid-argument');
    equal((await ctx.service.apiRequests()).length, 0);
  }],
];
