// Runs the shared scenarios in the page, importing the package by name (import map).
// The session comes from the local service's sign-in, as a real page's would.
import { NoteBuilder, Publisher, PublisherError, PublisherNotes } from 'publisher-wasm';
import { allScenarios, makeContext } from '../shared/context.mjs';

const params = new URLSearchParams(location.search);
const out = document.getElementById('out');
const results = [];
try {
  const ctx = await makeContext({
    Publisher,
    PublisherError,
    NoteBuilder,
    PublisherNotes,
    url: params.get('service'),
    apiKey: params.get('key'),
    runtime: 'chromium',
  });
  for (const [name, scenario] of await allScenarios()) {
    try {
      await ctx.beforeEach();
      await scenario(ctx);
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: String(error?.stack ?? error) });
    }
  }
} catch (error) {
  results.push({ name: 'setting up the page', ok: false, error: String(error?.stack ?? error) });
}
out.textContent = results.map((r) => `${r.ok ? 'ok' : 'not ok'} - ${r.name}`).join('\n');
window.__results = results;
