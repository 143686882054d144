// The shared scenarios in Node, importing the built package by name, against a local
// service started in this process.
import { after, test } from 'node:test';
import { NoteBuilder, Publisher, PublisherError, PublisherNotes } from 'publisher-wasm';
import { startLocalService } from '../../local-service/index.mjs';
import { allScenarios, makeContext } from '../shared/context.mjs';

const service = await startLocalService({ seed: 7, posts: 120 });
const ctx = await makeContext({ Publisher, PublisherError, NoteBuilder, PublisherNotes, url: service.url, apiKey: service.apiKey, runtime: 'node' });
after(() => service.close());

for (const [name, scenario] of await allScenarios()) {
  test(name, async () => {
    await ctx.beforeEach();
    await scenario(ctx);
  });
}
