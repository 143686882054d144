// The SDK's Node shims (`@modelcontextprotocol/server/_shims`) as the bundled bin has them
// (scripts/bundle.mjs): the same `process`, and a DefaultJsonSchemaValidator whose ajv is
// imported when first needed, not at start-up. The SDK's own shim imports ajv at its top
// level, which evaluates all of ajv (about 20 ms) before a server can answer anything,
// though nothing validates a JSON Schema before a tool's first result.
// `getValidator` is synchronous, so `loadJsonSchemaValidator()` must have resolved first:
// src/tools.js awaits it before it compiles an output schema (the only JSON Schema this
// server validates; it asks no client for elicitation, the SDK's other use).
import process from 'node:process';

let Ajv;

/** Imports the SDK's ajv validator (a chunk of its own); resolves once getValidator works. */
export async function loadJsonSchemaValidator() {
  Ajv ??= (await import('@modelcontextprotocol/server/validators/ajv')).AjvJsonSchemaValidator;
}

export class DefaultJsonSchemaValidator {
  getValidator(schema) {
    if (!Ajv) throw new Error('publisher-mcp: a JSON Schema was to be validated before loadJsonSchemaValidator() resolved');
    this.ajv ??= new Ajv();
    return this.ajv.getValidator(schema);
  }
}

export { process };
