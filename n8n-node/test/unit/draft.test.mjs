// The Draft resource over the real client against the fixture service's draft store: what
// each operation sends (create's fields and Markdown, images uploaded by file name, Send
// Email off by default as `send: false` and `email_audience: null`, Publish At in the
// workflow's time zone), what it outputs, and what it refuses before anything is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { harness } from './harness.mjs';
import { loadSource } from './source.mjs';
import { DRAFT_DOC, DRAFT_ID, FIRST_DRAFT_ID, SELF } from './fixture-service.mjs';

const require = createRequire(import.meta.url);
const { NodeApiError, NodeOperationError } = require('n8n-workflow');
const { markdownToPostBody } = require('publisher-wasm/markdown');
const h = harness('draft-secret-key-8e21');

const DRAFT_KEYS = ['id', 'title', 'subtitle', 'audience', 'type', 'sectionId', 'published', 'scheduledAt', 'createdAt', 'updatedAt'];
const POST_KEYS = ['id', 'title', 'subtitle', 'slug', 'published', 'paywalled', 'type', 'publishedAt', 'description', 'url'];
// A 1×1 PNG, as an n8n binary field holds it (base64).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const future = (days) => new Date(Date.now() + days * 86_400_000);
/** The JSON bodies the service got on `METHOD /path`. */
const sent = (method, path) =>
  h.service.requests.filter((r) => r.method === method && r.path.replace(/\/$/, '') === path).map((r) => (r.body ? JSON.parse(r.body) : null));
const writes = () => h.service.requests.filter((r) => r.method !== 'GET');
const draft = (id) => h.service.drafts.drafts.get(id);

test('create: Title, Subtitle, the Markdown body as the post document (JSON text), Audience, the account as byline; the compact draft', async () => {
  const body = '# Weekly issue\n\nSome **bold** and *italic* text, a [link](https://example.com/x).\n\n- one\n- two';
  const { json, output } = await h.run([{ resource: 'draft', operation: 'create', title: ' Weekly ', subtitle: 'Issue 12', body, audience: 'only_paid' }], { version: 2 });
  const [posted] = sent('POST', '/api/v1/drafts');
  assert.equal(sent('POST', '/api/v1/drafts').length, 1, 'created once');
  assert.equal(posted.draft_title, 'Weekly');
  assert.equal(posted.draft_subtitle, 'Issue 12');
  assert.equal(typeof posted.draft_body, 'string', 'the document travels as JSON text');
  assert.deepEqual(JSON.parse(posted.draft_body), JSON.parse(JSON.stringify(markdownToPostBody(body))));
  assert.equal(posted.audience, 'only_paid');
  assert.deepEqual(posted.draft_bylines, [{ id: SELF.id, is_guest: false }]);
  assert.equal('draft_section_id' in posted, false, 'no section without Section ID');
  assert.deepEqual(Object.keys(json[0]), DRAFT_KEYS);
  assert.equal(json[0].id, FIRST_DRAFT_ID);
  assert.equal(json[0].title, 'Weekly');
  assert.equal(json[0].published, false);
  assert.equal(json[0].scheduledAt, null);
  assert.deepEqual(output[0].pairedItem, { item: 0 });
});

test('create: the options Section ID and Type; Audience defaults to everyone; an empty Subtitle and Body are left out', async () => {
  await h.run([{ resource: 'draft', operation: 'create', title: 'Opts', subtitle: '', body: '', audience: 'everyone', options: { sectionId: '77', type: 'podcast' } }]);
  const [posted] = sent('POST', '/api/v1/drafts');
  assert.equal(posted.draft_section_id, 77);
  assert.equal(posted.section_chosen, true);
  assert.equal(posted.type, 'podcast');
  assert.equal(posted.audience, 'everyone');
  assert.equal(posted.draft_title, 'Opts');
});

