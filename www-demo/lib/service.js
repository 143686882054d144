// The local service's own endpoints, which only the demo uses: browser sign-in, the
// fault controls and the request log (see local-service/README.md).

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
  };
}
