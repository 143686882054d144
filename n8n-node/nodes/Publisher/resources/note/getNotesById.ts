import { toNoteRecords } from '../../records';
import { limitProperty, readLimit, readUserId, userIdProperty } from '../shared';
import type { NodeOperation } from '../types';

export const noteGetNotesById: NodeOperation = {
  resource: 'note',
  value: 'getNotesById',
  name: 'Get Many by User ID',
  action: 'Get many notes by user ID',
  description: 'Get notes of a user, by user ID',
  clientMethods: ['getNotesById'],
  properties: [userIdProperty(), limitProperty()],
  async execute(client, ctx, { itemIndex }) {
    const userId = readUserId(ctx, itemIndex);
    const limit = readLimit(ctx, itemIndex);
    return toNoteRecords(await client.getNotesById(userId, { limit }));
  },
};
