// Compiled by check.mjs under tsc --strict: uses every exported method and reads every
// record field with the type the interface gives it. A wrong .d.ts fails this file.
//
// Each read goes through `exact<T>()(value)` and into a variable typed T: plain
// assignment alone would accept an `any`, or a type narrower than T (a field declared
// `string` where the service may send null), so `exact` also demands that the
// declared type be exactly T.
import { NoteBuilder, Publisher, PublisherError, PublisherNotes } from 'publisher-wasm';
import type {
  CallOptions,
  CommentParams,
  FollowingOptions,
  NoteBodyJson,
  NoteParagraph,
  NoteReadParams,
  NotesParams,
  NoteTextNode,
  PaginationParams,
  PostAudience,
  PostType,
  ProfileReadParams,
  PublisherComment,
  PublisherCommentAuthor,
  PublisherConfig,
  PublisherContextUser,
  PublisherFetch,
  PublisherFetchInit,
  PublisherFetchResponse,
  PublisherErrorKind,
  PublisherErrorResponse,
  PublisherFullProfile,
  PublisherNote,
  PublisherNoteComment,
  PublisherNoteContext,
  PublisherPost,
  PublisherPublication,
  PublisherPublicationUser,
  PublisherPublicProfile,
  PublisherSearchResult,
  PublisherUserProfile,
  PublishNoteRequest,
  PublishNoteResponse,
  RetryOptions,
  SearchParams,
} from 'publisher-wasm';

/** True when A and B are the same type (`any` equals only `any`). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;

/** `exact<T>()(value)` is `value`, when its type is exactly T; otherwise tsc asks for a second argument. */
function exact<Expected>() {
  return <Actual>(value: Actual, ...mismatch: Equal<Expected, Actual> extends true ? [] : [`the type is not exactly the expected one`]): Expected => {
    void mismatch;
    return value as unknown as Expected;
  };
}

// ---- configuration and parameters -------------------------------------------------

const config: PublisherConfig = {
  apiKey: 'key',
  hostname: 'example.substack.com',
  apiVersion: 'v1',
  baseUrl: 'http://127.0.0.1:8787',
  cookieName: 'substack.sid',
  auth: 'cookie',
  userAgent: false,
};
const client = new Publisher(config);

const retry: RetryOptions = { retries: 2, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };
const controller = new AbortController();
const fullConfig: PublisherConfig = {
  apiKey: 'key',
  cookieName: 'both',
  auth: 'browser',
  userAgent: 'publisher-wasm-types',
  retry,
  timeoutMs: 0,
  concurrency: 2,
  signal: controller.signal,
};
const configured = new Publisher(fullConfig);
new Publisher({ apiKey: 'key', cookieName: 'connect.sid', retry: false });

function readConfig(c: PublisherConfig, r: RetryOptions): unknown[] {
  const apiKey: string = exact<string>()(c.apiKey);
  const hostname: string | undefined = exact<string | undefined>()(c.hostname);
  const apiVersion: string | undefined = exact<string | undefined>()(c.apiVersion);
  const baseUrl: string | undefined = exact<string | undefined>()(c.baseUrl);
  const cookieName: 'connect.sid' | 'substack.sid' | 'both' | undefined =
    exact<'connect.sid' | 'substack.sid' | 'both' | undefined>()(c.cookieName);
  const auth: 'cookie' | 'browser' | undefined = exact<'cookie' | 'browser' | undefined>()(c.auth);
  const userAgent: string | false | undefined = exact<string | false | undefined>()(c.userAgent);
  const retryOption: false | RetryOptions | undefined = exact<false | RetryOptions | undefined>()(c.retry);
  const timeoutMs: number | undefined = exact<number | undefined>()(c.timeoutMs);
  const concurrency: number | undefined = exact<number | undefined>()(c.concurrency);
  const signal: AbortSignal | undefined = exact<AbortSignal | undefined>()(c.signal);
  const retries: number | undefined = exact<number | undefined>()(r.retries);
  const baseDelayMs: number | undefined = exact<number | undefined>()(r.baseDelayMs);
  const maxDelayMs: number | undefined = exact<number | undefined>()(r.maxDelayMs);
  const maxRetryAfterMs: number | undefined = exact<number | undefined>()(r.maxRetryAfterMs);
  return [apiKey, hostname, apiVersion, baseUrl, cookieName, auth, userAgent, retryOption, timeoutMs, concurrency, signal,
    retries, baseDelayMs, maxDelayMs, maxRetryAfterMs];
}
readConfig(fullConfig, retry);

