// The MCP server's tools, from what the client declares: every method of the Publisher
// class (js-tests/shared/methods.generated.json: names, parameters and their docs from
// the built .d.ts, the requests from the core's routes) becomes a tool named as the
// method in snake_case. Its input schema is the method's parameters, an object
// parameter's fields spread in: the core's JSON Schema of each parameter object
// (js-tests/shared/params.generated.json, from publisher-core/src/params.rs), the other
// interfaces and aliases read from the .d.ts. Its output schema is the record the method
// decodes (js-tests/shared/records.generated.mjs, from publisher-core/src/records). A
// method that sends only GETs is a read; any other is a write, offered only behind the
// server's writes switch. Writes publisher-mcp/src/tools.generated.js and the tool table
// of publisher-mcp/README.md; with --check, writes nothing and fails when either is out
// of date. A type it cannot map is an error, never an `any`.
//
//   node scripts/mcp-tools.mjs [--check]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { replaceBetween, writeGenerated } from './generated-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const check = process.argv.includes('--check');

// The one bound the server adds to the client's rules: a tool's answer goes into a
// model's context, so a list is at most this long per call (the client itself pages on).
export const MAX_LIST_LIMIT = 100;

const methods = JSON.parse(read('js-tests/shared/methods.generated.json')).methods;
const coreParams = JSON.parse(read('js-tests/shared/params.generated.json')).params;
const { RECORDS } = await import(pathToFileURL(join(root, 'js-tests/shared/records.generated.mjs')).href);
const dts = read('pkg/publisher_wasm.d.ts');
const notesPage = read('pkg/notes-page.d.ts');

const snake = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const docLine = (doc) => doc.split('\n').map((line) => line.replace(/^\s*\/?\*+\/?\s?/, '').trim()).filter(Boolean).join(' ');

/** `export interface Name [extends …] { /** doc *\/ key?: type; … }` of the .d.ts: its own fields. */
function interfaceFields(name) {
  const match = new RegExp(`export interface ${name}(?: extends [\\w, ]+)? \\{\\n([\\s\\S]*?)\\n\\}`).exec(dts);
  if (!match) throw new Error(`the .d.ts declares no interface ${name}`);
  const fields = [];
  for (const member of match[1].matchAll(/(?:\/\*\*([\s\S]*?)\*\/\s*)?(\w+)(\??): ([^;]+);/g)) {
    const [, doc = '', key, optional, type] = member;
    fields.push({ key, optional: optional === '?', type: type.trim(), doc: docLine(doc) });
  }
  return fields;
}

/** The string literals of `export type Name = 'a' | 'b' | (string & {});`. */
function aliasLiterals(name) {
  const match = new RegExp(`export type ${name} = ([^;]+);`).exec(dts);
  if (!match) return null;
  const literals = [...match[1].matchAll(/'([^']*)'|"([^"]*)"/g)].map(([, a, b]) => a ?? b);
  return literals.length ? literals : null;
}

