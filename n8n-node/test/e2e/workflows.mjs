// The e2e workflows: each starts with a Webhook (POST /webhook/<path>, answering with all
// items of the last node) and runs one Publisher node.
import { randomUUID } from 'node:crypto';

// `typeVersion`: the Publisher node's version (1: as saved before Simplify existed; 2: with it).
export function publisherWorkflow({ name, path, parameters, credential, continueOnFail = false, retryOnFail = false, splitOut, typeVersion = 1 }) {
  const webhook = {
    id: randomUUID(),
    name: 'Webhook',
    type: 'n8n-nodes-base.webhook',
    typeVersion: 2,
    position: [0, 0],
    webhookId: randomUUID(),
    parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
  };
  const publisher = {
    id: randomUUID(),
    name: 'Publisher',
    type: 'n8n-nodes-publisher.publisher',
    typeVersion,
    position: [440, 0],
    parameters,
    credentials: { publisherApi: { id: credential.id, name: credential.name } },
    ...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
    ...(retryOnFail ? { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } : {}),
  };
  const nodes = [webhook, publisher];
  const connections = {};
  const link = (from, to) => (connections[from] = { main: [[{ node: to, type: 'main', index: 0 }]] });
  if (splitOut) {
    nodes.push({
      id: randomUUID(),
      name: 'Split Out',
      type: 'n8n-nodes-base.splitOut',
      typeVersion: 1,
      position: [220, 0],
      parameters: { fieldToSplitOut: splitOut, options: {} },
    });
    link('Webhook', 'Split Out');
    link('Split Out', 'Publisher');
  } else {
    link('Webhook', 'Publisher');
  }
  return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}
