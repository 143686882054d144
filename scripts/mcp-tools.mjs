// The MCP server's tools, from what the client declares and a small menu written here.
// Each tool (SPEC below) names the client methods its handler calls
// (js-tests/shared/methods.generated.json: names, parameters and docs from the built
// .d.ts, the requests each sends from the core's routes). A write's input schema is its
// method's parameters, an object parameter's fields spread in (the core's JSON Schema of
// each parameter object, js-tests/shared/params.generated.json, and the .d.ts's other
// interfaces); a read's arguments are chosen for a model (a cursor, a page size, a body
// cut) and take their docs and bounds from the methods where they are the methods'. A
// tool is a write when one of its methods sends anything but a GET (the core's tests
// check that list against the requests each method really sends); writes are offered
// only behind the server's writes switch. What a tool answers is a summary or one
// record's details (SHAPES), sized for a model's context (publisher-mcp/src/budget.js).
// Writes publisher-mcp/src/tools.generated.js and the tool table of
// publisher-mcp/README.md; with --check, writes nothing and fails when either is out of
// date. A type it cannot map is an error, never an `any`.
//
//   node scripts/mcp-tools.mjs [--check]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { replaceBetween, writeGenerated } from './generated-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const check = process.argv.includes('--check');

// The bounds the server adds to the client's rules: a tool's answer goes into a model's
// context, so a page holds at most this many summaries and a body this many characters
// (and src/budget.js cuts whatever would still be over its limit).
export const MAX_LIST_LIMIT = 50;
export const MAX_BODY_CHARS = 40_000;
export const DEFAULT_BODY_CHARS = 6_000;

const methods = JSON.parse(read('js-tests/shared/methods.generated.json')).methods;
const coreParams = JSON.parse(read('js-tests/shared/params.generated.json')).params;
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

// ---- What a tool answers: summaries for lists, one record's details on its own ----
// Claude Code hands the model JSON.stringify(structuredContent), so these shapes are what
// the model reads; each is written once here and named in the tools that answer it.
const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
// `type: [T, 'null']`, the short form: tools/list is paid for on every turn.
const nullable = (schema) => ({ ...schema, type: [schema.type, 'null'] });
const object = (properties) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
// A person as a reader names them: `Name (@handle)`.
const PERSON = nullable(str);

export const SHAPES = {
  PostSummary: object({
    id: int, title: str, subtitle: nullable(str), date: str, url: str, audience: nullable(str), type: str,
    author: PERSON, excerpt: str,
  }),
  NoteSummary: object({
    id: int, kind: str, date: str, author: PERSON, text: str, truncated: bool,
    reactions: int, restacks: int, replies: int, post: nullable(object({ id: int, title: str, url: nullable(str) })),
  }),
  ProfileSummary: object({
    id: int, handle: str, name: str, bio: nullable(str), subscribers: nullable(int),
    publications: { type: 'array', items: object({ id: int, name: str, subdomain: str, role: nullable(str) }) },
  }),
  DraftSummary: object({
    id: int, title: str, subtitle: nullable(str), updatedAt: nullable(str), scheduledAt: nullable(str), published: bool,
    audience: nullable(str),
  }),
};
const BODY = {
  body: str,
  bodyChars: int,
  // Pass it as `body_offset` for the rest; null at the body's end.
  nextBodyOffset: nullable(int),
};
SHAPES.Post = object({ ...SHAPES.PostSummary.properties, ...BODY });
delete SHAPES.Post.properties.excerpt;
SHAPES.Post.required = Object.keys(SHAPES.Post.properties);
SHAPES.Draft = object({ ...SHAPES.DraftSummary.properties, ...BODY });
SHAPES.Note = SHAPES.NoteSummary;
// What a write answers: what the next call needs (an id, the updatedAt update_draft asks
// for, the time or the address it got), not the whole record again.
SHAPES.NoteWritten = object({ id: int, date: str, text: str });
SHAPES.DraftWritten = object({ id: int, title: str, updatedAt: nullable(str), scheduledAt: nullable(str), published: bool });
SHAPES.PostPublished = object({ id: int, title: str, date: str, url: str });

// nextCursor: pass it as `cursor` for the next page; null at the end.
const NEXT = nullable(str);
// Each schema is whole where it is used: MCP wants an object at the top, and a client
// that does not follow $ref still sees the shape.
const listOf = (shape) => ({ shape: 'list', schema: object({ items: { type: 'array', items: SHAPES[shape] }, nextCursor: NEXT }), record: shape });
const one = (shape) => ({ shape: 'record', schema: SHAPES[shape], record: shape });
const asIs = (schema) => ({ shape: 'record', schema, record: null });
const DELETED = object({ id: int, deleted: bool });
const CHECK = object({ ok: bool, errors: { type: 'array' }, warnings: { type: 'array' } });

