// What the runtime lets a script do, probed rather than guessed from its name.

/**
 * Whether a script may set the Cookie header here. Browsers (pages and their
 * workers) silently drop it from a Request; Node, Deno, Bun and workerd keep it.
 */
export function scriptMaySetCookie() {
  try {
    return new Request('http://127.0.0.1/', { headers: { cookie: 'probe=1' } }).headers.has('cookie');
  } catch {
    return false;
  }
}
