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
  DeleteNoteResult,
  DeleteDraftResult,
  DraftCheck,
  PostDocument,
  PublisherDraft,
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
  PublisherPrimaryPublication,
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
    const method: 'GET' | 'POST' | 'PUT' | 'DELETE' = exact<'GET' | 'POST' | 'PUT' | 'DELETE'>()(init.method);
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
// One per record, generated from the records' declarations (src/records): each reads
// every declared field with exactly the type the declaration gives it.

// ---- record readers: generated from publisher-core/src/records by cargo test; do not edit ----

function readPublisherPost(value: PublisherPost): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.title));
  parts.push(exact<string | null | undefined>()(value.subtitle));
  parts.push(exact<string>()(value.slug));
  parts.push(exact<string>()(value.post_date));
  parts.push(exact<string | null | undefined>()(value.description));
  parts.push(exact<PostAudience | null | undefined>()(value.audience));
  parts.push(exact<string>()(value.canonical_url));
  parts.push(exact<string | null | undefined>()(value.cover_image));
  parts.push(exact<string | null | undefined>()(value.podcast_url));
  parts.push(exact<PostType>()(value.type));
  parts.push(exact<boolean>()(value.published));
  parts.push(exact<boolean>()(value.paywalled));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherSearchResult(value: PublisherSearchResult): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.total));
  parts.push(...exact<PublisherPost[]>()(value.results).map(readPublisherPost));
  parts.push(exact<boolean | undefined>()(value.totalIsLowerBound));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherCommentAuthor(value: PublisherCommentAuthor): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.name));
  parts.push(exact<boolean | undefined>()(value.is_admin));
  return parts.join();
}

function readPublisherComment(value: PublisherComment): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.body));
  parts.push(exact<string>()(value.date));
  parts.push(exact<number>()(value.user_id));
  parts.push(exact<string>()(value.name));
  parts.push(exact<number | null | undefined>()(value.post_id));
  parts.push(exact<boolean | null | undefined>()(value.author_is_admin));
  parts.push(exact<string>()(value.created_at));
  parts.push(exact<number | null>()(value.parent_post_id));
  parts.push(readPublisherCommentAuthor(exact<PublisherCommentAuthor>()(value.author)));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherContextUser(value: PublisherContextUser): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.name));
  parts.push(exact<string>()(value.handle));
  parts.push(exact<string | null | undefined>()(value.photo_url));
  parts.push(exact<string | null | undefined>()(value.bio));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherNoteContext(value: PublisherNoteContext): string {
  const parts: unknown[] = [];
  parts.push(exact<string>()(value.type));
  parts.push(exact<string>()(value.timestamp));
  parts.push(...exact<PublisherContextUser[]>()(value.users).map(readPublisherContextUser));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherNoteComment(value: PublisherNoteComment): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.body));
  parts.push(exact<Record<string, unknown> | null | undefined>()(value.body_json));
  parts.push(exact<number>()(value.user_id));
  parts.push(exact<string>()(value.type));
  parts.push(exact<string>()(value.date));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherNote(value: PublisherNote): string {
  const parts: unknown[] = [];
  parts.push(exact<string>()(value.entity_key));
  parts.push(exact<string>()(value.type));
  parts.push(readPublisherNoteContext(exact<PublisherNoteContext>()(value.context)));
  const comment = exact<PublisherNoteComment | null | undefined>()(value.comment);
  if (comment) parts.push(readPublisherNoteComment(comment));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherUserProfile(value: PublisherUserProfile): string {
  const parts: unknown[] = [];
  parts.push(...exact<PublisherNote[]>()(value.items).map(readPublisherNote));
  parts.push(exact<string>()(value.originalCursorTimestamp));
  parts.push(exact<string | null | undefined>()(value.nextCursor));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherPublication(value: PublisherPublication): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.name));
  parts.push(exact<string>()(value.subdomain));
  parts.push(exact<string | null | undefined>()(value.logo_url));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherPublicationUser(value: PublisherPublicationUser): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.role));
  parts.push(readPublisherPublication(exact<PublisherPublication>()(value.publication)));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherPrimaryPublication(value: PublisherPrimaryPublication): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.name));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherPublicProfile(value: PublisherPublicProfile): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.name));
  parts.push(exact<string>()(value.handle));
  parts.push(exact<string | null | undefined>()(value.photo_url));
  parts.push(exact<string | null | undefined>()(value.bio));
  parts.push(exact<string>()(value.subscriberCount));
  parts.push(exact<number>()(value.subscriberCountNumber));
  parts.push(exact<string | null | undefined>()(value.subscriberCountString));
  const primaryPublication = exact<PublisherPrimaryPublication | null | undefined>()(value.primaryPublication);
  if (primaryPublication) parts.push(readPublisherPrimaryPublication(primaryPublication));
  parts.push(...exact<PublisherPublicationUser[]>()(value.publicationUsers).map(readPublisherPublicationUser));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherFullProfile(value: PublisherFullProfile): string {
  const parts: unknown[] = [];
  parts.push(readPublisherPublicProfile(value));
  parts.push(readPublisherUserProfile(exact<PublisherUserProfile>()(value.userProfile)));
  return parts.join();
}