// ---- The arguments the reads share ----
const USER = {
  anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer', minimum: 1 }],
  description: 'A handle (no @) or a user id.',
};
const CURSOR = { type: 'string', minLength: 1, description: 'A nextCursor.' };
const limit = (fallback) => ({ type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: fallback, description: 'Page size.' });
const BODY_ARGS = {
  body_offset: { type: 'integer', minimum: 0, default: 0, description: 'A nextBodyOffset.' },
  max_chars: { type: 'integer', minimum: 500, maximum: MAX_BODY_CHARS, default: DEFAULT_BODY_CHARS, description: 'Body characters.' },
};
const ID = (what) => ({ type: 'integer', minimum: 1, description: `The ${what}'s id.` });

// A model writes a draft in Markdown: a node Markdown cannot say travels as the dialect's
// `<!-- publisher-node … -->` marker, so the post-document argument is left out.
// Images: a Markdown image's web URL is downloaded and hosted by the client (its
// default); data URIs by name would cost a model's context more than they are worth.
// Links: a model writes absolute ones (a relative one is refused with its line).
const DRAFT_OMIT = ['body', 'images', 'downloadImages', 'type', 'sectionId', 'baseUrl'];
const DRAFT_DOCS = {
  markdown: 'The body in Markdown; a `<!-- publisher-node {…} -->` line (as get_draft shows it) keeps a node Markdown cannot say.',
};

/**
 * The menu: each tool, the client methods it calls (its handler in src/handlers.js may
 * call no other; a test checks), its arguments and what it answers. A tool that differs
 * from another only by how the thing is named is one tool (a post by slug or id, a user
 * by handle or id). `args` is a function of the methods' own argument schemas
 * (`from(method, key)`), so docs and bounds stay the client's.
 */
