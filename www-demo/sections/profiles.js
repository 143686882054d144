// Profiles: one full profile by handle, and the followed users read a few at a time
// with a progress bar from onProgress and a Cancel button wired to an AbortSignal.
import { Publisher } from 'publisher-wasm';
import { $, date, errorView, fields, h, show } from '../lib/dom.js';
import { recordingFetch } from '../lib/fetch-recorder.js';
import { noteItem } from './notes.js';

const SLOW_MS = 700;
const CONCURRENCY = 3;

function initials(name) {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => [...word][0]).join('').toUpperCase();
}

/** The photo: the image when it is on this machine, else initials (the page stays offline). */
function photo(profile) {
  const local = profile.photo_url && new URL(profile.photo_url, location.href).hostname === '127.0.0.1';
  return h('figure', { class: 'avatar' },
    local ? h('img', { src: profile.photo_url, alt: '' }) : h('span', { 'aria-hidden': 'true' }, initials(profile.name)),
    h('figcaption', null, h('code', null, profile.photo_url ?? 'no photo')));
}

function profileCard(profile) {
  return h('article', { class: 'card profile', dataset: { userId: profile.id, handle: profile.handle } },
    h('div', { class: 'profile-head' }, photo(profile),
      h('div', null, h('h3', null, profile.name), h('p', { class: 'muted' }, `@${profile.handle} · user ${profile.id}`))),
    h('p', { class: 'bio' }, profile.bio ?? ''),
    fields([
      ['subscribers', `${profile.subscriberCountNumber.toLocaleString('en-US')} (${profile.subscriberCountString ?? profile.subscriberCount})`],
      ['primary publication', profile.primaryPublication?.name],
      ['publications and roles', h('ul', { class: 'roles' }, profile.publicationUsers.map((membership) =>
        h('li', null, `${membership.publication.name} (${membership.publication.subdomain}) — ${membership.role}`)))],
    ]),
    h('h4', null, 'Recent activity'),
    h('ol', { class: 'notes' }, profile.userProfile.items.slice(0, 4).map(noteItem)));
}

export function setupProfiles({ client, service, info }) {
  let reading = null;
  let inFlight = 0;
  let peak = 0;
  const drawFlight = () => {
    $('following-flight').textContent = `${inFlight} request${inFlight === 1 ? '' : 's'} in flight; at most ${peak} at once (concurrency ${CONCURRENCY})`;
    $('following-flight').dataset.peak = peak;
  };
  // Its own client, to set the concurrency and to count the requests in flight.
  const following = new Publisher({
    apiKey: service.apiKey,
    baseUrl: service.url,
    concurrency: CONCURRENCY,
    fetch: recordingFetch(() => {
      inFlight -= 1;
      drawFlight();
    }, () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      drawFlight();
    }),
  });
  const someone = info.users.find((user) => user.followed && user.posts > 0) ?? info.users[0];
  $('profile-handle').value = someone.handle;

  $('profile-form').onsubmit = (event) => {
    event.preventDefault();
    show($('profile'), async () => profileCard(await client.getFullProfileBySlug($('profile-handle').value.trim())));
  };

  $('following-start').onclick = async () => {
    reading = new AbortController();
    const slow = $('following-slow').checked;
    $('following-start').disabled = true;
    $('following-cancel').disabled = false;
    $('following').replaceChildren();
    $('profiles').dataset.state = 'loading';
    const progress = $('following-progress');
    progress.value = 0;
    peak = inFlight;
    drawFlight();
    let done = 0;
    let total = 0;
    try {
      await service.clearFaults();
      if (slow) {
        for (const pathPrefix of ['/api/v1/user/', '/api/v1/reader/feed/profile/']) {
          await service.addFault({ method: 'GET', pathPrefix, latencyMs: SLOW_MS });
        }
      }
      const profiles = await following.getFollowingProfiles({
        signal: reading.signal,
        onProgress: (d, t) => {
          done = d;
          total = t;
          progress.max = Math.max(t, 1);
          progress.value = d;
          $('following-status').textContent = `${d} of ${t} followed users read`;
        },
      });
      $('following').replaceChildren(...profiles.map((profile) => h('li', { dataset: { userId: profile.id } },
        h('strong', null, profile.name), ` @${profile.handle} · ${profile.subscriberCountNumber.toLocaleString('en-US')} subscribers · `,
        `${profile.userProfile.items.length} recent items`)));
      $('following-status').textContent = `All ${profiles.length} followed users read, in the order the service lists them`;
    } catch (error) {
      $('following-status').replaceChildren(`Stopped after ${done} of ${total}. `, errorView(error));
    } finally {
      if (slow) await service.clearFaults();
      $('following-start').disabled = false;
      $('following-cancel').disabled = true;
      $('profiles').dataset.state = 'ready';
    }
  };
  $('following-cancel').onclick = () => reading?.abort(new Error('cancelled from the page'));
  $('profiles').dataset.state = 'ready';
}
