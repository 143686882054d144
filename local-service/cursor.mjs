// Feed cursors: standard Base64 of a JSON object, like the real service's. Clients must
// send them back unchanged and percent-encoded, so every cursor made here contains both
// '+' and '=': a client that forgets to encode it breaks visibly ('+' turns into a space).

import { Random } from './prng.mjs';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// RFC 3986 "unreserved" characters: a plausible alphabet for an opaque session token.
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/**
 * Encodes `fields` with a deterministic `session_id` token inserted after
 * `context_timestamp`. The token is shaped so that the Base64 text has '=' padding (the
 * JSON length is not a multiple of 3) and a '+' (a '~' at a byte offset ≡ 2 mod 3
 * encodes as '+').
 */
export function encodeCursor(fields, { seed, sessionLabel }) {
  const rng = Random.derive(seed, 'cursor-session', sessionLabel);
  const token = Array.from({ length: 32 }, () => rng.pick(TOKEN_ALPHABET.slice(0, 62)));
  const render = () => JSON.stringify(insertAfter(fields, 'context_timestamp', 'session_id', token.join('')));
  if (Buffer.byteLength(render()) % 3 === 0) token.push(rng.pick(TOKEN_ALPHABET.slice(0, 62)));
  const json = render();
  const tokenStart = Buffer.byteLength(json.slice(0, json.indexOf('"session_id":"') + '"session_id":"'.length));
  token[(2 - (tokenStart % 3) + 3) % 3] = '~';
  return Buffer.from(render(), 'utf8').toString('base64');
}

export function hasAwkwardCharacters(cursor) {
  return cursor.includes('+') && (cursor.includes('/') || cursor.includes('='));
}

/** Returns the decoded object, or null when the text is not Base64 of a JSON object. */
export function decodeCursor(cursor) {
  if (typeof cursor !== 'string' || cursor.length % 4 !== 0 || !BASE64.test(cursor)) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function insertAfter(object, afterKey, key, value) {
  const out = {};
  for (const [k, v] of Object.entries(object)) {
    out[k] = v;
    if (k === afterKey) out[key] = value;
  }
  if (!(key in out)) out[key] = value;
  return out;
}
