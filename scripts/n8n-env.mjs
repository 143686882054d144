// What every n8n process the project starts shares (the e2e test, queue mode): settings
// that keep n8n offline and quiet on a machine that reaches only package registries, how
// long it may take to become ready, and a free loopback port for the services that must
// be told theirs.
import net from 'node:net';

/** n8n without telemetry, update checks, templates, banners or package catalogues. */
export const N8N_OFFLINE_ENV = Object.freeze({
  N8N_DIAGNOSTICS_ENABLED: 'false',
  N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
  N8N_TEMPLATES_ENABLED: 'false',
  N8N_DYNAMIC_BANNERS_ENABLED: 'false',
  N8N_VERIFIED_PACKAGES_ENABLED: 'false',
  N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
  N8N_DISABLED_MODULES: 'mcp-registry',
  N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
});

/** A port that was free a moment ago on 127.0.0.1 (for servers that cannot take port 0 and report it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * How long an n8n process may take to answer /healthz/readiness: N8N_READY_TIMEOUT_S
 * seconds, 300 by default: the first start on a fresh, loaded 2-core machine (cold disk
 * cache, new database) overran 90 s, where a rerun of the whole editor check took 36 s.
 * scripts/n8n-editor.sh reads the same variable with the same default.
 */
export function n8nReadyTimeoutMs(env = process.env) {
  const text = env.N8N_READY_TIMEOUT_S ?? '300';
  if (!/^[1-9]\d*$/.test(text)) throw new Error(`N8N_READY_TIMEOUT_S must be a whole number of seconds, not ${JSON.stringify(text)}`);
  return Number(text) * 1000;
}

/** The last `lines` lines of a process's output: what a failed start shows. */
export function tailOf(text, lines = 60) {
  return text.split('\n').slice(-lines).join('\n');
}
