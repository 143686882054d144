// The demo: the local Publisher service plus the www-demo/ page that lists its posts
// with the package. Run `npm run build` first (npm run demo does).
//   node scripts/demo.mjs [--port 8787] [--page-port 8080] [--check]
// --check loads the page in headless Chromium, prints what it listed and exits.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startLocalService } from '../local-service/index.mjs';
import { startStaticServer } from '../js-tests/browser/static-server.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const check = process.argv.includes('--check');
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

const service = await startLocalService({ port: option('port', check ? 0 : 8787), seed: 1, posts: 120 });
const pages = await startStaticServer(root, ['www-demo', 'pkg'], option('page-port', check ? 0 : 8080));
const demoUrl = `${pages.url}/www-demo/index.html?service=${encodeURIComponent(service.url)}&key=${encodeURIComponent(service.apiKey)}`;

if (!check) {
  console.log(`local Publisher service: ${service.url} (key ${service.apiKey})`);
  console.log(`demo page:               ${demoUrl}`);
  console.log('Ctrl-C stops both.');
  const stop = async () => {
    await pages.close();
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(demoUrl);
    await page.waitForFunction(() => document.body.dataset.loaded, null, { timeout: 30_000 });
    const titles = await page.$$eval('#posts li a', (links) => links.map((a) => a.textContent));
    const status = await page.textContent('#status');
    console.log(`demo page listed ${titles.length} posts (${status}):`);
    for (const title of titles) console.log(`  - ${title}`);
    if (titles.length === 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await pages.close();
    await service.close();
  }
}
