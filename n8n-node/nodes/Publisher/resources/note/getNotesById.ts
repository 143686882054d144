import { noteOutput } from '../../records';
import {
  limitProperty,
  readHowMany,
  readSimplify,
  readUserId,
  returnAllProperty,
  simplifyProperty,
  userIdProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

export const noteGetNotesById: NodeOperation = {
  resource: 'note',
  value: 'getNotesById',
  name: 'Get Many by User ID',
  action: 'Get many notes by user ID',
  description: 'Get notes of a user, by user ID',
  clientMethods: ['getNotesById'],
  properties: [userIdProperty(), returnAllProperty(), limitProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const userId = readUserId(ctx, itemIndex);
    const howMany = readHowMany(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client follows the profile feed's cursor up to the limit.
    const notes = withinBound(await client.getNotesById(userId, { limit: howMany.limit }), howMany, 'notes');
    return noteOutput(notes, simplify);
  },
};
