// Streamable HTTP on Node: the SDK's web-standard handler behind node:http, at one path,
// bound to loopback unless told otherwise. On loopback, requests whose Host or Origin is
// not a local name are refused (DNS rebinding protection).
import { createServer } from 'node:http';
import { hostHeaderValidation, localhostHostValidation, localhostOriginValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';

import { createJsonMcpHandler } from './json-handler.js';
import { MCP_PATH } from './paths.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Serves `factory` at `http://host:port/mcp`; resolves with the listening server (port 0
 * picks a free port: `server.address().port`). `log` receives one line per problem.
 */
export function startHttpServer(factory, { port, host = '127.0.0.1', allowedHosts, log = () => {} }) {
  const handler = createJsonMcpHandler(factory, { onerror: (error) => log(`mcp: ${error.message}`) });
  const serve = toNodeHandler(handler, { onerror: (error) => log(`http: ${error.message}`) });
  // Names given: only those. On loopback: the local names. Elsewhere, nothing checks the
  // Host, which the CLI says out loud.
  const guards = allowedHosts?.length ? [hostHeaderValidation(allowedHosts), originValidation(allowedHosts)]
    : LOOPBACK.has(host) ? [localhostHostValidation(), localhostOriginValidation()] : [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Not found: the MCP endpoint is ${MCP_PATH}\n`);
      return;
    }
    for (const guard of guards) if (!guard(req, res)) return;
    serve(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
