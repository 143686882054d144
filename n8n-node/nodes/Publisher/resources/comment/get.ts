import { commentOutput } from '../../records';
import { commentIdProperty, readCommentId, readSimplify, simplifyProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const commentGet: NodeOperation = {
  resource: 'comment',
  value: 'get',
  name: 'Get',
  action: 'Get a comment',
  description: 'Get one comment by its ID',
  clientMethods: ['getComment'],
  properties: [commentIdProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const commentId = readCommentId(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    return [commentOutput(await client.getComment(commentId), simplify)];
  },
};
