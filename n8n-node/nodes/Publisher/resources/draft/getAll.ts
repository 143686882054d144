import { draftOutput } from '../../records';
import {
  limitProperty,
  readHowMany,
  readSimplify,
  returnAllProperty,
  simplifyProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

export const draftGetAll: NodeOperation = {
  resource: 'draft',
  value: 'getAll',
  name: 'Get Many',
  action: 'Get many drafts',
  description: 'Get your unpublished drafts, most recently edited first',
  clientMethods: ['getDrafts'],
  properties: [returnAllProperty(), limitProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const howMany = readHowMany(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client pages up to the limit.
    const drafts = withinBound(await client.getDrafts({ limit: howMany.limit }), howMany, 'drafts');
    return draftOutput(drafts, simplify);
  },
};
