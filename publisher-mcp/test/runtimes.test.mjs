// The fetch handler in the runtimes it is written for, each serving MCP on 127.0.0.1 over
// the local service and driven by the SDK's client over streamable HTTP (tools/list,
// tools/call get_posts, a failed call): a Cloudflare Worker (`publisher-mcp/worker`,
// bundled by wrangler's esbuild and run in its local workerd, with and without
// nodejs_compat), Deno (Deno.serve, --allow-net=127.0.0.1 only) and Bun (Bun.serve),
// both with `createFetchHandler` from `publisher-mcp`. The consumer project is a temporary
// folder whose node_modules/publisher-mcp links to this package.
// The Worker needs no compatibility flag: the `workerd` export conditions of the SDK and
// of publisher-wasm pick their Workers builds (a JSON Schema validator that generates no
// code; the wasm imported as a compiled module), and nothing imports node:*.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

import catalog from '../src/tools.generated.js';
import { startLocalService } from '../../local-service/index.mjs';
import { connectService } from '../../js-tests/shared/service.mjs';
import { tools as consumerTools } from '../../js-tests/consumers/tools.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageDir, '..');
const denoPath = join(repoRoot, 'node_modules', '.bin', 'deno');
const publisherWasmDir = realpathSync(join(packageDir, 'node_modules', 'publisher-wasm'));
const readTools = catalog.tools.filter((tool) => !tool.write);

let runtimes;
let service;
let controls;
let project;
let serverEnv;

const write = (path, text) => {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
};

/**
 * Spawns `command args` in the project and resolves once it prints its JSON line
 * `{"url": …}`; `stop()` ends it: by closing its stdin when `stopsOnStdinEnd` (a runner
 * that cleans up first), else by SIGTERM.
 */
function startProgram(command, args, { env = {}, stopsOnStdinEnd = false } = {}) {
  const child = spawn(command, args, { cwd: project, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    // A runner that does not stop on stdin's end within a while is sent SIGTERM too.
    const timer = setTimeout(() => child.kill('SIGTERM'), stopsOnStdinEnd ? 15_000 : 0);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolveStart, reject) => {
    // A runtime that never serves fails the test rather than hanging it.
    const deadline = setTimeout(() => {
      reject(new Error(`${command} did not serve within 90 s:\n${stderr.slice(-3000)}`));
      child.kill('SIGTERM');
    }, 90_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((text) => text.startsWith('{'));
      if (!line) return;
      clearTimeout(deadline);
      resolveStart({ url: JSON.parse(line).url, stop, stderr: () => stderr });
    });
    exited.then((code) => {
      clearTimeout(deadline);
      reject(new Error(`${command} exited (code ${code}) before serving:\n${stderr.slice(-3000)}`));
    });
  });
}

/** What a client sees: the tools, a call of get_posts with limit 2, a call that fails, and a prompt. */
async function drive(url) {
  const client = new Client({ name: 'runtimes-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const { tools } = await client.listTools();
    const posts = await client.callTool({ name: 'get_posts', arguments: { limit: 2 } });
    const missing = await client.callTool({ name: 'get_post', arguments: { slug: 'no-such-post' } });
    const { prompts } = await client.listPrompts();
    const week = await client.getPrompt({ name: 'published_this_week', arguments: { days: '2' } });
    const elsewhere = await fetch(new URL('/elsewhere', url));
    return { tools, posts, missing, prompts, week, elsewhere: { status: elsewhere.status, text: await elsewhere.text() } };
  } finally {
    await client.close();
  }
}

async function assertServes(url) {
  const seen = await drive(url);
  assert.deepEqual(seen.tools.map((tool) => tool.name), readTools.map((tool) => tool.name));
  const expectedIds = (await controls.raw('/api/v1/posts?offset=0&limit=2')).map((post) => post.id);
  assert.notEqual(seen.posts.isError, true, JSON.stringify(seen.posts.content));
  assert.deepEqual(seen.posts.structuredContent.items.map((post) => post.id), expectedIds);
  assert.equal(seen.posts.content[0].text.split('\n')[0], 'get_posts: 2 items');
  assert.equal(seen.missing.isError, true);
  assert.match(seen.missing.content[0].text, /^get_post failed: .+ \(kind: http, HTTP status: 404\)$/);
  assert.deepEqual(seen.prompts.map((prompt) => prompt.name), ['published_this_week']);
  assert.match(seen.week.messages[0].content.text, /^What did I publish in the last 2 days, that is since /);
  assert.equal(seen.elsewhere.status, 404);
  assert.match(seen.elsewhere.text, /the MCP endpoint is \/mcp/);
}

/** esbuild's warnings in wrangler's log: [{message, id, file}] (file absolute, or null). */
function bundleWarnings(log, folder) {
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '');
  return plain.split('▲ [WARNING] ').slice(1).map((block) => {
    const [first] = block.split('\n');
    const located = /^\s+(\S+?):\d+:\d+:$/m.exec(block);
    return {
      message: first.replace(/\s*\[[\w-]+\]\s*$/, ''),
      id: /\[([\w-]+)\]\s*$/.exec(first)?.[1] ?? null,
      // wrangler names a file relative to the worker's folder.
      file: located ? resolve(project, folder, located[1]) : null,
    };
  });
}

/** Runs `worker/<folder>` in wrangler's local workerd (Node 24: wrangler needs 22+). */
function startWorker(folder) {
  return startProgram(runtimes.node24, ['worker-run.mjs', `${folder}/wrangler.toml`], {
    // No request for the Request.cf object or metrics: nothing leaves 127.0.0.1. Its
    // debug log goes to the project folder, removed at the end.
    env: { CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: join(project, 'wrangler-logs') },
    stopsOnStdinEnd: true,
  });
}

