// A post's or a draft's body as Markdown, which a model reads and writes far more cheaply
// than the HTML or the editor's JSON. A draft's document goes through the client's own
// `postBodyToMarkdown` (publisher-wasm/markdown, exact: what markdownToPostBody turns back
// into the same document) where the package has it; a published post has only its HTML,
// which `htmlToMarkdown` turns into the same dialect's common part.
import * as wasmMarkdown from 'publisher-wasm/markdown';

// Looked up, not imported by name: a package built before the converter (issue 32) has
// no such export, and bundlers warn on a named import that is missing.
const postBodyToMarkdown = Object.entries(wasmMarkdown).find(([name]) => name === 'postBodyToMarkdown')?.[1];

/**
 * The document `doc` as Markdown: with `exact` (a post's document, to be edited and sent
 * back), the client's conversion where the package has it; otherwise (a note's text, to
 * be read) the plain walk below, which writes no markers for the note editor's attributes.
 */
export function docToMarkdown(doc, { exact = false } = {}) {
  if (!doc || typeof doc !== 'object') return '';
  if (exact && typeof postBodyToMarkdown === 'function') {
    try {
      return postBodyToMarkdown(doc);
    } catch {
      // A note's document, or one the converter refuses: the plain walk below.
    }
  }
  return blocks(doc.content ?? []).join('\n\n');
}

function blocks(nodes, indent = '') {
  return nodes.map((node) => block(node, indent)).filter((text) => text !== '');
}

function block(node, indent) {
  const inner = () => inline(node.content ?? []);
  switch (node.type) {
    case 'paragraph':
      return inner();
    case 'heading':
      return `${'#'.repeat(Math.min(6, Math.max(1, node.attrs?.level ?? 2)))} ${inner()}`;
    case 'blockquote':
      return blocks(node.content ?? []).map((text) => text.replace(/^/gm, '> ')).join('\n>\n');
    case 'bullet_list':
    case 'bulletList':
    case 'ordered_list':
    case 'orderedList': {
      const ordered = node.type.startsWith('ordered');
      return (node.content ?? []).map((item, at) => {
        const marker = ordered ? `${at + 1}. ` : '- ';
        const text = blocks(item.content ?? []).join('\n\n');
        return marker + text.replace(/\n/g, `\n${' '.repeat(marker.length)}`);
      }).join('\n');
    }
    case 'code_block':
    case 'codeBlock':
    case 'highlighted_code_block': {
      const language = node.attrs?.language && node.attrs.language !== 'plaintext' ? node.attrs.language : '';
      const code = (node.content ?? []).map((child) => child.text ?? '').join('');
      return `\`\`\`${language}\n${code}\n\`\`\``;
    }
    case 'horizontal_rule':
    case 'horizontalRule':
      return '---';
    case 'paywall':
      return '<!-- paywall -->';
    case 'youtube2':
      return node.attrs?.videoId ? `https://www.youtube.com/watch?v=${node.attrs.videoId}` : '';
    case 'captionedImage': {
      const image = (node.content ?? []).find((child) => child.type === 'image2');
      return image ? `![${image.attrs?.alt ?? ''}](${image.attrs?.src ?? ''})` : '';
    }
    default:
      // What Markdown cannot say stays as the dialect's marker, so nothing is lost.
      return `<!-- publisher-node ${JSON.stringify(node).replace(/>/g, '\\u003e')} -->`;
  }
}

function inline(nodes) {
  return nodes.map((node) => {
    if (node.type === 'hard_break' || node.type === 'hardBreak') return '  \n';
    if (node.type !== 'text') return node.type === 'footnoteAnchor' ? `[^${node.attrs?.number ?? ''}]` : '';
    let text = node.text ?? '';
    for (const mark of node.marks ?? []) {
      if (mark.type === 'bold' || mark.type === 'strong') text = `**${text}**`;
      else if (mark.type === 'italic' || mark.type === 'em') text = `*${text}*`;
      else if (mark.type === 'code') text = `\`${text}\``;
      else if (mark.type === 'strikethrough' || mark.type === 'strike') text = `~~${text}~~`;
      else if (mark.type === 'link' && mark.attrs?.href) text = `[${text}](${mark.attrs.href})`;
    }
    return text;
  }).join('');
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const decode = (text) => text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
  if (name[0] === '#') {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  return ENTITIES[name.toLowerCase()] ?? whole;
});

/**
 * A post's HTML as Markdown: headings, paragraphs, emphasis, links, code, lists, quotes
 * and images; any other tag gives its text. Not exact (the HTML is the service's
 * rendering), but it keeps every word and the structure a reader sees.
 */
export function htmlToMarkdown(html) {
  if (typeof html !== 'string' || html === '') return '';
  let text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<pre[^>]*>\s*<code(?:\s+class="[^"]*language-([\w+-]+)[^"]*")?[^>]*>([\s\S]*?)<\/code>\s*<\/pre>/gi,
      (_, language = '', code) => `\n\n\`\`\`${language}\n${decode(code.replace(/<[^>]+>/g, ''))}\n\`\`\`\n\n`)
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi, (_, level, inner) => `\n\n${'#'.repeat(Number(level))} ${inner}\n\n`)
    .replace(/<img[^>]*?src="([^"]*)"[^>]*?(?:alt="([^"]*)")?[^>]*>/gi, (_, src, alt = '') => `![${alt}](${src})`)
    .replace(/<a[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href, inner) => `[${inner}](${href})`)
    .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)>([\s\S]*?)<\/\1>/gi, '*$2*')
    .replace(/<code>([\s\S]*?)<\/code>/gi, '`$1`')
    .replace(/<br\s*\/?>/gi, '  \n')
    .replace(/<hr\s*\/?>/gi, '\n\n---\n\n')
    .replace(/<blockquote[^>]*>([\s\S]*?)<\/blockquote>/gi, (_, inner) => `\n\n${inner.replace(/<\/?p[^>]*>/gi, '\n').trim().replace(/\n+/g, '\n').replace(/^/gm, '> ')}\n\n`)
    .replace(/<ol[^>]*>([\s\S]*?)<\/ol>/gi, (_, inner) => {
      let n = 0;
      return `\n\n${inner.replace(/<li[^>]*>([\s\S]*?)<\/li>/gi, (__, item) => `${(n += 1)}. ${item.replace(/<\/?p[^>]*>/gi, '').trim()}\n`)}\n\n`;
    })
    .replace(/<ul[^>]*>([\s\S]*?)<\/ul>/gi, (_, inner) => `\n\n${inner.replace(/<li[^>]*>([\s\S]*?)<\/li>/gi, (__, item) => `- ${item.replace(/<\/?p[^>]*>/gi, '').trim()}\n`)}\n\n`)
    .replace(/<\/(p|div|figure|figcaption|section|h\d)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  text = decode(text);
  return text.replace(/[ \t]+\n/g, (spaces) => (spaces.startsWith('  ') ? '  \n' : '\n')).replace(/\n{3,}/g, '\n\n').trim();
}

/** Text without Markdown's marks: for an excerpt. */
export function plainText(markdown) {
  return markdown.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`#>]+/g, '').replace(/\s+/g, ' ').trim();
}
