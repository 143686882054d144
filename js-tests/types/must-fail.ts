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
console.log(n);
