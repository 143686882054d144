import { toPostRecord } from '../../records';
import { limitProperty, offsetProperty, readLimit, readOffset, readUserId, userIdProperty } from '../shared';
import type { NodeOperation } from '../types';

export const postGetPostsById: NodeOperation = {
  resource: 'post',
  value: 'getPostsById',
  name: 'Get Many by User ID',
  action: 'Get many posts by user ID',
  description: 'Get posts of the publication of a user, by user ID',
  clientMethods: ['getPostsById'],
  properties: [userIdProperty(), limitProperty(), offsetProperty()],
  async execute(client, ctx, { itemIndex }) {
    const userId = readUserId(ctx, itemIndex);
    const limit = readLimit(ctx, itemIndex);
    const offset = readOffset(ctx, itemIndex);
    return (await client.getPostsById(userId, { limit, offset })).map(toPostRecord);
  },
};
