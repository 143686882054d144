// A fake IExecuteFunctions: parameters per item, credentials, continueOnFail, the cancel
// signal, and helpers.httpRequest implemented the way n8n's is used by the node
// (returnFullResponse, ignoreHttpStatusErrors, arraybuffer), recording each call, and
// the binary helpers over `binaries` (per item: field → { data: base64, mimeType, fileName }).
import { createRequire } from 'node:module';

const { NodeOperationError } = createRequire(import.meta.url)('n8n-workflow');

export function fakeContext({ items, credentials, continueOnFail = false, signal, retryOnFail = false, binaries = [], timezone }) {
  const httpCalls = [];
  const binaryReads = [];
  const node = { id: 'node-1', name: 'Publisher', type: 'n8n-nodes-publisher.publisher', typeVersion: 1, position: [0, 0], parameters: {}, retryOnFail };
  const binaryOf = (itemIndex, field) => binaries[itemIndex]?.[field];
  const context = {
    httpCalls,
    binaryReads,
    getInputData: () => items.map((_, index) => ({ json: { index }, ...(binaries[index] ? { binary: binaries[index] } : {}) })),
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
    getNode: () => node,
    // n8n's workflow time zone (GENERIC_TIMEZONE or the workflow's setting); absent: the node reads UTC.
    ...(timezone ? { getTimezone: () => timezone } : {}),
    continueOnFail: () => continueOnFail,
    getExecutionCancelSignal: () => signal,
    helpers: {
      // As n8n's: a missing field is a NodeOperationError naming it and the item.
      assertBinaryData: (itemIndex, field) => {
        const binary = binaryOf(itemIndex, field);
        if (!binary) {
          throw new NodeOperationError(node, `This operation expects the node's input data to contain a binary file '${field}', but none was found [item ${itemIndex}]`, { itemIndex });
        }
        return binary;
      },
      getBinaryDataBuffer: async (itemIndex, field) => {
        binaryReads.push([itemIndex, field]);
        return Buffer.from(binaryOf(itemIndex, field).data, 'base64');
      },
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
