//! Every file of `../shared/fixtures/real-samples/` (its MANIFEST.tsv), one test each:
//! a response decodes with the decoder of the method that reads it; a request body
//! captured from the web app has the envelope the client sends; a file no method
//! reads is named as such. A new sample fails `the_manifest_lists_exactly_these_files`
//! until it is handled here.

use serde_json::Value;

use crate::records::{comment, note, post, profile, publish};
use crate::test_support::{real_sample, real_sample_path, real_sample_text};

/// What the client does with each sample.
const SAMPLES: &[&str] = &[
    "comment/attachment-response.json",
    "comment/attachment.json",
    "comment/feed-attachment.json",
    "comment/feed.json",
    "comment/response.json",
    "comment/text.txt",
    "feed/following.json",
    "feed/profile/343074721.json",
    "feed/profile/343074721.types-like.json",
    "feed/profile/343074721.types-note.json",
    "handle/options.json",
    "notes.json",
    "posts/by-id/167180194.json",
    "profile/posts.profile_user_id-27968736-limit-50.json",
    "reader/comment/131648795.json",
    "reader/feed/profile/282291554.json",
    "subscription.json",
    "subscriptions.json",
    "user/282291554/profile.json",
    "user/jakubslys/public_profile.json",
];

#[test]
fn the_manifest_lists_exactly_these_files() {
    let manifest = std::fs::read_to_string(real_sample_path("../../MANIFEST.tsv")).unwrap();
    let mut files: Vec<String> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').nth(2))
        .map(|file| file.trim_start_matches("api/v1/").to_string())
        .collect();
    files.sort();
    files.dedup();
    assert_eq!(files, SAMPLES);
}

fn assert_feed_page(path: &str) {
    let page = real_sample(path);
    let checked = note::check_feed_page(&page, path, None).unwrap();
    assert_eq!(checked.item_count, page["items"].as_array().unwrap().len());
}

/// The web app's request has the envelope the client sends: a `doc` of schema `v1`
/// whose paragraphs hold text nodes, and `replyMinimumRole: "everyone"`.
fn assert_publish_request(path: &str) {
    let request = real_sample(path);
    assert_eq!(request["replyMinimumRole"], "everyone");
    let body = &request["bodyJson"];
    assert_eq!(body["type"], "doc");
    assert_eq!(body["attrs"]["schemaVersion"], "v1");
    for paragraph in body["content"].as_array().unwrap() {
        assert_eq!(paragraph["type"], "paragraph");
        for node in paragraph["content"].as_array().unwrap() {
            assert_eq!(node["type"], "text");
            assert!(node["text"].is_string());
        }
    }
    let ours: Value = serde_json::from_str(
        &crate::note_draft::NoteDraft::new(Some("x"))
            .unwrap()
            .request_body()
            .unwrap(),
    )
    .unwrap();
    for key in ours.as_object().unwrap().keys() {
        assert!(request.get(key).is_some(), "the web app sends {key} too");
    }
}

/// A file that no method of the client reads: it must still be JSON.
fn assert_not_read(path: &str) {
    let _: Value = serde_json::from_str(&real_sample_text(path)).unwrap();
}

macro_rules! sample_tests {
    ($($name:ident => $body:expr;)*) => {
        $(#[test] fn $name() { $body; })*
    };
}

sample_tests! {
    attachment_response_is_not_read => assert_not_read("comment/attachment-response.json");
    attachment_request_is_not_sent => assert_not_read("comment/attachment.json");
    feed_attachment_request_has_our_envelope => assert_publish_request("comment/feed-attachment.json");
    feed_request_has_our_envelope => assert_publish_request("comment/feed.json");
    publish_response_checks => publish::check_publish_response(&real_sample("comment/response.json")).unwrap();
    typed_text_makes_one_paragraph_per_line => {
        let text = real_sample_text("comment/text.txt");
        let mut draft = crate::note_draft::NoteDraft::new(None).unwrap();
        for line in text.lines().filter(|line| !line.is_empty()) {
            draft.paragraph(line).unwrap();
        }
        let body: Value = serde_json::from_str(&draft.request_body().unwrap()).unwrap();
        assert_eq!(body["bodyJson"]["content"].as_array().unwrap().len(), text.lines().filter(|l| !l.is_empty()).count());
    };
    following_ids_are_numbers => assert!(real_sample("feed/following.json").as_array().unwrap().iter().all(Value::is_u64));
    profile_feed_is_a_page => assert_feed_page("feed/profile/343074721.json");
    profile_likes_feed_is_a_page => assert_feed_page("feed/profile/343074721.types-like.json");
    profile_notes_feed_is_a_page => assert_feed_page("feed/profile/343074721.types-note.json");
    handle_options_is_not_read => assert_not_read("handle/options.json");
    notes_page_checks => assert_feed_page("notes.json");
    post_by_id_decodes => {
        let post = post::decode_post_by_id(real_sample("posts/by-id/167180194.json")).unwrap();
        assert_eq!(post["published"], true);
    };
    profile_posts_decode => {
        let mut page = real_sample("profile/posts.profile_user_id-27968736-limit-50.json");
        post::decode_post_list(page.get_mut("posts").unwrap(), "posts").unwrap();
    };
    reader_comment_decodes_as_comment_and_note => {
        comment::decode_reader_comment(real_sample("reader/comment/131648795.json")).unwrap();
        note::decode_note_item(real_sample("reader/comment/131648795.json")).unwrap();
    };
    user_activity_feed_is_a_page => assert_feed_page("reader/feed/profile/282291554.json");
    subscription_is_not_read => assert_not_read("subscription.json");
    subscriptions_is_not_read => assert_not_read("subscriptions.json");
    profile_by_id_checks => profile::check_public_profile(&real_sample("user/282291554/profile.json"), "profile").unwrap();
    public_profile_checks => profile::check_public_profile(&real_sample("user/jakubslys/public_profile.json"), "public").unwrap();
}
