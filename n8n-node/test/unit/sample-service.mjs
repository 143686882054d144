// A tiny HTTP server that answers the client with the real captured responses of
// ../shared/fixtures/real-samples (read in place, never copied), records every request,
// and plays scripted faults.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SAMPLES = resolve(process.env.PUBLISHER_SAMPLES ?? join(here, '../../../../shared/fixtures/real-samples'));
export const sample = (file) => JSON.parse(readFileSync(join(SAMPLES, file), 'utf8'));

const byId = sample('api/v1/posts/by-id/167180194.json');

// path (no query) → sample body
const routes = new Map([
  ['GET /api/v1/posts', () => [byId.post]],
  ['GET /api/v1/posts/by-id/167180194', () => byId],
  ['GET /api/v1/profile/posts', () => sample('api/v1/profile/posts.profile_user_id-27968736-limit-50.json')],
  ['GET /api/v1/user/jakubslys/public_profile', () => sample('api/v1/user/jakubslys/public_profile.json')],
  ['GET /api/v1/notes', () => sample('api/v1/notes.json')],
  ['GET /api/v1/reader/feed/profile/343074721', () => sample('api/v1/feed/profile/343074721.types-note.json')],
  ['GET /api/v1/reader/feed/profile/254824415', () => sample('api/v1/feed/profile/343074721.types-note.json')],
  ['GET /api/v1/reader/comment/131648795', () => sample('api/v1/reader/comment/131648795.json')],
  ['GET /api/v1/feed/following', () => sample('api/v1/feed/following.json')],
  ['POST /api/v1/comment/feed', () => sample('api/v1/comment/response.json')],
]);

export async function startSampleService({ apiKey }) {
  const requests = [];
  const faults = []; // { method, path, status, headers, body, times }
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      requests.push({ method: req.method, path: url.pathname, query: url.search, headers: req.headers, body });
      const send = (status, json, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof json === 'string' ? json : JSON.stringify(json));
      };
      const fault = faults.find((f) => f.times > 0 && f.method === req.method && url.pathname.startsWith(f.path));
      if (fault) {
        fault.times -= 1;
        return send(fault.status, fault.body ?? { error: 'fault' }, fault.headers);
      }
      if (!(req.headers.cookie ?? '').includes(apiKey)) return send(401, { error: 'Not authorized' });
      const route = routes.get(`${req.method} ${url.pathname}`);
      if (!route) return send(404, { error: 'Not found' });
      return send(200, route());
    });
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    fault: (spec) => faults.push({ times: 1, ...spec }),
    reset: () => { requests.length = 0; faults.length = 0; },
    close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(done); }),
  };
}
