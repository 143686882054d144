// Runs the shared scenarios in real headless Chromium (Debian's, driven by
// playwright-core) against the local service, from a page on another origin.
//   node js-tests/browser/run.mjs
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { spawnLocalService } from '../../local-service/index.mjs';
import { startStaticServer } from './static-server.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const service = await spawnLocalService({ seed: 7, posts: 120 });
const pages = await startStaticServer(root, ['pkg', 'js-tests']);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // Without the networking flags Chromium keeps trying hosts this machine cannot reach.
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let failed = 0;
let passed = 0;
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const query = new URLSearchParams({ service: service.url, key: service.apiKey });
  await page.goto(`${pages.url}/js-tests/browser/index.html?${query}`);
  await page.waitForFunction(() => Array.isArray(window.__results), null, { timeout: 180_000 });
  const results = await page.evaluate(() => window.__results);
  for (const result of results) {
    if (result.ok) {
      passed += 1;
      console.log(`ok - ${result.name}`);
    } else {
      failed += 1;
      console.log(`not ok - ${result.name}\n  ${result.error.replaceAll('\n', '\n  ')}`);
    }
  }
} finally {
  await browser.close();
  await pages.close();
  await service.close();
}
console.log(`chromium: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
