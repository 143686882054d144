// Validation of a PublishNoteRequest (POST /api/v1/comment/feed) and the note's plain text.
// Strict on purpose: the local service should reject what a sloppy client might send,
// even where the real service is not known to be that strict. What it accepts is what
// http-contract-writes §2 has evidence for: paragraphs of text and mentions, bullet and
// ordered lists, block quotes and code blocks; bold, italic, code and link marks.

const TOP_LEVEL_KEYS = new Set(['bodyJson', 'replyMinimumRole', 'tabId', 'surface', 'attachmentIds', 'parent_id']);
const MARK_TYPES = new Set(['bold', 'italic', 'code', 'link']);
const LINK_ATTRS = new Set(['href', 'target', 'rel', 'class']);
/** Link targets that run code or embed content when followed. */
const UNSAFE_HREF = /^[\u0000-\u0020]*(javascript|data|vbscript):/i;

export class NoteRequestError extends Error {}

/**
 * Checks the parsed request body. Returns { bodyJson, text, attachmentIds, parentId } or
 * throws NoteRequestError with a message fit for the 400 response. Whether the attachment
 * ids and the parent exist is the caller's check (it knows the world).
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
  let attachmentIds = [];
  if ('attachmentIds' in request) {
    attachmentIds = request.attachmentIds;
    if (!Array.isArray(attachmentIds) || attachmentIds.some((id) => typeof id !== 'string' || !id)) fail('attachmentIds must be an array of strings');
    if (new Set(attachmentIds).size !== attachmentIds.length) fail('attachmentIds must not repeat an id');
  }
  let parentId = null;
  if ('parent_id' in request) {
    parentId = request.parent_id;
    if (!Number.isSafeInteger(parentId) || parentId <= 0) fail('parent_id must be a positive integer');
  }
  if (!('bodyJson' in request)) fail('Missing bodyJson');
  validateDoc(request.bodyJson, { allowEmpty: attachmentIds.length > 0 });
  return { bodyJson: request.bodyJson, text: noteText(request.bodyJson), attachmentIds, parentId };
}

/**
 * The service's `body` (http-contract-writes §2.4): the text of each block joined by a
 * blank line, where every paragraph (also inside a list item or a quote) and every code
 * block is a block, and a mention contributes its label.
 */
export function noteText(doc) {
  const blocks = [];
  const collect = (node) => {
    if (node.type === 'paragraph') blocks.push(node.content.map(inlineText).join(''));
    else if (node.type === 'codeBlock') blocks.push(node.content.map((text) => text.text).join(''));
    else node.content.forEach(collect);
  };
  doc.content.forEach(collect);
  return blocks.join('\n\n');
}

function inlineText(node) {
  return node.type === 'substack_mention' ? node.attrs.label : node.text;
}

function validateDoc(doc, { allowEmpty }) {
  if (!isPlainObject(doc)) fail('bodyJson must be an object');
  expectKeys(doc, ['type', 'attrs', 'content'], [], 'bodyJson');
  if (doc.type !== 'doc') fail('bodyJson.type must be "doc"');
  if (!isPlainObject(doc.attrs)) fail('bodyJson.attrs must be an object');
  expectKeys(doc.attrs, ['schemaVersion'], [], 'bodyJson.attrs');
  if (doc.attrs.schemaVersion !== 'v1') fail('bodyJson.attrs.schemaVersion must be "v1"');
  if (!Array.isArray(doc.content)) fail('bodyJson.content must be an array');
  // A note of attachments only sends `content: []` (http-contract-writes §2.4).
  if (doc.content.length === 0 && !allowEmpty) fail('bodyJson.content must be a non-empty array');
  doc.content.forEach((block, b) => validateBlock(block, `bodyJson.content[${b}]`));
}

const BLOCKS = {
  paragraph: validateParagraph,
  bulletList: (node, where) => validateList(node, where, false),
  orderedList: (node, where) => validateList(node, where, true),
  blockquote: validateBlockquote,
  codeBlock: validateCodeBlock,
};

function validateBlock(node, where) {
  if (!isPlainObject(node)) fail(`${where} must be an object`);
  const validate = Object.hasOwn(BLOCKS, node.type) ? BLOCKS[node.type] : null;
  if (!validate) fail(`Unsupported node type: ${describe(node.type)} at ${where}`);
  validate(node, where);
}

function validateParagraph(paragraph, where) {
  if (!isPlainObject(paragraph) || paragraph.type !== 'paragraph') fail(`Unsupported node type: ${describe(paragraph?.type)} at ${where}`);
  expectKeys(paragraph, ['type', 'content'], [], where);
  nonEmptyArray(paragraph.content, `${where}.content`);
  paragraph.content.forEach((node, n) => validateInline(node, `${where}.content[${n}]`));
}

