import { postOutput } from '../../records';
import { readBoolean } from '../../parameters';
import { draftIdProperty, readDraftId, readSimplify, simplifyProperty } from '../commonParameters';
import { readSendEmail, sendEmailProperty } from '../draftParameters';
import type { NodeOperation } from '../types';

export const draftPublish: NodeOperation = {
  resource: 'draft',
  value: 'publish',
  name: 'Publish',
  action: 'Publish a draft',
  description: 'Publish a draft now, emailing it to subscribers only when Send Email is on',
  clientMethods: ['publishDraft'],
  properties: [
    draftIdProperty(),
    sendEmailProperty('Whether to email the post to its audience’s subscribers (off: it is only published on the site). An email cannot be taken back.'),
    {
      displayName: 'Share Automatically',
      name: 'shareAutomatically',
      type: 'boolean',
      default: false,
      description: 'Whether the service shares the new post on its own (as a note)',
    },
    simplifyProperty(),
  ],
  async execute(client, ctx, { itemIndex }) {
    const draftId = readDraftId(ctx, itemIndex);
    const send = readSendEmail(ctx, itemIndex);
    const shareAutomatically = readBoolean(ctx, itemIndex, 'shareAutomatically', 'Share Automatically', false);
    const simplify = readSimplify(ctx, itemIndex);
    // At most once: after a lost answer the client reads the draft back instead of sending again.
    return postOutput([await client.publishDraft(draftId, { send, shareAutomatically })], simplify);
  },
};
