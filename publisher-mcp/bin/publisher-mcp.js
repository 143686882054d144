#!/usr/bin/env node
// publisher-mcp: serves the Publisher tools over stdio (the default) or streamable HTTP;
// see src/cli.js. Node's compile cache goes on first, where the runtime has it (22.1+),
// so that the modules imported after it start from cached code on every later start.
import module from 'node:module';

module.enableCompileCache?.();
await import('../src/cli.js');
