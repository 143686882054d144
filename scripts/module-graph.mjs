// Each crate's module graph: which module uses which (`crate::…` and `super::…` paths
// in its non-test code), printed one line per module, and checked to have no cycle.
// The crates themselves are layered by Cargo: publisher-core (publisher-core/src/)
// cannot name the boundary (src/), which uses it as `publisher_core::…`, shown as `core`.
//
//   node scripts/module-graph.mjs [--folders]   (--folders: the graph between folders)
//
// Exits 1 on a cycle, naming it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const byFolder = process.argv.includes('--folders');
let failed = false;
for (const [crate, folder] of [['publisher-core', '../publisher-core/src/'], ['publisher-wasm', '../src/']]) {
const src = fileURLToPath(new URL(folder, import.meta.url));
console.log(`${crate}:`);

/** Every module file: `a/b.rs` → `a::b`, `a/mod.rs` → `a`; tests and lib.rs left out. */
function modules(dir) {
  const found = new Map();
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      for (const [name, file] of modules(path)) found.set(name, file);
    } else if (entry.endsWith('.rs') && entry !== 'lib.rs' && !/tests?\.rs$|^test_support\.rs$/.test(entry)) {
      const name = relative(src, path).replace(/\.rs$/, '').replace(/\/mod$/, '').replaceAll('/', '::');
      found.set(name, path);
    }
  }
  return found;
}

/** The code of a file before its `#[cfg(test)] mod tests`, without comments. */
function nonTestCode(file) {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const cut = text.search(/#\[cfg\(test\)\]\s*(#\[[^\]]*\]\s*)*mod \w+\s*\{/);
  return cut < 0 ? text : text.slice(0, cut);
}

const all = modules(src);
const owner = (path) => {
  // The longest module that is a prefix of `path` (crate::records::note::X → records::note).
  const parts = path.split('::');
  for (let n = parts.length; n > 0; n--) {
    const name = parts.slice(0, n).join('::');
    if (all.has(name)) return name;
  }
  return null;
};
const group = (name) => (byFolder ? name.split('::')[0] : name);

const edges = new Map();
for (const [name, file] of all) {
  const from = group(name);
  if (!edges.has(from)) edges.set(from, new Set());
  const code = nonTestCode(file);
  const paths = new Set();
  for (const match of code.matchAll(/crate::([\w:]+)(::\{([^}]*)\})?/g)) {
    const base = match[1].replace(/::$/, '');
    if (match[3]) for (const item of match[3].split(',')) paths.add(`${base}::${item.trim().split(/\s/)[0]}`);
    else paths.add(base);
  }
  for (const match of code.matchAll(/\bsuper::([\w:]+)/g)) {
    const parent = name.split('::').slice(0, name.endsWith('::mod') ? -2 : -1);
    paths.add([...parent, ...match[1].split('::')].join('::'));
  }
  if (/\bpublisher_core::/.test(code)) paths.add('publisher_core');
  for (const path of paths) {
    if (path === 'publisher_core') {
      edges.get(from).add('core');
      continue;
    }
    const target = owner(path);
    if (target && group(target) !== from && !(byFolder && target.split('::')[0] === from)) edges.get(from).add(group(target));
  }
}

for (const [from, targets] of [...edges].sort()) {
  console.log(`${from.padEnd(22)} → ${[...targets].sort().join(', ') || '—'}`);
}

// A cycle: depth-first search with the path on the stack.
const state = new Map();
function visit(node, stack) {
  state.set(node, 'open');
  for (const next of edges.get(node) ?? []) {
    if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), node, next];
    if (!state.has(next)) {
      const cycle = visit(next, [...stack, node]);
      if (cycle) return cycle;
    }
  }
  state.set(node, 'done');
  return null;
}
for (const node of edges.keys()) {
  const cycle = state.has(node) ? null : visit(node, []);
  if (cycle) {
    console.error(`module cycle: ${cycle.join(' → ')}`);
    failed = true;
    break;
  }
}
console.log(`${edges.size} ${byFolder ? 'folders and top-level modules' : 'modules'}, no cycle`);
}
if (failed) process.exit(1);
