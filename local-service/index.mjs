// Programmatic entry points of the local Publisher service.
//   startLocalService(options) — runs the service in this process.
//   spawnLocalService(options) — runs server.mjs as a child process (for Deno or browser test runners).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LocalService } from './app.mjs';
import { normalizeOptions } from './options.mjs';

export { DEFAULT_OPTIONS } from './options.mjs';

const SERVER_SCRIPT = fileURLToPath(new URL('./server.mjs', import.meta.url));

/**
 * Starts the service in this process.
 * options: { port, host, seed, posts, apiKey, bodyBytes, notes, following } (all optional)
 * Resolves to { url, apiKey, seed, posts, port, close(), reset(), service }.
 */
export async function startLocalService(options = {}) {
  const service = new LocalService(normalizeOptions(options));
  await service.listen();
  return {
    url: service.url,
    apiKey: service.options.apiKey,
    seed: service.options.seed,
    posts: service.options.posts,
    port: service.port,
    service,
    reset: () => service.reset(),
    close: () => service.close(),
  };
}

/**
 * Starts server.mjs as a child process and waits for its JSON ready line.
 * Extra options: nodePath (default: this Node, or `node` when running under Deno),
 * timeoutMs (default 15000). Resolves to { url, apiKey, seed, posts, child, close() }.
 * The child also stops by itself when this process goes away (its stdin pipe closes).
 */
export function spawnLocalService(options = {}) {
  const { nodePath, timeoutMs = 15000, ...serviceOptions } = options;
  const normalized = normalizeOptions(serviceOptions);
  const args = [SERVER_SCRIPT];
  const flags = { port: '--port', host: '--host', seed: '--seed', posts: '--posts', apiKey: '--api-key', bodyBytes: '--body-bytes', notes: '--notes', following: '--following' };
  for (const [name, flag] of Object.entries(flags)) args.push(flag, String(normalized[name]));
  const executable = nodePath ?? (globalThis.Deno ? 'node' : process.execPath);
  const child = spawn(executable, args, { stdio: ['pipe', 'pipe', 'inherit'] });

  return new Promise((resolve, reject) => {
    let buffered = '';
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`local service did not start within ${timeoutMs} ms`)), timeoutMs);
    function fail(error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    }
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`local service exited before it was ready (code ${code}, signal ${signal})`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      if (settled) return;
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      let ready;
      try {
        ready = JSON.parse(buffered.slice(0, newline));
      } catch {
        fail(new Error(`unexpected first line from local service: ${buffered.slice(0, newline)}`));
        return;
      }
      settled = true;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ ...ready, child, close: () => stopChild(child) });
    });
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
