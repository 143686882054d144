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
const profile = await client.getPublicProfile('h');
const subscribers: number = profile.subscriberCount; // @expect-error subscriberCount is a string
await client.getPostsById(1, { offset: '2' }); // @expect-error offset is a number
await client.getNotesById(1, { offset: 2 }); // @expect-error note reads take no offset
const ids: string[] = await client.getFollowingIds(); // @expect-error ids are numbers
new Publisher({ apiKey: 'k', retry: true }); // @expect-error retry is false or options
await client.getFollowingProfiles({ onProgress: (done: string) => done }); // @expect-error progress gets numbers
console.log(notBuilder, subscribers, ids);
console.log(n);