function readPublishNoteResponse(value: PublishNoteResponse): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string>()(value.body));
  parts.push(exact<Record<string, unknown> | null | undefined>()(value.body_json));
  parts.push(exact<string>()(value.date));
  parts.push(exact<string>()(value.name));
  parts.push(exact<string | null | undefined>()(value.photo_url));
  parts.push(exact<Record<string, number>>()(value.reactions));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readPublisherDraft(value: PublisherDraft): string {
  const parts: unknown[] = [];
  parts.push(exact<number>()(value.id));
  parts.push(exact<string | null | undefined>()(value.draft_title));
  parts.push(exact<string | null | undefined>()(value.draft_subtitle));
  parts.push(exact<string | null | undefined>()(value.draft_updated_at));
  parts.push(exact<boolean | null | undefined>()(value.is_published));
  parts.push(exact<string | null | undefined>()(value.post_date));
  parts.push(exact<PostAudience | null | undefined>()(value.audience));
  parts.push(exact<string | null | undefined>()(value.type));
  parts.push(exact<string | null>()(value.draftTitle));
  parts.push(exact<string | null>()(value.draftSubtitle));
  parts.push(exact<PostDocument | string | null>()(value.draftBody));
  parts.push(exact<boolean>()(value.published));
  parts.push(exact<string | null>()(value.scheduledAt));
  parts.push(exact<string | null>()(value.updatedAt));
  parts.push(exact<unknown>()(value.a_field_the_service_may_add));
  return parts.join();
}

function readDraftCheck(value: DraftCheck): string {
  const parts: unknown[] = [];
  parts.push(exact<boolean>()(value.ok));
  parts.push(exact<string[]>()(value.errors));
  parts.push(exact<string[]>()(value.warnings));
  return parts.join();
}

// ---- end of the generated record readers ----

async function readNotesPage(notes: PublisherNotes): Promise<string> {
  const items: PublisherNote[] = exact<PublisherNote[]>()(notes.items);
  const timestamp: string = exact<string>()(notes.originalCursorTimestamp);
  const nextCursor: string | null = exact<string | null>()(notes.nextCursor);
  const hasMore: boolean = exact<boolean>()(notes.hasMore());
  const next: PublisherNotes | null = exact<PublisherNotes | null>()(await notes.next());
  const nextWithOptions: PublisherNotes | null = exact<PublisherNotes | null>()(await notes.next(callOptions));
  const iterable: AsyncIterable<PublisherNote> = notes;
  const iterator: AsyncIterator<PublisherNote> = exact<AsyncIterator<PublisherNote>>()(notes[Symbol.asyncIterator]());
  const parts: unknown[] = [timestamp, nextCursor, hasMore, iterable, iterator, ...items.map(readPublisherNote)];
  if (next !== null) parts.push(next.items.length, next.hasMore());
  if (nextWithOptions) parts.push(nextWithOptions.nextCursor);
  const walk: AsyncGenerator<PublisherNotes, void, undefined> = exact<AsyncGenerator<PublisherNotes, void, undefined>>()(notes.pages());
  for await (const page of walk) parts.push(exact<PublisherNote[]>()(page.items).length, page.hasMore());
  await notes.pages().return();
  return parts.join();
}

