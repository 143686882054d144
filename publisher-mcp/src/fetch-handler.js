// The server as a web-standard fetch handler, for Workers, Deno and Bun: one
// `fetch(request)` that answers MCP's streamable HTTP at /mcp.
import { createMcpHandler } from '@modelcontextprotocol/server';

import { MCP_PATH } from './paths.js';
import { configFromEnv } from './config.js';
import { createServerFactory } from './server.js';

/**
 * A `{fetch}` handler serving the tools of a client made from `env` (the variables of
 * configFromEnv). `fetch` in `overrides` goes to the client (a Worker's service binding).
 */
export function createFetchHandler(env, overrides = {}) {
  const handler = createMcpHandler(createServerFactory(configFromEnv(env), overrides));
  return {
    fetch(request) {
      if (new URL(request.url).pathname !== MCP_PATH) {
        return new Response(`Not found: the MCP endpoint is ${MCP_PATH}\n`, { status: 404 });
      }
      return handler.fetch(request);
    },
    close: () => handler.close?.(),
  };
}
