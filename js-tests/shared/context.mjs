// What every scenario receives: the package's exports, the local service's controls,
// a client factory, and a way to call without a session (a 401), per runtime.
import { connectService } from './service.mjs';

export async function makeContext({ Publisher, PublisherError, NoteBuilder, PublisherNotes, url, apiKey, runtime }) {
  const browser = runtime === 'chromium';
  const service = connectService({ url, apiKey, browser });
  if (browser) await service.signIn();
  const client = (extra = {}) => new Publisher({ apiKey, baseUrl: url, ...extra });
  return {
    Publisher,
    PublisherError,
    NoteBuilder,
    PublisherNotes,
    service,
    runtime,
    client,
    /** Runs `fn` with a client the service will not recognise. */
    async withoutSession(fn) {
      if (!browser) return fn(client({ apiKey: 'not-the-key' }));
      await service.signOut();
      try {
        return await fn(client());
      } finally {
        await service.signIn();
      }
    },
    /** Before each scenario: a clean log, no faults, the seeded data. */
    async beforeEach() {
      await service.reset();
    },
  };
}

/** All scenario lists, in the order they run. */
export async function allScenarios() {
  const { postScenarios } = await import('./posts.scenarios.mjs');
  const { faultScenarios } = await import('./faults.scenarios.mjs');
  const { commentScenarios } = await import('./comments.scenarios.mjs');
  const { noteScenarios } = await import('./notes.scenarios.mjs');
  const { publishScenarios } = await import('./publish.scenarios.mjs');
  const { profileScenarios } = await import('./profiles.scenarios.mjs');
  const { nodeReadScenarios } = await import('./node-reads.scenarios.mjs');
  const { fetchOptionScenarios } = await import('./fetch-option.scenarios.mjs');
  return [
    ...postScenarios,
    ...commentScenarios,
    ...noteScenarios,
    ...publishScenarios,
    ...profileScenarios,
    ...nodeReadScenarios,
    ...faultScenarios,
    ...fetchOptionScenarios,
  ];
}
