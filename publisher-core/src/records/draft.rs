//! `PublisherDraft` and the pre-publish check (docs/drafts.md). No captured answer of a
//! draft call exists, so a draft is checked only for the fields the client relies on;
//! everything else the service sends passes through untouched.

use crate::error::Error;
use crate::json::{string_field, JsonDoc, JsonKind};
use crate::record;
use crate::records::schema::{check, expect_array, expect_object, Label};

/// Who may read a post (http-contract-drafts §3); `PostAudience` in the `.d.ts`.
pub const AUDIENCES: &[&str] = &["everyone", "only_paid", "founding", "only_free"];

record! {
    /// A post draft: the post record with its editable copies beside the published fields.
    /// A draft keeps its `id` when it is published. Every field the service sends beyond
    /// these passes through untouched (`draft_body`, `draft_created_at`, `section_id`, …).
    pub PublisherDraft (open) label Label::Id, {
        required "id": Integer,
        optional "draft_title": String,
        optional "draft_subtitle": String,
        optional "draft_updated_at": String,
        optional "is_published": Bool,
        /// The publication date once published; while a release is scheduled, its time.
        optional "post_date": String,
        optional "audience": String as "PostAudience",
        /// `newsletter`, `podcast`, `thread` (and `page` for a publication's pages).
        optional "type": String,
        /// Derived: `draft_title`.
        derived_nullable "draftTitle": String,
        /// Derived: `draft_subtitle`.
        derived_nullable "draftSubtitle": String,
        /// Derived: `draft_body` parsed when it is a post document's JSON, else as sent
        /// (the service may answer a storage reference instead).
        derived_nullable "draftBody": Object as "PostDocument | string",
        /// Derived: the service's `is_published`, false when it sends none.
        derived "published": Bool,
        /// Derived: when the draft is scheduled to be published (ISO 8601), or null.
        derived_nullable "scheduledAt": String,
        /// Derived: `draft_updated_at`.
        derived_nullable "updatedAt": String,
    }
}

record! {
    /// The service's pre-publish check of a draft.
    pub DraftCheck () {
        /// True when the service names no error: the draft may be published.
        derived "ok": Bool,
        /// What stops the draft from being published, in the service's words.
        derived "errors": Array as "string[]",
        /// What the service advises without refusing.
        derived "warnings": Array as "string[]",
    }
}

/// Checks one draft and adds `draftTitle`, `draftSubtitle`, `draftBody`, `published`,
/// `scheduledAt` and `updatedAt`.
pub fn decode_draft<D: JsonDoc>(draft: &mut D, label: &dyn Fn() -> String) -> Result<(), Error> {
    check(draft, &PublisherDraft, label)?;
    let published = draft
        .with_field("is_published", JsonDoc::as_bool)
        .flatten()
        .unwrap_or(false);
    let scheduled_at = string_field(draft, "post_date").filter(|_| !published);
    let body = draft.with_field("draft_body", post_document).flatten();
    for (key, source) in [
        ("draftTitle", "draft_title"),
        ("draftSubtitle", "draft_subtitle"),
        ("updatedAt", "draft_updated_at"),
    ] {
        let value = draft
            .with_field(source, JsonDoc::as_string)
            .flatten()
            .map_or_else(D::null, |text| D::from_text(&text));
        draft.set(key, value);
    }
    draft.set("draftBody", body.unwrap_or_else(D::null));
    draft.set_bool("published", published);
    draft.set("scheduledAt", scheduled_at.map_or_else(D::null, |at| D::from_text(&at)));
    Ok(())
}

/// `draft_body` as the caller wants it: the document when it is one (sent as JSON text,
/// or as an object), the text as sent when it is something else, `None` when absent.
fn post_document<D: JsonDoc>(body: &D) -> Option<D> {
    match body.kind() {
        JsonKind::String => {
            let text = body.as_string()?;
            Some(
                D::parse(&text)
                    .filter(is_post_document)
                    .unwrap_or_else(|| D::from_text(&text)),
            )
        }
        JsonKind::Object => Some(body.clone()),
        _ => None,
    }
}

/// Whether `value` is a post document: an object whose `type` is `doc`.
pub fn is_post_document<D: JsonDoc>(value: &D) -> bool {
    value.kind() == JsonKind::Object && string_field(value, "type").as_deref() == Some("doc")
}

/// A draft answered on its own (`GET`, `PUT`, `POST drafts`).
pub fn decode_draft_answer<D: JsonDoc>(mut draft: D) -> Result<D, Error> {
    decode_draft(&mut draft, &|| "the draft".to_string())?;
    Ok(draft)
}

/// `{posts: [drafts], …}` of a draft listing: the array of its drafts, each decoded.
pub fn decode_draft_list<D: JsonDoc>(page: D, what: &str) -> Result<D, Error> {
    expect_object(&page, what)?;
    let mut posts = page
        .into_field("posts")
        .ok_or_else(|| Error::invalid_response(format!("{what} has no `posts` list")))?;
    let len = expect_array(&posts, what)?;
    for index in 0..len {
        posts
            .with_item_mut(index, |draft| {
                decode_draft(draft, &|| format!("draft [{index}] of {what}"))
            })
            .unwrap_or(Ok(()))?;
    }
    Ok(posts)
}

