// The consumer matrix's runtimes and bundlers (tools/package.json, with a committed
// lockfile), installed once into ~/.cache/publisher-wasm/consumer-tools/
// under the lockfile's hash: outside the clone, shared by every run and worktree.
//   node js-tests/consumers/tools.mjs     installs if missing, prints the folder
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('./tools/', import.meta.url));

export function toolsDir() {
  const lock = readFileSync(join(source, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).update(readFileSync(join(source, 'package.json'))).digest('hex').slice(0, 16);
  const base = process.env.PUBLISHER_WASM_CACHE ?? join(homedir(), '.cache', 'publisher-wasm');
  return join(base, 'consumer-tools', hash);
}

/** Installs the tools unless this lockfile's install is complete; returns their folder. */
export function ensureTools() {
  const dir = toolsDir();
  if (existsSync(join(dir, '.complete'))) return dir;
  const staging = `${dir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(source, file), join(staging, file));
  // npm install, not ci: this registry's lockfile leaves out other platforms' optional
  // packages, which npm ci then calls out of sync. Versions are pinned in package.json.
  console.error(`consumer tools: npm install into ${dir}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: ['ignore', 'inherit', 'inherit'] });
  execFileSync('touch', [join(staging, '.complete')]);
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return dir;
}

/** Paths and versions of what the matrix runs. */
export function tools(dir = ensureTools()) {
  const modules = join(dir, 'node_modules');
  const version = (name) => JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
  return {
    dir,
    modules,
    node22: join(modules, 'node22', 'bin', 'node'),
    node24: join(modules, 'node24', 'bin', 'node'),
    bun: join(modules, 'bun', 'bin', 'bun.exe'),
    wrangler: join(modules, 'wrangler', 'wrangler-dist', 'cli.js'),
    versions: {
      node22: version('node22'),
      node24: version('node24'),
      bun: version('bun'),
      wrangler: version('wrangler'),
      workerd: version('workerd'),
      vite: version('vite'),
      webpack: version('webpack'),
      rollup: version('rollup'),
      '@rollup/plugin-node-resolve': version('@rollup/plugin-node-resolve'),
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureTools());
