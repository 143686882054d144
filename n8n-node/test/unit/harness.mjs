// What the tests of the profile and comment operations, Return All, Simplify and the ID
// parameters share: the built node run over a fake context against the fixture service,
// at a node version (1 or 2), with the key checked absent from everything it returns.
import { after, before, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fakeContext } from './fake-context.mjs';
import { startFixtureService } from './fixture-service.mjs';

const require = createRequire(import.meta.url);
export const { Publisher } = require('../../dist/nodes/Publisher/Publisher.node.js');
const { createClient } = require('../../dist/shared/client.js');

/** Starts the fixture service for the file's tests; `h.run(items, {version, ...})` runs the node. */
export function harness(apiKey) {
  const node = new Publisher();
  const h = { node, service: undefined, credentials: undefined };
  before(async () => {
    h.service = await startFixtureService({ apiKey });
    h.credentials = { apiKey, hostname: 'angelsant.substack.com', cookieName: 'connect.sid', baseUrl: h.service.url };
  });
  after(() => h.service.close());
  beforeEach(() => h.service.reset());

  const assertNoKey = (value) => assert.ok(!JSON.stringify(value).includes(apiKey), 'the API key leaked');
  const context = (items, { version = 1, ...options } = {}) => {
    const ctx = fakeContext({ items, credentials: h.credentials, ...options });
    ctx.getNode().typeVersion = version;
    return ctx;
  };
  h.run = async (items, options) => {
    const [output] = await node.execute.call(context(items, options));
    assertNoKey(output);
    return { output, json: output.map((item) => item.json) };
  };
  h.failure = async (items, options) => {
    const error = await node.execute.call(context(items, options)).then(() => assert.fail('the execution should fail'), (e) => e);
    assertNoKey({ message: error.message, description: error.description, context: error.context });
    return error;
  };
  /** The requests the service saw, as "GET /path?query". */
  h.wire = () => h.service.requests.map((r) => `${r.method} ${r.path}${r.query}`);
  /** A client of the fixture service, for what the node's output must equal. */
  h.client = () => createClient(h.credentials);
  return h;
}
