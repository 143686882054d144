// The demo: the local Publisher service plus the www-demo/ page, which shows the whole
// client against it. Run `npm run build` first (npm run demo does).
//   node scripts/demo.mjs [--port 8787] [--page-port 8080]
// js-tests/demo/run.mjs drives the same page in headless Chromium.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startLocalService } from '../local-service/index.mjs';
import { startStaticServer } from '../js-tests/browser/static-server.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

const service = await startLocalService({ port: option('port', 8787), seed: 1, posts: 120 });
const pages = await startStaticServer(root, ['www-demo', 'pkg'], option('page-port', 8080));
const demoUrl = `${pages.url}/www-demo/index.html?service=${encodeURIComponent(service.url)}&key=${encodeURIComponent(service.apiKey)}`;

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
