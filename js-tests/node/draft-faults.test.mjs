// Every write of the drafts, 100 runs each, under faults: most after the service stored
// the write (a 500, a 502 with an HTML page, a dropped connection, a cut-off 200), some
// before it (a 500 that stores nothing). The at-most-once writes (createDraft,
// publishDraft, scheduleDraft) must land exactly once for every call that resolves and
// never for a call that rejects with its maybe-* kind; the repeatable ones (updateDraft,
// unscheduleDraft, deleteDraft) must leave the draft as asked. publishDraft and
// scheduleDraft first save the email choice with a PUT (should_send_email): faults on that
// PUT too, and for every call the email signals the service saw (the saved
// should_send_email, publish's send, the release's email_audience) must all say the
// caller's choice. The local service counts how often each write landed and records the
// signals (GET /__control/drafts). Prints the delivery table.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Publisher } from 'publisher-wasm';
import { startLocalService } from '../../local-service/index.mjs';
import { connectService } from '../shared/service.mjs';

const RUNS = 100;
const HOUR = 3600 * 1000;
/** The faults of run i: four kinds after the write was stored, and every tenth run one before. */
const FAULTS = [
  { status: 500, afterHandling: true },
  { status: 502, html: true, afterHandling: true },
  { drop: true, afterHandling: true },
  { truncate: 'short', afterHandling: true },
];
const faultOf = (i) => (i % 10 === 9 ? { status: 500 } : FAULTS[i % FAULTS.length]);

