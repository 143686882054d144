// Compiled by check.mjs under tsc --strict: publisher-wasm/markdown has the main entry's
// classes with the very same types, plus markdownToNoteBody and markdownToPostBody.
import { NoteBuilder, Publisher, PublisherError, markdownToNoteBody, markdownToPostBody } from 'publisher-wasm/markdown';
import * as main from 'publisher-wasm';
import type { PostDocument, PublishNoteResponse } from 'publisher-wasm/markdown';

const client: main.Publisher = new Publisher({ apiKey: 'k' });
const builder: NoteBuilder = client.note('Intro').markdown('**bold** and [a link](https://example.test/)').bold('!');
export const same: main.NoteBuilder = builder;
export const published: Promise<PublishNoteResponse> = client.publishNote('# Title', { markdown: true, replyTo: 1 });
export const body: string = markdownToNoteBody('- one\n- two');
export const post: PostDocument = markdownToPostBody('# Title\n\n- one');
export const firstBlock: string | undefined = post.content?.[0]?.type;
export function kindOf(error: unknown): string | undefined {
  return error instanceof PublisherError ? error.kind : undefined;
}