before(async () => {
  runtimes = consumerTools();
  service = await startLocalService({ seed: 4, posts: 30 });
  controls = connectService({ url: service.url, apiKey: service.apiKey });
  project = mkdtempSync(join(tmpdir(), 'publisher-mcp-runtimes-'));
  write('package.json', JSON.stringify({ name: 'publisher-mcp-runtimes', private: true, type: 'module' }));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(packageDir, join(project, 'node_modules', 'publisher-mcp'), 'dir');
  serverEnv = { PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url };

  // A Worker whose main is the package's worker, configured by its variables.
  const vars = Object.entries(serverEnv).map(([key, value]) => `${key} = ${JSON.stringify(value)}`).join('\n');
  for (const [folder, flags] of [['worker', ''], ['worker-compat', 'compatibility_flags = ["nodejs_compat"]\n']]) {
    write(`${folder}/index.js`, "export { default } from 'publisher-mcp/worker';\n");
    write(`${folder}/wrangler.toml`, `name = "publisher-mcp-${folder}"\nmain = "index.js"\ncompatibility_date = "2025-09-01"\n${flags}\n[vars]\n${vars}\n`);
  }
  write('worker-run.mjs', `const { unstable_startWorker } = await import(${JSON.stringify(pathToFileURL(runtimes.wrangler).href)});
const worker = await unstable_startWorker({ config: process.argv[2], dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, logLevel: 'warn' } });
const url = new URL('/mcp', await worker.url);
console.log(JSON.stringify({ url: url.href }));
process.stdin.resume();
process.stdin.on('end', async () => {
  await worker.dispose();
  process.exit(0);
});
`);
  write('deno-serve.mjs', `import { createFetchHandler } from 'publisher-mcp';
const handler = createFetchHandler(JSON.parse(Deno.args[0]));
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(JSON.stringify({ url: \`http://127.0.0.1:\${port}/mcp\` })) }, (request) => handler.fetch(request));
`);
  write('bun-serve.mjs', `import { createFetchHandler } from 'publisher-mcp';
const handler = createFetchHandler(JSON.parse(process.argv[2]));
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => handler.fetch(request) });
console.log(JSON.stringify({ url: \`http://127.0.0.1:\${server.port}/mcp\` }));
`);
});

after(async () => {
  if (service) await service.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

test('Cloudflare Workers (local workerd), no compatibility flag: publisher-mcp/worker answers tools/list and tools/call', async () => {
  const worker = await startWorker('worker');
  try {
    await assertServes(worker.url);
  } finally {
    await worker.stop();
  }
  // What wrangler's esbuild said while bundling: nothing about the SDK, zod or this
  // package. publisher-wasm's wasm-bindgen glue names a snippet module several times in
  // one import object (duplicate-object-key): harmless, and the only warnings allowed.
  const warnings = bundleWarnings(worker.stderr(), 'worker');
  const glue = warnings.filter((w) => w.id === 'duplicate-object-key' && w.file?.startsWith(publisherWasmDir + sep) && w.file.endsWith('publisher_wasm.js'));
  const others = warnings.filter((w) => !glue.includes(w));
  if (glue.length) console.log(`wrangler: ${glue.length} duplicate-object-key warning(s) in publisher-wasm's glue (${[...new Set(glue.map((w) => w.file.slice(publisherWasmDir.length + 1)))].join(', ')})`);
  assert.deepEqual(others.map((w) => `${w.id}: ${w.message} (${w.file})`), []);
});

test('Cloudflare Workers (local workerd) with nodejs_compat: the same worker answers the same', async () => {
  const worker = await startWorker('worker-compat');
  try {
    await assertServes(worker.url);
  } finally {
    await worker.stop();
  }
});

const startDeno = () => startProgram(denoPath, ['run', '--no-lock', '--allow-net=127.0.0.1', 'deno-serve.mjs', JSON.stringify(serverEnv)]);
const startBun = () => startProgram(runtimes.bun, ['bun-serve.mjs', JSON.stringify(serverEnv)]);

test('Deno (Deno.serve, --allow-net=127.0.0.1 only): createFetchHandler answers tools/list and tools/call', async () => {
  const deno = await startDeno();
  try {
    await assertServes(deno.url);
  } finally {
    await deno.stop();
  }
});

test('Bun (Bun.serve): createFetchHandler answers tools/list and tools/call', async () => {
  const bun = await startBun();
  try {
    await assertServes(bun.url);
  } finally {
    await bun.stop();
  }
});

/** The status of an initialize POSTed to `url` with `host` as its Host and Origin (fetch may not set Host). */
function statusWithHost(url, host) {
  const target = new URL(url);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'rebinding-probe', version: '1.0.0' } } });
  return new Promise((resolveStatus, reject) => {
    const request = httpRequest({
      hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    }, (response) => {
      response.resume();
      response.on('end', () => resolveStatus(response.statusCode));
    });
    request.on('error', reject);
    request.end(body);
  });
}

// A page on evil.example.com whose name resolves to 127.0.0.1 reaches a loopback server
// with its own name as Host and Origin; the fetch handler, like bin/publisher-mcp.js
// --http, refuses it.
test('Deno and Bun on 127.0.0.1: a foreign Host/Origin is refused with a 4xx, a local one served (DNS rebinding)', async () => {
  for (const start of [startDeno, startBun]) {
    const server = await start();
    try {
      const local = new URL(server.url).host;
      assert.equal(await statusWithHost(server.url, local), 200);
      const foreign = await statusWithHost(server.url, 'evil.example.com');
      assert.ok(foreign >= 400 && foreign < 500, `a foreign Host/Origin got HTTP ${foreign}`);
    } finally {
      await server.stop();
    }
  }
});
