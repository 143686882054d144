// The node's parameters: resources, operations, names and defaults of interface §4.1.
import type { INodeProperties } from 'n8n-workflow';

const showFor = (resource: string, operations: string[]) => ({
  show: { resource: [resource], operation: operations },
});

const limit = (resource: string, operations: string[]): INodeProperties => ({
  displayName: 'Limit',
  name: 'limit',
  type: 'number',
  typeOptions: { minValue: 1 },
  // The interface (§4.1, §8) fixes the default of every list operation at 100.
  // eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-limit
  default: 100,
  description: 'Max number of results to return',
  displayOptions: showFor(resource, operations),
});

const offset = (operations: string[]): INodeProperties => ({
  displayName: 'Offset',
  name: 'offset',
  type: 'number',
  typeOptions: { minValue: 0 },
  default: 0,
  description: 'How many posts to skip, newest first',
  displayOptions: showFor('post', operations),
});

const slug = (resource: string, operations: string[]): INodeProperties => ({
  displayName: 'Slug',
  name: 'slug',
  type: 'string',
  required: true,
  default: '',
  placeholder: 'johndoe',
  description: 'The handle of the publication’s author, without the @',
  displayOptions: showFor(resource, operations),
});

const userId = (resource: string, operations: string[]): INodeProperties => ({
  displayName: 'User ID',
  name: 'userId',
  type: 'number',
  required: true,
  default: 0,
  description: 'The numeric ID of the publication’s author',
  displayOptions: showFor(resource, operations),
});

export const properties: INodeProperties[] = [
  {
    displayName: 'Resource',
    name: 'resource',
    type: 'options',
    noDataExpression: true,
    default: 'post',
    options: [
      { name: 'Note', value: 'note' },
      { name: 'Post', value: 'post' },
    ],
  },
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'getAll',
    displayOptions: { show: { resource: ['post'] } },
    options: [
      { name: 'Get', value: 'getPostById', action: 'Get a post by ID', description: 'Get one post by its ID' },
      { name: 'Get Many', value: 'getAll', action: 'Get many posts', description: 'Get posts of your own publication' },
      { name: 'Get Many by Slug', value: 'getPostsBySlug', action: 'Get many posts by slug', description: 'Get posts of the publication of a user, by handle' },
      { name: 'Get Many by User ID', value: 'getPostsById', action: 'Get many posts by user ID', description: 'Get posts of the publication of a user, by user ID' },
    ],
  },
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'get',
    displayOptions: { show: { resource: ['note'] } },
    options: [
      { name: 'Create', value: 'create', action: 'Create a note', description: 'Publish a note (never sent twice: do not use Retry On Fail)' },
      { name: 'Get', value: 'getNoteById', action: 'Get a note by ID', description: 'Get one note by its ID' },
      { name: 'Get Many', value: 'get', action: 'Get many notes', description: 'Get your own notes' },
      { name: 'Get Many by Slug', value: 'getNotesBySlug', action: 'Get many notes by slug', description: 'Get notes of a user, by handle' },
      { name: 'Get Many by User ID', value: 'getNotesById', action: 'Get many notes by user ID', description: 'Get notes of a user, by user ID' },
    ],
  },
  slug('post', ['getPostsBySlug']),
  userId('post', ['getPostsById']),
  {
    displayName: 'Post ID',
    name: 'postId',
    type: 'number',
    required: true,
    default: 0,
    description: 'The numeric ID of the post',
    displayOptions: showFor('post', ['getPostById']),
  },
  limit('post', ['getAll', 'getPostsBySlug', 'getPostsById']),
  offset(['getAll', 'getPostsBySlug', 'getPostsById']),
  slug('note', ['getNotesBySlug']),
  userId('note', ['getNotesById']),
  {
    displayName: 'Note ID',
    name: 'noteId',
    type: 'number',
    required: true,
    default: 0,
    description: 'The numeric ID of the note',
    displayOptions: showFor('note', ['getNoteById']),
  },
  limit('note', ['get', 'getNotesBySlug', 'getNotesById']),
  {
    displayName: 'Title',
    name: 'title',
    type: 'string',
    default: '',
    description: 'First paragraph of the note; left out when empty',
    displayOptions: showFor('note', ['create']),
  },
  {
    displayName: 'Body',
    name: 'body',
    type: 'string',
    typeOptions: { rows: 4 },
    default: '',
    description: 'Text of the note after the title; each line becomes a paragraph',
    displayOptions: showFor('note', ['create']),
  },
];