// The fetch option takes the runtime's own fetch, a wrapper around it, or a function
// resolving to a plain object with the members the client reads.
new Publisher({ apiKey: 'key', fetch });
const requested: string[] = [];
new Publisher({
  apiKey: 'key',
  fetch: (url, init) => {
    const method: 'GET' | 'POST' = exact<'GET' | 'POST'>()(init.method);
    const headers: Record<string, string> = exact<Record<string, string>>()(init.headers);
    const body: string | undefined = exact<string | undefined>()(init.body);
    const credentials: 'include' | undefined = exact<'include' | undefined>()(init.credentials);
    requested.push(method, url, JSON.stringify(headers), body ?? '', credentials ?? '', String(init.signal.aborted));
    return fetch(url, init);
  },
});
const stub: PublisherFetch = async (_url: string, _init: PublisherFetchInit): Promise<PublisherFetchResponse> => ({
  status: 200,
  headers: { forEach: () => undefined },
  text: async () => '[]',
});
new Publisher({ apiKey: 'key', fetch: stub });

const callOptions: CallOptions = { signal: controller.signal };
const callSignal: AbortSignal | undefined = exact<AbortSignal | undefined>()(callOptions.signal);
const following: FollowingOptions = {
  signal: AbortSignal.timeout(60_000),
  onProgress: (done, total) => {
    const d: number = exact<number>()(done);
    const t: number = exact<number>()(total);
    console.log(d, t);
  },
};
const onProgress: ((done: number, total: number) => void) | undefined =
  exact<((done: number, total: number) => void) | undefined>()(following.onProgress);
const followingSignal: AbortSignal | undefined = exact<AbortSignal | undefined>()(following.signal);
const followingAsCall: CallOptions = following;

const page: PaginationParams = { offset: 0, limit: 10, cursor: 'c' };
const pageOffset: number | undefined = exact<number | undefined>()(page.offset);
const pageLimit: number | undefined = exact<number | undefined>()(page.limit);
const pageCursor: string | undefined = exact<string | undefined>()(page.cursor);

const search: SearchParams = {
  query: '',
  offset: 0,
  limit: 5,
  type: 'podcast',
  published_after: '2025-01-01',
  published_before: '2026-01-01',
};
const searchQuery: string = exact<string>()(search.query);
const searchOffset: number | undefined = exact<number | undefined>()(search.offset);
const searchLimit: number | undefined = exact<number | undefined>()(search.limit);
const searchType: PostType | undefined = exact<'newsletter' | 'podcast' | 'thread' | undefined>()(search.type);
const publishedAfter: string | undefined = exact<string | undefined>()(search.published_after);
const publishedBefore: string | undefined = exact<string | undefined>()(search.published_before);

const commentParams: CommentParams = { offset: 0, limit: 20 };
const commentOffset: number | undefined = exact<number | undefined>()(commentParams.offset);
const commentLimit: number | undefined = exact<number | undefined>()(commentParams.limit);

const notesParams: NotesParams = { cursor: 'c', limit: 10 };
const notesCursor: string | undefined = exact<string | undefined>()(notesParams.cursor);
const notesLimit: number | undefined = exact<number | undefined>()(notesParams.limit);

const profileRead: ProfileReadParams = { limit: 100, offset: 0 };
const profileReadLimit: number | undefined = exact<number | undefined>()(profileRead.limit);
const profileReadOffset: number | undefined = exact<number | undefined>()(profileRead.offset);

const noteRead: NoteReadParams = { limit: 100 };
const noteReadLimit: number | undefined = exact<number | undefined>()(noteRead.limit);

