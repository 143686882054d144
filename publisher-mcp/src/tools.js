// Registers the client's methods as tools (src/tools.generated.js, from the client's own
// declarations by scripts/mcp-tools.mjs): reads always, writes only when asked for. A
// call maps the tool's arguments back onto the method's parameters, in order.
import { fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod';

import catalog from './tools.generated.js';
import { errorResult } from './errors.js';
import { rendering, structured } from './results.js';

/**
 * Every tool the client offers, reads and writes, as generated; each output schema with
 * the records it refers to (written once in the catalog) as its `$defs`.
 */
export const TOOLS = catalog.tools.map(({ outputRecords, ...tool }) => outputRecords.length
  ? { ...tool, outputSchema: { ...tool.outputSchema, $defs: Object.fromEntries(outputRecords.map((name) => [name, catalog.records[name]])) } }
  : tool);

/** The tools a server offers: the reads, and the writes when `writes` is on. */
export function offeredTools({ writes }) {
  return TOOLS.filter((tool) => writes || !tool.write);
}

/** The method's arguments from the tool's: an object parameter gathers its fields. */
export function callArguments(tool, args, signal) {
  return tool.args.map(({ param, object }) => {
    if (!object) return args[param];
    const picked = {};
    for (const key of object) if (args[key] !== undefined) picked[key] = args[key];
    if (param === 'options') return signal ? { ...picked, signal } : picked;
    return Object.keys(picked).length ? picked : undefined;
  });
}

/**
 * A JSON Schema as the SDK takes it (a Standard Schema with its JSON Schema): `tools/list`
 * shows the schema exactly as generated, and `compile` makes its validator on first use.
 * Compiling every schema at start-up made `tools/list` wait ~200 ms, and a session calls
 * a few tools, not all.
 */
function declaredSchema(schema, compile) {
  let compiled;
  return {
    '~standard': {
      version: 1,
      vendor: 'publisher-mcp',
      jsonSchema: { input: () => schema, output: () => schema },
      validate: (value) => (compiled ??= compile(schema))['~standard'].validate(value),
    },
  };
}

/**
 * Adds the tools to `server`. `redact` masks the API key in every text and structured
 * result a tool returns.
 */
export function registerTools(server, client, { writes, redact }) {
  for (const tool of offeredTools({ writes })) {
    server.registerTool(tool.name, {
      title: tool.title,
      description: tool.description,
      // Arguments are checked by zod, whose messages name the argument (and which fills
      // in defaults); results by the SDK's JSON Schema validator, which follows $defs.
      inputSchema: declaredSchema(tool.inputSchema, (schema) => z.fromJSONSchema(schema)),
      outputSchema: declaredSchema(tool.outputSchema, (schema) => fromJsonSchema(schema)),
      annotations: tool.annotations,
    }, async (args, ctx) => {
      // A client's notifications/cancelled aborts the call, and any wait before a retry.
      const signal = ctx?.mcpReq?.signal;
      try {
        const value = await client[tool.method](...callArguments(tool, args ?? {}, signal));
        const result = redact.value(structured(tool.result, value));
        return { structuredContent: result, content: [{ type: 'text', text: redact(rendering(tool, result)) }] };
      } catch (error) {
        const failed = errorResult(tool, error);
        for (const part of failed.content) part.text = redact(part.text);
        return failed;
      }
    });
  }
}
