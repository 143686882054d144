import type {
  IDataObject,
  INode,
  INodeExecutionData,
  INodeProperties,
  INodeType,
  INodeTypeDescription,
  IPollFunctions,
  JsonObject,
  WorkflowActivateMode,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { createClient, PublisherError, readCredentials } from '../../shared/client';
import { credentialTestMethods } from '../../shared/credentialTest';
import { n8nFetch } from '../../shared/n8nFetch';
import { pollParameters, readRaw, wholeNumber } from '../Publisher/parameters';
import { readSlug, readUserId, slugProperty, userIdProperty } from '../Publisher/resources/commonParameters';
import { baseline, CapReachedError, newestRecord, readCheckpoint, recordsSince } from './checkpoint';
import type { FeedSource, TriggerEvent } from './feeds';
import { feedKey, walkFeed } from './feeds';

/** The item index the readers are given: a poll has no items (pollParameters ignores it). */
const POLL = 0;

/** Default of "Max New Records per Poll". */
export const DEFAULT_MAX_RECORDS = 500;

/**
 * Activations that continue the workflow's watch: n8n starting (init), another main taking
 * over (leadershipChange), a new version of an active workflow (update). Their first poll
 * catches up from the checkpoint. Any other activation starts from the newest record.
 */
const RESUMING: WorkflowActivateMode[] = ['init', 'leadershipChange', 'update'];

/** Poll contexts that have polled: n8n makes one per activation, so the first sight is the activation's first poll. */
const polled = new WeakSet<object>();
/** The workflow nodes with a poll under way in this process: a poll that would overlap one is skipped. */
const polling = new Set<string>();

const show = (source: string) => ({ show: { source: [source] } });

const properties: INodeProperties[] = [
  {
    displayName: 'Event',
    name: 'event',
    type: 'options',
    noDataExpression: true,
    default: 'newPost',
    options: [
      { name: 'New Note', value: 'newNote', description: 'A note is published' },
      { name: 'New Post', value: 'newPost', description: 'A post is published' },
    ],
  },
  {
    displayName: 'Source',
    name: 'source',
    type: 'options',
    noDataExpression: true,
    default: 'own',
    description: 'Whose posts or notes to watch',
    options: [
      { name: 'By Slug', value: 'slug', description: 'Those of a user, by handle' },
      { name: 'By User ID', value: 'userId', description: 'Those of a user, by numeric ID' },
      { name: 'Own', value: 'own', description: 'Your publication’s posts, or your notes' },
    ],
  },
  { ...slugProperty(), displayOptions: show('slug') },
  { ...userIdProperty(), displayOptions: show('userId') },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      {
        displayName: 'Max New Records per Poll',
        name: 'maxRecords',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: DEFAULT_MAX_RECORDS,
        description:
          'The most new posts or notes one poll reads. When more were published since the last poll, the poll fails saying so and emits none of them, keeping its place.',
      },
    ],
  },
];

