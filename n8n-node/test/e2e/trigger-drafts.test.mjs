// A scheduled draft in a real n8n 2.41.1 (Node 24) against the local service, from
// Markdown to the trigger: a workflow (Webhook → Create draft with an image → Schedule a
// few seconds ahead, no email → Wait → Get post) makes the draft and reads the post the
// service released, while an active Publisher Trigger watching own posts (polling every 5 s)
// emits that post, once. The four steps are printed (draft → schedule → published →
// trigger) and written to n8n-node/reports/trigger-drafts.json.
//
// Needs: N8N_HOME, NODE24_DIR (eval "$(bash scripts/install-n8n.sh)"), PACKAGE_TGZ (npm
// pack of this folder). Run by `bash scripts/n8n-test.sh e2e`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnLocalService } from '../../../local-service/index.mjs';
import { POLL_MS, executionSummary, n8nServer, sleep, triggerWorkflow } from './trigger-harness.mjs';
import { draftFlowItems, draftFlowWorkflow } from './workflows.mjs';

const { N8N_HOME, NODE24_DIR, PACKAGE_TGZ } = process.env;
const API_KEY = 'trigger-drafts-key-7d3e90';
const REPORT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reports', 'trigger-drafts.json');
const AHEAD_S = 8;
const WAIT_S = 16;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let local, n8n, api;
const ids = {};

/** Finished executions of a workflow, oldest first. */
async function executions(workflowId) {
  const { data } = await api('GET', `/executions?workflowId=${workflowId}&includeData=true&limit=100`);
  return data.filter((e) => !['running', 'new', 'waiting'].includes(e.status)).sort((a, b) => Number(a.id) - Number(b.id));
}

before(async () => {
  for (const [name, value] of Object.entries({ N8N_HOME, NODE24_DIR, PACKAGE_TGZ })) assert.ok(value, `${name} must be set`);
  local = await spawnLocalService({ apiKey: API_KEY, seed: 11, posts: 20, bodyBytes: 2000 });
  n8n = await n8nServer({ n8nHome: N8N_HOME, node24Dir: NODE24_DIR, packageTgz: PACKAGE_TGZ });
  await n8n.start();
  ({ api } = await n8n.authenticate());
  const credential = await api('POST', '/credentials', {
    name: 'Publisher local', type: 'publisherApi',
    data: { apiKey: API_KEY, hostname: 'localpub.substack.com', cookieName: 'connect.sid', baseUrl: local.url },
  });
  const trigger = await api('POST', '/workflows', triggerWorkflow({ n: 0, name: 'trigger own posts (drafts)', parameters: { event: 'newPost', source: 'own' }, credential }));
  ids.trigger = trigger.id;
  // Publishing activates it; its first poll (at activation) remembers where the feed stands.
  await api('POST', `/workflows/${trigger.id}/publish`);
  const flow = await api('POST', '/workflows', draftFlowWorkflow({ name: 'draft flow (trigger)', path: 'draft-flow-trigger', credential, waitSeconds: WAIT_S }));
  ids.flow = flow.id;
  await api('POST', `/workflows/${flow.id}/publish`);
  await sleep(POLL_MS + 1000);
});

after(async () => {
  await n8n?.remove();
  await local?.close();
});

test('a draft scheduled by n8n is released by the service, and the Publisher Trigger watching own posts emits the post once', async () => {
  const before = (await executions(ids.trigger)).flatMap((e) => executionSummary(e).ids);
  const title = `Scheduled from Markdown ${new Date().toISOString()}`;
  // The wire's trigger_at has whole seconds.
  const publishAt = new Date(Math.ceil((Date.now() + AHEAD_S * 1000) / 1000) * 1000).toISOString();
  const form = new FormData();
  form.append('title', title);
  form.append('markdown', `# ${title}\n\nWritten in **Markdown**, released by the service.\n\n![Chart](chart.png)`);
  form.append('publishAt', publishAt);
  form.append('chart', new Blob([PNG], { type: 'image/png' }), 'chart.png');
  const t0 = Date.now();
  const response = await fetch(`${n8n.base}/webhook/draft-flow-trigger`, { method: 'POST', body: form });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  let flowRun;
  for (const deadline = Date.now() + 30_000; !flowRun && Date.now() < deadline;) {
    [flowRun] = await executions(ids.flow);
    if (!flowRun) await sleep(250);
  }
  assert.equal(flowRun?.status, 'success', JSON.stringify(flowRun?.data?.resultData?.error));
  const { draft: [draft], schedule: [scheduled], published: [post] } = draftFlowItems(flowRun);
  assert.equal(scheduled.id, draft.id);
  assert.equal(Date.parse(scheduled.scheduledAt), Date.parse(publishAt));
  assert.equal(post.id, draft.id);
  assert.equal(post.published, true);
  assert.ok(!before.includes(draft.id), 'not emitted before it was published');

  // The trigger's next polls: the post, in exactly one execution.
  let emitted;
  for (const deadline = Date.now() + 6 * POLL_MS; Date.now() < deadline && !emitted;) {
    emitted = (await executions(ids.trigger)).find((e) => executionSummary(e).ids.includes(draft.id));
    if (!emitted) await sleep(1000);
  }
  assert.ok(emitted, `the trigger did not emit post ${draft.id}\n${n8n.log().slice(-3000)}`);
  const emittedAfterMs = Date.now() - t0;
  await sleep(POLL_MS + 1500); // one more poll: a second emission would show
  const all = await executions(ids.trigger);
  const times = all.flatMap((e) => executionSummary(e).ids).filter((id) => id === draft.id).length;
  assert.equal(times, 1, 'emitted exactly once');
  const triggerItem = emitted.data.resultData.runData['Publisher Trigger'][0].data.main[0].map((i) => i.json).find((j) => j.id === draft.id);
  assert.deepEqual(
    { id: triggerItem.id, title: triggerItem.title, slug: triggerItem.slug, published: triggerItem.published, publishedAt: triggerItem.publishedAt, url: triggerItem.url },
    { id: post.id, title: post.title, slug: post.slug, published: true, publishedAt: post.publishedAt, url: post.url },
  );
  assert.ok(Date.parse(triggerItem.publishedAt) >= Date.parse(publishAt) - 1000);

  const lines = [
    `draft      → ${JSON.stringify(draft)}`,
    `schedule   → ${JSON.stringify(scheduled)}`,
    `published  → ${JSON.stringify(post)}`,
    `trigger    → ${JSON.stringify(triggerItem)} (execution ${emitted.id}, mode ${emitted.mode}, ${emittedAfterMs} ms after the webhook call; emitted ${times} time)`,
  ];
  console.log(`\nDraft → schedule → published → trigger, in n8n 2.41.1 against the local service:\n${lines.join('\n')}\n`);
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify({ publishAt, draft, scheduled, published: post, trigger: triggerItem, triggerExecution: emitted.id, emittedAfterMs, times }, null, 2));
});
