import type { IDataObject } from 'n8n-workflow';
import type { PublisherNotes } from '../../../../shared/client';
import { toNoteRecord } from '../../records';
import { limitProperty, readLimit } from '../shared';
import type { NodeOperation } from '../types';

export const noteGet: NodeOperation = {
  resource: 'note',
  value: 'get',
  name: 'Get Many',
  action: 'Get many notes',
  description: 'Get your own notes',
  clientMethods: ['getNotes'],
  properties: [limitProperty()],
  async execute(client, ctx, { itemIndex }) {
    const limit = readLimit(ctx, itemIndex);
    // Page by page with next(), the client following the cursor; restacks carry no note.
    // Not `for await`: its read-ahead gains nothing here (no work between pages) and
    // would send one more request whenever the limit is met.
    const records: IDataObject[] = [];
    for (let page: PublisherNotes | null = await client.getNotes({ limit }); page !== null; page = await page.next()) {
      for (const note of page.items) {
        const record = toNoteRecord(note);
        if (record) records.push(record);
        if (records.length >= limit) return records;
      }
    }
    return records;
  },
};
