// The I/O edge of the wasm transport: fetch with a per-request timeout and the
// caller's AbortSignals, and an abortable wait between retries. Whether to retry and
// how long to wait are decided in the Rust core; this only performs and reports.
//
// Time is a timer the core hands in, `(ms, onFire, onFail) => cancel`: the runtime's
// own (runtime-timers.js), or one over the client's `sleep` option (timerFromSleep).

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

// What a fetch option resolved to instead of a Response, for the error that says so.
function describeValue(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an object without own properties';
  return `an object with ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
}

// Only a refused connection proves that the request never left.
function refused(error) {
  const code = error?.cause?.code ?? error?.code;
  return code === 'ECONNREFUSED' || /connection refused/i.test(String(error?.message ?? ''));
}

// A response's headers as [name, value] pairs: forEach is what every fetch-compatible
// Headers has (the DOM's, undici's, a polyfill's), iteration is not. Read only when a
// call fails: a successful call never looks at them.
export function headerPairs(headers) {
  const pairs = [];
  try {
    if (headers && typeof headers.forEach === 'function') headers.forEach((value, name) => pairs.push([name, value]));
  } catch {
    // A fetch option's odd Headers: the error keeps what could be read.
  }
  return pairs;
}

/**
 * Sends a request through `fetchImpl` (the client's `fetch` option) or the runtime's
 * own fetch, and reads its whole body as text. `headers` is the client's object for
 * this set of headers, shared by its calls: a fetch option gets a copy of its own.
 * Resolves to {status, statusText, headers (the response's, unread), body}; rejects
 * with {kind: 'aborted'|'timeout'|'network'|'config', message, notSent, cause}. 'config'
 * is a fetch option that resolved to something that is not a Response, or a sleep
 * option that failed: a programming error, which the core reports at once instead of
 * retrying. `startTimer` (see timerFromSleep) times the request out after `timeoutMs`.
 */
export function sendRequest(url, method, headers, body, credentials, timeoutMs, signals, fetchImpl, startTimer) {
  const init = { method, headers: fetchImpl === undefined ? headers : { ...headers } };
  if (body !== undefined) init.body = body;
  if (credentials) init.credentials = 'include';
  return exchange(url, init, timeoutMs, signals, fetchImpl, startTimer, 'text', (response, read) => read(response.text()));
}

/**
 * Downloads `url` (a web image to host on the service) the same way, with no headers and
 * no credentials: the key is the service's alone. Resolves to {status, statusText,
 * headers, body, contentType}, `body` a Uint8Array, or null when the file is larger than
 * `maxBytes` (then not read further).
 */
export function downloadBytes(url, timeoutMs, maxBytes, signals, fetchImpl, startTimer) {
  const init = { method: 'GET', credentials: 'omit' };
  return exchange(url, init, timeoutMs, signals, fetchImpl, startTimer, 'arrayBuffer', async (response, read) => {
    const declared = Number(response.headers?.get?.('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.body?.cancel?.().catch(() => {});
      return null;
    }
    const bytes = new Uint8Array(await read(response.arrayBuffer()));
    return bytes.byteLength > maxBytes ? null : bytes;
  }).then((answer) => ({ ...answer, contentType: answer.headers?.get?.('content-type') ?? undefined }));
}

// One exchange under the timeout and the signals; `readBody(response, read)` reads the
// body, `read` racing a promise against them.
async function exchange(url, init, timeoutMs, signals, fetchImpl, startTimer, bodyMethod, readBody) {
  const early = signals.find((signal) => signal.aborted);
  if (early) throw failure('aborted', describeReason(early.reason), true, early.reason);
  const controller = new AbortController();
  let timedOut = false;
  let timerFailure;
  const cancelTimer = timeoutMs === undefined
    ? undefined
    : startTimer(timeoutMs, () => {
      timedOut = true;
      controller.abort();
    }, (failed) => {
      timerFailure = failed;
      controller.abort();
    });
  const forward = (event) => controller.abort(event.target.reason);
  for (const signal of signals) signal.addEventListener('abort', forward);
  init.signal = controller.signal;
  // A fetch option may ignore its signal: the timeout and aborts still end the wait.
  // The runtime's own fetch rejects, and stops reading the body, when its signal aborts.
  let stopWaiting;
  let stopped;
  let notAResponse;
  if (fetchImpl !== undefined) {
    stopped = new Promise((_, reject) => {
      stopWaiting = () => reject(controller.signal.reason);
      controller.signal.addEventListener('abort', stopWaiting);
    });
    stopped.catch(() => {});
  }
  const read = (promise) => (stopped === undefined ? promise : Promise.race([promise, stopped]));
  try {
    // Called as a plain function: a browser's fetch throws when `this` is another object.
    const response = fetchImpl === undefined
      ? await fetch(url, init)
      : await Promise.race([fetchImpl(url, init), stopped]);
    if (typeof response?.[bodyMethod] !== 'function' || typeof response.status !== 'number') {
      notAResponse = failure('config', `The fetch option resolved to ${describeValue(response)}, not a Response: it needs a numeric status and a ${bodyMethod}() method.`, false, undefined);
      throw notAResponse;
    }
    const body = await readBody(response, read);
    return { status: response.status, statusText: response.statusText ?? '', headers: response.headers, body };
  } catch (error) {
    if (error === notAResponse) throw error;
    const aborted = signals.find((signal) => signal.aborted);
    if (aborted) throw failure('aborted', describeReason(aborted.reason), false, aborted.reason);
    if (timerFailure) throw { ...timerFailure, notSent: false };
    if (timedOut) throw failure('timeout', `no complete answer within ${timeoutMs} ms`, false, undefined);
    throw failure('network', describeFetchError(error), refused(error), undefined);
  } finally {
    cancelTimer?.();
    if (stopWaiting !== undefined) controller.signal.removeEventListener('abort', stopWaiting);
    for (const signal of signals) signal.removeEventListener('abort', forward);
  }
}

/** Waits `ms` on `startTimer`; rejects like sendRequest's 'aborted' when a signal aborts first. */
export function sleep(ms, signals, startTimer) {
  return new Promise((resolve, reject) => {
    const early = signals.find((signal) => signal.aborted);
    if (early) {
      reject(failure('aborted', describeReason(early.reason), true, early.reason));
      return;
    }
    const unlisten = () => {
      for (const signal of signals) signal.removeEventListener('abort', stop);
    };
    const stop = (event) => {
      cancelTimer();
      unlisten();
      reject(failure('aborted', describeReason(event.target.reason), true, event.target.reason));
    };
    const cancelTimer = startTimer(ms, () => {
      unlisten();
      resolve();
    }, (failed) => {
      unlisten();
      reject(failed);
    });
    for (const signal of signals) signal.addEventListener('abort', stop);
  });
}

/**
 * The client's `sleep` option, `(ms, signal) => promise`, as a timer: the wait is over
 * when the promise resolves; cancelling aborts `signal` and stops listening, so a sleep
 * that ignores its signal is not waited for. A sleep that throws or returns no promise
 * fails at once, one that rejects fails the wait, each as a 'config' failure.
 */
export function timerFromSleep(sleepOption) {
  return (ms, onFire, onFail) => {
    const controller = new AbortController();
    let waiting;
    try {
      waiting = sleepOption(ms, controller.signal);
    } catch (error) {
      throw failure('config', `The sleep option threw: ${describeReason(error)}`, true, error);
    }
    if (typeof waiting?.then !== 'function') {
      throw failure('config', `The sleep option returned ${describeValue(waiting)}, not a promise.`, true, undefined);
    }
    waiting.then(() => {
      if (!controller.signal.aborted) onFire();
    }, (error) => {
      if (!controller.signal.aborted) onFail(failure('config', `The sleep option rejected: ${describeReason(error)}`, true, error));
    });
    return () => controller.abort();
  };
}

/**
 * Whether the runtime lets a script set the `Cookie` header: browsers (pages and their
 * workers) silently drop it from a `Request`; Node, Deno, Bun and workerd keep it.
 */
export function scriptMaySetCookie() {
  if (typeof Request !== 'function') return false;
  try {
    return new Request('http://127.0.0.1/', { headers: { cookie: 'probe=1' } }).headers.has('cookie') === true;
  } catch {
    return false;
  }
}
