// The shared scenarios in Deno, importing the built package by name, against a local
// service in a child process.
import { NoteBuilder, Publisher, PublisherError, PublisherNotes } from 'publisher-wasm';
import { spawnLocalService } from '../../local-service/index.mjs';
import { allScenarios, makeContext } from '../shared/context.mjs';
import { registerScenarios } from './register.mjs';

const service = await spawnLocalService({ seed: 7, posts: 120 });
const ctx = await makeContext({ Publisher, PublisherError, NoteBuilder, PublisherNotes, url: service.url, apiKey: service.apiKey, runtime: 'deno' });
const scenarios = await allScenarios();

registerScenarios(scenarios, ctx, service);
