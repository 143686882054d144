// Compose: a note built with NoteBuilder (its methods, or Markdown through the
// publisher-wasm/markdown entry point), with a link card, an image and a note to reply to.
// Each change is published by a dry-run client whose `fetch` option never sends, so the
// requests shown (uploads, attachments, the publish) are the client's own; the preview is
// drawn from the publish body. Publish sends them for real, through a client whose `fetch`
// option keeps each request and answer, and shows both.
import * as main from 'publisher-wasm';
import { $, date, errorView, fields, h } from '../lib/dom.js';
import { dryRunFetch, recordingFetch } from '../lib/fetch-recorder.js';
import { prettyBody, requestViews } from '../lib/requests.js';

const KIND_NAMES = { note: 'note()', bold: 'bold()', italic: 'italic()', simple: 'simple()' };

const MARKDOWN_SAMPLE = `## Markdown, converted
**Bold**, *italic*, \`inline code\` and [a link](https://example.com/docs).

- a bullet list
- with two items

1. an ordered one

> a quote

\`\`\`
a code block
\`\`\``;

/** An inline node as a reader will see it. */
function inline(node) {
  if (node.type !== 'text') return h('span', { class: 'mention' }, node.attrs?.label ?? `(${node.type})`);
  let element = document.createTextNode(node.text);
  for (const mark of node.marks ?? []) {
    if (mark.type === 'code') element = h('code', null, element);
    else if (mark.type === 'italic') element = h('em', null, element);
    else if (mark.type === 'bold') element = h('strong', null, element);
    else if (mark.type === 'link') element = h('a', { href: mark.attrs?.href, target: '_blank', rel: 'noopener noreferrer' }, element);
  }
  return element;
}

/** A block node as a reader will see it. */
function block(node) {
  const children = () => (node.content ?? []).map(block);
  switch (node.type) {
    case 'paragraph': return h('p', null, (node.content ?? []).map(inline));
    case 'bulletList': return h('ul', null, children());
    case 'orderedList': return h('ol', { start: node.attrs?.start ?? 1 }, children());
    case 'listItem': return h('li', null, children());
    case 'blockquote': return h('blockquote', null, children());
    case 'codeBlock': return h('pre', { class: 'code' }, h('code', null, (node.content ?? []).map((text) => text.text).join('')));
    default: return h('div', { class: 'muted' }, `(${node.type})`);
  }
}

/** The note as a reader will see it: the reply line, the text, the cards. */
function preview(draft, bodyJson) {
  const parent = draft.replyTo ? $('compose-reply').selectedOptions[0]?.textContent : null;
  return [
    parent ? h('div', { class: 'reply-to' }, '↳ a reply to ', h('em', null, parent)) : null,
    ...bodyJson.content.map(block),
    draft.link ? h('div', { class: 'link-card', dataset: { url: draft.link } },
      h('strong', null, hostOf(draft.link)), h('span', { class: 'muted' }, draft.link)) : null,
    draft.image ? h('figure', { class: 'image-card' },
      h('img', { src: draft.imageUrl, alt: `the image to attach: ${draft.image.name}` }),
      h('figcaption', { class: 'muted' }, `${draft.image.name} · ${draft.image.type} · ${draft.image.size} bytes`)) : null,
  ].filter(Boolean);
}

