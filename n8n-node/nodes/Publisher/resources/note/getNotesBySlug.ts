import { noteOutput } from '../../records';
import {
  limitProperty,
  readHowMany,
  readSimplify,
  readSlug,
  returnAllProperty,
  simplifyProperty,
  slugProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

export const noteGetNotesBySlug: NodeOperation = {
  resource: 'note',
  value: 'getNotesBySlug',
  name: 'Get Many by Slug',
  action: 'Get many notes by slug',
  description: 'Get notes of a user, by handle',
  clientMethods: ['getNotesBySlug'],
  properties: [slugProperty(), returnAllProperty(), limitProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const slug = readSlug(ctx, itemIndex);
    const howMany = readHowMany(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client follows the profile feed's cursor up to the limit.
    const notes = withinBound(await client.getNotesBySlug(slug, { limit: howMany.limit }), howMany, 'notes');
    return noteOutput(notes, simplify);
  },
};
