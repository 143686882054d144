// n8n's verification scan (@n8n/scan-community-package, pinned in devDependencies) over
// the source folder and the packed tarball, inline eslint comments ignored as the scanner
// ignores them (test/scan/scan.mjs runs it; `node test/scan/scan.mjs` prints the findings).
// The one finding allowed is node-param-default-wrong-for-limit on the Limit parameters
// (README.md, "n8n's scan"): any other, a restricted global anywhere in a shipped file
// included, fails here.
//
// The scan reads text; the last test checks the run time: the bundled client, loaded where
// the global timers, console, process and global are traps, waits through n8n-workflow's
// sleep and touches none of them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import {
  ALLOWED_RULE, findings, loadScanner, nodeDir, onLimitParameter, packedFolder, rulesOfReport, sourceFolder,
} from '../scan/scan.mjs';
import { POST_ID, startFixtureService } from './fixture-service.mjs';

const require = createRequire(import.meta.url);
const clientFile = join(nodeDir, 'dist', 'shared', 'client.js');

let tools;
let source;
let packed;
before(async () => {
  assert.ok(existsSync(clientFile), 'dist/ is not built: run node build.mjs (bash scripts/n8n-test.sh unit does)');
  tools = await loadScanner();
  source = sourceFolder();
  packed = packedFolder();
});
after(() => {
  if (source) rmSync(source, { recursive: true, force: true });
  if (packed) rmSync(packed.dir, { recursive: true, force: true });
});

