// The request log the sections share: each request a client sent (captured through its
// `fetch` option, see fetch-recorder.js) with its method, path, status, the body sent and
// the service's answer, bodies pretty-printed but otherwise exactly as they went.
import { h } from './dom.js';

/** Long strings (an image's data URI) are shortened for display, unless `limit` says otherwise. */
const LONG = 1200;

/** `text` pretty-printed when it is JSON: {text, shortened}. */
export function prettyBody(text, { limit = LONG } = {}) {
  if (text === null || text === undefined || text === '') return { text: '(no body)', shortened: false };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { text, shortened: false };
  }
  let shortened = false;
  const pretty = JSON.stringify(value, (key, item) => {
    if (typeof item === 'string' && item.length > limit) {
      shortened = true;
      return `${item.slice(0, 80)}… (${item.length} characters in all)`;
    }
    return item;
  }, 2);
  return { text: pretty, shortened };
}

export function bodyView(text, props = {}, options = {}) {
  const { text: shown, shortened } = prettyBody(text, options);
  return h('pre', { ...props, dataset: { shortened: shortened ? 'true' : 'false' } }, shown);
}

/**
 * One request of an exchange: method, path, status, the body sent and the answer.
 * `options.limit` is the longest string shown whole (`options.answerLimit` in the answer);
 * `options.wrap` wraps long lines.
 */
export function requestView(request, index, options = {}) {
  const pre = (kind) => ({ class: options.wrap ? `${kind} wrap` : kind });
  const answer = { limit: options.answerLimit ?? options.limit };
  return h('li', { dataset: { method: request.method, path: request.path.split('?')[0], status: request.status ?? '' } },
    h('p', { class: 'label' }, `${index + 1}. `, h('code', null, `${request.method} ${request.path}`),
      request.status === undefined ? '' : ` → HTTP ${request.status}`),
    // A request without a body (a GET) shows none.
    request.body === undefined || request.body === null ? null : bodyView(request.body, pre('sent'), options),
    request.answer === undefined ? null : [h('p', { class: 'label' }, 'answer'), bodyView(request.answer, pre('answer'), answer)]);
}

/** The list items of an exchange, in the order the requests were sent. */
export function requestViews(requests, options = {}) {
  return requests.map((request, index) => requestView(request, index, options));
}