/** The JSON Schema of a TypeScript type of the .d.ts (the subset the API's inputs use). */
function typeSchema(type, where) {
  const bare = type.replace(/\s*\|\s*null$/, '').trim();
  if (bare === 'string') return { type: 'string' };
  if (bare === 'number') return { type: 'integer' };
  if (bare === 'boolean') return { type: 'boolean' };
  if (/^('[^']*'\s*\|\s*)*'[^']*'$/.test(bare)) return { type: 'string', enum: [...bare.matchAll(/'([^']*)'/g)].map(([, v]) => v) };
  // A time: JSON has no Date, so the ISO 8601 string form.
  if (bare === 'string | Date') return { type: 'string', minLength: 1 };
  // Images: JSON carries no bytes, so the `data:image/…;base64,` URI form of ImageInput.
  const image = { type: 'string', pattern: '^data:image/', description: 'A `data:image/…;base64,` URI.' };
  if (bare === 'ImageInput') return image;
  if (bare === 'readonly ImageInput[]') return { type: 'array', items: image };
  if (bare === 'Record<string, ImageInput>') return { type: 'object', additionalProperties: image };
  // The post document, written by hand or by markdownToPostBody; the client checks it.
  if (bare === 'PostDocument') return { type: 'object', properties: { type: { const: 'doc' } }, required: ['type'] };
  const literals = aliasLiterals(bare);
  if (literals) return { type: 'string', enum: literals };
  throw new Error(`${where}: no JSON Schema for the type \`${type}\`; teach scripts/mcp-tools.mjs or change the .d.ts`);
}

/** The fields a parameter of type `type` spreads into the tool's arguments. */
function objectFields(type, where) {
  const partial = /^Partial<(\w+)>$/.exec(type);
  const name = partial ? partial[1] : type.replace(/\s*\|\s*null$/, '').trim();
  const core = coreParams[name];
  // The core's own schema for its parameter objects, in the .d.ts's (declared) order.
  // What a call's options add beyond the call itself: a signal or a callback is no argument.
  const own = interfaceFields(name).filter((field) => !['signal', 'onProgress'].includes(field.key));
  return own.map((field) => {
    const schema = core ? { ...core.properties[field.key] } : { ...typeSchema(field.type, `${where}.${field.key}`) };
    if (!schema.description) schema.description = field.doc;
    const required = core ? core.required.includes(field.key) : !field.optional;
    return { key: field.key, schema, required: required && !partial };
  });
}

/** A number argument of the API is an id; a string one is a slug, a handle, a text or a time. */
function valueSchema(param, where) {
  const schema = param.type === 'number' ? { type: 'integer', minimum: 1 } : typeSchema(param.type, where);
  if (schema.type === 'string' && schema.minLength === undefined) schema.minLength = 1;
  return { ...schema, description: param.doc };
}

const isObjectType = (type) => /^(Partial<)?[A-Z]\w*>?( \| null)?$/.test(type) && !aliasLiterals(type.replace(/ \| null$/, ''));

// Defaults the server sets where the client has none: a model writes Markdown.
const SERVER_DEFAULTS = { publishNote: { markdown: true } };

// Arguments the server asks for where the client leaves them optional, with why: an
// assistant that rewrites a draft says which copy it read, so an edit made since in the
// editor is never overwritten.
const SERVER_REQUIRED = {
  updateDraft: {
    expectedUpdatedAt:
      'Required: the `updatedAt` of the draft as you read it (get_draft). If the draft changed since, for example in the editor, the call fails with kind conflict and nothing is sent; read it again and apply your change to that copy.',
  },
};

function inputOf(method) {
  const properties = {};
  const required = [];
  const args = [];
  const add = (key, schema, isRequired, where) => {
    if (properties[key]) throw new Error(`${where}: two arguments are named ${key}`);
    properties[key] = schema;
    if (isRequired) required.push(key);
  };
  const params = [...method.params, { name: 'options', optional: true, type: method.options, doc: '' }];
  for (const param of params) {
    const where = `${method.name}(${param.name})`;
    if (isObjectType(param.type)) {
      const fields = objectFields(param.type, where);
      for (const field of fields) {
        const schema = { ...field.schema };
        const serverDefault = SERVER_DEFAULTS[method.name]?.[field.key];
        if (serverDefault !== undefined) schema.default = serverDefault;
        const serverRequired = SERVER_REQUIRED[method.name]?.[field.key];
        if (serverRequired !== undefined) {
          schema.description = serverRequired;
          add(field.key, schema, true, where);
          continue;
        }
        if (field.key === 'limit') {
          schema.maximum = MAX_LIST_LIMIT;
          schema.description = `${schema.description} At most ${MAX_LIST_LIMIT} per call.`;
        }
        add(field.key, schema, field.required && !param.optional, where);
      }
      args.push({ param: param.name, object: fields.map((field) => field.key) });
    } else {
      add(param.name, valueSchema(param, where), !param.optional, where);
      args.push({ param: param.name });
    }
  }
  return { schema: { type: 'object', properties, required, additionalProperties: false }, args };
}

/** A record's JSON Schema; `defs` collects the records it refers to. */
function recordSchema(name, defs) {
  const record = RECORDS[name];
  if (!record) throw new Error(`${name} is no record of records.generated.mjs`);
  const parent = record.extends ? RECORDS[record.extends] : null;
  const fields = [...(parent?.fields ?? []), ...record.fields];
  // The .d.ts widens a few derived fields (a draft's body: a document, or a reference string).
  const declared = new Map(interfaceFields(name).map((field) => [field.key, field.type]));
  const properties = {};
  const required = [];
  for (const field of fields) {
    let schema = fieldType(field.type, defs);
    // TypeScript's `number` is the record's integer or number: no widening.
    const covered = (t) => t === schema.type || (t === 'number' && schema.type === 'integer');
    const also = (declared.get(field.name) ?? '').split(' | ').filter((t) => ['string', 'number', 'boolean'].includes(t) && !covered(t));
    const alternatives = [schema, ...(schema.type ? also.map((type) => ({ type })) : [])];
    if (['optional', 'derived-nullable'].includes(field.presence)) alternatives.push({ type: 'null' });
    if (alternatives.length > 1) schema = { anyOf: alternatives };
    properties[field.name] = schema;
    if (['required', 'derived', 'derived-nullable'].includes(field.presence)) required.push(field.name);
  }
  // Fields the service sends beyond the record pass through, so an open record allows them.
  const open = record.open || parent?.open;
  return { type: 'object', properties, required, ...(open ? {} : { additionalProperties: false }) };
}

function fieldType(type, defs) {
  if (typeof type === 'string') return { type };
  if (type.oneOf) return { type: 'string', enum: type.oneOf };
  const name = type.record ?? type.list;
  if (!name) throw new Error(`no JSON Schema for the record field type ${JSON.stringify(type)}`);
  if (!defs[name]) {
    defs[name] = {};
    defs[name] = recordSchema(name, defs);
  }
  const ref = { $ref: `#/$defs/${name}` };
  return type.list ? { type: 'array', items: ref } : ref;
}

/** What a method resolves with, as the tool's structured result: `shape` tells the server how to build it. */
function outputOf(method) {
  const defs = {};
  const resolves = method.resolves;
  let shape;
  let schema;
  const list = /^(\w+)\[\]$/.exec(resolves);
  if (list) {
    const items = list[1] === 'number' ? { type: 'integer' } : (defs[list[1]] = recordSchema(list[1], defs), { $ref: `#/$defs/${list[1]}` });
    shape = 'list';
    schema = { type: 'object', properties: { items: { type: 'array', items } }, required: ['items'] };
  } else if (/export declare class \w+ implements AsyncIterable<(\w+)>/.test(notesPage) && resolves === 'PublisherNotes') {
    const item = /AsyncIterable<(\w+)>/.exec(notesPage)[1];
    defs[item] = recordSchema(item, defs);
    shape = 'page';
    schema = {
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: `#/$defs/${item}` } },
        nextCursor: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Pass as `cursor` for the next page; null at the end of the feed.' },
      },
      required: ['items', 'nextCursor'],
    };
  } else if (RECORDS[resolves]) {
    shape = 'record';
    schema = recordSchema(resolves, defs);
  } else {
    shape = 'record';
    const properties = {};
    const fields = interfaceFields(resolves);
    for (const field of fields) properties[field.key] = { ...typeSchema(field.type, `${method.name} resolves ${resolves}.${field.key}`), description: field.doc };
    schema = { type: 'object', properties, required: fields.filter((f) => !f.optional).map((f) => f.key) };
  }
  // The records are written once for all tools (`records`); each tool names those its
  // schema refers to, and the server puts them into its `$defs`.
  for (const [name, record] of Object.entries(defs)) RECORD_SCHEMAS[name] = record;
  return { shape, schema, records: Object.keys(defs).sort() };
}