export class PublisherTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Publisher Trigger',
    name: 'publisherTrigger',
    icon: { light: 'file:publisher.svg', dark: 'file:publisher.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: '={{$parameter["event"] === "newNote" ? "New note" : "New post"}}',
    description: 'Starts the workflow when a post or note is published on the Publisher service',
    defaults: { name: 'Publisher Trigger' },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'publisherApi', required: true, testedBy: 'publisherApiTest' }],
    properties,
  };

  methods = credentialTestMethods;

  /**
   * The first poll of an activation remembers where the feed stands and emits nothing;
   * each later one emits every record published since, oldest first, and moves the
   * checkpoint (static data of the node) past them. A manual run emits the newest record
   * and leaves the checkpoint alone. A failed poll throws, emits nothing and keeps the
   * checkpoint.
   */
  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    const feed = readFeedSource(this);
    const cap = readCap(this);
    const manual = this.getMode() === 'manual';
    const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
    if (!manual) {
      // The client may wait out a Retry-After longer than the poll interval: the poll that
      // would start meanwhile is skipped, so that two never read the same checkpoint.
      if (polling.has(key)) return null;
      polling.add(key);
    }
    try {
      const credentials = readCredentials(await this.getCredentials('publisherApi'));
      const client = createClient(credentials, {
        fetch: n8nFetch(async (options) => await this.helpers.httpRequest(options)),
      });
      try {
        if (manual) {
          const newest = await newestRecord(walkFeed(client, feed, cap + 1));
          return newest ? [[{ json: newest.json }]] : null;
        }
        const staticData = this.getWorkflowStaticData('node');
        const saved = readCheckpoint(staticData.checkpoint);
        const first = !polled.has(this);
        if (!saved || saved.feed !== feedKey(feed) || (first && !RESUMING.includes(this.getActivationMode()))) {
          const start = await baseline(walkFeed(client, feed, cap + 1), feedKey(feed));
          staticData.checkpoint = start as unknown as IDataObject;
          polled.add(this);
          return null;
        }
        const { records, checkpoint } = await recordsSince(walkFeed(client, feed, cap + saved.ids.length + 1), saved, cap);
        polled.add(this);
        if (records.length === 0) return null;
        // Set only now that the poll succeeded; n8n saves it with the execution it starts.
        staticData.checkpoint = checkpoint as unknown as IDataObject;
        return [records.map((record) => ({ json: record.json }))];
      } finally {
        client.free();
      }
    } catch (error) {
      throw pollError(this.getNode(), error, feed);
    } finally {
      if (!manual) polling.delete(key);
    }
  }
}

// The node's readers (../Publisher/parameters.ts) read the trigger's parameters too, so
// that both accept and refuse the same values with the same messages.
function readFeedSource(ctx: IPollFunctions): FeedSource {
  const params = pollParameters(ctx);
  const event = readRaw(params, POLL, 'event', 'newPost') as TriggerEvent;
  if (event !== 'newPost' && event !== 'newNote') throw new NodeOperationError(ctx.getNode(), `The event "${String(event)}" is not supported`);
  const source = readRaw(params, POLL, 'source', 'own') as string;
  if (source === 'own') return { event, source };
  if (source === 'slug') return { event, source, slug: readSlug(params, POLL) };
  if (source === 'userId') return { event, source, userId: readUserId(params, POLL) };
  throw new NodeOperationError(ctx.getNode(), `The source "${String(source)}" is not supported`);
}

function readCap(ctx: IPollFunctions): number {
  const params = pollParameters(ctx);
  const options = readRaw(params, POLL, 'options', {}) as IDataObject;
  return options.maxRecords === undefined ? DEFAULT_MAX_RECORDS : wholeNumber(params, POLL, options.maxRecords, 'Option "Max New Records per Poll"', 1);
}

const KEPT = 'Nothing was emitted and the checkpoint was kept: the next poll reads from the same place, so no record is lost.';

/** A failed poll as n8n records it: a NodeApiError with the HTTP status for a service answer. */
function pollError(node: INode, error: unknown, feed: FeedSource): Error {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  const noun = feed.event === 'newNote' ? 'notes' : 'posts';
  if (error instanceof CapReachedError) {
    return new NodeOperationError(
      node,
      `More than ${error.cap} new ${noun} were published since the last poll, more than one poll may read ("Max New Records per Poll"). Nothing was emitted and the checkpoint was kept.`,
      {
        description:
          `The newest ${noun.slice(0, -1)} already emitted was published at ${error.since ?? 'no time (the feed was empty)'}. ` +
          `To emit them all, raise "Max New Records per Poll" (in the trigger's options) above ${error.cap}. ` +
          `To skip them instead, deactivate and activate the workflow: it then starts from the newest ${noun.slice(0, -1)}.`,
      },
    );
  }
  if (error instanceof PublisherError) {
    if (error.kind === 'invalid-argument' || error.kind === 'config') return new NodeOperationError(node, error.message, { description: KEPT });
    const fields: IDataObject = { message: error.message, kind: error.kind };
    if (typeof error.status === 'number') fields.status = error.status;
    return new NodeApiError(node, fields as JsonObject, {
      message: `The poll failed: ${error.message}`,
      description: `kind: ${error.kind}. ${KEPT}`,
      ...(typeof error.status === 'number' ? { httpCode: String(error.status) } : {}),
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new NodeOperationError(node, `The poll failed: ${message}`, { description: KEPT });
}
