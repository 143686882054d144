// The MCP conformance suite (@modelcontextprotocol/conformance, server mode) against
// `publisher-mcp --http 0` over the local service: every server scenario runs once (the
// active suite, then the pending ones by name), each scenario's checks are read from its
// checks.json, and a table says which scenarios apply to this server and why. Many
// scenarios call the suite's own reference fixtures (test_simple_text, test://static-text,
// test_simple_prompt…), which a real server does not have: those do not apply. The ones
// about the lifecycle, the transport, the tools list and the prompts list apply, and must
// pass. prompts-get-simple and prompts-get-with-args ask for the suite's own prompts by
// name (test_simple_prompt; test_prompt_with_arguments with arg1 and arg2) and check the
// answer's shape: they do not apply, and test/prompts.test.mjs checks the same shape
// (messages, each with a role and content) on this server's own prompts.
// The suite needs Node 22+ (fs.globSync): it runs on the consumer tools' Node 24.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

import catalog from '../src/tools.generated.js';
import { startLocalService } from '../../local-service/index.mjs';
import { tools as consumerTools } from '../../js-tests/consumers/tools.mjs';
import { spawnHttpServer, stopChild } from './support.mjs';

const execFile = promisify(execFileCallback);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const conformanceCli = join(packageDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const conformanceVersion = JSON.parse(readFileSync(join(packageDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'package.json'), 'utf8')).version;
const readTools = catalog.tools.filter((tool) => !tool.write);

/**
 * What each server scenario of the suite exercises, read from the suite's source: the
 * lifecycle or transport (every server), a capability the server must declare, or one of
 * the suite's reference fixtures (a tool, prompt or resource of its own test server).
 * A scenario applies when the server has everything it needs. A scenario missing here
 * fails the run: a new version of the suite needs a decision, not a default.
 */
const SCENARIO_NEEDS = {
  'server-initialize': { transport: 'the initialize handshake every client starts with' },
  ping: { transport: 'ping, which every server answers' },
  'tools-list': { capability: 'tools' },
  'dns-rebinding-protection': { transport: 'a loopback server without auth must refuse a foreign Host/Origin' },
  'server-sse-multiple-streams': { transport: 'concurrent POST streams' },
  'server-sse-polling': { tool: 'test_reconnection' },
  'logging-set-level': { capability: 'logging' },
  'completion-complete': { capability: 'completions', prompt: 'test_prompt_with_arguments' },
  'tools-call-simple-text': { tool: 'test_simple_text' },
  'tools-call-image': { tool: 'test_image_content' },
  'tools-call-audio': { tool: 'test_audio_content' },
  'tools-call-embedded-resource': { tool: 'test_embedded_resource' },
  'tools-call-mixed-content': { tool: 'test_multiple_content_types' },
  'tools-call-with-logging': { capability: 'logging', tool: 'test_tool_with_logging' },
  'tools-call-error': { tool: 'test_error_handling' },
  'tools-call-with-progress': { tool: 'test_tool_with_progress' },
  'tools-call-sampling': { tool: 'test_sampling' },
  'tools-call-elicitation': { tool: 'test_elicitation' },
  'json-schema-2020-12': { tool: 'json_schema_2020_12_tool' },
  'elicitation-sep1034-defaults': { tool: 'test_elicitation_sep1034_defaults' },
  'elicitation-sep1330-enums': { tool: 'test_elicitation_sep1330_enums' },
  'resources-list': { capability: 'resources' },
  'resources-read-text': { capability: 'resources', resource: 'test://static-text' },
  'resources-read-binary': { capability: 'resources', resource: 'test://static-binary' },
  'resources-templates-read': { capability: 'resources', resource: 'test://template/{id}/data' },
  'resources-subscribe': { capability: 'resources', resource: 'test://watched-resource' },
  'resources-unsubscribe': { capability: 'resources', resource: 'test://watched-resource' },
  'prompts-list': { capability: 'prompts' },
  'prompts-get-simple': { capability: 'prompts', prompt: 'test_simple_prompt' },
  'prompts-get-with-args': { capability: 'prompts', prompt: 'test_prompt_with_arguments' },
  'prompts-get-embedded-resource': { capability: 'prompts', prompt: 'test_prompt_with_embedded_resource' },
  'prompts-get-with-image': { capability: 'prompts', prompt: 'test_prompt_with_image' },
};

/** Scenarios that apply to every MCP server over streamable HTTP on loopback. */
const MUST_APPLY = ['server-initialize', 'ping', 'tools-list', 'prompts-list', 'dns-rebinding-protection', 'server-sse-multiple-streams'];

/**
 * Warnings accepted on a scenario that applies, by check id, with the reason. Any other
 * warning fails: it is a SHOULD of the spec that this server does not meet.
 */
const ACCEPTED_WARNINGS = {
  // The SDK's createMcpHandler serves 2025-era clients statelessly (a fresh server per
  // request, no Mcp-Session-Id), which the spec allows; the scenario then stops. The test
  // "concurrent POSTs without a session" below checks what it would have.
  'server-sse-multiple-streams-session': 'stateless server: no session ID, which the transport allows',
};

let service;
let server;
let outputDir;
let runs; // [{scenario, suite, checks}]
let offered; // {capabilities, tools, prompts, resources}

/** Runs the suite's CLI on Node 24; it exits 1 whenever a check fails, so the output is what counts. */
async function conformance(node24, args) {
  try {
    return (await execFile(node24, [conformanceCli, ...args], { encoding: 'utf8', timeout: 180_000, maxBuffer: 64 << 20, env: { ...process.env, NO_COLOR: '1' } })).stdout;
  } catch (error) {
    if (typeof error.stdout === 'string' && error.code === 1) return error.stdout;
    throw error;
  }
}

/** The checks of every scenario run into `dir`: each run writes server-<scenario>-<ISO time>/checks.json. */
function readRuns(dir) {
  const runsByScenario = new Map();
  for (const name of readdirSync(dir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(name)?.[1];
    assert.ok(scenario, `unexpected result folder ${name}`);
    assert.ok(!runsByScenario.has(scenario), `${scenario} ran twice`);
    runsByScenario.set(scenario, JSON.parse(readFileSync(join(dir, name, 'checks.json'), 'utf8')));
  }
  return runsByScenario;
}

/** What the server offers, asked the way a client asks: capabilities, then each list it declares. */
async function whatTheServerOffers(url) {
  const client = new Client({ name: 'conformance-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const capabilities = client.getServerCapabilities() ?? {};
    const tools = capabilities.tools ? (await client.listTools()).tools.map((tool) => tool.name) : [];
    const prompts = capabilities.prompts ? (await client.listPrompts()).prompts.map((prompt) => prompt.name) : [];
    const resources = capabilities.resources
      ? [...(await client.listResources()).resources.map((r) => r.uri), ...(await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)]
      : [];
    return { capabilities, tools, prompts, resources };
  } finally {
    await client.close();
  }
}

/** Whether `scenario` applies to this server (what it offers), and why or why not. */
function decide(scenario) {
  const needs = SCENARIO_NEEDS[scenario];
  if (!needs) return { applies: undefined, why: 'not in SCENARIO_NEEDS: decide whether it applies' };
  if (needs.transport) return { applies: true, why: needs.transport };
  const missing = [];
  if (needs.capability && !offered.capabilities[needs.capability]) missing.push(`declares no ${needs.capability} capability`);
  if (needs.tool && !offered.tools.includes(needs.tool)) missing.push(`has no tool ${needs.tool} (the suite's reference tool)`);
  if (needs.prompt && !offered.prompts.includes(needs.prompt)) missing.push(`has no prompt ${needs.prompt} (the suite's reference prompt)`);
  if (needs.resource && !offered.resources.includes(needs.resource)) missing.push(`has no resource ${needs.resource} (the suite's reference resource)`);
  if (missing.length) return { applies: false, why: `the server ${missing.join(' and ')}` };
  return { applies: true, why: `the server declares ${needs.capability}${needs.tool ? ` and has ${needs.tool}` : ''}${needs.prompt ? ` and has ${needs.prompt}` : ''}` };
}

const countOf = (checks, status) => checks.filter((check) => check.status === status).length;

const shorten = (text) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

function resultOf(checks) {
  const failed = checks.filter((check) => check.status === 'FAILURE');
  const warned = checks.filter((check) => check.status === 'WARNING');
  const passed = countOf(checks, 'SUCCESS');
  if (failed.length) return `FAIL (${failed.length} failed, ${passed} passed): ${shorten(failed[0].errorMessage ?? failed[0].description)}`;
  if (warned.length) return `pass, ${passed} passed, ${warned.length} warning(s): ${warned.map((check) => check.id).join(', ')}`;
  return `pass (${passed} passed)`;
}

before(async () => {
  const { node24 } = consumerTools();
  service = await startLocalService({ seed: 1, posts: 30 });
  server = await spawnHttpServer([], { ...process.env, PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url });
  offered = await whatTheServerOffers(server.url);
  outputDir = mkdtempSync(join(tmpdir(), 'publisher-mcp-conformance-'));

  const listing = await conformance(node24, ['list', '--server']);
  const allScenarios = [...listing.matchAll(/^ {2}- (\S+)/gm)].map((match) => match[1]);
  assert.ok(allScenarios.length > 0, `the suite listed no server scenario:\n${listing}`);

  // The active suite in one run, then the rest of `all` (the pending scenarios) by name.
  const activeDir = join(outputDir, 'active');
  const activeOut = await conformance(node24, ['server', '--url', server.url, '-o', activeDir]);
  const active = readRuns(activeDir);
  assert.match(activeOut, new RegExp(`Running active suite \\(${active.size} scenarios\\)`));
  const pendingDir = join(outputDir, 'pending');
  for (const scenario of allScenarios.filter((name) => !active.has(name))) {
    await conformance(node24, ['server', '--url', server.url, '--scenario', scenario, '-o', pendingDir]);
  }
  const pending = allScenarios.some((name) => !active.has(name)) ? readRuns(pendingDir) : new Map();
  runs = allScenarios.map((scenario) => ({
    scenario,
    suite: active.has(scenario) ? 'active' : 'pending',
    checks: active.get(scenario) ?? pending.get(scenario),
  }));
});

after(async () => {
  if (server) await stopChild(server.child);
  if (service) await service.close();
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

test('every server scenario of the suite (active and pending) ran once, and each has a decision', () => {
  console.log(`\n@modelcontextprotocol/conformance ${conformanceVersion}, server mode, against ${server.url.replace(/:\d+\//, ':PORT/')}`);
  console.log('| scenario | suite | applies? | result | why |\n|---|---|---|---|---|');
  for (const { scenario, suite, checks } of runs) {
    const { applies, why } = decide(scenario);
    const shown = applies === undefined ? 'UNDECIDED' : applies ? 'yes' : 'no';
    console.log(`| ${scenario} | ${suite} | ${shown} | ${checks ? resultOf(checks) : 'did not run'} | ${why} |`);
  }
  for (const { scenario, checks } of runs) {
    assert.ok(Array.isArray(checks) && checks.length > 0, `${scenario}: no checks.json with checks`);
    assert.notEqual(decide(scenario).applies, undefined, `${scenario}: ${decide(scenario).why}`);
  }
  assert.ok(runs.some(({ suite }) => suite === 'active'));
});

test('the scenarios that apply pass: initialize, ping, tools-list, prompts-list, DNS rebinding protection, the transport', () => {
  const applicable = runs.filter(({ scenario }) => decide(scenario).applies);
  for (const name of MUST_APPLY) assert.ok(applicable.some(({ scenario }) => scenario === name), `${name} must apply to this server`);
  for (const { scenario, checks } of applicable) {
    const failed = checks.filter((check) => check.status === 'FAILURE');
    assert.deepEqual(failed.map((check) => `${check.id}: ${check.errorMessage ?? check.description}`), [], `${scenario} failed`);
    const unexpected = checks.filter((check) => check.status === 'WARNING' && !(check.id in ACCEPTED_WARNINGS));
    assert.deepEqual(unexpected.map((check) => `${check.id}: ${check.errorMessage ?? JSON.stringify(check.details)}`), [], `${scenario} warned`);
    assert.ok(checks.some((check) => check.status === 'SUCCESS' || check.id in ACCEPTED_WARNINGS), `${scenario}: no check passed`);
  }
  // The DNS rebinding checks are both there: a foreign Host/Origin refused, a local one served.
  const rebinding = runs.find(({ scenario }) => scenario === 'dns-rebinding-protection').checks;
  assert.deepEqual(rebinding.map((check) => [check.id, check.status]).sort(), [
    ['localhost-host-rebinding-rejected', 'SUCCESS'],
    ['localhost-host-valid-accepted', 'SUCCESS'],
  ]);
  const refused = rebinding.find((check) => check.id === 'localhost-host-rebinding-rejected');
  assert.equal(refused.details.statusCode, 403);
});

test("the suite's tools-list sees exactly the read tools of tools.generated.js, in order", () => {
  const [check] = runs.find(({ scenario }) => scenario === 'tools-list').checks;
  assert.deepEqual(check.details.tools, readTools.map((tool) => tool.name));
  assert.equal(check.details.toolCount, readTools.length);
});

test("the suite's prompts-list sees the prompt a server without writes offers, with its description", () => {
  const [check] = runs.find(({ scenario }) => scenario === 'prompts-list').checks;
  assert.equal(check.status, 'SUCCESS');
  assert.deepEqual(check.details, { promptCount: 1, prompts: ['published_this_week'] });
  assert.deepEqual(offered.prompts, ['published_this_week']);
});

test('the scenarios that do not apply fail only for want of the suite\'s fixtures, not on the transport', () => {
  for (const { scenario, checks } of runs.filter(({ scenario: name }) => decide(name).applies === false)) {
    const needs = SCENARIO_NEEDS[scenario];
    for (const check of checks.filter((c) => c.status === 'FAILURE')) {
      const message = check.errorMessage ?? '';
      // A missing method (-32601), an unknown tool or prompt (-32602 "not found"), or the
      // suite naming the tool it could not find: never a refused connection or a bad handshake.
      const forWantOfFixture = /-32601|Method not found/.test(message)
        || (needs.tool && message.includes(needs.tool) && /not found/i.test(message))
        || (needs.prompt && message.includes(`Prompt ${needs.prompt} not found`));
      assert.ok(forWantOfFixture, `${scenario} failed for another reason: ${check.id}: ${message}`);
    }
  }
});

test('concurrent POSTs without a session each get their own answer (what server-sse-multiple-streams skips for a stateless server)', async () => {
  const ids = [1000, 1001, 1002];
  const responses = await Promise.all(ids.map((id) => fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', 'mcp-protocol-version': '2025-03-26' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: {} }),
  })));
  assert.deepEqual(responses.map((response) => response.status), [200, 200, 200]);
  const answers = await Promise.all(responses.map(async (response) => {
    const text = await response.text();
    // One JSON body, or an SSE stream whose data lines carry the answer.
    const payload = response.headers.get('content-type').includes('text/event-stream')
      ? text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6))).find((message) => 'id' in message)
      : JSON.parse(text);
    return { id: payload.id, tools: payload.result.tools.map((tool) => tool.name) };
  }));
  assert.deepEqual(answers.map((answer) => answer.id), ids);
  for (const answer of answers) assert.deepEqual(answer.tools, readTools.map((tool) => tool.name));
});
