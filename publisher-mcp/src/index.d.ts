// publisher-mcp: an MCP server over the publisher-wasm client.
import type { McpServer } from '@modelcontextprotocol/server';
import type { PublisherConfig } from 'publisher-wasm';

/** A configuration mistake; its message is the one sentence to show. */
export declare class ConfigError extends Error {
  readonly name: 'ConfigError';
}

/** The variables the server reads. */
export interface PublisherMcpEnv {
  /** The session cookie of the account (required). */
  PUBLISHER_API_KEY?: string;
  /** The publication's host, e.g. `example.substack.com`. */
  PUBLISHER_HOSTNAME?: string;
  /** Every request to this origin instead, e.g. the local service's `http://127.0.0.1:8787`. */
  PUBLISHER_BASE_URL?: string;
  /** `1` adds the write tools. */
  PUBLISHER_MCP_WRITES?: string;
  /** The Worker: the names (comma-separated) whose Host and Origin it serves; any when unset. */
  PUBLISHER_MCP_ALLOWED_HOSTS?: string;
  [name: string]: unknown;
}

/** What the server runs with. */
export interface PublisherMcpConfig {
  client: Pick<PublisherConfig, 'apiKey' | 'hostname' | 'baseUrl'>;
  /** Whether the write tools are offered. */
  writes: boolean;
}

/** The configuration from the environment; throws a `ConfigError` naming the mistake. */
export declare function configFromEnv(env: PublisherMcpEnv, options?: { allowWrites?: boolean }): PublisherMcpConfig;

/** A factory of servers over one client; `overrides` go to the client (`fetch`, `sleep`, …). */
export declare function createServerFactory(config: PublisherMcpConfig, overrides?: Partial<PublisherConfig>): () => McpServer;

/**
 * A web-standard handler (Workers, Deno, Bun) answering MCP's streamable HTTP at `/mcp`.
 * `allowedHosts`: the names whose Host and Origin headers are served (default the loopback
 * names, against DNS rebinding); `null` serves any (a Worker on its own route).
 */
export declare function createFetchHandler(env: PublisherMcpEnv, overrides?: Partial<PublisherConfig>, options?: { allowedHosts?: string[] | null }): {
  fetch(request: Request): Promise<Response> | Response;
  close(): Promise<void> | void;
};

/** One tool, as generated from the client's declarations. */
export interface PublisherTool {
  name: string;
  /** The name in words, for people. */
  title: string;
  /** The client method it calls. */
  method: string;
  description: string;
  /** True for a write, offered only with the writes switch on. */
  write: boolean;
  delivery: 'repeatable' | 'at most once';
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}

/** Every tool, reads and writes. */
export declare const TOOLS: readonly PublisherTool[];
/** The tools a server offers: the reads, and the writes when `writes` is on. */
export declare function offeredTools(options: { writes: boolean }): PublisherTool[];

export declare const MCP_PATH: '/mcp';
export declare const SERVER_NAME: 'publisher-mcp';
export declare const SERVER_VERSION: string;
