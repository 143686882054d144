// Reads one item's parameters and checks them, so that a bad value names its parameter
// and item before anything is sent.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export type Operation =
  | { resource: 'post'; operation: 'getAll'; limit: number; offset: number }
  | { resource: 'post'; operation: 'getPostsBySlug'; slug: string; limit: number; offset: number }
  | { resource: 'post'; operation: 'getPostsById'; userId: number; limit: number; offset: number }
  | { resource: 'post'; operation: 'getPostById'; postId: number }
  | { resource: 'note'; operation: 'get'; limit: number }
  | { resource: 'note'; operation: 'getNotesBySlug'; slug: string; limit: number }
  | { resource: 'note'; operation: 'getNotesById'; userId: number; limit: number }
  | { resource: 'note'; operation: 'getNoteById'; noteId: number }
  | { resource: 'note'; operation: 'create'; title: string; body: string };

type Context = Pick<IExecuteFunctions, 'getNodeParameter' | 'getNode'>;

export function readOperation(ctx: Context, itemIndex: number): Operation {
  const fail = (message: string): never => {
    throw new NodeOperationError(ctx.getNode(), `${message} (item ${itemIndex})`, { itemIndex });
  };
  const raw = (name: string, fallback?: unknown): unknown =>
    ctx.getNodeParameter(name, itemIndex, fallback);

  // A whole number ≥ min; expressions may hand over numeric strings such as "42".
  const integer = (name: string, label: string, min: number, fallback?: number): number => {
    const value = raw(name, fallback);
    const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min) {
      const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
      return fail(`Parameter "${label}" must be a whole number of at least ${min}, not ${shown}`);
    }
    return number;
  };
  const id = (name: string, label: string) => integer(name, label, 1);
  const text = (name: string): string => {
    const value = raw(name, '');
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') return fail(`Parameter "${name}" must be text`);
    return value;
  };
  const slug = (): string => {
    const value = text('slug').trim().replace(/^@/, '');
    if (!value) return fail('Parameter "Slug" must not be empty');
    return value;
  };
  const limit = () => integer('limit', 'Limit', 1, 100);
  const offset = () => integer('offset', 'Offset', 0, 0);

  const resource = raw('resource');
  const operation = raw('operation');
  if (resource === 'post') {
    switch (operation) {
      case 'getAll':
        return { resource, operation, limit: limit(), offset: offset() };
      case 'getPostsBySlug':
        return { resource, operation, slug: slug(), limit: limit(), offset: offset() };
      case 'getPostsById':
        return { resource, operation, userId: id('userId', 'User ID'), limit: limit(), offset: offset() };
      case 'getPostById':
        return { resource, operation, postId: id('postId', 'Post ID') };
    }
  } else if (resource === 'note') {
    switch (operation) {
      case 'get':
        return { resource, operation, limit: limit() };
      case 'getNotesBySlug':
        return { resource, operation, slug: slug(), limit: limit() };
      case 'getNotesById':
        return { resource, operation, userId: id('userId', 'User ID'), limit: limit() };
      case 'getNoteById':
        return { resource, operation, noteId: id('noteId', 'Note ID') };
      case 'create': {
        const title = text('title');
        const body = text('body');
        if (!title.trim() && !body.trim()) return fail('Parameters "Title" and "Body" are both empty');
        return { resource, operation, title, body };
      }
    }
  }
  return fail(`The operation "${String(operation)}" of resource "${String(resource)}" is not supported`);
}
