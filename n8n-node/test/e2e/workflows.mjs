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

/**
 * The draft story in one workflow: a Webhook (a multipart upload: the Markdown, the time to
 * publish at, and the image as a file) → Publisher "Create draft" (the Markdown, the
 * uploaded file as its image, referred to by file name) → Publisher "Schedule" (at the
 * time sent, Send Email at its default, off) → Wait (`waitSeconds`) → Publisher "Get post"
 * (the post the draft became keeps its id). The webhook answers with the post.
 */
export function draftFlowWorkflow({ name, path, credential, imageField = 'chart', waitSeconds }) {
  const publisher = (nodeName, x, parameters) => ({
    id: randomUUID(),
    name: nodeName,
    type: 'n8n-nodes-publisher.publisher',
    typeVersion: 2,
    position: [x, 0],
    parameters,
    credentials: { publisherApi: { id: credential.id, name: credential.name } },
  });
  const nodes = [
    {
      id: randomUUID(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(),
      parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
    },
    publisher('Create draft', 220, {
      resource: 'draft', operation: 'create', title: '={{ $json.body.title }}', subtitle: 'Written in Markdown, scheduled by n8n',
      body: '={{ $json.body.markdown }}', audience: 'everyone', options: { images: imageField },
    }),
    publisher('Schedule', 440, {
      resource: 'draft', operation: 'schedule', draftId: '={{ $json.id }}', publishAt: "={{ $('Webhook').item.json.body.publishAt }}",
    }),
    {
      id: randomUUID(), name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [660, 0], webhookId: randomUUID(),
      parameters: { resume: 'timeInterval', amount: waitSeconds, unit: 'seconds' },
    },
    publisher('Get post', 880, { resource: 'post', operation: 'getPostById', postId: "={{ $('Create draft').item.json.id }}" }),
  ];
  const connections = {};
  for (let i = 0; i < nodes.length - 1; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
  return { name, nodes, connections, settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' } };
}

/** The flow's run data: the first item of each node, for the test log. */
export function draftFlowItems(execution) {
  const runData = execution.data.resultData.runData;
  const first = (node) => runData[node]?.[0]?.data?.main?.[0]?.map((item) => item.json) ?? [];
  return { draft: first('Create draft'), schedule: first('Schedule'), published: first('Get post') };
}
