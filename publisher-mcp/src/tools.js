// Registers the tools (src/tools.generated.js, by scripts/mcp-tools.mjs): reads always,
// writes only when asked for. Each call reaches the client through a view of it that
// holds only the tool's declared methods, so the write flag, which comes from those
// methods' requests, cannot be wrong about what a handler calls. Each result is made to
// fit the budget of src/budget.js before it is sent.
import catalog from './tools.generated.js';
import { BUDGET, costOf } from './budget.js';
import { errorResult } from './errors.js';
import { HANDLERS, WRITE_RESULTS } from './handlers.js';
import { rendering } from './results.js';

/** Every tool, reads and writes, as generated. */
export const TOOLS = catalog.tools;

/** The tools a server offers: the reads, and the writes when `writes` is on. */
export function offeredTools({ writes }) {
  return TOOLS.filter((tool) => writes || !tool.write);
}

/** A write's method arguments from the tool's: an object parameter gathers its fields. */
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
 * `client` as `tool` may use it: its declared methods only, each given the call's
 * `signal` in its options. Any other method throws, naming the tool and the method.
 */
export function scopedClient(client, tool, signal) {
  const view = {};
  for (const [method, arity] of Object.entries(tool.arity)) {
    view[method] = (...args) => {
      const padded = [...args];
      while (padded.length < arity) padded.push(undefined);
      padded[arity] = signal ? { ...(padded[arity] ?? {}), signal } : padded[arity];
      return client[method](...padded);
    };
  }
  return new Proxy(view, {
    get(target, name) {
      if (typeof name === 'string' && !(name in target)) throw new Error(`${tool.name} called the client's ${name}, which scripts/mcp-tools.mjs does not declare for it`);
      return target[name];
    },
  });
}

/** The budget of a call: the small one when no argument asked for more. */
export function budgetOf(tool, args) {
  const asked = ['limit', 'max_chars'].some((key) => key in tool.inputSchema.properties && args[key] !== undefined && args[key] !== tool.inputSchema.properties[key].default);
  return asked ? BUDGET.maxChars : BUDGET.defaultChars;
}

/** `{value, shrink}` made smaller until its cost is within `budget` (or it cannot shrink). */
export function fit({ value, shrink }, budget) {
  let fitted = value;
  while (costOf(fitted) > budget) {
    const smaller = shrink(fitted);
    if (!smaller) break;
    fitted = smaller;
  }
  return fitted;
}

/** The structured result of one call of `tool` on `client`. */
export async function runTool(tool, client, args, signal) {
  const scoped = scopedClient(client, tool, signal);
  if (tool.write) {
    const value = await scoped[tool.methods[0]](...callArguments(tool, args, signal));
    return WRITE_RESULTS[tool.name](value);
  }
  return fit(await HANDLERS[tool.name](scoped, args), budgetOf(tool, args));
}

/**
 * A JSON Schema as the SDK takes it (a Standard Schema with its JSON Schema): `tools/list`
 * shows the schema exactly as generated, and `compile` (loaded on first use) makes its
 * validator then. Compiling every schema at start-up made `tools/list` wait ~200 ms, and
 * a session calls a few tools, not all.
 */
function declaredSchema(schema, compile) {
  let compiled;
  return {
    '~standard': {
      version: 1,
      vendor: 'publisher-mcp',
      jsonSchema: { input: () => schema, output: () => schema },
      validate: async (value) => (compiled ??= await compile(schema))['~standard'].validate(value),
    },
  };
}

// zod and the SDK's JSON Schema validator are loaded on the first call, not at start-up.
const compileInput = async (schema) => (await import('zod')).fromJSONSchema(schema);
// The bundled bin's shims (scripts/bundle-shims.mjs) import ajv on demand, and say so with
// loadJsonSchemaValidator, which must resolve before a schema is compiled; the SDK's own
// shims have no such function and need nothing.
const compileOutput = async (schema) => {
  const [{ fromJsonSchema }, shims] = await Promise.all([import('@modelcontextprotocol/server'), import('@modelcontextprotocol/server/_shims')]);
  await shims.loadJsonSchemaValidator?.();
  return fromJsonSchema(schema);
};

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
      // in defaults); results by the SDK's JSON Schema validator.
      inputSchema: declaredSchema(tool.inputSchema, compileInput),
      ...(tool.outputSchema ? { outputSchema: declaredSchema(tool.outputSchema, compileOutput) } : {}),
      annotations: tool.annotations,
    }, async (args, ctx) => {
      // A client's notifications/cancelled aborts the call, and any wait before a retry.
      const signal = ctx?.mcpReq?.signal;
      try {
        const result = redact.value(await runTool(tool, client, args ?? {}, signal));
        return { structuredContent: result, content: [{ type: 'text', text: redact(rendering(tool, result)) }] };
      } catch (error) {
        const failed = errorResult(tool, error);
        for (const part of failed.content) part.text = redact(part.text);
        return failed;
      }
    });
  }
}
