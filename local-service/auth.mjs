// Session-cookie authentication, as the real service does it: the "API key" is the value
// of the `connect.sid` or `substack.sid` cookie, with or without its `s%3A` / `s:` prefix.

export const SESSION_COOKIE_NAMES = ['connect.sid', 'substack.sid'];

/** Parses a Cookie header ("a=1; b=2") into a Map; the first occurrence of a name wins. */
export function parseCookieHeader(header) {
  const cookies = new Map();
  if (!header) return cookies;
  for (const part of String(header).split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    let value = part.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** Removes one leading "s%3A" (any case) or "s:" — the signed-cookie marker. */
export function stripSessionPrefix(value) {
  const text = String(value ?? '');
  if (/^s%3a/i.test(text)) return text.slice(4);
  if (text.startsWith('s:')) return text.slice(2);
  return text;
}

/** True when either session cookie carries the configured key. */
export function isAuthorized(cookieHeader, apiKey) {
  const expected = stripSessionPrefix(apiKey);
  if (!expected) return false;
  const cookies = parseCookieHeader(cookieHeader);
  return SESSION_COOKIE_NAMES.some((name) => cookies.has(name) && stripSessionPrefix(cookies.get(name)) === expected);
}

/** Set-Cookie values that sign a browser in (same cookies a client would send). */
export function signInCookies(apiKey) {
  const value = `s%3A${stripSessionPrefix(apiKey)}`;
  return SESSION_COOKIE_NAMES.map((name) => `${name}=${value}; Path=/; HttpOnly; SameSite=Lax`);
}

export function signOutCookies() {
  return SESSION_COOKIE_NAMES.map((name) => `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
}
