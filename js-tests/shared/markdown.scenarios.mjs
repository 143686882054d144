// The publisher-wasm/markdown entry: the Markdown table (generated from the core's, with
// the exact note body of each input) through markdownToNoteBody, the builder's
// markdown() and publishNote(text, { markdown: true }), on the wire and as stored;
// what has no text to publish; and the main entry, which has no Markdown, refusing it.
// Each runtime runs these with a context over the Markdown entry's exports
// (makeMarkdownContext) beside the main entry's Publisher.
import { deepEqual, equal, ok } from './assert.mjs';
import { makeContext } from './context.mjs';
import { MARKDOWN_TABLE, NOTHING_TO_PUBLISH } from './markdown-table.generated.mjs';
import { ARTICLE, ARTICLE_DOCUMENT, REFUSED } from './post-markdown.generated.mjs';
import { assertInvalidArgument, assertNothingSent, assertSession } from './wire.mjs';

/** The shared scenarios' context over the Markdown entry's exports, plus the main entry's Publisher. */
export async function makeMarkdownContext({ markdown, main, url, apiKey, runtime }) {
  const ctx = await makeContext({ ...markdown, url, apiKey, runtime });
  ctx.markdownToNoteBody = markdown.markdownToNoteBody;
  ctx.markdownToPostBody = markdown.markdownToPostBody;
  ctx.postBodyToMarkdown = markdown.postBodyToMarkdown;
  ctx.mainClient = () => new main.Publisher({ apiKey, baseUrl: url });
  // Each entry has a wasm instance and classes of its own: the main client's errors are
  // the main entry's PublisherError.
  ctx.main = { ...ctx, PublisherError: main.PublisherError };
  return ctx;
}

const wireBody = (body, extra = '') => `{"bodyJson":${body},"replyMinimumRole":"everyone"${extra}}`;

async function publishes(ctx) {
  return (await ctx.service.apiRequests()).filter((r) => r.method === 'POST' && r.url === '/api/v1/comment/feed');
}

async function ownNotes(ctx) {
  return (await ctx.service.raw('/api/v1/notes')).items.filter((entry) => entry.comment).map((entry) => entry.comment);
}

/** Runs `check` on every row, then fails once listing every row that failed. */
async function everyRow(rows, check) {
  const failures = [];
  for (const row of rows) {
    try {
      await check(row);
    } catch (error) {
      failures.push(`${row.what ?? JSON.stringify(row.markdown)}: ${error.message}`);
    }
  }
  ok(failures.length === 0, `${failures.length} of ${rows.length} rows failed:\n${failures.join('\n')}`);
}

