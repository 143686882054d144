#!/usr/bin/env node
// CLI of the local Publisher service. Prints one JSON line when listening, then nothing
// else on stdout (diagnostics go to stderr). Stops on SIGTERM/SIGINT and when its parent
// goes away: the parent's pid changes, or stdin (when it is a pipe) reaches its end.

import { fstatSync } from 'node:fs';
import { LocalService } from './app.mjs';
import { OptionsError, USAGE, parseCommandLine } from './options.mjs';

let options;
try {
  options = parseCommandLine(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof OptionsError)) throw error;
  process.stderr.write(`${error.message}\n${USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const service = new LocalService(options);
try {
  await service.listen();
} catch (error) {
  process.stderr.write(`local-service: cannot listen on ${options.host}:${options.port}: ${error.message}\n`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify({ url: service.url, apiKey: options.apiKey, seed: options.seed, posts: options.posts })}\n`);

let stopping = false;
async function stop(reason) {
  if (stopping) return;
  stopping = true;
  // Signals are the normal way to stop; other reasons are worth a line on stderr.
  if (reason) process.stderr.write(`local-service: stopping (${reason})\n`);
  await service.close();
  process.exit(0);
}
process.on('SIGTERM', () => stop(null));
process.on('SIGINT', () => stop(null));

// Parent gone: we were re-parented (ppid changed). Polling is the portable way to see it.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) stop('parent exited');
}, 500).unref();

// A parent that holds our stdin pipe closes it when it dies. Only watch real pipes:
// a terminal or /dev/null must not stop the service.
if (stdinIsPipe() && process.env.PUBLISHER_LOCAL_WATCH_STDIN !== '0') {
  process.stdin.on('end', () => stop('stdin closed'));
  process.stdin.on('error', () => stop('stdin error'));
  process.stdin.resume();
}

function stdinIsPipe() {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
