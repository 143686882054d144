// When things go wrong: a fault set on the local service for the next calls, one call
// by a client with short retries and timeout, the attempts it made (seen through its
// `fetch` option) with the waits between them, its result or final PublisherError, and
// the requests that reached the service (its request log).
import { Publisher } from 'publisher-wasm';
import { $, errorView, fields, h } from '../lib/dom.js';
import { recordingFetch } from '../lib/fetch-recorder.js';

/** A CDN's bot-challenge page, shaped like the ones users of other clients report. */
const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><style>*{box-sizing:border-box;margin:0}</style>
</head><body><noscript><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: 'substack.com',cType: 'managed'};}());</script>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f2"></script></body></html>`;

const FAULTS = {
  429: { status: 429, retryAfter: '1' },
  500: { status: 500 },
  502: { status: 502, html: true },
  challenge: { status: 403, html: true, body: CHALLENGE_PAGE },
  truncated: { truncate: 'short' },
  slow: { latencyMs: 3000 },
  drop: { drop: true },
  // The service stores the note, then answers 500: only reading back can tell.
  stored: { status: 500, afterHandling: true },
};

const CALLS = {
  read: { method: 'GET', path: '/api/v1/posts' },
  publish: { method: 'POST', path: '/api/v1/comment/feed' },
};

const ms = (value) => `${Math.round(value)} ms`;

export function setupFaults({ service }) {
  let onAttempt = () => {};
  const client = new Publisher({
    apiKey: service.apiKey,
    baseUrl: service.url,
    retry: { retries: 3, baseDelayMs: 250, maxDelayMs: 1000 },
    timeoutMs: 1500,
    fetch: recordingFetch((attempt) => onAttempt(attempt)),
  });

  function drawAttempts(attempts, origin) {
    const sorted = [...attempts].sort((a, b) => a.started - b.started);
    $('attempts').replaceChildren(...sorted.map((attempt, index) => {
      const previous = sorted[index - 1];
      const wait = previous?.ended === undefined ? null : attempt.started - previous.ended;
      return h('li', { dataset: { outcome: attempt.outcome } },
        wait === null ? null : h('div', { class: 'wait' }, `waited ${ms(wait)}`),
        h('span', null, `attempt ${index + 1} at +${ms(attempt.started - origin)}: `),
        h('code', null, `${attempt.method} ${attempt.path}`), ' → ', h('strong', null, attempt.outcome),
        attempt.ended === undefined ? '' : ` (${ms(attempt.ended - attempt.started)})`);
    }));
  }

  async function drawServiceLog(call, attempts) {
    const requests = await service.requests();
    $('service-log').tBodies[0].replaceChildren(...requests.map((request) => h('tr', null,
      h('td', null, request.seq), h('td', null, request.method), h('td', null, h('code', null, request.url)),
      h('td', null, request.status ?? 'dropped'), h('td', null, request.fault ?? ''))));
    const same = requests.filter((request) => request.method === call.method && request.url.split('?')[0] === call.path);
    const statuses = same.map((request) => request.status ?? 'dropped').join(', ');
    let outcome = '';
    if (call.method === 'POST') {
      const published = same.filter((request) => request.status === 200).length;
      if (published === 1) outcome = ' Published once.';
      else if (published > 1) outcome = ` Published ${published} times!`;
      else if (same.length === 1) outcome = ' Sent once, never twice.';
      else outcome = ' The browser itself resent it below fetch after the connection dropped (see the README).';
    } else {
      const resent = same.length - attempts.filter((attempt) => attempt.path.split('?')[0] === call.path).length;
      if (resent > 0) outcome = ` ${resent} of them the browser resent itself, below fetch.`;
    }
    $('service-summary').textContent = `${call.method} ${call.path} reached the service ${same.length} time${same.length === 1 ? '' : 's'}`
      + `${statuses ? ` (answered ${statuses})` : ''}.${outcome}`;
    $('service-summary').dataset.count = same.length;
  }

  $('fault-form').onsubmit = async (event) => {
    event.preventDefault();
    const form = new FormData($('fault-form'));
    const call = CALLS[form.get('call')];
    const times = form.get('times') === 'all' ? {} : { times: 1 };
    $('fault-run').disabled = true;
    $('faults').dataset.state = 'loading';
    $('fault-result').replaceChildren(h('p', { class: 'loading' }, 'Calling…'));
    $('attempts').replaceChildren();
    const attempts = [];
    const origin = performance.now();
    onAttempt = (attempt) => {
      attempts.push(attempt);
      drawAttempts(attempts, origin);
    };
    const stop = () => { onAttempt = () => {}; };
    try {
      await service.clearFaults();
      await service.clearRequests();
      await service.addFault({ ...call, ...FAULTS[form.get('fault')], ...times });
      const started = performance.now();
      try {
        if (call.method === 'GET') {
          const posts = await client.getPosts({ limit: 3 });
          $('fault-result').replaceChildren(h('div', { class: 'recovered', dataset: { result: 'recovered' } },
            h('p', null, h('strong', null, `Recovered: ${posts.length} posts`), ` after ${attempts.length} attempt${attempts.length === 1 ? '' : 's'} in ${ms(performance.now() - started)}`),
            h('ul', null, posts.map((post) => h('li', null, post.title)))));
        } else {
          const note = await client.publishNote(`Published through a fault at ${new Date().toLocaleTimeString('en-GB')}`);
          const posts = attempts.filter((attempt) => attempt.method === 'POST' && attempt.path.split('?')[0] === call.path);
          const readBack = attempts.filter((attempt) => attempt.method === 'GET');
          const lost = posts.at(-1)?.status !== 200;
          $('fault-result').replaceChildren(h('div', { class: 'recovered', dataset: { result: 'recovered', readBack: lost ? 'true' : 'false' } },
            h('p', null, h('strong', null, `Published note ${note.id}`), ` after ${attempts.length} attempt${attempts.length === 1 ? '' : 's'} in ${ms(performance.now() - started)}`),
            lost ? h('p', { class: 'read-back' }, `The publish's answer was lost (${posts.at(-1)?.outcome ?? 'no answer'}), so the client read the account's notes back `
              + `(${readBack.map((attempt) => `${attempt.method} ${attempt.path}`).join(', ')}) and found the note it had sent: resolved with it, not sent again.`) : null,
            fields([['body', note.body], ['id', note.id]])));
        }
      } catch (error) {
        const readBack = attempts.filter((attempt) => attempt.method === 'GET');
        $('fault-result').replaceChildren(errorView(error), error?.kind === 'maybe-published' && readBack.length
          ? h('p', { class: 'read-back' }, `The publish's answer was lost, so the client read the account's notes back `
            + `(${readBack.map((attempt) => `${attempt.method} ${attempt.path}`).join(', ')}) and did not find the note: `
            + 'it cannot tell, so it rejects maybe-published and does not send the note again.')
          : null);
      }
      stop();
      drawAttempts(attempts, origin);
      await service.clearFaults();
      await drawServiceLog(call, attempts);
    } catch (error) {
      $('fault-result').replaceChildren(h('p', { class: 'error' }, `The local service's controls failed: ${error.message}`));
    } finally {
      stop();
      $('fault-run').disabled = false;
      $('faults').dataset.state = 'ready';
    }
  };
  $('faults').dataset.state = 'ready';
}
