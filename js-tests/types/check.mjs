// Type-checks the package's .d.ts with tsc --strict: usage.ts (every method and record
// field), markdown-usage.ts (publisher-wasm/markdown) and the README's TypeScript examples must compile; every line of
// must-fail.ts marked @expect-error must be reported. Prints "ok N files".
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const flags = ['--strict', '--types', 'node', '--noEmit', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false'];

function compile(files) {
  try {
    execFileSync(tsc, [...flags, ...files], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return `${error.stdout}${error.stderr}`;
  }
}

// README examples (the project's and the package's): every ```ts block becomes a file of its own.
const generated = join(here, '.readme');
rmSync(generated, { recursive: true, force: true });
mkdirSync(generated);
const readme = ['README.md', 'pkg-template/README.md'].map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
if (blocks.length === 0) throw new Error('README.md has no ```ts example to check');
const readmeFiles = blocks.map((code, i) => {
  const file = join(generated, `example-${i + 1}.ts`);
  writeFileSync(file, `${code}\nexport {};\n`);
  return file;
});

const good = [join(here, 'usage.ts'), join(here, 'markdown-usage.ts'), ...readmeFiles];
const output = compile(good);
if (output) {
  console.error(output);
  throw new Error('tsc --strict rejected usage.ts or a README example');
}

const mustFail = join(here, 'must-fail.ts');
const expected = readFileSync(mustFail, 'utf8').split('\n')
  .map((line, i) => (line.includes('@expect-error') ? i + 1 : null)).filter(Boolean);
const reported = new Set([...compile([mustFail]).matchAll(/must-fail\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
const missed = expected.filter((line) => !reported.has(line));
if (missed.length > 0) throw new Error(`tsc accepted lines it must reject: must-fail.ts:${missed.join(', ')}`);
rmSync(generated, { recursive: true, force: true });
console.log(`ok ${good.length + 1} files: usage.ts, markdown-usage.ts and ${readmeFiles.length} README example(s) compile under tsc --strict; ${expected.length} wrong uses in must-fail.ts rejected`);
