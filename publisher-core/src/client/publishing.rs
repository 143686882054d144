//! Writing notes beyond plain text (http-contract-writes): image uploads and attachments
//! made before the publish, replies, deletion, and a publish that finds out what happened
//! when its answer is lost.

use super::notes::NotesFeed;
use super::notes::MAYBE_PUBLISHED;
use super::{outcome_unknown, still_unknown, Client, Doc};
use crate::error::Error;
use crate::http::operation::{Delivery, Operation, Path};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::{Id, NoteId};
use crate::json::{push_string, JsonDoc};
pub use crate::notes::composer::{Attachment, NoteToPublish};
use crate::notes::document::NoteRequest;
use crate::notes::image::ImageData;
use crate::notes::read_back::{SentNote, StoredNote};
#[cfg(feature = "markdown")]
use crate::post_body::document::UploadedImage;
use crate::records::publish;

/// `POST <main>/image` with `{"image":"data:…"}`. Sending it twice leaves at most an unused
/// upload, so it is retried like a read.
pub(crate) struct UploadImage<'a> {
    data_uri: &'a str,
}

impl Operation for UploadImage<'_> {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "image";
    fn path(&self, path: &mut Path) {
        path.literal("image");
    }
    fn body(&self) -> Option<String> {
        let mut body = String::from(r#"{"image":"#);
        push_string(&mut body, self.data_uri);
        body.push('}');
        Some(body)
    }
}

/// `POST <main>/comment/attachment/` with `{"url","type"}`; retried like a read (an orphan
/// attachment is all a second one leaves).
pub(crate) struct CreateAttachment<'a> {
    kind: &'static str,
    url: &'a str,
}

impl Operation for CreateAttachment<'_> {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "comment/attachment/";
    fn path(&self, path: &mut Path) {
        path.literal("comment/attachment/");
    }
    fn body(&self) -> Option<String> {
        let mut body = String::from(r#"{"type":"#);
        push_string(&mut body, self.kind);
        body.push_str(r#","url":"#);
        push_string(&mut body, self.url);
        body.push('}');
        Some(body)
    }
}

/// `POST <main>/comment/feed` with a rich note, at most once.
pub(crate) struct PublishRichNote {
    body: String,
}

impl Operation for PublishRichNote {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "comment/feed";
    const DELIVERY: Delivery = Delivery::AtMostOnce(MAYBE_PUBLISHED);
    fn path(&self, path: &mut Path) {
        path.literal("comment/feed");
    }
    fn body(&self) -> Option<String> {
        Some(self.body.clone())
    }
}

/// `DELETE <main>/comment/<id>`. Deleting twice does no harm (the second answers 404),
/// so it is retried like a read.
pub(crate) struct DeleteComment {
    id: u64,
}

impl Operation for DeleteComment {
    const METHOD: Method = Method::Delete;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "comment/<noteId>";
    fn path(&self, path: &mut Path) {
        path.literal("comment").segment(self.id);
    }
}

/// `GET <main>/reader/comment/<id>/replies`: `{commentBranches:[{comment, descendantComments}]}`.
pub(crate) struct Replies {
    id: u64,
}

impl Operation for Replies {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "reader/comment/<noteId>/replies";
    fn path(&self, path: &mut Path) {
        path.literal("reader/comment").segment(self.id).literal("replies");
    }
}

/// The most pages of the account's notes one read-back reads.
pub const READ_BACK_PAGES: usize = 5;

/// How long to wait before reading the feed a second time when the note was not in it.
pub const READ_BACK_RETRY_MS: u64 = 1000;

/// What `deleteNote` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deletion {
    /// The note was deleted by this call.
    Deleted,
    /// The note was already gone (404): deleted before, or never there.
    AlreadyGone,
}

impl<T: Transport> Client<T> {
    /// Uploads an image; resolves to its URL on the service's media host.
    pub async fn upload_image(&self, image: &ImageData) -> Result<String, Error> {
        let operation = UploadImage {
            data_uri: &image.data_uri,
        };
        self.send(&operation, |response| {
            string_field(&response, "url").ok_or_else(|| Error::invalid_response("the uploaded image has no url"))
        })
        .await
    }

