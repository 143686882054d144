// The Markdown scenarios in Node, importing publisher-wasm/markdown by name (node.mjs,
// the wasm read from its file), beside the main entry, against a local service started
// in this process; and require reaching the very module import does.
import { after, test } from 'node:test';
import { createRequire } from 'node:module';
import * as markdown from 'publisher-wasm/markdown';
import * as embedded from 'publisher-wasm/markdown/embedded';
import * as main from 'publisher-wasm';
import { equal, ok } from '../shared/assert.mjs';
import { startLocalService } from '../../local-service/index.mjs';
import { makeMarkdownContext, markdownScenarios } from '../shared/markdown.scenarios.mjs';

const service = await startLocalService({ seed: 7, posts: 120 });
const ctx = await makeMarkdownContext({ markdown, main, url: service.url, apiKey: service.apiKey, runtime: 'node' });
after(() => service.close());

for (const [name, scenario] of markdownScenarios) {
  test(name, async () => {
    await ctx.beforeEach();
    await scenario(ctx);
  });
}

test('require and import of publisher-wasm/markdown give one module; the embedded entry converts alike', () => {
  const required = createRequire(import.meta.url)('publisher-wasm/markdown');
  for (const name of ['Publisher', 'PublisherError', 'NoteBuilder', 'PublisherNotes', 'markdownToNoteBody', 'markdownToPostBody']) {
    equal(required[name], markdown[name], name);
  }
  ok(markdown.Publisher !== main.Publisher, 'a wasm instance of its own beside the main entry');
  equal(embedded.markdownToNoteBody('**a** `b`'), markdown.markdownToNoteBody('**a** `b`'));
  ok(!('markdownToNoteBody' in main), 'the main entry has no markdownToNoteBody');
});
