// The client's `fetch` option over n8n's request helper, so that the client's HTTP obeys
// n8n's proxy settings and request policies. The client keeps its own retry, timeout and
// abort logic around each call; this only carries one request and its answer.
import type { GenericValue, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import type { PublisherFetch, PublisherFetchResponse } from './client';

type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

interface FullResponse {
  body?: unknown;
  headers?: Record<string, unknown>;
  statusCode?: number;
  statusMessage?: string;
}

/** The body as text, decoded like fetch's `text()` (invalid UTF-8 becomes U+FFFD). */
function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return new TextDecoder().decode(body);
  if (body === undefined || body === null) return '';
  return JSON.stringify(body);
}

function headerPairs(raw: Record<string, unknown> | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (Array.isArray(value)) pairs.push([name.toLowerCase(), value.map(String).join(', ')]);
    else if (value !== undefined && value !== null) pairs.push([name.toLowerCase(), String(value)]);
  }
  return pairs;
}

export function n8nFetch(httpRequest: HttpRequest): PublisherFetch {
  return async (url, init) => {
    // A failure passes through unchanged: the client reads a refused connection from its
    // code (ECONNREFUSED) and an abort from its own signals.
    const response = (await httpRequest({
      url,
      method: init.method as IHttpRequestMethods,
      headers: { ...init.headers },
      ...(init.body !== undefined ? { body: init.body as GenericValue } : {}),
      encoding: 'arraybuffer',
      json: false,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      abortSignal: init.signal as IHttpRequestOptions['abortSignal'],
    })) as FullResponse;
    const text = bodyText(response.body);
    const headers = headerPairs(response.headers);
    const answer: PublisherFetchResponse = {
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      headers: { forEach: (callback) => headers.forEach(([name, value]) => callback(value, name)) },
      text: async () => text,
    };
    return answer;
  };
}
