#!/usr/bin/env node
// publisher-mcp: serves the Publisher tools over stdio (the default) or streamable HTTP.
//   publisher-mcp [--allow-writes]                 stdio
//   publisher-mcp --http 8790 [--host 127.0.0.1]   http://127.0.0.1:8790/mcp
// Configuration: PUBLISHER_API_KEY (required), PUBLISHER_HOSTNAME, PUBLISHER_BASE_URL,
// PUBLISHER_MCP_WRITES=1 (same as --allow-writes). Logs go to stderr: on stdio, stdout
// carries the protocol alone.
import { parseArgs } from 'node:util';

import { ConfigError, configFromEnv } from '../src/config.js';
import { redactor } from '../src/redact.js';
import { createServerFactory, SERVER_VERSION } from '../src/server.js';

const USAGE = `usage: publisher-mcp [--allow-writes] [--http PORT [--host ADDRESS]]
  (no --http)     serve MCP on stdio
  --http PORT     serve streamable HTTP at http://ADDRESS:PORT/mcp
  --host ADDRESS  the address to bind (default 127.0.0.1, loopback only)
  --allowed-hosts NAME[,NAME]  serve only requests whose Host and Origin are these names
                  (default on loopback: localhost, 127.0.0.1, [::1])
  --allow-writes  add the write tools (publish_note, create_draft, publish_draft, …);
                  same as PUBLISHER_MCP_WRITES=1
environment: PUBLISHER_API_KEY (required), PUBLISHER_HOSTNAME, PUBLISHER_BASE_URL`;

function fail(sentence) {
  process.stderr.write(`publisher-mcp: ${sentence}\n`);
  process.exit(2);
}

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      http: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'allowed-hosts': { type: 'string' },
      'allow-writes': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  }));
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (options.version) {
  process.stdout.write(`${SERVER_VERSION}\n`);
  process.exit(0);
}

let config;
let factory;
try {
  config = configFromEnv(process.env, { allowWrites: options['allow-writes'] });
  factory = createServerFactory(config);
} catch (error) {
  if (error instanceof ConfigError || error?.name === 'PublisherError') fail(error.message);
  throw error;
}
const redact = redactor(config.client.apiKey);
const log = (line) => process.stderr.write(`publisher-mcp: ${redact(line)}\n`);
const mode = config.writes ? 'reads and writes' : 'reads only (start with --allow-writes for the write tools)';

if (options.http !== undefined) {
  const port = Number(options.http);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--http needs a port number (0–65535), got ${JSON.stringify(options.http)}.`);
  const { startHttpServer } = await import('../src/http.js');
  try {
    const allowedHosts = options['allowed-hosts']?.split(',').map((name) => name.trim()).filter(Boolean);
    const server = await startHttpServer(factory, { port, host: options.host, allowedHosts, log });
    if (!allowedHosts?.length && !['127.0.0.1', '::1', 'localhost'].includes(options.host)) {
      log(`warning: listening on ${options.host} with no Host check and no authentication: whoever reaches this port (or a web page, by DNS rebinding) uses the account; --allowed-hosts NAME[,NAME] serves those names only`);
    }
    const address = server.address();
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    log(`serving http://${shown}:${address.port}/mcp, ${mode}`);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    fail(`cannot listen on ${options.host}:${port}: ${error.message}`);
  }
} else {
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  serveStdio(factory);
  log(`serving stdio, ${mode}`);
}
