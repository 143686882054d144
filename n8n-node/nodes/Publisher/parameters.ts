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
  | ({ resource: 'note'; operation: 'create'; title: string; body: string } & CreateOptions)
  | { resource: 'note'; operation: 'delete'; noteId: number };

/** The options of `create`, each left out when not set. */
export interface CreateOptions {
  /** The body is Markdown, converted by the client. */
  markdown?: boolean;
  /** A link card for this URL. */
  link?: string;
  /** Names of the item's binary properties holding the images, in order. */
  images?: string[];
  /** Publish as a reply to this note or reply. */
  replyTo?: number;
}

type Context = Pick<IExecuteFunctions, 'getNodeParameter' | 'getNode'>;

export function readOperation(ctx: Context, itemIndex: number): Operation {
  const fail = (message: string): never => {
    throw new NodeOperationError(ctx.getNode(), `${message} (item ${itemIndex})`, { itemIndex });
  };
  const raw = (name: string, fallback?: unknown): unknown =>
    ctx.getNodeParameter(name, itemIndex, fallback);

  // A whole number ≥ min; expressions may hand over numeric strings such as "42".
  const integer = (name: string, label: string, min: number, fallback?: number): number =>
    wholeNumber(raw(name, fallback), `Parameter "${label}"`, min);
  const wholeNumber = (value: unknown, what: string, min: number): number => {
    const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min) {
      const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
      return fail(`${what} must be a whole number of at least ${min}, not ${shown}`);
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

  // The "Options" collection of create: only the options the user added are present.
  const createOptions = (): CreateOptions => {
    const value = raw('options', {});
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) return fail('Parameter "Options" must be a collection');
    const options = value as Record<string, unknown>;
    const out: CreateOptions = {};
    const optionText = (name: string, label: string): string => {
      const option = options[name];
      if (option === undefined || option === null) return '';
      if (typeof option !== 'string') return fail(`Option "${label}" must be text`);
      return option.trim();
    };
    const link = optionText('link', 'Link');
    if (link) {
      if (!/^https?:\/\/[^\s/]+/i.test(link)) return fail(`Option "Link" must be an http:// or https:// URL, not ${JSON.stringify(link)}`);
      out.link = link;
    }
    if (options.markdown !== undefined && options.markdown !== null) {
      if (typeof options.markdown !== 'boolean') return fail('Option "Markdown" must be true or false');
      if (options.markdown) out.markdown = true;
    }
    if ('images' in options) {
      const names = optionText('images', 'Image Binary Fields').split(',').map((name) => name.trim()).filter(Boolean);
      if (names.length === 0) return fail('Option "Image Binary Fields" names no binary field');
      if (new Set(names).size !== names.length) return fail('Option "Image Binary Fields" names a binary field twice');
      out.images = names;
    }
    if ('replyTo' in options) out.replyTo = wholeNumber(options.replyTo, 'Option "Reply To Note ID"', 1);
    return out;
  };

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
        const options = createOptions();
        // The service takes a note without text only when it carries an attachment.
        if (!title.trim() && !body.trim() && !options.link && !options.images) {
          return fail('Parameters "Title" and "Body" are both empty, and there is no link or image to attach');
        }
        return { resource, operation, title, body, ...options };
      }
      case 'delete':
        return { resource, operation, noteId: id('noteId', 'Note ID') };
    }
  }
  return fail(`The operation "${String(operation)}" of resource "${String(resource)}" is not supported`);
}
