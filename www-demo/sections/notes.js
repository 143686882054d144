// Notes: the signed-in user's feed page by page with next(), the same feed walked with
// for await, one note by id, and a profile's notes by handle and by user id.
import { $, date, errorView, fields, h, show } from '../lib/dom.js';

/** One feed item: a note, or a restack of a post. */
export function noteItem(note) {
  const author = note.context?.users?.[0] ?? (note.comment?.name ? { name: note.comment.name } : undefined);
  const comment = note.comment;
  return h('li', { class: 'note', dataset: { entityKey: note.entity_key, noteId: comment?.id ?? '' } },
    h('div', { class: 'meta' }, `${author?.name ?? 'someone'} · ${note.type} · ${date(comment?.date ?? note.context?.timestamp)}`),
    comment ? h('p', null, comment.body) : h('p', { class: 'muted' }, `(a ${note.context?.type ?? 'post'} without text)`));
}

/**
 * A feed item with its actions: Reply (picks it as the composer's reply-to) and, on the
 * account's own notes, Delete (deleteNote).
 */
function feedItem(note, { client, info }) {
  const item = noteItem(note);
  const comment = note.comment;
  if (!comment) return item;
  const reply = h('button', { type: 'button', class: 'small', dataset: { replyTo: comment.id } }, 'Reply');
  reply.onclick = () => {
    document.dispatchEvent(new CustomEvent('compose:reply-to', { detail: { id: comment.id, body: comment.body } }));
  };
  const actions = h('div', { class: 'actions' }, reply);
  if (comment.user_id === info.account.id) {
    const remove = h('button', { type: 'button', class: 'small danger', dataset: { deleteNote: comment.id } }, 'Delete');
    remove.onclick = async () => {
      remove.disabled = true;
      $('notes').dataset.state = 'loading';
      try {
        const outcome = await client.deleteNote(comment.id);
        item.classList.add('gone');
        actions.replaceChildren(h('span', { class: 'deleted', role: 'status', dataset: { deleted: outcome.deleted } },
          `deleteNote(${comment.id}) → ${JSON.stringify(outcome)}`));
        document.dispatchEvent(new CustomEvent('compose:deleted', { detail: { id: comment.id } }));
      } catch (error) {
        actions.replaceChildren(errorView(error));
      } finally {
        $('notes').dataset.state = 'ready';
      }
    };
    actions.append(remove);
  }
  item.append(actions);
  return item;
}

export function setupNotes({ client, info }) {
  const feedNote = (note) => feedItem(note, { client, info });
  let page = null;
  let pages = 0;
  let walk = null;
  const status = (text) => { $('feed-status').textContent = text; };

  async function loadFeed() {
    $('feed').replaceChildren();
    pages = 0;
    page = null;
    await more();
  }

  async function more() {
    $('feed-more').disabled = true;
    $('notes').dataset.state = 'loading';
    try {
      page = page ? await page.next() : await client.getNotes();
      if (page) {
        pages += 1;
        $('feed').append(...page.items.map(feedNote));
        const withText = page.items.find((note) => note.comment);
        if (withText && !$('note-id').value) $('note-id').value = withText.comment.id;
      }
      status(`${$('feed').children.length} notes in ${pages} page${pages === 1 ? '' : 's'}${page?.hasMore() ? '; more to read' : '; that is the whole feed'}`);
      $('feed-more').disabled = !page?.hasMore();
    } catch (error) {
      $('feed-status').replaceChildren(errorView(error));
    }
    $('notes').dataset.state = 'ready';
  }

  async function walkAll() {
    walk = new AbortController();
    $('feed-walk').disabled = true;
    $('feed-walk-stop').disabled = false;
    $('notes').dataset.state = 'loading';
    $('feed').replaceChildren();
    let count = 0;
    try {
      const first = await client.getNotes({}, { signal: walk.signal });
      for await (const note of first) {
        count += 1;
        $('feed').append(feedNote(note));
        status(`for await: ${count} notes so far…`);
      }
      status(`for await read the whole feed: ${count} notes`);
    } catch (error) {
      $('feed-status').replaceChildren(`for await stopped after ${count} notes. `, errorView(error));
    } finally {
      page = null;
      $('feed-more').disabled = true;
      $('feed-walk').disabled = false;
      $('feed-walk-stop').disabled = true;
      $('notes').dataset.state = 'ready';
    }
  }

  const someone = info.users.find((user) => user.followed && user.notes > 0) ?? info.users[0];
  $('notes-handle').value = someone.handle;
  $('notes-user').value = someone.id;

  $('feed-load').onclick = loadFeed;
  $('feed-more').onclick = more;
  $('feed-walk').onclick = walkAll;
  $('feed-walk-stop').onclick = () => walk?.abort(new Error('stopped from the page'));
  $('note-by-id').onsubmit = (event) => {
    event.preventDefault();
    show($('note-detail'), async () => {
      const note = await client.getNoteById(Number($('note-id').value));
      return h('article', { class: 'card' }, h('h3', null, `Note ${note.comment?.id} (getNoteById)`),
        fields([
          ['author', note.context?.users?.[0]?.name ?? note.comment?.name],
          ['date', date(note.comment?.date)],
          ['type', note.type],
          ['body', note.comment?.body],
        ]));
    });
  };
  const profileNotes = (label, read) => show($('profile-notes'), async () => {
    const notes = await read();
    return [h('p', { role: 'status' }, `${notes.length} notes ${label}`), h('ol', { class: 'notes' }, notes.map(noteItem))];
  });
  $('notes-by-handle').onsubmit = (event) => {
    event.preventDefault();
    const handle = $('notes-handle').value.trim();
    profileNotes(`of @${handle} (getNotesBySlug)`, () => client.getNotesBySlug(handle, { limit: 5 }));
  };
  $('notes-by-user').onsubmit = (event) => {
    event.preventDefault();
    const id = Number($('notes-user').value);
    profileNotes(`of user ${id} (getNotesById)`, () => client.getNotesById(id, { limit: 5 }));
  };
  $('notes').dataset.state = 'ready';
}