console.log(callSignal, onProgress, followingSignal, followingAsCall, pageOffset, pageLimit, pageCursor, searchQuery,
  searchOffset, searchLimit, searchType, publishedAfter, publishedBefore, commentOffset, commentLimit, notesCursor,
  notesLimit, profileReadLimit, profileReadOffset, noteReadLimit);

// ---- record readers ---------------------------------------------------------------

function readPost(post: PublisherPost): string {
  const id: number = exact<number>()(post.id);
  const title: string = exact<string>()(post.title);
  const subtitle: string | null | undefined = exact<string | null | undefined>()(post.subtitle);
  const slug: string = exact<string>()(post.slug);
  const date: string = exact<string>()(post.post_date);
  const description: string | null | undefined = exact<string | null | undefined>()(post.description);
  const audience: PostAudience | null | undefined = exact<PostAudience | null | undefined>()(post.audience);
  const audienceText: string | null | undefined = audience;
  const url: string = exact<string>()(post.canonical_url);
  const cover: string | null | undefined = exact<string | null | undefined>()(post.cover_image);
  const podcast: string | null | undefined = exact<string | null | undefined>()(post.podcast_url);
  const type: 'newsletter' | 'podcast' | 'thread' = exact<'newsletter' | 'podcast' | 'thread'>()(post.type);
  const published: boolean = exact<boolean>()(post.published);
  const paywalled: boolean = exact<boolean>()(post.paywalled);
  const further: unknown = exact<unknown>()(post.body_html);
  return [id, title, subtitle, slug, date, description, audienceText, url, cover, podcast, type, published, paywalled, further].join();
}

function readSearchResult(result: PublisherSearchResult): number {
  const total: number = exact<number>()(result.total);
  const results: PublisherPost[] = exact<PublisherPost[]>()(result.results);
  const lowerBound: boolean | undefined = exact<boolean | undefined>()(result.totalIsLowerBound);
  const further: unknown = exact<unknown>()(result.more);
  results.map(readPost);
  return lowerBound === true && further !== undefined ? total : total + 0;
}

function readComment(comment: PublisherComment): string {
  const id: number = exact<number>()(comment.id);
  const body: string = exact<string>()(comment.body);
  const createdAt: string = exact<string>()(comment.created_at);
  const parentPostId: number | null = exact<number | null>()(comment.parent_post_id);
  const author: PublisherCommentAuthor = exact<PublisherCommentAuthor>()(comment.author);
  const authorId: number = exact<number>()(author.id);
  const authorName: string = exact<string>()(author.name);
  const authorIsAdmin: boolean | undefined = exact<boolean | undefined>()(author.is_admin);
  const handle: unknown = exact<unknown>()(comment.handle);
  return [id, body, createdAt, parentPostId, authorId, authorName, authorIsAdmin, handle].join();
}

function readContextUser(user: PublisherContextUser): string {
  const id: number = exact<number>()(user.id);
  const name: string = exact<string>()(user.name);
  const handle: string = exact<string>()(user.handle);
  const photo: string | null | undefined = exact<string | null | undefined>()(user.photo_url);
  const bio: string | null | undefined = exact<string | null | undefined>()(user.bio);
  const further: unknown = exact<unknown>()(user.is_following);
  return [id, name, handle, photo, bio, further].join();
}

