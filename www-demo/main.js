// The demo page: signs in to the local service the way a browser would, makes one
// client, and hands it to each section. Every section marks itself ready in
// data-state, which the headless test waits for.
import { Publisher } from 'publisher-wasm';
import { $ } from './lib/dom.js';
import { connect } from './lib/service.js';
import { setupPosts } from './sections/posts.js';
import { setupNotes } from './sections/notes.js';
import { setupProfiles } from './sections/profiles.js';
import { setupCompose } from './sections/compose.js';
import { setupWrite } from './sections/write.js';
import { setupFaults } from './sections/faults.js';

const params = new URLSearchParams(location.search);
const service = connect(params.get('service') ?? 'http://127.0.0.1:8787', params.get('key') ?? 'local-key');
$('service').textContent = service.url;

try {
  await service.signIn();
  const info = await service.info();
  $('account').textContent = `${info.account.name} (@${info.account.handle})`;
  const client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url });
  const demo = { client, service, info };
  setupNotes(demo);
  setupProfiles(demo);
  setupCompose(demo);
  setupWrite(demo);
  setupFaults(demo);
  await setupPosts(demo);
  $('boot').textContent = '';
  document.body.dataset.ready = 'true';
} catch (error) {
  $('boot').className = 'error';
  $('boot').textContent = `The demo could not start: ${error?.message ?? error}`;
  document.body.dataset.ready = 'error';
}
