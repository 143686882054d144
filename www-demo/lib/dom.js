// Small DOM helpers shared by the sections: building elements, showing records, and
// showing a PublisherError with the whole response body kept one click away.
import { PublisherError } from 'publisher-wasm';

/** h('p', {class: 'x', onclick}, 'text', child) → an element. */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.className = value;
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  element.append(...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false)
    .map((child) => (child instanceof Node ? child : String(child))));
  return element;
}

export const $ = (id) => document.getElementById(id);

/** A definition list of [label, value] pairs; values may be elements. */
export function fields(pairs, props = {}) {
  return h('dl', { class: 'fields', ...props }, pairs.flatMap(([label, value]) => [
    h('dt', null, label),
    h('dd', { dataset: { field: label } }, value === undefined || value === null ? '—' : value),
  ]));
}

export function date(text) {
  const when = new Date(text);
  return Number.isNaN(when.getTime()) ? String(text) : when.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function badge(text, kind = text) {
  return h('span', { class: `badge ${kind}` }, text);
}

/** The error panel: kind, status, attempts and the message; the response body folded. */
export function errorView(error) {
  // The Markdown entry point has its own PublisherError class: same name, same fields.
  if (!(error instanceof PublisherError) && error?.name !== 'PublisherError') {
    return h('div', { class: 'error', role: 'alert', dataset: { kind: 'not-a-publisher-error' } }, String(error));
  }
  const body = error.response?.body;
  return h('div', { class: 'error', role: 'alert', dataset: { kind: error.kind, status: error.status ?? '' } },
    h('p', { class: 'error-title' }, 'PublisherError'),
    fields([
      ['kind', h('code', null, error.kind)],
      ['status', error.status ?? '—'],
      ['attempts', error.attempts ?? 1],
      ['message', h('span', { class: 'message' }, error.message)],
    ]),
    body === undefined ? null : h('details', null,
      h('summary', null, `error.response.body (${body.length} characters${body.length ? `, ${error.response.headers['content-type'] ?? 'no content type'}` : ''})`),
      h('pre', null, body.length > 4000 ? `${body.slice(0, 4000)}\n…` : body)));
}

/** Runs `work`, showing "Loading…", then what `work` returned, or the error, in `target`. */
export async function show(target, work) {
  target.replaceChildren(h('p', { class: 'loading' }, 'Loading…'));
  target.setAttribute('aria-busy', 'true');
  try {
    const content = await work();
    target.replaceChildren(...[content].flat());
  } catch (error) {
    target.replaceChildren(errorView(error));
  } finally {
    target.removeAttribute('aria-busy');
  }
}
