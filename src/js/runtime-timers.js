// The runtime's own timers: how a client without a `sleep` option waits (the per-request
// timeout, the wait before a retry). The one module of the client that names the global
// timers, so that a host which forbids them (an n8n node, under n8n Cloud's rules) can
// bundle the client without it and pass `sleep` instead: see n8n-node/build.mjs.

/** A timer: calls `onFire` after `ms`; the function it returns cancels it. */
export function startTimer(ms, onFire) {
  const timer = setTimeout(onFire, ms);
  return () => clearTimeout(timer);
}
