// Runs a command with the local Publisher service up, its URL and key in
// PUBLISHER_LOCAL_URL / PUBLISHER_LOCAL_KEY, and stops the service afterwards.
//   node scripts/with-local-service.mjs [--browser] [--hang-limit S [--attempts N]] <command> [args...]
// --browser: a test page on another port must reach it (CORS with credentials), which
// the service always allows; the flag only documents the intent in the test script.
// --hang-limit S: a run still going after S seconds is stopped, with everything it
// started, and run again, up to N attempts in all (--attempts, default 2). Headless
// Chromium under chromedriver now and then never loads the test page ("Timed out
// receiving message from renderer"), and the runner then waits 300 s before failing.
// A run that fails is never run again.
import { spawn } from 'node:child_process';
import { spawnLocalService } from '../local-service/index.mjs';

const argv = process.argv.slice(2).filter((arg) => arg !== '--browser');
let hangLimitMs = 0;
let attempts = 2;
if (argv[0] === '--hang-limit') {
  hangLimitMs = Number(argv[1]) * 1000;
  argv.splice(0, 2);
}
if (argv[0] === '--attempts') {
  attempts = Number(argv[1]);
  argv.splice(0, 2);
}
if (argv.length === 0 || Number.isNaN(hangLimitMs) || !(attempts >= 1)) {
  console.error('usage: node scripts/with-local-service.mjs [--browser] [--hang-limit S [--attempts N]] <command> [args...]');
  process.exit(2);
}

const HUNG = Symbol('hung');

function runOnce(env) {
  // Its own process group, so a hung run is stopped with the browser and driver it started.
  const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env, detached: hangLimitMs > 0 });
  return new Promise((resolve) => {
    let hung = false;
    const timer = hangLimitMs > 0
      ? setTimeout(() => {
        hung = true;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, hangLimitMs)
      : undefined;
    child.on('exit', (status, signal) => {
      clearTimeout(timer);
      resolve(hung ? HUNG : status ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      console.error(error.message);
      resolve(127);
    });
  });
}

const service = await spawnLocalService({ seed: 1, posts: 120 });
const env = { ...process.env, PUBLISHER_LOCAL_URL: service.url, PUBLISHER_LOCAL_KEY: service.apiKey };
let code = await runOnce(env);
for (let attempt = 2; code === HUNG && attempt <= attempts; attempt += 1) {
  console.log(`with-local-service: no result after ${hangLimitMs / 1000} s; stopped it and everything it started, attempt ${attempt} of ${attempts}`);
  code = await runOnce(env);
}
if (code === HUNG) {
  console.log(`with-local-service: no result after ${hangLimitMs / 1000} s in ${attempts} attempts; giving up`);
  code = 124;
}
await service.close();
process.exit(code);
