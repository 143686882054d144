import { draftOutput } from '../../records';
import { draftIdProperty, readDraftId, readSimplify, simplifyProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const draftGet: NodeOperation = {
  resource: 'draft',
  value: 'get',
  name: 'Get',
  action: 'Get a draft',
  description: 'Get one draft by its ID',
  clientMethods: ['getDraft'],
  properties: [draftIdProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const draftId = readDraftId(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    return draftOutput([await client.getDraft(draftId)], simplify);
  },
};
