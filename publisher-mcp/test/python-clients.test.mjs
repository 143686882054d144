// The server as Python assistants' clients see it: the official Python SDK's client
// (`mcp`) and fastmcp's, each over stdio and over streamable HTTP, list the tools and
// call the largest reads (the whole page of followed profiles, a draft's longest body
// part). Over HTTP a single result is one JSON answer, not an event stream, so a client
// with an event-size limit (the Python SDK's 1 MiB) receives it. The clients live in a
// venv that scripts/setup.sh installs (test/python/requirements.txt); the venv's python
// is PUBLISHER_MCP_PYTHON or ~/.cache/publisher-wasm/mcp-python/bin/python.
import assert from 'node:assert/strict';
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';

import { BIN, READS, serverEnv, spawnHttpServer, startService, stopChild } from './support.mjs';

const execFile = promisify(execFileCallback);
const python = process.env.PUBLISHER_MCP_PYTHON ?? join(homedir(), '.cache', 'publisher-wasm', 'mcp-python', 'bin', 'python');
const driver = fileURLToPath(new URL('./python/drive.py', import.meta.url));

let service;
let http;
let draftId;
before(async () => {
  assert.ok(existsSync(python), `no Python MCP clients at ${python}: run scripts/setup.sh`);
  service = await startService({ following: 8 });
  http = await spawnHttpServer(['--allow-writes'], serverEnv(service));
  // A long draft, so that get_draft's largest part is large.
  const response = await fetch(http.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_draft', arguments: { title: 'Long', markdown: 'A sentence of the draft. '.repeat(3000) } } }),
  });
  draftId = (await response.json()).result.structuredContent.id;
});
after(async () => {
  if (http) await stopChild(http.child);
  await service?.close();
});

const CALLS = () => [['get_following', { limit: 50 }], ['get_draft', { draft_id: draftId, max_chars: 40_000 }], ['get_posts', {}]];

async function drive(client, transport) {
  const plan = { client, transport, calls: CALLS() };
  if (transport === 'stdio') Object.assign(plan, { command: process.execPath, args: [BIN], env: serverEnv(service) });
  else plan.url = http.url;
  const { stdout } = await execFile(python, [driver, JSON.stringify(plan)], { timeout: 120_000, maxBuffer: 16 << 20 });
  return JSON.parse(stdout);
}

for (const client of ['sdk', 'fastmcp']) {
  for (const transport of ['stdio', 'http']) {
    test(`the Python ${client === 'sdk' ? 'SDK\'s client (mcp)' : 'fastmcp client'} over ${transport} lists the tools and receives the largest reads`, async () => {
      const seen = await drive(client, transport);
      if (transport === 'stdio') assert.deepEqual([...seen.tools].sort(), READS.map((t) => t.name).sort());
      else assert.equal(seen.tools.length, 18, 'the HTTP server runs with --allow-writes');
      for (const call of seen.calls) {
        assert.equal(call.isError, false, `${call.name}: ${call.text}`);
        assert.ok(call.chars > 0 && call.chars <= 50_000, `${call.name}: ${call.chars} characters`);
      }
      assert.deepEqual(seen.calls[0].keys, ['items', 'nextCursor']);
      assert.ok(seen.calls[1].chars > 30_000, `get_draft's largest part: ${seen.calls[1].chars}`);
      console.log(`# ${client} ${transport}: ${seen.tools.length} tools; ${seen.calls.map((c) => `${c.name} ${c.chars} chars`).join(', ')}`);
    });
  }
}

test('over HTTP, a single result is one JSON answer, not an event stream', async () => {
  const response = await fetch(http.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_following', arguments: { limit: 50 } } }),
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^application\/json/);
  const answer = await response.json();
  assert.equal(answer.id, 7);
  assert.ok(answer.result.structuredContent.items.length > 0);
});
