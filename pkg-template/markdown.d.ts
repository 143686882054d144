// publisher-wasm/markdown: the whole client of the main entry, whose builder's
// markdown(text) and publishNote(text, { markdown: true }) convert Markdown, plus the
// conversions themselves.
export * from '__FROM__';
import type { PostDocument } from '__FROM__';

/**
 * The note body (`bodyJson`, as JSON text) that `markdown` becomes: paragraphs, bold,
 * italic, inline code, links, lists, quotes and code blocks; headings become bold
 * paragraphs, and what a note cannot show is mapped to what it can. Throws a
 * `PublisherError` of kind `invalid-argument` when the Markdown holds no text to publish.
 */
export declare function markdownToNoteBody(markdown: string): string;

/**
 * The post document that `markdown` becomes, as an object (a draft's `body`), in the nodes
 * the post editor writes: headings, paragraphs, bold, italic, strike-through, inline code,
 * links (absolute `http(s)`/`mailto`; a relative one is resolved against
 * `options.baseUrl`, and refused without it), bullet and ordered lists (an item holds
 * text and nested lists), quotes, code blocks (`highlighted_code_block`, the language as
 * highlight.js names it), horizontal rules, hard line breaks, images (an image's title is
 * its caption), `<!-- paywall -->`, a YouTube URL alone on its line (the video),
 * footnotes, and `<!-- publisher-node {JSON} -->` (that node, verbatim). Throws a
 * `PublisherError` of kind `invalid-argument` when the Markdown is empty or holds what a
 * post cannot (raw HTML, tables, task lists, …): the message names it and its line.
 */
export declare function markdownToPostBody(markdown: string, options?: { baseUrl?: string }): PostDocument;

/**
 * The Markdown of a post document (a draft's `draftBody` as an object): the document
 * `markdownToPostBody` turns back into exactly `document`. What Markdown cannot say (a
 * button, an embed, `digestPostEmbed`, LaTeX, a link's `target`, a paragraph's
 * alignment, an unknown node, …) is kept as an HTML comment holding the node's JSON,
 * `<!-- publisher-node {…} -->`, which `markdownToPostBody` reads back as that node. So
 * "read the draft, edit its Markdown, update it" keeps all the editor put in. Throws a
 * `PublisherError` of kind `invalid-argument` when `document` is not a post document
 * (`{ type: 'doc', content: [...] }`).
 */
export declare function postBodyToMarkdown(document: PostDocument): string;
