// Runs the shared scenarios in the page, importing the package by name (import map),
// then the Markdown scenarios over publisher-wasm/markdown (its web entry).
// The session comes from the local service's sign-in, as a real page's would.
import * as main from 'publisher-wasm';
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
try {
  const markdown = await import('publisher-wasm/markdown');
  const { makeMarkdownContext, markdownScenarios } = await import('../shared/markdown.scenarios.mjs');
  const ctx = await makeMarkdownContext({ markdown, main, url: params.get('service'), apiKey: params.get('key'), runtime: 'chromium' });
  for (const [name, scenario] of markdownScenarios) {
    try {
      await ctx.beforeEach();
      await scenario(ctx);
      results.push({ name: `markdown: ${name}`, ok: true });
    } catch (error) {
      results.push({ name: `markdown: ${name}`, ok: false, error: String(error?.stack ?? error) });
    }
  }
} catch (error) {
  results.push({ name: 'loading publisher-wasm/markdown', ok: false, error: String(error?.stack ?? error) });
}
out.textContent = results.map((r) => `${r.ok ? 'ok' : 'not ok'} - ${r.name}`).join('\n');
window.__results = results;