    /// Uploads an image for a post: its URL and what the editor's `image2` takes from the
    /// answer (`imageWidth`, `imageHeight`, `bytes`, `contentType`; the size and type read
    /// from the bytes where the answer lacks them).
    #[cfg(feature = "markdown")]
    pub async fn upload_post_image(&self, image: &ImageData) -> Result<UploadedImage, Error> {
        let operation = UploadImage {
            data_uri: &image.data_uri,
        };
        self.send(&operation, |response| {
            let url = string_field(&response, "url")
                .ok_or_else(|| Error::invalid_response("the uploaded image has no url"))?;
            let whole = |key: &'static str| {
                response
                    .with_field(key, JsonDoc::as_f64)
                    .flatten()
                    .and_then(crate::ids::safe_integer)
            };
            Ok(UploadedImage {
                url,
                width: whole("imageWidth"),
                height: whole("imageHeight"),
                bytes: whole("bytes").or(u64::try_from(image.bytes).ok()),
                content_type: string_field(&response, "contentType").or_else(|| Some(image.mime.to_string())),
            })
        })
        .await
    }

    /// Creates an attachment (`link` or `image`) and resolves to its id.
    pub async fn create_attachment(&self, url: &str, kind: &'static str) -> Result<String, Error> {
        self.send(&CreateAttachment { url, kind }, |response| {
            string_field(&response, "id").ok_or_else(|| Error::invalid_response("the attachment has no id"))
        })
        .await
    }

    /// Makes the attachments in order, then publishes the note once. When the publish fails
    /// with an unknown outcome, reads the account's notes (or the parent's replies) back and
    /// resolves with the note if it was created; rejects `maybe-published` only when it
    /// cannot tell.
    pub async fn publish(&self, note: &NoteToPublish) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("publishNote");
        if note.doc.content.is_empty() && note.attachments.is_empty() {
            return Err(Error::invalid_argument("a note needs some text or an attachment"));
        }
        let mut attachment_ids = Vec::with_capacity(note.attachments.len());
        for attachment in &note.attachments {
            let id = match attachment {
                Attachment::Link(url) => self.create_attachment(url, "link").await?,
                Attachment::Image(image) => {
                    let url = self.upload_image(image).await?;
                    self.create_attachment(&url, "image").await?
                }
            };
            attachment_ids.push(id);
        }
        let parent_id = note.parent.map(|id| id.get());
        let body = NoteRequest::new(&note.doc, &attachment_ids, parent_id).to_json();
        let sent_at_ms = self.transport().now_ms();
        let published = self
            .send(&PublishRichNote { body }, |response| {
                publish::check_publish_response(&response)?;
                Ok(response)
            })
            .await;
        let error = match published {
            Ok(response) => return Ok(response),
            Err(error) => error,
        };
        if !outcome_unknown(&error) {
            return Err(error);
        }
        let sent = SentNote {
            text: note.doc.text(),
            attachment_ids,
            parent_id,
            sent_at_ms,
            user_id: None,
        };
        match self.read_back(&sent).await {
            Ok(Some(found)) => Ok(found),
            Ok(None) => Err(still_unknown(
                error,
                MAYBE_PUBLISHED,
                "read back, the account's newest notes do not show it (the feed may lag)",
            )),
            Err(read_error) => Err(still_unknown(
                error,
                MAYBE_PUBLISHED,
                &format!("reading the notes back failed too ({})", read_error.message),
            )),
        }
    }

    /// Looks for `sent` among the account's newest notes (or the parent's replies), twice,
    /// a moment apart.
    async fn read_back(&self, sent: &SentNote) -> Result<Option<Doc<T>>, Error> {
        for attempt in 0..2 {
            if attempt > 0 {
                self.transport().sleep(READ_BACK_RETRY_MS).await?;
            }
            let found = match sent.parent_id {
                None => self.find_own_note(sent).await?,
                Some(id) => {
                    self.send(&Replies { id }, |page| Ok(find_in_replies(page, sent)))
                        .await?
                }
            };
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }

    /// The sent note among the account's newest notes: page after page (`GET <main>/notes`,
    /// then its `nextCursor`) while every note of a page is recent enough to be it, so a
    /// note pushed off the first page by others published since is still found; at most
    /// [`READ_BACK_PAGES`] pages.
    async fn find_own_note(&self, sent: &SentNote) -> Result<Option<Doc<T>>, Error> {
        let mut cursor: Option<String> = None;
        for _ in 0..READ_BACK_PAGES {
            let page = NotesFeed {
                cursor: cursor.as_deref(),
                limit: None,
            };
            let (found, next) = self.send(&page, |page| Ok(search_notes_page(page, sent))).await?;
            match (found, next) {
                (Some(found), _) => return Ok(Some(found)),
                (None, Some(next)) => cursor = Some(next),
                (None, None) => break,
            }
        }
        Ok(None)
    }

    /// `deleteNote(id)`: `DELETE <main>/api/v1/comment/<id>`. A note already gone (404) is
    /// not an error: the call resolves with [`Deletion::AlreadyGone`].
    pub async fn delete_note(&self, id: NoteId) -> Result<Deletion, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("deleteNote");
        match self.send(&DeleteComment { id: id.get() }, |_| Ok(())).await {
            Ok(()) => Ok(Deletion::Deleted),
            Err(error) if error.status == Some(404) => Ok(Deletion::AlreadyGone),
            Err(error) => Err(error),
        }
    }
}

