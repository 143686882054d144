// Records an assistant's session with the server, as Claude Code hands it to the model
// (JSON.stringify of each result's structuredContent, with its size; the text of an
// error): the SDK's own client drives `publisher-mcp --allow-writes` on stdio against the bundled local
// service, making the tool calls an assistant makes for the prompt below, and the calls
// and results are written into the README's "A recorded session" section.
//   node publisher-mcp/scripts/record-session.mjs           rewrites the section
//   node publisher-mcp/scripts/record-session.mjs --check   fails when the README's calls
//                                                           (tools and arguments) differ
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { startLocalService } from '../../local-service/index.mjs';
import { replaceBetween } from '../../scripts/generated-files.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const readmePath = join(here, '..', 'README.md');
const check = process.argv.includes('--check');

const ARTICLE = `The garden taught me three things this year.

## Patience

Seeds take **weeks**, not days. I stopped checking every morning.

## Notes

- water early
- mulch *generously*
- write it down

> The best time to plant was last spring.`;

// Two days ahead, at 09:00 UTC: within the 90-day horizon whatever day it runs.
const releaseDay = new Date(Date.now() + 2 * 86_400_000);
releaseDay.setUTCHours(9, 0, 0, 0);
const at = releaseDay.toISOString().replace('.000Z', 'Z');

const PROMPT = `Here is my post in Markdown, titled "What the garden taught me", subtitle "Three lessons". Make it a draft, check it, and schedule it for ${at} without emailing anyone.`;

const service = await startLocalService({ seed: 1, posts: 30 });
const client = new Client({ name: 'recorded-session', version: '1.0.0' });
const steps = [];
try {
  await client.connect(new StdioClientTransport({
    command: process.execPath,
    args: [join(here, '..', 'bin', 'publisher-mcp.js'), '--allow-writes'],
    env: { PATH: process.env.PATH ?? '', PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url },
    stderr: 'ignore',
  }));
  const { tools } = await client.listTools();
  steps.push({ call: 'tools/list', result: `${tools.length} tools, ${JSON.stringify({ tools }).length} characters: ${tools.map((t) => t.name).join(', ')}` });
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    steps.push({ call: name, args, result });
    return result;
  };
  const draft = await call('create_draft', { title: 'What the garden taught me', subtitle: 'Three lessons', markdown: ARTICLE });
  const draftId = draft.structuredContent.id;
  await call('check_draft', { draft_id: draftId });
  // An assistant that leaves out `send` is told it must choose.
  await call('schedule_draft', { draft_id: draftId, at });
  await call('schedule_draft', { draft_id: draftId, at, send: false });
  await call('get_draft', { draft_id: draftId });
} finally {
  await client.close().catch(() => {});
  await service.close();
}

function section() {
  const out = [`> **Prompt:** ${PROMPT.replace(/\n/g, ' ')}`, ''];
  steps.forEach((step, index) => {
    out.push(`**${index + 1}. \`${step.call}\`**`, '');
    if (step.args) out.push('```json', JSON.stringify(step.args, null, 2), '```', '');
    if (typeof step.result === 'string') {
      out.push(`→ ${step.result}`, '');
      return;
    }
    if (step.result.isError) {
      const text = step.result.content.map((part) => part.text).join('\n');
      out.push('→ `isError: true`, the text the model reads:', '```text', text, '```', '');
      return;
    }
    const handed = JSON.stringify(step.result.structuredContent);
    out.push(`→ \`structuredContent\`, ${handed.length} characters as the model gets it:`, '```json', JSON.stringify(step.result.structuredContent, null, 2), '```', '');
  });
  return out.join('\n');
}

const BEGIN = '<!-- session: recorded by scripts/record-session.mjs; do not edit -->\n';
const END = '<!-- end of the recorded session -->\n';
const readme = readFileSync(readmePath, 'utf8');
/** Each step's tool, argument names and whether it failed: what a new session must repeat. */
const calls = (text) => text.split(/^\*\*\d+\. /m).slice(1).map((step) => {
  const name = /^`([\w/]+)`/.exec(step)[1];
  const args = /```json\n([\s\S]*?)```/.exec(step);
  const keys = args && name !== 'tools/list' ? Object.keys(JSON.parse(args[1])).join(',') : '';
  return `${name}(${keys})${step.includes('`isError: true`') ? ' failed' : ''}`;
});
if (check) {
  const recorded = calls(readme.slice(readme.indexOf(BEGIN), readme.indexOf(END)));
  const now = calls(section());
  if (JSON.stringify(recorded) !== JSON.stringify(now)) {
    console.error(`the README's recorded session differs from a session now:\n  README: ${recorded.join(' | ')}\n  now:    ${now.join(' | ')}\nrun node publisher-mcp/scripts/record-session.mjs`);
    process.exit(1);
  }
  // Every step of today's session answered as recorded: errors where the README shows one.
  console.log(`recorded session: ${now.length} steps, as in the README`);
} else {
  writeFileSync(readmePath, replaceBetween(readme, BEGIN, END, `${section()}\n`, 'publisher-mcp/README.md'));
  console.log(`recorded session: ${steps.length} steps written to publisher-mcp/README.md`);
}