function readNote(note: PublisherNote): string {
  const entityKey: string = exact<string>()(note.entity_key);
  const type: string = exact<string>()(note.type);
  const context: PublisherNoteContext = exact<PublisherNoteContext>()(note.context);
  const contextType: string = exact<string>()(context.type);
  const timestamp: string = exact<string>()(context.timestamp);
  const users: PublisherContextUser[] = exact<PublisherContextUser[]>()(context.users);
  const contextFurther: unknown = exact<unknown>()(context.isFresh);
  const comment: PublisherNoteComment | null | undefined = exact<PublisherNoteComment | null | undefined>()(note.comment);
  const parts: unknown[] = [entityKey, type, contextType, timestamp, contextFurther, ...users.map(readContextUser)];
  if (comment) {
    const id: number = exact<number>()(comment.id);
    const body: string = exact<string>()(comment.body);
    const bodyJson: Record<string, unknown> | null | undefined = exact<Record<string, unknown> | null | undefined>()(comment.body_json);
    const userId: number = exact<number>()(comment.user_id);
    const commentType: string = exact<string>()(comment.type);
    const date: string = exact<string>()(comment.date);
    const commentFurther: unknown = exact<unknown>()(comment.reaction_count);
    parts.push(id, body, bodyJson, userId, commentType, date, commentFurther);
  }
  const further: unknown = exact<unknown>()(note.post);
  parts.push(further);
  return parts.join();
}

function readUserProfile(profile: PublisherUserProfile): string {
  const items: PublisherNote[] = exact<PublisherNote[]>()(profile.items);
  const timestamp: string = exact<string>()(profile.originalCursorTimestamp);
  const nextCursor: string | null | undefined = exact<string | null | undefined>()(profile.nextCursor);
  const further: unknown = exact<unknown>()(profile.other);
  return [timestamp, nextCursor, further, ...items.map(readNote)].join();
}

function readPublication(publication: PublisherPublication): string {
  const id: number = exact<number>()(publication.id);
  const name: string = exact<string>()(publication.name);
  const subdomain: string = exact<string>()(publication.subdomain);
  const logo: string | null | undefined = exact<string | null | undefined>()(publication.logo_url);
  const further: unknown = exact<unknown>()(publication.custom_domain);
  return [id, name, subdomain, logo, further].join();
}

function readPublicationUser(membership: PublisherPublicationUser): string {
  const id: number = exact<number>()(membership.id);
  const role: string = exact<string>()(membership.role);
  const publication: PublisherPublication = exact<PublisherPublication>()(membership.publication);
  const further: unknown = exact<unknown>()(membership.public);
  return [id, role, readPublication(publication), further].join();
}

type PrimaryPublication = { id: number; name: string; [field: string]: unknown };

function readPublicProfile(profile: PublisherPublicProfile): string {
  const id: number = exact<number>()(profile.id);
  const name: string = exact<string>()(profile.name);
  const handle: string = exact<string>()(profile.handle);
  const photo: string | null | undefined = exact<string | null | undefined>()(profile.photo_url);
  const bio: string | null | undefined = exact<string | null | undefined>()(profile.bio);
  const subscriberCount: string = exact<string>()(profile.subscriberCount);
  const subscriberCountNumber: number = exact<number>()(profile.subscriberCountNumber);
  const subscriberCountString: string | undefined = exact<string | undefined>()(profile.subscriberCountString);
  const primary: PrimaryPublication | null | undefined = exact<PrimaryPublication | null | undefined>()(profile.primaryPublication);
  const memberships: PublisherPublicationUser[] = exact<PublisherPublicationUser[]>()(profile.publicationUsers);
  const further: unknown = exact<unknown>()(profile.twitter_screen_name);
  const parts: unknown[] = [id, name, handle, photo, bio, subscriberCount, subscriberCountNumber, subscriberCountString, further];
  if (primary) {
    const primaryId: number = exact<number>()(primary.id);
    const primaryName: string = exact<string>()(primary.name);
    const primaryFurther: unknown = exact<unknown>()(primary.subdomain);
    parts.push(primaryId, primaryName, primaryFurther);
  }
  return [...parts, ...memberships.map(readPublicationUser)].join();
}

function readFullProfile(profile: PublisherFullProfile): string {
  const asPublic: PublisherPublicProfile = profile;
  const userProfile: PublisherUserProfile = exact<PublisherUserProfile>()(profile.userProfile);
  return [readPublicProfile(asPublic), readUserProfile(userProfile)].join();
}

