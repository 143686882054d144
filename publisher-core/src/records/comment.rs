//! `PublisherComment` (interface §2.4), mapped from the fields the service really
//! sends (http-contract §6.2). The service's own fields stay; the interface's names
//! are added beside them.

use crate::error::Error;
use crate::json::{JsonDoc, JsonKind};
use crate::record;
use crate::records::schema::expect_array;
use crate::records::schema::{check, Label};

record! {
    /// The author of a comment.
    pub PublisherCommentAuthor () {
        derived "id": Integer,
        derived "name": String,
        /// Present when the service says.
        derived_optional "is_admin": Bool,
    }
}

record! {
    /// A comment (interface §2.4), with the service's own fields (`date`, `post_id`, `user_id`, `name`, `handle`, …) beside the interface's.
    pub PublisherComment (open) label Label::Id, {
        required "id": Integer,
        required "body": String,
        /// ISO date the service gives.
        required "date": String,
        required "user_id": Integer,
        /// The author's name.
        required "name": String,
        /// A note's comment has no post: null, which the interface's number cannot hold.
        optional "post_id": Integer,
        optional "author_is_admin": Bool,
        /// ISO date (the service's `date`).
        derived "created_at": String,
        /// The post commented on (the service's `post_id`); null for a note, which belongs to no post.
        derived_nullable "parent_post_id": Integer,
        derived "author": Record<PublisherCommentAuthor>,
    }
}

/// Checks a service comment and adds `created_at`, `parent_post_id` and `author`.
pub fn decode_comment<D: JsonDoc>(comment: &mut D, label: &dyn Fn() -> String) -> Result<(), Error> {
    check(comment, &PublisherComment, label)?;
    let member = |comment: &D, key: &'static str| comment.with_field(key, D::clone).unwrap_or_else(D::null);
    let created_at = member(comment, "date");
    let parent_post_id = member(comment, "post_id");
    let mut author = D::new_object();
    author.set("id", member(comment, "user_id"));
    author.set("name", member(comment, "name"));
    let is_admin = member(comment, "author_is_admin");
    if is_admin.kind() == JsonKind::Bool {
        author.set("is_admin", is_admin);
    }
    comment.set("created_at", created_at);
    comment.set("parent_post_id", parent_post_id);
    comment.set("author", author);
    Ok(())
}

/// `GET post/{id}/comments`: `{comments: [...]}`; the comments, at most `limit` after
/// skipping `offset` when the service ignored them (no source shows it honours them).
pub fn decode_comment_list<D: JsonDoc>(mut response: D, limit: Option<u64>) -> Result<D, Error> {
    let mut comments = response
        .with_field_mut("comments", |comments| std::mem::replace(comments, D::null()))
        .ok_or_else(|| Error::invalid_response("the comments response has no `comments` field"))?;
    let len = expect_array(&comments, "`comments`")?;
    let keep = limit.map_or(len, |limit| len.min(usize::try_from(limit).unwrap_or(usize::MAX)));
    let mut out = Vec::with_capacity(keep);
    for index in 0..keep {
        if let Some(mut comment) = comments.take_item(index) {
            decode_comment(&mut comment, &|| format!("comment [{index}]"))?;
            out.push(comment);
        }
    }
    Ok(D::new_array(out))
}

/// `GET reader/comment/{id}`: `{item: {..., comment: {...}}}`; the comment.
pub fn decode_reader_comment<D: JsonDoc>(response: D) -> Result<D, Error> {
    let item = response
        .into_field("item")
        .ok_or_else(|| Error::invalid_response("the reader comment response has no `item` field"))?;
    let mut comment = item
        .into_field("comment")
        .filter(|c| c.kind() == JsonKind::Object)
        .ok_or_else(|| Error::invalid_response("the reader comment response's item has no `comment` object"))?;
    decode_comment(&mut comment, &|| "the comment".to_string())?;
    Ok(comment)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::test_support::fixture;
    use serde_json::json;

    #[test]
    fn a_reader_comment_maps_to_the_interface() {
        let raw = fixture("reader-comment-note.json");
        let comment = decode_reader_comment(raw.clone()).unwrap();
        let service = &raw["item"]["comment"];
        assert_eq!(comment["id"], service["id"]);
        assert_eq!(comment["created_at"], service["date"]);
        assert_eq!(comment["parent_post_id"], serde_json::Value::Null);
        assert_eq!(comment["author"]["id"], service["user_id"]);
        assert_eq!(comment["author"]["name"], service["name"]);
        assert!(comment["author"].get("is_admin").is_none());
        assert_eq!(comment["handle"], service["handle"], "service fields pass through");
    }

    #[test]
    fn a_comment_list_is_unwrapped_mapped_and_cut_to_limit() {
        let comment = |id: u64| {
            json!({"id": id, "body": "b", "date": "2025-01-01T00:00:00Z", "post_id": 7,
                                       "user_id": 3, "name": "Ada", "author_is_admin": true})
        };
        let response = json!({"comments": [comment(1), comment(2), comment(3)], "more": false});
        let list = decode_comment_list(response.clone(), Some(2)).unwrap();
        assert_eq!(list.as_array().unwrap().len(), 2);
        assert_eq!(list[0]["parent_post_id"], 7);
        assert_eq!(list[0]["author"], json!({"id": 3, "name": "Ada", "is_admin": true}));
        assert_eq!(
            decode_comment_list(response, None).unwrap().as_array().unwrap().len(),
            3
        );
    }

    #[test]
    fn a_comment_without_a_body_names_the_field() {
        let response = json!({"comments": [{"id": 1, "date": "d", "user_id": 3, "name": "Ada"}]});
        let error = decode_comment_list(response, None).unwrap_err();
        assert!(
            error.message.contains("comment [0] (id 1): field `body` is missing"),
            "{}",
            error.message
        );
        assert!(decode_comment_list(json!([]), None).is_err());
        assert!(decode_reader_comment(json!({"item": {"comment": null}})).is_err());
    }
}
