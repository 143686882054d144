// The prompts (src/prompts.js) as a client gets them over stdio and HTTP: which are
// offered with and without the writes switch, what each message tells the model, and how
// a bad argument is refused (a protocol error naming the argument, before anything else).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { argumentIssues, PROMPTS } from '../src/prompts.js';
import { serverEnv, startServer, startService, TRANSPORTS } from './support.mjs';

let service;
before(async () => {
  service = await startService();
});
after(async () => {
  await service?.close();
});

const promptNamed = (name) => PROMPTS.find((prompt) => prompt.name === name);
const textOf = (got) => {
  assert.equal(got.messages.length, 1);
  assert.equal(got.messages[0].role, 'user');
  assert.equal(got.messages[0].content.type, 'text');
  return got.messages[0].content.text;
};

for (const transport of TRANSPORTS) {
  test(`${transport}: without writes only published_this_week is offered; draft_post is not found`, async () => {
    const session = await startServer(transport, { env: serverEnv(service) });
    try {
      assert.deepEqual(session.client.getServerCapabilities().prompts, { listChanged: true });
      const { prompts } = await session.client.listPrompts();
      assert.deepEqual(prompts, [{
        name: 'published_this_week',
        title: 'What did I publish this week',
        description: promptNamed('published_this_week').description,
        arguments: [{ name: 'days', description: 'How many days back, 1 to 31 (default 7).', required: false }],
      }]);
      await assert.rejects(session.client.getPrompt({ name: 'draft_post', arguments: { notes: 'x' } }), /Prompt draft_post not found/);
    } finally {
      await session.close();
    }
  });

  test(`${transport}: with writes, draft_post gives the dialect, create_draft, check_draft, and the question before anything is sent`, async () => {
    const session = await startServer(transport, { args: ['--allow-writes'], env: serverEnv(service) });
    try {
      const { prompts } = await session.client.listPrompts();
      assert.deepEqual(prompts.map((prompt) => prompt.name), ['draft_post', 'published_this_week']);
      assert.deepEqual(prompts[0].arguments, [
        { name: 'notes', description: 'Your notes, an outline or a rough text: what the post should say.', required: true },
        { name: 'title', description: 'The title, if you have one; otherwise the assistant proposes one.', required: false },
      ]);
      const notes = 'tomatoes need sun\nwater in the morning';
      const text = textOf(await session.client.getPrompt({ name: 'draft_post', arguments: { notes, title: '  Garden notes ' } }));
      assert.ok(text.endsWith(`My notes:\n\n${notes}`), 'the notes, as given, at the end');
      assert.match(text, /titled "Garden notes"/);
      // The dialect, each construct create_draft takes and the ones it refuses.
      for (const said of ['```python', '<!-- paywall -->', '[^1]', 'YouTube URL alone on its line', 'downloaded and hosted', 'absolute addresses', 'Tables, task lists, raw HTML and math are refused']) {
        assert.ok(text.includes(said), `the dialect says ${said}`);
      }
      // The order of the steps, and the question before publish_draft/schedule_draft.
      const at = (said) => {
        const found = text.indexOf(said);
        assert.ok(found >= 0, `the prompt says ${said}`);
        return found;
      };
      assert.ok(at('Call create_draft') < at('Call check_draft') && at('Call check_draft') < at('Stop and ask me'));
      assert.match(text, /send: true emails the post to every subscriber, and an email cannot be taken back/);
      assert.match(text, /Call publish_draft or schedule_draft only after I have answered both, with send exactly as I said/);
      // Without a title, the assistant proposes one.
      assert.match(textOf(await session.client.getPrompt({ name: 'draft_post', arguments: { notes } })), /with a title \(and a subtitle if it helps\) that you choose/);
    } finally {
      await session.close();
    }
  });

  test(`${transport}: published_this_week dates the window, names the reads, and refuses a bad days`, async () => {
    const session = await startServer(transport, { env: serverEnv(service) });
    try {
      for (const [args, days] of [[undefined, 7], [{ days: '3' }, 3], [{ days: '1' }, 1]]) {
        const before = Date.now();
        const text = textOf(await session.client.getPrompt({ name: 'published_this_week', ...(args ? { arguments: args } : {}) }));
        const since = Date.parse(/since (\S+)\?/.exec(text)[1]);
        assert.ok(Math.abs(since - (before - days * 86_400_000)) < 60_000, `${days} days back`);
        assert.match(text, new RegExp(`in the last ${days} ${days === 1 ? 'day' : 'days'},`));
        for (const said of ['get_following with limit 1', 'get_posts with no user', 'get_notes with user set to my id', 'nextCursor', 'Do not call any tool that writes']) {
          assert.ok(text.includes(said), `the prompt says ${said}`);
        }
      }
      for (const days of ['0', '32', 'seven', '2.5']) {
        await assert.rejects(session.client.getPrompt({ name: 'published_this_week', arguments: { days } }), /Invalid arguments for prompt published_this_week: days: must be a whole number from 1 to 31/);
      }
    } finally {
      await session.close();
    }
  });
}

test('argumentIssues: a missing or blank required argument, a bad days, an unknown argument; nothing when right', () => {
  const draft = promptNamed('draft_post');
  const week = promptNamed('published_this_week');
  assert.deepEqual(argumentIssues(draft, {}), [{ path: ['notes'], message: 'required' }]);
  assert.deepEqual(argumentIssues(draft, { notes: '  ' }), [{ path: ['notes'], message: 'must be a non-empty string' }]);
  assert.deepEqual(argumentIssues(draft, { notes: 'n', title: '' }), []);
  assert.deepEqual(argumentIssues(draft, { notes: 'n', extra: 'x' }), [{ path: ['extra'], message: 'not an argument of draft_post' }]);
  assert.deepEqual(argumentIssues(week, {}), []);
  assert.deepEqual(argumentIssues(week, { days: ' 31 ' }), []);
  assert.deepEqual(argumentIssues(week, { days: '31' }), []);
  assert.deepEqual(argumentIssues(week, { days: '9' }), []);
  assert.deepEqual(argumentIssues(week, { days: '' }), []);
  assert.deepEqual(argumentIssues(week, { days: '007' }), [{ path: ['days'], message: 'must be a whole number from 1 to 31' }]);
  assert.deepEqual(argumentIssues(week, { days: 3 }), [{ path: ['days'], message: 'must be a non-empty string' }]);
});
