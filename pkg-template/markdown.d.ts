// publisher-wasm/markdown: the whole client of the main entry, whose builder's
// markdown(text) and publishNote(text, { markdown: true }) convert Markdown, plus the
// conversion itself.
export * from '__FROM__';

/**
 * The note body (`bodyJson`, as JSON text) that `markdown` becomes: paragraphs, bold,
 * italic, inline code, links, lists, quotes and code blocks; headings become bold
 * paragraphs, and what a note cannot show is mapped to what it can. Throws a
 * `PublisherError` of kind `invalid-argument` when the Markdown holds no text to publish.
 */
export declare function markdownToNoteBody(markdown: string): string;
