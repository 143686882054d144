import type { PublisherNote, PublisherNotes } from '../../../../shared/client';
import { noteOutput } from '../../records';
import { limitProperty, readHowMany, readSimplify, returnAllProperty, simplifyProperty, withinBound } from '../commonParameters';
import type { NodeOperation } from '../types';

export const noteGet: NodeOperation = {
  resource: 'note',
  value: 'get',
  name: 'Get Many',
  action: 'Get many notes',
  description: 'Get your own notes',
  clientMethods: ['getNotes'],
  properties: [returnAllProperty(), limitProperty(), simplifyProperty()],
  async execute(client, ctx, { itemIndex }) {
    const howMany = readHowMany(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    // Page by page with next(), the client following the cursor; restacks carry no note.
    // Not `for await`: its read-ahead gains nothing here (no work between pages) and
    // would send one more request whenever the limit is met. Return All asks for the
    // service's own page size, and stops one note past the bound.
    const notes: PublisherNote[] = [];
    const first = await client.getNotes(howMany.returnAll ? {} : { limit: howMany.limit });
    pages: for (let page: PublisherNotes | null = first; page !== null; page = await page.next()) {
      for (const note of page.items) {
        if (note.comment) notes.push(note);
        if (notes.length >= howMany.limit) break pages;
      }
    }
    return noteOutput(withinBound(notes, howMany, 'notes'), simplify);
  },
};