function readPublished(response: PublishNoteResponse): string {
  const id: number = exact<number>()(response.id);
  const body: string = exact<string>()(response.body);
  const bodyJson: Record<string, unknown> = exact<Record<string, unknown>>()(response.body_json);
  const date: string = exact<string>()(response.date);
  const name: string = exact<string>()(response.name);
  const photo: string | null | undefined = exact<string | null | undefined>()(response.photo_url);
  const reactions: Record<string, number> = exact<Record<string, number>>()(response.reactions);
  const hearts: number | undefined = reactions['❤'];
  const further: unknown = exact<unknown>()(response.user_id);
  return [id, body, bodyJson, date, name, photo, hearts, further].join();
}

async function readNotesPage(notes: PublisherNotes): Promise<string> {
  const items: PublisherNote[] = exact<PublisherNote[]>()(notes.items);
  const timestamp: string = exact<string>()(notes.originalCursorTimestamp);
  const nextCursor: string | null = exact<string | null>()(notes.nextCursor);
  const hasMore: boolean = exact<boolean>()(notes.hasMore());
  const next: PublisherNotes | null = exact<PublisherNotes | null>()(await notes.next());
  const nextWithOptions: PublisherNotes | null = exact<PublisherNotes | null>()(await notes.next(callOptions));
  const iterable: AsyncIterable<PublisherNote> = notes;
  const iterator: AsyncIterator<PublisherNote> = exact<AsyncIterator<PublisherNote>>()(notes[Symbol.asyncIterator]());
  const parts: unknown[] = [timestamp, nextCursor, hasMore, iterable, iterator, ...items.map(readNote)];
  if (next !== null) parts.push(next.items.length, next.hasMore());
  if (nextWithOptions) parts.push(nextWithOptions.nextCursor);
  return parts.join();
}

// ---- every method of Publisher ----------------------------------------------------

// Posts.
const posts: PublisherPost[] = exact<PublisherPost[]>()(await client.getPosts(page));
await client.getPosts();
await client.getPosts(null, callOptions);
posts.map(readPost);
readPost(exact<PublisherPost>()(await client.getPost('slug')));
readPost(exact<PublisherPost>()(await client.getPost('slug', callOptions)));
readPost(exact<PublisherPost>()(await client.getPostById(167180194)));
readPost(exact<PublisherPost>()(await client.getPostById(167180194, null)));
const found: PublisherSearchResult = exact<PublisherSearchResult>()(await client.searchPosts(search));
const total: number = readSearchResult(found);
await client.searchPosts({ query: 'garden' }, callOptions);

// Comments.
const comments: PublisherComment[] = exact<PublisherComment[]>()(await client.getComments(167180194, commentParams));
await client.getComments(167180194);
await client.getComments(167180194, null, callOptions);
comments.map(readComment);
readComment(exact<PublisherComment>()(await client.getComment(131648795)));
readComment(exact<PublisherComment>()(await client.getComment(131648795, callOptions)));

// Notes: pages, iteration, publishing, the builder.
const notes: PublisherNotes = exact<PublisherNotes>()(await client.getNotes(notesParams));
const firstPage: PublisherNotes = exact<PublisherNotes>()(await client.getNotes());
await client.getNotes(null, callOptions);
await readNotesPage(notes);
for await (const note of firstPage) {
  const item: PublisherNote = exact<PublisherNote>()(note);
  readNote(item);
}
for (let current: PublisherNotes | null = firstPage; current !== null; current = await current.next()) {
  current.items.map(readNote);
}
const firstNoteBody: string | undefined = firstPage.items[0]?.comment?.body;
const isPage: boolean = notes instanceof PublisherNotes;

const plain: PublishNoteResponse = exact<PublishNoteResponse>()(await client.publishNote('Hello'));
readPublished(plain);
readPublished(exact<PublishNoteResponse>()(await client.publishNote('Hello', callOptions)));

