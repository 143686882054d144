//! Feed pages (`{items, originalCursorTimestamp, nextCursor}`): the notes feed, a
//! user's activity feed (`PublisherUserProfile`, interface §2.8) and every page of a
//! profile's notes, each checked item by item as a [`super::note`] feed item.

use crate::error::Error;
use crate::json::JsonDoc;
use crate::record;
use crate::records::note::{check_item, PublisherNote};
use crate::records::schema::check_shallow;
use crate::records::schema::expect_array;

record! {
    /// A user's activity feed (interface §2.8), and every page of a feed.
    pub PublisherUserProfile (open) {
        required "items": List<PublisherNote>,
        required "originalCursorTimestamp": String,
        /// null (or absent, or empty) at the end of the feed.
        optional "nextCursor": String,
    }
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
