import { toPostRecord } from '../../records';
import { limitProperty, offsetProperty, readLimit, readOffset } from '../shared';
import type { NodeOperation } from '../types';

export const postGetAll: NodeOperation = {
  resource: 'post',
  value: 'getAll',
  name: 'Get Many',
  action: 'Get many posts',
  description: 'Get posts of your own publication',
  clientMethods: ['getPosts'],
  properties: [limitProperty(), offsetProperty()],
  async execute(client, ctx, { itemIndex }) {
    const limit = readLimit(ctx, itemIndex);
    const offset = readOffset(ctx, itemIndex);
    return (await client.getPosts({ limit, offset })).map(toPostRecord);
  },
};
