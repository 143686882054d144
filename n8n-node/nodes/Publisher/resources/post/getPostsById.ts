import { postOutput } from '../../records';
import {
  limitProperty,
  offsetProperty,
  readHowMany,
  readOffset,
  readSimplify,
  readUserId,
  returnAllProperty,
  simplifyProperty,
  userIdProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

export const postGetPostsById: NodeOperation = {
  resource: 'post',
  value: 'getPostsById',
  name: 'Get Many by User ID',
  action: 'Get many posts by user ID',
  description: 'Get posts of the publication of a user, by user ID',
  clientMethods: ['getPostsById'],
  properties: [userIdProperty(), returnAllProperty(), limitProperty(), offsetProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const userId = readUserId(ctx, itemIndex);
    const howMany = readHowMany(ctx, itemIndex);
    const offset = readOffset(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client follows the cursor of profile/posts up to the limit.
    const posts = withinBound(await client.getPostsById(userId, { limit: howMany.limit, offset }), howMany, 'posts', true);
    return postOutput(posts, simplify);
  },
};
