import { profileOutput } from '../../records';
import { readSimplify, readUserId, simplifyProperty, userIdProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const profileGetById: NodeOperation = {
  resource: 'profile',
  value: 'getById',
  name: 'Get by User ID',
  action: 'Get a profile by user ID',
  description: 'Get the full profile of a user, by user ID',
  clientMethods: ['getFullProfileById'],
  properties: [userIdProperty('The numeric ID of the user'), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const userId = readUserId(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    return [profileOutput(await client.getFullProfileById(userId), simplify)];
  },
};
