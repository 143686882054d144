// n8n's verification scan, run as n8n runs it: the analyser of @n8n/scan-community-package
// (pinned in devDependencies) over the node's source folder and over its packed tarball,
// unpacked. n8n's own run fetches the package from the registry and its source from the
// provenance's repository; here both legs are made locally, the lint is the same:
// - `analyzePackage(dir, patterns)`, the package's exported function, with the patterns of
//   each leg (`SOURCE_FILE_PATTERNS` for the source, `**/*.js` and package.json for the
//   tarball), which says whether the leg passes;
// - the same ESLint run (the scanner's own eslint and `buildScanConfig()`, inline
//   configuration ignored as the scanner does, `allowInlineConfig: false`) over all of
//   analyzePackage's default patterns, whose messages give each finding's rule, file and line.
//
//   node test/scan/scan.mjs     (in n8n-node/, after node build.mjs) prints every finding
//                               of both legs, counted per rule and file, and exits 1 when a
//                               finding other than the one allowed is there.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const nodeDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scannerDir = join(nodeDir, 'node_modules', '@n8n', 'scan-community-package');
const scannerModule = join(scannerDir, 'scanner', 'scanner.mjs');

/** The rule n8n's scan may report, and only on the Limit parameters: see README.md, "n8n's scan". */
export const ALLOWED_RULE = 'n8n-nodes-base/node-param-default-wrong-for-limit';
/** analyzePackage's own default patterns: every file of a leg that the scanner could lint. */
export const ALL_PATTERNS = ['**/*.js', '**/*.ts', '**/*.json'];

export async function loadScanner() {
  const { version } = JSON.parse(readFileSync(join(scannerDir, 'package.json'), 'utf8'));
  const scanner = await import(pathToFileURL(scannerModule).href);
  // The scanner's own dependencies (its eslint, glob and parser), not the node's.
  const require = createRequire(scannerModule);
  return { version, scanner, ESLint: require('eslint').ESLint, glob: require('fast-glob'), parser: require('@typescript-eslint/parser') };
}

/**
 * Every finding in `dir` over `patterns`, linted as analyzePackage lints (its files, its
 * ESLint options): `{ file, line, column, rule, message, severity }`, errors and warnings.
 */
export async function findings({ scanner, ESLint, glob }, dir, patterns = ALL_PATTERNS) {
  const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: await scanner.buildScanConfig() });
  const files = glob.sync(patterns, { cwd: dir, absolute: true, ignore: ['node_modules/**', '**/package-lock.json'] });
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => ({
    file: relative(dir, result.filePath),
    line: message.line,
    column: message.column,
    rule: message.ruleId,
    message: message.message,
    severity: message.severity === 2 ? 'error' : 'warning',
  })));
}

/** The rules analyzePackage's report names (its `details`, ESLint's stylish format). */
export function rulesOfReport(details = '') {
  const problems = details.split('\n').filter((line) => /^\s+\d+:\d+\s+(error|warning)\s/.test(line));
  return [...new Set(problems.map((line) => line.trimEnd().split(/\s+/).pop()))];
}

/**
 * The source folder as the scanner's source leg gets it: the files git would check out
 * (tracked, and new ones not ignored), plus dist/ as `node build.mjs` left it, which the
 * issue's run over the working folder included. Local output such as reports/ stays out.
 */
export function sourceFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-scan-source-'));
  for (const file of sourceFiles()) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    try {
      cpSync(join(nodeDir, file), join(dir, file));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error; // deleted in the work tree, not yet in git
    }
  }
  cpSync(join(nodeDir, 'dist'), join(dir, 'dist'), { recursive: true });
  return dir;
}

/** The folder's files as git sees them; outside git (a mutation run's copy), all but the ignored kinds. */
function sourceFiles() {
  let listed = [];
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.'], { cwd: nodeDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\0');
  } catch {
    // not a git work tree
  }
  listed = [...new Set(listed.filter(Boolean))];
  if (listed.length) return listed;
  const ignored = new Set(['node_modules', 'dist', 'reports', '.stryker-tmp', '.e2e-report.json']);
  return readdirSync(nodeDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tgz'))
    .map((entry) => relative(nodeDir, join(entry.parentPath ?? entry.path, entry.name)))
    .filter((file) => !ignored.has(file.split(sep)[0]) && !file.split(sep).includes('node_modules'));
}

/** `npm pack` of the node, unpacked: what n8n downloads and installs. */
export function packedFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-scan-tarball-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: nodeDir, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  const unpacked = join(dir, 'package');
  mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', unpacked, '--strip-components=1']);
  return { dir, unpacked, tarball };
}

/** Where a finding of ALLOWED_RULE is: true when it is the `default` of a parameter named `limit`. */
export function onLimitParameter({ parser }, dir, finding) {
  const source = readFileSync(join(dir, finding.file), 'utf8');
  const ast = parser.parse(source, { loc: true, range: true, jsx: false });
  let found = false;
  const visit = (node) => {
    if (found || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node.type === 'ObjectExpression') {
      const named = (key) => node.properties.find((p) => p.type === 'Property' && (p.key.name ?? p.key.value) === key);
      const name = named('name');
      const fallback = named('default');
      const at = ({ loc }) => loc.start.line <= finding.line && finding.line <= loc.end.line;
      if (name?.value.value === 'limit' && fallback && at(fallback)) {
        found = true;
        return;
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'parent' && key !== 'loc' && key !== 'range') visit(value);
  };
  visit(ast);
  return found;
}

/** Counts per rule and file, as `rule  file  count` lines. */
export function countLines(list) {
  const counts = new Map();
  for (const { rule, file, severity } of list) {
    const key = `${severity} ${rule}  ${file}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `  ${count} × ${key}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tools = await loadScanner();
  const source = sourceFolder();
  const packed = packedFolder();
  let unexpected = 0;
  try {
    for (const [name, dir, patterns] of [
      ['source folder', source, tools.scanner.SOURCE_FILE_PATTERNS],
      [`tarball ${packed.tarball}`, packed.unpacked, ['**/*.js', 'package.json']],
    ]) {
      const all = await findings(tools, dir);
      const report = await tools.scanner.analyzePackage(dir, patterns);
      console.log(`${name}: analyzePackage (scanner ${tools.version}, patterns ${patterns.join(' ')}): ${report.passed ? 'passed' : `failed (${report.message}; rules ${rulesOfReport(report.details).join(', ')})`}`);
      console.log(`${name}: ${all.length} finding(s) over ${ALL_PATTERNS.join(' ')}${all.length ? ':' : ''}`);
      for (const line of countLines(all)) console.log(line);
      for (const finding of all) {
        const allowed = finding.rule === ALLOWED_RULE && onLimitParameter(tools, dir, finding);
        if (!allowed) {
          unexpected += 1;
          console.log(`  not allowed: ${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message}`);
        }
      }
    }
  } finally {
    rmSync(source, { recursive: true, force: true });
    rmSync(packed.dir, { recursive: true, force: true });
  }
  if (unexpected) {
    console.log(`${unexpected} finding(s) besides ${ALLOWED_RULE} on the Limit parameters`);
    process.exitCode = 1;
  }
}