let service;
let controls;
let client;
const table = [];
before(async () => {
  service = await startLocalService({ seed: 21 });
  controls = connectService({ url: service.url, apiKey: service.apiKey });
  client = new Publisher({ apiKey: service.apiKey, baseUrl: service.url, retry: { baseDelayMs: 1, maxDelayMs: 4 } });
});
after(() => {
  console.log('\ndelivery table (runs with a fault each; "landed once" counts the calls whose write the service stored exactly once):');
  console.log('| method | fault on | delivery | runs | faults after the write | faults before | resolved | read back | maybe-* | landed once | landed twice | email signals of the resolved calls |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of table) console.log(`| ${row.join(' | ')} |`);
  return service.close();
});

const drafts = () => controls.drafts();

/** Drafts made without faults, for the writes that need one each. */
async function freshDrafts(count, prefix) {
  const ids = [];
  for (let i = 0; i < count; i++) ids.push((await client.createDraft({ title: `${prefix} ${i}`, body: { type: 'doc', content: [] } })).id);
  return ids;
}

/**
 * Runs `call(i)` RUNS times, each under its own fault on `path(i)`, and sorts the
 * outcomes: resolved (the fault hit: read back or retried) or rejected with `maybeKind`.
 */
async function underFaults(method, path, call, maybeKind) {
  const outcomes = [];
  for (let i = 0; i < RUNS; i++) {
    await controls.fault({ method, path: path(i), times: 1, ...faultOf(i) });
    try {
      outcomes.push({ i, value: await call(i) });
    } catch (error) {
      outcomes.push({ i, error });
    }
    await controls.clearFaults();
  }
  for (const { i, error } of outcomes) {
    if (error) assert.equal(error.kind, maybeKind, `run ${i}: ${error.message}`);
  }
  return outcomes;
}

function row(name, faultOn, delivery, outcomes, landedOnce, landedTwice, signals = '—') {
  const before = outcomes.filter(({ i }) => i % 10 === 9).length;
  const resolved = outcomes.filter((o) => !o.error).length;
  const maybe = outcomes.filter((o) => o.error).length;
  table.push([name, faultOn, delivery, RUNS, RUNS - before, before, resolved, delivery === 'at most once' ? resolved : '—', maybe, landedOnce, landedTwice, signals]);
}

/**
 * Checks that every signal the service saw says `send`: the should_send_email saved before
 * the write, and whichever of publish's `send` and the release's `email_audience` the write
 * carried. Returns the table's words for them.
 */
function assertSignals(draft, send, i) {
  assert.equal(draft.should_send_email, send, `run ${i}: should_send_email saved as ${send}`);
  if (draft.email_signals) {
    const { send: sent, should_send_email: saved, email_audience: audience, emailed } = draft.email_signals;
    if (sent !== undefined) assert.equal(sent, send, `run ${i}: publish's send`);
    assert.equal(saved, send, `run ${i}: should_send_email when it went out`);
    if (audience !== undefined) assert.equal(audience !== null, send, `run ${i}: email_audience`);
    assert.equal(emailed, send, `run ${i}: emailed`);
  }
  return send ? 'should_send_email true, send true / email_audience set: emailed' : 'should_send_email false, send false / email_audience null: not emailed';
}

test('createDraft under faults: each resolved call created exactly one draft, each maybe-created none', async () => {
  await controls.reset();
  const outcomes = await underFaults('POST', () => '/api/v1/drafts', (i) => client.createDraft({ title: `Fault create ${i}` }), 'maybe-created');
  const all = await drafts();
  let once = 0;
  let twice = 0;
  for (const { i, value, error } of outcomes) {
    const made = all.filter((d) => d.draft_title === `Fault create ${i}`);
    if (made.length > 1) twice += 1;
    if (error) {
      assert.equal(made.length, 0, `run ${i}: maybe-created, yet stored`);
    } else {
      assert.equal(made.length, 1, `run ${i}: one draft`);
      assert.equal(made[0].id, value.id, `run ${i}: resolved with the draft stored`);
      once += 1;
    }
  }
  row('createDraft', 'POST drafts', 'at most once', outcomes, once, twice);
  assert.equal(twice, 0);
  assert.equal(once, outcomes.filter((o) => !o.error).length);
  assert.ok(outcomes.some((o) => o.error), 'the faults before the write gave maybe-created');
});

for (const send of [true, false]) {
  test(`publishDraft (send: ${send}) under faults: each resolved call published once and emailed ${send ? 'once' : 'never'}`, async () => {
    await controls.reset();
    const ids = await freshDrafts(RUNS, 'Fault publish');
    const outcomes = await underFaults('POST', (i) => `/api/v1/drafts/${ids[i]}/publish`, (i) => client.publishDraft(ids[i], { send }), 'maybe-published');
    const byId = new Map((await drafts()).map((d) => [d.id, d]));
    let once = 0;
    let twice = 0;
    let signals = '—';
    for (const { i, value, error } of outcomes) {
      const draft = byId.get(ids[i]);
      const { counts } = draft;
      if (counts.published > 1 || counts.emailed > 1) twice += 1;
      if (error) {
        assert.equal(counts.published, 0, `run ${i}: maybe-published, yet published`);
      } else {
        assert.equal(value.id, ids[i]);
        assert.equal(counts.published, 1, `run ${i}: published once`);
        assert.equal(counts.emailed, send ? 1 : 0, `run ${i}: emailed ${send ? 'once' : 'never'}`);
        signals = assertSignals(draft, send, i);
        once += 1;
      }
    }
    row(`publishDraft (send: ${send})`, 'POST …/publish', 'at most once', outcomes, once, twice, signals);
    assert.equal(twice, 0);
  });

  test(`publishDraft (send: ${send}) with faults on the PUT that saves the email choice: retried, then published once, emailed ${send ? 'once' : 'never'}`, async () => {
    await controls.reset();
    const ids = await freshDrafts(RUNS, 'Fault choice');
    // The PUT is repeatable: a fault before or after it stored is retried, never a maybe-*.
    const outcomes = await underFaults('PUT', (i) => `/api/v1/drafts/${ids[i]}`, (i) => client.publishDraft(ids[i], { send }), 'none');
    const byId = new Map((await drafts()).map((d) => [d.id, d]));
    let once = 0;
    let twice = 0;
    let signals = '—';
    for (const { i } of outcomes) {
      const draft = byId.get(ids[i]);
      if (draft.counts.published > 1 || draft.counts.emailed > 1) twice += 1;
      assert.equal(draft.counts.published, 1, `run ${i}: published once`);
      assert.equal(draft.counts.emailed, send ? 1 : 0, `run ${i}: emailed ${send ? 'once' : 'never'}`);
      signals = assertSignals(draft, send, i);
      once += 1;
    }
    row(`publishDraft (send: ${send})`, 'PUT drafts/<id> (the email choice)', 'repeatable, then at most once', outcomes, once, twice, signals);
    assert.equal(twice, 0);
    assert.equal(outcomes.filter((o) => o.error).length, 0, 'every call resolved');
  });
}

test('a PUT that keeps failing: nothing is published, and the error says so', async () => {
  await controls.reset();
  const [id] = await freshDrafts(1, 'Choice refused');
  await controls.fault({ method: 'PUT', path: `/api/v1/drafts/${id}`, times: 10, status: 500 });
  const error = await client.publishDraft(id, { send: false }).then(() => null, (e) => e);
  await controls.clearFaults();
  assert.ok(error, 'rejected');
  assert.equal(error.kind, 'http');
  assert.match(error.message, /saving the email choice on draft \d+ failed, so nothing was published/);
  const [draft] = await drafts();
  assert.equal(draft.counts.published, 0);
});

test('scheduleDraft under faults: each resolved call set one release, each maybe-scheduled none', async () => {
  await controls.reset();
  const ids = await freshDrafts(RUNS, 'Fault schedule');
  const at = new Date(Math.ceil((Date.now() + 24 * HOUR) / 1000) * 1000);
  const outcomes = await underFaults('POST', (i) => `/api/v1/drafts/${ids[i]}/scheduled_release`, (i) => client.scheduleDraft(ids[i], at, { send: false }), 'maybe-scheduled');
  const byId = new Map((await drafts()).map((d) => [d.id, d]));
  let once = 0;
  let twice = 0;
  for (const { i, value, error } of outcomes) {
    const draft = byId.get(ids[i]);
    if (draft.counts.scheduled > 1) twice += 1;
    if (error) {
      assert.equal(draft.counts.scheduled, 0, `run ${i}: maybe-scheduled, yet scheduled`);
    } else {
      assert.equal(value.scheduledAt, at.toISOString());
      assert.equal(draft.counts.scheduled, 1, `run ${i}: scheduled once`);
      assert.equal(draft.email_audience, null, `run ${i}: no email`);
      assertSignals(draft, false, i);
      once += 1;
    }
  }
  row('scheduleDraft (send: false)', 'POST …/scheduled_release', 'at most once', outcomes, once, twice, assertSignals({ should_send_email: false }, false, 0));
  assert.equal(twice, 0);
});

for (const send of [true, false]) {
  test(`scheduleDraft (send: ${send}) with faults on the PUT that saves the email choice: one release, released ${send ? 'with' : 'without'} an email`, async () => {
    await controls.reset();
    const ids = await freshDrafts(RUNS, 'Fault choice schedule');
    const at = new Date(Math.ceil((Date.now() + 24 * HOUR) / 1000) * 1000);
    const outcomes = await underFaults('PUT', (i) => `/api/v1/drafts/${ids[i]}`, (i) => client.scheduleDraft(ids[i], at, { send }), 'none');
    // Release them all: the email goes out (or not) at release time.
    await controls.advanceClock(25 * HOUR);
    const byId = new Map((await drafts()).map((d) => [d.id, d]));
    let once = 0;
    let twice = 0;
    let signals = '—';
    for (const { i, value } of outcomes) {
      const draft = byId.get(ids[i]);
      if (draft.counts.scheduled > 1 || draft.counts.emailed > 1) twice += 1;
      assert.equal(value.scheduledAt, at.toISOString());
      assert.equal(draft.counts.scheduled, 1, `run ${i}: scheduled once`);
      assert.equal(draft.counts.released, 1, `run ${i}: released`);
      assert.equal(draft.counts.emailed, send ? 1 : 0, `run ${i}: emailed ${send ? 'once' : 'never'}`);
      signals = assertSignals(draft, send, i);
      once += 1;
    }
    row(`scheduleDraft (send: ${send})`, 'PUT drafts/<id> (the email choice)', 'repeatable, then at most once', outcomes, once, twice, `${signals} at release`);
    assert.equal(twice, 0);
    assert.equal(outcomes.filter((o) => o.error).length, 0, 'every call resolved');
  });
}

test('updateDraft, unscheduleDraft and deleteDraft under faults: retried, each leaves the draft as asked', async () => {
  await controls.reset();
  const ids = await freshDrafts(RUNS, 'Fault repeatable');
  const at = new Date(Date.now() + 2 * HOUR);
  const repeatable = [
    ['updateDraft', 'PUT', (i) => `/api/v1/drafts/${ids[i]}`, (i) => client.updateDraft(ids[i], { title: `Updated ${i}` }), (d, i) => d.draft_title === `Updated ${i}`, 'updated'],
    ['unscheduleDraft', 'DELETE', (i) => `/api/v1/drafts/${ids[i]}/scheduled_release`, (i) => client.unscheduleDraft(ids[i]), (d) => d.scheduled_at === null, 'unscheduled'],
    ['deleteDraft', 'DELETE', (i) => `/api/v1/drafts/${ids[i]}`, (i) => client.deleteDraft(ids[i]), (d) => d.deleted === true, 'deleted'],
  ];
  for (const [name, method, path, call, asAsked, count] of repeatable) {
    if (name === 'unscheduleDraft') for (const id of ids) await client.scheduleDraft(id, at, { send: false });
    // Faults before the write are retried too: nothing is left unknown.
    const outcomes = await underFaults(method, path, call, 'none');
    const byId = new Map((await drafts()).map((d) => [d.id, d]));
    let once = 0;
    let twice = 0;
    for (const { i } of outcomes) {
      const draft = byId.get(ids[i]);
      assert.ok(asAsked(draft, i), `${name} run ${i}: the draft is as asked`);
      if (draft.counts[count] === 1) once += 1;
      else twice += 1;
    }
    row(name, `${method} ${name === 'updateDraft' ? 'drafts/<id>' : '…'}`, 'repeatable', outcomes, once, `${twice} (sent again: harmless)`);
    assert.equal(outcomes.filter((o) => o.error).length, 0, `${name}: every call resolved`);
  }
});
