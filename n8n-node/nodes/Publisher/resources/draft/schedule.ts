import { draftOutput } from '../../records';
import { readDateTime } from '../../parameters';
import { draftIdProperty, readDraftId, readSimplify, simplifyProperty } from '../commonParameters';
import { readSendEmail, sendEmailProperty } from '../draftParameters';
import type { NodeOperation } from '../types';

export const draftSchedule: NodeOperation = {
  resource: 'draft',
  value: 'schedule',
  name: 'Schedule',
  action: 'Schedule a draft',
  description: 'Have the service publish a draft at a given time, emailing it only when Send Email is on',
  clientMethods: ['scheduleDraft'],
  properties: [
    draftIdProperty(),
    {
      displayName: 'Publish At',
      name: 'publishAt',
      type: 'dateTime',
      required: true,
      default: '',
      description: 'When the service publishes the draft (a time without a zone is in the workflow’s time zone)',
    },
    sendEmailProperty('Whether to email the post to its audience’s subscribers when it is published (off: it is only published on the site)'),
    simplifyProperty(),
  ],
  async execute(client, ctx, { itemIndex }) {
    const draftId = readDraftId(ctx, itemIndex);
    const at = readDateTime(ctx, itemIndex, 'publishAt', 'Publish At');
    const send = readSendEmail(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // The client refuses a time in the past (or too far ahead) before sending anything.
    return draftOutput([await client.scheduleDraft(draftId, at, { send })], simplify);
  },
};
