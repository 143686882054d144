// Every read, called as a model would against the local service with the data
// (60 posts, 60 notes, 5 followed users, a 117 KB draft), at its default arguments and
// with every bounded argument at its maximum, answers within the budget: at most 50,000
// bytes of structuredContent JSON (under Claude Code's 25,000 tokens), at most 10,000 at
// the defaults. And tools/list with the writes is at most 15,000 characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BUDGET, costOf } from '../src/budget.js';
import { measure } from '../scripts/result-sizes.mjs';

test('every read at its default and at its largest arguments stays within the budget; tools/list is at most 15 KB', async () => {
  const { rows, listChars, tools } = await measure();
  assert.ok(listChars <= 15_000, `tools/list: ${listChars} characters`);
  const reads = new Set(rows.map((row) => row.tool));
  assert.deepEqual([...reads].sort(), ['check_draft', 'get_draft', 'get_drafts', 'get_following', 'get_note', 'get_notes', 'get_post', 'get_posts', 'get_profile', 'search_posts'], `every read of ${tools.join(', ')}`);
  for (const row of rows) {
    assert.equal(row.error, null, `${row.tool} ${JSON.stringify(row.args)}: ${row.error}`);
    const limit = row.label === 'default' ? BUDGET.defaultChars : BUDGET.maxChars;
    assert.ok(row.bytes <= limit, `${row.tool} (${row.label}): ${row.bytes} bytes, over ${limit}`);
  }
  // The largest arguments were really exercised: a body part well past the default.
  assert.ok(rows.some((row) => row.tool === 'get_draft' && row.label === 'largest' && row.bytes > 30_000));
  assert.equal(costOf({ a: 'é' }), 10);
});
