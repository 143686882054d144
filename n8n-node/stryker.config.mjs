// Stryker (scripts/mutants.sh node): mutates the node's TypeScript and runs its build and
// unit tests once per mutant. A measurement of the tests, not part of `npm test`.
export default {
  testRunner: 'command',
  commandRunner: { command: 'node build.mjs && node --test test/unit/' },
  // The decision code: parameter reading, the calls, output mapping, errors, the fetch
  // bridge. description.ts only declares the editor's fields.
  mutate: ['nodes/**/*.ts', '!nodes/**/description.ts', 'shared/**/*.ts'],
  // The unit tests mostly wait (retries, timeouts): four at once fit in two cores.
  concurrency: 4,
  timeoutMS: 60000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  ignorePatterns: ['dist', 'reports', '.e2e-report.json', '*.tgz'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
