// The node's parameters (interface §4.1): Resource, one Operation list per resource, then
// each operation's own parameters, shown for that operation only. The operations and
// their parameters come from resources/index.ts.
import type { INodeProperties } from 'n8n-workflow';
import { nodeOperations } from './resources';
import type { NodeOperation, OperationProperty, ResourceName } from './resources/types';

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The Operation list of a resource: its operations sorted by name. */
const operationList = (resource: ResourceName, defaultOperation: string): INodeProperties => ({
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  default: defaultOperation,
  displayOptions: { show: { resource: [resource] } },
  options: nodeOperations
    .filter((op) => op.resource === resource)
    .map(({ name, value, action, description }) => ({ name, value, action, description }))
    .sort(byName),
});

/** A parameter of `op`, shown for that operation only, and under its own conditions if it has any. */
const shownFor = (op: NodeOperation, property: OperationProperty): INodeProperties => ({
  ...property,
  displayOptions: {
    show: { resource: [op.resource], operation: [op.value], ...property.displayOptions?.show },
  },
});

export const properties: INodeProperties[] = [
  {
    displayName: 'Resource',
    name: 'resource',
    type: 'options',
    noDataExpression: true,
    default: 'post',
    options: [
      { name: 'Comment', value: 'comment' },
      { name: 'Draft', value: 'draft' },
      { name: 'Note', value: 'note' },
      { name: 'Post', value: 'post' },
      { name: 'Profile', value: 'profile' },
    ],
  },
  operationList('post', 'getAll'),
  operationList('note', 'get'),
  operationList('profile', 'getBySlug'),
  operationList('comment', 'getAll'),
  operationList('draft', 'create'),
  ...nodeOperations.flatMap((op) => op.properties.map((property) => shownFor(op, property))),
];
