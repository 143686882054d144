// The tools as an MCP client sees them, over stdio and over streamable HTTP: the list
// the writes switch gives, the annotations and schemas of each tool, and a call of every
// tool of the generated list against the local service.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  READS, TOOLS, TRANSPORTS, WRITES, daysAhead, namesOf, serverEnv, startServer, startService, textOf, toolNamed,
} from './support.mjs';

// The server configurations the listing tests compare: how the writes switch is given.
const CONFIGS = {
  'no switch': { args: [], env: {} },
  '--allow-writes': { args: ['--allow-writes'], env: {} },
  'PUBLISHER_MCP_WRITES=1': { args: [], env: { PUBLISHER_MCP_WRITES: '1' } },
  'PUBLISHER_MCP_WRITES=0': { args: [], env: { PUBLISHER_MCP_WRITES: '0' } },
};

let service;
const sessions = new Map();
before(async () => {
  service = await startService();
});
after(async () => {
  const started = await Promise.allSettled(sessions.values());
  await Promise.allSettled(started.filter((s) => s.status === 'fulfilled').map((s) => s.value.close()));
  await service?.close();
});

/** One server per transport and configuration, started on first use, stopped in `after`. */
function session(transport, config) {
  const key = `${transport} ${config}`;
  if (!sessions.has(key)) {
    const { args, env } = CONFIGS[config];
    sessions.set(key, startServer(transport, { args, env: serverEnv(service, env) }));
  }
  return sessions.get(key);
}

/** Arguments a write would accept (so that, were it offered, the call would reach the service). */
function validArguments(tool) {
  const values = { integer: 1, string: 'Never sent', boolean: false };
  const args = Object.fromEntries(tool.inputSchema.required.map((name) => [name, values[tool.inputSchema.properties[name].type]]));
  if ('at' in args) args.at = daysAhead(2);
  return args;
}

