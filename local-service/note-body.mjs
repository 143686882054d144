// Validation of a PublishNoteRequest (POST /api/v1/comment/feed) and the note's plain text.
// Strict on purpose: the local service should reject what a sloppy client might send,
// even where the real service is unknown to be that strict.

const TOP_LEVEL_KEYS = new Set(['bodyJson', 'replyMinimumRole', 'tabId', 'surface', 'attachmentIds']);
const MARK_TYPES = new Set(['bold', 'italic', 'code', 'link']);

export class NoteRequestError extends Error {}

/**
 * Checks the parsed request body. Returns { bodyJson, text } or throws NoteRequestError
 * with a message fit for the 400 response.
 */
export function validatePublishNoteRequest(request) {
  if (!isPlainObject(request)) fail('Request body must be a JSON object');
  for (const key of Object.keys(request)) {
    if (!TOP_LEVEL_KEYS.has(key)) fail(`Unknown field: ${key}`);
  }
  if (!('replyMinimumRole' in request)) fail('Missing replyMinimumRole');
  if (request.replyMinimumRole !== 'everyone') fail('replyMinimumRole must be "everyone"');
  for (const key of ['tabId', 'surface']) {
    if (key in request && typeof request[key] !== 'string') fail(`${key} must be a string`);
  }
  if ('attachmentIds' in request) {
    const ids = request.attachmentIds;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) fail('attachmentIds must be an array of strings');
    // This service has no attachment upload, so no id can be known.
    if (ids.length) fail(`Unknown attachment: ${ids[0]}`);
  }
  if (!('bodyJson' in request)) fail('Missing bodyJson');
  validateDoc(request.bodyJson);
  return { bodyJson: request.bodyJson, text: noteText(request.bodyJson) };
}

/** The service's `body`: each paragraph's text nodes concatenated, paragraphs joined by a blank line. */
export function noteText(doc) {
  return doc.content.map((paragraph) => paragraph.content.map((node) => node.text).join('')).join('\n\n');
}

function validateDoc(doc) {
  if (!isPlainObject(doc)) fail('bodyJson must be an object');
  expectKeys(doc, ['type', 'attrs', 'content'], [], 'bodyJson');
  if (doc.type !== 'doc') fail('bodyJson.type must be "doc"');
  if (!isPlainObject(doc.attrs)) fail('bodyJson.attrs must be an object');
  expectKeys(doc.attrs, ['schemaVersion'], [], 'bodyJson.attrs');
  if (doc.attrs.schemaVersion !== 'v1') fail('bodyJson.attrs.schemaVersion must be "v1"');
  if (!Array.isArray(doc.content) || doc.content.length === 0) fail('bodyJson.content must be a non-empty array');
  doc.content.forEach((paragraph, p) => {
    const where = `bodyJson.content[${p}]`;
    if (!isPlainObject(paragraph)) fail(`${where} must be an object`);
    if (paragraph.type !== 'paragraph') fail(`Unsupported node type: ${describe(paragraph.type)} at ${where}`);
    expectKeys(paragraph, ['type', 'content'], [], where);
    if (!Array.isArray(paragraph.content) || paragraph.content.length === 0) fail(`${where}.content must be a non-empty array`);
    paragraph.content.forEach((node, n) => validateTextNode(node, `${where}.content[${n}]`));
  });
}

function validateTextNode(node, where) {
  if (!isPlainObject(node)) fail(`${where} must be an object`);
  if (node.type !== 'text') fail(`Unsupported node type: ${describe(node.type)} at ${where}`);
  expectKeys(node, ['type', 'text'], ['marks'], where);
  if (typeof node.text !== 'string' || node.text.length === 0) fail(`${where}.text must be a non-empty string`);
  if ('marks' in node) {
    if (!Array.isArray(node.marks) || node.marks.length === 0) fail(`${where}.marks must be a non-empty array when present`);
    node.marks.forEach((mark, m) => validateMark(mark, `${where}.marks[${m}]`));
  }
}

function validateMark(mark, where) {
  if (!isPlainObject(mark)) fail(`${where} must be an object`);
  if (!MARK_TYPES.has(mark.type)) fail(`Unsupported mark: ${describe(mark.type)} at ${where}`);
  if (mark.type === 'link') {
    expectKeys(mark, ['type', 'attrs'], [], where);
    if (!isPlainObject(mark.attrs) || typeof mark.attrs.href !== 'string' || !mark.attrs.href) fail(`${where}.attrs.href must be a non-empty string`);
    for (const [key, value] of Object.entries(mark.attrs)) {
      if (value !== null && typeof value !== 'string') fail(`${where}.attrs.${key} must be a string or null`);
    }
  } else {
    expectKeys(mark, ['type'], [], where);
  }
}

function expectKeys(object, required, optional, where) {
  for (const key of required) if (!(key in object)) fail(`Missing ${where}.${key}`);
  const allowed = new Set([...required, ...optional]);
  for (const key of Object.keys(object)) if (!allowed.has(key)) fail(`Unknown field: ${where}.${key}`);
}

function describe(value) {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function fail(message) {
  throw new NoteRequestError(message);
}
