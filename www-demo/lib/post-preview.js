// A post document (the post editor's ProseMirror JSON) drawn as a reader sees the post:
// headings, paragraphs with their marks and links, lists, quotes, code with its language,
// images, the paywall line, footnotes, and embeds as cards. Built with DOM calls only:
// no text of the document is ever parsed as HTML. Every node drawn carries its path
// (`body.content[3].content[0]`, as the rules name it) in data-path, so that what the
// post editor would not render can be marked on the node it names.
import { h } from './dom.js';

const MARKS = { bold: 'strong', strong: 'strong', italic: 'em', em: 'em', strikethrough: 's', strike: 's', code: 'code', underline: 'u', superscript: 'sup', subscript: 'sub' };
const LISTS = { bullet_list: 'ul', bulletList: 'ul', ordered_list: 'ol', orderedList: 'ol' };
const ITEMS = new Set(['list_item', 'listItem']);
const CODE = new Set(['highlighted_code_block', 'code_block', 'codeBlock']);
const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A link target a reader's browser may follow from here: absolute http(s) or mailto only. */
function followable(href) {
  return typeof href === 'string' && /^(https?:\/\/|mailto:)/i.test(href);
}

/** The whole text of a node, for code blocks. */
function textOf(node) {
  if (!isObject(node)) return '';
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hard_break' || node.type === 'hardBreak') return '\n';
  return Array.isArray(node.content) ? node.content.map(textOf).join('') : '';
}

/** Up to three short attributes of a node the page does not draw, for its card. */
function attrSummary(attrs) {
  if (!isObject(attrs)) return [];
  return Object.entries(attrs)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value) && String(value) !== '')
    .slice(0, 3)
    .map(([key, value]) => h('span', { class: 'attr' }, h('code', null, key), ' ', String(value).length > 60 ? `${String(value).slice(0, 60)}…` : String(value)));
}

/**
 * The reader's view of `doc`: an <article> with the title and subtitle, then the body.
 * `imageSource(src)` gives the URL to load an image from, or null when the page cannot
 * show it offline (a placeholder names it instead).
 */
