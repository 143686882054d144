// A fetch-compatible function over n8n's request helper, so that the client's HTTP obeys
// n8n's proxy settings and request policies. The client keeps its own retry, timeout
// and abort logic; this only carries one request and its answer.
import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import type { FetchFunction } from './client';

type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

interface FullResponse {
  body?: unknown;
  headers?: Record<string, unknown>;
  statusCode?: number;
  statusMessage?: string;
}

const NO_BODY = new Set([101, 103, 204, 205, 304]);

function requestHeaders(init: RequestInit | undefined): IDataObject {
  const headers: IDataObject = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

function responseHeaders(raw: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, String(one));
    else if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  return headers;
}

function bodyBytes(body: unknown): Uint8Array<ArrayBuffer> {
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return new Uint8Array(body);
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body === undefined || body === null) return new Uint8Array(0);
  return new TextEncoder().encode(JSON.stringify(body));
}

export function n8nFetch(httpRequest: HttpRequest): FetchFunction {
  return async (input, init) => {
    const signal = init?.signal ?? undefined;
    // A failure passes through unchanged: the client reads a refused connection from its
    // code (ECONNREFUSED) and an abort from its own signals.
    const response = (await httpRequest({
      url: String(input),
      method: (init?.method ?? 'GET').toUpperCase() as IHttpRequestMethods,
      headers: requestHeaders(init),
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
      encoding: 'arraybuffer',
      json: false,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      disableFollowRedirect: false,
      ...(signal ? { abortSignal: signal } : {}),
    })) as FullResponse;
    const status = response.statusCode ?? 0;
    return new Response(NO_BODY.has(status) ? null : bodyBytes(response.body), {
      status,
      statusText: response.statusMessage ?? '',
      headers: responseHeaders(response.headers),
    });
  };
}
