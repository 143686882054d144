// What every scenario receives: the package's exports, the local service's controls,
// a client factory, and a way to call without a session (a 401), per runtime.
import { connectService } from './service.mjs';

/** The methods of the API that send requests (scripts/method-list.mjs: the .d.ts and the core's routes). */
export async function declaredMethods() {
  const list = await import('./methods.generated.json', { with: { type: 'json' } });
  return list.default.methods;
}

/**
 * Wraps every declared method on `Publisher.prototype` so that the calls the
 * scenarios make are counted (the wrapper only records the name and forwards).
 */
async function countCalls(Publisher) {
  const called = new Set();
  for (const { name } of await declaredMethods()) {
    const method = Publisher.prototype[name];
    if (typeof method !== 'function') throw new Error(`Publisher has no method ${name}, which the .d.ts declares`);
    if (method.countsCalls) continue;
    const counted = function (...args) {
      called.add(name);
      return method.apply(this, args);
    };
    counted.countsCalls = true;
    Publisher.prototype[name] = counted;
  }
  return called;
}

export async function makeContext({ Publisher, PublisherError, NoteBuilder, PublisherNotes, url, apiKey, runtime }) {
  const browser = runtime === 'chromium';
  const called = await countCalls(Publisher);
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
    /** The names of the methods the scenarios have called so far. */
    called,
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
  const { noteWriteScenarios } = await import('./note-writes.scenarios.mjs');
  const { draftScenarios } = await import('./drafts.scenarios.mjs');
  const { profileScenarios } = await import('./profiles.scenarios.mjs');
  const { nodeReadScenarios } = await import('./node-reads.scenarios.mjs');
  const { errorScenarios } = await import('./errors.scenarios.mjs');
  const { fetchOptionScenarios } = await import('./fetch-option.scenarios.mjs');
  return [
    ...postScenarios,
    ...commentScenarios,
    ...noteScenarios,
    ...publishScenarios,
    ...noteWriteScenarios,
    ...draftScenarios,
    ...profileScenarios,
    ...nodeReadScenarios,
    ...faultScenarios,
    ...errorScenarios,
    ...fetchOptionScenarios,
    // Last: every declared method was called by one of the scenarios above.
    ['every declared method is called by a scenario', async ({ called }) => {
      const missing = (await declaredMethods()).map(({ name }) => name).filter((name) => !called.has(name));
      if (missing.length) throw new Error(`no scenario calls ${missing.join(', ')}`);
    }],
  ];
}