test('create with Images: the binary whose file name a Markdown image refers to is uploaded first, and its URL replaces the name', async () => {
  const body = 'Intro\n\n![Chart](chart.png "Sales")\n\nOutro';
  const { ctx } = await captured([{ resource: 'draft', operation: 'create', title: 'With image', body, options: { images: 'chart' } }], {
    binaries: [{ chart: { data: PNG, mimeType: 'image/png', fileName: 'chart.png' } }],
  });
  assert.deepEqual(ctx.binaryReads, [[0, 'chart']]);
  assert.deepEqual(sent('POST', '/api/v1/image'), [{ image: `data:image/png;base64,${PNG}` }]);
  const [posted] = sent('POST', '/api/v1/drafts');
  const doc = posted.draft_body;
  assert.ok(!doc.includes('chart.png'), 'no file name left in the document');
  const uploaded = `https://substack-post-media.s3.amazonaws.com/public/images/unit-${`data:image/png;base64,${PNG}`.length}_1x1.png`;
  assert.ok(doc.includes(uploaded), `the uploaded URL in ${doc}`);
  const image = findNode(JSON.parse(doc), 'image2');
  assert.equal(image.attrs.src, uploaded);
  assert.equal(image.attrs.alt, 'Chart');
  const order = h.service.requests.filter((r) => r.method === 'POST').map((r) => r.path.replace(/\/$/, ''));
  assert.deepEqual(order, ['/api/v1/image', '/api/v1/drafts'], 'the upload comes before the draft');
});

test('create with Images: a field without a file name, two fields with one file name, or a missing field fail the item; nothing is sent', async () => {
  const cases = [
    [{ images: 'chart' }, [{ chart: { data: PNG, mimeType: 'image/png' } }], /binary field "chart" has no file name/],
    [{ images: 'a, b' }, [{ a: { data: PNG, mimeType: 'image/png', fileName: 'x.png' }, b: { data: PNG, mimeType: 'image/png', fileName: 'x.png' } }], /"a" and "b" have the same file name "x.png"/],
    [{ images: 'chart, other' }, [{ chart: { data: PNG, mimeType: 'image/png', fileName: 'chart.png' } }], /'other'/],
    [{ images: ' , ' }, [{}], /Option "Images" names no binary field/],
  ];
  for (const [options, binaries, message] of cases) {
    h.service.reset();
    const error = await h.failure([{ resource: 'draft', operation: 'create', title: 't', body: '![x](x.png)', options }], { binaries });
    assert.ok(error instanceof NodeOperationError, `${error.name}: ${error.message}`);
    assert.match(error.message, message);
    assert.equal(error.context.itemIndex, 0);
    assert.deepEqual(writes(), [], String(message));
  }
});

test('create: an empty Title, an unknown Audience or Type, a Section ID that is no number fail the item before anything is sent', async () => {
  const cases = [
    [{ title: '  ' }, /Parameter "Title" must not be empty/],
    [{ title: 't', audience: 'paid' }, /Parameter "Audience" must be one of "everyone", "only_paid", "founding", "only_free", not "paid"/],
    [{ title: 't', options: { type: 'video' } }, /Option "Type" must be one of/],
    [{ title: 't', options: { sectionId: 'news' } }, /Option "Section ID" must be a whole number of at least 1, not "news"/],
  ];
  for (const [params, message] of cases) {
    const error = await h.failure([{ resource: 'draft', operation: 'create', body: 'b', ...params }]);
    assert.ok(error instanceof NodeOperationError, error.message);
    assert.match(error.message, message);
  }
  assert.deepEqual(h.wire(), []);
});

