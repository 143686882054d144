import { draftOutput } from '../../records';
import { draftIdProperty, readDraftId, readSimplify, simplifyProperty } from '../commonParameters';
import { readCollection, readDraftFields, readImages, updateFieldsProperty, updateOptionsProperty } from '../draftParameters';
import { invalidParameter } from '../../parameters';
import type { NodeOperation } from '../types';

export const draftUpdate: NodeOperation = {
  resource: 'draft',
  value: 'update',
  name: 'Update',
  action: 'Update a draft',
  description: 'Change a draft’s title, subtitle, body (Markdown), audience, type or section',
  clientMethods: ['updateDraft'],
  properties: [draftIdProperty(), updateFieldsProperty(), updateOptionsProperty(), simplifyProperty()],
  async execute(client, ctx, item) {
    const { itemIndex } = item;
    const draftId = readDraftId(ctx, itemIndex);
    const fields = readCollection(ctx, itemIndex, 'updateFields', 'Update Fields');
    const { input, images } = readDraftFields(ctx, itemIndex, fields, (_name, displayName) => `Update field "${displayName}"`);
    if (Object.keys(input).length === 0) {
      return invalidParameter(ctx, itemIndex, 'Parameter "Update Fields" changes nothing: add a field to change (an empty Body is no change)');
    }
    const simplify = readSimplify(ctx, itemIndex);
    const changes = { ...input };
    if (images) changes.images = await readImages(ctx, item, images);
    const options = readCollection(ctx, itemIndex, 'options', 'Options');
    const expected = options.expectedUpdatedAt;
    if (expected !== undefined && typeof expected !== 'string') {
      return invalidParameter(ctx, itemIndex, 'Option "Only If Unchanged Since" must be a date and time, such as the Updated At of a draft read with Get');
    }
    const guard = typeof expected === 'string' && expected.trim() !== '' ? { expectedUpdatedAt: expected.trim() } : undefined;
    return draftOutput([await client.updateDraft(draftId, changes, guard)], simplify);
  },
};
