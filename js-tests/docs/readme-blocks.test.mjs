// Every JavaScript, TypeScript and HTML code block of every README runs as written.
// Each such block is preceded by a marker that names its file and the command the text
// around it gives:
//
//   <!-- run main.mjs: node main.mjs -->
//
// The block is saved under that name in a fresh folder whose node_modules/publisher-wasm
// is the built package (pkg/), and run with that command against the local service:
// requests to the service's real hosts (and to the local service's usual port) are sent to
// a local service started here, by a module loaded before the block (Node's --import,
// Deno's --preload, a Worker's entry module, a browser's request routing). Node runs it
// as the README says, Deno also gets an import map (the package is not on npm here), a
// Worker runs in wrangler's local workerd, a page in headless Chromium. A block without a
// marker fails the test. A block of any language preceded by `<!-- file article.md -->` is
// a file the README's runnable blocks read: it is saved beside each of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startLocalService } from '../../local-service/index.mjs';
import { tools as consumerTools } from '../consumers/tools.mjs';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = join(ROOT, 'pkg');
const READMES = ['README.md', 'pkg-template/README.md', 'local-service/README.md', 'n8n-node/README.md'];
const RUNNABLE = new Set(['js', 'ts', 'mjs', 'html']);
const MARKER = /^<!-- run (\S+): (.+) -->$/;
const FILE_MARKER = /^<!-- file (\S+) -->$/;
const API_KEY = 'local-key';

/** Every fenced block of a runnable language, with the marker line above it (if any). */
export function codeBlocks(readme) {
  const lines = readFileSync(join(ROOT, readme), 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w+)\s*$/.exec(lines[i]);
    if (!fence) {
      if (lines[i].startsWith('```')) i = lines.indexOf('```', i + 1);
      continue;
    }
    const end = lines.indexOf('```', i + 1);
    if (RUNNABLE.has(fence[1])) {
      const marker = MARKER.exec(lines[i - 1] ?? '');
      blocks.push({ readme, line: i + 1, lang: fence[1], source: `${lines.slice(i + 1, end).join('\n')}\n`, file: marker?.[1], command: marker?.[2] });
    }
    i = end;
  }
  return blocks;
}

/** The files a README's blocks read: fenced blocks preceded by `<!-- file NAME -->`. */
export function dataFiles(readme) {
  const lines = readFileSync(join(ROOT, readme), 'utf8').split('\n');
  const files = [];
  for (let i = 1; i < lines.length; i++) {
    const marker = FILE_MARKER.exec(lines[i - 1]);
    if (!marker || !lines[i].startsWith('```')) continue;
    const end = lines.indexOf('```', i + 1);
    files.push({ name: marker[1], source: `${lines.slice(i + 1, end).join('\n')}\n` });
  }
  return files;
}

const blocks = READMES.flatMap(codeBlocks);
let service;
let tools;

before(async () => {
  service = await startLocalService({ port: 0, posts: 12, notes: 12 });
  tools = consumerTools();
});
after(() => service?.close());

/** The module that sends the service's hosts to the local service. */
function redirectSource(target) {
  return `// Sends the service's hosts, and the local service's usual port, to ${target}.
const target = new URL(${JSON.stringify(target)});
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  if (url.hostname === 'substack.com' || url.hostname.endsWith('.substack.com') || url.host === '127.0.0.1:8787') {
    url.protocol = target.protocol;
    url.host = target.host;
  }
  return realFetch(url.href, init);
};
`;
}