test('get: GET /drafts/<id>, the compact draft; Simplify off: the client\'s whole draft, its body parsed', async () => {
  const { json } = await h.run([{ resource: 'draft', operation: 'get', draftId: String(DRAFT_ID) }], { version: 2 });
  assert.deepEqual(h.wire(), [`GET /api/v1/drafts/${DRAFT_ID}`]);
  const stored = draft(DRAFT_ID);
  assert.deepEqual(json, [{
    id: DRAFT_ID, title: stored.draft_title, subtitle: stored.draft_subtitle, audience: 'only_paid', type: 'newsletter', sectionId: null,
    published: false, scheduledAt: null, createdAt: stored.draft_created_at, updatedAt: stored.draft_updated_at,
  }]);
  const whole = await h.run([{ resource: 'draft', operation: 'get', draftId: DRAFT_ID, simple: false }], { version: 2 });
  assert.deepEqual(whole.json[0].draftBody, DRAFT_DOC);
  assert.equal(whole.json[0].draft_title, stored.draft_title);
});

test('get: a draft that does not exist is a NodeApiError 404 naming it', async () => {
  const error = await h.failure([{ resource: 'draft', operation: 'get', draftId: 12345 }]);
  assert.ok(error instanceof NodeApiError);
  assert.equal(error.httpCode, '404');
  assert.equal(error.message, 'Draft 12345 was not found');
});

test('getAll: the unpublished drafts, most recently edited first, Limit by default 100', async () => {
  await h.run([
    { resource: 'draft', operation: 'create', title: 'First', body: '' },
    { resource: 'draft', operation: 'create', title: 'Second', body: '' },
  ]);
  await h.run([{ resource: 'draft', operation: 'publish', draftId: FIRST_DRAFT_ID }]);
  h.service.requests.length = 0;
  const { json } = await h.run([{ resource: 'draft', operation: 'getAll', returnAll: false, limit: 100 }]);
  assert.deepEqual(json.map((d) => d.title), ['Second', 'Seeded draft']);
  assert.ok(h.wire().every((line) => line.startsWith('GET /api/v1/post_management/drafts?')), h.wire().join('\n'));
  assert.match(h.wire()[0], /order_by=draft_updated_at&order_direction=desc/);
  const limited = await h.run([{ resource: 'draft', operation: 'getAll', returnAll: false, limit: 1 }]);
  assert.deepEqual(limited.json.map((d) => d.title), ['Second']);
  const limit = h.node.description.properties.find((p) => p.name === 'limit' && p.displayOptions.show.resource[0] === 'draft');
  assert.equal(limit.default, 100);
});

test('update: PUT /drafts/<id> with the fields added, the Markdown body converted; no field is refused, nothing sent', async () => {
  const { json } = await h.run([{ resource: 'draft', operation: 'update', draftId: DRAFT_ID, updateFields: { title: 'Renamed', body: '## New body', audience: 'everyone', sectionId: 5 } }]);
  const [put] = sent('PUT', `/api/v1/drafts/${DRAFT_ID}`);
  assert.equal(put.draft_title, 'Renamed');
  assert.equal(put.audience, 'everyone');
  assert.equal(put.draft_section_id, 5);
  assert.deepEqual(JSON.parse(put.draft_body), JSON.parse(JSON.stringify(markdownToPostBody('## New body'))));
  assert.ok(!('draft_subtitle' in put), 'fields not added are not sent');
  assert.equal(json[0].title, 'Renamed');
  h.service.reset();
  const error = await h.failure([{ resource: 'draft', operation: 'update', draftId: DRAFT_ID, updateFields: {} }]);
  assert.match(error.message, /"Update Fields" changes nothing/);
  const blank = await h.failure([{ resource: 'draft', operation: 'update', draftId: DRAFT_ID, updateFields: { title: ' ' } }]);
  assert.match(blank.message, /Update field "Title" must not be empty/);
  assert.deepEqual(h.wire(), []);
});

