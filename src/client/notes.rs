//! Notes: `getNotes` pages, `getNoteById`, and publishing.

use super::{Client, Doc};
use crate::args::{self, Arg};
use crate::error::Error;
use crate::records::{note, publish};
use crate::request::{Endpoint, Host};
use crate::transport::Transport;

/// One page of a notes feed.
pub struct NotesPage<D> {
    /// `{items, originalCursorTimestamp, nextCursor}` as the service sent it.
    pub page: D,
    /// The cursor of the next page: `None` at the end of the feed.
    pub next_cursor: Option<String>,
}

impl<T: Transport> Client<T> {
    /// `getNotes({cursor, limit})`: `GET <main>/api/v1/notes?cursor&limit` (each when given).
    pub async fn get_notes(&self, cursor: &Arg, limit: &Arg) -> Result<NotesPage<Doc<T>>, Error> {
        let cursor = args::optional_nonempty_string("cursor", cursor)?;
        let limit = args::positive_integer("limit", limit)?;
        let endpoint = Endpoint::get(Host::Main, &["notes"])
            .query("cursor", cursor.as_deref())
            .query("limit", limit);
        self.fetch(endpoint, |page| {
            let checked = note::check_feed_page(&page, "the notes page", cursor.as_deref())?;
            Ok(NotesPage {
                page,
                next_cursor: checked.next_cursor,
            })
        })
        .await
    }

    /// `getNoteById(id)`: `GET <main>/api/v1/reader/comment/<id>`, the `item`.
    pub async fn get_note_by_id(&self, note_id: &Arg) -> Result<Doc<T>, Error> {
        let id = args::id("noteId", note_id)?;
        self.fetch(
            Endpoint::get(Host::Main, &["reader", "comment", &id.to_string()]),
            note::decode_note_item,
        )
        .await
    }

    /// `publishNote(text)`: one paragraph of plain text.
    pub async fn publish_note(&self, text: &Arg) -> Result<Doc<T>, Error> {
        let text = match text {
            Arg::Str(text) => text.as_str(),
            other => {
                return Err(Error::invalid_argument(format!(
                    "publishNote(text) needs a string, got {}",
                    args::describe(other)
                )))
            }
        };
        let draft = publish::NoteDraft::new(Some(text))
            .map_err(|_| Error::invalid_argument("publishNote(text) needs a non-empty text"))?;
        self.publish_draft(&draft).await
    }

    /// `POST <main>/api/v1/comment/feed` with the draft's `PublishNoteRequest`.
    pub async fn publish_draft(&self, draft: &publish::NoteDraft) -> Result<Doc<T>, Error> {
        let body = draft.request_body()?;
        self.fetch(
            Endpoint::post_json(Host::Main, &["comment", "feed"], body),
            |response| {
                publish::check_publish_response(&response)?;
                Ok(response)
            },
        )
        .await
    }
}
