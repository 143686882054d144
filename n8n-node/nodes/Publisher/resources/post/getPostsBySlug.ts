import { toPostRecord } from '../../records';
import { limitProperty, offsetProperty, readLimit, readOffset, readSlug, slugProperty } from '../shared';
import type { NodeOperation } from '../types';

export const postGetPostsBySlug: NodeOperation = {
  resource: 'post',
  value: 'getPostsBySlug',
  name: 'Get Many by Slug',
  action: 'Get many posts by slug',
  description: 'Get posts of the publication of a user, by handle',
  clientMethods: ['getPostsBySlug'],
  properties: [slugProperty(), limitProperty(), offsetProperty()],
  async execute(client, ctx, { itemIndex }) {
    const slug = readSlug(ctx, itemIndex);
    const limit = readLimit(ctx, itemIndex);
    const offset = readOffset(ctx, itemIndex);
    return (await client.getPostsBySlug(slug, { limit, offset })).map(toPostRecord);
  },
};
