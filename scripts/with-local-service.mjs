// Runs a command with the local Publisher service up, its URL and key in
// PUBLISHER_LOCAL_URL / PUBLISHER_LOCAL_KEY, and stops the service afterwards.
//   node scripts/with-local-service.mjs [--browser] <command> [args...]
// --browser: a test page on another port must reach it (CORS with credentials), which
// the service always allows; the flag only documents the intent in the test script.
import { spawn } from 'node:child_process';
import { spawnLocalService } from '../local-service/index.mjs';

const args = process.argv.slice(2).filter((arg) => arg !== '--browser');
if (args.length === 0) {
  console.error('usage: node scripts/with-local-service.mjs [--browser] <command> [args...]');
  process.exit(2);
}
const service = await spawnLocalService({ seed: 1, posts: 120 });
const child = spawn(args[0], args.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, PUBLISHER_LOCAL_URL: service.url, PUBLISHER_LOCAL_KEY: service.apiKey },
});
const code = await new Promise((resolve) => {
  child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(error.message);
    resolve(127);
  });
});
await service.close();
process.exit(code);
