// What the tests of publisher-mcp share: the bundled local service, and the server
// started from bin/publisher-mcp.js on stdio or on streamable HTTP, driven by the
// SDK's own client. Every message the client receives and everything the server
// writes to stderr is kept, so a test can look for the API key in all of it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { startLocalService } from '../../local-service/index.mjs';
import { connectService } from '../../js-tests/shared/service.mjs';
import catalog from '../src/tools.generated.js';

/** Every tool, as generated from the client's declarations. */
export const TOOLS = catalog.tools;
export const READS = TOOLS.filter((tool) => !tool.write);
export const WRITES = TOOLS.filter((tool) => tool.write);
export const toolNamed = (name) => {
  const tool = TOOLS.find((t) => t.name === name);
  assert.ok(tool, `${name} is a generated tool`);
  return tool;
};
export const namesOf = (tools) => tools.map((tool) => tool.name).sort();

export const BIN = fileURLToPath(new URL('../bin/publisher-mcp.js', import.meta.url));
export const TRANSPORTS = ['stdio', 'http'];

// Long and unlike anything in the service's data, so finding it anywhere is a leak.
export const API_KEY = 'mcp-test-session-7Qz4xK9wPb';

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * The local service (seeded, 30 posts, the test key) and its controls
 * (`fault`, `drafts`, `apiRequests`, `raw`, …); `close()` stops it.
 */
export async function startService(options = {}) {
  const service = await startLocalService({ seed: 1, posts: 30, apiKey: API_KEY, ...options });
  return {
    url: service.url,
    apiKey: service.apiKey,
    controls: connectService({ url: service.url, apiKey: service.apiKey }),
    close: () => service.close(),
  };
}

/** The server's whole environment: the service's URL and key, PATH, and `extra`. */
export function serverEnv(service, extra = {}) {
  return { PATH: process.env.PATH ?? '', PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url, ...extra };
}

/**
 * Starts bin/publisher-mcp.js over `transport` ('stdio' or 'http') with `args` and the
 * environment `env` (see serverEnv), and connects the SDK's client to it. Resolves with
 * a session: `client`, `listTools()`, `call(name, args)` (never throws for a tool
 * result; a protocol error rejects), `received` (every message the client got),
 * `stderr()`, `called` (the tools whose call succeeded) and `close()`.
 */
export async function startServer(transport, { args = [], env }) {
  assert.ok(env, 'startServer needs the environment (serverEnv)');
  const stderr = [];
  let connection;
  if (transport === 'stdio') {
    const stdio = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], env, stderr: 'pipe' });
    stdio.stderr.on('data', (chunk) => stderr.push(String(chunk)));
    // Closing the transport ends the child (stdin closed, then signals); done twice, it does nothing.
    connection = { transport: stdio, stop: () => stdio.close() };
  } else if (transport === 'http') {
    const server = await spawnHttpServer(args, env, stderr);
    connection = {
      transport: new StreamableHTTPClientTransport(new URL(server.url)),
      url: server.url,
      stop: () => stopChild(server.child),
    };
  } else {
    throw new Error(`unknown transport ${transport}`);
  }

  const received = [];
  recordMessages(connection.transport, received);
  const client = new Client({ name: 'publisher-mcp-tests', version: '1.0.0' });
  try {
    await client.connect(connection.transport);
  } catch (error) {
    await connection.stop();
    throw new Error(`connecting over ${transport} failed: ${error.message}\nserver stderr: ${stderr.join('')}`);
  }

  const called = new Set();
  return {
    transport,
    client,
    url: connection.url,
    received,
    called,
    stderr: () => stderr.join(''),
    async listTools() {
      return (await client.listTools()).tools;
    },
    /** The result of `tools/call`; a successful one is checked and its tool noted in `called`. */
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      if (!result.isError) {
        assertSuccess(name, result);
        called.add(name);
      }
      return result;
    },
    async close() {
      try {
        await client.close();
      } finally {
        await connection.stop();
      }
    },
  };
}

/**
 * Keeps every message the transport hands to the client, from the handshake on: the
 * client sets `onmessage` when it connects, and gets it back wrapped.
 */
function recordMessages(transport, sink) {
  let handler;
  const recording = (message, ...rest) => {
    sink.push(message);
    return handler?.(message, ...rest);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (handler ? recording : undefined),
    set: (fn) => {
      handler = fn;
    },
  });
}

/**
 * `bin/publisher-mcp.js --http 0 …`; resolves with `{child, url, port}` once its stderr
 * (collected into `stderr`) names the URL it serves.
 */
export function spawnHttpServer(args, env, stderr = []) {
  const child = spawn(process.execPath, [BIN, '--http', '0', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`publisher-mcp --http did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (error) => {
      clearTimeout(timer);
      stopChild(child).finally(() => reject(new Error(`${error.message}\nserver stderr: ${stderr.join('')}`)));
    };
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`publisher-mcp --http exited before serving (code ${code}, signal ${signal})`)));
    child.stderr.on('data', (chunk) => {
      stderr.push(chunk);
      const served = /serving (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/.exec(stderr.join(''));
      if (!served) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      resolve({ child, url: served[1], port: Number(served[2]) });
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited in time; resolves once it has exited. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs bin/publisher-mcp.js with `args` and exactly `env` until it exits (stdin closed at
 * once; killed after a timeout): `{code, signal, stdout, stderr}`.
 */
export function runBin(args, env) {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The text of a tool result (its text contents, joined). */
export function textOf(result) {
  return (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text).join('\n');
}

/** A successful tool result: structuredContent, and a text rendering that starts with the tool's name. */
export function assertSuccess(name, result) {
  assert.notEqual(result.isError, true, `${name} failed: ${textOf(result)}`);
  assert.ok(result.structuredContent !== null && typeof result.structuredContent === 'object', `${name}: structuredContent`);
  const texts = (result.content ?? []).filter((part) => part.type === 'text');
  assert.equal(texts.length, 1, `${name}: one text content`);
  assert.ok(texts[0].text.startsWith(`${name}: `), `${name}: the text names the tool: ${texts[0].text.slice(0, 80)}`);
}

/** A failed tool result: isError, one text, no structured content; resolves with the text. */
export function assertToolError(name, result) {
  assert.equal(result.isError, true, `${name} was expected to fail: ${textOf(result).slice(0, 200)}`);
  assert.equal(result.structuredContent, undefined, `${name}: no structuredContent on an error`);
  const texts = (result.content ?? []).filter((part) => part.type === 'text');
  assert.equal(texts.length, 1, `${name}: one text content`);
  // A stack has lines like "    at fn (file.js:1:2)".
  assert.doesNotMatch(texts[0].text, /\n\s+at\s/, `${name}: no stack in the error`);
  return texts[0].text;
}

/** `getFullProfileBySlug` → `get_full_profile_by_slug`. */
export function snakeCase(method) {
  return method.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A release time `days` ahead, on a whole second (the service echoes it as sent). */
export function daysAhead(days) {
  return new Date(Math.ceil((Date.now() + days * 86_400_000) / 1000) * 1000).toISOString();
}
