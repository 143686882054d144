import { NotANoteError } from '../../errors';
import { toNoteRecord } from '../../records';
import { noteIdProperty, readNoteId } from '../shared';
import type { NodeOperation } from '../types';

export const noteGetNoteById: NodeOperation = {
  resource: 'note',
  value: 'getNoteById',
  name: 'Get',
  action: 'Get a note by ID',
  description: 'Get one note by its ID',
  clientMethods: ['getNoteById'],
  properties: [noteIdProperty()],
  async execute(client, ctx, { itemIndex }) {
    const noteId = readNoteId(ctx, itemIndex);
    const record = toNoteRecord(await client.getNoteById(noteId));
    if (!record) throw new NotANoteError(noteId);
    return [record];
  },
};