for (const transport of TRANSPORTS) {
  describe(`over ${transport}`, () => {
    // The servers start together; each takes a moment to load the client.
    before(() => Promise.all(Object.keys(CONFIGS).map((config) => session(transport, config))));

    test('without the switch, tools/list gives exactly the generated reads, no writes', async () => {
      const listed = await (await session(transport, 'no switch')).listTools();
      assert.deepEqual(namesOf(listed), namesOf(READS));
      assert.ok(READS.length > 0 && WRITES.length > 0);
    });

    for (const config of ['--allow-writes', 'PUBLISHER_MCP_WRITES=1']) {
      test(`with ${config}, tools/list gives the generated reads and writes`, async () => {
        const listed = await (await session(transport, config)).listTools();
        assert.deepEqual(namesOf(listed), namesOf(TOOLS));
      });
    }

    test('with PUBLISHER_MCP_WRITES=0, tools/list gives the reads only', async () => {
      const listed = await (await session(transport, 'PUBLISHER_MCP_WRITES=0')).listTools();
      assert.deepEqual(namesOf(listed), namesOf(READS));
    });

    test('each listed tool carries the generated title, annotations, description, input and output schemas', async () => {
      const listed = await (await session(transport, '--allow-writes')).listTools();
      assert.equal(listed.length, TOOLS.length);
      for (const shown of listed) {
        const tool = toolNamed(shown.name);
        assert.deepEqual(shown.annotations, tool.annotations, `${tool.name}: annotations`);
        if (!tool.write) {
          assert.deepEqual(shown.annotations, { readOnlyHint: true }, `${tool.name}: a read is read-only`);
        } else {
          assert.equal(shown.annotations.readOnlyHint, false, `${tool.name}: a write is not read-only`);
        }
        if (/^(publish|delete)_/.test(tool.name)) assert.notEqual(shown.annotations.destructiveHint, false, `${tool.name}: destructive`);
        if (tool.delivery === 'at most once') assert.notEqual(shown.annotations.idempotentHint, true, `${tool.name}: sent at most once, not idempotent`);
        assert.equal(shown.description, tool.description, `${tool.name}: description`);
        if (tool.write) assert.equal(shown.outputSchema, undefined, `${tool.name}: a write's small answer has no schema in tools/list`);
        else assert.deepEqual(shown.outputSchema, tool.outputSchema, `${tool.name}: output schema`);
        // The input schema as generated, to the byte: names, types, bounds, defaults, docs.
        assert.deepEqual(shown.inputSchema, tool.inputSchema, `${tool.name}: input schema`);
      }
      // The hints above were each checked on some tool, not on none.
      assert.ok(listed.some((t) => /^publish_/.test(t.name)) && listed.some((t) => /^delete_/.test(t.name)));
      assert.ok(TOOLS.some((t) => t.delivery === 'at most once'));
    });

    test('a write tool on a reads-only server is refused as an unknown tool, and nothing is sent', async () => {
      const reads = await session(transport, 'no switch');
      await service.controls.clearRequests();
      for (const tool of WRITES) {
        let refusal;
        try {
          const result = await reads.call(tool.name, validArguments(tool));
          assert.equal(result.isError, true, `${tool.name} ran on a reads-only server`);
          refusal = textOf(result);
        } catch (error) {
          refusal = error.message;
        }
        assert.match(refusal, new RegExp(`${tool.name}\\b.*(not found|unknown)`, 'i'), `${tool.name}: ${refusal}`);
      }
      assert.deepEqual(await service.controls.apiRequests(), [], 'the service saw no request');
    });

    test('every tool of the generated list is called with valid arguments, each answering structuredContent and text', async () => {
      const s = await session(transport, '--allow-writes');
      await service.controls.reset();
      const ok = async (name, args) => {
        const result = await s.call(name, args);
        assert.notEqual(result.isError, true, `${name}(${JSON.stringify(args)}): ${textOf(result)}`);
        return result.structuredContent;
      };

      // Posts, and a post with comments: by summaries, then one in full.
      const page = await ok('get_posts', { limit: 5 });
      assert.equal(page.items.length, 5);
      assert.equal(page.nextCursor, 'o:5');
      const next = await ok('get_posts', { limit: 5, cursor: page.nextCursor });
      assert.notDeepEqual(next.items.map((p) => p.id), page.items.map((p) => p.id));
      const [post] = page.items;
      const slug = new URL(post.url).pathname.split('/').pop();
      const full = await ok('get_post', { slug });
      assert.equal(full.id, post.id);
      assert.equal(typeof full.body, 'string');
      assert.equal((await ok('get_post', { id: post.id, max_chars: 500 })).body.length <= 500, true);
      const found = await ok('search_posts', { query: post.title, limit: 10 });
      assert.ok(found.items.some((p) => p.id === post.id), 'search_posts finds the post by its title');
      let comment;
      for (const candidate of page.items) {
        const comments = (await ok('get_notes', { post_id: candidate.id, limit: 5 })).items;
        if (comments.length) {
          [comment] = comments;
          break;
        }
      }
      assert.ok(comment, 'one of the newest posts has comments');
      assert.equal((await ok('get_note', { id: comment.id })).id, comment.id);

      // The account's notes feed, and one of its notes.
      const feed = await ok('get_notes', {});
      const note = feed.items.find((item) => item.kind === 'note');
      assert.ok(note, 'the notes feed has a note');
      assert.equal(typeof feed.nextCursor, 'string', 'the feed has a next page');
      assert.equal((await ok('get_notes', { cursor: feed.nextCursor })).items.length > 0, true);
      assert.equal((await ok('get_note', { id: note.id })).id, note.id);

      // A followed user: their profile by id and by handle, their posts and notes.
      const following = await ok('get_following', { limit: 3 });
      const user = following.items[1];
      assert.equal((await ok('get_profile', { user: user.id })).handle, user.handle);
      assert.equal((await ok('get_profile', { user: user.handle })).id, user.id);
      assert.ok((await ok('get_posts', { user: user.id, limit: 3 })).items.length > 0);
      assert.ok((await ok('get_posts', { user: user.handle, limit: 3 })).items.length > 0);
      assert.ok((await ok('get_notes', { user: user.id, limit: 3 })).items.length > 0);
      assert.ok((await ok('get_notes', { user: user.handle, limit: 3 })).items.length > 0);

      // A draft through its life: created, read, listed, changed, checked, scheduled,
      // unscheduled, published; and a second one deleted.
      const title = `Every tool over ${transport}`;
      const draft = await ok('create_draft', { title, markdown: '## Why\n\nBecause **each** tool is called.' });
      assert.equal(draft.title, title);
      const draftId = draft.id;
      assert.equal((await ok('get_draft', { draft_id: draftId })).id, draftId);
      assert.ok((await ok('get_drafts', {})).items.some((d) => d.id === draftId), 'get_drafts lists the new draft');
      const read = await ok('get_draft', { draft_id: draftId });
      assert.match(read.body, /^## Why\n\nBecause \*\*each\*\* tool is called\./);
      await ok('update_draft', { draft_id: draftId, subtitle: 'Called once each', expectedUpdatedAt: read.updatedAt });
      assert.equal((await ok('get_draft', { draft_id: draftId })).subtitle, 'Called once each');
      assert.equal(typeof (await ok('check_draft', { draft_id: draftId })).ok, 'boolean');
      const at = daysAhead(2);
      assert.equal((await ok('schedule_draft', { draft_id: draftId, at, send: false })).scheduledAt, at);
      assert.equal((await ok('unschedule_draft', { draft_id: draftId })).scheduledAt, null);
      const published = await ok('publish_draft', { draft_id: draftId, send: false });
      assert.equal(published.id, draftId);
      assert.match(published.url, /^https?:\/\//);
      const spare = await ok('create_draft', { title: `${title}, to delete` });
      assert.deepEqual(await ok('delete_draft', { draft_id: spare.id }), { id: spare.id, deleted: true });

      // A note, published and deleted.
      const written = await ok('publish_note', { text: `A note from the ${transport} test, **every** tool.` });
      assert.equal(written.text, `A note from the ${transport} test, **every** tool.`);
      assert.deepEqual(await ok('delete_note', { note_id: written.id }), { id: written.id, deleted: true });

      const counts = (await service.controls.drafts()).find((d) => d.id === draftId).counts;
      assert.equal(counts.published, 1);
    });

    test('the tools called successfully are exactly the generated list', async () => {
      const s = await session(transport, '--allow-writes');
      assert.deepEqual([...s.called].sort(), namesOf(TOOLS));
    });
  });
}