const fromClient: NoteBuilder = exact<NoteBuilder>()(client.note('Hello'));
const emptyFromClient: NoteBuilder = exact<NoteBuilder>()(client.note(undefined));
const built: NoteBuilder = new NoteBuilder(client);
const builtWithText: NoteBuilder = new NoteBuilder(configured, 'Hello');
const afterNote: NoteBuilder = exact<NoteBuilder>()(built.note('first'));
const afterBold: NoteBuilder = exact<NoteBuilder>()(built.bold(' bold'));
const afterItalic: NoteBuilder = exact<NoteBuilder>()(built.italic(' italic'));
const afterSimple: NoteBuilder = exact<NoteBuilder>()(built.simple(' plain'));
const afterAddParagraph: NoteBuilder = exact<NoteBuilder>()(built.addParagraph('second'));
const afterAddBold: NoteBuilder = exact<NoteBuilder>()(built.addBold(' bold'));
const afterAddItalic: NoteBuilder = exact<NoteBuilder>()(built.addItalic(' italic'));
const afterAddText: NoteBuilder = exact<NoteBuilder>()(built.addText(' plain'));
const isBuilder: boolean = fromClient instanceof NoteBuilder;
readPublished(exact<PublishNoteResponse>()(await built.publish()));
readPublished(exact<PublishNoteResponse>()(await builtWithText.publish(callOptions)));
const chained: PublishNoteResponse = exact<PublishNoteResponse>()(
  await client
    .note('Hello')
    .bold(' world')
    .italic('!')
    .simple(' and more')
    .note('A second paragraph')
    .addParagraph('A third')
    .addBold(' bold')
    .addItalic(' italic')
    .addText(' plain')
    .publish({ signal: controller.signal }),
);
readPublished(chained);
await emptyFromClient.addText('late text').publish();

// Profiles and following.
readUserProfile(exact<PublisherUserProfile>()(await client.getUserProfile(282291554)));
readUserProfile(exact<PublisherUserProfile>()(await client.getUserProfile(282291554, callOptions)));
readPublicProfile(exact<PublisherPublicProfile>()(await client.getPublicProfile('jakubslys')));
readPublicProfile(exact<PublisherPublicProfile>()(await client.getPublicProfile('jakubslys', callOptions)));
readFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileBySlug('jakubslys')));
readFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileBySlug('jakubslys', null)));
readFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileById(282291554)));
readFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileById(282291554, callOptions)));
const followingIds: number[] = exact<number[]>()(await client.getFollowingIds());
await client.getFollowingIds(callOptions);
const followingProfiles: PublisherFullProfile[] = exact<PublisherFullProfile[]>()(await configured.getFollowingProfiles(following));
await client.getFollowingProfiles();
await client.getFollowingProfiles({ onProgress: (done, total) => console.log(`${done}/${total}`) });
followingProfiles.map(readFullProfile);

// The workflow node's reads.
exact<PublisherPost[]>()(await client.getPostsBySlug('jakubslys', profileRead)).map(readPost);
await client.getPostsBySlug('jakubslys');
await client.getPostsBySlug('jakubslys', null, callOptions);
exact<PublisherPost[]>()(await client.getPostsById(282291554, profileRead)).map(readPost);
await client.getPostsById(282291554);
await client.getPostsById(282291554, { limit: 5 }, callOptions);
exact<PublisherNote[]>()(await client.getNotesBySlug('jakubslys', noteRead)).map(readNote);
await client.getNotesBySlug('jakubslys');
await client.getNotesBySlug('jakubslys', null, callOptions);
exact<PublisherNote[]>()(await client.getNotesById(282291554, noteRead)).map(readNote);
await client.getNotesById(282291554);
await client.getNotesById(282291554, { limit: 1 }, callOptions);
readNote(exact<PublisherNote>()(await client.getNoteById(131648795)));
readNote(exact<PublisherNote>()(await client.getNoteById(131648795, callOptions)));

// ---- the published note's request shape (declared values; no method takes them) ----

const textNode: NoteTextNode = { type: 'text', text: 'Hello' };
const boldNode: NoteTextNode = { type: 'text', text: ' world', marks: [{ type: 'bold' }] };
const paragraph: NoteParagraph = { type: 'paragraph', content: [textNode, boldNode] };
const bodyJson: NoteBodyJson = { type: 'doc', attrs: { schemaVersion: 'v1' }, content: [paragraph] };
const request: PublishNoteRequest = { bodyJson, replyMinimumRole: 'everyone' };

