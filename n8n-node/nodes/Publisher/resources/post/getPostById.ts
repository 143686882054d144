import { readId } from '../../parameters';
import { toPostRecord } from '../../records';
import type { NodeOperation } from '../types';

export const postGetPostById: NodeOperation = {
  resource: 'post',
  value: 'getPostById',
  name: 'Get',
  action: 'Get a post by ID',
  description: 'Get one post by its ID',
  clientMethods: ['getPostById'],
  properties: [
    {
      displayName: 'Post ID',
      name: 'postId',
      type: 'number',
      required: true,
      default: 0,
      description: 'The numeric ID of the post',
    },
  ],
  async execute(client, ctx, { itemIndex }) {
    const postId = readId(ctx, itemIndex, 'postId', 'Post ID');
    return [toPostRecord(await client.getPostById(postId))];
  },
};
