import type { Publisher } from '../../../../shared/client';
import type { PublisherComment } from '../../records';
import { commentOutput } from '../../records';
import {
  limitProperty,
  postIdProperty,
  readHowMany,
  readPostId,
  readSimplify,
  returnAllProperty,
  simplifyProperty,
  withinBound,
} from '../commonParameters';
import type { NodeOperation } from '../types';

/** Comments asked for per request: 50 is the largest page size seen accepted on the service's lists. */
export const COMMENTS_PAGE = 50;

export const commentGetAll: NodeOperation = {
  resource: 'comment',
  value: 'getAll',
  name: 'Get Many',
  action: 'Get many comments',
  description: 'Get the comments of a post',
  clientMethods: ['getComments'],
  properties: [
    postIdProperty('The numeric ID of the post whose comments to get'),
    returnAllProperty(),
    limitProperty(),
    simplifyProperty(),
  ],
  async execute(client, ctx, { itemIndex }) {
    const postId = readPostId(ctx, itemIndex);
    const howMany = readHowMany(ctx, itemIndex);
    const simplify = readSimplify(ctx, itemIndex);
    const comments = withinBound(await commentsOf(client, postId, howMany.limit), howMany, 'comments');
    return comments.map((comment) => commentOutput(comment, simplify));
  },
};

/**
 * Up to `limit` comments of the post, in pages of COMMENTS_PAGE stepping the offset, until
 * a page shorter than asked. A page that repeats comments means the service does not page
 * them: the item fails rather than return duplicates or stop short.
 */
async function commentsOf(client: Publisher, postId: number, limit: number): Promise<PublisherComment[]> {
  const comments: PublisherComment[] = [];
  const seen = new Set<number>();
  while (comments.length < limit) {
    const offset = comments.length;
    const wanted = Math.min(COMMENTS_PAGE, limit - offset);
    const page = await client.getComments(postId, offset === 0 ? { limit: wanted } : { offset, limit: wanted });
    for (const comment of page) {
      if (seen.has(comment.id)) {
        throw new Error(
          `The service sent comment ${comment.id} of post ${postId} again at offset ${offset}: it does not page this post’s comments, so no more than ${offset} can be read. Set Limit to ${offset} or less.`,
        );
      }
      seen.add(comment.id);
      comments.push(comment);
    }
    if (page.length < wanted) break;
  }
  return comments;
}
