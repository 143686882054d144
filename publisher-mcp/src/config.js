// The server's configuration from the environment (a CLI's, or a Worker's `env`):
// the client's settings and the writes switch. Every mistake is one sentence.

/** A configuration mistake; its message is the one sentence to show. */
export class ConfigError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** `PUBLISHER_MCP_WRITES` and the like: a switch that is on (1, true), off (unset, empty, 0, false), or a mistake. */
export function parseSwitch(name, value) {
  const text = String(value ?? '').trim().toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '' || text === '0' || text === 'false') return false;
  throw new ConfigError(`${name} must be 1 (on) or 0 (off), got ${JSON.stringify(String(value))}.`);
}

/**
 * `{client, writes}` from `PUBLISHER_API_KEY`, `PUBLISHER_HOSTNAME`, `PUBLISHER_BASE_URL`
 * and `PUBLISHER_MCP_WRITES`; `allowWrites` (the CLI's `--allow-writes`) turns writes on too.
 */
export function configFromEnv(env, { allowWrites = false } = {}) {
  const apiKey = env.PUBLISHER_API_KEY;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new ConfigError('PUBLISHER_API_KEY is not set: set it to the session cookie of your account (the value of its connect.sid cookie).');
  }
  const client = { apiKey: apiKey.trim() };
  if (env.PUBLISHER_HOSTNAME) client.hostname = String(env.PUBLISHER_HOSTNAME).trim();
  if (env.PUBLISHER_BASE_URL) client.baseUrl = String(env.PUBLISHER_BASE_URL).trim();
  return { client, writes: allowWrites || parseSwitch('PUBLISHER_MCP_WRITES', env.PUBLISHER_MCP_WRITES) };
}
