// The Markdown entry's drafts offer their body as Markdown: `bodyMarkdown`, computed from
// `draftBody` on first read (converting is not free, and most reads never ask), not
// enumerable, so JSON.stringify of a record and its keys are those of the main entry.

/** Gives each draft of `records` (one or an array) a lazy `bodyMarkdown`; returns `records`. */
export function offerBodyMarkdown(records, convert) {
  for (const record of Array.isArray(records) ? records : [records]) {
    if (record === null || typeof record !== 'object') continue;
    Object.defineProperty(record, 'bodyMarkdown', {
      configurable: true,
      enumerable: false,
      get() {
        const body = this.draftBody;
        // A storage reference or no body at all: there is no document to write out.
        const markdown = body !== null && typeof body === 'object' ? convert(body) : null;
        Object.defineProperty(this, 'bodyMarkdown', { value: markdown, configurable: true, enumerable: false, writable: false });
        return markdown;
      },
    });
  }
  return records;
}
