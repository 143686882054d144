// Parameters that several operations have, each declared once with its reader. Each
// operation lists its own copy, so the editor shows it once for that operation.
import type { ParameterContext } from '../parameters';
import { invalidParameter, readId, readInteger, readText } from '../parameters';
import type { OperationProperty } from './types';

export const limitProperty = (): OperationProperty => ({
  displayName: 'Limit',
  name: 'limit',
  type: 'number',
  typeOptions: { minValue: 1 },
  // The interface (§4.1, §8) fixes the default of every list operation at 100.
  // eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-limit
  default: 100,
  description: 'Max number of results to return',
});

export const readLimit = (ctx: ParameterContext, itemIndex: number): number =>
  readInteger(ctx, itemIndex, 'limit', 'Limit', 1, 100);

export const offsetProperty = (): OperationProperty => ({
  displayName: 'Offset',
  name: 'offset',
  type: 'number',
  typeOptions: { minValue: 0 },
  default: 0,
  description: 'How many posts to skip, newest first',
});

export const readOffset = (ctx: ParameterContext, itemIndex: number): number =>
  readInteger(ctx, itemIndex, 'offset', 'Offset', 0, 0);

export const slugProperty = (): OperationProperty => ({
  displayName: 'Slug',
  name: 'slug',
  type: 'string',
  required: true,
  default: '',
  placeholder: 'johndoe',
  description: 'The handle of the publication’s author, without the @',
});

/** The handle, trimmed and without a leading @; never empty. */
export function readSlug(ctx: ParameterContext, itemIndex: number): string {
  const value = readText(ctx, itemIndex, 'slug').trim().replace(/^@/, '');
  if (!value) return invalidParameter(ctx, itemIndex, 'Parameter "Slug" must not be empty');
  return value;
}

export const userIdProperty = (): OperationProperty => ({
  displayName: 'User ID',
  name: 'userId',
  type: 'number',
  required: true,
  default: 0,
  description: 'The numeric ID of the publication’s author',
});

export const readUserId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'userId', 'User ID');

export const noteIdProperty = (): OperationProperty => ({
  displayName: 'Note ID',
  name: 'noteId',
  type: 'number',
  required: true,
  default: 0,
  description: 'The numeric ID of the note',
});

export const readNoteId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'noteId', 'Note ID');