const nodeType: 'text' = exact<'text'>()(textNode.type);
const nodeText: string = exact<string>()(textNode.text);
type Mark = { type: 'bold' | 'italic' | (string & {}) };
const marks: Mark[] | undefined = exact<Mark[] | undefined>()(boldNode.marks);
const markType: 'bold' | 'italic' | (string & {}) | undefined = marks?.[0]?.type;
const paragraphType: 'paragraph' = exact<'paragraph'>()(paragraph.type);
const paragraphContent: NoteTextNode[] = exact<NoteTextNode[]>()(paragraph.content);
const docType: 'doc' = exact<'doc'>()(bodyJson.type);
const attrs: { schemaVersion: 'v1' } = exact<{ schemaVersion: 'v1' }>()(bodyJson.attrs);
const schemaVersion: 'v1' = exact<'v1'>()(attrs.schemaVersion);
const docContent: NoteParagraph[] = exact<NoteParagraph[]>()(bodyJson.content);
const requestBody: NoteBodyJson = exact<NoteBodyJson>()(request.bodyJson);
const replyMinimumRole: 'everyone' = exact<'everyone'>()(request.replyMinimumRole);
console.log(JSON.stringify(request), nodeType, nodeText, markType, paragraphType, paragraphContent, docType, schemaVersion,
  docContent, requestBody, replyMinimumRole);

// ---- errors -----------------------------------------------------------------------

try {
  await client.getPostById(-1);
} catch (error) {
  if (error instanceof PublisherError) {
    const kind: PublisherErrorKind = exact<PublisherErrorKind>()(error.kind);
    const name: 'PublisherError' = exact<'PublisherError'>()(error.name);
    const status: number | undefined = exact<number | undefined>()(error.status);
    const attempts: number | undefined = exact<number | undefined>()(error.attempts);
    const response: PublisherErrorResponse | undefined = exact<PublisherErrorResponse | undefined>()(error.response);
    const responseStatus: number | undefined = response?.status;
    const statusText: string | undefined = response?.statusText;
    const body: string | undefined = response?.body;
    const headers: Record<string, string> | undefined = response?.headers;
    if (response) {
      exact<number>()(response.status);
      exact<string>()(response.statusText);
      exact<Record<string, string>>()(response.headers);
      exact<string>()(response.body);
    }
    const message: string = error.message;
    const cause: unknown = error.cause;
    const asError: Error = error;
    const json = error.toJSON();
    const jsonName: 'PublisherError' = exact<'PublisherError'>()(json.name);
    const jsonKind: PublisherErrorKind = exact<PublisherErrorKind>()(json.kind);
    const jsonMessage: string = exact<string>()(json.message);
    const jsonStatus: number | undefined = exact<number | undefined>()(json.status);
    const jsonAttempts: number | undefined = exact<number | undefined>()(json.attempts);
    const jsonResponse: PublisherErrorResponse | undefined = exact<PublisherErrorResponse | undefined>()(json.response);
    console.log(kind, name, status, attempts, responseStatus, statusText, body, headers, message, cause, asError, jsonName,
      jsonKind, jsonMessage, jsonStatus, jsonAttempts, jsonResponse);
  }
}
const made = new PublisherError('bad', {
  kind: 'invalid-argument',
  status: 400,
  response: { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'text/plain' }, body: 'no' },
  cause: new Error('root'),
  attempts: 1,
});
const madeKind: PublisherErrorKind = made.kind;

console.log(total, firstNoteBody, isPage, isBuilder, fromClient, afterNote, afterBold, afterItalic, afterSimple,
  afterAddParagraph, afterAddBold, afterAddItalic, afterAddText, followingIds, madeKind);
configured.free();


// Every kind a caller may switch on.
const everyKind: PublisherErrorKind[] = [
  'config', 'invalid-argument', 'http', 'network', 'invalid-response', 'timeout', 'aborted', 'maybe-published',
];
console.log(everyKind);
