// The one check every consumer project runs against the local service, in whatever
// runtime or bundle it ends up in: list posts, a 404 that is an `instanceof
// PublisherError` with status 404, and a note published through the builder; from
// publisher-wasm/markdown (which exports markdownToNoteBody) also a note published from
// Markdown through publishNote and through the builder. Uses only
// what every runtime has (fetch), and never throws: each step reports 'ok' or why not.
export async function check({ Publisher, PublisherError, NoteBuilder, markdownToNoteBody, markdownToPostBody }, { url, apiKey, browser = false }) {
  const result = {};
  const step = async (name, run) => {
    try {
      await run();
      result[name] = 'ok';
    } catch (error) {
      result[name] = `FAILED: ${error?.name ?? 'Error'}: ${error?.message ?? error}`;
    }
  };
  if (browser) {
    // A page cannot send apiKey as a Cookie: it signs in, as a real page would.
    const response = await fetch(`${url}/__local/sign-in`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey }),
    });
    if (!response.ok) return { list: 'FAILED: sign-in', 404: 'FAILED: sign-in', publish: 'FAILED: sign-in' };
  }
  const client = new Publisher({ apiKey, baseUrl: url, retry: false });
  await step('list', async () => {
    const posts = await client.getPosts({ limit: 3 });
    if (!Array.isArray(posts) || posts.length !== 3) throw new Error(`expected 3 posts, got ${JSON.stringify(posts)?.slice(0, 80)}`);
    if (typeof posts[0].title !== 'string' || typeof posts[0].paywalled !== 'boolean') throw new Error('posts are not typed records');
  });
  await step('404', async () => {
    let caught;
    try {
      await client.getPost('no-such-post-anywhere');
    } catch (error) {
      caught = error;
    }
    if (!(caught instanceof PublisherError)) throw new Error(`not an instanceof PublisherError: ${caught}`);
    if (!(caught instanceof Error)) throw new Error('not an instanceof Error');
    if (caught.status !== 404 || caught.kind !== 'http') throw new Error(`status ${caught.status}, kind ${caught.kind}`);
  });
  await step('publish', async () => {
    const builder = client.note('Hello from a consumer project').bold(' in bold');
    if (!(builder instanceof NoteBuilder)) throw new Error('note() is not a NoteBuilder');
    const published = await builder.publish();
    if (!Number.isSafeInteger(published?.id)) throw new Error(`no note id: ${JSON.stringify(published)}`);
  });
  if (typeof markdownToNoteBody === 'function') {
    await step('markdown', async () => {
      const body = JSON.parse(markdownToNoteBody('# Title\n\n**bold** [a link](https://example.test/)\n\n- one'));
      const kinds = body.content.map((block) => block.type).join(',');
      if (kinds !== 'paragraph,paragraph,bulletList') throw new Error(`markdownToNoteBody gave blocks ${kinds}`);
      const published = await client.publishNote('**bold** and `code`', { markdown: true });
      if (published?.body !== 'bold and code') throw new Error(`publishNote(markdown) gave ${JSON.stringify(published?.body)}`);
      const built = await client.note('Intro').markdown('> quoted').publish();
      if (built?.body !== 'Intro\n\nquoted') throw new Error(`builder.markdown() gave ${JSON.stringify(built?.body)}`);
      const post = markdownToPostBody('## Title\n\n- one');
      if (post.content.map((block) => block.type).join(',') !== 'heading,bullet_list') throw new Error(`markdownToPostBody gave ${JSON.stringify(post)}`);
      const draft = await client.createDraft({ title: 'From a consumer', markdown: '**bold**' });
      if (draft?.draftBody?.content?.[0]?.content?.[0]?.marks?.[0]?.type !== 'strong') throw new Error(`createDraft(markdown) gave ${JSON.stringify(draft?.draftBody)}`);
    });
  }
  return result;
}