export const markdownScenarios = [
  [`markdownToNoteBody gives the exact body of each of the ${MARKDOWN_TABLE.length} inputs of the Markdown table`, async (ctx) => {
    ok(MARKDOWN_TABLE.length >= 15, 'the table has at least 15 rows');
    await everyRow(MARKDOWN_TABLE, (row) => equal(ctx.markdownToNoteBody(row.markdown), row.body));
    await assertNothingSent(ctx.service, 'converting sends nothing');
  }],

  ['publishNote(text, { markdown: true }) sends each table body exactly, and the service stores it', async (ctx) => {
    const client = ctx.client();
    await everyRow(MARKDOWN_TABLE, async (row) => {
      await ctx.service.reset();
      const note = await client.publishNote(row.markdown, { markdown: true });
      const [post, ...more] = await publishes(ctx);
      equal(more.length, 0, 'one publish');
      assertSession(post, ctx.service);
      equal(post.body, wireBody(row.body), 'the exact request body');
      equal(note.body, row.text, 'the note read back has the text');
      equal(JSON.stringify((await ownNotes(ctx))[0].body_json), row.body, 'stored as sent');
    });
  }],

  ['the builder: markdown() adds its blocks among the other methods, chains, and publishes them', async (ctx) => {
    const builder = ctx.client().note('Intro');
    const same = builder.markdown('**Bold** and [a link](https://example.test/)\n\n- one\n- two').bold('after').markdown('> quoted');
    equal(same, builder, 'markdown() returns the same builder');
    ok(same instanceof ctx.NoteBuilder, 'a NoteBuilder of the entry');
    await builder.publish();
    const [post] = await publishes(ctx);
    const part = (markdown) => JSON.parse(ctx.markdownToNoteBody(markdown)).content;
    const expected = {
      type: 'doc',
      attrs: { schemaVersion: 'v1' },
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Intro' }] },
        ...part('**Bold** and [a link](https://example.test/)\n\n- one\n- two'),
        { type: 'paragraph', content: [{ type: 'text', text: 'after', marks: [{ type: 'bold' }] }] },
        ...part('> quoted'),
      ],
    };
    equal(post.body, wireBody(JSON.stringify(expected)), 'the exact request body');
    equal(JSON.parse(post.body).bodyJson.content[2].type, 'bulletList', 'the list is a list, not literal dashes');
  }],

  ['a Markdown reply: parent_id beside the converted body; markdown: false sends the text as it is', async (ctx) => {
    const client = ctx.client();
    const parent = await client.publishNote('A question?');
    const reply = await client.publishNote('**Yes**, see `docs`', { markdown: true, replyTo: parent.id });
    const [, replyPost] = await publishes(ctx);
    equal(replyPost.body, wireBody(ctx.markdownToNoteBody('**Yes**, see `docs`'), `,"parent_id":${parent.id}`));
    equal(reply.ancestor_path, String(parent.id));
    const literal = await client.publishNote('**not bold**', { markdown: false });
    equal(literal.body, '**not bold**');
    const [, , literalPost] = await publishes(ctx);
    equal(JSON.parse(literalPost.body).bodyJson.content[0].content[0].text, '**not bold**', 'the asterisks as typed');
  }],

  ['Markdown with no text to publish is invalid-argument everywhere, and nothing is sent', async (ctx) => {
    const client = ctx.client();
    for (const { markdown, kind, message } of NOTHING_TO_PUBLISH) {
      const label = JSON.stringify(markdown);
      const fromFunction = await assertInvalidArgument(ctx, `markdownToNoteBody(${label})`, () => ctx.markdownToNoteBody(markdown));
      equal(fromFunction.kind, kind);
      equal(fromFunction.message, message);
      await assertInvalidArgument(ctx, `builder.markdown(${label})`, () => client.note('x').markdown(markdown));
      const fromPublish = await assertInvalidArgument(ctx, `publishNote(${label}, { markdown: true })`,
        () => client.publishNote(markdown, { markdown: true }));
      equal(fromPublish.message, message);
    }
    for (const value of [42, null, undefined, { toString: () => '**x**' }, ['a']]) {
      await assertInvalidArgument(ctx, `markdownToNoteBody(${String(value)})`, () => ctx.markdownToNoteBody(value));
    }
    equal(ctx.markdownToNoteBody(MARKDOWN_TABLE[0].markdown), MARKDOWN_TABLE[0].body, 'the wasm instance still works');
    await assertInvalidArgument(ctx, 'builder.markdown(null)', () => client.note('x').markdown(null));
    await assertInvalidArgument(ctx, 'markdown: "yes"', () => client.publishNote('x', { markdown: 'yes' }));
    await assertNothingSent(ctx.service);
  }],

  ['the main entry has no Markdown: it says where to find it, and sends nothing', async (ctx) => {
    const main = ctx.mainClient();
    ok(!(main instanceof ctx.Publisher), 'the main entry has a client of its own');
    const fromBuilder = await assertInvalidArgument(ctx.main, 'main builder.markdown()', () => main.note('x').markdown('**b**'));
    ok(fromBuilder.message.includes("'publisher-wasm/markdown'"), fromBuilder.message);
    const fromPublish = await assertInvalidArgument(ctx.main, 'main publishNote(markdown: true)', () => main.publishNote('**b**', { markdown: true }));
    ok(fromPublish.message.includes("'publisher-wasm/markdown'"), fromPublish.message);
    await assertNothingSent(ctx.service);
  }],

  ['the Markdown entry is the whole client: reads, notes pages and deletion work as in the main one', async (ctx) => {
    const client = ctx.client();
    const note = await client.publishNote('# Gone soon', { markdown: true });
    const page = await client.getNotes({ limit: 5 });
    ok(page instanceof ctx.PublisherNotes, 'a notes page of the entry');
    ok(page.items.some((item) => item.comment?.id === note.id), 'the new note is listed');
    equal((await client.deleteNote(note.id)).deleted, true);
    ok(!(await ownNotes(ctx)).some((comment) => comment.id === note.id), 'deleted');
  }],

  ['markdownToPostBody gives the exact post document of the article with every supported element', async (ctx) => {
    deepEqual(ctx.markdownToPostBody(ARTICLE), JSON.parse(ARTICLE_DOCUMENT));
    await assertNothingSent(ctx.service, 'converting sends nothing');
  }],

  ['Markdown a post cannot hold (raw HTML, tables, footnotes) is refused with its line, never dropped', async (ctx) => {
    for (const { markdown, message } of REFUSED) {
      const error = await assertInvalidArgument(ctx, JSON.stringify(markdown), () => ctx.markdownToPostBody(markdown));
      equal(error.message, message);
      const draftError = await assertInvalidArgument(ctx, `createDraft ${JSON.stringify(markdown)}`, () => ctx.client().createDraft({ title: 'T', markdown }));
      equal(draftError.message, message);
    }
    await assertInvalidArgument(ctx, 'not a string', () => ctx.markdownToPostBody(5));
    await assertNothingSent(ctx.service);
  }],

  ['createDraft from Markdown uploads the images it names first and sends their URLs in the document', async (ctx) => {
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    const draft = await ctx.client().createDraft({ title: 'The weekly issue', markdown: ARTICLE, images: { 'lake.png': png, 'chart.png': png } });
    const requests = await ctx.service.apiRequests();
    equal(requests.map((r) => `${r.method} ${r.url}`).join(' | '), 'GET /api/v1/user/profile/self | POST /api/v1/image | POST /api/v1/image | POST /api/v1/drafts');
    const sent = JSON.parse(JSON.parse(requests[3].body).draft_body);
    const sources = [];
    const walk = (node) => {
      if (node.type === 'image2') sources.push(node.attrs.src);
      (node.content ?? []).forEach(walk);
    };
    walk(sent);
    equal(sources.length, 2);
    ok(sources.every((src) => /^https?:\/\//.test(src)), `uploaded URLs sent, got ${sources}`);
    const expected = JSON.parse(ARTICLE_DOCUMENT.replace('"lake.png"', JSON.stringify(sources[0])).replace('"chart.png"', JSON.stringify(sources[1])));
    // Each image2 carries what its upload answered, as the editor's do: size, bytes, type.
    const fill = (node) => {
      if (node.type === 'image2') Object.assign(node.attrs, { width: 1, height: 1, bytes: png.length, type: 'image/png' });
      (node.content ?? []).forEach(fill);
    };
    fill(expected);
    deepEqual(sent, expected, 'the article document, its images at their uploaded URLs with the upload\'s size and type');
    deepEqual(draft.draftBody, expected, 'stored and read back as sent');
  }],

  ['a Markdown image on the web is downloaded through the client\'s fetch, without the session, and hosted; one that is no image, or with downloadImages false, is refused with its line', async (ctx) => {
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    const downloads = [];
    // The web, as the client's fetch option sees it: two files on another site; the rest goes to the service.
    const web = {
      'https://photos.example.test/lake.png': () => new Response(png, { headers: { 'content-type': 'image/png' } }),
      'https://photos.example.test/page.png': () => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }),
    };
    const fetch = (url, init) => {
      if (web[url]) {
        downloads.push({ url, init });
        return Promise.resolve(web[url]());
      }
      return globalThis.fetch(url, init);
    };
    const client = ctx.client({ fetch });
    const draft = await client.createDraft({ title: 'From the web', markdown: 'A lake:\n\n![Lake](https://photos.example.test/lake.png)' });
    equal(downloads.length, 1);
    equal(downloads[0].init.method, 'GET');
    ok(!JSON.stringify(downloads[0].init.headers ?? {}).includes(ctx.service.apiKey), 'no session sent to another site');
    equal(downloads[0].init.credentials, 'omit', 'no cookies of the page either');
    const lines = (await ctx.service.apiRequests()).map((r) => `${r.method} ${r.url}`);
    equal(lines.join(' | '), 'GET /api/v1/user/profile/self | POST /api/v1/image | POST /api/v1/drafts');
    const image = draft.draftBody.content.find((node) => node.type === 'captionedImage').content[0].attrs;
    ok(image.src.startsWith('https://substack-post-media.s3.amazonaws.com/public/images/'), image.src);
    deepEqual([image.width, image.height, image.bytes, image.type, image.alt], [1, 1, png.length, 'image/png', 'Lake']);

    await ctx.service.clearRequests();
    const notImage = await assertInvalidArgument(ctx, 'not an image', () => client.createDraft({ title: 'T', markdown: 'One\n\n![Page](https://photos.example.test/page.png)' }));
    ok(notImage.message.includes('"https://photos.example.test/page.png" (Markdown line 3) could not be downloaded'), notImage.message);
    ok(notImage.message.includes('text/html'), notImage.message);
    const off = await assertInvalidArgument(ctx, 'downloads off', () => client.createDraft({ title: 'T', markdown: '![Lake](https://photos.example.test/lake.png)', downloadImages: false }));
    ok(off.message.includes('(Markdown line 1) is not on the service\'s image host'), off.message);
    equal((await ctx.service.apiRequests()).filter((r) => r.method !== 'GET').length, 0, 'nothing written');
  }],

  ['a draft read through the Markdown entry offers its body as Markdown; editing that Markdown and updating keeps every node the editor put in', async (ctx) => {
    const client = ctx.client();
    const para = (words) => ({ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: words }] });
    const body = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'From the editor' }] },
        para('A paragraph.'),
        { type: 'digestPostEmbed', attrs: { postId: 5, title: 'An older post', nested: { deep: [1, 'two'] } } },
        { type: 'button', attrs: { url: '%%checkout_url%%', text: 'Subscribe' } },
        { type: 'paragraph', attrs: { textAlign: 'center' }, content: [{ type: 'text', text: 'Centred' }] },
        para('The last words.'),
      ],
    };
    const created = await client.createDraft({ title: 'Round trip', body });
    const draft = await client.getDraft(created.id);
    ok(!Object.keys(draft).includes('bodyMarkdown') && !JSON.stringify(draft).includes('bodyMarkdown'), 'not enumerable');
    equal(typeof draft.bodyMarkdown, 'string');
    ok(draft.bodyMarkdown.includes('## From the editor') && draft.bodyMarkdown.includes('<!-- publisher-node '), draft.bodyMarkdown);
    equal(draft.bodyMarkdown, ctx.postBodyToMarkdown(draft.draftBody), 'the same as postBodyToMarkdown');
    const edited = draft.bodyMarkdown.replace('The last words.', 'The last words, edited.');
    const updated = await client.updateDraft(draft.id, { markdown: edited }, { expectedUpdatedAt: draft.updatedAt });
    const expected = structuredClone(body);
    expected.content[5] = para('The last words, edited.');
    deepEqual(updated.draftBody, expected, 'every node kept, the edit made');
    equal((await client.getDrafts()).find((d) => d.id === draft.id).bodyMarkdown, edited, 'lists offer it too');
    equal(ctx.mainClient ? (await ctx.mainClient().getDraft(draft.id)).bodyMarkdown : undefined, undefined, 'the main entry has no Markdown');
  }],

  ['an image the Markdown names but images lacks, or one it does not use, is refused before anything is sent', async (ctx) => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const lacking = await assertInvalidArgument(ctx, 'lacking', () => ctx.client().createDraft({ title: 'T', markdown: '![A](a.png)' }));
    ok(lacking.message.includes('"a.png"'), lacking.message);
    await assertInvalidArgument(ctx, 'unused', () => ctx.client().createDraft({ title: 'T', markdown: 'No image', images: { 'a.png': png } }));
    await assertInvalidArgument(ctx, 'not an image', () => ctx.client().createDraft({ title: 'T', markdown: '![A](a.png)', images: { 'a.png': new Uint8Array([1, 2, 3]) } }));
    await assertNothingSent(ctx.service);
  }],
];
