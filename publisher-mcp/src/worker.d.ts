import type { PublisherMcpEnv } from './index.js';

/** A Cloudflare Worker serving MCP at `/mcp`, configured by the Worker's variables. */
declare const worker: {
  fetch(request: Request, env: PublisherMcpEnv): Promise<Response> | Response;
};
export default worker;
