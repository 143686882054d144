// How big each read tool's result is, as Claude Code sees it: `JSON.stringify` of its
// structuredContent (the text content when there is none), at the tool's default
// arguments and at its largest, against the local service with 60 posts, 60 notes and
// 5 followed users (the figures of issue 33), with --allow-writes over stdio. Prints a
// table; `--json` prints the rows. The calls are the ones `callPlan` builds from the
// service's own data (the largest post, a followed user…), for whichever tool list the
// server answers with, so the same script measured the server before and after.
//   node publisher-mcp/scripts/result-sizes.mjs [--json]
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { startLocalService } from '../../local-service/index.mjs';
import { connectService } from '../../js-tests/shared/service.mjs';
import { BUDGET, costOf, estimateTokens } from '../src/budget.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The service of the issue's figures (and the CI test's: its largest data). */
export const SIZE_SERVICE = { seed: 1, posts: 60, notes: 60, following: 5 };

/** Facts of the service's data the calls need: the largest post, a draft, a note, a comment, a followed user. */
export async function serviceFacts(controls) {
  const posts = await controls.raw('/api/v1/posts?limit=50&offset=0');
  const more = await controls.raw('/api/v1/posts?limit=50&offset=50');
  const all = [...posts, ...more];
  const full = await Promise.all(all.map((p) => controls.raw(`/api/v1/posts/${p.slug}`)));
  const largest = full.reduce((a, b) => ((b.body_html ?? '').length > (a.body_html ?? '').length ? b : a));
  const notes = await controls.raw('/api/v1/notes');
  const note = notes.items.find((item) => item.type === 'comment' && item.comment).comment;
  const following = await controls.raw('/api/v1/feed/following');
  const userId = following[1] ?? following[0];
  const profile = await controls.raw(`/api/v1/reader/feed/profile/${userId}`);
  const handle = profile.items.flatMap((item) => item.context?.users ?? []).find((u) => u.id === userId)?.handle;
  let comment;
  for (const post of all) {
    const answer = await controls.raw(`/api/v1/post/${post.id}/comments`);
    const list = answer.comments ?? answer;
    if (list.length) {
      comment = list[0];
      break;
    }
  }
  return { post: largest, note, userId, handle, comment, query: largest.title.split(' ')[0] };
}

/**
 * [tool, label, args] for every read tool listed, at default arguments and at the largest
 * (each bounded argument at its maximum; `max` for tools whose schema names no bound).
 */
export function callPlan(tools, facts, draftId) {
  const has = new Set(tools.map((t) => t.name));
  const calls = [];
  const both = (tool, args, max) => {
    if (!has.has(tool)) return;
    calls.push([tool, 'default', args]);
    const bounded = Object.entries(tools.find((t) => t.name === tool).inputSchema.properties ?? {})
      .filter(([, schema]) => typeof schema.maximum === 'number').map(([key, schema]) => [key, schema.maximum]);
    if (bounded.length) calls.push([tool, 'largest', { ...args, ...Object.fromEntries(bounded) }]);
    else if (max) calls.push([tool, 'largest', { ...args, ...max }]);
  };
  const { post, note, userId, handle, comment, query } = facts;
  // The tool lists after issue 33.
  both('get_posts', {}, { limit: 100 });
  if (has.has('get_posts')) both('get_posts', { user: handle }, { user: handle, limit: 100 });
  both('search_posts', { query }, { limit: 100 });
  both('get_post', has.has('get_post_by_id') ? { slug: post.slug } : { id: post.id });
  both('get_post_by_id', { id: post.id });
  both('get_comments', { post_id: comment?.post_id ?? post.id }, { limit: 100 });
  both('get_comment', { comment_id: comment.id });
  both('get_notes', {}, { limit: 100 });
  if (has.has('get_notes') && !has.has('get_notes_by_id')) both('get_notes', { user: userId }, { user: userId, limit: 100 });
  if (!has.has('get_comments')) both('get_notes', { post_id: comment?.post_id ?? post.id });
  both('get_note', { id: note.id });
  both('get_note_by_id', { note_id: note.id });
  both('get_user_profile', { user_id: userId });
  both('get_public_profile', { handle });
  both('get_full_profile_by_slug', { handle });
  both('get_full_profile_by_id', { user_id: userId });
  both('get_profile', { user: handle });
  both('get_following_ids', {});
  both('get_following_profiles', {});
  both('get_following', {}, { limit: 100 });
  both('get_posts_by_slug', { slug: handle }, { limit: 100 });
  both('get_posts_by_id', { user_id: userId }, { limit: 100 });
  both('get_notes_by_slug', { slug: handle }, { limit: 100 });
  both('get_notes_by_id', { user_id: userId }, { limit: 100 });
  both('get_drafts', {}, { limit: 100 });
  both('get_draft', { draft_id: draftId });
  both('check_draft', { draft_id: draftId });
  return calls;
}

/** The characters Claude Code hands the model: the structured result as JSON, else the text. */
export function resultChars(result) {
  if (result.structuredContent) return JSON.stringify(result.structuredContent).length;
  return (result.content ?? []).map((part) => part.text ?? '').join('').length;
}

/** Runs the plan against a fresh server over stdio; resolves with the rows. */
export async function measure({ bin = join(here, '..', 'bin', 'publisher-mcp.js') } = {}) {
  const service = await startLocalService(SIZE_SERVICE);
  const controls = connectService({ url: service.url, apiKey: service.apiKey });
  const client = new Client({ name: 'result-sizes', version: '1.0.0' });
  try {
    await client.connect(new StdioClientTransport({
      command: process.execPath,
      args: [bin, '--allow-writes'],
      env: { PATH: process.env.PATH ?? '', PUBLISHER_API_KEY: service.apiKey, PUBLISHER_BASE_URL: service.url },
      stderr: 'ignore',
    }));
    const { tools } = await client.listTools();
    const listChars = JSON.stringify({ tools }).length;
    const listSchemaChars = JSON.stringify(tools.map((t) => t.outputSchema ?? null)).length;
    const facts = await serviceFacts(controls);
    // A draft with the largest post's body, as an editor would have written it.
    const draft = await client.callTool({ name: 'create_draft', arguments: { title: 'Sizes', markdown: `${'A paragraph of the draft, long enough to count. '.repeat(40)}\n\n`.repeat(60) } });
    const draftId = draft.structuredContent?.id;
    const rows = [];
    for (const [tool, label, args] of callPlan(tools, facts, draftId)) {
      const result = await client.callTool({ name: tool, arguments: args });
      const chars = resultChars(result);
      const bytes = result.structuredContent ? costOf(result.structuredContent) : chars;
      rows.push({ tool, label, args, chars, bytes, tokens: estimateTokens(chars), error: result.isError ? (result.content?.[0]?.text ?? '').slice(0, 160) : null });
    }
    return { tools: tools.map((t) => t.name), listChars, listSchemaChars, rows };
  } finally {
    await client.close().catch(() => {});
    await service.close();
  }
}

const kb = (chars) => (chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(2)} MB` : chars >= 1000 ? `${(chars / 1000).toFixed(1)} KB` : `${chars} B`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { tools, listChars, listSchemaChars, rows } = await measure();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ tools, listChars, listSchemaChars, rows }, null, 2));
  } else {
    console.log(`${tools.length} tools, tools/list ${listChars} characters (output schemas ${kb(listSchemaChars)}); budget: ${BUDGET.maxChars} characters (≈ ${estimateTokens(BUDGET.maxChars)} tokens), ${BUDGET.defaultChars} at default arguments`);
    console.log('| tool | arguments | result | ≈ tokens |\n|---|---|---|---|');
    for (const row of rows) console.log(`| \`${row.tool}\` | ${row.label} | ${kb(row.chars)}${row.error ? ` (error: ${row.error})` : ''} | ${(row.tokens / 1000).toFixed(1)} k |`);
  }
}
