//! `PublisherNote` (§2.6) and the notes page (§2.7), `PublisherUserProfile` (§2.8):
//! the service's feed items unchanged (http-contract §6.4), checked.

use crate::error::Error;
use crate::json::{expect_array, JsonDoc, JsonKind};
use crate::record;
use crate::schema::{check, check_shallow, Label};

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

record! {
    /// A user's activity feed (interface §2.8), and every page of a feed.
    pub PublisherUserProfile (open) {
        required "items": List<PublisherNote>,
        required "originalCursorTimestamp": String,
        /// null (or absent, or empty) at the end of the feed.
        optional "nextCursor": String,
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

/// A checked page `{items, originalCursorTimestamp, nextCursor}`.
#[derive(Debug)]
pub struct FeedPage {
    /// How many items the page holds.
    pub item_count: usize,
    /// The cursor of the next page; `None` at the end. A cursor equal to the one just
    /// sent also ends the feed, so a service that repeats itself cannot loop a walk.
    pub next_cursor: Option<String>,
}

/// Checks a feed page in place (notes, reader feed, profile activity).
pub fn check_feed_page<D: JsonDoc>(page: &D, what: &str, sent_cursor: Option<&str>) -> Result<FeedPage, Error> {
    check_shallow(page, &PublisherUserProfile, &|| what.to_string())?;
    let item_count = page
        .with_field("items", |items| -> Result<usize, Error> {
            let len = expect_array(items, "`items`")?;
            for index in 0..len {
                items
                    .with_item(index, |item| check_item(item, &|| format!("{what}: item [{index}]")))
                    .unwrap_or(Ok(()))?;
            }
            Ok(len)
        })
        .unwrap_or(Ok(0))?;
    let next_cursor = crate::json::string_field(page, "nextCursor")
        .filter(|cursor| !cursor.is_empty() && Some(cursor.as_str()) != sent_cursor);
    Ok(FeedPage {
        item_count,
        next_cursor,
    })
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
    use serde_json::json;

    #[test]
    fn every_feed_fixture_is_a_valid_page() {
        for path in ["notes.json", "profile-feed.json", "profile-notes.json"] {
            let page = fixture(path);
            let checked = check_feed_page(&page, path, None).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(checked.item_count, page["items"].as_array().unwrap().len());
            assert_eq!(checked.next_cursor.as_deref(), page["nextCursor"].as_str(), "{path}");
        }
    }

    #[test]
    fn the_reader_comment_is_a_note() {
        let served = fixture("reader-comment-note.json");
        let item = decode_note_item(served.clone()).unwrap();
        assert_eq!(item["entity_key"], served["item"]["entity_key"]);
        assert!(is_note(&item));
    }

    #[test]
    fn the_end_of_a_feed_is_null_empty_absent_or_a_repeated_cursor() {
        let page =
            |cursor: serde_json::Value| json!({"items": [], "originalCursorTimestamp": "t", "nextCursor": cursor});
        assert!(check_feed_page(&page(json!(null)), "p", None)
            .unwrap()
            .next_cursor
            .is_none());
        assert!(check_feed_page(&page(json!("")), "p", None)
            .unwrap()
            .next_cursor
            .is_none());
        assert!(check_feed_page(&page(json!("abc")), "p", Some("abc"))
            .unwrap()
            .next_cursor
            .is_none());
        assert_eq!(
            check_feed_page(&page(json!("abc")), "p", Some("xyz"))
                .unwrap()
                .next_cursor
                .unwrap(),
            "abc"
        );
        let mut without = page(json!(null));
        without.as_object_mut().unwrap().remove("nextCursor");
        assert!(check_feed_page(&without, "p", None).unwrap().next_cursor.is_none());
    }

    #[test]
    fn a_broken_item_names_the_item_and_field() {
        let mut page = fixture("notes.json");
        page["items"][3]["context"]["users"][0]["id"] = json!("x");
        let error = check_feed_page(&page, "GET /notes", None).unwrap_err();
        assert!(error.message.contains("GET /notes: item [3]"), "{}", error.message);
        assert!(
            error.message.contains("context.users[0]: field `id`"),
            "{}",
            error.message
        );
    }
}
