// Client failures → n8n errors. A service answer is a NodeApiError with the HTTP status;
// a bad argument is a NodeOperationError; a publish that may have acted says so plainly.
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { PublisherError } from '../../shared/client';

export const UNCERTAIN_CREATE =
  'The note may have been published: the service did not confirm it. Do not run this item again (and do not use Retry On Fail here); check the profile’s notes first.';

/** A draft write whose answer was lost and that the client could not read back, by operation. */
export const UNCERTAIN_DRAFT: Readonly<Record<string, { kind: string; message: string }>> = {
  create: {
    kind: 'maybe-created',
    message:
      'The draft may have been created: the service did not confirm it. Do not run this item again (and do not use Retry On Fail here); check your drafts first.',
  },
  publish: {
    kind: 'maybe-published',
    message:
      'The draft may have been published (and emailed, with Send Email on): the service did not confirm it. Do not run this item again (and do not use Retry On Fail here); check your posts first.',
  },
  schedule: {
    kind: 'maybe-scheduled',
    message:
      'The draft may have been scheduled: the service did not confirm it. Do not run this item again (and do not use Retry On Fail here); get the draft and look at its scheduledAt first.',
  },
};

export const RETRY_ON_FAIL_WITH_DRAFT_WRITE =
  'Retry On Fail is on for this node: a retry would run every item again and create drafts twice, or publish or schedule them again. Turn it off in the node’s settings (the client already retries where the service certainly did not act). Nothing was sent.';

export const RETRY_ON_FAIL_WITH_CREATE =
  'Retry On Fail is on for this node: a retry would run every item again and publish notes twice. Turn it off in the node’s settings (the client already retries where the service certainly did not act). Nothing was sent.';

/** A note read by ID that is a feed item without a note of its own. */
export class NotANoteError extends Error {
  constructor(readonly noteId: number) {
    super(`The item ${noteId} is not a note (it has no text of its own)`);
    this.name = 'NotANoteError';
  }
}

/** The fields of a client error that are safe to show: never headers or request data. */
export function errorFields(error: unknown): IDataObject {
  if (error instanceof PublisherError) {
    const fields: IDataObject = { message: error.message, kind: error.kind };
    if (typeof error.status === 'number') fields.status = error.status;
    return fields;
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * The message of a write that may have acted (a note or a draft created, a draft published
 * or scheduled) although the service did not confirm it; undefined for any other failure.
 */
export function uncertainMessage(error: unknown, operation: string, resource = 'note'): string | undefined {
  if (!(error instanceof PublisherError)) return undefined;
  if (resource === 'draft') {
    const uncertain = UNCERTAIN_DRAFT[operation];
    return uncertain && (error.kind === uncertain.kind || error.kind === 'timeout') ? uncertain.message : undefined;
  }
  if (operation !== 'create') return undefined;
  return error.kind === 'maybe-published' || error.kind === 'timeout' ? UNCERTAIN_CREATE : undefined;
}

export function isUncertainCreate(error: unknown, operation: string, resource = 'note'): boolean {
  return uncertainMessage(error, operation, resource) !== undefined;
}

/** The parameters that name what an item's call is about, in the order they are tried. */
const SUBJECTS: ReadonlyArray<[string, (value: string) => string]> = [
  ['commentId', (value) => `Comment ${value}`],
  ['draftId', (value) => `Draft ${value}`],
  ['noteId', (value) => `Note ${value}`],
  ['postId', (value) => `Post ${value}`],
  ['userId', (value) => `User ${value}`],
  ['slug', (value) => `The profile "${value.replace(/^@/, '')}"`],
];

/**
 * What an item's call is about, in the user's terms ("Post 42", "The profile "jane"") from
 * the parameters its operation has; `read` gives a parameter's value or undefined.
 */
export function subjectOf(resource: string, parameterNames: readonly string[], read: (name: string) => unknown): string {
  for (const [name, describe] of SUBJECTS) {
    if (!parameterNames.includes(name)) continue;
    let value: unknown;
    try {
      value = read(name);
    } catch {
      continue; // An expression that fails here fails again, with its own error, in the call.
    }
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') return describe(String(value).trim());
  }
  const whole: Record<string, string> = { note: 'Your notes', post: 'Your publication’s posts', profile: 'Your followed users', comment: 'The comments', draft: 'Your drafts' };
  return whole[resource] ?? `The ${resource}`;
}

/** The headline of a client failure: what happened to `subject`, without the request's details. */
export function headlineOf(error: PublisherError, subject: string): string {
  const status = error.status;
  switch (error.kind) {
    case 'timeout':
      return `The service did not answer in time (${subject})`;
    case 'network':
      return `The service could not be reached (${subject})`;
    case 'aborted':
      return 'The execution was cancelled before the service answered';
    case 'invalid-response':
      return `The service’s answer for ${lowerFirst(subject)} could not be read`;
    case 'conflict':
      return `${subject} was changed since you read it: nothing was sent`;
  }
  if (status === 404) return `${subject} was not found`;
  if (status === 401) return 'The service refused the credential (HTTP 401): check the API key';
  if (status === 403) return `The service refused access to ${lowerFirst(subject)} (HTTP 403)`;
  if (status === 429) return 'The service is limiting requests (HTTP 429): try again later';
  if (typeof status === 'number' && status >= 500) return `The service failed (HTTP ${status}) on ${lowerFirst(subject)}`;
  if (typeof status === 'number') return `The service refused the request for ${lowerFirst(subject)} (HTTP ${status})`;
  return error.message;
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex: number,
  operation: string,
  subject = 'the request',
  resource = 'note',
): NodeApiError | NodeOperationError {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  if (error instanceof NotANoteError) return new NodeOperationError(node, error.message, { itemIndex });
  if (!(error instanceof PublisherError)) {
    return new NodeOperationError(node, error instanceof Error ? error.message : String(error), { itemIndex });
  }
  if (error.kind === 'invalid-argument' || error.kind === 'config') {
    return new NodeOperationError(node, error.message, { itemIndex });
  }
  const fields = errorFields(error) as JsonObject;
  const uncertain = uncertainMessage(error, operation, resource);
  if (uncertain) {
    return new NodeApiError(node, fields, {
      itemIndex,
      message: uncertain,
      description: error.message,
      ...(typeof error.status === 'number' ? { httpCode: String(error.status) } : {}),
    });
  }
  // The headline says what went wrong in the user's terms; the request, status and kind
  // are the description and the details.
  return new NodeApiError(node, fields, {
    itemIndex,
    message: headlineOf(error, subject),
    description: `${error.message} (kind: ${error.kind})`,
    ...(typeof error.status === 'number' ? { httpCode: String(error.status) } : {}),
  });
}

/** The json of a continueOnFail error item: `error` the headline, `message` the details. */
export function errorItem(error: unknown, operation: string, subject = 'the request', resource = 'note'): IDataObject {
  const fields = errorFields(error);
  const headline = error instanceof PublisherError && !['invalid-argument', 'config'].includes(error.kind) ? headlineOf(error, subject) : fields.message;
  const item: IDataObject = { error: headline, ...fields };
  const uncertain = uncertainMessage(error, operation, resource);
  if (uncertain) item.error = `${uncertain} (${String(fields.message)})`;
  if (error instanceof NodeOperationError) item.kind = 'invalid-parameter';
  return item;
}
