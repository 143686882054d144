// Runs a real n8n (2.41.1 on Node 24, installed by scripts/install-n8n.sh) for the e2e
// tests: a fresh user folder with the packed node unpacked into .n8n/nodes, `n8n start`
// on 127.0.0.1 (stop() and start() again restart it on the same folder, database and
// static data included), an owner, a public-API key. remove() stops it and deletes the folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { N8N_OFFLINE_ENV, freePort, n8nReadyTimeoutMs, tailOf } from '../../../scripts/n8n-env.mjs';


export async function prepareN8n({ n8nHome, node24Dir, packageTgz, env: extraEnv = {}, label = 'e2e' }) {
  const userFolder = mkdtempSync(join(tmpdir(), `n8n-${label}-`));
  const port = await freePort();
  const env = {
    ...process.env,
    PATH: `${join(node24Dir, 'bin')}:${process.env.PATH}`,
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: 'e2e-only-not-a-secret',
    ...N8N_OFFLINE_ENV,
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    N8N_SECURE_COOKIE: 'false',
    N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
    N8N_PERSONALIZATION_ENABLED: 'false',
    ...extraEnv,
  };
  delete env.NODE_OPTIONS;
  // n8n's own installer unpacks community packages here; the package has no runtime dependency.
  const packageDir = join(userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-publisher');
  mkdirSync(packageDir, { recursive: true });
  execFileSync('tar', ['-xzf', packageTgz, '--strip-components=1', '-C', packageDir]);
  writeFileSync(join(userFolder, '.n8n', 'nodes', 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { 'n8n-nodes-publisher': '*' } }));
  const bin = join(n8nHome, 'node_modules', '.bin', 'n8n');
  const log = [];

  const cli = (args) =>
    new Promise((resolve) => {
      const child = spawn(bin, args, { env });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        log.push(out);
        resolve({ code, out });
      });
    });

  let server;
  const base = `http://127.0.0.1:${port}`;
  async function start() {
    server = spawn(bin, ['start'], { env });
    let out = '';
    server.stdout.on('data', (d) => (out += d));
    server.stderr.on('data', (d) => (out += d));
    server.on('close', () => log.push(out));
    const budget = n8nReadyTimeoutMs();
    const deadline = Date.now() + budget;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`n8n start exited early (code ${server.exitCode}):\n${out}`);
      try {
        if ((await fetch(`${base}/healthz/readiness`)).ok) break;
      } catch {}
      if (Date.now() > deadline) {
        throw new Error(`n8n was not ready within ${budget / 1000} s (N8N_READY_TIMEOUT_S); the end of its log:\n${tailOf(out)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    server.logText = () => out;
  }

  /** SIGTERM (n8n shuts down gracefully, its task runner with it); SIGKILL after 20 s. */
  async function stop() {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await closed;
    clearTimeout(timer);
  }

  async function remove() {
    await stop();
    rmSync(userFolder, { recursive: true, force: true });
  }

  // Owner account and a public-API key (executions, publishing workflows).
  async function authenticate() {
    const setup = await fetch(`${base}/rest/owner/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ci@example.com', firstName: 'CI', lastName: 'Bot', password: 'Ci-password-123' }),
    });
    if (!setup.ok) throw new Error(`owner setup: ${setup.status} ${await setup.text()}`);
    const cookie = setup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const rest = async (method, path, body) => {
      const response = await fetch(`${base}/rest${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} /rest${path}: ${response.status} ${text}`);
      return JSON.parse(text).data;
    };
    const key = await rest('POST', '/api-keys', {
      label,
      scopes: ['workflow:create', 'workflow:read', 'workflow:activate', 'execution:read', 'execution:list', 'credential:create'],
      expiresAt: null,
    });
    const api = async (method, path, body) => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { 'X-N8N-API-KEY': key.rawApiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} /api/v1${path}: ${response.status} ${text}`);
      return JSON.parse(text);
    };
    return { rest, api };
  }

  return { userFolder, env, base, cli, start, stop, remove, authenticate, log, logText: () => log.join('\n') + (server?.logText?.() ?? '') };
}
