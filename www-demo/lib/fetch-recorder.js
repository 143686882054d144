// `fetch` options for the demo's clients (the client sends every request through its
// `fetch` option): one that reports each attempt, so the page can show what the client
// did and the waits between attempts; one that keeps each request's body and the answer;
// and a dry run that captures the exact requests a NoteBuilder produces and answers them
// without sending anything.

/**
 * A fetch that sends through the runtime's fetch, calls `onStart(attempt)` as each attempt
 * starts and `report(attempt)` when it has its whole body, or has failed:
 * {method, path, body, started, ended, status, answer, outcome}.
 */
export function recordingFetch(report, onStart = () => {}) {
  return async (url, init) => {
    const attempt = {
      method: init.method,
      path: String(url).replace(/^[a-z]+:\/\/[^/]+/i, ''),
      body: typeof init.body === 'string' ? init.body : null,
      started: performance.now(),
    };
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
    // An image (a web image the client downloads to host it) is kept as bytes and shown by its size.
    const type = response.headers.get('content-type') ?? '';
    const binary = !/^(text\/|application\/(json|problem\+json)|$)/i.test(type);
    let body;
    try {
      body = binary ? await response.arrayBuffer() : await response.text();
    } catch (error) {
      end({ status: response.status, outcome: `HTTP ${response.status}, body cut off (${error?.message ?? error})` });
      throw error;
    }
    const size = binary ? `${body.byteLength} bytes of ${type}` : `${body.length} characters`;
    end({ status: response.status, answer: binary ? `(${size})` : body, outcome: `HTTP ${response.status}, ${size}` });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Stand-ins for the values only the service can give (an upload's URL, an attachment's id). */
const DRY_RUN = {
  imageUrl: (n) => `https://media.publisher.test/public/images/upload-${n}-its-url-comes-from-the-answer.png`,
  attachmentId: (n) => `attachment-${n}-its-id-comes-from-the-answer`,
};

/**
 * A fetch that never sends: it hands `capture` each request ({url, path, method, body})
 * and answers like the service would: an upload with a URL, an attachment with an id,
 * a publish with a note.
 */
export function dryRunFetch(capture) {
  let uploads = 0;
  let attachments = 0;
  return async (url, init) => {
    const path = new URL(String(url)).pathname;
    capture({ url: String(url), path, method: init.method, body: init.body });
    let answer;
    if (path.endsWith('/image')) {
      uploads += 1;
      answer = { id: uploads, url: DRY_RUN.imageUrl(uploads), contentType: 'image/png', bytes: 0, imageWidth: 1, imageHeight: 1 };
    } else if (path.includes('/comment/attachment')) {
      attachments += 1;
      answer = { id: DRY_RUN.attachmentId(attachments), type: JSON.parse(init.body).type, explicit: false };
    } else {
      answer = { id: 0, body: '', body_json: {}, date: new Date().toISOString(), name: 'dry run', reactions: {} };
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
