import { NotANoteError } from '../../errors';
import { noteOutput } from '../../records';
import { noteIdProperty, readNoteId, readSimplify, simplifyProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const noteGetNoteById: NodeOperation = {
  resource: 'note',
  value: 'getNoteById',
  name: 'Get',
  action: 'Get a note by ID',
  description: 'Get one note by its ID',
  clientMethods: ['getNoteById'],
  properties: [noteIdProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const noteId = readNoteId(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    const [record] = noteOutput([await client.getNoteById(noteId)], simplify);
    if (!record) throw new NotANoteError(noteId);
    return [record];
  },
};
