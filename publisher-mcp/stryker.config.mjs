// Stryker (scripts/mutants.sh mcp): mutates the server's own decisions (configuration,
// masking, error texts, arguments, results, the tool registry) and runs the tests that
// load them in-process (the generated list, the server's parts) once per mutant. The
// SDK-client tests run the server in a child process, which Stryker's mutant switch does
// not reach. A measurement of the tests, not part of `npm test`.
export default {
  testRunner: 'command',
  commandRunner: { command: 'node --test test/config-and-errors.test.mjs test/generated-tools.test.mjs' },
  mutate: ['src/config.js', 'src/errors.js', 'src/redact.js', 'src/results.js', 'src/tools.js'],
  concurrency: 2,
  timeoutMS: 60000,
  reporters: ['clear-text', 'progress', 'json'],
  ignorePatterns: ['node_modules', 'reports', '*.tgz'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
