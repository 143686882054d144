// Packs publisher-mcp as it is published: in the repository it depends on the client
// built beside it (`file:../pkg`); the tarball depends on that client's version instead.
// Its bin is the bundled one (scripts/bundle.mjs): bin/publisher-mcp.js and bin/chunks/.
//   node publisher-mcp/scripts/pack.mjs [DEST]   writes the .tgz into DEST (default: the cwd)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { bundleBin } from './bundle.mjs';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Packs into `dest`; resolves with the tarball's path. */
export async function packMcp(dest) {
  const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
  const client = JSON.parse(readFileSync(join(here, '..', 'pkg', 'package.json'), 'utf8'));
  const stage = mkdtempSync(join(tmpdir(), 'publisher-mcp-pack-'));
  try {
    for (const entry of manifest.files) cpSync(join(here, entry), join(stage, entry), { recursive: true });
    rmSync(join(stage, 'bin'), { recursive: true });
    await bundleBin(join(stage, 'bin'));
    manifest.dependencies['publisher-wasm'] = `^${client.version}`;
    delete manifest.devDependencies;
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', resolve(dest)], { cwd: stage, encoding: 'utf8' }));
    return join(resolve(dest), packed.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await packMcp(process.argv[2] ?? '.'));
