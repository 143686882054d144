// The node's operations, one entry each: description.ts builds the editor's fields from
// them, and execute runs the one an item names. Each lives in <resource>/<value>.ts.
import { commentGet } from './comment/get';
import { commentGetAll } from './comment/getAll';
import { noteCreate } from './note/create';
import { noteDelete } from './note/delete';
import { noteGet } from './note/get';
import { noteGetNoteById } from './note/getNoteById';
import { noteGetNotesById } from './note/getNotesById';
import { noteGetNotesBySlug } from './note/getNotesBySlug';
import { postGetAll } from './post/getAll';
import { postGetPostById } from './post/getPostById';
import { postGetPostsById } from './post/getPostsById';
import { postGetPostsBySlug } from './post/getPostsBySlug';
import { profileGetById } from './profile/getById';
import { profileGetBySlug } from './profile/getBySlug';
import { profileGetFollowing } from './profile/getFollowing';
import { draftCheck } from './draft/check';
import { draftCreate } from './draft/create';
import { draftDelete } from './draft/delete';
import { draftGet } from './draft/get';
import { draftGetAll } from './draft/getAll';
import { draftPublish } from './draft/publish';
import { draftSchedule } from './draft/schedule';
import { draftUnschedule } from './draft/unschedule';
import { draftUpdate } from './draft/update';
import { AT_MOST_ONCE_METHODS } from './delivery.generated';
import type { NodeOperation } from './types';

/** In the order the editor lists their parameters. */
export const nodeOperations: readonly NodeOperation[] = [
  postGetAll,
  postGetPostsBySlug,
  postGetPostsById,
  postGetPostById,
  noteGet,
  noteGetNotesBySlug,
  noteGetNotesById,
  noteGetNoteById,
  noteCreate,
  noteDelete,
  profileGetBySlug,
  profileGetById,
  profileGetFollowing,
  commentGetAll,
  commentGet,
  draftCreate,
  draftGet,
  draftGetAll,
  draftUpdate,
  draftDelete,
  draftCheck,
  draftPublish,
  draftSchedule,
  draftUnschedule,
];

/** The operation an item's Resource and Operation parameters name, if the node has it. */
export function findOperation(resource: unknown, operation: unknown): NodeOperation | undefined {
  return nodeOperations.find((op) => op.resource === resource && op.value === operation);
}

/**
 * Whether running the operation twice would act twice (publish a note, create, publish or
 * schedule a draft): one of its client methods acts at most once, as the core declares it
 * from the requests the method sends. The node refuses to run it with Retry On Fail on.
 * `note` is the builder, whose `publish()` sends what `publishNote` sends.
 */
export function actsAtMostOnce(op: NodeOperation): boolean {
  return op.clientMethods.some((method) => AT_MOST_ONCE_METHODS.has(method === 'note' ? 'publishNote' : method));
}
