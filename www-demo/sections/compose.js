// Compose: a note built with NoteBuilder. Each change is published by a dry-run client
// whose `fetch` option never sends, so the request body shown is the client's own; the
// preview is drawn from that body. Publish sends it for real.
import { NoteBuilder, Publisher } from 'publisher-wasm';
import { $, date, errorView, fields, h } from '../lib/dom.js';
import { dryRunFetch } from '../lib/fetch-recorder.js';

const KIND_NAMES = { note: 'note()', bold: 'bold()', italic: 'italic()', simple: 'simple()' };

function build(client, parts) {
  const builder = new NoteBuilder(client);
  for (const { kind, text } of parts) builder[kind](text);
  return builder;
}

/** The note as a reader will see it, drawn from the request's bodyJson. */
function preview(bodyJson) {
  return bodyJson.content.map((paragraph) => h('p', null, paragraph.content.map((node) => {
    const marks = (node.marks ?? []).map((mark) => mark.type);
    let element = document.createTextNode(node.text);
    if (marks.includes('italic')) element = h('em', null, element);
    if (marks.includes('bold')) element = h('strong', null, element);
    return element;
  })));
}

export function setupCompose({ client, service }) {
  /** The body the client sends for `draft`, from a client of its own whose fetch never sends. */
  async function dryRunBody(draft) {
    let sent = null;
    const dryRun = new Publisher({
      apiKey: service.apiKey,
      baseUrl: service.url,
      retry: false,
      fetch: dryRunFetch((request) => { sent = request.body; }),
    });
    await build(dryRun, draft).publish();
    return sent;
  }
  const parts = [
    { kind: 'note', text: 'Hello from the publisher-wasm demo. ' },
    { kind: 'bold', text: 'Bold words, ' },
    { kind: 'italic', text: 'italic words' },
    { kind: 'simple', text: ' and plain ones.' },
  ];
  let latest = 0;

  function pending() {
    const text = $('compose-text').value;
    return text ? [...parts, { kind: $('compose-kind').value, text }] : parts;
  }

  /** Publishes the draft to the dry-run client and shows the body it sent. */
  async function refresh() {
    const run = ++latest;
    const draft = pending();
    try {
      const sent = await dryRunBody(draft);
      if (run !== latest) return;
      const body = JSON.parse(sent);
      $('compose-body').textContent = JSON.stringify(body, null, 2);
      $('compose-preview').replaceChildren(...preview(body.bodyJson));
      $('compose-publish').disabled = false;
    } catch (error) {
      if (run !== latest) return;
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

  $('compose-form').onsubmit = (event) => {
    event.preventDefault();
    const text = $('compose-text').value;
    if (!text) return;
    parts.push({ kind: $('compose-kind').value, text });
    $('compose-text').value = '';
    drawParts();
  };
  $('compose-text').oninput = refresh;
  $('compose-kind').onchange = refresh;
  $('compose-clear').onclick = () => {
    parts.length = 0;
    drawParts();
  };
  $('compose-publish').onclick = async () => {
    $('compose-publish').disabled = true;
    $('compose').dataset.state = 'loading';
    $('compose-answer').replaceChildren(h('p', { class: 'loading' }, 'Publishing…'));
    try {
      const answer = await build(client, pending()).publish();
      const feed = await client.getNotes();
      const first = feed.items[0]?.comment?.id === answer.id;
      $('compose-answer').replaceChildren(h('article', { class: 'card', dataset: { noteId: answer.id } },
        h('h3', null, 'The service\'s answer'),
        fields([
          ['id', answer.id],
          ['date', date(answer.date)],
          ['name', answer.name],
          ['body', h('span', { class: 'pre' }, answer.body)],
          ['in the feed', first ? 'first in getNotes() now' : 'not in the feed yet'],
        ])));
    } catch (error) {
      $('compose-answer').replaceChildren(errorView(error));
    } finally {
      $('compose-publish').disabled = false;
      $('compose').dataset.state = 'ready';
    }
  };
  drawParts();
}
