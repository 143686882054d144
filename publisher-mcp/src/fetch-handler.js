// The server as a web-standard fetch handler, for Workers, Deno and Bun: one
// `fetch(request)` that answers MCP's streamable HTTP at /mcp.
import { hostHeaderValidationResponse, localhostAllowedHostnames, originValidationResponse } from '@modelcontextprotocol/server';

import { createJsonMcpHandler } from './json-handler.js';
import { MCP_PATH } from './paths.js';
import { configFromEnv } from './config.js';
import { createServerFactory } from './server.js';

/**
 * A `{fetch}` handler serving the tools of a client made from `env` (the variables of
 * configFromEnv). `fetch` in `overrides` goes to the client (a Worker's service binding).
 * `allowedHosts`: the host names (port-agnostic) whose Host and Origin headers are
 * served; by default the loopback names, as Deno or Bun serving on 127.0.0.1 need against
 * DNS rebinding. `null` serves any Host (a Worker behind its own route).
 */
export function createFetchHandler(env, overrides = {}, { allowedHosts = localhostAllowedHostnames() } = {}) {
  const handler = createJsonMcpHandler(createServerFactory(configFromEnv(env), overrides));
  return {
    fetch(request) {
      if (new URL(request.url).pathname !== MCP_PATH) {
        return new Response(`Not found: the MCP endpoint is ${MCP_PATH}\n`, { status: 404 });
      }
      if (allowedHosts) {
        const refused = hostHeaderValidationResponse(request, allowedHosts) ?? originValidationResponse(request, allowedHosts);
        if (refused) return refused;
      }
      return handler.fetch(request);
    },
    close: () => handler.close?.(),
  };
}
