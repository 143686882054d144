// Parameters that several operations have, each declared once with its reader. Each
// operation lists its own copy, so the editor shows it once for that operation.
import type { ParameterContext } from '../parameters';
import { invalidParameter, readBoolean, readId, readInteger, readText } from '../parameters';
import type { OperationProperty } from './types';

// ---- Return All and Limit (every Get Many) ---------------------------------------------------

/**
 * The most records Return All reads in one run. More is refused with a clear error
 * (ReturnAllBoundError), never cut silently; a Limit above it is read as asked.
 */
export const RETURN_ALL_MAX = 1000;

/** Return All found more than RETURN_ALL_MAX records: the item fails, saying so. */
export class ReturnAllBoundError extends Error {
  constructor(what: string, hasOffset = false) {
    super(
      `Return All found more than ${RETURN_ALL_MAX} ${what}, the most it reads in one run, and stopped without output. ` +
        `Turn Return All off and set Limit to the number you need${hasOffset ? ', or read them in parts with Offset' : ''}.`,
    );
    this.name = 'ReturnAllBoundError';
  }
}

export const returnAllProperty = (): OperationProperty => ({
  displayName: 'Return All',
  name: 'returnAll',
  type: 'boolean',
  default: false,
  description: 'Whether to return all results or only up to a given limit',
});

/** Limit, shown while Return All is off. */
export const limitProperty = (): OperationProperty => ({
  displayName: 'Limit',
  name: 'limit',
  type: 'number',
  typeOptions: { minValue: 1 },
  // The interface (§4.1, §8) fixes the default of every list operation at 100.
  // eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-limit
  default: 100,
  description: 'Max number of results to return',
  displayOptions: { show: { returnAll: [false] } },
});

export const readLimit = (ctx: ParameterContext, itemIndex: number): number =>
  readInteger(ctx, itemIndex, 'limit', 'Limit', 1, 100);

/** Workflows saved before Return All existed have none: off. */
export const readReturnAll = (ctx: ParameterContext, itemIndex: number): boolean =>
  readBoolean(ctx, itemIndex, 'returnAll', 'Return All', false);

/** How many records a Get Many reads. */
export interface HowMany {
  returnAll: boolean;
  /** Limit; with Return All, one more than the bound, so that a longer list shows. */
  limit: number;
}

export function readHowMany(ctx: ParameterContext, itemIndex: number): HowMany {
  if (readReturnAll(ctx, itemIndex)) return { returnAll: true, limit: RETURN_ALL_MAX + 1 };
  return { returnAll: false, limit: readLimit(ctx, itemIndex) };
}

/** The records read; with Return All, more than the bound fails the item (`what`: "posts"). */
export function withinBound<T>(records: T[], howMany: HowMany, what: string, hasOffset = false): T[] {
  if (howMany.returnAll && records.length > RETURN_ALL_MAX) throw new ReturnAllBoundError(what, hasOffset);
  return records;
}

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

// ---- Simplify (records of more than ten fields; node version 2) ------------------------------

/**
 * Simplify, on by default: the compact record (records.ts), off the client's whole record.
 * Shown from node version 2 on: version 1 nodes, saved before it existed, keep the compact
 * records they always gave. `show`: further conditions (of the operation's other parameters).
 */
export const simplifyProperty = (show: Record<string, string[]> = {}): OperationProperty => ({
  displayName: 'Simplify',
  name: 'simple',
  type: 'boolean',
  default: true,
  description: 'Whether to return a simplified version of the response instead of the raw data',
  displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } },
});

/** Whether the item's output is the compact record: always for version 1 nodes. */
export function readSimplify(ctx: ParameterContext, itemIndex: number): boolean {
  const version = ctx.getNode().typeVersion ?? 1;
  if (version < 2) return true;
  return readBoolean(ctx, itemIndex, 'simple', 'Simplify', true);
}

// ---- Slug and IDs --------------------------------------------------------------------------

export const slugProperty = (description = 'The handle of the publication’s author, without the @'): OperationProperty => ({
  displayName: 'Slug',
  name: 'slug',
  type: 'string',
  required: true,
  default: '',
  placeholder: 'johndoe',
  description,
});

/** The handle, trimmed and without a leading @; never empty. */
export function readSlug(ctx: ParameterContext, itemIndex: number): string {
  const value = readText(ctx, itemIndex, 'slug').trim().replace(/^@/, '');
  if (!value) return invalidParameter(ctx, itemIndex, 'Parameter "Slug" must not be empty');
  return value;
}

/**
 * A required numeric ID. A text field that starts empty, so that n8n shows it as missing
 * before anything runs (n8n flags a required text parameter that is empty, never a
 * number); the reader takes digits, and the numbers older workflows hold.
 */
const idProperty = (displayName: string, name: string, description: string): OperationProperty => ({
  displayName,
  name,
  type: 'string',
  required: true,
  default: '',
  description,
});

export const userIdProperty = (description = 'The numeric ID of the publication’s author'): OperationProperty =>
  idProperty('User ID', 'userId', description);

export const readUserId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'userId', 'User ID');

export const noteIdProperty = (): OperationProperty => idProperty('Note ID', 'noteId', 'The numeric ID of the note');

export const readNoteId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'noteId', 'Note ID');

export const postIdProperty = (description = 'The numeric ID of the post'): OperationProperty =>
  idProperty('Post ID', 'postId', description);

export const readPostId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'postId', 'Post ID');

export const commentIdProperty = (): OperationProperty =>
  idProperty('Comment ID', 'commentId', 'The numeric ID of the comment');

export const readCommentId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'commentId', 'Comment ID');

export const draftIdProperty = (description = 'The numeric ID of the draft'): OperationProperty =>
  idProperty('Draft ID', 'draftId', description);

export const readDraftId = (ctx: ParameterContext, itemIndex: number): number =>
  readId(ctx, itemIndex, 'draftId', 'Draft ID');
