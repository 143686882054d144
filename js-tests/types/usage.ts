// Compiled by check.mjs under tsc --strict: uses every exported method and reads every
// record field with the type the interface gives it. A wrong .d.ts fails this file.
import { Publisher, PublisherError } from 'publisher-wasm';
import type {
  PaginationParams,
  PublisherConfig,
  PublisherErrorKind,
  PublisherErrorResponse,
  PublisherPost,
  PublisherSearchResult,
  SearchParams,
} from 'publisher-wasm';

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

function readPost(post: PublisherPost): string {
  const id: number = post.id;
  const title: string = post.title;
  const subtitle: string | null | undefined = post.subtitle;
  const slug: string = post.slug;
  const date: string = post.post_date;
  const description: string | null | undefined = post.description;
  const audience: string | null | undefined = post.audience;
  const url: string = post.canonical_url;
  const cover: string | null | undefined = post.cover_image;
  const podcast: string | null | undefined = post.podcast_url;
  const type: 'newsletter' | 'podcast' | 'thread' = post.type;
  const published: boolean = post.published;
  const paywalled: boolean = post.paywalled;
  const further: unknown = post.body_html;
  return [id, title, subtitle, slug, date, description, audience, url, cover, podcast, type, published, paywalled, further].join();
}

const page: PaginationParams = { offset: 0, limit: 10, cursor: 'c' };
const posts: PublisherPost[] = await client.getPosts(page);
await client.getPosts();
posts.map(readPost);
readPost(await client.getPost('slug'));
readPost(await client.getPostById(167180194));
const search: SearchParams = {
  query: '',
  offset: 0,
  limit: 5,
  type: 'podcast',
  published_after: '2025-01-01',
  published_before: '2026-01-01',
};
const found: PublisherSearchResult = await client.searchPosts(search);
const total: number = found.total;
found.results.map(readPost);

try {
  await client.getPostById(-1);
} catch (error) {
  if (error instanceof PublisherError) {
    const kind: PublisherErrorKind = error.kind;
    const status: number | undefined = error.status;
    const response: PublisherErrorResponse | undefined = error.response;
    const body: string | undefined = response?.body;
    const headers: Record<string, string> | undefined = response?.headers;
    const message: string = error.message;
    const asError: Error = error;
    console.log(kind, status, body, headers, message, asError, total, error.toJSON().kind);
  }
}
