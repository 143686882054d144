// The short text beside a tool's structured result, for clients that show only text.

const MAX_TEXT_ITEMS = 20;

const TITLE_KEYS = ['title', 'draftTitle', 'name', 'handle', 'text', 'body'];
const DATE_KEYS = ['date', 'post_date', 'updatedAt', 'scheduledAt'];

/** One line for a record: its id, title (or name, or the start of its body) and date. */
export function label(record) {
  if (record === null || typeof record !== 'object') return String(record);
  // A note of a feed carries its text in `comment` (a post restacked, in `post`).
  const inner = [record.comment, record.post].find((v) => v && typeof v === 'object');
  if (record.id === undefined && inner) return `${record.type ?? 'item'} ${label(inner)}`;
  const parts = [];
  if (record.id !== undefined) parts.push(`#${record.id}`);
  const title = TITLE_KEYS.map((key) => record[key]).find((v) => typeof v === 'string' && v.trim());
  if (title) parts.push(shorten(title.replace(/\s+/g, ' '), 80));
  const date = DATE_KEYS.map((key) => record[key]).find((v) => typeof v === 'string');
  if (date) parts.push(date);
  return parts.length ? parts.join(' · ') : shorten(JSON.stringify(record), 120);
}

function shorten(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The short text beside the structured result. */
export function rendering(tool, result) {
  if (tool.result === 'list') {
    const lines = [`${tool.name}: ${count(result.items)}`, ...itemLines(result.items)];
    lines.push(result.nextCursor ? `next page: cursor ${JSON.stringify(result.nextCursor)}` : 'no next page');
    return lines.join('\n');
  }
  // A check has no id or title: its verdict is its headline.
  if (typeof result.ok === 'boolean') {
    const problems = [...(result.errors ?? []), ...(result.warnings ?? [])];
    return [`${tool.name}: ${result.ok ? 'ready to publish' : 'not ready to publish'}`, ...problems.map((p) => `- ${typeof p === 'string' ? p : JSON.stringify(p)}`)].join('\n');
  }
  // A record that is a list in a wrapper (search results, a user's feed) shows the list.
  const list = result.id === undefined && Object.values(result).find((v) => Array.isArray(v) && v.some((item) => item && typeof item === 'object'));
  if (list) {
    const total = typeof result.total === 'number' ? ` of ${result.total}` : '';
    return [`${tool.name}: ${count(list)}${total}`, ...itemLines(list)].join('\n');
  }
  const lines = [`${tool.name}: ${label(result)}`];
  if (tool.name.startsWith('delete_')) lines.push(result.deleted ? 'deleted' : 'already gone: nothing was deleted');
  if ('scheduledAt' in result && 'published' in result) lines.push(result.published ? 'published' : result.scheduledAt ? `scheduled for ${result.scheduledAt}` : 'not scheduled');
  if (typeof result.url === 'string') lines.push(result.url);
  if (typeof result.body === 'string') lines.push(`body: ${result.body.length} of ${result.bodyChars} characters${result.nextBodyOffset !== null ? `; the rest from body_offset ${result.nextBodyOffset}` : ''}`);
  return lines.join('\n');
}

const count = (items) => `${items.length} ${items.length === 1 ? 'item' : 'items'}`;

function itemLines(items) {
  const lines = items.slice(0, MAX_TEXT_ITEMS).map((item) => `- ${label(item)}`);
  if (items.length > MAX_TEXT_ITEMS) lines.push(`- … ${items.length - MAX_TEXT_ITEMS} more in the structured result`);
  return lines;
}
