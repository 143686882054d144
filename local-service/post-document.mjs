// Post documents (the post editor's ProseMirror JSON, carried in a draft's `draft_body` as
// JSON text): the check that a value is one, and what a published post needs from it, its
// HTML, plain text, word count and image URLs. Unknown nodes are kept as their text: the
// editor has more node kinds than this service renders, and the real service accepts them.
// The node types the editor stores but does not render (`codeBlock`, the camelCase lists:
// post-rules.generated.json) are not rendered here either, so a test sees them vanish.

import { readFileSync } from 'node:fs';

import { escapeHtml } from './text.mjs';

/** The post editor's rules, generated from the core's table (publisher-core/src/post_body/rules.rs). */
export const POST_RULES = JSON.parse(readFileSync(new URL('./post-rules.generated.json', import.meta.url), 'utf8'));

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
  ordered_list: 'ol',
  list_item: 'li',
};

const MARK_TAGS = { strong: 'strong', bold: 'strong', em: 'em', italic: 'em', strikethrough: 's', strike: 's', code: 'code' };

function renderNode(node, blocks) {
  if (!node || typeof node !== 'object') return '';
  if (typeof node.type === 'string' && Object.hasOwn(POST_RULES.unrendered, node.type)) return '';
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
    case 'highlighted_code_block':
    case 'code_block': {
      blocks.push(inlineText(node));
      const language = typeof node.attrs?.language === 'string' ? node.attrs.language : null;
      const tag = language === null ? '' : ` class="language-${escapeAttribute(language)}"`;
      const data = language === null ? '' : ` data-language="${escapeAttribute(language)}"`;
      return `<pre class="${node.type}"${data}><code${tag}>${escapeHtml(inlineText(node))}</code></pre>`;
    }
    case 'paywall':
      return '<div class="paywall-jump" data-component-name="PaywallToDOM"></div>';
    case 'youtube2': {
      const id = typeof node.attrs?.videoId === 'string' ? node.attrs.videoId : '';
      const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
      return `<div class="youtube-wrap" data-video-id="${escapeAttribute(id)}"><a href="${escapeAttribute(watch)}">${escapeHtml(watch)}</a></div>`;
    }
    case 'footnoteAnchor': {
      const number = footnoteNumber(node);
      return `<a class="footnote-anchor" id="footnote-anchor-${number}" href="#footnote-${number}">${number}</a>`;
    }
    case 'footnote': {
      const number = footnoteNumber(node);
      blocks.push(inlineText(node));
      return `<div class="footnote"><a class="footnote-number" id="footnote-${number}" href="#footnote-anchor-${number}">${number}</a><div class="footnote-content">${children()}</div></div>`;
    }
    case 'captionedImage':
      return `<div class="captioned-image-container"><figure>${children()}</figure></div>`;
    case 'image2':
    case 'image': {
      const attrs = node.attrs ?? {};
      const alt = typeof attrs.alt === 'string' ? ` alt="${escapeAttribute(attrs.alt)}"` : '';
      const title = typeof attrs.title === 'string' ? ` title="${escapeAttribute(attrs.title)}"` : '';
      const size = ['width', 'height']
        .filter((key) => Number.isSafeInteger(attrs[key]) && attrs[key] > 0)
        .map((key) => ` ${key}="${attrs[key]}"`)
        .join('');
      const link = typeof attrs.href === 'string' && attrs.href ? attrs.href : null;
      const img = `<img src="${escapeAttribute(String(attrs.src ?? ''))}"${alt}${title}${size}>`;
      return link ? `<a class="image-link" href="${escapeAttribute(link)}">${img}</a>` : img;
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

function footnoteNumber(node) {
  return Number.isSafeInteger(node.attrs?.number) ? node.attrs.number : 0;
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
  if (typeof node.type === 'string' && Object.hasOwn(POST_RULES.unrendered, node.type)) return '';
  return Array.isArray(node.content) ? node.content.map(inlineText).join('') : '';
}

function escapeAttribute(value) {
  return escapeHtml(value).replace(/"/g, '&quot;');
}

// ---- what the post editor would not render ------------------------------------------------
// Like the real service, this one stores any document; it lists what the editor would drop or
// choke on, by the core's rules (post-rules.generated.json), with the core's paths and reasons.

/**
 * Every rule of the post editor the document breaks, in document order: `[{path, reason}]`,
 * paths from the document as `body` (`body.content[3].attrs.level`).
 */
export function unrenderedNodes(document, rules = POST_RULES) {
  const found = [];
  const seenOnce = new Set();
  const report = (path, reason) => found.push({ path, reason });
  const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(document) || document.type !== 'doc') {
    report(rules.root, 'must be a post document (an object with type "doc")');
    return found;
  }
  const checkAttrs = (node, attrs, path) => {
    for (const rule of attrs) {
      const name = rule.name;
      const all = node.attrs;
      const present = isObject(all) && Object.hasOwn(all, name) && all[name] !== undefined;
      if (!present) {
        if (rule.required) report(`${path}.attrs.${name}`, 'is required');
        continue;
      }
      if (!keeps(all[name], rule, rules)) report(`${path}.attrs.${name}`, rule.requirement);
    }
  };
  const visit = (node, path, parent, depth) => {
    if (!isObject(node) || typeof node.type !== 'string') {
      report(path, 'is not a node: a node is an object with a string type');
      return;
    }
    const rule = Object.hasOwn(rules.nodes, node.type) ? rules.nodes[node.type] : null;
    if (Object.hasOwn(rules.unrendered, node.type)) {
      report(path, `${JSON.stringify(node.type)} is not rendered by the post editor; write ${rules.unrendered[node.type].write}`);
    }
    if (rule && parent && !fits(parent.rule.content, node.type, rule)) {
      report(path, `${JSON.stringify(node.type)} cannot be inside ${JSON.stringify(parent.name)}, which holds ${parent.rule.holds}`);
    }
    if (rule) {
      checkAttrs(node, rule.attrs, path);
      if (node.type === 'text' && !(typeof node.text === 'string' && node.text !== '')) report(`${path}.text`, 'must be a non-empty string');
      if (rules.atMostOne.includes(node.type)) {
        if (seenOnce.has(node.type)) report(path, `a second ${node.type}: a post holds at most one`);
        seenOnce.add(node.type);
      }
    }
    if (Array.isArray(node.marks)) {
      node.marks.forEach((mark, index) => {
        if (isObject(mark) && typeof mark.type === 'string' && Object.hasOwn(rules.marks, mark.type)) {
          checkAttrs(mark, rules.marks[mark.type].attrs, `${path}.marks[${index}]`);
        }
      });
    }
    if (node.content === undefined) return;
    if (!Array.isArray(node.content)) {
      report(`${path}.content`, 'must be an array of nodes');
      return;
    }
    if (node.content.length > 0 && depth >= rules.maxDepth) {
      report(path, `nodes nested more than ${rules.maxDepth} deep are not checked`);
      return;
    }
    const here = rule ? { name: node.type, rule } : null;
    node.content.forEach((child, index) => visit(child, `${path}.content[${index}]`, here, depth + 1));
  };
  visit(document, rules.root, null, 0);
  return found;
}

function fits(content, name, rule) {
  if (Array.isArray(content)) return content.includes(name);
  switch (content) {
    case 'inline':
      return rule.role === 'inline';
    case 'text':
      return name === 'text';
    case 'blocks':
      return rule.role === 'block';
    default:
      return false;
  }
}

function keeps(value, rule, rules) {
  const isString = typeof value === 'string';
  switch (rule.value) {
    case 'text-or-null':
      return isString || value === null;
    case 'text':
      return isString && value !== '';
    case 'integer':
      return Number.isSafeInteger(value) && value >= rule.min && value <= rule.max;
    case 'number-or-null':
      return value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'flag':
      return typeof value === 'boolean';
    case 'video-id':
      return isString && value !== '' && !/[/:?]/.test(value);
    case 'hosted-image':
      return isString && isHostedImage(value, rules);
    case 'absolute-href':
      return isString && isAbsoluteHref(value, rules);
    default:
      return true;
  }
}

/** Whether `src` is an https image URL of one of the hosts the service's uploads answer with. */
export function isHostedImage(src, rules = POST_RULES) {
  if (src.slice(0, 8).toLowerCase() !== 'https://') return false;
  const rest = src.slice(8);
  const end = rest.search(/[/?#]/);
  const host = (end < 0 ? rest : rest.slice(0, end)).toLowerCase();
  return rules.hostedImageHosts.some((pattern) => {
    const star = pattern.indexOf('*');
    if (star < 0) return pattern === host;
    const before = pattern.slice(0, star);
    const after = pattern.slice(star + 1);
    if (!host.startsWith(before) || !host.endsWith(after) || host.length < before.length + after.length) return false;
    const label = host.slice(before.length, host.length - after.length);
    return /^[a-z0-9-]+$/i.test(label);
  });
}

/** Whether `href` is an absolute URL of one of the rules' schemes (http and https with a host). */
export function isAbsoluteHref(href, rules = POST_RULES) {
  const colon = href.indexOf(':');
  if (colon < 0) return false;
  const scheme = href.slice(0, colon).toLowerCase();
  const rest = href.slice(colon + 1);
  if (!rules.hrefSchemes.includes(scheme) || rest === '') return false;
  if (scheme === 'mailto') return true;
  return rest.startsWith('//') && rest.length > 2 && rest[2] !== '/';
}
