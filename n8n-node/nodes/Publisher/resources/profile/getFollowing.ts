import type { IDataObject } from 'n8n-workflow';
import type { Publisher } from '../../../../shared/client';
import { readChoice } from '../../parameters';
import type { PublisherFullProfile } from '../../records';
import { profileOutput } from '../../records';
import {
  limitProperty,
  readHowMany,
  readSimplify,
  returnAllProperty,
  simplifyProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

const OUTPUTS = ['ids', 'profiles'] as const;

/** Profiles read at once, as the client's getFollowingProfiles does by default. */
const PROFILES_AT_ONCE = 4;

export const profileGetFollowing: NodeOperation = {
  resource: 'profile',
  value: 'getFollowing',
  name: 'Get Following',
  action: 'Get the users you follow',
  description: 'Get the users your account follows, as IDs or as profiles',
  clientMethods: ['getFollowingIds', 'getFullProfileById'],
  properties: [
    {
      displayName: 'Output',
      name: 'output',
      type: 'options',
      options: [
        { name: 'IDs', value: 'ids', description: 'One item per user: its ID (one request)' },
        { name: 'Profiles', value: 'profiles', description: 'One item per user: the full profile (two requests per user)' },
      ],
      default: 'ids',
      description: 'What to return for each followed user',
    },
    returnAllProperty(),
    limitProperty(),
    simplifyProperty({ output: ['profiles'] }),
  ],
  async execute(client, ctx, { itemIndex }) {
    const output = readChoice(ctx, itemIndex, 'output', 'Output', OUTPUTS, 'ids');
    const howMany = readHowMany(ctx, itemIndex);
    // One request answers every id, in the service's order (it lists the account's own id first).
    const ids = await client.getFollowingIds();
    if (output === 'ids') return ids.slice(0, howMany.returnAll ? ids.length : howMany.limit).map((id) => ({ id }));
    const simplify = readSimplify(ctx, itemIndex);
    // Only the profiles asked for are read: getFollowingProfiles would read every one.
    const chosen = withinBound(ids.slice(0, howMany.limit), howMany, 'followed users');
    const profiles = await fullProfiles(client, chosen);
    return profiles.map((profile): IDataObject => profileOutput(profile, simplify));
  },
};

/**
 * The full profile of each user, a few at a time, in the order of `ids`. After a failure no
 * further user is started, the reads under way are waited for (nothing is left running
 * when the item fails), and the first failure fails the item.
 */
async function fullProfiles(client: Publisher, ids: number[]): Promise<PublisherFullProfile[]> {
  const profiles: PublisherFullProfile[] = new Array<PublisherFullProfile>(ids.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < ids.length) {
      const index = next++;
      await client.getFullProfileById(ids[index]).then(
        (profile) => {
          profiles[index] = profile;
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROFILES_AT_ONCE, ids.length) }, worker));
  if (failure !== undefined) throw failure.error;
  return profiles;
}
