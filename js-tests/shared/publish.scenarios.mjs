// Publishing: publishNote(text) and the NoteBuilder (client.note(), new NoteBuilder()),
// checked byte for byte on the wire (POST /api/v1/comment/feed, the exact
// PublishNoteRequest text) and against what the service then stores.
import { deepEqual, equal, match, ok, rejects } from './assert.mjs';
import { assertRecord } from './records.mjs';
import {
  assertHttpError, assertId, assertInvalidArgument, assertIsoDate, assertNothingSent, assertSession, info,
} from './wire.mjs';

/**
 * The exact PublishNoteRequest text, keys in the reference order. `paragraphs` is a list
 * of paragraphs, each a list of [text, mark?] segments.
 */
function envelope(paragraphs) {
  return JSON.stringify({
    bodyJson: {
      type: 'doc',
      attrs: { schemaVersion: 'v1' },
      content: paragraphs.map((segments) => ({
        type: 'paragraph',
        content: segments.map(([text, mark]) => (mark ? { type: 'text', text, marks: [{ type: mark }] } : { type: 'text', text })),
      })),
    },
    replyMinimumRole: 'everyone',
  });
}

/** The service's `body` of such a note: segments joined, paragraphs joined by a blank line. */
const bodyText = (paragraphs) => paragraphs.map((segments) => segments.map(([text]) => text).join('')).join('\n\n');

/** The one POST that went out: path, content type, session and body text; returns the body. */
async function onlyPost(ctx) {
  const requests = await ctx.service.apiRequests();
  equal(requests.length, 1, `one request (saw ${requests.map((r) => `${r.method} ${r.url}`).join(', ')})`);
  const [post] = requests;
  equal(post.method, 'POST');
  equal(post.url, '/api/v1/comment/feed');
  match(post.headers['content-type'], /^application\/json\s*(;.*)?$/i, 'Content-Type');
  assertSession(post, ctx.service);
  equal(post.status, 200, 'the service accepted it');
  return post.body;
}

/** A PublishNoteResponse (interface §2.11) for `paragraphs`, and the note the service stored. */
async function assertPublished(ctx, response, paragraphs, where) {
  const { account, publishedNoteIds } = await info(ctx.service);
  assertRecord(response, 'PublishNoteResponse', where);
  assertId(response.id, `${where}.id`);
  equal(response.body, bodyText(paragraphs), `${where}.body is the text, byte-exact`);
  deepEqual(response.body_json, JSON.parse(envelope(paragraphs)).bodyJson, `${where}.body_json echoes what was sent`);
  assertIsoDate(response.date, `${where}.date`);
  equal(response.name, account.name, `${where}.name`);
  equal(typeof response.photo_url, 'string', `${where}.photo_url`);
  ok(Object.values(response.reactions).every((n) => typeof n === 'number'), `${where}.reactions counts`);
  equal(response.user_id, account.id, `${where}: further fields pass through (user_id)`);
  equal(response.status, 'published', `${where}: further fields pass through (status)`);
  ok(publishedNoteIds.includes(response.id), `${where}: the service published note ${response.id}`);
  const stored = (await ctx.service.raw(`/api/v1/reader/comment/${response.id}`)).item.comment;
  equal(stored.body, response.body, `${where}: the stored body`);
  deepEqual(stored.body_json, response.body_json, `${where}: the stored body_json`);
  equal(stored.date, response.date, `${where}: the stored date`);
}

const TRICKY = [
  ['plain words', 'Hello from the test suite'],
  ['quotes', 'She said "hi" and \'bye\' and “curly” ‘ones’'],
  ['backslashes', 'C:\\path\\to\\file and \\n not a newline and \\"'],
  ['emoji', 'Emoji 🎖️🧭 flags 🇸🇪 family 👩‍👩‍👧 skin 👍🏽 and 🌸'],
  ['newlines', 'line one\nline two\r\nline three\n\nafter a blank line'],
  ['a script end tag', '</script><script>alert(1)</script> & <b>not bold</b>'],
  ['unicode', 'ünïcødé Zürich ⇄ Malmö, 日本語, עברית, e\u0301 combining, \u2028 and \u2029 separators'],
  ['tabs and JSON-ish text', '\t{"bodyJson": null, "replyMinimumRole": "nobody"}\t'],
  ['a long text', `${'Lorem ipsum dolor sit amet, ü “quoted” 🎉 '.repeat(120)}end`],
];

