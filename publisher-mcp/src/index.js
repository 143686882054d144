// publisher-mcp: an MCP server over the publisher-wasm client. The CLI (bin/) serves it
// on stdio or streamable HTTP; `createFetchHandler` serves it from Workers, Deno and Bun.
export { ConfigError, configFromEnv } from './config.js';
export { createFetchHandler } from './fetch-handler.js';
export { MCP_PATH } from './paths.js';
export { createServerFactory, SERVER_NAME, SERVER_VERSION } from './server.js';
export { offeredTools, TOOLS } from './tools.js';
