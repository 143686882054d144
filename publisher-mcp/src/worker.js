// A Cloudflare Worker: `export default` of this module, configured by the Worker's
// variables and secrets (PUBLISHER_API_KEY as a secret). A configuration mistake is
// answered with its one sentence, status 500, on every request.
import { ConfigError } from './config.js';
import { createFetchHandler } from './fetch-handler.js';

const handlers = new WeakMap();

function handlerFor(env) {
  let handler = handlers.get(env);
  if (!handler) {
    try {
      // A Worker answers on its own route: any Host, unless PUBLISHER_MCP_ALLOWED_HOSTS names them.
      const hosts = String(env.PUBLISHER_MCP_ALLOWED_HOSTS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
      handler = createFetchHandler(env, {}, { allowedHosts: hosts.length ? hosts : null });
    } catch (error) {
      if (!(error instanceof ConfigError) && error?.name !== 'PublisherError') throw error;
      const sentence = `publisher-mcp: ${error.message}\n`;
      handler = { fetch: () => new Response(sentence, { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } }) };
    }
    handlers.set(env, handler);
  }
  return handler;
}

export default {
  fetch(request, env) {
    return handlerFor(env).fetch(request);
  },
};
