import { NodeOperationError } from 'n8n-workflow';
import type { NoteBuilder, Publisher } from '../../../../shared/client';
import type { ParameterContext } from '../../parameters';
import { invalidParameter, readRaw, readText, wholeNumber } from '../../parameters';
import { toPublishedNoteRecord } from '../../records';
import type { ItemContext, NodeOperation } from '../types';

/** The options of `create`, each left out when not set. */
interface CreateOptions {
  /** The body is Markdown, converted by the client. */
  markdown?: boolean;
  /** A link card for this URL. */
  link?: string;
  /** Names of the item's binary properties holding the images, in order. */
  images?: string[];
  /** Publish as a reply to this note or reply. */
  replyTo?: number;
}

/** The note to publish: its text and the options the user added. */
interface NoteToCreate extends CreateOptions {
  title: string;
  body: string;
}

export const noteCreate: NodeOperation = {
  resource: 'note',
  value: 'create',
  name: 'Create',
  action: 'Create a note',
  description: 'Publish a note or a reply, with a link card or images',
  clientMethods: ['note', 'getNoteById'],
  properties: [
    {
      displayName: 'Title',
      name: 'title',
      type: 'string',
      default: '',
      description: 'First paragraph of the note; left out when empty',
    },
    {
      displayName: 'Body',
      name: 'body',
      type: 'string',
      typeOptions: { rows: 4 },
      default: '',
      description: 'Text of the note after the title; each line becomes a paragraph',
    },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add Option',
      default: {},
      options: [
        {
          displayName: 'Image Binary Fields',
          name: 'images',
          type: 'string',
          default: 'data',
          placeholder: 'data, image2',
          description:
            'Names of the input item’s binary fields holding images to attach (PNG, JPEG, GIF or WebP), separated by commas, in order',
        },
        {
          displayName: 'Link',
          name: 'link',
          type: 'string',
          default: '',
          placeholder: 'https://example.com/article',
          description: 'An http:// or https:// URL to attach as a link card',
        },
        {
          displayName: 'Markdown',
          name: 'markdown',
          type: 'boolean',
          default: false,
          description:
            'Whether the body is Markdown: bold, italic, inline code, links, lists, quotes and code blocks become a formatted note (a heading becomes a bold paragraph)',
        },
        {
          // Starts empty, like the required IDs: an added option left empty fails the
          // item before anything is sent, never publishing a note that is not a reply.
          displayName: 'Reply To Note ID',
          name: 'replyTo',
          type: 'string',
          default: '',
          description: 'Publish the note as a reply to this note or reply (its numeric ID)',
        },
      ],
    },
    {
      // n8n's way to give advice under an operation's parameters (see the README).
      displayName:
        'Each note is published once. Leave Retry On Fail off in this node’s settings (a retry would publish every item again). When the service does not confirm a publish, check the profile’s notes before running the item again.',
      name: 'createNotice',
      type: 'notice',
      default: '',
    },
  ],
  async execute(client, ctx, item) {
    const note = readNoteToCreate(ctx, item.itemIndex);
    const builder = await builderOf(client, ctx, note, item);
    const published = await builder.publish();
    return [toPublishedNoteRecord(published, await publishedHandle(client, published.id))];
  },
};

function readNoteToCreate(ctx: ParameterContext, itemIndex: number): NoteToCreate {
  const title = readText(ctx, itemIndex, 'title');
  const body = readText(ctx, itemIndex, 'body');
  const options = readCreateOptions(ctx, itemIndex);
  // The service takes a note without text only when it carries an attachment.
  if (!title.trim() && !body.trim() && !options.link && !options.images) {
    return invalidParameter(ctx, itemIndex, 'Parameters "Title" and "Body" are both empty, and there is no link or image to attach');
  }
  return { title, body, ...options };
}

/** The "Options" collection: only the options the user added are present. */
function readCreateOptions(ctx: ParameterContext, itemIndex: number): CreateOptions {
  const fail = (message: string): never => invalidParameter(ctx, itemIndex, message);
  const value = readRaw(ctx, itemIndex, 'options', {});
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
  if ('replyTo' in options) out.replyTo = wholeNumber(ctx, itemIndex, options.replyTo, 'Option "Reply To Note ID"', 1);
  return out;
}

/** Paragraphs of a note: the title, then each non-empty line of the body (http-contract §5.8). */
export function paragraphsOf(title: string, body: string): string[] {
  return [title, ...body.split(/\r?\n/)].filter((part) => part.trim() !== '');
}

/** The note to publish: paragraphs, then the link card, the images and the parent. */
async function builderOf(
  client: Publisher,
  ctx: ParameterContext,
  note: NoteToCreate,
  item: ItemContext,
): Promise<NoteBuilder> {
  // readNoteToCreate made sure that there is text or an attachment.
  let builder: NoteBuilder;
  if (note.markdown) {
    // The title stays a plain first paragraph; the client converts the body's Markdown.
    builder = note.title.trim() ? client.note(note.title) : client.note();
    if (note.body.trim()) builder.markdown(note.body);
  } else {
    const [first, ...rest] = paragraphsOf(note.title, note.body);
    builder = first === undefined ? client.note() : client.note(first);
    for (const paragraph of rest) builder.note(paragraph);
  }
  if (note.link) builder.attachLink(note.link);
  for (const name of note.images ?? []) {
    const bytes = await item.loadImage(name);
    try {
      builder.attachImage(bytes);
    } catch (error) {
      // The client checks the bytes at once: say which binary field was refused.
      const reason = error instanceof Error ? error.message : String(error);
      throw new NodeOperationError(ctx.getNode(), `The binary field "${name}" is not an image the service takes: ${reason}`, {
        itemIndex: item.itemIndex,
      });
    }
  }
  if (note.replyTo !== undefined) builder.replyTo(note.replyTo);
  return builder;
}

/** The handle for the new note's page. The note exists already: a failed read must not fail the item. */
async function publishedHandle(client: Publisher, noteId: number): Promise<string | undefined> {
  try {
    const comment = (await client.getNoteById(noteId)).comment;
    return typeof comment?.handle === 'string' ? comment.handle : undefined;
  } catch {
    return undefined;
  }
}
