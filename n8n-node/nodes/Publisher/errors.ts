// Client failures → n8n errors. A service answer is a NodeApiError with the HTTP status;
// a bad argument is a NodeOperationError; a publish that may have acted says so plainly.
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { PublisherError } from '../../shared/client';

export const UNCERTAIN_CREATE =
  'The note may have been published: the service did not confirm it. Do not run this item again (and do not use Retry On Fail here); check the profile’s notes first.';

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

export function isUncertainCreate(error: unknown, operation: string): boolean {
  if (!(error instanceof PublisherError) || operation !== 'create') return false;
  return error.kind === 'maybe-published' || error.kind === 'timeout';
}

export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex: number,
  operation: string,
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
  if (isUncertainCreate(error, operation)) {
    return new NodeApiError(node, fields, {
      itemIndex,
      message: UNCERTAIN_CREATE,
      description: error.message,
      ...(typeof error.status === 'number' ? { httpCode: String(error.status) } : {}),
    });
  }
  return new NodeApiError(node, fields, {
    itemIndex,
    message: error.message,
    description: `kind: ${error.kind}`,
    ...(typeof error.status === 'number' ? { httpCode: String(error.status) } : {}),
  });
}

/** The json of a continueOnFail error item. */
export function errorItem(error: unknown, operation: string): IDataObject {
  const fields = errorFields(error);
  const item: IDataObject = { error: fields.message, ...fields };
  if (isUncertainCreate(error, operation)) item.error = `${UNCERTAIN_CREATE} (${String(fields.message)})`;
  if (error instanceof NodeOperationError) item.kind = 'invalid-parameter';
  return item;
}
