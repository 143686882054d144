import { toNoteRecords } from '../../records';
import { limitProperty, readLimit, readSlug, slugProperty } from '../shared';
import type { NodeOperation } from '../types';

export const noteGetNotesBySlug: NodeOperation = {
  resource: 'note',
  value: 'getNotesBySlug',
  name: 'Get Many by Slug',
  action: 'Get many notes by slug',
  description: 'Get notes of a user, by handle',
  clientMethods: ['getNotesBySlug'],
  properties: [slugProperty(), limitProperty()],
  async execute(client, ctx, { itemIndex }) {
    const slug = readSlug(ctx, itemIndex);
    const limit = readLimit(ctx, itemIndex);
    return toNoteRecords(await client.getNotesBySlug(slug, { limit }));
  },
};
