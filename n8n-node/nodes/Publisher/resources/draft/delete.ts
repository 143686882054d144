import { draftIdProperty, readDraftId } from '../commonParameters';
import type { NodeOperation } from '../types';

export const draftDelete: NodeOperation = {
  resource: 'draft',
  value: 'delete',
  name: 'Delete',
  action: 'Delete a draft',
  description: 'Delete a draft (a draft already gone is not an error)',
  clientMethods: ['deleteDraft'],
  properties: [draftIdProperty()],
  async execute(client, ctx, { itemIndex }) {
    const draftId = readDraftId(ctx, itemIndex);
    // A draft already gone (404) resolves with deleted: false: deleting twice is no error.
    const { id, deleted } = await client.deleteDraft(draftId);
    return [{ id, deleted }];
  },
};