/// The pre-publish check's answer as `{ok, errors, warnings}`: `errors` and `warnings`
/// (or `suggestions`, as some answers name them) as lists of sentences, each item
/// either a string or an object with a `msg`, `message` or `text`.
pub fn decode_check<D: JsonDoc>(answer: &D) -> Result<D, Error> {
    expect_object(answer, "the pre-publish check")?;
    let errors = sentences(answer, "errors");
    let mut warnings = sentences(answer, "warnings");
    warnings.extend(sentences(answer, "suggestions"));
    let mut out = D::new_object();
    out.set_bool("ok", errors.is_empty());
    out.set("errors", D::new_array(errors.iter().map(|s| D::from_text(s)).collect()));
    out.set(
        "warnings",
        D::new_array(warnings.iter().map(|s| D::from_text(s)).collect()),
    );
    Ok(out)
}

fn sentences<D: JsonDoc>(answer: &D, key: &'static str) -> Vec<String> {
    answer
        .with_field(key, |list| {
            (0..list.array_len().unwrap_or(0))
                .filter_map(|index| {
                    list.with_item(index, |item| {
                        item.as_string().or_else(|| {
                            ["msg", "message", "text"]
                                .into_iter()
                                .find_map(|key| string_field(item, key))
                        })
                    })
                    .flatten()
                })
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn draft() -> Value {
        json!({
            "id": 900001, "draft_title": "Weekly", "draft_subtitle": null,
            "draft_body": "{\"type\":\"doc\",\"content\":[{\"type\":\"paragraph\"}]}",
            "draft_updated_at": "2026-11-27T10:00:00.000Z", "is_published": false,
            "post_date": null, "audience": "everyone", "type": "newsletter", "extra": [1]
        })
    }

    #[test]
    fn a_draft_gets_its_derived_fields_and_keeps_the_rest() {
        let draft = decode_draft_answer(draft()).unwrap();
        assert_eq!(draft["draftTitle"], "Weekly");
        assert_eq!(draft["draftSubtitle"], Value::Null);
        assert_eq!(
            draft["draftBody"],
            json!({"type": "doc", "content": [{"type": "paragraph"}]})
        );
        assert_eq!(draft["published"], false);
        assert_eq!(draft["scheduledAt"], Value::Null);
        assert_eq!(draft["updatedAt"], "2026-11-27T10:00:00.000Z");
        assert_eq!(draft["extra"], json!([1]));
        assert!(draft["draft_body"].is_string());
    }

    #[test]
    fn an_unpublished_draft_with_a_date_is_scheduled_and_a_published_one_is_not() {
        let mut scheduled = draft();
        scheduled["post_date"] = json!("2026-12-04T09:00:00.000Z");
        assert_eq!(
            decode_draft_answer(scheduled.clone()).unwrap()["scheduledAt"],
            "2026-12-04T09:00:00.000Z"
        );
        scheduled["is_published"] = json!(true);
        let published = decode_draft_answer(scheduled).unwrap();
        assert_eq!(published["scheduledAt"], Value::Null);
        assert_eq!(published["published"], true);
    }

    #[test]
    fn a_body_that_is_not_document_json_is_passed_on_as_sent() {
        for (sent, expected) in [
            (
                json!("s3://substack-content/post/1/x"),
                json!("s3://substack-content/post/1/x"),
            ),
            (json!("{\"type\":\"paragraph\"}"), json!("{\"type\":\"paragraph\"}")),
            (
                json!({"type": "doc", "content": []}),
                json!({"type": "doc", "content": []}),
            ),
            (Value::Null, Value::Null),
        ] {
            let mut value = draft();
            value["draft_body"] = sent;
            assert_eq!(decode_draft_answer(value).unwrap()["draftBody"], expected);
        }
    }

    #[test]
    fn a_draft_without_an_integer_id_is_refused() {
        for id in [Value::Null, json!("1"), json!(1.5)] {
            let mut value = draft();
            value["id"] = id;
            let error = decode_draft_answer(value).unwrap_err();
            assert!(error.message.contains("`id`"), "{}", error.message);
        }
        let mut value = draft();
        value["draft_title"] = json!(5);
        assert!(decode_draft_answer(value)
            .unwrap_err()
            .message
            .contains("`draft_title`"));
    }

    #[test]
    fn a_listing_is_its_posts_each_decoded() {
        let list = decode_draft_list(json!({"posts": [draft(), draft()], "total": 2}), "the drafts").unwrap();
        assert_eq!(list.as_array().unwrap().len(), 2);
        assert_eq!(list[1]["draftTitle"], "Weekly");
        let error = decode_draft_list(json!([draft()]), "the drafts").unwrap_err();
        assert!(error.message.contains("the drafts"), "{}", error.message);
        assert!(decode_draft_list(json!({"items": []}), "the drafts").is_err());
    }

    #[test]
    fn the_check_collects_errors_and_warnings_in_the_services_words() {
        let check = decode_check(&json!({
            "errors": ["Please choose a section.", {"msg": "Please add a title."}],
            "warnings": [{"message": "No subtitle"}], "suggestions": ["Add an image"]
        }))
        .unwrap();
        assert_eq!(check["ok"], false);
        assert_eq!(
            check["errors"],
            json!(["Please choose a section.", "Please add a title."])
        );
        assert_eq!(check["warnings"], json!(["No subtitle", "Add an image"]));
        let clean = decode_check(&json!({"errors": []})).unwrap();
        assert_eq!(clean, json!({"ok": true, "errors": [], "warnings": []}));
        assert!(decode_check(&json!([])).is_err());
    }
}
