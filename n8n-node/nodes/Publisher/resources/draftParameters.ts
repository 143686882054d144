// The parameters the draft operations share (create and update: the draft's fields and its
// images; publish and schedule: Send Email), each declared once with its reader.
import { NodeOperationError } from 'n8n-workflow';
import type { Publisher } from '../../../shared/client';
import type { ParameterContext } from '../parameters';
import { invalidParameter, readBoolean, readRaw, wholeNumber } from '../parameters';
import type { ItemContext, OperationProperty } from './types';

export const AUDIENCES = ['everyone', 'only_paid', 'founding', 'only_free'] as const;
export const DRAFT_TYPES = ['newsletter', 'podcast', 'thread'] as const;
export type Audience = (typeof AUDIENCES)[number];
export type DraftType = (typeof DRAFT_TYPES)[number];
/** What createDraft takes: title, subtitle, markdown, audience, type, sectionId, images. */
export type DraftInput = Parameters<Publisher['createDraft']>[0];

// ---- The draft's fields ----------------------------------------------------------------------

export const titleProperty = (): OperationProperty => ({
  displayName: 'Title',
  name: 'title',
  type: 'string',
  required: true,
  default: '',
  description: 'The post’s title',
});

export const subtitleProperty = (): OperationProperty => ({
  displayName: 'Subtitle',
  name: 'subtitle',
  type: 'string',
  default: '',
  description: 'The post’s subtitle; left out when empty',
});

export const bodyProperty = (): OperationProperty => ({
  displayName: 'Body',
  name: 'body',
  type: 'string',
  typeOptions: { rows: 10 },
  default: '',
  placeholder: '# Heading\n\nA paragraph with **bold** text and an image: ![Chart](chart.png)',
  description:
    'The post in Markdown: headings, paragraphs, bold, italic, strikethrough, code, links, lists, quotes, code blocks, rules and images. An image whose URL is the file name of a binary field in Images is uploaded.',
});

const audienceOptions = [
  { name: 'Everyone', value: 'everyone' },
  { name: 'Founding Members', value: 'founding' },
  { name: 'Only Free Subscribers', value: 'only_free' },
  { name: 'Only Paid Subscribers', value: 'only_paid' },
];

export const audienceProperty = (): OperationProperty => ({
  displayName: 'Audience',
  name: 'audience',
  type: 'options',
  options: audienceOptions,
  default: 'everyone',
  description: 'Who can read the post',
});

const typeOptions = [
  { name: 'Newsletter', value: 'newsletter' },
  { name: 'Podcast', value: 'podcast' },
  { name: 'Thread', value: 'thread' },
];

const sectionIdOption = {
  displayName: 'Section ID',
  name: 'sectionId',
  type: 'string' as const,
  default: '',
  description: 'The numeric ID of the publication’s section to post in',
};

const typeOption = {
  displayName: 'Type',
  name: 'type',
  type: 'options' as const,
  options: typeOptions,
  default: 'newsletter',
  description: 'The kind of post',
};

const imagesOption = {
  displayName: 'Images',
  name: 'images',
  type: 'string' as const,
  default: 'data',
  placeholder: 'data, chart',
  description:
    'Names of the input item’s binary fields holding the Markdown’s images, separated by commas. An image in the body whose URL is a field’s file name (![Chart](chart.png) for a file chart.png) is uploaded and its URL put in its place.',
};

const downloadImagesOption = {
  displayName: 'Download Web Images',
  name: 'downloadImages',
  type: 'boolean' as const,
  default: true,
  description:
    'Whether an image in the body with a web address (![Photo](https://…)) is downloaded (at most 10 MB, checked to be an image) and uploaded to the publication, whose editor shows no image hosted elsewhere. Off: such an image fails the item.',
};

const baseUrlOption = {
  displayName: 'Links Relative To',
  name: 'baseUrl',
  type: 'string' as const,
  default: '',
  placeholder: 'e.g. https://example.com/blog/',
  description:
    'The address relative links in the body ([docs](/guide)) are resolved against. Without it a relative link fails the item: from an email or another site it would lead nowhere.',
};

/** Create's Options collection: each only when added. */
export const createOptionsProperty = (): OperationProperty => ({
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  options: [downloadImagesOption, imagesOption, baseUrlOption, sectionIdOption, typeOption],
});

/** Update's fields: only those added are changed. */
export const updateFieldsProperty = (): OperationProperty => ({
  displayName: 'Update Fields',
  name: 'updateFields',
  type: 'collection',
  placeholder: 'Add Field',
  default: {},
  options: [
    { ...audienceProperty(), description: 'Who can read the post' },
    { ...bodyProperty(), description: 'The post in Markdown, replacing the draft’s body (see Create)' },
    downloadImagesOption,
    imagesOption,
    baseUrlOption,
    sectionIdOption,
    { displayName: 'Subtitle', name: 'subtitle', type: 'string', default: '', description: 'The post’s subtitle (empty removes it)' },
    { displayName: 'Title', name: 'title', type: 'string', default: '', description: 'The post’s title' },
    typeOption,
  ],
});

/** Update's Options: the version the workflow read, so another edit is never overwritten. */
export const updateOptionsProperty = (): OperationProperty => ({
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  options: [
    {
      displayName: 'Only If Unchanged Since',
      name: 'expectedUpdatedAt',
      type: 'string',
      default: '',
      placeholder: 'e.g. {{ $json.updatedAt }}',
      description:
        'The draft’s Updated At as the workflow read it (from Get). If someone changed the draft since, the item fails with a conflict and nothing is sent, so their edit is not overwritten.',
    },
  ],
});

