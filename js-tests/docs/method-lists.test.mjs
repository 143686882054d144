// The hand-written lists of the client's methods (the README's "The API", the wire
// reference in docs/wire.md) name every method the package exports, as the generated
// list says (js-tests/shared/methods.generated.json, from the built .d.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const methods = JSON.parse(read('js-tests/shared/methods.generated.json')).methods.map(({ name }) => name);

function section(text, start, end) {
  const from = text.indexOf(start);
  assert.ok(from >= 0, `no section ${start}`);
  const to = text.indexOf(end, from);
  return text.slice(from, to < 0 ? undefined : to);
}

test('the README\'s "The API" names every method', () => {
  const api = section(read('README.md'), '## The API', '\n## ');
  assert.deepEqual(methods.filter((name) => !api.includes(`\`${name}\``)), []);
});

test('docs/wire.md names every method', () => {
  const wire = read('docs/wire.md');
  assert.deepEqual(methods.filter((name) => !wire.includes(`\`${name}`)), []);
});
