// publisher-mcp as a user installs it: packed as published (scripts/pack.mjs, its bin
// bundled by scripts/bundle.mjs), installed from the tarballs with npm into an empty
// folder, its types checked by attw, and its installed bin answering tools/list on stdio.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { startLocalService } from '../../local-service/index.mjs';
import { packMcp } from '../scripts/pack.mjs';
import catalog from '../src/tools.generated.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let dir;
let tarball;
let service;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'publisher-mcp-install-'));
  tarball = await packMcp(dir);
  const [client] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir, join(root, 'pkg')], { encoding: 'utf8' }));
  writeFileSync(join(dir, 'package.json'), '{ "name": "consumer", "private": true }\n');
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error', join(dir, client.filename), tarball], { cwd: dir, stdio: 'inherit' });
  service = await startLocalService({ seed: 1, posts: 30 });
});

after(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every package folder under node_modules, scoped ones by their full name. */
function installed(modules = join(dir, 'node_modules')) {
  const names = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const inner of readdirSync(join(modules, entry))) names.push(`${entry}/${inner}`);
    else names.push(entry);
  }
  return names.sort();
}

test('the tarball holds the bin, the sources, the README and the licence, and depends on the SDK, zod and the client\'s version', () => {
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((f) => f.replace(/^package\//, '')).sort();
  assert.ok(files.includes('bin/publisher-mcp.js') && files.includes('src/tools.generated.js') && files.includes('README.md') && files.includes('LICENSE'));
  assert.deepEqual(files.filter((f) => /^(test|scripts|node_modules)\//.test(f)), []);
  // The bin is the bundle: one file and the chunks it imports on demand.
  const bin = execFileSync('tar', ['xzOf', tarball, 'package/bin/publisher-mcp.js'], { encoding: 'utf8' });
  assert.match(bin, /^#!\/usr\/bin\/env node\n/);
  assert.doesNotMatch(bin, /from ?["'](?:\.\.\/src\/|@modelcontextprotocol\/|zod)/, 'the SDK, zod and the sources are inlined');
  assert.match(bin, /["']publisher-wasm\/markdown["']/, 'the client stays an import');
  // ajv (the SDK's JSON Schema validator) is a chunk of its own, loaded on a tool's first result.
  assert.ok(files.some((f) => /^bin\/chunks\/ajv-[\w-]+\.js$/.test(f)), 'ajv in a chunk of its own');
  const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', 'publisher-mcp', 'package.json'), 'utf8'));
  const version = JSON.parse(readFileSync(join(root, 'pkg', 'package.json'), 'utf8')).version;
  assert.deepEqual(manifest.dependencies, { '@modelcontextprotocol/node': '2.1.2', '@modelcontextprotocol/server': '2.4.0', 'publisher-wasm': `^${version}`, zod: '4.6.7' });
  assert.equal(manifest.devDependencies, undefined);
});

// The bundled bin needs none of the SDK's packages, but the library exports (`publisher-mcp`,
// `publisher-mcp/worker`) import them unbundled, so a Worker's bundler can pick their
// `workerd` builds: they stay dependencies.
test('an install brings only the SDK (with its Node adapter\'s Hono), zod and the client', () => {
  assert.deepEqual(installed(), ['@hono/node-server', '@modelcontextprotocol/core', '@modelcontextprotocol/node', '@modelcontextprotocol/server', 'hono', 'publisher-mcp', 'publisher-wasm', 'zod']);
});

test('attw finds the types of every export (an ESM-only package)', () => {
  execFileSync(join(root, 'node_modules', '.bin', 'attw'), ['--profile', 'esm-only', tarball], { stdio: 'pipe' });
});

test('the installed (bundled) bin answers tools/list and prompts/list on stdio, and calls a tool', async () => {
  const bin = join(dir, 'node_modules', '.bin', 'publisher-mcp');
  assert.ok(existsSync(bin));
  const client = new Client({ name: 'package-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({
    command: bin,
    env: { PATH: process.env.PATH ?? '', PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url },
    stderr: 'ignore',
  }));
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), catalog.tools.filter((t) => !t.write).map((t) => t.name));
    assert.deepEqual((await client.listPrompts()).prompts.map((p) => p.name), ['published_this_week']);
    const posts = await client.callTool({ name: 'get_posts', arguments: { limit: 1 } });
    assert.equal(posts.structuredContent.items.length, 1);
    // A bad argument: zod (a chunk of its own, loaded on this first call) names it.
    const refused = await client.callTool({ name: 'get_posts', arguments: { limit: 0 } });
    assert.equal(refused.isError, true);
    assert.match(refused.content[0].text, /limit: Too small: expected number to be >=1/, 'zod\'s English message (the bundle keeps English alone)');
  } finally {
    await client.close();
  }
});
