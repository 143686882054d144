// Write a post: an article in Markdown, the post document it becomes (markdownToPostBody,
// redrawn as you type; a construct the converter refuses shows its sentence instead) drawn
// as a reader will see it beside its JSON, then a draft (createDraft), the service's
// pre-publish check (checkDraft) and the post the draft becomes, now (publishDraft) or later
// (scheduleDraft, unscheduleDraft). `send` is always given, from a box that starts unticked.
// A stored draft is drawn from its draftBody, with what the post editor would not render of
// it (the local service's list) marked; "Markdown from this draft" shows the way back
// (postBodyToMarkdown) and checks that it converts to the same document. Everything goes
// through the publisher-wasm/markdown entry point's client, whose `fetch` option keeps each
// request and answer: each action shows the ones it sent.
import { $, badge, date, errorView, fields, h } from '../lib/dom.js';
import { recordingFetch } from '../lib/fetch-recorder.js';
import { drawPost, markUnrendered } from '../lib/post-preview.js';
import { requestViews } from '../lib/requests.js';

/** The sample article: every construct of the dialect. Its image is this page's own chart. */
function sampleMarkdown(chartUrl) {
  return `# From Markdown to a post

The client turns **Markdown** into the editor's *post document*, and ~~drops~~ refuses
what it cannot convert. See [the wire](https://example.com/docs/wire).[^wire]

## What it converts

- headings, paragraphs and \`inline code\`
- lists, nested:
  1. bullet and ordered
  2. quotes and code
- images, downloaded and hosted on the service

> Emailing every subscriber is the one thing
> that cannot be taken back.

\`\`\`js
const draft = await client.createDraft({ title, markdown });
\`\`\`

![A chart of the week](${chartUrl} "This week's chart")

https://www.youtube.com/watch?v=M7lc1UVf-VE

<!-- publisher-node {"type":"digestPostEmbed","attrs":{"title":"Last week's posts","url":"https://example.com/p/last-week"}} -->

<!-- paywall -->

For paid subscribers: the rest of the story.

---

Thanks for reading.

[^wire]: The requests and answers, byte for byte.
`;
}

/** A datetime-local input's value for `when`: local time, to the minute. */
function localInput(when) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
}

/** JSON with its object keys sorted, to compare two documents whatever their key order. */
function canonical(value) {
  return JSON.stringify(value, (key, item) => (item && typeof item === 'object' && !Array.isArray(item)
    ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : item));
}

/** The attributes of an image that hosting it fills in from the upload's answer. */
const HOSTING = ['src', 'width', 'height', 'bytes', 'type'];

/** `doc` with those attributes left out of every image, to compare a document before and after hosting. */
function withoutHosting(doc) {
  return JSON.parse(JSON.stringify(doc ?? null), (key, value) => (value && (value.type === 'image2' || value.type === 'image') && value.attrs
    ? { ...value, attrs: Object.fromEntries(Object.entries(value.attrs).filter(([name]) => !HOSTING.includes(name))) }
    : value));
}

/** How `stored` relates to `previewed`: 'same', 'hosted' (the same but for hosted images) or 'different'. */
function relation(stored, previewed) {
  if (canonical(stored) === canonical(previewed)) return 'same';
  return canonical(withoutHosting(stored)) === canonical(withoutHosting(previewed)) ? 'hosted' : 'different';
}

