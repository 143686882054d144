// One operation → the client method that already exists for it → output records.
// Paging to `limit` is the client's job: the node never builds requests itself.
import type { IDataObject } from 'n8n-workflow';
import type { Publisher } from '../../shared/client';
import type { Operation } from './parameters';
import { toNoteRecord, toPostRecord, toPublishedNoteRecord } from './records';

const notesOf = (records: Array<IDataObject | undefined>): IDataObject[] =>
  records.filter((record): record is IDataObject => record !== undefined);

/** Paragraphs of a note: the title, then each non-empty line of the body (http-contract §5.8). */
export function paragraphsOf(title: string, body: string): string[] {
  return [title, ...body.split(/\r?\n/)].filter((part) => part.trim() !== '');
}

export async function runOperation(client: Publisher, op: Operation): Promise<IDataObject[]> {
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
      // The notes page walks the feed itself (for await); restacks carry no note.
      const records: IDataObject[] = [];
      const page = await client.getNotes({ limit: op.limit });
      for await (const note of page) {
        const record = toNoteRecord(note);
        if (record) records.push(record);
        if (records.length >= op.limit) break;
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
      // readOperation made sure that at least one paragraph is not empty.
      const [first = '', ...rest] = paragraphsOf(op.title, op.body);
      const builder = client.note(first);
      for (const paragraph of rest) builder.note(paragraph);
      const published = await builder.publish();
      return [toPublishedNoteRecord(published, await publishedHandle(client, published.id))];
    }
  }
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
