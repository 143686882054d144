import { postOutput } from '../../records';
import { postIdProperty, readPostId, readSimplify, simplifyProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const postGetPostById: NodeOperation = {
  resource: 'post',
  value: 'getPostById',
  name: 'Get',
  action: 'Get a post by ID',
  description: 'Get one post by its ID',
  clientMethods: ['getPostById'],
  properties: [postIdProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const postId = readPostId(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    return postOutput([await client.getPostById(postId)], simplify);
  },
};
