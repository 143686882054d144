// Prints the e2e figures as Markdown: per operation, the run time and the first output item.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const cell = (value) => JSON.stringify(value).replaceAll('|', '\\|');
console.log(`\nn8n start until ready: ${report.startup.n8nStartMs} ms; credentials + ${report.operations.length + 5} workflows created and published: ${report.startup.setupMs} ms\n`);
console.log('| operation | items | node run (ms) | webhook round trip (ms) | first output item |');
console.log('|---|---|---|---|---|');
for (const op of report.operations) console.log(`| ${op.operation} | ${op.items} | ${op.nodeMs} | ${op.webhookMs} | ${cell(op.first)} |`);
console.log('\n| case | what the node did |');
console.log('|---|---|');
for (const [name, value] of Object.entries(report.behaviour)) console.log(`| ${name} | ${cell(value)} |`);