const RECORD_SCHEMAS = {};

export function toolList() {
  return methods.map((method) => {
    const write = method.sends.some((route) => !route.startsWith('GET '));
    const once = method.delivery === 'at most once';
    const input = inputOf(method);
    const output = outputOf(method);
    const name = snake(method.name);
    return {
      name,
      // For people: the name in words (`get_full_profile_by_slug` → "Get full profile by slug").
      title: name[0].toUpperCase() + name.slice(1).replaceAll('_', ' '),
      method: method.name,
      description: method.summary,
      write,
      delivery: method.delivery,
      annotations: {
        readOnlyHint: !write,
        // A publish emails or shows the post to readers; a delete or an overwrite cannot be undone.
        destructiveHint: write && /^(publish|schedule|delete|update)/.test(method.name),
        idempotentHint: !once,
        openWorldHint: true,
      },
      args: input.args,
      inputSchema: input.schema,
      result: output.shape,
      outputSchema: output.schema,
      outputRecords: output.records,
    };
  });
}

const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

const TABLE_BEGIN = '<!-- tools: generated by scripts/mcp-tools.mjs from the client\'s declarations; do not edit -->\n';
const TABLE_END = '<!-- end of the generated tools -->\n';

function table(tools) {
  const hints = (t) => ['readOnlyHint', 'destructiveHint', 'idempotentHint'].filter((h) => t.annotations[h]).map((h) => `\`${h}\``).join(' ') || '—';
  const args = (t) => Object.entries(t.inputSchema.properties)
    .map(([key, schema]) => (t.inputSchema.required.includes(key) ? `\`${key}\`` : `\`${key}?\``) + (schema.maximum ? ` (≤ ${schema.maximum})` : ''))
    .join(', ') || '—';
  const rows = tools.map((t) => `| \`${t.name}\` | ${t.write ? 'write' : 'read'} | ${args(t)} | ${hints(t)} | \`${t.method}\`: ${t.description.replace(/\|/g, '\\|')} |`);
  return ['| tool | kind | arguments | annotations | client method |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tools = toolList();
  // A module, not a .json file: JSON imports still warn on Node 20 and need import
  // attributes that not every bundler reads.
  const json = `// Generated by scripts/mcp-tools.mjs from the client's declarations; do not edit.\nexport default ${JSON.stringify({ maxListLimit: MAX_LIST_LIMIT, tools, records: sorted(RECORD_SCHEMAS) }, null, 2)};\n`;
  const readmePath = join(root, 'publisher-mcp', 'README.md');
  const readme = replaceBetween(readFileSync(readmePath, 'utf8'), TABLE_BEGIN, TABLE_END, table(tools), 'publisher-mcp/README.md');
  writeGenerated([[join(root, 'publisher-mcp', 'src', 'tools.generated.js'), json], [readmePath, readme]],
    { check, command: 'node scripts/mcp-tools.mjs (after npm run build)' });
  console.log(`mcp-tools: ${tools.length} tools (${tools.filter((t) => t.write).length} writes)${check ? ', up to date' : ''}`);
}
