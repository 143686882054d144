import { postOutput } from '../../records';
import {
  limitProperty,
  offsetProperty,
  readHowMany,
  readOffset,
  readSimplify,
  returnAllProperty,
  simplifyProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

export const postGetAll: NodeOperation = {
  resource: 'post',
  value: 'getAll',
  name: 'Get Many',
  action: 'Get many posts',
  description: 'Get posts of your own publication',
  clientMethods: ['getPosts'],
  properties: [returnAllProperty(), limitProperty(), offsetProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const howMany = readHowMany(ctx, itemIndex);
    const offset = readOffset(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client pages by offset (50 a page) up to the limit.
    const posts = withinBound(await client.getPosts({ limit: howMany.limit, offset }), howMany, 'posts', true);
    return postOutput(posts, simplify);
  },
};