const SPEC = [
  {
    name: 'get_posts', methods: ['getPosts', 'getPostsById', 'getPostsBySlug'],
    description: 'Post summaries, newest first: your publication\'s, or a `user`\'s. get_post for a body.',
    args: () => ({ user: USER, limit: limit(10), cursor: CURSOR }), output: listOf('PostSummary'),
  },
  {
    name: 'search_posts', methods: ['searchPosts'],
    description: 'Your posts matching `query` (title, subtitle, text), as summaries.',
    args: (from) => ({ query: from('searchPosts', 'query'), published_after: from('searchPosts', 'published_after'), limit: limit(10), cursor: CURSOR }),
    required: ['query'], output: listOf('PostSummary'),
  },
  {
    name: 'get_post', methods: ['getPost', 'getPostById'],
    description: 'One post with its body as Markdown, by `slug` or `id`. A long body comes in parts (nextBodyOffset).',
    args: (from) => ({ slug: from('getPost', 'slug'), id: from('getPostById', 'id'), ...BODY_ARGS }), output: one('Post'),
  },
  {
    name: 'get_notes', methods: ['getNotes', 'getNotesById', 'getNotesBySlug', 'getComments'],
    description: 'Note summaries, newest first: your feed, a user\'s notes (`user`), or a post\'s comments (`post_id`). get_note for one in full.',
    args: () => ({ user: USER, post_id: { ...ID('post'), description: 'A post: its comments.' }, limit: limit(20), cursor: CURSOR }), keepDocs: ['post_id'], output: listOf('NoteSummary'),
  },
  {
    name: 'get_note', methods: ['getNoteById'],
    description: 'One note, or one comment of a post, in full, by id.',
    args: () => ({ id: ID('note or comment') }), required: ['id'], output: one('Note'),
  },
  {
    name: 'get_profile', methods: ['getPublicProfile', 'getFullProfileById'],
    description: 'A user\'s profile: name, bio, subscribers, publications. Their posts and notes: get_posts, get_notes.',
    args: () => ({ user: USER }), required: ['user'], output: one('ProfileSummary'),
  },
  {
    name: 'get_following', methods: ['getFollowingIds', 'getFullProfileById'],
    description: 'Profile summaries of the users you follow (yourself first).',
    args: () => ({ limit: limit(10), cursor: CURSOR }), output: listOf('ProfileSummary'),
  },
  {
    name: 'get_drafts', methods: ['getDrafts'],
    description: 'Draft summaries, most recently edited first (get_draft for one with its body).',
    args: () => ({ limit: limit(20), cursor: CURSOR }), output: listOf('DraftSummary'),
  },
  {
    name: 'get_draft', methods: ['getDraft'],
    description: 'One draft, its body as Markdown (create_draft\'s dialect). A long body comes in parts: read all before rewriting it.',
    args: (from) => ({ draft_id: from('getDraft', 'draft_id'), ...BODY_ARGS }), required: ['draft_id'], output: one('Draft'),
  },
  { name: 'check_draft', methods: ['checkDraft'], description: 'The service\'s pre-publish check of a draft: ok, errors, warnings.', output: asIs(CHECK) },
  { name: 'publish_note', methods: ['publishNote'], description: 'Publishes a note (Markdown by default), with an optional link card or reply target.', omit: ['images'], output: one('NoteWritten') },
  { name: 'delete_note', methods: ['deleteNote'], description: 'Deletes one of your notes; deleted is false when it was already gone.', output: asIs(DELETED) },
  {
    name: 'create_draft', methods: ['createDraft'],
    description: 'Creates a draft from Markdown (docs/drafts.md: fenced code, footnotes, `<!-- paywall -->`, a YouTube URL alone on its line). Publishes nothing.',
    omit: DRAFT_OMIT, docs: DRAFT_DOCS, output: one('DraftWritten'),
  },
  {
    name: 'update_draft', methods: ['updateDraft'],
    description: 'Changes the fields given of a draft; `markdown` replaces the whole body. Needs the updatedAt you read, so an edit made since in the editor is never overwritten.',
    omit: DRAFT_OMIT, docs: DRAFT_DOCS, output: one('DraftWritten'),
  },
  { name: 'delete_draft', methods: ['deleteDraft'], description: 'Deletes a draft; deleted is false when it was already gone.', output: asIs(DELETED) },
  {
    name: 'publish_draft', methods: ['publishDraft'],
    description: 'Publishes a draft now. `send: true` emails every subscriber, which cannot be taken back; ask the user first.',
    output: one('PostPublished'),
  },
  {
    name: 'schedule_draft', methods: ['scheduleDraft'],
    description: 'Schedules a draft\'s release at `at` (ISO 8601 with zone, within 90 days). `send: true` emails every subscriber then; ask the user first.',
    output: one('DraftWritten'),
  },
  { name: 'unschedule_draft', methods: ['unscheduleDraft'], description: 'Removes a draft\'s scheduled release.', output: one('DraftWritten') },
];

/**
 * Client methods no tool calls, and why: each is reached another way, in pages a model
 * can take in. A test fails when a method of the client is neither here nor in a tool.
 */
export const NOT_A_TOOL = {
  getComment: 'get_note: the same request (GET /api/v1/reader/comment/<id>)',
  getUserProfile: 'get_notes and get_posts with `user`: the activity feed in summaries, page by page',
  getFullProfileBySlug: 'get_profile (the profile) and get_notes/get_posts with `user` (the activity)',
  getFollowingProfiles: 'get_following: every followed profile at once is megabytes; a page fetches only its own',
};

const byName = new Map(methods.map((method) => [method.name, method]));

export function toolList() {
  const inputs = new Map(methods.map((method) => [method.name, inputOf(method)]));
  const from = (method, key) => {
    const schema = inputs.get(method)?.schema.properties[key];
    if (!schema) throw new Error(`${method} has no argument ${key}`);
    return { ...schema };
  };
  return SPEC.map((spec) => {
    const used = spec.methods.map((name) => byName.get(name) ?? (() => { throw new Error(`${spec.name}: no client method ${name}`); })());
    // A write is a tool one of whose methods sends anything but a GET: the routes the core
    // declares, which the core's tests check against the requests each method sends.
    const write = used.some((method) => method.sends.some((route) => !route.startsWith('GET ')));
    const once = used.some((method) => method.delivery === 'at most once');
    let inputSchema;
    let args = null;
    if (spec.args) {
      const properties = spec.args(from);
      inputSchema = { type: 'object', properties, ...(spec.required ? { required: spec.required } : {}), additionalProperties: false };
    } else {
      // A write takes its method's arguments as they are.
      const input = inputs.get(spec.methods[0]);
      inputSchema = structuredClone(input.schema);
      args = input.args;
      for (const [key, doc] of Object.entries(spec.docs ?? {})) inputSchema.properties[key].description = doc;
      for (const key of spec.omit ?? []) {
        delete inputSchema.properties[key];
        inputSchema.required = inputSchema.required.filter((name) => name !== key);
      }
    }
    for (const [key, schema] of Object.entries(inputSchema.properties)) {
      // An id's name says what it is.
      if (/^(id|\w+_id)$/.test(key) && schema.type === 'integer' && !spec.keepDocs?.includes(key)) delete schema.description;
      else if (schema.description) schema.description = shortDoc(schema.description);
    }
    return {
      name: spec.name,
      methods: spec.methods,
      description: spec.description,
      write,
      delivery: once ? 'at most once' : 'repeatable',
      annotations: annotationsOf(spec.name, write, once),
      args,
      // Where each method takes its call options (a signal): after its parameters.
      arity: Object.fromEntries(used.map((method) => [method.name, method.params.length])),
      inputSchema,
      result: spec.output.shape,
      // A write answers a small acknowledgement (its shape in SHAPES and the README); its
      // schema is left out of tools/list, which every turn pays for.
      outputSchema: write ? null : spec.output.schema,
      record: spec.output.record,
    };
  });
}

