import { readRaw } from '../../parameters';
import { draftOutput } from '../../records';
import { readSimplify, simplifyProperty } from '../commonParameters';
import type { DraftInput } from '../draftParameters';
import {
  audienceProperty,
  bodyProperty,
  createOptionsProperty,
  readCollection,
  readDraftFields,
  readImages,
  subtitleProperty,
  titleProperty,
} from '../draftParameters';
import type { NodeOperation } from '../types';

export const draftCreate: NodeOperation = {
  resource: 'draft',
  value: 'create',
  name: 'Create',
  action: 'Create a draft',
  description: 'Create a post draft from Markdown, with its images',
  clientMethods: ['createDraft'],
  properties: [titleProperty(), subtitleProperty(), bodyProperty(), audienceProperty(), createOptionsProperty(), simplifyProperty()],
  async execute(client, ctx, item) {
    const { itemIndex } = item;
    const entries = {
      title: readRaw(ctx, itemIndex, 'title', ''),
      subtitle: readRaw(ctx, itemIndex, 'subtitle', ''),
      body: readRaw(ctx, itemIndex, 'body', ''),
      audience: readRaw(ctx, itemIndex, 'audience', 'everyone'),
      ...readCollection(ctx, itemIndex, 'options', 'Options'),
    };
    const label = (name: string, displayName: string) =>
      ['title', 'subtitle', 'body', 'audience'].includes(name) ? `Parameter "${displayName}"` : `Option "${displayName}"`;
    const { input, images } = readDraftFields(ctx, itemIndex, entries, label);
    const simplify = readSimplify(ctx, itemIndex);
    const draft: DraftInput = { ...input, title: input.title ?? '' };
    if (!draft.subtitle) delete draft.subtitle;
    if (images) draft.images = await readImages(ctx, item, images);
    // At most once: after a lost answer the client looks for the draft instead of sending again.
    return draftOutput([await client.createDraft(draft)], simplify);
  },
};