export const publishScenarios = [
  ['publishNote posts the exact PublishNoteRequest and returns the service\'s record', async (ctx) => {
    const text = 'A note from the publish scenarios';
    const response = await ctx.client().publishNote(text);
    equal(await onlyPost(ctx), envelope([[[text]]]), 'the request body, byte for byte');
    await assertPublished(ctx, response, [[[text]]], 'publishNote');
    const { items } = await ctx.service.raw('/api/v1/notes');
    equal(items[0].comment?.id, response.id, 'the note now leads the notes feed');
  }],

  ['publishNote keeps quotes, backslashes, emoji, newlines, </script> and unicode byte-exact', async (ctx) => {
    const client = ctx.client();
    for (const [label, text] of TRICKY) {
      await ctx.service.clearRequests();
      const response = await client.publishNote(text);
      equal(await onlyPost(ctx), envelope([[[text]]]), `${label}: the request body`);
      await assertPublished(ctx, response, [[[text]]], label);
    }
  }],

  ['every builder method but publish returns the same builder, and nothing is sent before publish', async (ctx) => {
    const client = ctx.client();
    const chained = client.note('start');
    ok(chained instanceof ctx.NoteBuilder, 'client.note() gives a NoteBuilder');
    const constructed = new ctx.NoteBuilder(client, 'start');
    ok(constructed instanceof ctx.NoteBuilder, 'new NoteBuilder(client, text)');
    ok(new ctx.NoteBuilder(client) instanceof ctx.NoteBuilder, 'new NoteBuilder(client) without text');
    for (const builder of [chained, constructed, client.note()]) {
      for (const method of ['note', 'bold', 'italic', 'simple', 'addParagraph', 'addBold', 'addItalic', 'addText']) {
        equal(builder[method](`${method} text`), builder, `${method}() returns the same builder`);
      }
      equal(builder.bold('a').italic('b').simple('c').note('d'), builder, 'a chain ends on the same builder');
    }
    await assertNothingSent(ctx.service, 'building sends nothing');
    const promise = chained.publish();
    ok(promise !== chained && typeof promise.then === 'function', 'publish() returns a promise, not the builder');
    await promise;
  }],

  ['a builder publishes one paragraph per note() with bold, italic and plain segments', async (ctx) => {
    const client = ctx.client();
    const builder = client.note('First');
    builder.bold(' strong');
    builder.italic(' slanted');
    builder.simple(' plain');
    builder.note('Second paragraph');
    builder.italic('!');
    builder.note('Third');
    const response = await builder.publish();
    const paragraphs = [
      [['First'], [' strong', 'bold'], [' slanted', 'italic'], [' plain']],
      [['Second paragraph'], ['!', 'italic']],
      [['Third']],
    ];
    equal(await onlyPost(ctx), envelope(paragraphs), 'the request body, byte for byte');
    await assertPublished(ctx, response, paragraphs, 'builder');
    equal(response.body, 'First strong slanted plain\n\nSecond paragraph!\n\nThird');
  }],

  ['client.note() without text opens its first paragraph on the first bold, italic or simple', async (ctx) => {
    const client = ctx.client();
    const cases = [
      [(b) => b.bold('only bold'), [[['only bold', 'bold']]]],
      [(b) => b.italic('slanted').simple(' then plain'), [[['slanted', 'italic'], [' then plain']]]],
      [(b) => b.simple('plain').note('second'), [[['plain']], [['second']]]],
      [(b) => b.note('a paragraph first').bold('!'), [[['a paragraph first'], ['!', 'bold']]]],
    ];
    for (const [build, paragraphs] of cases) {
      await ctx.service.clearRequests();
      const response = await build(client.note()).publish();
      equal(await onlyPost(ctx), envelope(paragraphs), JSON.stringify(paragraphs));
      await assertPublished(ctx, response, paragraphs, JSON.stringify(paragraphs));
    }
  }],

  ['addParagraph, addBold, addItalic and addText build the same note as note, bold, italic and simple', async (ctx) => {
    const client = ctx.client();
    const paragraphs = [[['Intro'], [' bold', 'bold'], [' italic', 'italic'], [' text']], [['Next'], [' more']]];
    await client.note('Intro').bold(' bold').italic(' italic').simple(' text')
      .note('Next').simple(' more').publish();
    const originals = await onlyPost(ctx);
    await ctx.service.clearRequests();
    const response = await client.note('Intro').addBold(' bold').addItalic(' italic').addText(' text')
      .addParagraph('Next').addText(' more').publish();
    const aliases = await onlyPost(ctx);
    equal(aliases, originals, 'the same request body');
    equal(aliases, envelope(paragraphs));
    await assertPublished(ctx, response, paragraphs, 'aliases');
  }],

  ['new NoteBuilder(client, text) sends what client.note(text) sends', async (ctx) => {
    const client = ctx.client();
    await client.note('Same start').bold(' same end').publish();
    const viaClient = await onlyPost(ctx);
    await ctx.service.clearRequests();
    const response = await new ctx.NoteBuilder(client, 'Same start').bold(' same end').publish();
    equal(await onlyPost(ctx), viaClient);
    equal(viaClient, envelope([[['Same start'], [' same end', 'bold']]]));
    await assertPublished(ctx, response, [[['Same start'], [' same end', 'bold']]], 'new NoteBuilder');
  }],

  ['builder segments keep tricky text byte-exact in every kind of segment', async (ctx) => {
    const client = ctx.client();
    const t = TRICKY.map(([, text]) => text);
    const paragraphs = [
      [[t[1]], [t[2], 'bold'], [t[3], 'italic']],
      [[t[4]], [t[5], 'bold'], [t[8]]],
      [[t[6]], [t[7], 'italic']],
    ];
    const response = await new ctx.NoteBuilder(client, t[1]).bold(t[2]).italic(t[3])
      .note(t[4]).addBold(t[5]).simple(t[8])
      .addParagraph(t[6]).addItalic(t[7])
      .publish();
    equal(await onlyPost(ctx), envelope(paragraphs), 'the request body, byte for byte');
    await assertPublished(ctx, response, paragraphs, 'tricky segments');
    await ctx.service.clearRequests();
    const marksFirst = [[[t[4], 'italic'], [t[5], 'bold'], [t[3]]]];
    const second = await client.note().italic(t[4]).bold(t[5]).addText(t[3]).publish();
    equal(await onlyPost(ctx), envelope(marksFirst), 'a paragraph opened by italic');
    await assertPublished(ctx, second, marksFirst, 'marks first');
  }],

  ['empty text throws at once, an empty builder rejects, and neither sends anything', async (ctx) => {
    const client = ctx.client();
    const builder = client.note('kept');
    for (const method of ['note', 'bold', 'italic', 'simple', 'addParagraph', 'addBold', 'addItalic', 'addText']) {
      let thrown;
      try {
        builder[method]('');
      } catch (error) {
        thrown = error;
      }
      ok(thrown !== undefined, `${method}('') throws synchronously`);
      ok(thrown instanceof ctx.PublisherError && thrown.kind === 'invalid-argument', `${method}(''): invalid-argument, got ${thrown}`);
    }
    for (const [label, make] of [
      ["client.note('')", () => client.note('')],
      ["new NoteBuilder(client, '')", () => new ctx.NoteBuilder(client, '')],
      ["new NoteBuilder({}, 'x')", () => new ctx.NoteBuilder({}, 'x')],
      ["new NoteBuilder(null, 'x')", () => new ctx.NoteBuilder(null, 'x')],
    ]) {
      let thrown;
      try {
        make();
      } catch (error) {
        thrown = error;
      }
      ok(thrown instanceof ctx.PublisherError && thrown.kind === 'invalid-argument', `${label} throws invalid-argument, got ${thrown}`);
    }
    await assertInvalidArgument(ctx, 'bold(42)', () => client.note('x').bold(42));
    await assertInvalidArgument(ctx, 'note(null)', () => client.note('x').note(null));
    for (const empty of [client.note(), new ctx.NoteBuilder(client)]) {
      let result;
      try {
        result = empty.publish();
      } catch (error) {
        throw new Error(`publish() of an empty builder threw synchronously instead of rejecting: ${error}`);
      }
      ok(result && typeof result.then === 'function', 'publish() returns a promise');
      const error = await rejects(result, 'publish() of an empty builder rejects');
      ok(error instanceof ctx.PublisherError && error.kind === 'invalid-argument', `invalid-argument, got ${error}`);
    }
    for (const [label, call] of [
      ["publishNote('')", () => client.publishNote('')],
      // Blank text counts as no text, in every write path.
      ["publishNote('   ')", () => client.publishNote('   ')],
      ["publishNote(' \\n\\t ')", () => client.publishNote(' \n\t ')],
      ["note('  ').bold(' ').publish()", () => client.note('  ').bold(' ').publish()],
      ['publishNote(42)', () => client.publishNote(42)],
      ['publishNote(null)', () => client.publishNote(null)],
      ['publishNote()', () => client.publishNote()],
    ]) await assertInvalidArgument(ctx, label, call);
    await assertNothingSent(ctx.service);
    const response = await builder.italic(' still usable').publish();
    equal(await onlyPost(ctx), envelope([[['kept'], [' still usable', 'italic']]]), 'the failed segments were not added');
    await assertPublished(ctx, response, [[['kept'], [' still usable', 'italic']]], 'after errors');
  }],

  ['publishing without a session is a 401 http PublisherError, sent once', async (ctx) => {
    const error = await ctx.withoutSession(async (client) => rejects(client.publishNote('not allowed')));
    assertHttpError(ctx, error, 401, 'publishNote without a session');
    const posts = (await ctx.service.apiRequests()).filter((r) => r.method === 'POST');
    equal(posts.length, 1, 'one POST, not retried');
    equal(posts[0].body, envelope([[['not allowed']]]));
    deepEqual((await info(ctx.service)).publishedNoteIds, [], 'nothing was published');
  }],
];
