// The I/O edge of the wasm transport: fetch with a per-request timeout and the
// caller's AbortSignals, and an abortable wait between retries. Whether to retry and
// how long to wait are decided in the Rust core; this only performs and reports.

function failure(kind, message, notSent, cause) {
  return { kind, message, notSent, cause };
}

function describeReason(reason) {
  if (reason instanceof Error) return reason.message || reason.name;
  return reason === undefined ? 'aborted' : String(reason);
}

// Node's undici hides the useful part (ECONNREFUSED, UND_ERR_SOCKET) in `cause`.
function describeFetchError(error) {
  if (!(error instanceof Error)) return error === undefined ? 'fetch rejected without a reason' : String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = typeof cause.code === 'string' && !cause.message.includes(cause.code) ? `${cause.code}: ` : '';
    return `${error.message} (${code}${cause.message})`;
  }
  return error.message;
}

// Only a refused connection proves that the request never left.
function refused(error) {
  const code = error?.cause?.code ?? error?.code;
  return code === 'ECONNREFUSED' || /connection refused/i.test(String(error?.message ?? ''));
}

/**
 * Sends a request and reads its whole body as text. Resolves to
 * {status, statusText, headers: [[name, value]...], body}; rejects with
 * {kind: 'aborted'|'timeout'|'network', message, notSent, cause}.
 */
export async function sendRequest(url, init, timeoutMs, signals) {
  const early = signals.find((signal) => signal.aborted);
  if (early) throw failure('aborted', describeReason(early.reason), true, early.reason);
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeoutMs === undefined
    ? undefined
    : setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  const forward = (event) => controller.abort(event.target.reason);
  for (const signal of signals) signal.addEventListener('abort', forward);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await response.text();
    return { status: response.status, statusText: response.statusText, headers: [...response.headers], body };
  } catch (error) {
    const aborted = signals.find((signal) => signal.aborted);
    if (aborted) throw failure('aborted', describeReason(aborted.reason), false, aborted.reason);
    if (timedOut) throw failure('timeout', `no complete answer within ${timeoutMs} ms`, false, undefined);
    throw failure('network', describeFetchError(error), refused(error), undefined);
  } finally {
    clearTimeout(timer);
    for (const signal of signals) signal.removeEventListener('abort', forward);
  }
}

/** Waits `ms`; rejects like sendRequest's 'aborted' when a signal aborts first. */
export function sleep(ms, signals) {
  return new Promise((resolve, reject) => {
    const early = signals.find((signal) => signal.aborted);
    if (early) {
      reject(failure('aborted', describeReason(early.reason), true, early.reason));
      return;
    }
    const stop = (event) => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', stop);
      reject(failure('aborted', describeReason(event.target.reason), true, event.target.reason));
    };
    const timer = setTimeout(() => {
      for (const signal of signals) signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    for (const signal of signals) signal.addEventListener('abort', stop);
  });
}
