// The one place that imports the client package: its Markdown entry (the whole client,
// whose builder converts Markdown) for custom loaders, given the wasm's bytes, which the
// build embeds (no file to find at run time). The build bundles this file into
// dist/shared/client.js, which the nodes require, so the wasm is compiled once per process.
import { sleep } from 'n8n-workflow';
import { initSync, Publisher, PublisherError } from 'publisher-wasm/markdown/init';
import type { PublisherConfig, PublisherFetch } from 'publisher-wasm/markdown/init';
import wasm from 'publisher-wasm/markdown/publisher_wasm_bg.wasm';

initSync(wasm);

export { Publisher, PublisherError };
export type {
  DeleteNoteResult,
  NoteBuilder,
  PublisherConfig,
  PublisherFetch,
  PublisherFetchResponse,
  PublisherNote,
  PublisherNotes,
  PublisherPost,
  PublishNoteResponse,
} from 'publisher-wasm/markdown/init';

/** What the `publisherApi` credential holds. */
export interface PublisherCredentials {
  apiKey: string;
  hostname: string;
  cookieName: 'connect.sid' | 'substack.sid' | 'both';
  baseUrl: string;
}

export function readCredentials(data: Record<string, unknown>): PublisherCredentials {
  const text = (name: string): string => {
    const value = data[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const cookieName = text('cookieName');
  return {
    apiKey: text('apiKey'),
    hostname: text('hostname'),
    cookieName: cookieName === 'substack.sid' || cookieName === 'both' ? cookieName : 'connect.sid',
    baseUrl: text('baseUrl'),
  };
}

/**
 * One client for the credentials. `fetch` routes HTTP through n8n's request helpers;
 * `signal` (n8n's execution-cancel signal) aborts every call, waits between retries included.
 * Every client waits (its per-request timeout, before a retry) through n8n-workflow's
 * `sleep`: a node may not use the global timers, and the bundle has none (build.mjs).
 */
export function createClient(
  credentials: PublisherCredentials,
  options: { fetch?: PublisherFetch; signal?: AbortSignal } = {},
): Publisher {
  const config: PublisherConfig = {
    apiKey: credentials.apiKey,
    cookieName: credentials.cookieName,
    sleep,
  };
  if (credentials.hostname) config.hostname = hostOf(credentials.hostname);
  if (credentials.baseUrl) config.baseUrl = credentials.baseUrl.replace(/\/+$/, '');
  if (options.fetch) config.fetch = options.fetch;
  if (options.signal) config.signal = options.signal;
  return new Publisher(config);
}

/** Accepts "example.substack.com" as well as a pasted "https://example.substack.com/". */
export function hostOf(hostname: string): string {
  return hostname.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/.*$/, '');
}