function validateList(list, where, ordered) {
  expectKeys(list, ['type', 'content'], ordered ? ['attrs'] : [], where);
  if (ordered && 'attrs' in list) {
    if (!isPlainObject(list.attrs)) fail(`${where}.attrs must be an object`);
    expectKeys(list.attrs, [], ['start'], `${where}.attrs`);
    if ('start' in list.attrs && !(Number.isSafeInteger(list.attrs.start) && list.attrs.start >= 0)) fail(`${where}.attrs.start must be a non-negative integer`);
  }
  nonEmptyArray(list.content, `${where}.content`);
  list.content.forEach((item, i) => {
    const itemWhere = `${where}.content[${i}]`;
    if (!isPlainObject(item) || item.type !== 'listItem') fail(`Unsupported node type: ${describe(item?.type)} at ${itemWhere}`);
    expectKeys(item, ['type', 'content'], [], itemWhere);
    // Every list item of the samples holds paragraphs; nested lists have no evidence.
    nonEmptyArray(item.content, `${itemWhere}.content`);
    item.content.forEach((paragraph, p) => validateParagraph(paragraph, `${itemWhere}.content[${p}]`));
  });
}

function validateBlockquote(quote, where) {
  expectKeys(quote, ['type', 'content'], [], where);
  nonEmptyArray(quote.content, `${where}.content`);
  quote.content.forEach((paragraph, p) => validateParagraph(paragraph, `${where}.content[${p}]`));
}

function validateCodeBlock(block, where) {
  expectKeys(block, ['type', 'attrs', 'content'], [], where);
  if (!isPlainObject(block.attrs)) fail(`${where}.attrs must be an object`);
  expectKeys(block.attrs, ['language'], [], `${where}.attrs`);
  if (block.attrs.language !== null && typeof block.attrs.language !== 'string') fail(`${where}.attrs.language must be a string or null`);
  nonEmptyArray(block.content, `${where}.content`);
  block.content.forEach((node, n) => {
    const nodeWhere = `${where}.content[${n}]`;
    if (!isPlainObject(node) || node.type !== 'text') fail(`Unsupported node type: ${describe(node?.type)} at ${nodeWhere}`);
    expectKeys(node, ['type', 'text'], [], nodeWhere);
    if (typeof node.text !== 'string' || node.text.length === 0) fail(`${nodeWhere}.text must be a non-empty string`);
  });
}

function validateInline(node, where) {
  if (!isPlainObject(node)) fail(`${where} must be an object`);
  if (node.type === 'substack_mention') return validateMention(node, where);
  if (node.type !== 'text') fail(`Unsupported node type: ${describe(node.type)} at ${where}`);
  expectKeys(node, ['type', 'text'], ['marks'], where);
  if (typeof node.text !== 'string' || node.text.length === 0) fail(`${where}.text must be a non-empty string`);
  if ('marks' in node) {
    if (!Array.isArray(node.marks) || node.marks.length === 0) fail(`${where}.marks must be a non-empty array when present`);
    node.marks.forEach((mark, m) => validateMark(mark, `${where}.marks[${m}]`));
    const types = node.marks.map((mark) => mark.type);
    if (new Set(types).size !== types.length) fail(`${where}.marks must not repeat a mark`);
    // The editor's code mark excludes every other mark.
    if (types.includes('code') && types.length > 1) fail(`${where}.marks: code cannot be combined with other marks`);
  }
}

function validateMention(node, where) {
  expectKeys(node, ['type', 'attrs'], [], where);
  const attrs = node.attrs;
  if (!isPlainObject(attrs)) fail(`${where}.attrs must be an object`);
  expectKeys(attrs, ['id', 'label', 'mentionType'], ['url'], `${where}.attrs`);
  if (!Number.isSafeInteger(attrs.id) || attrs.id <= 0) fail(`${where}.attrs.id must be a user id`);
  if (typeof attrs.label !== 'string' || !attrs.label) fail(`${where}.attrs.label must be a non-empty string`);
  if (attrs.mentionType !== 'user') fail(`${where}.attrs.mentionType must be "user"`);
  if ('url' in attrs && attrs.url !== null && typeof attrs.url !== 'string') fail(`${where}.attrs.url must be a string or null`);
}

function validateMark(mark, where) {
  if (!isPlainObject(mark)) fail(`${where} must be an object`);
  if (!MARK_TYPES.has(mark.type)) fail(`Unsupported mark: ${describe(mark.type)} at ${where}`);
  if (mark.type === 'link') {
    expectKeys(mark, ['type', 'attrs'], [], where);
    if (!isPlainObject(mark.attrs) || typeof mark.attrs.href !== 'string' || !mark.attrs.href) fail(`${where}.attrs.href must be a non-empty string`);
    for (const [key, value] of Object.entries(mark.attrs)) {
      if (!LINK_ATTRS.has(key)) fail(`Unknown field: ${where}.attrs.${key}`);
      if (value !== null && typeof value !== 'string') fail(`${where}.attrs.${key} must be a string or null`);
    }
    if (UNSAFE_HREF.test(mark.attrs.href)) fail(`${where}.attrs.href must not be a javascript:, data: or vbscript: address`);
  } else {
    expectKeys(mark, ['type'], [], where);
  }
}

function nonEmptyArray(value, where) {
  if (!Array.isArray(value) || value.length === 0) fail(`${where} must be a non-empty array`);
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
