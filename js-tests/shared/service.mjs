// The test side of the local service: its controls (request log, faults, reset) and
// the session, over fetch, so the same code runs in Node, Deno and a browser page.

export function connectService({ url, apiKey, browser = false }) {
  const control = async (method, path, body) => {
    const response = await fetch(`${url}/__control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const session = async (path, body) => {
    const response = await fetch(`${url}/__local/${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  };
  return {
    url,
    apiKey,
    browser,
    /** The requests the service saw on /api and /__local, preflights left out. */
    requests: async () => (await control('GET', 'requests')).filter((r) => !r.preflight),
    /** The /api requests only. */
    apiRequests: async () => (await control('GET', 'requests')).filter((r) => !r.preflight && r.url.startsWith('/api/')),
    clearRequests: () => control('DELETE', 'requests'),
    fault: (fault) => control('POST', 'faults', fault),
    clearFaults: () => control('DELETE', 'faults'),
    reset: () => control('POST', 'reset'),
    /** Every draft since the reset, with `counts` of how often each write landed. */
    drafts: async () => (await control('GET', 'drafts')).drafts,
    advanceClock: (advanceMs) => control('POST', 'clock', { advanceMs }),
    /** `{now, peak}`: the /api requests in flight now, and the most at once since clearInFlight. */
    inFlight: () => control('GET', 'in-flight'),
    clearInFlight: () => control('DELETE', 'in-flight'),
    signIn: () => session('sign-in', { apiKey }),
    signOut: () => session('sign-out'),
    /** The service's own answer to a GET, for comparing records with what it sent. */
    raw: async (path) => {
      const response = await fetch(`${url}${path}`, browser
        ? { credentials: 'include' }
        : { headers: { cookie: `connect.sid=s%3A${apiKey}` } });
      if (!response.ok) throw new Error(`raw GET ${path}: HTTP ${response.status}`);
      return response.json();
    },
  };
}
