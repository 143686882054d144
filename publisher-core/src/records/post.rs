//! `PublisherPost` (interface §2.2), mapped as http-contract §6.1 says.

use crate::error::Error;
use crate::json::JsonDoc;
use crate::records::schema::{check, check_shallow, Label};
use crate::records::schema::{expect_array, expect_object};
use crate::{one_of, record};

one_of! {
    /// The post types (interface §2.2).
    pub POST_TYPES, PostType = "newsletter" | "podcast" | "thread"
}

record! {
    /// A post (interface §2.2). Every field the service sends beyond these passes through untouched.
    pub PublisherPost (open) label Label::Id, {
        required "id": Integer,
        required "title": String,
        optional "subtitle": String,
        required "slug": String,
        /// ISO 8601 date of publication.
        required "post_date": String,
        optional "description": String,
        optional "audience": String as "PostAudience",
        /// Full URL of the post.
        required "canonical_url": String,
        optional "cover_image": String,
        optional "podcast_url": String,
        required "type": OneOf<POST_TYPES> as "PostType",
        /// Derived: the service's `is_published`, or true for listed posts, which carry none.
        derived "published": Bool,
        /// Derived from `audience`: true for `only_paid` and `founding`.
        derived "paywalled": Bool,
    }
}

record! {
    /// Search result (interface §2.3).
    pub PublisherSearchResult (open) {
        /// Total posts matching the criteria.
        required "total": Integer,
        /// The current page only.
        required "results": List<PublisherPost>,
        /// Set when the service had no search and the archive search answered instead: it reports no total, so `total` counts only the posts up to this page.
        derived_optional "totalIsLowerBound": Bool,
    }
}

record! {
    /// A page of a user's posts (`profile/posts`); its items are checked as posts one by one.
    pub ProfilePostsPage () {
        required "posts": Array,
        optional "nextCursor": String,
    }
}

/// Audiences that need a paid subscription. `only_free` (free subscribers) is not a
/// paywall: the post costs nothing to read once signed up.
const PAID_AUDIENCES: &[&str] = &["only_paid", "founding"];

/// Checks one post and adds `published` and `paywalled`.
pub fn decode_post<D: JsonDoc>(post: &mut D, label: &dyn Fn() -> String) -> Result<(), Error> {
    check(post, &PublisherPost, label)?;
    // List items carry no `is_published`; a public listing holds only published posts.
    let published = post
        .with_field("is_published", |v| v.as_bool())
        .flatten()
        .unwrap_or(true);
    let paywalled = post
        .with_field("audience", |v| v.as_string())
        .flatten()
        .is_some_and(|audience| PAID_AUDIENCES.contains(&audience.as_str()));
    post.set_bool("published", published);
    post.set_bool("paywalled", paywalled);
    Ok(())
}

/// A bare array of posts (`GET /posts`).
pub fn decode_post_list<D: JsonDoc>(list: &mut D, what: &str) -> Result<(), Error> {
    let len = expect_array(list, what)?;
    for index in 0..len {
        list.with_item_mut(index, |post| decode_post(post, &|| format!("post [{index}] of {what}")))
            .unwrap_or(Ok(()))?;
    }
    Ok(())
}

/// `GET /posts/by-id/<id>`: `{post, publication, publicationSettings}`; the post.
pub fn decode_post_by_id<D: JsonDoc>(mut response: D) -> Result<D, Error> {
    expect_object(&response, "the post-by-id response")?;
    response
        .with_field_mut("post", |post| decode_post(post, &|| "the post".to_string()))
        .unwrap_or_else(|| Err(Error::invalid_response("the post-by-id response has no `post` field")))?;
    response
        .into_field("post")
        .ok_or_else(|| Error::invalid_response("the post-by-id response has no `post` field"))
}

