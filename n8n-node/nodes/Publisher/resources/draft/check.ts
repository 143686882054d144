import { draftIdProperty, readDraftId } from '../commonParameters';
import type { NodeOperation } from '../types';

export const draftCheck: NodeOperation = {
  resource: 'draft',
  value: 'check',
  name: 'Check',
  action: 'Check a draft before publishing',
  description: 'Run the service’s pre-publish check: the errors that would stop a publish, and warnings',
  clientMethods: ['checkDraft'],
  properties: [draftIdProperty()],
  async execute(client, ctx, { itemIndex }) {
    const draftId = readDraftId(ctx, itemIndex);
    const { ok, errors, warnings } = await client.checkDraft(draftId);
    return [{ id: draftId, ok, errors, warnings }];
  },
};