test('update with Only If Unchanged Since: the copy read is changed, with last_updated_at; one changed since fails the item as a conflict and nothing is written', async () => {
  const read = (await h.run([{ resource: 'draft', operation: 'get', draftId: DRAFT_ID }], { version: 2 })).json[0];
  await h.run([{ resource: 'draft', operation: 'update', draftId: DRAFT_ID, updateFields: { subtitle: 'First' }, options: { expectedUpdatedAt: read.updatedAt } }]);
  const [put] = sent('PUT', `/api/v1/drafts/${DRAFT_ID}`);
  assert.equal(put.last_updated_at, read.updatedAt);
  assert.equal(draft(DRAFT_ID).draft_subtitle, 'First');
  const before = writes().length;
  const error = await h.failure([{ resource: 'draft', operation: 'update', draftId: DRAFT_ID, updateFields: { subtitle: 'Lost' }, options: { expectedUpdatedAt: read.updatedAt } }]);
  assert.ok(error instanceof NodeApiError, `${error.name}: ${error.message}`);
  assert.match(error.message, /^Draft \d+ was changed since you read it: nothing was sent/);
  assert.equal(writes().length, before, 'nothing written');
  assert.equal(draft(DRAFT_ID).draft_subtitle, 'First');
});

test('create with Links Relative To and Download Web Images off: relative links resolved; a web image fails the item before anything is written', async () => {
  await h.run([{ resource: 'draft', operation: 'create', title: 'Links', body: 'See [the guide](/guide).', options: { baseUrl: 'https://example.com/blog/' } }]);
  const [posted] = sent('POST', '/api/v1/drafts');
  assert.ok(posted.draft_body.includes('https://example.com/guide'), posted.draft_body);
  h.service.reset();
  const error = await h.failure([{ resource: 'draft', operation: 'create', title: 'Web image', body: '![x](https://example.com/x.png)', options: { downloadImages: false } }]);
  assert.match(`${error.message} ${error.description ?? ''}`, /is not on the service's image host/);
  assert.deepEqual(writes(), []);
});

test('delete: { id, deleted: true }, and { id, deleted: false } when already gone', async () => {
  const first = await h.run([{ resource: 'draft', operation: 'delete', draftId: DRAFT_ID }]);
  assert.deepEqual(first.json, [{ id: DRAFT_ID, deleted: true }]);
  const again = await h.run([{ resource: 'draft', operation: 'delete', draftId: String(DRAFT_ID) }]);
  assert.deepEqual(again.json, [{ id: DRAFT_ID, deleted: false }]);
  assert.deepEqual(h.wire().filter((line) => line.startsWith('DELETE')), [`DELETE /api/v1/drafts/${DRAFT_ID}`, `DELETE /api/v1/drafts/${DRAFT_ID}`]);
});

test('check: GET /drafts/<id>/prepublish → { id, ok, errors, warnings }', async () => {
  const { json } = await h.run([{ resource: 'draft', operation: 'check', draftId: DRAFT_ID }]);
  assert.deepEqual(json, [{ id: DRAFT_ID, ok: true, errors: [], warnings: [] }]);
  assert.deepEqual(h.wire(), [`GET /api/v1/drafts/${DRAFT_ID}/prepublish`]);
  draft(DRAFT_ID).draft_title = '';
  const failing = await h.run([{ resource: 'draft', operation: 'check', draftId: DRAFT_ID }]);
  assert.deepEqual(failing.json, [{ id: DRAFT_ID, ok: false, errors: ['Please add a title.'], warnings: [] }]);
});

test('publish: Send Email and Share Automatically are off by default (send: false); the post it became, compact', async () => {
  const publishParameters = h.node.description.properties.filter((p) => p.displayOptions?.show?.resource?.[0] === 'draft' && p.displayOptions.show.operation?.[0] === 'publish');
  assert.deepEqual(publishParameters.map((p) => [p.name, p.default]), [['draftId', ''], ['sendEmail', false], ['shareAutomatically', false], ['simple', true]]);
  const { json } = await h.run([{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID }], { version: 2 });
  assert.deepEqual(sent('POST', `/api/v1/drafts/${DRAFT_ID}/publish`), [{ send: false, share_automatically: false }]);
  assert.deepEqual(Object.keys(json[0]), POST_KEYS);
  assert.equal(json[0].id, DRAFT_ID);
  assert.equal(json[0].published, true);
  assert.equal(json[0].title, 'Seeded draft');
  assert.equal(draft(DRAFT_ID).email_sent_at, null, 'no email');
});

test('publish with Send Email and Share Automatically on: send: true, share_automatically: true', async () => {
  await h.run([{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID, sendEmail: true, shareAutomatically: true }]);
  assert.deepEqual(sent('POST', `/api/v1/drafts/${DRAFT_ID}/publish`), [{ send: true, share_automatically: true }]);
});

test('publish: a Send Email that is not true or false fails the item; nothing is sent', async () => {
  const error = await h.failure([{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID, sendEmail: 'yes' }]);
  assert.match(error.message, /Parameter "Send Email" must be true or false/);
  assert.deepEqual(h.wire(), []);
});

test('schedule: Send Email off by default sends email_audience: null; the trigger time in the service\'s form; the draft with scheduledAt', async () => {
  const at = future(3);
  at.setUTCHours(9, 30, 0, 0);
  const { json } = await h.run([{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: at.toISOString() }], { version: 2 });
  const [release] = sent('POST', `/api/v1/drafts/${DRAFT_ID}/scheduled_release`);
  assert.deepEqual(release, { trigger_at: at.toISOString(), post_audience: 'only_paid', email_audience: null });
  assert.match(release.trigger_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  assert.deepEqual(Object.keys(json[0]), DRAFT_KEYS);
  assert.equal(Date.parse(json[0].scheduledAt), at.getTime());
  assert.equal(json[0].published, false);
});

test('schedule with Send Email on: email_audience is the post\'s audience', async () => {
  const at = future(2).toISOString().replace(/\.\d{3}Z$/, '.000Z');
  await h.run([{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: at, sendEmail: true }]);
  const [release] = sent('POST', `/api/v1/drafts/${DRAFT_ID}/scheduled_release`);
  assert.deepEqual(release, { trigger_at: at, post_audience: 'only_paid', email_audience: 'only_paid' });
});

test('schedule: Publish At without a zone (n8n\'s date picker) is read in the workflow\'s time zone', async () => {
  // Zones without summer time, so that the expected instants hold all year round.
  const day = future(10).toISOString().slice(0, 10);
  const cases = [
    [`${day}T09:00:00`, 'Asia/Kolkata', `${day}T03:30:00.000Z`],
    [`${day}T09:00:00`, 'America/Sao_Paulo', `${day}T12:00:00.000Z`],
    [`${day}T09:00`, undefined, `${day}T09:00:00.000Z`],
    [`${day} 09:00:00`, 'UTC', `${day}T09:00:00.000Z`],
    [`${day}T09:00:00+02:00`, 'America/Sao_Paulo', `${day}T07:00:00.000Z`],
  ];
  for (const [publishAt, timezone, expected] of cases) {
    h.service.reset();
    await h.run([{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt }], { timezone });
    assert.equal(sent('POST', `/api/v1/drafts/${DRAFT_ID}/scheduled_release`)[0].trigger_at, expected, `${publishAt} in ${timezone}`);
  }
});

test('readDateTime: a zone-less time across summer time changes, a Date and a Luxon DateTime (what expressions give)', async () => {
  const { readDateTime } = await loadSource('nodes/Publisher/parameters.ts');
  const read = (value, timezone) => readDateTime({ getNode: () => ({ name: 'n' }), getNodeParameter: () => value, getTimezone: () => timezone }, 0, 'publishAt', 'Publish At');
  assert.equal(read('2027-01-15T09:00:00', 'Europe/Berlin'), '2027-01-15T08:00:00.000Z');
  assert.equal(read('2027-07-15T09:00:00', 'Europe/Berlin'), '2027-07-15T07:00:00.000Z');
  assert.equal(read('2027-07-15T09:00:00', 'America/New_York'), '2027-07-15T13:00:00.000Z');
  assert.equal(read('2027-03-28T03:30:00', 'Europe/Berlin'), '2027-03-28T01:30:00.000Z', 'the hour after the change to summer time');
  assert.equal(read('2027-07-15T09:00:00.250', 'Australia/Sydney'), '2027-07-14T23:00:00.250Z');
  assert.equal(read(new Date('2027-07-15T09:00:00Z'), 'Europe/Berlin'), '2027-07-15T09:00:00.000Z');
  const { DateTime } = require('luxon');
  assert.equal(read(DateTime.fromISO('2027-07-15T09:00:00', { zone: 'Asia/Tokyo' }), 'UTC'), '2027-07-15T00:00:00.000Z');
  for (const bad of ['', 'tomorrow', '2027-13-45T09:00:00Z', 42, null]) assert.throws(() => read(bad, 'UTC'), /Parameter "Publish At" must be a date and time/, String(bad));
});

test('schedule: a Publish At that is no date, or in the past, fails the item; nothing is sent', async () => {
  const bad = await h.failure([{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: 'next friday' }]);
  assert.ok(bad instanceof NodeOperationError);
  assert.match(bad.message, /Parameter "Publish At" must be a date and time/);
  const past = await h.failure([{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: new Date(Date.now() - 3_600_000).toISOString() }]);
  assert.ok(past instanceof NodeOperationError, `${past.name}: ${past.message}`);
  assert.deepEqual(writes(), []);
});

test('unschedule: DELETE /drafts/<id>/scheduled_release, the draft without scheduledAt', async () => {
  await h.run([{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: future(1).toISOString() }]);
  assert.equal(h.service.drafts.releases.size, 1);
  const { json } = await h.run([{ resource: 'draft', operation: 'unschedule', draftId: DRAFT_ID }]);
  assert.ok(h.wire().includes(`DELETE /api/v1/drafts/${DRAFT_ID}/scheduled_release`));
  assert.equal(h.service.drafts.releases.size, 0);
  assert.equal(json[0].scheduledAt, null);
});

test('Retry On Fail on a node that creates, publishes or schedules drafts: refused before anything is sent; the other draft operations run', async () => {
  for (const item of [
    { resource: 'draft', operation: 'create', title: 't', body: '' },
    { resource: 'draft', operation: 'publish', draftId: DRAFT_ID },
    { resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: future(1).toISOString() },
  ]) {
    const error = await h.failure([{ resource: 'draft', operation: 'get', draftId: DRAFT_ID }, item], { retryOnFail: true });
    assert.ok(error instanceof NodeOperationError);
    assert.match(error.message, /Retry On Fail is on for this node: a retry would run every item again and create drafts twice/);
    assert.equal(error.context.itemIndex, 1);
  }
  assert.deepEqual(h.wire(), []);
  const { json } = await h.run([{ resource: 'draft', operation: 'get', draftId: DRAFT_ID }, { resource: 'draft', operation: 'unschedule', draftId: DRAFT_ID }], { retryOnFail: true });
  assert.equal(json.length, 2);
});

test('continueOnFail: a failing draft item becomes an error item paired to it, the others go on', async () => {
  const { output } = await h.run([
    { resource: 'draft', operation: 'get', draftId: 4242 },
    { resource: 'draft', operation: 'get', draftId: DRAFT_ID },
    { resource: 'draft', operation: 'create', title: '' },
  ], { continueOnFail: true });
  assert.deepEqual(output.map((item) => item.pairedItem), [{ item: 0 }, { item: 1 }, { item: 2 }]);
  assert.equal(output[0].json.error, 'Draft 4242 was not found');
  assert.equal(output[0].json.status, 404);
  assert.equal(output[1].json.id, DRAFT_ID);
  assert.equal(output[2].json.kind, 'invalid-parameter');
});

/** A run that returns the fake context too (its binary reads). */
async function captured(items, options) {
  const { fakeContext } = await import('./fake-context.mjs');
  const ctx = fakeContext({ items, credentials: h.credentials, ...options });
  const [output] = await h.node.execute.call(ctx);
  return { ctx, output, json: output.map((item) => item.json) };
}

/** The first node of `type` in a document, depth first. */
function findNode(node, type) {
  if (node?.type === type) return node;
  for (const child of node?.content ?? []) {
    const found = findNode(child, type);
    if (found) return found;
  }
  return undefined;
}

test('create, publish and schedule whose answer was lost and could not be read back: the item says the draft may have been created / published / scheduled, sent once', async () => {
  const cases = [
    [{ resource: 'draft', operation: 'create', title: 'Lost', body: '' }, '/api/v1/drafts', { path: '/api/v1/post_management/' }, /^The draft may have been created: /, 'maybe-created'],
    [{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID, sendEmail: true }, `/api/v1/drafts/${DRAFT_ID}/publish`, { path: `/api/v1/drafts/${DRAFT_ID}`, skip: 1 }, /^The draft may have been published \(and emailed, with Send Email on\)/, 'maybe-published'],
    [{ resource: 'draft', operation: 'schedule', draftId: DRAFT_ID, publishAt: future(1).toISOString() }, `/api/v1/drafts/${DRAFT_ID}/scheduled_release`, { path: `/api/v1/drafts/${DRAFT_ID}/scheduled_release` }, /^The draft may have been scheduled: /, 'maybe-scheduled'],
  ];
  for (const [item, path, readBack, message, kind] of cases) {
    h.service.reset();
    h.service.fault({ method: 'POST', path, status: 502, body: '<html>bad gateway</html>' });
    // Every read-back fails (the reads before the write go through: `skip`).
    h.service.fault({ method: 'GET', status: 500, times: 40, ...readBack });
    const error = await h.failure([item]);
    assert.ok(error instanceof NodeApiError, `${error.name}: ${error.message}`);
    assert.match(error.message, message);
    assert.match(error.message, /Do not run this item again/);
    assert.equal(error.httpCode, '502');
    assert.equal(h.service.requests.filter((r) => r.method === 'POST' && r.path === path).length, 1, `${path}: sent once`);
    h.service.reset();
    h.service.fault({ method: 'POST', path, status: 502, body: '<html>bad gateway</html>' });
    h.service.fault({ method: 'GET', status: 500, times: 40, ...readBack });
    const { json } = await h.run([item], { continueOnFail: true });
    assert.equal(json[0].kind, kind);
    assert.match(json[0].error, message);
  }
});

test('publish of a draft already published fails the item with the client\'s sentence; nothing is sent again', async () => {
  await h.run([{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID }]);
  const error = await h.failure([{ resource: 'draft', operation: 'publish', draftId: DRAFT_ID, sendEmail: true }]);
  assert.match(`${error.message} ${error.description ?? ''}`, /already published/i);
  assert.equal(sent('POST', `/api/v1/drafts/${DRAFT_ID}/publish`).length, 1);
});

test('the client\'s refusals fail the item before anything is sent: Images without Markdown or not referred to, bytes that are no image, a table', async () => {
  const png = { data: PNG, mimeType: 'image/png', fileName: 'x.png' };
  const cases = [
    [{ title: 'No body', body: '', options: { images: 'data' } }, png, /no Markdown to use them/],
    [{ title: 'Unreferenced', body: 'text only', options: { images: 'data' } }, png, /\["x\.png"\] is not used: no Markdown image has the URL "x\.png"/],
    [{ title: 'Not an image', body: '![x](x.png)', options: { images: 'data' } }, { data: Buffer.from('hello').toString('base64'), mimeType: 'text/plain', fileName: 'x.png' }, /needs a PNG, JPEG, GIF or WebP image/],
    [{ title: 'Table', body: 'Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |' }, undefined, /line 3: tables are not supported/],
  ];
  for (const [params, binary, message] of cases) {
    const error = await h.failure([{ resource: 'draft', operation: 'create', ...params }], { binaries: binary ? [{ data: binary }] : [] });
    assert.ok(error instanceof NodeOperationError, `${error.name}: ${error.message}`);
    assert.match(error.message, message);
  }
  assert.deepEqual(h.wire(), []);
});
