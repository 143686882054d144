// The streamable HTTP handler, answering a single result as one JSON body, not as an
// event stream: a client with an event-size limit (the Python SDK's, 1 MiB) or without
// SSE then receives every answer. The SDK's createMcpHandler answers 2026-era requests
// that way already (its 'auto' mode streams only when a handler sends something before
// its result, which no tool here does); its stateless fallback for 2025-era clients, the
// ones in use today, always streams, so those requests are served here instead: a fresh
// server and a stateless transport with `enableJsonResponse` per request.
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

const jsonRpcError = (status, message) => new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
  status, headers: { 'content-type': 'application/json' },
});

/** `{fetch, close}` serving `factory`'s servers; `onerror` gets each problem. */
export function createJsonMcpHandler(factory, { onerror = () => {} } = {}) {
  const modern = createMcpHandler(factory, { legacy: 'reject', onerror });
  async function legacy(request) {
    // Stateless: no stream to open (GET) and no session to end (DELETE).
    if (request.method.toUpperCase() !== 'POST') return jsonRpcError(405, 'Method not allowed.');
    const server = await factory({ era: 'legacy', requestInfo: request });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const teardown = () => {
      transport.close().catch(() => {});
      server.close().catch(() => {});
    };
    try {
      const response = await transport.handleRequest(request);
      teardown();
      return response;
    } catch (error) {
      teardown();
      onerror(error);
      return jsonRpcError(500, 'Internal server error');
    }
  }
  return {
    async fetch(request) {
      if (await isLegacyRequest(request)) return legacy(request);
      return modern.fetch(request);
    },
    close: () => modern.close(),
  };
}
