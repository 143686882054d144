// Post documents (the post editor's ProseMirror JSON, carried in a draft's `draft_body` as
// JSON text): the check that a value is one, and what a published post needs from it, its
// HTML, plain text, word count and image URLs. Unknown nodes are kept as their text: the
// editor has more node kinds than this service renders, and the real service accepts them.

import { escapeHtml } from './text.mjs';

/**
 * Parses `draft_body` as sent: null/undefined → null; a string holding JSON of an object with
 * `type: "doc"` → that document. Anything else is a message saying what is wrong.
 */
export function parseDraftBody(value) {
  if (value === undefined || value === null) return { document: null };
  if (typeof value !== 'string') return { problem: 'draft_body must be a string of JSON (the document, stringified)' };
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { problem: 'draft_body is not valid JSON' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || parsed.type !== 'doc') {
    return { problem: 'draft_body must be a document with type "doc"' };
  }
  if (parsed.content !== undefined && !Array.isArray(parsed.content)) return { problem: 'draft_body content must be an array' };
  return { document: parsed };
}

/** HTML, plain text and word count of a document (null → empty). */
export function renderDocument(document) {
  const blocks = [];
  const html = document ? (document.content ?? []).map((node) => renderNode(node, blocks)).join('') : '';
  const plain = blocks.filter(Boolean).join('\n');
  return { html, text: plain, wordcount: plain.split(/\s+/).filter(Boolean).length };
}

/** The `src` of every image node (`image2`, `image`) in the document, in order. */
export function imageSources(document) {
  const sources = [];
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if ((node.type === 'image2' || node.type === 'image') && typeof node.attrs?.src === 'string') sources.push(node.attrs.src);
    if (Array.isArray(node.content)) node.content.forEach(walk);
  };
  walk(document);
  return sources;
}

/** True when the document holds no text and no image. */
export function isEmptyDocument(document) {
  if (!document) return true;
  return !renderDocument(document).text.trim() && imageSources(document).length === 0;
}

const BLOCK_TAGS = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bullet_list: 'ul',
  bulletList: 'ul',
  ordered_list: 'ol',
  orderedList: 'ol',
  list_item: 'li',
  listItem: 'li',
};

const MARK_TAGS = { strong: 'strong', bold: 'strong', em: 'em', italic: 'em', strikethrough: 's', strike: 's', code: 'code' };

function renderNode(node, blocks) {
  if (!node || typeof node !== 'object') return '';
  const children = () => (Array.isArray(node.content) ? node.content.map((child) => renderNode(child, blocks)).join('') : '');
  switch (node.type) {
    case 'text':
      return renderText(node);
    case 'hard_break':
    case 'hardBreak':
      return '<br>';
    case 'horizontal_rule':
    case 'horizontalRule':
      return '<hr>';
    case 'heading': {
      const level = Number.isInteger(node.attrs?.level) && node.attrs.level >= 1 && node.attrs.level <= 6 ? node.attrs.level : 2;
      blocks.push(inlineText(node));
      return `<h${level}>${children()}</h${level}>`;
    }
    case 'codeBlock':
    case 'code_block': {
      blocks.push(inlineText(node));
      const language = typeof node.attrs?.language === 'string' ? ` class="language-${escapeAttribute(node.attrs.language)}"` : '';
      return `<pre><code${language}>${escapeHtml(inlineText(node))}</code></pre>`;
    }
    case 'captionedImage':
      return `<div class="captioned-image-container"><figure>${children()}</figure></div>`;
    case 'image2':
    case 'image': {
      const attrs = node.attrs ?? {};
      const alt = typeof attrs.alt === 'string' ? ` alt="${escapeAttribute(attrs.alt)}"` : '';
      const title = typeof attrs.title === 'string' ? ` title="${escapeAttribute(attrs.title)}"` : '';
      return `<img src="${escapeAttribute(String(attrs.src ?? ''))}"${alt}${title}>`;
    }
    case 'caption':
      blocks.push(inlineText(node));
      return `<figcaption>${children()}</figcaption>`;
    default: {
      const tag = BLOCK_TAGS[node.type];
      if (node.type === 'paragraph') blocks.push(inlineText(node));
      return tag ? `<${tag}>${children()}</${tag}>` : children();
    }
  }
}

function renderText(node) {
  let html = escapeHtml(typeof node.text === 'string' ? node.text : '');
  for (const mark of Array.isArray(node.marks) ? node.marks : []) {
    if (mark?.type === 'link') html = `<a href="${escapeAttribute(String(mark.attrs?.href ?? ''))}">${html}</a>`;
    else if (MARK_TAGS[mark?.type]) html = `<${MARK_TAGS[mark.type]}>${html}</${MARK_TAGS[mark.type]}>`;
  }
  return html;
}

function inlineText(node) {
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hard_break' || node.type === 'hardBreak') return '\n';
  return Array.isArray(node.content) ? node.content.map(inlineText).join('') : '';
}

function escapeAttribute(value) {
  return escapeHtml(value).replace(/"/g, '&quot;');
}