/** The first place where two JSON values differ, as a path from `body`: {path, left, right}, or null. */
function firstDifference(left, right, path = 'body') {
  const kind = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  if (kind(left) !== kind(right)) return { path, left, right };
  if (kind(left) === 'array') {
    for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
      const found = firstDifference(left[index], right[index], `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (kind(left) === 'object') {
    for (const key of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) {
      const found = firstDifference(left[key], right[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(left, right) ? null : { path, left, right };
}

const shownValue = (value) => (value === undefined ? 'nothing' : JSON.stringify(value).slice(0, 120));

/** A top-level block of the document, named as the outline shows it. */
function blockName(node) {
  if (node.type === 'heading') return `heading ${node.attrs?.level ?? ''}`.trim();
  if (['highlighted_code_block', 'codeBlock', 'code_block'].includes(node.type) && node.attrs?.language) return `${node.type} ${node.attrs.language}`;
  return node.type;
}

const list = (items) => (items.length ? h('ul', { class: 'tight' }, items.map((item) => h('li', null, item))) : 'none');

/** A document as another editor may write it: what the client's rules refuse, and what they let through. */
const FOREIGN = {
  title: 'A document from another editor',
  body: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Written by another editor' }] },
      {
        type: 'paragraph',
        attrs: { textAlign: null },
        content: [
          { type: 'text', text: 'Its code is a ' },
          { type: 'text', text: 'codeBlock', marks: [{ type: 'code' }] },
          { type: 'text', text: ', which the post editor stores but never shows, and its ' },
          { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: '/about' } }] },
          { type: 'text', text: ' is relative.' },
        ],
      },
      { type: 'codeBlock', attrs: { language: 'js' }, content: [{ type: 'text', text: 'console.log("gone once published");' }] },
      { type: 'highlighted_code_block', attrs: { language: 'javascript', nodeId: null }, content: [{ type: 'text', text: 'console.log("shown");' }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a list written the other way' }] }] }] },
      { type: 'subscribeWidget', attrs: { url: '%%checkout_url%%', text: 'Subscribe' } },
      { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'The end.' }] },
    ],
  },
};


export function setupWrite({ service }) {
  /** The Markdown entry point once it has loaded, and its client. */
  let api = null;
  let publisher = null;
  /** The requests of the action under way. */
  let exchange = [];
  const record = (request) => exchange.push(request);
  /** The document of the Markdown shown, or null when it was refused. */
  let documentShown = null;
  /** The draft the buttons act on: {id, scheduledAt, published, url}. */
  let draft = null;
  /**
   * What the preview and the JSON show: the Markdown's document (source 'markdown'), or a
   * stored draft's draftBody (source 'draft') with what the post editor would not render of it.
   */
  let view = null;
  let busy = false;
  let latest = 0;

  const chartUrl = new URL('chart.png', location.href).href;
  $('write-title-input').value = 'Drafts from Markdown';
  $('write-subtitle').value = 'Checked, then published or scheduled';
  $('write-markdown').value = sampleMarkdown(chartUrl);
  $('write-at').value = localInput(new Date(Date.now() + 60 * 60 * 1000));

  const canGoBack = () => typeof api?.postBodyToMarkdown === 'function';

  function buttons() {
    $('write-create').disabled = busy || !api || !documentShown;
    for (const id of ['write-check', 'write-publish', 'write-schedule']) $(id).disabled = busy || !draft;
    $('write-unschedule').disabled = busy || !draft?.scheduledAt || draft.published;
    $('write-back').disabled = busy || !draft || !canGoBack();
    $('write-foreign').disabled = busy || !api;
  }

  function drawDraft() {
    const line = $('write-draft');
    line.dataset.draftId = draft?.id ?? '';
    if (!draft) line.textContent = 'No draft yet.';
    else if (draft.published) line.replaceChildren(`Draft ${draft.id} is published: `, draft.url ? h('a', { href: draft.url, target: '_blank', rel: 'noopener noreferrer' }, draft.url) : 'no URL');
    else if (draft.scheduledAt) line.textContent = `Draft ${draft.id}, scheduled for ${date(draft.scheduledAt)}`;
    else line.textContent = `Draft ${draft.id}, not published`;
  }

  /** Where the page loads an image from: the service's copy of an upload, this page's own files, or nowhere. */
  function imageSource(src) {
    const hosted = service.mediaUrl(src);
    if (hosted) return hosted;
    try {
      const url = new URL(src);
      return url.origin === location.origin ? url.href : null;
    } catch {
      return null;
    }
  }

  /** The list of what the post editor would not render, above the preview. */
  function unrenderedView() {
    if (view.source === 'markdown') {
      return h('p', { class: 'muted', dataset: { state: 'not-stored' } }, 'Not stored yet. The client checks each document against the post editor\'s rules before sending it; ',
        'the local service lists what the editor would not render of each draft it stores (Create Draft, or the example below).');
    }
    const found = view.unrendered ?? [];
    if (!found.length) {
      return h('p', { class: 'unrendered-none', dataset: { state: 'none', count: 0 } },
        `✓ The local service lists nothing of draft ${view.draftId} that the post editor would not render.`);
    }
    return h('div', { class: 'unrendered-list', role: 'note', dataset: { state: 'listed', count: found.length } },
      h('p', null, h('strong', null, `The post editor would not render ${found.length} thing${found.length === 1 ? '' : 's'} of draft ${view.draftId}`),
        ' (the local service\'s list, ', h('code', null, 'GET /__control/drafts'), '): marked in the preview.'),
      h('ol', null, found.map(({ path, reason }) => h('li', { dataset: { path } }, h('code', null, path), ': ', reason))));
  }

  /** Draws `view`: the reader's preview, what is not rendered, and the JSON beside. */
  function drawView() {
    const { doc } = view;
    const title = view.source === 'markdown' ? $('write-title-input').value : view.title;
    const subtitle = view.source === 'markdown' ? $('write-subtitle').value : view.subtitle;
    const article = drawPost(doc, { title, subtitle, imageSource });
    if (view.unrendered?.length) markUnrendered(article, view.unrendered);
    $('write-preview').replaceChildren(article);
    $('write-preview').dataset.source = view.source;
    $('write-preview-source').replaceChildren(...(view.source === 'markdown'
      ? ['From ', h('code', null, 'markdownToPostBody(markdown)'), ', as you type']
      : [`Draft ${view.draftId} as the service stored it: its `, h('code', null, 'draftBody')]));
    $('write-unrendered').replaceChildren(unrenderedView());
    const blocks = doc?.content ?? [];
    $('write-document').replaceChildren(h('pre', { class: 'document', dataset: { blocks: blocks.length } }, JSON.stringify(doc, null, 2)));
    $('write-document').dataset.state = view.source === 'markdown' ? 'converted' : 'stored';
  }

  /** Shows a stored draft's draftBody, with the service's list of what the editor would not render. */
  async function showStored(stored) {
    const summary = await service.draft(stored.id);
    view = {
      source: 'draft',
      doc: stored.draftBody,
      draftId: stored.id,
      title: stored.draftTitle,
      subtitle: stored.draftSubtitle,
      unrendered: summary?.unrendered ?? [],
    };
    drawView();
  }

  /** Converts the Markdown shown, and shows the document or the sentence that refuses it. */
  async function preview() {
    if (!api) return;
    const run = ++latest;
    let doc;
    let refusal;
    try {
      doc = await api.markdownToPostBody($('write-markdown').value);
    } catch (error) {
      refusal = error;
    }
    if (run !== latest) return;
    if (refusal) {
      documentShown = null;
      view = null;
      $('write-outline').textContent = 'Refused: Create Draft waits until the Markdown converts.';
      $('write-document').replaceChildren(errorView(refusal));
      $('write-document').dataset.state = 'refused';
      $('write-preview').replaceChildren(h('p', { class: 'muted' }, 'Nothing to draw: the Markdown is refused (see why beside).'));
      $('write-preview').dataset.source = 'refused';
      $('write-preview-source').textContent = '';
      $('write-unrendered').replaceChildren();
    } else {
      documentShown = doc;
      const blocks = doc.content ?? [];
      $('write-outline').replaceChildren(h('code', null, 'markdownToPostBody(markdown)'), ` → ${blocks.length} block${blocks.length === 1 ? '' : 's'}: `,
        ...blocks.map((node) => badge(blockName(node), 'block')));
      view = { source: 'markdown', doc };
      drawView();
    }
    buttons();
  }

  /** Runs one action: `call` is what the page says it called, `work` returns what to show. */
  async function act(call, work) {
    busy = true;
    buttons();
    exchange = [];
    $('write').dataset.state = 'loading';
    $('write-result').replaceChildren(h('p', { class: 'loading' }, `${call}…`));
    try {
      $('write-result').replaceChildren(await work());
    } catch (error) {
      $('write-result').replaceChildren(errorView(error));
    } finally {
      $('write-call').textContent = call;
      $('write-exchange').replaceChildren(...(exchange.length
        ? requestViews(exchange, { limit: Infinity, answerLimit: 400, wrap: true })
        : [h('li', { class: 'muted', dataset: { nothing: 'true' } }, 'Nothing was sent.')]));
      $('write-exchange-box').hidden = false;
      busy = false;
      drawDraft();
      buttons();
      $('write').dataset.state = 'ready';
    }
  }

  const RELATION = {
    same: 'the document previewed',
    hosted: 'the document previewed, its images hosted on the service (src, width, height, bytes and type from the upload)',
    different: 'not the document previewed (the Markdown changed since)',
  };

  /** The fields of a PublisherDraft, as the card of an action shows them, then `more`. */
  function draftFields(stored, more = []) {
    const same = documentShown ? relation(stored.draftBody, documentShown) : 'different';
    return fields([
      ['id', stored.id],
      ['draftTitle', stored.draftTitle],
      ['draftSubtitle', stored.draftSubtitle],
      ['draftBody', h('span', { dataset: { same } }, RELATION[same])],
      ['published', String(stored.published)],
      ['scheduledAt', stored.scheduledAt ? `${stored.scheduledAt} (${date(stored.scheduledAt)})` : null],
      ['updatedAt', stored.updatedAt ? date(stored.updatedAt) : null],
      ...more,
    ]);
  }

  /** The email choice the client saved on the draft before the release: the PUT's body as sent. */
  function savedChoice() {
    const put = exchange.find((request) => request.method === 'PUT' && /^\/api\/v1\/drafts\/\d+$/.test(request.path.split('?')[0]));
    if (!put) return null;
    try {
      return `should_send_email: ${JSON.parse(put.body).should_send_email}, saved first (PUT ${put.path}, HTTP ${put.status})`;
    } catch {
      return null;
    }
  }

  const card = (title, props, ...content) => h('article', { class: 'card', ...props }, h('h3', null, title), ...content);
  const send = () => $('write-send').checked;

  $('write-markdown').oninput = preview;
  for (const id of ['write-title-input', 'write-subtitle']) {
    $(id).addEventListener('input', () => { if (view?.source === 'markdown') drawView(); });
  }

  $('write-create').onclick = () => act('createDraft({title, subtitle, markdown})', async () => {
    const created = await publisher.createDraft({
      title: $('write-title-input').value,
      subtitle: $('write-subtitle').value,
      markdown: $('write-markdown').value,
    });
    draft = { id: created.id, scheduledAt: created.scheduledAt, published: created.published, url: null };
    const post = exchange.find((request) => request.method === 'POST' && request.path.split('?')[0] === '/api/v1/drafts');
    const sent = post ? JSON.parse(JSON.parse(post.body).draft_body) : null;
    const same = relation(sent, documentShown);
    await showStored(created);
    return card(`Draft ${created.id} created`, { dataset: { draftId: created.id } }, draftFields(created, [
      ['draft_body sent', h('span', { dataset: { same } }, same === 'different' ? 'not the document previewed' : `${RELATION[same]}, as JSON text`)]]));
  });

  $('write-check').onclick = () => act(`checkDraft(${draft.id})`, async () => {
    const check = await publisher.checkDraft(draft.id);
    return card(check.ok ? `Draft ${draft.id} is ready to publish` : `Draft ${draft.id} is not ready to publish`,
      { class: check.ok ? 'card good' : 'card bad', dataset: { ok: check.ok } },
      fields([['ok', String(check.ok)], ['errors', list(check.errors)], ['warnings', list(check.warnings)]]));
  });

  $('write-back').onclick = () => act(`getDraft(${draft.id}), then postBodyToMarkdown(draft.draftBody)`, async () => {
    const stored = await publisher.getDraft(draft.id);
    await showStored(stored);
    const markdown = api.postBodyToMarkdown(stored.draftBody);
    let back;
    let refusal;
    try {
      back = api.markdownToPostBody(markdown);
    } catch (error) {
      refusal = error;
    }
    const difference = refusal ? null : firstDifference(stored.draftBody, back);
    const state = refusal ? 'refused' : difference ? 'different' : 'identical';
    const verdict = {
      identical: h('p', { class: 'round-trip good' }, h('strong', null, 'Round trip: identical. '),
        `markdownToPostBody of this Markdown gives the draft's document again, all ${stored.draftBody?.content?.length ?? 0} blocks, the same JSON.`),
      different: difference && h('p', { class: 'round-trip bad' }, h('strong', null, 'Round trip: different. '), 'First difference at ',
        h('code', null, difference.path), `: ${shownValue(difference.left)} in the draft, ${shownValue(difference.right)} back from the Markdown.`),
      refused: refusal && h('div', { class: 'round-trip bad' }, h('p', null, h('strong', null, 'Round trip: the Markdown is refused.')), errorView(refusal)),
    }[state];
    return card(`Markdown from draft ${draft.id}`, { class: 'card round-trip-card', dataset: { roundTrip: state } },
      h('div', { class: 'columns' },
        h('div', null, h('h4', { class: 'label' }, h('code', null, 'postBodyToMarkdown(draft.draftBody)')),
          h('pre', { class: 'markdown-back wrap', tabindex: 0, 'aria-label': 'The Markdown of the draft' }, markdown)),
        h('div', null, h('h4', { class: 'label' }, h('code', null, 'markdownToPostBody(that Markdown)'), ' against the draft\'s document'),
          verdict,
          h('button', {
            type: 'button',
            class: 'small',
            id: 'write-back-edit',
            onclick: () => {
              $('write-markdown').value = markdown;
              $('write-markdown').focus();
              preview();
            },
          }, 'Edit this Markdown'))));
  });

  $('write-foreign').onclick = () => act(`createDraft({title, body}), then POST /api/v1/drafts with the same body, as is`, async () => {
    // 1. Through the client: its rules refuse the document before anything is sent.
    let refusal = null;
    try {
      await publisher.createDraft({ title: FOREIGN.title, body: FOREIGN.body });
    } catch (error) {
      refusal = error;
    }
    // 2. Straight to the service, as another editor could: stored as is, as the real service would.
    const stored = await service.createDraftAsIs(FOREIGN, recordingFetch(record));
    draft = { id: stored.id, scheduledAt: null, published: false, url: null };
    // 3. Read back through the client, which passes any document through.
    const read = await publisher.getDraft(stored.id);
    await showStored(read);
    const found = view.unrendered.length;
    return card(`A document the post editor would not render: draft ${stored.id}`, { class: 'card bad', dataset: { draftId: stored.id, unrendered: found } },
      h('ol', { class: 'steps' },
        h('li', null, h('code', null, 'createDraft({title, body})'), refusal
          ? [' is refused before anything is sent:', errorView(refusal)]
          : h('span', { class: 'error' }, ' was not refused: the client let this document through')),
        h('li', null, 'The same document sent as is (', h('code', null, 'POST /api/v1/drafts'), `): the service stores it, as the real one does, as draft ${stored.id}.`),
        h('li', null, h('code', null, `getDraft(${stored.id})`), ` reads it back; the local service lists ${found} thing${found === 1 ? '' : 's'} the post editor would not render, marked in the preview above.`)));
  });

  $('write-publish').onclick = () => {
    const options = { send: send() };
    return act(`publishDraft(${draft.id}, {send: ${options.send}})`, async () => {
      const post = await publisher.publishDraft(draft.id, options);
      draft = { ...draft, scheduledAt: null, published: true, url: post.canonical_url ?? null };
      return card(`Published: post ${post.id}`, { dataset: { postId: post.id, slug: post.slug } }, fields([
        ['id', post.id],
        ['title', post.title],
        ['canonical_url', post.canonical_url ? h('a', { href: post.canonical_url, target: '_blank', rel: 'noopener noreferrer' }, post.canonical_url) : null],
        ['slug', h('code', null, post.slug)],
        ['post_date', date(post.post_date)],
        ['published', String(post.published)],
        ['email choice', savedChoice()],
        ['email', options.send ? 'sent to the subscribers' : 'none: send was false'],
      ]));
    });
  };

  $('write-schedule').onclick = () => {
    const value = $('write-at').value;
    const at = value ? new Date(value) : value;
    const options = { send: send() };
    const shown = value ? at.toISOString() : JSON.stringify(value);
    return act(`scheduleDraft(${draft.id}, ${shown}, {send: ${options.send}})`, async () => {
      const scheduled = await publisher.scheduleDraft(draft.id, at, options);
      draft = { ...draft, scheduledAt: scheduled.scheduledAt, published: scheduled.published };
      return card(`Draft ${scheduled.id} scheduled`, { dataset: { scheduledAt: scheduled.scheduledAt ?? '' } },
        draftFields(scheduled, [
          ['email choice', savedChoice()],
          ['email', options.send ? 'to the subscribers, when it is published' : 'none: send was false'],
        ]));
    });
  };

  $('write-unschedule').onclick = () => act(`unscheduleDraft(${draft.id})`, async () => {
    const unscheduled = await publisher.unscheduleDraft(draft.id);
    draft = { ...draft, scheduledAt: unscheduled.scheduledAt, published: unscheduled.published };
    return card(`Draft ${unscheduled.id} unscheduled`, { dataset: { scheduledAt: unscheduled.scheduledAt ?? '' } }, draftFields(unscheduled));
  });

  // Loaded on its own, so the rest of the page works where the entry is missing.
  import('publisher-wasm/markdown').then(async (markdown) => {
    api = markdown;
    publisher = new markdown.Publisher({
      apiKey: service.apiKey,
      baseUrl: service.url,
      fetch: recordingFetch(record),
    });
    $('write-status').textContent = 'publisher-wasm/markdown loaded';
    $('write-back-note').textContent = canGoBack()
      ? 'Markdown from this draft: postBodyToMarkdown(draftBody), and back.'
      : 'Markdown from this draft waits for postBodyToMarkdown, which this build of publisher-wasm/markdown does not export yet.';
    $('write-back-note').dataset.available = String(canGoBack());
    await preview();
  }, (error) => {
    $('write-status').textContent = `The Markdown entry point did not load: ${error?.message ?? error}`;
  }).finally(() => {
    buttons();
    $('write').dataset.state = 'ready';
  });
  buttons();
}
