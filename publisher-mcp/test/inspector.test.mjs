// The MCP Inspector's CLI (@modelcontextprotocol/inspector-cli, `--cli`) as a user runs
// it: against the stdio server (`node bin/publisher-mcp.js`, its environment given with
// -e) and against the streamable HTTP server (`--http 0`, by URL), listing the tools and
// calling get_posts over the local service, and listing and getting the prompts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile as execFileCallback } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import catalog from '../src/tools.generated.js';
import { startLocalService } from '../../local-service/index.mjs';
import { connectService } from '../../js-tests/shared/service.mjs';
import { spawnHttpServer, stopChild } from './support.mjs';

const execFile = promisify(execFileCallback);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const binPath = join(packageDir, 'bin', 'publisher-mcp.js');
const inspectorCli = join(packageDir, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'cli.js');
const readTools = catalog.tools.filter((tool) => !tool.write);

let service;
let controls;
let httpServer;

/**
 * Runs `mcp-inspector-cli --cli <args>` and parses the JSON it prints. The working folder
 * is the package's: the CLI finds its own package.json through `../package.json` of the
 * working folder (it exists from here) before importing it relative to itself.
 */
async function inspect(args) {
  const { stdout } = await execFile(process.execPath, [inspectorCli, '--cli', ...args], {
    cwd: packageDir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' },
  });
  return { result: JSON.parse(stdout), stdout };
}

/** The stdio target: the server's command line with its environment as -e pairs. */
const stdioTarget = (extraEnv = {}) => [
  ...Object.entries({ PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url, ...extraEnv }).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
  process.execPath, binPath,
];

/** The first two posts, as the service itself lists them. */
const firstTwoPosts = async () => (await controls.raw('/api/v1/posts?offset=0&limit=2')).map((post) => post.id);

function assertListsTheTools(listed, expected) {
  assert.deepEqual(listed.map((tool) => tool.name), expected.map((tool) => tool.name));
  for (const tool of expected) {
    const shown = listed.find((entry) => entry.name === tool.name);
    assert.equal(shown.description, tool.description, `${tool.name}: description`);
    assert.deepEqual(shown.annotations, tool.annotations, `${tool.name}: annotations`);
    assert.deepEqual(Object.keys(shown.inputSchema.properties ?? {}).sort(), Object.keys(tool.inputSchema.properties).sort(), `${tool.name}: arguments`);
    assert.deepEqual([...(shown.inputSchema.required ?? [])].sort(), [...(tool.inputSchema.required ?? [])].sort(), `${tool.name}: required arguments`);
    if (!tool.write) assert.equal(shown.outputSchema?.type, 'object', `${tool.name}: an output schema`);
  }
}

function assertTwoPosts(result, ids, stdout) {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  assert.deepEqual(result.structuredContent.items.map((post) => post.id), ids);
  const [text] = result.content;
  assert.equal(text.type, 'text');
  const lines = text.text.split('\n');
  assert.equal(lines[0], 'get_posts: 2 items');
  assert.deepEqual(lines.slice(1, -1).map((line) => /^- #(\d+) · /.exec(line)?.[1]), ids.map(String));
  assert.equal(lines.at(-1), 'next page: cursor "o:2"');
  assert.ok(!stdout.includes(service.apiKey), 'the API key is in the output');
}

before(async () => {
  service = await startLocalService({ seed: 3, posts: 30 });
  controls = connectService({ url: service.url, apiKey: service.apiKey });
  httpServer = await spawnHttpServer([], { ...process.env, PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url });
});

after(async () => {
  if (httpServer) await stopChild(httpServer.child);
  if (service) await service.close();
});

test('stdio: tools/list shows every read tool of tools.generated.js, with its description, annotations and arguments', async () => {
  const { result } = await inspect([...stdioTarget(), '--method', 'tools/list']);
  assertListsTheTools(result.tools, readTools);
});

test('stdio with PUBLISHER_MCP_WRITES=1: tools/list shows the write tools too', async () => {
  const { result } = await inspect([...stdioTarget({ PUBLISHER_MCP_WRITES: '1' }), '--method', 'tools/list']);
  assertListsTheTools(result.tools, catalog.tools);
  assert.ok(catalog.tools.some((tool) => tool.write));
});

test('stdio: tools/call get_posts with limit 2 gives the first two posts, structured and as text', async () => {
  const { result, stdout } = await inspect([...stdioTarget(), '--method', 'tools/call', '--tool-name', 'get_posts', '--tool-arg', 'limit=2']);
  assertTwoPosts(result, await firstTwoPosts(), stdout);
});

test('stdio: a failed call is a tool result with isError and its one sentence, kind and status', async () => {
  const { result } = await inspect([...stdioTarget(), '--method', 'tools/call', '--tool-name', 'get_post', '--tool-arg', 'slug=no-such-post']);
  assert.equal(result.isError, true);
  assert.equal(result.content.length, 1);
  assert.match(result.content[0].text, /^get_post failed: .+ \(kind: http, HTTP status: 404\)$/);
});

test('stdio: prompts/list shows published_this_week, and with writes draft_post too', async () => {
  const { result } = await inspect([...stdioTarget(), '--method', 'prompts/list']);
  assert.deepEqual(result.prompts.map((prompt) => [prompt.name, prompt.arguments.map((arg) => `${arg.name}${arg.required ? '' : '?'}`)]), [['published_this_week', ['days?']]]);
  const withWrites = await inspect([...stdioTarget({ PUBLISHER_MCP_WRITES: '1' }), '--method', 'prompts/list']);
  assert.deepEqual(withWrites.result.prompts.map((prompt) => [prompt.name, prompt.arguments.map((arg) => `${arg.name}${arg.required ? '' : '?'}`)]), [['draft_post', ['notes', 'title?']], ['published_this_week', ['days?']]]);
  for (const prompt of withWrites.result.prompts) assert.ok(prompt.description.length > 20, `${prompt.name}: a description`);
});

test('stdio with writes: prompts/get draft_post with notes and a title; HTTP: prompts/get published_this_week with days', async () => {
  const { result } = await inspect([...stdioTarget({ PUBLISHER_MCP_WRITES: '1' }), '--method', 'prompts/get', '--prompt-name', 'draft_post', '--prompt-args', 'notes=three lessons from the garden', 'title=What the garden taught me']);
  assert.equal(result.messages.length, 1);
  assert.equal(result.messages[0].role, 'user');
  const text = result.messages[0].content.text;
  assert.match(text, /titled "What the garden taught me"/);
  assert.match(text, /create_draft[\s\S]*check_draft[\s\S]*send: true emails the post to every subscriber, and an email cannot be taken back/);
  assert.ok(text.endsWith('My notes:\n\nthree lessons from the garden'));
  const week = await inspect([httpServer.url, '--transport', 'http', '--method', 'prompts/get', '--prompt-name', 'published_this_week', '--prompt-args', 'days=3']);
  assert.match(week.result.messages[0].content.text, /^What did I publish in the last 3 days, that is since \d{4}-\d{2}-\d{2}T/);
});

test('streamable HTTP (a URL ending in /mcp): tools/list and tools/call get_posts with limit 2', async () => {
  const listed = await inspect([httpServer.url, '--method', 'tools/list']);
  assertListsTheTools(listed.result.tools, readTools);
  const called = await inspect([httpServer.url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'get_posts', '--tool-arg', 'limit=2']);
  assertTwoPosts(called.result, await firstTwoPosts(), called.stdout);
});