/** A fresh folder with the block saved as its file and the package installed. */
function folderFor(block) {
  // A block that imports the project's own files runs from the project's folder.
  if (block.command.includes("from the project's folder")) {
    const dir = mkdtempSync(join(ROOT, '.readme-block-'));
    writeFileSync(join(dir, 'redirect.mjs'), redirectSource(service.url));
    writeFileSync(join(ROOT, block.file), block.source);
    return dir;
  }
  const dir = mkdtempSync(join(tmpdir(), 'readme-block-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(PKG, join(dir, 'node_modules', 'publisher-wasm'), 'dir');
  writeFileSync(join(dir, block.file), block.source);
  writeFileSync(join(dir, 'redirect.mjs'), redirectSource(service.url));
  for (const { name, source } of dataFiles(block.readme)) writeFileSync(join(dir, name), source);
  return dir;
}

const words = (command) => command.split(/\s+/).filter(Boolean);

async function runNode(block, dir) {
  const [program, ...args] = words(block.command.replace(/, from the project's folder$/, ''));
  assert.equal(program, 'node', `${block.readme}:${block.line}: a Node block's command starts with node`);
  // TypeScript files need a Node that strips types (22.18 and later): the matrix's Node 24.
  const node = extname(block.file) === '.mts' || extname(block.file) === '.ts' ? tools.node24 : process.execPath;
  return execFile(node, args, {
    cwd: block.command.includes("from the project's folder") ? ROOT : dir,
    timeout: 60_000,
    env: { ...process.env, PUBLISHER_API_KEY: API_KEY, NODE_OPTIONS: `--import=${pathToFileURL(join(dir, 'redirect.mjs')).href}` },
  });
}

async function runDeno(block, dir) {
  const [program, subcommand, ...args] = words(block.command);
  assert.deepEqual([program, subcommand], ['deno', 'run'], `${block.readme}:${block.line}: a Deno block runs with deno run`);
  writeFileSync(join(dir, 'import-map.json'), JSON.stringify({ imports: { 'npm:publisher-wasm': './node_modules/publisher-wasm/deno.js' } }));
  const file = args.pop();
  const deno = join(ROOT, 'node_modules', '.bin', 'deno');
  return execFile(deno, ['run', ...args, '--no-lock', '--import-map=import-map.json', '--preload=redirect.mjs', file], {
    cwd: dir,
    timeout: 60_000,
    env: { ...process.env, PUBLISHER_API_KEY: API_KEY },
  });
}

async function runWorker(block, dir) {
  assert.match(block.command, /^wrangler (dev|deploy)/, `${block.readme}:${block.line}: a Worker block runs with wrangler`);
  writeFileSync(join(dir, 'entry.js'), `import './redirect.mjs';\nexport { default } from './${block.file}';\n`);
  writeFileSync(join(dir, 'wrangler.toml'), `name = "readme-block"\nmain = "entry.js"\ncompatibility_date = "2025-09-01"\n\n[vars]\nPUBLISHER_API_KEY = "${API_KEY}"\n`);
  writeFileSync(join(dir, 'run.mjs'), `const { unstable_startWorker } = await import(${JSON.stringify(pathToFileURL(tools.wrangler).href)});
const worker = await unstable_startWorker({ config: 'wrangler.toml', dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, logLevel: 'error' } });
try {
  const response = await worker.fetch('http://worker.local/');
  console.log('WORKER-ANSWER', response.status, await response.text());
} finally {
  await worker.dispose();
}
`);
  const { stdout } = await execFile(tools.node24, ['run.mjs'], { cwd: dir, timeout: 120_000, env: { ...process.env, NO_COLOR: '1', WRANGLER_SEND_METRICS: 'false' } });
  // wrangler's own log lines (it looks for Cloudflare's hosts, which this machine cannot
  // reach) are not the Worker's: only its answer is.
  const answer = stdout.split('\n').find((line) => line.startsWith('WORKER-ANSWER '));
  assert.ok(answer, `no answer from the Worker: ${stdout.slice(0, 500)}`);
  return { stdout: answer.slice('WORKER-ANSWER '.length), stderr: '' };
}

async function runPage(block, dir) {
  assert.match(block.command, /page/, `${block.readme}:${block.line}: an HTML block is a page`);
  const { chromium } = await import('playwright-core');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.cjs': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://page').pathname;
    try {
      const body = readFileSync(join(dir, path === '/' ? block.file : decodeURIComponent(path)));
      response.writeHead(200, { 'content-type': types[extname(path === '/' ? block.file : path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const logs = [];
    const errors = [];
    page.on('console', (message) => logs.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    // The page's user has signed in to the service: its requests carry the session, and
    // the local service answers them with CORS for this page's origin.
    const cors = { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, DELETE' };
    await page.route(/substack\.com/, async (route) => {
      const request = route.request();
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      const url = new URL(request.url());
      const answer = await fetch(`${service.url}${url.pathname}${url.search}`, { method: request.method(), headers: { cookie: `connect.sid=s%3A${API_KEY}`, 'content-type': 'application/json' }, body: request.postData() ?? undefined });
      return route.fulfill({ status: answer.status, headers: { 'content-type': 'application/json', ...cors }, body: await answer.text() });
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => document.readyState === 'complete');
    const deadline = Date.now() + 20_000;
    while (logs.length === 0 && errors.length === 0 && Date.now() < deadline) await page.waitForTimeout(100);
    return { stdout: logs.join('\n'), stderr: errors.join('\n') };
  } finally {
    await browser.close();
    server.close();
  }
}

function runnerFor(block) {
  if (block.lang === 'html') return runPage;
  if (block.command.startsWith('deno ')) return runDeno;
  if (block.command.startsWith('wrangler ')) return runWorker;
  return runNode;
}

test('every JS, TS and HTML block of the READMEs says which file and command run it', () => {
  const unmarked = blocks.filter((block) => !block.file).map((block) => `${block.readme}:${block.line}`);
  assert.deepEqual(unmarked, []);
  assert.ok(blocks.length >= 10, `found ${blocks.length} blocks`);
});

for (const block of blocks.filter((candidate) => candidate.file)) {
  test(`${block.readme}:${block.line} (${block.file}: ${block.command}) runs as written`, async () => {
    const dir = folderFor(block);
    try {
      const { stdout, stderr } = await runnerFor(block)(block, dir);
      assert.equal(stderr.trim(), '', `it wrote to stderr: ${stderr.slice(0, 500)}`);
      assert.notEqual(stdout.trim(), '', 'it printed nothing');
      // Every block prints what it read; none of it is an error.
      assert.doesNotMatch(stdout, /PublisherError|Error:|FAILED|^[45]\d\d /m, stdout.slice(0, 500));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      if (dir.startsWith(ROOT)) rmSync(join(ROOT, block.file), { force: true });
    }
  });
}
