#!/usr/bin/env node
// Screenshots of the node in a real n8n editor, for n8n-node/README.md ("What it looks like"):
//   operations.png    the Publisher node's panel with the Operation dropdown open (resource Note)
//   output-table.png  a workflow that lists posts, executed, the node's output as a table
//   error.png         a workflow whose Publisher node fails (Post ID 999999999: not found)
//   trigger.png       the Publisher Trigger's panel, with a fetched test event
// saved in n8n-node/docs/screenshots/.
//
//   node scripts/n8n-screenshots.mjs            (uses n8n-node/dist; builds it when missing)
//   node scripts/n8n-screenshots.mjs --build    (runs `node build.mjs` in n8n-node first)
//
// How: `npm pack` of n8n-node, n8n 2.41.1 on Node 24 from scripts/install-n8n.sh, a fresh
// n8n prepared and started as the e2e test does (n8n-node/test/e2e/n8n.mjs: package in
// .n8n/nodes, owner ci@example.com, public-API key), the local Publisher service, one
// credential and three workflows (four with the trigger) made through the public API, then
// the editor driven by playwright-core with Debian's /usr/bin/chromium (1400×900). Everything listens on
// 127.0.0.1 and everything started here is stopped at the end, also on failure or Ctrl-C.
// When the packed package has no Publisher Trigger, trigger.png is skipped (with a message).
// Needs a built pkg/ (node scripts/build-pkg.mjs). About 40 s once n8n is installed (2 cores);
// run it under `flock /tmp/publisher-heavy.lock` on a shared machine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { spawnLocalService, startLocalService } from '../local-service/index.mjs';
import { prepareN8n } from '../n8n-node/test/e2e/n8n.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE_DIR = join(ROOT, 'n8n-node');
const OUT = join(NODE_DIR, 'docs', 'screenshots');
const VIEWPORT = { width: 1400, height: 900 };
const API_KEY = 'screenshots-key';
const PUBLISHER = 'n8n-nodes-publisher.publisher';
const TRIGGER = 'n8n-nodes-publisher.publisherTrigger';
const ROWS = 4; // posts in the output table: as many as fit in the panel's height

const began = performance.now();
const log = (message) => console.log(`n8n-screenshots: ${message}`);
const seconds = () => ((performance.now() - began) / 1000).toFixed(1);

// ---- what was started, stopped in reverse order (also on failure and on Ctrl-C) ----
const stops = [];
let stopping;
function stopAll() {
  stopping ??= (async () => {
    for (const [name, stop] of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(`n8n-screenshots: stopping ${name}: ${error.message}`);
      }
    }
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => stopAll().finally(() => process.exit(130)));
}

// ---- the package, n8n, the service ----

function buildAndPack() {
  if (!existsSync(join(ROOT, 'pkg', 'publisher_wasm_bg.wasm'))) throw new Error('pkg/ is not built (node scripts/build-pkg.mjs)');
  if (!existsSync(join(NODE_DIR, 'node_modules', 'esbuild'))) {
    log('installing n8n-node dev dependencies');
    execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save'], { cwd: NODE_DIR, stdio: 'inherit' });
  }
  if (process.argv.includes('--build') || !existsSync(join(NODE_DIR, 'dist', 'shared', 'client.js'))) {
    log('node build.mjs');
    execFileSync(process.execPath, ['build.mjs'], { cwd: NODE_DIR, stdio: 'inherit' });
  }
  const packDir = mkdtempSync(join(tmpdir(), 'n8n-screenshots-pack-'));
  stops.push(['the packed package', () => rmSync(packDir, { recursive: true, force: true })]);
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: NODE_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz')));
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tgz, 'package/package.json'], { encoding: 'utf8' }));
  return { tgz, manifest };
}