// ---- Readers ---------------------------------------------------------------------------------

/** A collection parameter (Options, Update Fields): only the entries the user added. */
export function readCollection(ctx: ParameterContext, itemIndex: number, name: string, label: string): Record<string, unknown> {
  const value = readRaw(ctx, itemIndex, name, {});
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return invalidParameter(ctx, itemIndex, `Parameter "${label}" must be a collection`);
  return value as Record<string, unknown>;
}

/** The fields of a draft, from the item's parameters (create) or an Update Fields collection. */
export interface DraftFields {
  input: Partial<DraftInput>;
  /** Binary field names of the images (Images), in order. */
  images?: string[];
}

/**
 * Reads the draft's fields from `entries` (parameter name → value): Title, Subtitle,
 * Body (Markdown), Audience, Type, Section ID, Images. `labels` says how errors name them
 * (`Option "Type"`, `Parameter "Title"`); an absent entry is left out.
 */
export function readDraftFields(
  ctx: ParameterContext,
  itemIndex: number,
  entries: Record<string, unknown>,
  label: (name: string, displayName: string) => string,
): DraftFields {
  const fail = (message: string): never => invalidParameter(ctx, itemIndex, message);
  const text = (name: string, displayName: string): string | undefined => {
    const value = entries[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') return fail(`${label(name, displayName)} must be text`);
    return value;
  };
  const input: Partial<DraftInput> = {};
  const title = text('title', 'Title');
  if (title !== undefined) {
    if (!title.trim()) return fail(`${label('title', 'Title')} must not be empty`);
    input.title = title.trim();
  }
  const subtitle = text('subtitle', 'Subtitle');
  if (subtitle !== undefined) input.subtitle = subtitle.trim();
  const body = text('body', 'Body');
  if (body !== undefined && body.trim()) input.markdown = body;
  const choice = <T extends string>(name: string, displayName: string, values: readonly T[]): T | undefined => {
    const value = entries[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
      return fail(`${label(name, displayName)} must be one of ${values.map((v) => `"${v}"`).join(', ')}, not ${shown}`);
    }
    return value as T;
  };
  const audience = choice('audience', 'Audience', AUDIENCES);
  if (audience !== undefined) input.audience = audience;
  const type = choice('type', 'Type', DRAFT_TYPES);
  if (type !== undefined) input.type = type;
  const sectionId = entries.sectionId;
  if (sectionId !== undefined && sectionId !== null && !(typeof sectionId === 'string' && sectionId.trim() === '')) {
    input.sectionId = wholeNumber(ctx, itemIndex, sectionId, label('sectionId', 'Section ID'), 1);
  }
  // How the body's Markdown is read: only with a body, and no change of its own.
  if (input.markdown !== undefined) {
    const download = entries.downloadImages;
    if (download !== undefined && download !== null) {
      if (typeof download !== 'boolean') return fail(`${label('downloadImages', 'Download Web Images')} must be true or false`);
      input.downloadImages = download;
    }
    const baseUrl = text('baseUrl', 'Links Relative To');
    if (baseUrl !== undefined && baseUrl.trim()) input.baseUrl = baseUrl.trim();
  }
  const out: DraftFields = { input };
  if ('images' in entries) {
    const names = (text('images', 'Images') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    if (names.length === 0) return fail(`${label('images', 'Images')} names no binary field`);
    if (new Set(names).size !== names.length) return fail(`${label('images', 'Images')} names a binary field twice`);
    out.images = names;
  }
  return out;
}

/**
 * The images of the Markdown, by file name: each named binary field's bytes under the file
 * name n8n keeps with it, the name a Markdown image's URL refers to. A field without a file
 * name, or two fields with one name, fail the item before anything is sent.
 */
export async function readImages(ctx: ParameterContext, item: ItemContext, fields: string[]): Promise<Record<string, Uint8Array>> {
  const images: Record<string, Uint8Array> = {};
  const fieldOf: Record<string, string> = {};
  for (const field of fields) {
    const { bytes, fileName } = await item.loadFile(field);
    const name = fileName?.trim();
    if (!name) {
      throw new NodeOperationError(
        ctx.getNode(),
        `The binary field "${field}" has no file name: a Markdown image refers to its image by file name (![Chart](chart.png))`,
        { itemIndex: item.itemIndex },
      );
    }
    if (name in fieldOf) {
      throw new NodeOperationError(
        ctx.getNode(),
        `The binary fields "${fieldOf[name]}" and "${field}" have the same file name "${name}": a Markdown image could not tell them apart`,
        { itemIndex: item.itemIndex },
      );
    }
    fieldOf[name] = field;
    images[name] = bytes;
  }
  return images;
}

// ---- Send Email, Share Automatically ---------------------------------------------------------

export const sendEmailProperty = (description: string): OperationProperty => ({
  displayName: 'Send Email',
  name: 'sendEmail',
  type: 'boolean',
  // Emailing every subscriber cannot be taken back: never a default (interface, issue 26).
  default: false,
  description,
});

/** Send Email: off unless the item says true. */
export const readSendEmail = (ctx: ParameterContext, itemIndex: number): boolean =>
  readBoolean(ctx, itemIndex, 'sendEmail', 'Send Email', false);
