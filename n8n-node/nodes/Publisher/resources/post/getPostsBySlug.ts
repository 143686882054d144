import { postOutput } from '../../records';
import {
  limitProperty,
  offsetProperty,
  readHowMany,
  readOffset,
  readSimplify,
  readSlug,
  returnAllProperty,
  simplifyProperty,
  slugProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

export const postGetPostsBySlug: NodeOperation = {
  resource: 'post',
  value: 'getPostsBySlug',
  name: 'Get Many by Slug',
  action: 'Get many posts by slug',
  description: 'Get posts of the publication of a user, by handle',
  clientMethods: ['getPostsBySlug'],
  properties: [slugProperty(), returnAllProperty(), limitProperty(), offsetProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const slug = readSlug(ctx, itemIndex);
    const howMany = readHowMany(ctx, itemIndex);
    const offset = readOffset(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client follows the cursor of profile/posts up to the limit.
    const posts = withinBound(await client.getPostsBySlug(slug, { limit: howMany.limit, offset }), howMany, 'posts', true);
    return postOutput(posts, simplify);
  },
};
