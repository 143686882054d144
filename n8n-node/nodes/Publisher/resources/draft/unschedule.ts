import { draftOutput } from '../../records';
import { draftIdProperty, readDraftId, readSimplify, simplifyProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const draftUnschedule: NodeOperation = {
  resource: 'draft',
  value: 'unschedule',
  name: 'Unschedule',
  action: 'Unschedule a draft',
  description: 'Cancel a draft’s scheduled publication; it stays a draft',
  clientMethods: ['unscheduleDraft'],
  properties: [draftIdProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const draftId = readDraftId(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    return draftOutput([await client.unscheduleDraft(draftId)], simplify);
  },
};