/**
 * The hints that differ from the spec's defaults (readOnlyHint false, destructiveHint
 * true, idempotentHint false, openWorldHint true), which a client assumes when a hint is
 * left out: a read says it is read-only (the other two then mean nothing); a write says
 * when it destroys nothing and when it may be sent again.
 */
function annotationsOf(name, write, once) {
  if (!write) return { readOnlyHint: true };
  const hints = { readOnlyHint: false };
  // A publish emails or shows the post to readers; a delete or an overwrite cannot be undone.
  if (!/^(publish|schedule|delete|update)_/.test(name)) hints.destructiveHint = false;
  if (!once) hints.idempotentHint = true;
  return hints;
}

/** A doc's first sentence: `tools/list` is paid for on every turn. */
function shortDoc(text) {
  const first = /^(.+?[.!?])(\s|$)/.exec(text);
  return first && first[1].length >= 12 ? first[1] : text;
}

const TABLE_BEGIN = '<!-- tools: generated by scripts/mcp-tools.mjs from the client\'s declarations; do not edit -->\n';
const TABLE_END = '<!-- end of the generated tools -->\n';

function table(tools) {
  const hints = (t) => (t.write
    ? [t.annotations.destructiveHint !== false && 'destructive', t.annotations.idempotentHint && 'idempotent'].filter(Boolean).join(', ') || '—'
    : 'read-only');
  const args = (t) => Object.entries(t.inputSchema.properties)
    .map(([key, schema]) => ((t.inputSchema.required ?? []).includes(key) ? `\`${key}\`` : `\`${key}?\``) + (schema.maximum ? ` (≤ ${schema.maximum})` : ''))
    .join(', ') || '—';
  const rows = tools.map((t) => `| \`${t.name}\` | ${t.write ? 'write' : 'read'} | ${args(t)} | ${hints(t)} | ${t.methods.map((m) => `\`${m}\``).join(', ')} | ${t.description.replace(/\|/g, '\\|')} |`);
  const skipped = Object.entries(NOT_A_TOOL).map(([method, why]) => `- \`${method}\`: ${why}`);
  return ['| tool | kind | arguments | annotations | client methods | description |', '|---|---|---|---|---|---|', ...rows, '', 'Client methods that are no tool, and where their answers are:', '', ...skipped].join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tools = toolList();
  // A module, not a .json file: JSON imports still warn on Node 20 and need import
  // attributes that not every bundler reads.
  const json = `// Generated by scripts/mcp-tools.mjs from the client's declarations; do not edit.\nexport default ${JSON.stringify({ maxListLimit: MAX_LIST_LIMIT, maxBodyChars: MAX_BODY_CHARS, notATool: NOT_A_TOOL, tools }, null, 2)};\n`;
  const readmePath = join(root, 'publisher-mcp', 'README.md');
  const readme = replaceBetween(readFileSync(readmePath, 'utf8'), TABLE_BEGIN, TABLE_END, table(tools), 'publisher-mcp/README.md');
  writeGenerated([[join(root, 'publisher-mcp', 'src', 'tools.generated.js'), json], [readmePath, readme]],
    { check, command: 'node scripts/mcp-tools.mjs (after npm run build)' });
  console.log(`mcp-tools: ${tools.length} tools (${tools.filter((t) => t.write).length} writes)${check ? ', up to date' : ''}`);
}
