// A failed call as a tool result (`isError: true`), never a protocol error or a stack:
// the client's one sentence, its kind and HTTP status, and, when a write's outcome is
// unknown, what the model must do before it calls again.

/** The read that tells whether an at-most-once write happened, by tool. */
export const CHECK_FIRST = {
  publish_note: 'get_notes (the newest notes of the account)',
  create_draft: 'get_drafts (the newest drafts)',
  publish_draft: 'get_draft (its `published`)',
  schedule_draft: 'get_draft (its `scheduledAt`)',
};

/** A bad argument the server itself refuses, reported like the client's own refusals. */
export function argumentError(message) {
  return Object.assign(new Error(message), { name: 'PublisherError', kind: 'invalid-argument' });
}

/** The tool result of an error thrown by a call of `tool`. */
export function errorResult(tool, error) {
  return { isError: true, content: [{ type: 'text', text: errorText(tool, error) }] };
}

export function errorText(tool, error) {
  if (error?.name !== 'PublisherError') {
    const what = error instanceof Error ? error.message : String(error);
    return `${tool.name} failed inside publisher-mcp: ${what}`;
  }
  const facts = [`kind: ${error.kind}`];
  if (typeof error.status === 'number') facts.push(`HTTP status: ${error.status}`);
  let text = `${tool.name} failed: ${error.message} (${facts.join(', ')})`;
  if (String(error.kind).startsWith('maybe-')) {
    const check = CHECK_FIRST[tool.name] ?? 'a read of what it writes';
    text += `\nThe outcome is unknown: the service may have done it. Do not call ${tool.name} again before checking with ${check}: calling it again could ${tool.name.startsWith('publish') || tool.name.startsWith('schedule') ? 'publish twice' : 'do it twice'}.`;
  }
  return text;
}
