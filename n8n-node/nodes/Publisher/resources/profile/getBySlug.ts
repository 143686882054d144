import { profileOutput } from '../../records';
import { readSimplify, readSlug, simplifyProperty, slugProperty } from '../commonParameters';
import type { NodeOperation } from '../types';

export const profileGetBySlug: NodeOperation = {
  resource: 'profile',
  value: 'getBySlug',
  name: 'Get by Slug',
  action: 'Get a profile by slug',
  description: 'Get the full profile of a user, by handle',
  clientMethods: ['getFullProfileBySlug'],
  properties: [slugProperty('The handle of the user, without the @'), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const slug = readSlug(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    return [profileOutput(await client.getFullProfileBySlug(slug), simplify)];
  },
};
