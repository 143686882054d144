// The MCP server over one client: a factory of McpServer instances (the SDK serves each
// HTTP request or stdio connection from a fresh instance; they share the client).
import { McpServer } from '@modelcontextprotocol/server';
import { Publisher } from 'publisher-wasm/markdown';

import { registerPrompts } from './prompts.js';
import { redactor } from './redact.js';
import { registerTools } from './tools.js';

export const SERVER_NAME = 'publisher-mcp';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = `Tools of the Publisher service (newsletters, posts, notes, drafts, profiles). Every read is a tool named as its client method in snake_case. Writes exist only when the server was started with --allow-writes; a write whose outcome is unknown (a maybe-* error) must be checked with a read before it is called again. publish_draft and schedule_draft need an explicit send: true emails every subscriber, which cannot be taken back.`;

/**
 * A server factory for `config` ({client, writes}, see configFromEnv). `fetch` and
 * `sleep`, when given, go to the client (a Worker's service binding, a test double).
 */
export function createServerFactory({ client: clientConfig, writes }, overrides = {}) {
  const client = new Publisher({ ...clientConfig, ...overrides });
  const redact = redactor(clientConfig.apiKey);
  return () => {
    const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
    registerTools(server, client, { writes, redact });
    registerPrompts(server, { writes });
    return server;
  };
}