// ---- every method of Publisher ----------------------------------------------------

// Posts.
const posts: PublisherPost[] = exact<PublisherPost[]>()(await client.getPosts(page));
await client.getPosts();
await client.getPosts(null, callOptions);
posts.map(readPublisherPost);
readPublisherPost(exact<PublisherPost>()(await client.getPost('slug')));
readPublisherPost(exact<PublisherPost>()(await client.getPost('slug', callOptions)));
readPublisherPost(exact<PublisherPost>()(await client.getPostById(167180194)));
readPublisherPost(exact<PublisherPost>()(await client.getPostById(167180194, null)));
const found: PublisherSearchResult = exact<PublisherSearchResult>()(await client.searchPosts(search));
readPublisherSearchResult(found);
const total: number = exact<number>()(found.total);
await client.searchPosts({ query: 'garden' }, callOptions);

// Comments.
const comments: PublisherComment[] = exact<PublisherComment[]>()(await client.getComments(167180194, commentParams));
await client.getComments(167180194);
await client.getComments(167180194, null, callOptions);
comments.map(readPublisherComment);
readPublisherComment(exact<PublisherComment>()(await client.getComment(131648795)));
readPublisherComment(exact<PublisherComment>()(await client.getComment(131648795, callOptions)));

// Notes: pages, iteration, publishing, the builder.
const notes: PublisherNotes = exact<PublisherNotes>()(await client.getNotes(notesParams));
const firstPage: PublisherNotes = exact<PublisherNotes>()(await client.getNotes());
await client.getNotes(null, callOptions);
await readNotesPage(notes);
for await (const note of firstPage) {
  const item: PublisherNote = exact<PublisherNote>()(note);
  readPublisherNote(item);
}
for (let current: PublisherNotes | null = firstPage; current !== null; current = await current.next()) {
  current.items.map(readPublisherNote);
}
const firstNoteBody: string | undefined = firstPage.items[0]?.comment?.body;
const isPage: boolean = notes instanceof PublisherNotes;

const plain: PublishNoteResponse = exact<PublishNoteResponse>()(await client.publishNote('Hello'));
readPublishNoteResponse(plain);
readPublishNoteResponse(exact<PublishNoteResponse>()(await client.publishNote('Hello', callOptions)));

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
readPublishNoteResponse(exact<PublishNoteResponse>()(await built.publish()));
readPublishNoteResponse(exact<PublishNoteResponse>()(await builtWithText.publish(callOptions)));
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
readPublishNoteResponse(chained);
await emptyFromClient.addText('late text').publish();

// Notes beyond plain text: blocks, attachments, replies, deletion.
const imageBuffer: ArrayBuffer = new ArrayBuffer(4);
const imageBytes = new Uint8Array(imageBuffer);
const rich: NoteBuilder = exact<NoteBuilder>()(
  client
    .note('See ')
    .link('this', 'https://example.test/')
    .code('x()')
    .bulletList(['one', 'two'])
    .orderedList(['first'], 3)
    .orderedList(['again'])
    .quote('quoted')
    .codeBlock('let a = 1;')
    .markdown('**bold**')
    .attachLink('https://example.test/card')
    .attachImage(imageBytes)
    .attachImage(imageBuffer)
    .attachImage(new Blob([imageBuffer], { type: 'image/png' }))
    .attachImage('data:image/png;base64,AAAA')
    .replyTo(1),
);
readPublishNoteResponse(exact<PublishNoteResponse>()(await rich.publish(callOptions)));
const withOptions: PublishNoteResponse = exact<PublishNoteResponse>()(
  await client.publishNote('**Hi**', { markdown: true, replyTo: 1, link: 'https://example.test/', images: [imageBytes], signal: controller.signal }),
);
readPublishNoteResponse(withOptions);
const deletion: DeleteNoteResult = exact<DeleteNoteResult>()(await client.deleteNote(1, callOptions));
const deletedNow: boolean = deletion.deleted;
const deletedId: number = deletion.id;

