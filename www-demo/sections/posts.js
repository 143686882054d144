// Posts: the list with paging and search, one post by slug or by id with its fields
// (the derived `published` and `paywalled` among them), its comments, and one comment.
import { $, badge, date, errorView, fields, h, show } from '../lib/dom.js';

const PAGE = 10;

export async function setupPosts({ client }) {
  let offset = 0;
  let search = null;

  function postItem(post) {
    return h('li', { dataset: { id: post.id, slug: post.slug } },
      h('button', { class: 'link', onclick: () => openPost(() => client.getPost(post.slug)) }, post.title),
      h('div', { class: 'meta' },
        badge(post.type), badge(post.paywalled ? 'paywalled' : 'free'),
        ` ${date(post.post_date)}`, post.subtitle ? ` — ${post.subtitle}` : ''));
  }

  function list(posts, total) {
    $('post-list').replaceChildren(...posts.map(postItem));
    $('post-list').start = offset + 1;
    $('status').className = '';
    const range = posts.length ? `${offset + 1}–${offset + posts.length}` : 'none';
    $('status').textContent = total === undefined ? `Posts ${range}` : `${total} posts match; showing ${range}`;
    $('previous').disabled = offset === 0;
    $('next').disabled = posts.length < PAGE;
    if (posts[0] && !$('post-slug').value) {
      $('post-slug').value = posts[0].slug;
      $('post-id').value = posts[0].id;
    }
  }

  async function load() {
    $('status').textContent = 'Loading…';
    $('posts').dataset.state = 'loading';
    try {
      if (search) {
        const result = await client.searchPosts({ ...search, offset, limit: PAGE });
        list(result.results, result.total);
      } else {
        list(await client.getPosts({ offset, limit: PAGE }));
      }
    } catch (error) {
      $('post-list').replaceChildren();
      $('status').replaceChildren(errorView(error));
    }
    $('posts').dataset.state = 'ready';
  }

  function openPost(read) {
    $('comment-detail').replaceChildren();
    return show($('post-detail'), async () => {
      const post = await read();
      const comments = await client.getComments(post.id, { limit: 20 });
      return h('article', { class: 'card', dataset: { postId: post.id } },
        h('h3', null, post.title),
        fields([
          ['id', post.id],
          ['slug', h('code', null, post.slug)],
          ['type', post.type],
          ['audience', post.audience],
          ['post_date', date(post.post_date)],
          ['published', String(post.published)],
          ['paywalled', String(post.paywalled)],
          ['comment_count', post.comment_count],
          ['wordcount', post.wordcount],
          ['canonical_url', h('code', null, post.canonical_url)],
        ]),
        h('h4', null, `Comments (${comments.length})`),
        h('ol', { class: 'comments' }, comments.map((comment) => h('li', { dataset: { commentId: comment.id } },
          h('div', { class: 'meta' }, `${comment.author.name}${comment.author.is_admin ? ' (admin)' : ''} · ${date(comment.created_at)}`),
          h('p', null, comment.body),
          h('button', { class: 'small', onclick: () => openComment(comment.id) }, `Open comment ${comment.id}`)))));
    });
  }

  function openComment(id) {
    return show($('comment-detail'), async () => {
      const comment = await client.getComment(id);
      return h('article', { class: 'card', dataset: { commentId: comment.id } },
        h('h4', null, `Comment ${comment.id} (getComment)`),
        fields([
          ['id', comment.id],
          ['author', `${comment.author.name} (user ${comment.author.id})`],
          ['created_at', date(comment.created_at)],
          ['parent_post_id', comment.parent_post_id],
          ['body', comment.body],
        ]));
    });
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
  $('open-slug').onsubmit = (event) => {
    event.preventDefault();
    openPost(() => client.getPost($('post-slug').value.trim()));
  };
  $('open-id').onsubmit = (event) => {
    event.preventDefault();
    openPost(() => client.getPostById(Number($('post-id').value)));
  };
  await load();
}
