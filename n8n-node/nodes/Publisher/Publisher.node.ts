import type {
  IExecuteFunctions,
  INodeExecutionData,
  INodeType,
  INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { createClient, readCredentials } from '../../shared/client';
import { credentialTestMethods } from '../../shared/credentialTest';
import { n8nFetch } from '../../shared/n8nFetch';
import { properties } from './description';
import { errorItem, RETRY_ON_FAIL_WITH_CREATE, RETRY_ON_FAIL_WITH_DRAFT_WRITE, subjectOf, toNodeError } from './errors';
import type { ParameterContext } from './parameters';
import { invalidParameter, readRaw } from './parameters';
import { actsAtMostOnce, findOperation } from './resources';
import type { NodeOperation } from './resources/types';

export class Publisher implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Publisher',
    name: 'publisher',
    icon: { light: 'file:publisher.svg', dark: 'file:publisher.dark.svg' },
    group: ['output'],
    version: [1, 2],
    defaultVersion: 2,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: 'Read posts, notes, profiles and comments of the Publisher service, publish notes, and write, publish and schedule post drafts',
    defaults: { name: 'Publisher' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'publisherApi', required: true, testedBy: 'publisherApiTest' }],
    properties,
  };

  methods = credentialTestMethods;

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    // n8n's Retry On Fail runs the whole node again, every item included: notes already
    // published would be published twice, drafts created twice. So nothing is sent while it
    // is on and an item's operation acts at most once.
    if (this.getNode().retryOnFail) {
      for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
        const resource = this.getNodeParameter('resource', itemIndex, '');
        const operation = this.getNodeParameter('operation', itemIndex, '');
        const nodeOperation = findOperation(resource, operation);
        if (nodeOperation && actsAtMostOnce(nodeOperation)) {
          const message = resource === 'draft' ? RETRY_ON_FAIL_WITH_DRAFT_WRITE : RETRY_ON_FAIL_WITH_CREATE;
          throw new NodeOperationError(this.getNode(), message, { itemIndex });
        }
      }
    }
    const credentials = readCredentials(await this.getCredentials('publisherApi'));
    // One client per execution, reused for every item; n8n's cancel signal aborts its calls.
    const client = createClient(credentials, {
      fetch: n8nFetch(async (options) => await this.helpers.httpRequest(options)),
      signal: this.getExecutionCancelSignal?.(),
    });
    const output: INodeExecutionData[] = [];
    try {
      for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
        let nodeOperation: NodeOperation | undefined;
        try {
          nodeOperation = operationOf(this, itemIndex);
          const records = await nodeOperation.execute(client, this, {
            itemIndex,
            loadImage: async (binaryField) => {
              // Names the field and the item when the input has no such binary data.
              this.helpers.assertBinaryData(itemIndex, binaryField);
              return await this.helpers.getBinaryDataBuffer(itemIndex, binaryField);
            },
            loadFile: async (binaryField) => {
              const binary = this.helpers.assertBinaryData(itemIndex, binaryField);
              const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, binaryField);
              return { bytes, fileName: binary.fileName };
            },
          });
          for (const json of records) output.push({ json, pairedItem: { item: itemIndex } });
        } catch (error) {
          const operation = nodeOperation?.value ?? '';
          const resource = nodeOperation?.resource ?? 'note';
          // What the item was about, for the error's headline: read only when it failed.
          const subject = nodeOperation
            ? subjectOf(
                nodeOperation.resource,
                nodeOperation.properties.map((property) => property.name),
                (name) => this.getNodeParameter(name, itemIndex, undefined),
              )
            : 'the request';
          if (this.continueOnFail()) {
            output.push({ json: errorItem(error, operation, subject, resource), pairedItem: { item: itemIndex } });
            continue;
          }
          throw toNodeError(this.getNode(), error, itemIndex, operation, subject, resource);
        }
      }
    } finally {
      client.free();
    }
    return [output];
  }
}

/** The operation the item's Resource and Operation name; any other is refused by name. */
function operationOf(ctx: ParameterContext, itemIndex: number): NodeOperation {
  const resource = readRaw(ctx, itemIndex, 'resource');
  const operation = readRaw(ctx, itemIndex, 'operation');
  return (
    findOperation(resource, operation) ??
    invalidParameter(ctx, itemIndex, `The operation "${String(operation)}" of resource "${String(resource)}" is not supported`)
  );
}
