// Stryker (scripts/mutants.sh mcp): mutates the server's own code and runs its fast tests
// (the generated list, the server's parts, the SDK client's tools and writes checks)
// once per mutant. A measurement of the tests, not part of `npm test`.
export default {
  testRunner: 'command',
  commandRunner: { command: 'node --test test/config-and-errors.test.mjs test/generated-tools.test.mjs test/tools.test.mjs test/writes.test.mjs' },
  // The generated catalog is data; bin/ is driven by the SDK tests.
  mutate: ['src/**/*.js', '!src/tools.generated.js', 'bin/**/*.js'],
  // In place: the tests reach the repository's local service and scripts by relative
  // paths, which a sandbox copy would break. One mutant at a time, restored afterwards.
  inPlace: true,
  concurrency: 1,
  timeoutMS: 120000,
  reporters: ['clear-text', 'progress', 'json'],
  ignorePatterns: ['node_modules', 'reports', '*.tgz'],
};
