// Write a post: an article in Markdown, the post document it becomes (markdownToPostBody,
// redrawn as you type; a construct the converter refuses shows its sentence instead), then
// a draft (createDraft), the service's pre-publish check (checkDraft) and the post the draft
// becomes, now (publishDraft) or later (scheduleDraft, unscheduleDraft). `send` is always
// given, from a box that starts unticked. Everything goes through the publisher-wasm/markdown
// entry point's client, whose `fetch` option keeps each request and answer: each action
// shows the ones it sent.
import { $, badge, date, errorView, fields, h } from '../lib/dom.js';
import { recordingFetch } from '../lib/fetch-recorder.js';
import { requestViews } from '../lib/requests.js';

const SAMPLE = {
  title: 'Drafts from Markdown',
  subtitle: 'Checked, then published or scheduled',
  markdown: `# Drafts from Markdown

The client turns **Markdown** into the editor's *post document*, and ~~drops~~ refuses
what it cannot convert. See [the wire](https://example.com/docs/wire).

## What it converts

- headings, paragraphs and \`inline code\`
- lists, nested:
  1. bullet and ordered
  2. quotes and code
- images, with a caption

> Emailing every subscriber is the one thing
> that cannot be taken back.

\`\`\`js
const draft = await client.createDraft({ title, markdown });
\`\`\`

![A chart of the week](https://example.com/images/chart.png "This week's chart")

---

Thanks for reading.
`,
};

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

/** A top-level block of the document, named as the outline shows it. */
function blockName(node) {
  if (node.type === 'heading') return `heading ${node.attrs?.level ?? ''}`.trim();
  if (node.type === 'codeBlock' && node.attrs?.language) return `codeBlock ${node.attrs.language}`;
  return node.type;
}

const list = (items) => (items.length ? h('ul', { class: 'tight' }, items.map((item) => h('li', null, item))) : 'none');

export function setupWrite({ service }) {
  /** The Markdown entry point once it has loaded, and its client. */
  let api = null;
  let publisher = null;
  /** The requests of the action under way. */
  let exchange = [];
  /** The document of the Markdown shown, or null when it was refused. */
  let documentShown = null;
  /** The draft the buttons act on: {id, scheduledAt, published, url}. */
  let draft = null;
  let busy = false;
  let latest = 0;

  $('write-title-input').value = SAMPLE.title;
  $('write-subtitle').value = SAMPLE.subtitle;
  $('write-markdown').value = SAMPLE.markdown;
  $('write-at').value = localInput(new Date(Date.now() + 60 * 60 * 1000));

  function buttons() {
    $('write-create').disabled = busy || !api || !documentShown;
    for (const id of ['write-check', 'write-publish', 'write-schedule']) $(id).disabled = busy || !draft;
    $('write-unschedule').disabled = busy || !draft?.scheduledAt || draft.published;
  }

  function drawDraft() {
    const line = $('write-draft');
    line.dataset.draftId = draft?.id ?? '';
    if (!draft) line.textContent = 'No draft yet.';
    else if (draft.published) line.replaceChildren(`Draft ${draft.id} is published: `, draft.url ? h('a', { href: draft.url, target: '_blank', rel: 'noopener noreferrer' }, draft.url) : 'no URL');
    else if (draft.scheduledAt) line.textContent = `Draft ${draft.id}, scheduled for ${date(draft.scheduledAt)}`;
    else line.textContent = `Draft ${draft.id}, not published`;
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
      $('write-outline').textContent = 'Refused: Create Draft waits until the Markdown converts.';
      $('write-document').replaceChildren(errorView(refusal));
    } else {
      documentShown = doc;
      const blocks = doc.content ?? [];
      $('write-outline').replaceChildren(h('code', null, 'markdownToPostBody(markdown)'), ` → ${blocks.length} block${blocks.length === 1 ? '' : 's'}: `,
        ...blocks.map((node) => badge(blockName(node), 'block')));
      $('write-document').replaceChildren(h('pre', { class: 'document', dataset: { blocks: blocks.length } }, JSON.stringify(doc, null, 2)));
    }
    $('write-document').dataset.state = refusal ? 'refused' : 'converted';
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

  /** The fields of a PublisherDraft, as the card of an action shows them, then `more`. */
  function draftFields(record, more = []) {
    const same = documentShown && canonical(record.draftBody) === canonical(documentShown);
    return fields([
      ['id', record.id],
      ['draftTitle', record.draftTitle],
      ['draftSubtitle', record.draftSubtitle],
      ['draftBody', h('span', { dataset: { same: same ? 'true' : 'false' } },
        same ? 'the document previewed' : 'not the document previewed (the Markdown changed since)')],
      ['published', String(record.published)],
      ['scheduledAt', record.scheduledAt ? `${record.scheduledAt} (${date(record.scheduledAt)})` : null],
      ['updatedAt', record.updatedAt ? date(record.updatedAt) : null],
      ...more,
    ]);
  }

  const card = (title, props, ...content) => h('article', { class: 'card', ...props }, h('h3', null, title), ...content);
  const send = () => $('write-send').checked;

  $('write-markdown').oninput = preview;

  $('write-create').onclick = () => act('createDraft({title, subtitle, markdown})', async () => {
    const created = await publisher.createDraft({
      title: $('write-title-input').value,
      subtitle: $('write-subtitle').value,
      markdown: $('write-markdown').value,
    });
    draft = { id: created.id, scheduledAt: created.scheduledAt, published: created.published, url: null };
    const post = exchange.find((request) => request.method === 'POST' && request.path.split('?')[0] === '/api/v1/drafts');
    const sent = post ? JSON.parse(JSON.parse(post.body).draft_body) : null;
    const same = canonical(sent) === canonical(documentShown);
    return card(`Draft ${created.id} created`, { dataset: { draftId: created.id } }, draftFields(created, [
      ['draft_body sent', h('span', { dataset: { same: same ? 'true' : 'false' } },
        same ? 'the document previewed, as JSON text' : 'not the document previewed')]]));
  });

  $('write-check').onclick = () => act(`checkDraft(${draft.id})`, async () => {
    const check = await publisher.checkDraft(draft.id);
    return card(check.ok ? `Draft ${draft.id} is ready to publish` : `Draft ${draft.id} is not ready to publish`,
      { class: check.ok ? 'card good' : 'card bad', dataset: { ok: check.ok } },
      fields([['ok', String(check.ok)], ['errors', list(check.errors)], ['warnings', list(check.warnings)]]));
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
        draftFields(scheduled, [['email', options.send ? 'to the subscribers, when it is published' : 'none: send was false']]));
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
      fetch: recordingFetch((request) => exchange.push(request)),
    });
    $('write-status').textContent = 'publisher-wasm/markdown loaded';
    await preview();
  }, (error) => {
    $('write-status').textContent = `The Markdown entry point did not load: ${error?.message ?? error}`;
  }).finally(() => {
    buttons();
    $('write').dataset.state = 'ready';
  });
  buttons();
}
