// Both packages are published only by the Publish workflow (.github/workflows/publish.yml),
// which adds npm provenance: a bare `npm publish` is refused by their prepublishOnly
// guard, and the workflow's RELEASE_MODE lets it through (checked with --dry-run, which
// runs the same lifecycle scripts and sends nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dryRun = (folder, env) =>
  spawnSync('npm', ['publish', '--dry-run', '--ignore-scripts=false'], {
    cwd: `${root}${folder}`,
    env: { ...process.env, RELEASE_MODE: '', ...env },
    encoding: 'utf8',
  });

for (const [folder, refusal] of [['pkg', /published by the Publish workflow/], ['n8n-node', /run release/]]) {
  test(`${folder}: a bare npm publish is refused; with the workflow's RELEASE_MODE it goes ahead`, () => {
    const bare = dryRun(folder, {});
    assert.notEqual(bare.status, 0, 'a bare publish must fail');
    assert.match(bare.stdout + bare.stderr, refusal);
    const released = dryRun(folder, { RELEASE_MODE: 'true' });
    assert.equal(released.status, 0, released.stdout + released.stderr);
  });
}
