// Each line below is a type error; check.mjs expects tsc to report every one of them,
// which shows the .d.ts is precise rather than `any`.
import { Publisher } from 'publisher-wasm';

const client = new Publisher({ apiKey: 'k' });
const [post] = await client.getPosts();
post.id.toUpperCase(); // @expect-error id is a number
post.title.toFixed(); // @expect-error title is a string
const n: number = post.body_html; // @expect-error further fields are unknown
await client.getPosts({ limit: '10' }); // @expect-error limit is a number
await client.searchPosts({ type: 'video', query: '' }); // @expect-error type is a PostType
await client.searchPosts({}); // @expect-error query is required
new Publisher({}); // @expect-error apiKey is required
new Publisher({ apiKey: 'k', cookieName: 'sid' }); // @expect-error cookieName is one of three

const [comment] = await client.getComments(1);
comment.parent_post_id.toFixed(); // @expect-error parent_post_id may be null
comment.author.name.toFixed(); // @expect-error author.name is a string
const page = await client.getNotes();
(await page.next()).items; // @expect-error next() may resolve to null
page.items[0].comment.id; // @expect-error a restack has no comment
const builder = client.note('x');
const notBuilder: number = builder.bold('y'); // @expect-error bold returns the builder
await builder.publish({ signal: 'stop' }); // @expect-error signal is an AbortSignal
builder.link('x'); // @expect-error link needs a url
builder.bulletList('a, b'); // @expect-error items are an array of strings
builder.orderedList([1, 2]); // @expect-error items are strings
builder.attachImage(42); // @expect-error an image is bytes, a Blob or a data URI
builder.replyTo('c-1'); // @expect-error a note id is a number
await client.deleteNote('1'); // @expect-error a note id is a number
await client.publishNote('x', { markdown: 'yes' }); // @expect-error markdown is a boolean
const gone: string = (await client.deleteNote(1)).deleted; // @expect-error deleted is a boolean
const profile = await client.getPublicProfile('h');
const subscribers: number = profile.subscriberCount; // @expect-error subscriberCount is a string
await client.getPostsById(1, { offset: '2' }); // @expect-error offset is a number
await client.getNotesById(1, { offset: 2 }); // @expect-error note reads take no offset
const ids: string[] = await client.getFollowingIds(); // @expect-error ids are numbers
new Publisher({ apiKey: 'k', retry: true }); // @expect-error retry is false or options
await client.getFollowingProfiles({ onProgress: (done: string) => done }); // @expect-error progress gets numbers
console.log(notBuilder, subscribers, ids);
console.log(n);

// Further methods, the builder, notes pages and records.
import { NoteBuilder, PublisherError, PublisherNotes } from 'publisher-wasm';
import type { NoteBodyJson, NoteParagraph, PublisherErrorKind, PublisherNoteComment, PublishNoteRequest } from 'publisher-wasm';

