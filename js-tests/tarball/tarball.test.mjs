// The package as users get it: `npm pack` of pkg/, installed into a throwaway project,
// then loaded by name with import and require in Node, with import in Deno, and in a
// Chromium page — each calling the local service.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { spawnLocalService } from '../../local-service/index.mjs';
import { startStaticServer } from '../browser/static-server.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const project = mkdtempSync(join(tmpdir(), 'publisher-wasm-tarball-'));
let service;

before(async () => {
  execFileSync('npm', ['pack', join(root, 'pkg'), '--pack-destination', project], { stdio: 'pipe' });
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'throwaway', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', join(project, tarball)], { cwd: project, stdio: 'pipe' });
  // A child process: the programs below run synchronously and would block an in-process service.
  service = await spawnLocalService({ seed: 3, posts: 30 });
});
after(async () => {
  await service?.close();
  rmSync(project, { recursive: true, force: true });
});

function runIn(command, args) {
  return JSON.parse(execFileSync(command, args, { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }));
}

const esmProgram = (url, key) => `
import { Publisher, PublisherError } from 'publisher-wasm';
const client = new Publisher({ apiKey: ${JSON.stringify(key)}, baseUrl: ${JSON.stringify(url)} });
const posts = await client.getPosts({ limit: 2 });
let kind = null;
try { await client.getPostById(-1); } catch (e) { kind = e instanceof PublisherError && e instanceof Error ? e.kind : 'wrong class'; }
console.log(JSON.stringify({ count: posts.length, paywalled: typeof posts[0].paywalled, kind }));`;

test('the tarball holds the files package.json lists, and exports types first', () => {
  const manifest = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("publisher-wasm/package.json"))'], { cwd: project, encoding: 'utf8' }));
  assert.equal(Object.keys(manifest.exports['.'])[0], 'types');
  const installed = readdirSync(join(project, 'node_modules', 'publisher-wasm'));
  for (const file of manifest.files) assert.ok(installed.includes(file.replace(/\/$/, '')), `${file} is in the tarball`);
  assert.ok(!installed.includes('node-cjs-entry.js'), 'build inputs stay out');
});

test('Node ESM: import by name', () => {
  writeFileSync(join(project, 'esm.mjs'), esmProgram(service.url, service.apiKey));
  assert.deepEqual(runIn(process.execPath, ['esm.mjs']), { count: 2, paywalled: 'boolean', kind: 'invalid-argument' });
});

test('Node CommonJS: require by name (as n8n loads community nodes)', () => {
  writeFileSync(join(project, 'cjs.cjs'), `
const { Publisher, PublisherError } = require('publisher-wasm');
const client = new Publisher({ apiKey: ${JSON.stringify(service.apiKey)}, baseUrl: ${JSON.stringify(service.url)} });
client.getPosts({ limit: 2 }).then(async (posts) => {
  let kind = null;
  try { await client.getPostById(-1); } catch (e) { kind = e instanceof PublisherError && e instanceof Error ? e.kind : 'wrong class'; }
  console.log(JSON.stringify({ count: posts.length, paywalled: typeof posts[0].paywalled, kind }));
});`);
  assert.deepEqual(runIn(process.execPath, ['cjs.cjs']), { count: 2, paywalled: 'boolean', kind: 'invalid-argument' });
});

test('Deno: import by name from node_modules', () => {
  writeFileSync(join(project, 'deno.mjs'), esmProgram(service.url, service.apiKey));
  const deno = join(root, 'node_modules', '.bin', 'deno');
  assert.deepEqual(
    runIn(deno, ['run', '--no-lock', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', 'deno.mjs']),
    { count: 2, paywalled: 'boolean', kind: 'invalid-argument' },
  );
});

test('Chromium: a page imports the installed package by name and reads posts', async () => {
  writeFileSync(join(project, 'node_modules', 'page.html'), `<!doctype html>
<script type="importmap">{ "imports": { "publisher-wasm": "/node_modules/publisher-wasm/index.js" } }</script>
<script type="module">
import { Publisher, PublisherError } from 'publisher-wasm';
const service = ${JSON.stringify(service.url)};
await fetch(service + '/__local/sign-in', { method: 'POST', credentials: 'include', body: JSON.stringify({ apiKey: ${JSON.stringify(service.apiKey)} }) });
const client = new Publisher({ apiKey: 'unused-in-a-browser', baseUrl: service });
const posts = await client.getPosts({ limit: 2 });
let kind = null;
try { await client.getPostById(-1); } catch (e) { kind = e instanceof PublisherError && e instanceof Error ? e.kind : 'wrong class'; }
window.__result = { count: posts.length, paywalled: typeof posts[0].paywalled, kind };
</script>`);
  const pages = await startStaticServer(project, ['node_modules']);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${pages.url}/node_modules/page.html`);
    await page.waitForFunction(() => window.__result || false, null, { timeout: 30_000 }).catch(() => {
      throw new Error(`the page never finished: ${errors.join('; ')}`);
    });
    assert.deepEqual(await page.evaluate(() => window.__result), { count: 2, paywalled: 'boolean', kind: 'invalid-argument' });
  } finally {
    await browser.close();
    await pages.close();
  }
});
