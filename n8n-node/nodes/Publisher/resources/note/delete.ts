import { noteIdProperty, readNoteId } from '../commonParameters';
import type { NodeOperation } from '../types';

export const noteDelete: NodeOperation = {
  resource: 'note',
  value: 'delete',
  name: 'Delete',
  action: 'Delete a note',
  description: 'Delete one of your notes or replies (a note already gone is not an error)',
  clientMethods: ['deleteNote'],
  properties: [noteIdProperty()],
  async execute(client, ctx, { itemIndex }) {
    const noteId = readNoteId(ctx, itemIndex);
    // A note already gone (404) resolves with deleted: false: deleting twice is no error.
    const { id, deleted } = await client.deleteNote(noteId);
    return [{ id, deleted }];
  },
};
