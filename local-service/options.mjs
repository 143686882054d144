// Service options: defaults, validation, and the CLI / environment forms of them.

export const DEFAULT_OPTIONS = Object.freeze({
  port: 0,
  host: '127.0.0.1',
  seed: 1,
  posts: 120,
  apiKey: 'local-key',
  bodyBytes: 31700,
  notes: 65,
  following: 8,
});

/** CLI flag → option name, and the environment variable that may set it. */
const FLAGS = {
  '--port': ['port', 'PUBLISHER_LOCAL_PORT'],
  '--host': ['host', 'PUBLISHER_LOCAL_HOST'],
  '--seed': ['seed', 'PUBLISHER_LOCAL_SEED'],
  '--posts': ['posts', 'PUBLISHER_LOCAL_POSTS'],
  '--api-key': ['apiKey', 'PUBLISHER_LOCAL_API_KEY'],
  '--body-bytes': ['bodyBytes', 'PUBLISHER_LOCAL_BODY_BYTES'],
  '--notes': ['notes', 'PUBLISHER_LOCAL_NOTES'],
  '--following': ['following', 'PUBLISHER_LOCAL_FOLLOWING'],
};

const INTEGER_LIMITS = {
  port: [0, 65535],
  seed: [-2147483648, 4294967295],
  posts: [0, 5000],
  bodyBytes: [0, 5_000_000],
  notes: [0, 5000],
  following: [0, 200],
};

export const USAGE = `Usage: node local-service/server.mjs [options]
  --port <n>         port on 127.0.0.1; 0 = any free port (default 0)
  --seed <n>         seed of the generated data (default 1)
  --posts <n>        posts in the main publication "localpub" (default 120)
  --api-key <key>    session cookie value that authenticates (default local-key)
  --host <addr>      loopback address to bind (default 127.0.0.1)
  --body-bytes <n>   approximate size of each post's body_html (default 31700)
  --notes <n>        notes of the account, walked by /api/v1/notes (default 65)
  --following <n>    users the account follows (default 8)
Each option may also come from the environment, e.g. PUBLISHER_LOCAL_PORT=0.`;

export class OptionsError extends Error {}

/** Options from argv (flags win) and env. Throws OptionsError on unknown or bad flags. */
export function parseCommandLine(argv, env = {}) {
  const options = {};
  for (const [flag, [name, variable]] of Object.entries(FLAGS)) {
    if (env[variable] !== undefined && env[variable] !== '') options[name] = env[variable];
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    const [flag, inlineValue] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const entry = FLAGS[flag];
    if (!entry) throw new OptionsError(`Unknown option: ${arg}`);
    const value = inlineValue ?? argv[++i];
    if (value === undefined) throw new OptionsError(`Missing value for ${flag}`);
    options[entry[0]] = value;
  }
  return normalizeOptions(options);
}

/** Fills defaults and checks types; numeric strings are accepted. */
export function normalizeOptions(options = {}) {
  const result = { ...DEFAULT_OPTIONS };
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    if (!(name in DEFAULT_OPTIONS)) continue;
    if (name in INTEGER_LIMITS) {
      const number = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
      const [min, max] = INTEGER_LIMITS[name];
      if (!Number.isInteger(number) || number < min || number > max) throw new OptionsError(`${name} must be an integer from ${min} to ${max}`);
      result[name] = number;
    } else {
      result[name] = String(value);
    }
  }
  if (!result.apiKey) throw new OptionsError('apiKey must not be empty');
  if (!isLoopback(result.host)) throw new OptionsError(`host must be a loopback address, not ${result.host}`);
  return result;
}

function isLoopback(host) {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
