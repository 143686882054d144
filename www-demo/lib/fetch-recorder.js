// `fetch` options for the demo's clients (the client sends every request through its
// `fetch` option): one that reports each attempt, so the page can show what the client
// did and the waits between attempts, and a dry run that captures the exact request
// a NoteBuilder produces and answers it without sending anything.

/**
 * A fetch that sends through the runtime's fetch, calls `onStart(attempt)` as each attempt
 * starts and `report(attempt)` when it has its whole body, or has failed:
 * {method, path, started, ended, status, outcome}.
 */
export function recordingFetch(report, onStart = () => {}) {
  return async (url, init) => {
    const attempt = { method: init.method, path: String(url).replace(/^[a-z]+:\/\/[^/]+/i, ''), started: performance.now() };
    onStart(attempt);
    const end = (fields) => report({ ...attempt, ended: performance.now(), ...fields });
    let response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      end({ outcome: `no answer (${error?.message ?? error})` });
      throw error;
    }
    // The attempt ends when the whole body has arrived: a cut-off body fails there, after a 200.
    let text;
    try {
      text = await response.text();
    } catch (error) {
      end({ status: response.status, outcome: `HTTP ${response.status}, body cut off (${error?.message ?? error})` });
      throw error;
    }
    end({ status: response.status, outcome: `HTTP ${response.status}, ${text.length} characters` });
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** A fetch that never sends: it hands `capture` the request and answers like the service. */
export function dryRunFetch(capture) {
  return async (url, init) => {
    capture({ url: String(url), method: init.method, body: init.body });
    const answer = { id: 0, body: '', body_json: {}, date: new Date().toISOString(), name: 'dry run', reactions: {} };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