await client.getComment('131648795'); // @expect-error a comment id is a number
await client.getNoteById('131648795'); // @expect-error a note id is a number
await client.getPublicProfile(254824415); // @expect-error a handle is a string
await client.getFullProfileById('jakubslys'); // @expect-error getFullProfileById takes a user id
await client.getFullProfileBySlug(254824415); // @expect-error getFullProfileBySlug takes a handle
await client.getNotesBySlug(7); // @expect-error a slug is a string
await client.getPostsBySlug('h', { limit: '5' }); // @expect-error limit is a number
await client.getComments(1, { cursor: 'c' }); // @expect-error comment params have no cursor
await client.getNotes({ cursor: 5 }); // @expect-error a cursor is a string
await client.getNotes({ offset: 1 }); // @expect-error the notes feed takes no offset
await client.publishNote(); // @expect-error publishNote needs its text
await client.publishNote('x', { signal: true }); // @expect-error signal is an AbortSignal
await client.searchPosts({ query: 'q', published_after: new Date() }); // @expect-error dates are ISO strings
await client.getFollowingIds({ onProgress: () => {} }); // @expect-error only getFollowingProfiles reports progress
await client.getFollowingProfiles({ concurrency: 8 }); // @expect-error concurrency is a client option
const [followed] = await client.getFollowingIds(); followed.toUpperCase(); // @expect-error following ids are numbers
const total: string = (await client.searchPosts({ query: '' })).total; // @expect-error total is a number
post.type === 'video'; // @expect-error a post type is newsletter, podcast or thread
const [fcomment] = await client.getComments(1); fcomment.author.is_admin.valueOf(); // @expect-error is_admin may be absent
fcomment.created_at.toFixed(); // @expect-error created_at is an ISO string
const feed = await client.getUserProfile(1); feed.nextCursor.length; // @expect-error the feed's nextCursor is null at the end
const [feedItem] = feed.items; feedItem.context.users[0].photo_url.length; // @expect-error a user may have no photo
feedItem.context.timestamp.toFixed(); // @expect-error timestamp is a string
const noteComment: PublisherNoteComment = feedItem.comment; // @expect-error a restack has no comment
feedItem.comment?.body_json.type; // @expect-error body_json may be null or absent
feedItem.comment?.user_id.toUpperCase(); // @expect-error user_id is a number
const fprofile = await client.getFullProfileBySlug('h'); fprofile.primaryPublication.id; // @expect-error primaryPublication may be null or absent
fprofile.publicationUsers[0].publication.logo_url.length; // @expect-error a publication may have no logo
fprofile.subscriberCountNumber.toUpperCase(); // @expect-error subscriberCountNumber is a number
const fnote = await client.getNoteById(1); fnote.entity_key.toFixed(); // @expect-error entity_key is a string
const published = await client.publishNote('x'); published.reactions['❤'].toUpperCase(); // @expect-error reaction counts are numbers
published.body_json.type.toUpperCase(); // @expect-error body_json's members are unknown
published.id.toUpperCase(); // @expect-error a note id is a number
client.publishNote('x').id; // @expect-error publishNote returns a promise
new NoteBuilder(client, 5); // @expect-error the initial text is a string
new NoteBuilder({ apiKey: 'k' }); // @expect-error a NoteBuilder needs a Publisher
const fbuilder = client.note('x'); fbuilder.note(); // @expect-error note() of the builder needs its text
const notAlias: string = fbuilder.addBold('y'); // @expect-error aliases return the builder too
fbuilder.italic('a').addText(3); // @expect-error a chained call still checks its text
fbuilder.publish().id; // @expect-error publish() returns a promise
const fpage = await client.getNotes(); const more: boolean = fpage.hasMore; // @expect-error hasMore is a method
fpage.nextCursor.length; // @expect-error nextCursor is null at the end
fpage.items = []; // @expect-error items is read-only
fpage.originalCursorTimestamp.toFixed(); // @expect-error originalCursorTimestamp is a string
for await (const feedNote of fpage) feedNote.type.toFixed(); // @expect-error iteration yields notes
for await (const walked of fpage.pages()) walked.items.toFixed(); // @expect-error pages() yields pages
fpage.pages({ signal: undefined }); // @expect-error pages() takes the options of the call that made the page
const kind: PublisherErrorKind = 'fatal'; // @expect-error not a kind
new PublisherError('x', { kind: 'fatal' }); // @expect-error not a kind
new PublisherError('x').response.body; // @expect-error an error may have no response
const role: PublishNoteRequest['replyMinimumRole'] = 'only_paid'; // @expect-error replies are open to everyone
const paragraph: NoteParagraph = { type: 'paragraph', content: [{ type: 'text' }] }; // @expect-error a text node needs its text
const doc: NoteBodyJson = { type: 'doc', attrs: { schemaVersion: 'v2' }, content: [] }; // @expect-error the schema version is v1
console.log(total, noteComment, notAlias, more, kind, role, paragraph, doc);
new PublisherNotes(); // @expect-error pages come from getNotes and next()
new Publisher({ apiKey: 'k', fetch: 'https://proxy' }); // @expect-error fetch is a function
new Publisher({ apiKey: 'k', fetch: async () => 'body' }); // @expect-error fetch resolves to a Response
import { markdownToNoteBody } from 'publisher-wasm/markdown';
markdownToNoteBody(42); // @expect-error Markdown is a string
const parsed: { type: 'doc' } = markdownToNoteBody('x'); // @expect-error the body is JSON text
import { markdownToNoteBody as notInMain } from 'publisher-wasm'; // @expect-error the main entry has no Markdown

// Drafts: `send` is never optional, the input is typed.
await client.publishDraft(1, {}); // @expect-error send is required
await client.scheduleDraft(1, new Date(), {}); // @expect-error send is required
await client.scheduleDraft(1, 1767254400000, { send: false }); // @expect-error at is a string or a Date
await client.createDraft({ subtitle: 'x' }); // @expect-error title is required
await client.createDraft({ title: 't', audience: 'friends' }); // @expect-error audience is one of four
const [draft] = await client.getDrafts();
draft.scheduledAt.length; // @expect-error scheduledAt may be null
draft.published.toFixed(); // @expect-error published is a boolean
(await client.checkDraft(1)).errors[0].toFixed(); // @expect-error errors are strings