// Profiles and following.
readPublisherUserProfile(exact<PublisherUserProfile>()(await client.getUserProfile(282291554)));
readPublisherUserProfile(exact<PublisherUserProfile>()(await client.getUserProfile(282291554, callOptions)));
readPublisherPublicProfile(exact<PublisherPublicProfile>()(await client.getPublicProfile('jakubslys')));
readPublisherPublicProfile(exact<PublisherPublicProfile>()(await client.getPublicProfile('jakubslys', callOptions)));
readPublisherFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileBySlug('jakubslys')));
readPublisherFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileBySlug('jakubslys', null)));
readPublisherFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileById(282291554)));
readPublisherFullProfile(exact<PublisherFullProfile>()(await client.getFullProfileById(282291554, callOptions)));
const followingIds: number[] = exact<number[]>()(await client.getFollowingIds());
await client.getFollowingIds(callOptions);
const followingProfiles: PublisherFullProfile[] = exact<PublisherFullProfile[]>()(await configured.getFollowingProfiles(following));
await client.getFollowingProfiles();
await client.getFollowingProfiles({ onProgress: (done, total) => console.log(`${done}/${total}`) });
followingProfiles.map(readPublisherFullProfile);

// The workflow node's reads.
exact<PublisherPost[]>()(await client.getPostsBySlug('jakubslys', profileRead)).map(readPublisherPost);
await client.getPostsBySlug('jakubslys');
await client.getPostsBySlug('jakubslys', null, callOptions);
exact<PublisherPost[]>()(await client.getPostsById(282291554, profileRead)).map(readPublisherPost);
await client.getPostsById(282291554);
await client.getPostsById(282291554, { limit: 5 }, callOptions);
exact<PublisherNote[]>()(await client.getNotesBySlug('jakubslys', noteRead)).map(readPublisherNote);
await client.getNotesBySlug('jakubslys');
await client.getNotesBySlug('jakubslys', null, callOptions);
exact<PublisherNote[]>()(await client.getNotesById(282291554, noteRead)).map(readPublisherNote);
await client.getNotesById(282291554);
await client.getNotesById(282291554, { limit: 1 }, callOptions);
readPublisherNote(exact<PublisherNote>()(await client.getNoteById(131648795)));
readPublisherNote(exact<PublisherNote>()(await client.getNoteById(131648795, callOptions)));

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


// Drafts: create, read, list, change, check, schedule, publish, delete.
const draftClient = new Publisher({ apiKey: 'k', hostname: 'example.substack.com' });
const created: PublisherDraft = await draftClient.createDraft({
  title: 'Weekly', subtitle: 'Notes', body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
  audience: 'only_paid', type: 'newsletter', sectionId: 3,
});
const draftId: number = created.id;
const draftTitle: string | null = created.draftTitle;
const draftBody: PostDocument | string | null = created.draftBody;
const scheduledAt: string | null = (await draftClient.scheduleDraft(draftId, new Date(), { send: false })).scheduledAt;
const atText: PublisherDraft = await draftClient.scheduleDraft(draftId, '2026-12-04T09:00:00Z', { send: true });
const unscheduled: PublisherDraft = await draftClient.unscheduleDraft(draftId);
const listed: PublisherDraft[] = await draftClient.getDrafts({ offset: 0, limit: 50 });
const changed: PublisherDraft = await draftClient.updateDraft(draftId, { subtitle: 'New' });
const check: DraftCheck = await draftClient.checkDraft(draftId);
const checkOk: boolean = check.ok;
const checkErrors: string[] = check.errors;
const post: PublisherPost = await draftClient.publishDraft(draftId, { send: false, shareAutomatically: true });
const removed: DeleteDraftResult = await draftClient.deleteDraft(draftId, { signal: AbortSignal.timeout(1000) });
console.log(draftTitle, draftBody, scheduledAt, atText, unscheduled, listed, changed, checkOk, checkErrors, post, removed.deleted);

// Every kind a caller may switch on.
const everyKind: PublisherErrorKind[] = [
  'config', 'invalid-argument', 'http', 'network', 'invalid-response', 'timeout', 'aborted', 'maybe-published',
  'maybe-created', 'maybe-scheduled',
];
console.log(everyKind);
