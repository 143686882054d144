// The Markdown scenarios in Deno, importing publisher-wasm/markdown by name (the deno
// condition: the embedded wasm), beside the main entry, against a local service in a
// child process.
import * as markdown from 'publisher-wasm/markdown';
import * as main from 'publisher-wasm';
import { spawnLocalService } from '../../local-service/index.mjs';
import { makeMarkdownContext, markdownScenarios } from '../shared/markdown.scenarios.mjs';
import { registerScenarios } from './register.mjs';

const service = await spawnLocalService({ seed: 7, posts: 120 });
const ctx = await makeMarkdownContext({ markdown, main, url: service.url, apiKey: service.apiKey, runtime: 'deno' });

registerScenarios(markdownScenarios, ctx, service, 'markdown: ');
