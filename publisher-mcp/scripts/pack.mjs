// Packs publisher-mcp as it is published: in the repository it depends on the client
// built beside it (`file:../pkg`); the tarball depends on that client's version instead.
//   node publisher-mcp/scripts/pack.mjs [DEST]   writes the .tgz into DEST (default: the cwd)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Packs into `dest`; returns the tarball's path. */
export function packMcp(dest) {
  const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
  const client = JSON.parse(readFileSync(join(here, '..', 'pkg', 'package.json'), 'utf8'));
  const stage = mkdtempSync(join(tmpdir(), 'publisher-mcp-pack-'));
  try {
    for (const entry of manifest.files) cpSync(join(here, entry), join(stage, entry), { recursive: true });
    manifest.dependencies['publisher-wasm'] = `^${client.version}`;
    delete manifest.devDependencies;
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', resolve(dest)], { cwd: stage, encoding: 'utf8' }));
    return join(resolve(dest), packed.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(packMcp(process.argv[2] ?? '.'));
