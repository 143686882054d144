// Lists the posts of the local service's publication with the package, as a page
// would: the session comes from signing in (browsers do not let scripts set Cookie).
import { Publisher, PublisherError } from 'publisher-wasm';

const params = new URLSearchParams(location.search);
const serviceUrl = params.get('service') ?? 'http://127.0.0.1:8787';
const apiKey = params.get('key') ?? 'local-key';
const PAGE = 10;

const $ = (id) => document.getElementById(id);
$('service').textContent = serviceUrl;

let offset = 0;
let search = null;
const client = new Publisher({ apiKey, baseUrl: serviceUrl });

function show(posts, total) {
  const list = $('posts');
  list.replaceChildren(...posts.map((post) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = post.canonical_url;
    link.textContent = post.title;
    const meta = document.createElement('div');
    meta.className = 'meta';
    const badges = [post.type, post.paywalled ? 'paywalled' : 'free'].map((text) => {
      const badge = document.createElement('span');
      badge.className = `badge ${text}`;
      badge.textContent = text;
      return badge;
    });
    meta.append(...badges, new Date(post.post_date).toLocaleDateString(), post.subtitle ? ` — ${post.subtitle}` : '');
    item.append(link, meta);
    return item;
  }));
  list.start = offset + 1;
  $('status').className = '';
  $('status').textContent = total === undefined
    ? `Posts ${offset + 1}–${offset + posts.length}`
    : `${total} posts match; showing ${posts.length ? `${offset + 1}–${offset + posts.length}` : 'none'}`;
  $('previous').disabled = offset === 0;
  $('next').disabled = posts.length < PAGE;
  document.body.dataset.loaded = String(posts.length);
}

async function load() {
  $('status').textContent = 'Loading…';
  try {
    if (search) {
      const result = await client.searchPosts({ ...search, offset, limit: PAGE });
      show(result.results, result.total);
    } else {
      show(await client.getPosts({ offset, limit: PAGE }));
    }
  } catch (error) {
    $('status').className = 'error';
    $('status').textContent = error instanceof PublisherError
      ? `${error.kind}${error.status ? ` ${error.status}` : ''}: ${error.message}`
      : String(error);
    document.body.dataset.loaded = 'error';
  }
}

$('next').onclick = () => { offset += PAGE; load(); };
$('previous').onclick = () => { offset = Math.max(0, offset - PAGE); load(); };
$('search').onsubmit = (event) => {
  event.preventDefault();
  const query = $('query').value;
  const type = $('type').value || undefined;
  search = query || type ? { query, type } : null;
  offset = 0;
  load();
};

// The local service's sign-in sets the session cookie, as a real sign-in would.
const signIn = await fetch(`${serviceUrl}/__local/sign-in`, {
  method: 'POST',
  credentials: 'include',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ apiKey }),
});
if (!signIn.ok) {
  $('status').className = 'error';
  $('status').textContent = `sign-in failed: HTTP ${signIn.status}`;
} else {
  await load();
}
