// Lever (b) switched off, for the bench only: zod and the SDK's JSON Schema validator
// imported, and every tool's validators built, before the server starts (as before main's lazy schemas).
import { fromJSONSchema } from 'zod';
import { fromJsonSchema } from '@modelcontextprotocol/server';
import catalog from './src/tools.generated.js';
for (const tool of catalog.tools) { fromJSONSchema(tool.inputSchema); if (tool.outputSchema) fromJsonSchema(tool.outputSchema); }
await import('./bin/publisher-mcp.js');
