// Stands in, in the node's bundle only, for the client's runtime-timers.js: the one module
// of the client that names the global timers (setTimeout, clearTimeout), which n8n's scan
// forbids in a community node (build.mjs replaces it). The node's clients wait through
// their `sleep` option (n8n-workflow's sleep, set by createClient in client.ts), so the
// client never starts this timer. A client made without `sleep` would, and its call then
// fails with this message instead of reaching for the global timers.
export function startTimer(): never {
  throw Object.assign(
    new Error('This build of the client (the n8n node\'s) has no timers of its own: create it with the sleep option (createClient does)'),
    { kind: 'config', notSent: true },
  );
}
