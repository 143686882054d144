// The local service's own endpoints, which only the demo uses: browser sign-in, the
// fault controls, the request log, the drafts it stores (with what the post editor would
// not render of each) and the bytes of uploaded images (see local-service/README.md).

/** Where the service's upload answers put images (the real image host; never fetched offline). */
const UPLOAD_HOST = 'https://substack-post-media.s3.amazonaws.com/';

export function connect(url, apiKey) {
  const control = async (method, path, body) => {
    const response = await fetch(`${url}/__control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} /__control/${path}: HTTP ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  return {
    url,
    apiKey,
    /** Sets the session cookie, as a real sign-in would (scripts may not set Cookie). */
    async signIn() {
      const response = await fetch(`${url}/__local/sign-in`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey }),
      });
      if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
    },
    info: () => control('GET', 'info'),
    addFault: (spec) => control('POST', 'faults', spec),
    clearFaults: () => control('DELETE', 'faults'),
    /** The /api requests the service received, oldest first (preflights left out). */
    requests: async () => (await control('GET', 'requests')).filter((r) => !r.preflight && r.url.startsWith('/api/')),
    clearRequests: () => control('DELETE', 'requests'),
    /** One stored draft as the controls show it: counts, images and `unrendered: [{path, reason}]`. */
    draft: async (id) => (await control('GET', 'drafts')).drafts.find((draft) => draft.id === id) ?? null,
    /** Where the page can load an uploaded image from offline: the service's copy of its bytes. */
    mediaUrl: (src) => (typeof src === 'string' && src.startsWith(UPLOAD_HOST)
      ? `${url}/__control/media?url=${encodeURIComponent(src)}`
      : null),
    /**
     * Stores a draft with the document exactly as given, as another editor could: the plain
     * POST /api/v1/drafts, without the client (whose rules would refuse it), sent through
     * `fetchImpl` (a recording fetch) with the browser's session cookie.
     */
    createDraftAsIs: async ({ title, body }, fetchImpl = fetch) => {
      const response = await fetchImpl(`${url}/api/v1/drafts`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ draft_title: title, draft_body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`POST /api/v1/drafts: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}
