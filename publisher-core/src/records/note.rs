//! `PublisherNote` (§2.6): the service's feed items unchanged (http-contract §6.4),
//! checked. The pages they come in are [`super::feed`].

use crate::error::Error;
use crate::json::{JsonDoc, JsonKind};
use crate::record;
use crate::records::schema::{check, Label};

record! {
    /// A user named in a feed item's context.
    pub PublisherContextUser (open) {
        required "id": Integer,
        required "name": String,
        required "handle": String,
        /// Accounts without a picture have none.
        optional "photo_url": String,
        optional "bio": String,
    }
}

record! {
    /// The context of a feed item.
    pub PublisherNoteContext (open) {
        required "type": String,
        required "timestamp": String,
        required "users": List<PublisherContextUser>,
    }
}

record! {
    /// The comment of a note.
    pub PublisherNoteComment (open) {
        required "id": Integer,
        required "body": String,
        optional "body_json": Object,
        required "user_id": Integer,
        required "type": String,
        required "date": String,
    }
}

record! {
    /// A note, or another feed item (interface §2.6): the service's item unchanged. Restacks have no `comment`.
    pub PublisherNote (open) label Label::Key("entity_key"), {
        required "entity_key": String,
        required "type": String,
        required "context": Record<PublisherNoteContext>,
        optional "comment": Record<PublisherNoteComment>,
    }
}

/// Checks one feed item (a note, a restack, a post).
pub fn check_item<D: JsonDoc>(item: &D, label: &dyn Fn() -> String) -> Result<(), Error> {
    check(item, &PublisherNote, label)
}

/// True when the item is a note of its own (it has a comment), not a restack.
pub fn is_note<D: JsonDoc>(item: &D) -> bool {
    item.with_field("comment", |c| c.kind() == JsonKind::Object)
        .unwrap_or(false)
}

/// `GET reader/comment/{id}` as a note: the `item`.
pub fn decode_note_item<D: JsonDoc>(response: D) -> Result<D, Error> {
    let item = response
        .into_field("item")
        .ok_or_else(|| Error::invalid_response("the reader comment response has no `item` field"))?;
    check_item(&item, &|| "the note".to_string())?;
    if !is_note(&item) {
        return Err(Error::invalid_response("the note has no `comment`: it is not a note"));
    }
    Ok(item)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::test_support::fixture;

    #[test]
    fn the_reader_comment_is_a_note() {
        let served = fixture("reader-comment-note.json");
        let item = decode_note_item(served.clone()).unwrap();
        assert_eq!(item["entity_key"], served["item"]["entity_key"]);
        assert!(is_note(&item));
    }
}
