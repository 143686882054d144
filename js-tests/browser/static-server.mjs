// Serves the built package and the test pages to a browser, from another port than
// the local service, so every API call is cross-origin as it is on a real page.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

/** Serves the folders `roots` (relative to `base`) on 127.0.0.1:`port`; resolves to {url, close}. */
export async function startStaticServer(base, roots, port = 0) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const allowed = roots.some((root) => path.startsWith(`/${root}/`)) && !path.includes(`..${sep}`);
    if (request.method !== 'GET' || !allowed) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(base, path));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
