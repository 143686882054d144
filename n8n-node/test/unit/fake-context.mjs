// A fake IExecuteFunctions: parameters per item, credentials, continueOnFail, the cancel
// signal, and helpers.httpRequest implemented the way n8n's is used by the node
// (returnFullResponse, ignoreHttpStatusErrors, arraybuffer), recording each call.
export function fakeContext({ items, credentials, continueOnFail = false, signal, retryOnFail = false }) {
  const httpCalls = [];
  const context = {
    httpCalls,
    getInputData: () => items.map((_, index) => ({ json: { index } })),
    getNodeParameter: (name, itemIndex, fallback) => {
      const params = items[itemIndex];
      if (!params) throw new Error(`no item ${itemIndex}`);
      if (name in params) return params[name];
      if (fallback !== undefined) return fallback;
      throw new Error(`Could not get parameter "${name}"`);
    },
    getCredentials: async (type) => {
      if (type !== 'publisherApi') throw new Error(`unexpected credential type ${type}`);
      return credentials;
    },
    getNode: () => ({ id: 'node-1', name: 'Publisher', type: 'n8n-nodes-publisher.publisher', typeVersion: 1, position: [0, 0], parameters: {}, retryOnFail }),
    continueOnFail: () => continueOnFail,
    getExecutionCancelSignal: () => signal,
    helpers: {
      httpRequest: async (options) => {
        httpCalls.push(options);
        const response = await fetch(options.url, {
          method: options.method,
          headers: options.headers,
          body: options.body,
          signal: options.abortSignal,
        });
        const headers = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        return {
          body: Buffer.from(await response.arrayBuffer()),
          headers,
          statusCode: response.status,
          statusMessage: response.statusText,
        };
      },
    },
  };
  return context;
}
