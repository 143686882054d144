//! Notes: `getNotes` pages, `getNoteById`, and publishing.

use super::paging::Page;
use super::{Client, Doc};
use crate::error::Error;
use crate::http::operation::{Operation, Path, Query, UncertainOutcome};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::{Id, NoteId};
use crate::notes::composer::NoteComposer;
pub use crate::params::NotesParams;
use crate::records::{feed, note};

/// `GET <main>/notes?cursor&limit`: a page of the account's notes feed.
pub(crate) struct NotesFeed<'a> {
    pub(crate) cursor: Option<&'a str>,
    pub(crate) limit: Option<u64>,
}

impl Operation for NotesFeed<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "notes?cursor&limit";
    fn path(&self, path: &mut Path) {
        path.literal("notes");
    }
    fn query(&self, query: &mut Query) {
        query.opt("cursor", self.cursor).opt("limit", self.limit);
    }
}

/// `GET <main>/reader/comment/<id>`: `{item}`, a note or a comment.
pub(crate) struct ReaderComment {
    pub(crate) id: u64,
}

impl Operation for ReaderComment {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "reader/comment/<id>";
    fn path(&self, path: &mut Path) {
        path.literal("reader/comment").segment(self.id);
    }
}

/// How a publish whose outcome is unknown fails.
pub const MAYBE_PUBLISHED: UncertainOutcome = UncertainOutcome {
    kind: "maybe-published",
    advice: "the note may have been published and was not sent again: check the feed before publishing again",
};

impl<T: Transport> Client<T> {
    /// `getNotes({cursor, limit})`: `GET <main>/api/v1/notes?cursor&limit` (each when given).
    pub async fn get_notes(&self, params: &NotesParams) -> Result<Page<Doc<T>>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getNotes");
        let cursor = params.cursor.as_deref();
        let request = NotesFeed {
            cursor,
            limit: params.limit,
        };
        self.send(&request, |page| {
            let checked = feed::check_feed_page(&page, "the notes page", cursor)?;
            Ok(Page {
                page,
                next_cursor: checked.next_cursor,
            })
        })
        .await
    }

    /// `getNoteById(id)`: `GET <main>/api/v1/reader/comment/<id>`, the `item`.
    pub async fn get_note_by_id(&self, id: NoteId) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getNoteById");
        self.send(&ReaderComment { id: id.get() }, note::decode_note_item).await
    }

    /// `publishNote(text)`: one paragraph of plain text, published as [`Client::publish`] does.
    pub async fn publish_note(&self, text: &str) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("publishNote");
        if text.trim().is_empty() {
            let what = if text.is_empty() {
                "a non-empty text"
            } else {
                "a text that is not only whitespace"
            };
            return Err(Error::invalid_argument(format!("publishNote(text) needs {what}")));
        }
        let note = NoteComposer::new(Some(text))?;
        self.publish(&note.to_publish()?).await
    }
}
