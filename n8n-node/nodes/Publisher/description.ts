// The node's parameters (interface §4.1): Resource, one Operation list per resource, then
// each operation's own parameters, shown for that operation only. The operations and
// their parameters come from resources/index.ts.
import type { INodeProperties } from 'n8n-workflow';
import { nodeOperations } from './resources';
import type { ResourceName } from './resources/types';

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
  operationList('post', 'getAll'),
  operationList('note', 'get'),
  ...nodeOperations.flatMap((op) =>
    op.properties.map((property): INodeProperties => ({
      ...property,
      displayOptions: { show: { resource: [op.resource], operation: [op.value] } },
    })),
  ),
];