function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function setupCompose({ client, service }) {
  /** The entry points: the main one, and the Markdown one once it has loaded. */
  const apis = { builder: main, markdown: null };
  const parts = [
    { kind: 'note', text: 'Hello from the publisher-wasm demo. ' },
    { kind: 'bold', text: 'Bold words, ' },
    { kind: 'italic', text: 'italic words' },
    { kind: 'simple', text: ' and plain ones.' },
  ];
  let image = null;
  let imageUrl = null;
  let latest = 0;
  $('compose-markdown').value = MARKDOWN_SAMPLE;

  const mode = () => document.querySelector('input[name=compose-mode]:checked').value;

  function draft() {
    const text = $('compose-text').value;
    const replyTo = $('compose-reply').value;
    return {
      mode: mode(),
      parts: text ? [...parts, { kind: $('compose-kind').value, text }] : parts,
      markdown: $('compose-markdown').value,
      link: $('compose-link').value.trim(),
      image,
      imageUrl,
      replyTo: replyTo ? Number(replyTo) : null,
    };
  }

  function build(api, publisher, note) {
    const builder = new api.NoteBuilder(publisher);
    if (note.mode === 'markdown') builder.markdown(note.markdown);
    else for (const { kind, text } of note.parts) builder[kind](text);
    if (note.link) builder.attachLink(note.link);
    if (note.image) builder.attachImage(note.image);
    if (note.replyTo) builder.replyTo(note.replyTo);
    return builder;
  }

  /** The requests the client sends for `note`, from a client of its own whose fetch never sends. */
  async function dryRun(note) {
    const api = apis[note.mode];
    const sent = [];
    const dryRunClient = new api.Publisher({
      apiKey: service.apiKey,
      baseUrl: service.url,
      retry: false,
      fetch: dryRunFetch((request) => sent.push(request)),
    });
    await build(api, dryRunClient, note).publish();
    return sent;
  }

  /** Publishes the draft to the dry-run client and shows the requests it made. */
  async function refresh() {
    const run = ++latest;
    const note = draft();
    $('compose').dataset.state = 'loading';
    try {
      const sent = await dryRun(note);
      if (run !== latest) return;
      const publish = sent.at(-1);
      const body = JSON.parse(publish.body);
      $('compose-before').replaceChildren(...requestViews(sent.slice(0, -1)));
      $('compose-body').textContent = prettyBody(publish.body).text;
      $('compose-preview').replaceChildren(...preview(note, body.bodyJson));
      $('compose-publish').disabled = false;
    } catch (error) {
      if (run !== latest) return;
      $('compose-before').replaceChildren();
      $('compose-body').textContent = '';
      $('compose-preview').replaceChildren(errorView(error));
      $('compose-publish').disabled = true;
    } finally {
      if (run === latest) $('compose').dataset.state = 'ready';
    }
  }

  function drawParts() {
    $('compose-parts').replaceChildren(...parts.map((part, index) => h('li', null,
      h('code', null, KIND_NAMES[part.kind]), ` “${part.text}” `,
      h('button', { type: 'button', class: 'small', 'aria-label': `Remove part ${index + 1}`, onclick: () => {
        parts.splice(index, 1);
        drawParts();
      } }, 'Remove'))));
    refresh();
  }

  /** The reply-to choices: the account's newest notes, plus any note picked in the feed. */
  function addReplyChoice(id, body, select = false) {
    let option = [...$('compose-reply').options].find((choice) => choice.value === String(id));
    if (!option) {
      const words = body.length > 60 ? `${body.slice(0, 60)}…` : body;
      option = h('option', { value: id }, `note ${id}: ${words}`);
      $('compose-reply').append(option);
    }
    if (select) $('compose-reply').value = String(id);
  }
  async function loadReplyChoices() {
    try {
      const feed = await client.getNotes();
      for (const note of feed.items) if (note.comment?.body) addReplyChoice(note.comment.id, note.comment.body);
    } catch (error) {
      $('compose-answer').replaceChildren(errorView(error));
    }
  }
  document.addEventListener('compose:reply-to', (event) => {
    const { id, body } = event.detail;
    addReplyChoice(id, body, true);
    refresh();
    $('compose-reply').focus();
  });

  function setMode() {
    const markdown = mode() === 'markdown';
    $('compose-builder').hidden = markdown;
    $('compose-markdown-box').hidden = !markdown;
    // The last answer belonged to the other way of writing: start afresh.
    $('compose-answer').replaceChildren();
    $('compose-exchange-box').hidden = true;
    refresh();
  }

  $('compose-form').onsubmit = (event) => {
    event.preventDefault();
    const text = $('compose-text').value;
    if (!text) return;
    parts.push({ kind: $('compose-kind').value, text });
    $('compose-text').value = '';
    drawParts();
  };
  for (const input of document.querySelectorAll('input[name=compose-mode]')) input.onchange = setMode;
  $('compose-text').oninput = refresh;
  $('compose-kind').onchange = refresh;
  $('compose-markdown').oninput = refresh;
  $('compose-link').oninput = refresh;
  $('compose-reply').onchange = refresh;
  $('compose-image').onchange = () => {
    if (imageUrl) URL.revokeObjectURL(imageUrl);
    image = $('compose-image').files[0] ?? null;
    imageUrl = image ? URL.createObjectURL(image) : null;
    $('compose-image-clear').disabled = !image;
    refresh();
  };
  $('compose-image-clear').onclick = () => {
    $('compose-image').value = '';
    $('compose-image').onchange();
    $('compose-image').focus();
  };
  $('compose-clear').onclick = () => {
    parts.length = 0;
    drawParts();
  };

  $('compose-publish').onclick = async () => {
    $('compose-publish').disabled = true;
    $('compose').dataset.state = 'loading';
    $('compose-answer').replaceChildren(h('p', { class: 'loading' }, 'Publishing…'));
    const exchange = [];
    const note = draft();
    const api = apis[note.mode];
    const publisher = new api.Publisher({
      apiKey: service.apiKey,
      baseUrl: service.url,
      fetch: recordingFetch((request) => exchange.push(request)),
    });
    try {
      const answer = await build(api, publisher, note).publish();
      const feed = await client.getNotes();
      const first = feed.items[0]?.comment?.id === answer.id;
      $('compose-answer').replaceChildren(h('article', { class: 'card', dataset: { noteId: answer.id } },
        h('h3', null, 'The service\'s answer'),
        fields([
          ['id', answer.id],
          ['date', date(answer.date)],
          ['name', answer.name],
          ['body', h('span', { class: 'pre' }, answer.body)],
          ['attachments', (answer.attachments ?? []).map((a) => `${a.type} ${a.id}`).join(', ') || 'none'],
          ['reply to', note.replyTo ? `note ${note.replyTo} (ancestor_path ${answer.ancestor_path})` : 'not a reply'],
          ['in the feed', note.replyTo ? 'a reply: listed under its parent, not in the feed'
            : first ? 'first in getNotes() now' : 'not in the feed yet'],
        ]),
        deleteButton(answer.id, $('compose-answer'))));
      if (!note.replyTo) addReplyChoice(answer.id, answer.body);
    } catch (error) {
      $('compose-answer').replaceChildren(errorView(error));
    } finally {
      $('compose-exchange').replaceChildren(...requestViews(exchange));
      $('compose-exchange-box').hidden = exchange.length === 0;
      $('compose-publish').disabled = false;
      $('compose').dataset.state = 'ready';
    }
  };

  /** Delete (deleteNote) for a note of the account; the outcome replaces the button. */
  function deleteButton(id, scope) {
    const button = h('button', { type: 'button', class: 'danger', dataset: { deleteNote: id } }, `Delete note ${id}`);
    button.onclick = async () => {
      button.disabled = true;
      scope.closest('section').dataset.state = 'loading';
      try {
        const outcome = await client.deleteNote(id);
        button.replaceWith(h('p', { class: 'deleted', role: 'status', dataset: { deleted: outcome.deleted } },
          `deleteNote(${id}) → ${JSON.stringify(outcome)}`));
        $('compose-reply').querySelector(`option[value="${id}"]`)?.remove();
      } catch (error) {
        button.replaceWith(errorView(error));
      } finally {
        scope.closest('section').dataset.state = 'ready';
      }
    };
    return button;
  }
  document.addEventListener('compose:deleted', (event) => {
    $('compose-reply').querySelector(`option[value="${event.detail.id}"]`)?.remove();
    refresh();
  });

  // Loaded on its own, so the page works (without Markdown) where the entry is missing.
  import('publisher-wasm/markdown').then((markdown) => {
    apis.markdown = markdown;
    $('compose-mode-markdown').disabled = false;
    $('compose-markdown-status').textContent = 'publisher-wasm/markdown loaded';
  }, (error) => {
    $('compose-markdown-status').textContent = `The Markdown entry point did not load: ${error?.message ?? error}`;
  }).finally(() => { $('compose-mode').dataset.state = 'ready'; });

  loadReplyChoices().then(() => { $('compose-reply').dataset.state = 'ready'; });
  drawParts();
}
