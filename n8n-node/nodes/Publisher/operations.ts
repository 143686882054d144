// One operation → the client method that already exists for it → output records.
// Paging to `limit` is the client's job: the node never builds requests itself.
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { NoteBuilder, Publisher, PublisherNotes } from '../../shared/client';
import type { Operation } from './parameters';
import { toNoteRecord, toPostRecord, toPublishedNoteRecord } from './records';

const notesOf = (records: Array<IDataObject | undefined>): IDataObject[] =>
  records.filter((record): record is IDataObject => record !== undefined);

/** Paragraphs of a note: the title, then each non-empty line of the body (http-contract §5.8). */
export function paragraphsOf(title: string, body: string): string[] {
  return [title, ...body.split(/\r?\n/)].filter((part) => part.trim() !== '');
}

/** The item being run: its node and index (for errors), and its binary fields' bytes. */
export interface ItemContext {
  node: INode;
  itemIndex: number;
  loadImage: (binaryField: string) => Promise<Uint8Array>;
}

export async function runOperation(client: Publisher, op: Operation, item: ItemContext): Promise<IDataObject[]> {
  switch (op.operation) {
    case 'getAll':
      return (await client.getPosts({ limit: op.limit, offset: op.offset })).map(toPostRecord);
    case 'getPostsBySlug':
      return (await client.getPostsBySlug(op.slug, { limit: op.limit, offset: op.offset })).map(toPostRecord);
    case 'getPostsById':
      return (await client.getPostsById(op.userId, { limit: op.limit, offset: op.offset })).map(toPostRecord);
    case 'getPostById':
      return [toPostRecord(await client.getPostById(op.postId))];
    case 'get': {
      // Page by page with next(), the client following the cursor; restacks carry no note.
      // Not `for await`: its read-ahead gains nothing here (no work between pages) and
      // would send one more request whenever the limit is met.
      const records: IDataObject[] = [];
      for (let page: PublisherNotes | null = await client.getNotes({ limit: op.limit }); page !== null; page = await page.next()) {
        for (const note of page.items) {
          const record = toNoteRecord(note);
          if (record) records.push(record);
          if (records.length >= op.limit) return records;
        }
      }
      return records;
    }
    case 'getNotesBySlug':
      return notesOf((await client.getNotesBySlug(op.slug, { limit: op.limit })).map(toNoteRecord));
    case 'getNotesById':
      return notesOf((await client.getNotesById(op.userId, { limit: op.limit })).map(toNoteRecord));
    case 'getNoteById': {
      const record = toNoteRecord(await client.getNoteById(op.noteId));
      if (!record) throw new NotANoteError(op.noteId);
      return [record];
    }
    case 'create': {
      const builder = await noteOf(client, op, item);
      const published = await builder.publish();
      return [toPublishedNoteRecord(published, await publishedHandle(client, published.id))];
    }
    case 'delete': {
      // A note already gone (404) resolves with deleted: false: deleting twice is no error.
      const { id, deleted } = await client.deleteNote(op.noteId);
      return [{ id, deleted }];
    }
  }
}

/** The note to publish: paragraphs, then the link card, the images and the parent. */
async function noteOf(
  client: Publisher,
  op: Extract<Operation, { operation: 'create' }>,
  item: ItemContext,
): Promise<NoteBuilder> {
  // readOperation made sure that there is text or an attachment.
  let builder: NoteBuilder;
  if (op.markdown) {
    // The title stays a plain first paragraph; the client converts the body's Markdown.
    builder = op.title.trim() ? client.note(op.title) : client.note();
    if (op.body.trim()) builder.markdown(op.body);
  } else {
    const [first, ...rest] = paragraphsOf(op.title, op.body);
    builder = first === undefined ? client.note() : client.note(first);
    for (const paragraph of rest) builder.note(paragraph);
  }
  if (op.link) builder.attachLink(op.link);
  for (const name of op.images ?? []) {
    const bytes = await item.loadImage(name);
    try {
      builder.attachImage(bytes);
    } catch (error) {
      // The client checks the bytes at once: say which binary field was refused.
      const reason = error instanceof Error ? error.message : String(error);
      throw new NodeOperationError(item.node, `The binary field "${name}" is not an image the service takes: ${reason}`, {
        itemIndex: item.itemIndex,
      });
    }
  }
  if (op.replyTo !== undefined) builder.replyTo(op.replyTo);
  return builder;
}

/** The handle for the new note's page. The note exists already: a failed read must not fail the item. */
async function publishedHandle(client: Publisher, noteId: number): Promise<string | undefined> {
  try {
    const comment = (await client.getNoteById(noteId)).comment;
    return typeof comment?.handle === 'string' ? comment.handle : undefined;
  } catch {
    return undefined;
  }
}

export class NotANoteError extends Error {
  constructor(readonly noteId: number) {
    super(`The item ${noteId} is not a note (it has no text of its own)`);
    this.name = 'NotANoteError';
  }
}