fn string_field<D: JsonDoc>(doc: &D, key: &'static str) -> Option<String> {
    doc.with_field(key, JsonDoc::as_string)
        .flatten()
        .filter(|value| !value.is_empty())
}

/// The fields of a stored comment the read-back compares, owned.
struct Candidate {
    id: u64,
    body: String,
    date: String,
    attachment_ids: Vec<String>,
    ancestor_path: String,
    user_id: Option<u64>,
}

fn candidate<D: JsonDoc>(comment: &D) -> Option<Candidate> {
    let id = comment.with_field("id", JsonDoc::as_f64).flatten()?;
    let attachment_ids = comment
        .with_field("attachments", |attachments| {
            (0..attachments.array_len().unwrap_or(0))
                .filter_map(|i| attachments.with_item(i, |a| string_field(a, "id")).flatten())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    Some(Candidate {
        id: id as u64,
        body: string_field(comment, "body").unwrap_or_default(),
        date: string_field(comment, "date")?,
        attachment_ids,
        ancestor_path: string_field(comment, "ancestor_path").unwrap_or_default(),
        user_id: comment
            .with_field("user_id", JsonDoc::as_f64)
            .flatten()
            .map(|id| id as u64),
    })
}

fn matches(sent: &SentNote, candidate: &Candidate) -> bool {
    sent.matches(&StoredNote {
        id: candidate.id,
        body: &candidate.body,
        date: &candidate.date,
        attachment_ids: candidate.attachment_ids.iter().map(String::as_str).collect(),
        ancestor_path: &candidate.ancestor_path,
        user_id: candidate.user_id,
    })
}

/// The newest `items[].comment` of a notes page that is the sent note, taken out of the page.
/// The sent note on a page of the account's notes and, when it is not there and every
/// note of the page is recent enough to have been stored after it, the cursor of the next
/// page.
fn search_notes_page<D: JsonDoc>(page: D, sent: &SentNote) -> (Option<D>, Option<String>) {
    let next = page
        .with_field("nextCursor", JsonDoc::as_string)
        .flatten()
        .filter(|c| !c.is_empty());
    let all_recent = page
        .with_field("items", |items| {
            (0..items.array_len().unwrap_or(0)).all(|index| {
                items
                    .with_item(index, |item| {
                        item.with_field("comment", |comment| {
                            string_field(comment, "date").is_some_and(|date| sent.is_recent(&date))
                        })
                    })
                    .flatten()
                    .unwrap_or(false)
            })
        })
        .unwrap_or(false);
    match find_in_notes(page, sent) {
        Some(found) => (Some(found), None),
        None => (None, next.filter(|_| all_recent)),
    }
}

fn find_in_notes<D: JsonDoc>(page: D, sent: &SentNote) -> Option<D> {
    let mut items = page.into_field("items")?;
    let mut best: Option<(u64, usize)> = None;
    for index in 0..items.array_len().unwrap_or(0) {
        let found = items
            .with_item(index, |item| {
                item.with_field("comment", |comment| {
                    candidate(comment).filter(|c| matches(sent, c)).map(|c| c.id)
                })
            })
            .flatten()
            .flatten();
        if let Some(id) = found {
            if best.is_none_or(|(best_id, _)| id > best_id) {
                best = Some((id, index));
            }
        }
    }
    let (_, index) = best?;
    items.take_item(index)?.into_field("comment")
}

/// The sent reply among the parent's replies (`commentBranches[].comment` and their
/// `descendantComments[]`), taken out of the page.
fn find_in_replies<D: JsonDoc>(page: D, sent: &SentNote) -> Option<D> {
    let mut branches = page.into_field("commentBranches")?;
    for index in 0..branches.array_len().unwrap_or(0) {
        let branch = branches.take_item(index)?;
        let direct = branch
            .with_field("comment", |comment| {
                candidate(comment).is_some_and(|c| matches(sent, &c))
            })
            .unwrap_or(false);
        if direct {
            return branch.into_field("comment");
        }
        if let Some(mut descendants) = branch.into_field("descendantComments") {
            for inner in 0..descendants.array_len().unwrap_or(0) {
                let hit = descendants
                    .with_item(inner, |comment| candidate(comment).is_some_and(|c| matches(sent, &c)))
                    .unwrap_or(false);
                if hit {
                    return descendants.take_item(inner);
                }
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "publishing_tests.rs"]
mod tests;