/// `{total, results}` of `GET /search`.
pub fn decode_search_result<D: JsonDoc>(response: &mut D) -> Result<(), Error> {
    check_shallow(response, &PublisherSearchResult, &|| "the search result".to_string())?;
    response
        .with_field_mut("results", |results| decode_post_list(results, "the search results"))
        .unwrap_or(Ok(()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::test_support::fixture;
    use serde_json::{json, Value};

    fn minimal_post() -> Value {
        json!({
            "id": 1, "title": "T", "slug": "t", "post_date": "2025-01-01T00:00:00.000Z",
            "canonical_url": "https://p.substack.com/p/t", "type": "newsletter", "extra": {"kept": [1, 2]}
        })
    }

    #[test]
    fn post_by_id_decodes_and_keeps_every_field() {
        let response = fixture("post-by-id.json");
        let post = decode_post_by_id(response.clone()).unwrap();
        assert_eq!(post["id"], response["post"]["id"]);
        assert_eq!(post["published"], true);
        let audience = response["post"]["audience"].as_str().unwrap();
        assert_eq!(post["paywalled"], PAID_AUDIENCES.contains(&audience));
        // Everything the service sent is still there, untouched.
        for (key, value) in response["post"].as_object().unwrap() {
            assert_eq!(&post[key], value, "{key}");
        }
    }

    #[test]
    fn profile_posts_items_decode_as_posts() {
        let mut response = fixture("profile-posts.json");
        let posts = response.get_mut("posts").unwrap();
        decode_post_list(posts, "posts").unwrap();
        let posts = posts.as_array().unwrap();
        assert!(!posts.is_empty());
        assert!(posts.iter().all(|p| p["published"] == true));
    }

    #[test]
    fn paywalled_is_derived_from_the_audience() {
        let mut posts = fixture("posts.json");
        decode_post_list(&mut posts, "posts").unwrap();
        let posts = posts.as_array().unwrap();
        let audiences: std::collections::BTreeSet<&str> =
            posts.iter().map(|p| p["audience"].as_str().unwrap()).collect();
        assert!(audiences.contains("everyone") && audiences.len() > 1, "{audiences:?}");
        for post in posts {
            let audience = post["audience"].as_str().unwrap();
            assert_eq!(post["paywalled"] == true, audience != "everyone", "{audience}");
        }
        assert!(posts.iter().any(|p| p["paywalled"] == true));
    }

    #[test]
    fn paywalled_follows_the_audience() {
        for (audience, paywalled) in [
            ("everyone", false),
            ("only_paid", true),
            ("founding", true),
            ("only_free", false),
        ] {
            let mut post = minimal_post();
            post["audience"] = json!(audience);
            decode_post(&mut post, &|| "p".into()).unwrap();
            assert_eq!(post["paywalled"], paywalled, "{audience}");
        }
    }

    #[test]
    fn is_published_false_is_kept() {
        let mut post = minimal_post();
        post["is_published"] = json!(false);
        decode_post(&mut post, &|| "p".into()).unwrap();
        assert_eq!(post["published"], false);
    }

    #[test]
    fn optional_fields_may_be_null_or_absent() {
        let mut post = minimal_post();
        post["cover_image"] = Value::Null;
        post["podcast_url"] = json!("");
        decode_post(&mut post, &|| "p".into()).unwrap();
        assert_eq!(post["extra"], json!({"kept": [1, 2]}));
    }

    #[test]
    fn a_missing_or_mistyped_required_field_names_the_field_and_the_record() {
        let cases: Vec<(&str, Value, &str)> = vec![
            ("title", Value::Null, "field `title` is null"),
            ("id", json!("1"), "field `id` is the string \"1\", expected an integer"),
            ("id", json!(1.5), "expected an integer"),
            ("type", json!("video"), "expected one of newsletter, podcast, thread"),
            ("subtitle", json!(3), "field `subtitle` is the number 3"),
        ];
        for (field, value, expected) in cases {
            let mut list = json!([minimal_post(), minimal_post()]);
            list[1][field] = value;
            let error = decode_post_list(&mut list, "GET /posts").unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidResponse);
            assert!(error.message.contains("post [1] of GET /posts"), "{}", error.message);
            assert!(error.message.contains(expected), "{}", error.message);
        }
        let mut list = json!([minimal_post()]);
        list[0].as_object_mut().unwrap().remove("slug");
        let error = decode_post_list(&mut list, "GET /posts").unwrap_err();
        assert!(
            error
                .message
                .contains("post [0] of GET /posts (id 1): field `slug` is missing"),
            "{}",
            error.message
        );
    }

    #[test]
    fn wrong_containers_are_errors() {
        assert!(decode_post_list(&mut json!({"posts": []}), "GET /posts").is_err());
        assert!(decode_post_list(&mut json!([1]), "GET /posts").is_err());
        assert!(decode_post_by_id(json!({"publication": {}})).is_err());
        assert!(decode_post_by_id(json!([])).is_err());
        assert!(decode_search_result(&mut json!({"results": []})).is_err());
        assert!(decode_search_result(&mut json!({"total": 1, "results": [minimal_post()]})).is_ok());
    }

    #[test]
    fn a_derived_field_the_service_also_sends_is_not_checked_but_derived() {
        let mut posts = fixture("posts.json");
        posts[0]["paywalled"] = json!("yes");
        posts[0]["published"] = json!(null);
        decode_post_list(&mut posts, "posts").unwrap();
        assert_eq!(posts[0]["paywalled"], json!(posts[0]["audience"] != "everyone"));
        assert_eq!(posts[0]["published"], true);
    }
}