/** `eval "$(bash scripts/install-n8n.sh)"`: the script prints export lines (progress on stderr). */
function installN8n() {
  const out = execFileSync('bash', [join(ROOT, 'scripts', 'install-n8n.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const vars = Object.fromEntries([...out.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
  for (const name of ['NODE24_DIR', 'N8N_HOME']) if (!vars[name]) throw new Error(`install-n8n.sh printed no ${name}:\n${out}`);
  return vars;
}

/**
 * Debian's Chromium here has no emoji font, and the seeded texts carry emoji on purpose
 * (shown as empty boxes). The shots show the first ROWS posts (the table) and the newest
 * one (the trigger's test event): take the first seed whose first ROWS posts have none.
 */
async function pickSeed() {
  const pictographic = /\p{Extended_Pictographic}/u;
  for (let seed = 1; seed <= 100; seed++) {
    const probe = await startLocalService({ seed, apiKey: API_KEY });
    try {
      const response = await fetch(`${probe.url}/api/v1/posts?offset=0&limit=${ROWS}`, { headers: { cookie: `connect.sid=${API_KEY}` } });
      const posts = await response.json();
      if (response.ok && posts.length === ROWS && posts.every((p) => !pictographic.test(`${p.title} ${p.subtitle} ${p.description}`))) return seed;
    } finally {
      await probe.close();
    }
  }
  log('no seed up to 100 without emoji in the first posts: seed 1 (emoji show as boxes)');
  return 1;
}

// ---- the workflows (public API) ----

const manualTrigger = () => ({
  id: 'manual-trigger', name: 'When clicking ‘Execute workflow’', type: 'n8n-nodes-base.manualTrigger',
  typeVersion: 1, position: [0, 0], parameters: {},
});
function workflow(name, nodes) {
  const connections = {};
  for (let i = 0; i + 1 < nodes.length; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
  return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}
const withCredential = (credential, node) => ({ ...node, credentials: { publisherApi: { id: credential.id, name: credential.name } } });
const publisherNode = (credential, name, parameters) =>
  withCredential(credential, { id: `publisher-${name.replaceAll(' ', '-')}`, name, type: PUBLISHER, typeVersion: 1, position: [280, 0], parameters });

// ---- the editor ----

/** Waits until no finite CSS animation or transition runs (panels, dropdowns, toasts). */
async function settled(page) {
  await page.waitForFunction(() => document.getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

/** Closes the toasts ("Workflow executed successfully", "Problem in node …") and waits until they are gone. */
async function closeToasts(page) {
  const toasts = page.locator('.el-notification');
  for (const button of await toasts.locator('.el-notification__closeBtn').all()) await button.click().catch(() => {});
  await page.waitForFunction(() => document.querySelectorAll('.el-notification').length === 0);
}

/**
 * Opens a workflow in the editor. `left` is the node panel's input column in percent (n8n
 * keeps the three column widths in localStorage and reads them when the page loads): narrow,
 * so that the output column is wide enough for a table.
 */
async function openWorkflow(page, base, id, nodeName, left = 13) {
  await page.evaluate((widths) => localStorage.setItem('N8N_NDV_PANEL_WIDTH_REGULAR', JSON.stringify(widths)), { left, main: 29, right: 71 - left });
  await page.goto(`${base}/workflow/${id}`);
  await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).waitFor();
  await settled(page);
}

async function openNode(page, nodeName) {
  await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).dblclick();
  await page.locator('[data-test-id="ndv"] [data-test-id="node-parameters"]').waitFor();
  await settled(page);
}

async function executeWorkflow(page, nodeName, status) {
  await page.locator('[data-test-id="execute-workflow-button"]').click();
  // The canvas marks the node when its run ends: a check mark on success, the issues icon on
  // failure; then n8n says so in a toast ("Workflow executed successfully", "Problem in node …").
  const mark = status === 'success' ? 'canvas-node-status-success' : 'node-issues';
  await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"] [data-test-id="${mark}"]`).waitFor({ timeout: 60_000 });
  await page.locator('.el-notification').first().waitFor();
  await closeToasts(page);
}

async function shoot(page, name) {
  await closeToasts(page);
  await page.mouse.move(VIEWPORT.width / 2, 8); // off every control: no hover state in the picture
  await settled(page);
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path });
  log(`saved ${path.slice(ROOT.length)}`);
}

async function main() {
  log('packing the node');
  const { tgz, manifest } = buildAndPack();
  const hasTrigger = (manifest.n8n?.nodes ?? []).some((file) => file.includes('PublisherTrigger'));

  log('n8n 2.41.1 (scripts/install-n8n.sh)');
  const { N8N_HOME, NODE24_DIR } = installN8n();
  const n8n = await prepareN8n({ n8nHome: N8N_HOME, node24Dir: NODE24_DIR, packageTgz: tgz });
  stops.push(['n8n', () => n8n.remove()]);
  log(`starting n8n on ${n8n.base}`);
  await n8n.start();
  const { api } = await n8n.authenticate();

  const seed = await pickSeed();
  const local = await spawnLocalService({ apiKey: API_KEY, seed });
  stops.push(['the local service', () => local.close()]);
  log(`local service on ${local.url} (seed ${seed})`);

  const credential = await api('POST', '/credentials', {
    name: 'Publisher local service', type: 'publisherApi',
    data: { apiKey: API_KEY, hostname: 'localpub.substack.com', cookieName: 'connect.sid', baseUrl: local.url },
  });
  const create = async (body) => (await api('POST', '/workflows', body)).id;
  const ids = {
    note: await create(workflow('Publish a note', [manualTrigger(), publisherNode(credential, 'Publish a note',
      { resource: 'note', operation: 'create', title: 'Hello from n8n', body: 'Published by the Publisher node.' })])),
    list: await create(workflow('List my posts', [manualTrigger(), publisherNode(credential, 'Get many posts',
      { resource: 'post', operation: 'getAll', limit: ROWS, offset: 0 })])),
    notFound: await create(workflow('Get a post that does not exist', [manualTrigger(), publisherNode(credential, 'Get a post',
      { resource: 'post', operation: 'getPostById', postId: '999999999' })])),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Without the networking flags Chromium keeps trying hosts this machine cannot reach.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  stops.push(['Chromium', () => browser.close()]);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  // Before n8n's code reads them: the pin-data hints count as seen (no tooltip over the output).
  await context.addInitScript(() => {
    localStorage.setItem('N8N_PIN_DATA_DISCOVERY_NDV', 'true');
    localStorage.setItem('N8N_PIN_DATA_DISCOVERY_CANVAS', 'true');
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  mkdirSync(OUT, { recursive: true });

  log('signing in');
  await page.goto(`${n8n.base}/signin`);
  await page.locator('input[data-test-id="emailOrLdapLoginId"], [data-test-id="emailOrLdapLoginId"] input').first().fill('ci@example.com');
  await page.locator('input[data-test-id="password"], [data-test-id="password"] input').first().fill('Ci-password-123');
  await page.locator('[data-test-id="form-submit-button"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

  // The node types n8n loaded (the editor's list; it needs the session): the package may
  // list the trigger, and n8n must also have loaded it.
  const types = await page.request.get(`${n8n.base}/types/nodes.json`);
  if (!types.ok()) throw new Error(`GET /types/nodes.json: ${types.status()}`);
  const loaded = new Set((await types.json()).map((type) => type.name));
  if (!loaded.has(PUBLISHER)) throw new Error(`n8n did not load ${PUBLISHER} from the package`);
  const triggerLoaded = hasTrigger && loaded.has(TRIGGER);
  if (triggerLoaded) {
    ids.trigger = await create(workflow('New posts', [withCredential(credential, {
      id: 'publisher-trigger', name: 'Publisher Trigger', type: TRIGGER, typeVersion: 1, position: [0, 0],
      parameters: { event: 'newPost', source: 'own' },
    })]));
  }

  // 1. The operations: the node's panel, Operation dropdown open.
  await openWorkflow(page, n8n.base, ids.note, 'Publish a note');
  await openNode(page, 'Publish a note');
  // The list scrolls after five entries; let it show all of them.
  await page.addStyleTag({ content: '.el-select__popper .el-select-dropdown__wrap { max-height: none !important; }' });
  await page.locator('[data-test-id="parameter-input-operation"]').click();
  const items = page.locator('.el-select__popper:visible [data-test-id="parameter-input-item"]');
  await items.last().waitFor();
  log(`operations: ${(await items.allInnerTexts()).map((t) => t.split('\n')[0]).join(', ')}`);
  await shoot(page, 'operations');

  // 2. The output table: execute the workflow, open the node, Table view.
  await openWorkflow(page, n8n.base, ids.list, 'Get many posts');
  await executeWorkflow(page, 'Get many posts', 'success');
  await openNode(page, 'Get many posts');
  const output = page.locator('[data-test-id="output-panel"]');
  await output.locator('[data-test-id="radio-button-table"]').click();
  const lastRow = output.locator('[data-test-id="ndv-data-container"] table tbody tr').nth(ROWS - 1);
  await lastRow.waitFor();
  const [row, panel] = [await lastRow.boundingBox(), await output.boundingBox()];
  if (row.y + row.height > panel.y + panel.height) log(`note: the table's last row is cut off at the panel's bottom (fewer ROWS would fit)`);
  await shoot(page, 'output-table');

  // 3. The error: the node fails (HTTP 404), its panel shows the message and the details.
  await openWorkflow(page, n8n.base, ids.notFound, 'Get a post');
  await executeWorkflow(page, 'Get a post', 'error');
  await openNode(page, 'Get a post');
  const message = output.locator('[data-test-id="node-error-message"]');
  await message.waitFor();
  log(`error: ${await message.innerText()}`);
  const details = output.getByText('From Publisher', { exact: true });
  if (await details.count()) {
    await details.first().click();
    await settled(page);
  }
  await shoot(page, 'error');

  // 4. The trigger's panel, with a test event fetched.
  if (!triggerLoaded) {
    log(hasTrigger
      ? `SKIPPED trigger.png: n8n did not load ${TRIGGER} from the package`
      : `SKIPPED trigger.png: the built package has no Publisher Trigger (${TRIGGER}) yet`);
  } else {
    // The trigger's input column holds its "Fetch Test Event" button: a little wider.
    await openWorkflow(page, n8n.base, ids.trigger, 'Publisher Trigger', 17);
    await openNode(page, 'Publisher Trigger');
    await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').click(); // "Fetch Test Event"
    const table = output.locator('[data-test-id="ndv-data-container"] table tbody tr');
    const failed = output.locator('[data-test-id="node-error-message"]');
    await table.or(failed).first().waitFor({ timeout: 60_000 });
    if (await failed.count()) {
      log(`the trigger's test event failed (${await failed.innerText()}): trigger.png shows its parameters only`);
      await openWorkflow(page, n8n.base, ids.trigger, 'Publisher Trigger', 17);
      await openNode(page, 'Publisher Trigger');
    }
    await shoot(page, 'trigger');
  }
}

let code = 0;
try {
  await main();
} catch (error) {
  code = 1;
  console.error(`n8n-screenshots: failed after ${seconds()} s: ${error.stack ?? error}`);
} finally {
  await stopAll();
}
if (code === 0) log(`done in ${seconds()} s`);
process.exit(code);