const describe = (list) => list.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule}: ${f.message}`).join('\n');

test('the scanner is the pinned @n8n/scan-community-package, and it ignores inline eslint comments', async () => {
  assert.equal(tools.version, JSON.parse(readFileSync(join(nodeDir, 'package.json'), 'utf8')).devDependencies['@n8n/scan-community-package']);
  assert.equal(tools.version, '0.32.0');
  assert.equal(typeof tools.scanner.analyzePackage, 'function');
  // The Limit parameter's eslint-disable comment, which `n8n-node lint` honours, does not hide it here.
  const limit = (await findings(tools, source)).filter((f) => f.rule === ALLOWED_RULE);
  assert.ok(limit.length >= 1, 'the Limit default (100, fixed by the interface) is reported');
  const lines = readFileSync(join(source, limit[0].file), 'utf8').split('\n');
  assert.match(lines.slice(0, limit[0].line).join('\n'), /eslint-disable-next-line n8n-nodes-base\/node-param-default-wrong-for-limit/);
});

test('source folder: the only finding is the Limit default, on Limit parameters', async () => {
  const all = await findings(tools, source);
  const others = all.filter((f) => f.rule !== ALLOWED_RULE || !onLimitParameter(tools, source, f));
  assert.deepEqual(others, [], `findings besides ${ALLOWED_RULE} on Limit:\n${describe(others)}`);
  // The scanner's own verdict on its source leg fails on that rule alone.
  const report = await tools.scanner.analyzePackage(source, tools.scanner.SOURCE_FILE_PATTERNS);
  assert.equal(report.message, 'ESLint violations found', report.message);
  assert.deepEqual(rulesOfReport(report.details), [ALLOWED_RULE], report.details);
  // And over every file analyzePackage could take, dist/ included, the same.
  const whole = await tools.scanner.analyzePackage(source);
  assert.deepEqual(rulesOfReport(whole.details), [ALLOWED_RULE], whole.details);
});

test('packed tarball: no finding at all, and it ships the LICENSE and the example workflow the README points to', async () => {
  const all = await findings(tools, packed.unpacked);
  assert.deepEqual(all, [], describe(all));
  const report = await tools.scanner.analyzePackage(packed.unpacked, ['**/*.js', 'package.json']);
  assert.equal(report.passed, true, report.details ?? report.message);
  for (const file of ['LICENSE', 'README.md', 'examples/publisher-example.workflow.json', 'dist/shared/client.js']) {
    assert.ok(existsSync(join(packed.unpacked, file)), `the tarball lacks ${file}`);
  }
  assert.match(readFileSync(join(packed.unpacked, 'README.md'), 'utf8'), /examples\/publisher-example\.workflow\.json/);
  assert.match(readFileSync(join(packed.unpacked, 'LICENSE'), 'utf8'), /MIT License/);
});

test('a restricted global in a shipped file is a finding (the scan sees dist/, and inline disables do not hide it)', async () => {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(packed.unpacked, 'dist', 'probe.js'),
    '// eslint-disable-next-line\nsetTimeout(() => {}, 1);\nconsole.log(globalThis.x, global.y);\n');
  try {
    const rules = (await findings(tools, packed.unpacked)).map((f) => `${f.rule} ${f.file}`);
    assert.deepEqual(rules.sort(), [
      '@n8n/community-nodes/no-restricted-globals dist/probe.js',
      '@n8n/community-nodes/no-restricted-globals dist/probe.js',
      '@n8n/community-nodes/no-restricted-globals dist/probe.js',
      'no-console dist/probe.js',
    ]);
  } finally {
    rmSync(join(packed.unpacked, 'dist', 'probe.js'));
  }
});

// ---- at run time ----

const TRAPS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'console', 'process', 'global', '__dirname', '__filename'];

/** dist/shared/client.js evaluated in a context whose forbidden globals record every touch. */
function loadClientWithTraps(sleeps) {
  const touched = [];
  const workflow = require('n8n-workflow');
  const recordedSleep = (ms, signal) => {
    sleeps.push(ms);
    return workflow.sleep(ms, signal);
  };
  const context = {
    AbortController, AbortSignal, Buffer, Request, TextDecoder, TextEncoder, URL, fetch, queueMicrotask,
  };
  for (const name of TRAPS) {
    Object.defineProperty(context, name, { get: () => { touched.push(name); return undefined; }, enumerable: true });
  }
  vm.createContext(context);
  const module = { exports: {} };
  const load = vm.runInContext(`(function (module, exports, require) {${readFileSync(clientFile, 'utf8')}\n})`, context, { filename: clientFile });
  load(module, module.exports, (name) => {
    assert.equal(name, 'n8n-workflow', `the client bundle requires ${name}`);
    return { ...workflow, sleep: recordedSleep };
  });
  return { client: module.exports, touched };
}

test('at run time the bundled client waits through n8n-workflow\'s sleep and touches no global timer, console, process or global', async () => {
  const service = await startFixtureService({ apiKey: 'scan-key' });
  const sleeps = [];
  const { client, touched } = loadClientWithTraps(sleeps);
  try {
    // A 500 first: the read is retried after a backoff; each attempt has its timeout.
    service.fault({ method: 'GET', path: `/api/v1/posts/by-id/${POST_ID}`, status: 500 });
    const publisher = client.createClient(client.readCredentials({ apiKey: 'scan-key', baseUrl: service.url }));
    const post = await publisher.getPostById(POST_ID);
    publisher.free();
    assert.equal(post.id, POST_ID);
    assert.equal(service.requests.length, 2);
    assert.equal(sleeps.length, 3, `the waits: ${sleeps}`);
    assert.deepEqual([sleeps[0], sleeps[2]], [30000, 30000], 'each attempt\'s timeout');
    assert.ok(sleeps[1] > 0 && sleeps[1] <= 500, `the backoff before the retry: ${sleeps[1]} ms`);

    // The per-request timeout fires through it too.
    sleeps.length = 0;
    const hanging = () => new Promise(() => {});
    const slow = client.createClient(client.readCredentials({ apiKey: 'scan-key', baseUrl: service.url }), { fetch: hanging });
    const cancel = new AbortController();
    const call = slow.getPostById(POST_ID, { signal: cancel.signal });
    await new Promise((settled) => setImmediate(settled));
    assert.deepEqual(sleeps, [30000], 'the timeout of the attempt');
    cancel.abort();
    await assert.rejects(call, (error) => error.kind === 'aborted');
    slow.free();
    const quick = new client.Publisher({ apiKey: 'k', baseUrl: service.url, timeoutMs: 20, retry: false, sleep: require('n8n-workflow').sleep, fetch: hanging });
    await assert.rejects(quick.getPostById(POST_ID), (error) => error.kind === 'timeout' && /within 20 ms/.test(error.message));
    quick.free();

    // A client made without `sleep` has no timer to fall back on in this bundle: it fails, it does not reach for setTimeout.
    const bare = new client.Publisher({ apiKey: 'scan-key', baseUrl: service.url });
    await assert.rejects(bare.getPostById(POST_ID), (error) => error.kind === 'config' && /no timers of its own/.test(error.message));
    bare.free();
    assert.deepEqual(touched, []);
  } finally {
    await service.close();
  }
});

test('the sleep option: one that throws, returns no promise or rejects fails the call with kind config, never hangs it', async () => {
  const { Publisher } = require(clientFile);
  const answer = { status: 200, statusText: 'OK', headers: { forEach() {} }, text: async () => '{}' };
  const failing = {
    throws: () => { throw new Error('no timers here'); },
    'returns no promise': () => undefined,
    rejects: () => Promise.reject(new Error('gone')),
  };
  for (const [how, sleep] of Object.entries(failing)) {
    const client = new Publisher({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', sleep, fetch: () => new Promise((sent) => setImmediate(sent, answer)) });
    await assert.rejects(client.getPostById(POST_ID), (error) => error.kind === 'config' && /The sleep option/.test(error.message), how);
    client.free();
  }
  assert.throws(() => new Publisher({ apiKey: 'k', sleep: 5 }), (error) => error.kind === 'config' && /sleep must be a function/.test(error.message));
});
