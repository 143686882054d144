// The shared scenarios in Deno, importing the built package by name, against a local
// service in a child process.
import { NoteBuilder, Publisher, PublisherError, PublisherNotes } from 'publisher-wasm';
import { spawnLocalService } from '../../local-service/index.mjs';
import { allScenarios, makeContext } from '../shared/context.mjs';

const service = await spawnLocalService({ seed: 7, posts: 120 });
const ctx = await makeContext({ Publisher, PublisherError, NoteBuilder, PublisherNotes, url: service.url, apiKey: service.apiKey, runtime: 'deno' });
const scenarios = await allScenarios();

scenarios.forEach(([name, scenario], index) => {
  Deno.test({
    name,
    // The service runs for the whole file: its child process and sockets outlive each test.
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      try {
        await ctx.beforeEach();
        await scenario(ctx);
      } finally {
        if (index === scenarios.length - 1) await service.close();
      }
    },
  });
});
