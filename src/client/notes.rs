//! Notes: `getNotes` pages, `getNoteById`, and publishing.

use super::paging::Page;
use super::{Client, Doc};
use crate::error::Error;
use crate::http::{Host, Method};
use crate::note_draft::NoteDraft;
use crate::operation::{Delivery, Operation, Path, Query, UncertainOutcome};
use crate::params::{Id, NoteId};
use crate::records::{note, publish};
use crate::transport::Transport;

/// `GET <main>/notes?cursor&limit`: a page of the account's notes feed.
struct NotesFeed<'a> {
    cursor: Option<&'a str>,
    limit: Option<u64>,
}

impl Operation for NotesFeed<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
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
    fn path(&self, path: &mut Path) {
        path.literal("reader/comment").segment(self.id);
    }
}

/// How a publish whose outcome is unknown fails.
pub const MAYBE_PUBLISHED: UncertainOutcome = UncertainOutcome {
    kind: "maybe-published",
    advice: "the note may have been published and was not sent again: check the feed before publishing again",
};

/// `POST <main>/comment/feed` with a `PublishNoteRequest`: publishes a note, at most once.
struct PublishNote {
    body: String,
}

impl Operation for PublishNote {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Main;
    const DELIVERY: Delivery = Delivery::AtMostOnce(MAYBE_PUBLISHED);
    fn path(&self, path: &mut Path) {
        path.literal("comment/feed");
    }
    fn body(&self) -> Option<String> {
        Some(self.body.clone())
    }
}

/// `getNotes` parameters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NotesParams {
    /// The `nextCursor` of the previous page.
    pub cursor: Option<String>,
    /// Notes wanted.
    pub limit: Option<u64>,
}

impl<T: Transport> Client<T> {
    /// `getNotes({cursor, limit})`: `GET <main>/api/v1/notes?cursor&limit` (each when given).
    pub async fn get_notes(&self, params: &NotesParams) -> Result<Page<Doc<T>>, Error> {
        let cursor = params.cursor.as_deref();
        let request = NotesFeed {
            cursor,
            limit: params.limit,
        };
        self.send(&request, |page| {
            let checked = note::check_feed_page(&page, "the notes page", cursor)?;
            Ok(Page {
                page,
                next_cursor: checked.next_cursor,
            })
        })
        .await
    }

    /// `getNoteById(id)`: `GET <main>/api/v1/reader/comment/<id>`, the `item`.
    pub async fn get_note_by_id(&self, id: NoteId) -> Result<Doc<T>, Error> {
        self.send(&ReaderComment { id: id.get() }, note::decode_note_item).await
    }

    /// `publishNote(text)`: one paragraph of plain text.
    pub async fn publish_note(&self, text: &str) -> Result<Doc<T>, Error> {
        let draft = NoteDraft::new(Some(text))
            .map_err(|_| Error::invalid_argument("publishNote(text) needs a non-empty text"))?;
        self.publish_draft(&draft).await
    }

    /// `POST <main>/api/v1/comment/feed` with the draft's `PublishNoteRequest`.
    pub async fn publish_draft(&self, draft: &NoteDraft) -> Result<Doc<T>, Error> {
        let request = PublishNote {
            body: draft.request_body()?,
        };
        self.send(&request, |response| {
            publish::check_publish_response(&response)?;
            Ok(response)
        })
        .await
    }
}
