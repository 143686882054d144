// What every n8n process the project starts shares (the e2e test, queue mode): settings
// that keep n8n offline and quiet on a machine that reaches only package registries, and
// a free loopback port for the services that must be told theirs.
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
