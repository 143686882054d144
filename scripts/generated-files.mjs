// What the generators (method-list.mjs, mcp-tools.mjs) share: a section of a file between
// two marker lines, and writing the generated files, or with --check only telling which
// are out of date.
import { readFileSync, writeFileSync } from 'node:fs';

/** `text` with what lies between the lines `begin` and `end` replaced by `body`. */
export function replaceBetween(text, begin, end, body, where) {
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${where} lacks the markers ${JSON.stringify(begin.trim())} … ${JSON.stringify(end.trim())}`);
  return text.slice(0, start + begin.length) + body + text.slice(stop);
}

/**
 * Writes each `[path, text]` whose file differs; with `check`, writes nothing and exits 1
 * naming the files out of date and the command that rewrites them.
 */
export function writeGenerated(outputs, { check, command }) {
  const stale = [];
  for (const [path, text] of outputs) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current === text) continue;
    if (check) stale.push(path);
    else writeFileSync(path, text);
  }
  if (stale.length) {
    console.error(`out of date: ${stale.join(', ')}; run ${command}`);
    process.exit(1);
  }
}