export function drawPost(doc, { title, subtitle, imageSource = () => null } = {}) {
  const inline = (node, path) => {
    if (!isObject(node)) return null;
    if (node.type === 'text') {
      let element = document.createTextNode(typeof node.text === 'string' ? node.text : '');
      const marks = Array.isArray(node.marks) ? node.marks : [];
      if (!marks.length) return element;
      for (const mark of marks) {
        if (!isObject(mark)) continue;
        if (mark.type === 'link') {
          const href = mark.attrs?.href;
          element = followable(href)
            ? h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, element)
            // A link the reader could not follow: drawn as a link, but going nowhere.
            : h('span', { class: 'dead-link', title: `href ${JSON.stringify(href ?? null)} leads nowhere from a post` }, element);
        } else if (MARKS[mark.type]) {
          element = h(MARKS[mark.type], null, element);
        } else {
          element = h('span', { class: 'mark-unknown', title: `mark ${mark.type}` }, element);
        }
      }
      return h('span', { class: 'marked', dataset: { path } }, element);
    }
    if (node.type === 'hard_break' || node.type === 'hardBreak') return h('br', { dataset: { path } });
    if (node.type === 'footnoteAnchor') {
      const number = Number(node.attrs?.number);
      return h('sup', { class: 'footnote-anchor', dataset: { path } },
        Number.isSafeInteger(number) ? h('a', { href: `#post-fn-${number}`, id: `post-fnref-${number}`, 'aria-label': `footnote ${number}` }, String(number)) : '?');
    }
    if (node.type === 'image2' || node.type === 'image') return image(node, path);
    // An inline node the page does not know: named, with its text if it has any.
    return h('span', { class: 'inline-card', dataset: { path, node: node.type } }, h('code', null, String(node.type)), ...children(node, path, inline));
  };

  const children = (node, path, draw) => (Array.isArray(node.content)
    ? node.content.map((child, index) => draw(child, `${path}.content[${index}]`))
    : []);

  const image = (node, path) => {
    const attrs = isObject(node.attrs) ? node.attrs : {};
    const src = typeof attrs.src === 'string' ? attrs.src : '';
    const shown = imageSource(src);
    const size = Number.isSafeInteger(attrs.width) && Number.isSafeInteger(attrs.height) ? `${attrs.width}×${attrs.height}` : null;
    if (!shown) {
      return h('span', { class: 'image-placeholder', dataset: { path, src } },
        h('span', null, 'Image'), h('code', null, src || '(no src)'),
        h('span', { class: 'muted' }, 'not fetched from here: hosted on the service when the draft is created'));
    }
    const img = h('img', { src: shown, alt: attrs.alt ?? '', title: attrs.title ?? null, dataset: { path, src } });
    if (size) {
      img.width = attrs.width;
      img.height = attrs.height;
    }
    return img;
  };

  const block = (node, path) => {
    if (!isObject(node)) return h('div', { class: 'embed-card unknown', dataset: { path } }, 'Not a node');
    const type = String(node.type);
    const props = { dataset: { path, node: type } };
    if (type === 'paragraph') {
      const p = h('p', props, ...children(node, path, inline));
      if (ALIGN.has(node.attrs?.textAlign)) p.style.textAlign = node.attrs.textAlign;
      return p;
    }
    if (type === 'heading') {
      const level = Number.isSafeInteger(node.attrs?.level) && node.attrs.level >= 1 && node.attrs.level <= 6 ? node.attrs.level : 2;
      return h(`h${level}`, props, ...children(node, path, inline));
    }
    if (LISTS[type]) {
      const list = h(LISTS[type], props, ...children(node, path, block));
      if (LISTS[type] === 'ol' && Number.isSafeInteger(node.attrs?.start) && node.attrs.start !== 1) list.start = node.attrs.start;
      return list;
    }
    if (ITEMS.has(type)) return h('li', props, ...children(node, path, block));
    if (type === 'blockquote') return h('blockquote', props, ...children(node, path, block));
    if (type === 'horizontal_rule' || type === 'horizontalRule') return h('hr', props);
    if (CODE.has(type)) {
      const language = typeof node.attrs?.language === 'string' && node.attrs.language ? node.attrs.language : null;
      return h('div', { class: 'code-block', ...props },
        h('span', { class: 'code-language' }, language ?? 'no language', type === 'highlighted_code_block' ? null : h('span', { class: 'muted' }, ` · ${type}`)),
        h('pre', null, h('code', null, textOf(node))));
    }
    if (type === 'captionedImage') {
      return h('figure', props, ...children(node, path, (child, childPath) => (child?.type === 'caption'
        ? h('figcaption', { dataset: { path: childPath, node: 'caption' } }, ...children(child, childPath, inline))
        : block(child, childPath))));
    }
    if (type === 'image2' || type === 'image') return h('div', { class: 'image-alone', ...props }, image(node, `${path}`));
    if (type === 'paywall') {
      return h('div', { class: 'paywall', role: 'separator', ...props }, h('span', null, 'Paid subscribers only below this line'));
    }
    if (type === 'youtube2') {
      const id = typeof node.attrs?.videoId === 'string' ? node.attrs.videoId : '';
      const url = `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
      return h('div', { class: 'embed-card youtube', ...props },
        h('span', { class: 'play', 'aria-hidden': 'true' }, '▶'),
        h('span', { class: 'embed-text' }, h('strong', null, 'YouTube video '), h('code', null, id || '(no id)'),
          h('br'), h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, url)));
    }
    if (type === 'footnote') {
      const number = Number(node.attrs?.number);
      const known = Number.isSafeInteger(number);
      return h('div', { class: 'footnote', id: known ? `post-fn-${number}` : null, ...props },
        known ? h('a', { class: 'footnote-number', href: `#post-fnref-${number}`, 'aria-label': `back to the text of footnote ${number}` }, `${number}.`) : '?',
        h('div', null, ...children(node, path, block)));
    }
    if (type === 'text' || type === 'hard_break' || type === 'footnoteAnchor') return h('p', props, inline(node, path));
    // Every other node (an embed, a button, a widget, one unknown to this page): a card naming it.
    return h('div', { class: 'embed-card unknown', ...props },
      h('span', null, h('strong', null, 'Embed '), h('code', null, type)),
      h('span', { class: 'attrs' }, ...attrSummary(node.attrs)),
      ...children(node, path, block));
  };

  const body = Array.isArray(doc?.content) ? doc.content : [];
  const drawn = [];
  let notes = null;
  body.forEach((node, index) => {
    const element = block(node, `body.content[${index}]`);
    // The footnotes at the end of a post sit under one rule, as the published page sets them.
    if (node?.type === 'footnote') {
      if (!notes) drawn.push(notes = h('div', { class: 'footnotes', role: 'doc-endnotes' }));
      notes.append(element);
    } else {
      notes = null;
      drawn.push(element);
    }
  });
  return h('article', { class: 'post-preview', dataset: { path: 'body' } },
    title ? h('p', { class: 'post-title' }, title) : null,
    subtitle ? h('p', { class: 'post-subtitle' }, subtitle) : null,
    drawn.length ? drawn : h('p', { class: 'muted' }, 'The document is empty.'));
}

/** The element drawn for `path`, or for the nearest node above it (`….attrs.level` → the node). */
function elementFor(root, path) {
  const all = new Map([...root.querySelectorAll('[data-path]'), root].map((element) => [element.dataset.path, element]));
  let at = path;
  while (at) {
    if (all.has(at)) return all.get(at);
    const cut = Math.max(at.lastIndexOf('.'), at.lastIndexOf('['));
    if (cut <= 0) break;
    at = at.slice(0, cut);
  }
  return root;
}

/**
 * Marks on `root` (from drawPost) each entry of `unrendered` ([{path, reason}]): the node it
 * names gets an outline and a numbered flag, its reason in the title. Returns the elements.
 */
export function markUnrendered(root, unrendered) {
  return unrendered.map(({ path, reason }, index) => {
    const element = elementFor(root, path);
    element.classList.add('unrendered');
    element.dataset.unrendered = [element.dataset.unrendered, index + 1].filter(Boolean).join(' ');
    element.title = [element.title, `${index + 1}. ${path}: ${reason}`].filter(Boolean).join('\n');
    const inline = ['SPAN', 'SUP', 'A', 'CODE', 'LI'].includes(element.tagName);
    const flag = h('span', { class: inline ? 'unrendered-flag' : 'unrendered-flag corner', 'aria-hidden': 'true' }, String(index + 1));
    // An image holds nothing: its flag goes just before it. A block's flag sits on its corner.
    if (['IMG', 'BR', 'HR'].includes(element.tagName) && element.parentNode) element.before(flag);
    // A list item's flag starts its first line.
    else if (element.tagName === 'LI' && element.firstElementChild?.tagName === 'P') element.firstElementChild.prepend(flag);
    else element.prepend(flag);
    return element;
  });
}
