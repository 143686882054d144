// Watches the page's fetch, which the package uses for every request, so the demo can
// show each attempt the client made (and the waits between them), and so a dry run can
// capture the exact request a NoteBuilder would send without sending it.

const DRY_RUN_ORIGIN = 'http://dry-run.invalid';
const listeners = new Set();
const realFetch = globalThis.fetch.bind(globalThis);

globalThis.fetch = async (input, init = {}) => {
  const url = String(input instanceof Request ? input.url : input);
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const attempt = { method: init.method ?? 'GET', url, path, body: init.body, started: performance.now() };
  const interested = path.startsWith('/api/') ? [...listeners] : [];
  if (url.startsWith(DRY_RUN_ORIGIN)) {
    // The dry run answers as the service would, so the client completes normally.
    for (const listener of interested) listener({ ...attempt, outcome: 'not sent (dry run)' });
    return new Response(JSON.stringify({ id: 0, body: '', body_json: {}, date: new Date().toISOString(), name: 'dry run', reactions: {} }),
      { status: 200, headers: { 'content-type': 'application/json' } });
  }
  const report = (fields) => {
    for (const listener of interested) listener({ ...attempt, ended: performance.now(), ...fields });
  };
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    report({ outcome: `no answer (${error?.message ?? error})` });
    throw error;
  }
  // The attempt ends when the whole body has arrived (or failed to): a cut-off body
  // fails there, after a 200.
  const readText = response.text.bind(response);
  response.text = async () => {
    try {
      const text = await readText();
      report({ status: response.status, outcome: `HTTP ${response.status}, ${text.length} characters` });
      return text;
    } catch (error) {
      report({ status: response.status, outcome: `HTTP ${response.status}, body cut off (${error?.message ?? error})` });
      throw error;
    }
  };
  return response;
};

/** Calls `listener(attempt)` for every /api request until the returned function is called. */
export function watchRequests(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The base URL of a client whose requests are captured and never leave the page. */
export const dryRunBaseUrl = DRY_RUN_ORIGIN;
