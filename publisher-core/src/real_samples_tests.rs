//! The real-sample suite: every file of `../shared/fixtures/real-samples/` (its
//! MANIFEST.tsv) goes through the client, one test each. A response is the fake
//! service's answer to the method that reads it, and must decode; a request body
//! captured from the web app is compared with what the client sends for the same note;
//! a file that no method reads is listed as such. A new sample fails
//! `the_manifest_lists_exactly_these_files` until it is handled here.
//!
//! The samples are not part of the project. Where the folder is absent, the suite says
//! so in one line and its tests pass without checking anything; under CI (`CI=true`) a
//! missing folder fails them, so the cross-check cannot quietly disappear.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Once;

use serde_json::Value;

use crate::client::{NotesParams, ReadParams};
use crate::ids::{CommentId, Id, NoteId, PostId, Slug, UserId};
use crate::test_support::{block_on, FakeTransport};

/// The samples' folder, or `None` (after saying once why) when it is not beside the project.
fn samples_dir() -> Option<PathBuf> {
    static SKIPPED: Once = Once::new();
    let dir = crate::test_support::repo_root().join("../shared/fixtures/real-samples");
    if dir.join("MANIFEST.tsv").is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI=true but the real samples are missing: {} has no MANIFEST.tsv",
        dir.display()
    );
    SKIPPED.call_once(|| {
        // Straight to stderr: libtest captures only the print macros.
        let _ = writeln!(
            std::io::stderr(),
            "real-sample suite skipped: {} is not beside the project (set CI=true to require it)",
            dir.display()
        );
    });
    None
}

fn sample_text(dir: &std::path::Path, path: &str) -> String {
    let full = dir.join("api/v1").join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {} ({e})", full.display()))
}

fn sample(dir: &std::path::Path, path: &str) -> Value {
    serde_json::from_str(&sample_text(dir, path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Files the client has no method for (the web app's own calls), so no test reads them.
/// `comment/text.txt` is the typed text of `comment/response.json`'s note, which
/// `rich_note_of_the_web_app_is_what_the_client_builds` rebuilds block by block.
const NOT_READ: &[&str] = &[
    "comment/text.txt",
    "handle/options.json",
    "subscription.json",
    "subscriptions.json",
];

/// Every other file, each with its test below.
const READ: &[&str] = &[
    "comment/attachment-response.json",
    "comment/attachment.json",
    "comment/feed-attachment.json",
    "comment/feed.json",
    "comment/response.json",
    "feed/following.json",
    "feed/profile/343074721.json",
    "feed/profile/343074721.types-like.json",
    "feed/profile/343074721.types-note.json",
    "notes.json",
    "posts/by-id/167180194.json",
    "profile/posts.profile_user_id-27968736-limit-50.json",
    "reader/comment/131648795.json",
    "reader/feed/profile/282291554.json",
    "user/282291554/profile.json",
    "user/jakubslys/public_profile.json",
];

#[test]
fn the_manifest_lists_exactly_these_files() {
    let Some(dir) = samples_dir() else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut files: Vec<String> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').nth(2))
        .map(|file| file.trim_start_matches("api/v1/").to_string())
        .collect();
    files.sort();
    files.dedup();
    let mut handled: Vec<&str> = READ.iter().chain(NOT_READ).copied().collect();
    handled.sort_unstable();
    assert_eq!(files, handled);
}

/// A client whose every request is answered with `body`.
fn answering(body: String) -> crate::client::Client<FakeTransport> {
    let client = FakeTransport::client_without_retries(None);
    client.transport().answer(move |_| (200, body.clone()));
    client
}

/// The body of the last request the client sent, as JSON.
fn last_body(client: &crate::client::Client<FakeTransport>) -> Value {
    let sent = client.transport().sent();
    let body = sent
        .last()
        .and_then(|request| request.body.as_deref())
        .expect("a request body");
    serde_json::from_str(body).unwrap()
}

/// Every member the client sends equals the web app's; the web app may send more
/// (`tabId`, `surface`: where in its UI the note was written).
fn assert_sent_like_web_app(ours: &Value, web_app: &Value) {
    for (key, value) in ours.as_object().unwrap() {
        assert_eq!(
            web_app.get(key),
            Some(value),
            "member {key}: ours {value}, the web app's {:?}",
            web_app.get(key)
        );
    }
}

/// A feed page answered to `get_notes` decodes, with every item the page holds.
fn assert_feed_page_decodes(path: &str) {
    let Some(dir) = samples_dir() else { return };
    let page = sample(&dir, path);
    let client = answering(page.to_string());
    let notes = block_on(client.get_notes(&NotesParams::default())).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        notes.page["items"].as_array().unwrap().len(),
        page["items"].as_array().unwrap().len(),
        "{path}"
    );
}

macro_rules! sample_tests {
    ($($name:ident => $body:block)*) => {
        $(#[test] fn $name() $body)*
    };
}

sample_tests! {
    attachment_response_gives_the_attachment_id => {
        let Some(dir) = samples_dir() else { return };
        let response = sample(&dir, "comment/attachment-response.json");
        let client = answering(response.to_string());
        let id = block_on(client.create_attachment("https://example.test/", "link")).unwrap();
        assert_eq!(id, response["id"].as_str().unwrap());
    }
    attachment_request_is_what_the_client_sends => {
        let Some(dir) = samples_dir() else { return };
        let web_app = sample(&dir, "comment/attachment.json");
        let client = answering(r#"{"id":"a"}"#.into());
        block_on(client.create_attachment(web_app["url"].as_str().unwrap(), "link")).unwrap();
        assert_eq!(last_body(&client), web_app);
    }
    link_note_request_is_what_the_client_sends => {
        let Some(dir) = samples_dir() else { return };
        let web_app = sample(&dir, "comment/feed-attachment.json");
        let attachment_id = web_app["attachmentIds"][0].as_str().unwrap().to_string();
        let url = "https://iam.slys.dev/p/understanding-locking-contention";
        let client = FakeTransport::client_without_retries(None);
        let published = sample_text(&dir, "comment/response.json");
        client.transport().answer(move |request| {
            if request.url.contains("attachment") {
                (200, format!(r#"{{"id":"{attachment_id}","type":"link"}}"#))
            } else {
                (200, published.clone())
            }
        });
        let mut note = crate::notes::composer::NoteComposer::default();
        note.link(url, url).unwrap();
        note.attach_link(url).unwrap();
        block_on(client.publish(&note.to_publish().unwrap())).unwrap();
        let ours = last_body(&client);
        assert_eq!(ours.as_object().unwrap().len(), 3, "{ours}");
        assert_sent_like_web_app(&ours, &web_app);
    }
    styled_note_request_is_what_the_client_sends => {
        use crate::notes::document::{Block, Mark, Text};
        let Some(dir) = samples_dir() else { return };
        let web_app = sample(&dir, "comment/feed.json");
        // The same four paragraphs as the web app's note.
        let mut note = crate::notes::composer::NoteComposer::default();
        note.blocks(vec![
            Block::paragraph(vec![Text::marked("test", vec![Mark::Bold])]),
            Block::paragraph(vec![Text::marked("test1", vec![Mark::Italic])]),
            Block::paragraph(vec![Text::marked("another test", vec![Mark::Code]), Text::plain(" ")]),
            Block::paragraph(vec![Text::plain("just a test")]),
        ]);
        let client = answering(sample_text(&dir, "comment/response.json"));
        block_on(client.publish(&note.to_publish().unwrap())).unwrap();
        let ours = last_body(&client);
        assert_eq!(ours.as_object().unwrap().len(), 2, "{ours}");
        assert_sent_like_web_app(&ours, &web_app);
    }
    publish_response_resolves_the_publish => {
        let Some(dir) = samples_dir() else { return };
        let response = sample(&dir, "comment/response.json");
        let client = answering(response.to_string());
        let note = crate::notes::composer::NoteComposer::new(Some("x")).unwrap();
        let note = block_on(client.publish(&note.to_publish().unwrap())).unwrap();
        assert_eq!(note["id"], response["id"]);
    }
    rich_note_of_the_web_app_is_what_the_client_builds => {
        let Some(dir) = samples_dir() else { return };
        let response = sample(&dir, "comment/response.json");
        let ours: Value = serde_json::from_str(&crate::notes::document::tests::web_app_rich_note().to_json()).unwrap();
        assert_eq!(ours, response["body_json"]);
    }
    following_ids_decode => {
        let Some(dir) = samples_dir() else { return };
        let ids = sample(&dir, "feed/following.json");
        let client = answering(ids.to_string());
        let got = block_on(client.get_following_ids()).unwrap();
        assert_eq!(got.len(), ids.as_array().unwrap().len());
        assert_eq!(got[0].get(), ids[0].as_u64().unwrap());
    }
    profile_feed_is_a_page => { assert_feed_page_decodes("feed/profile/343074721.json"); }
    profile_likes_feed_is_a_page => { assert_feed_page_decodes("feed/profile/343074721.types-like.json"); }
    profile_notes_feed_is_a_page => { assert_feed_page_decodes("feed/profile/343074721.types-note.json"); }
    notes_page_decodes => { assert_feed_page_decodes("notes.json"); }
    user_activity_feed_is_a_page => { assert_feed_page_decodes("reader/feed/profile/282291554.json"); }
    notes_by_id_keep_the_notes_of_a_real_feed => {
        let Some(dir) = samples_dir() else { return };
        let page = sample(&dir, "feed/profile/343074721.json");
        let notes_in_page = page["items"].as_array().unwrap().iter().filter(|item| item["comment"].is_object()).count();
        let mut last = page.clone();
        last["nextCursor"] = Value::Null;
        let client = answering(last.to_string());
        let notes = block_on(client.get_notes_by_id(UserId::from_f64(343074721.0).unwrap(), 1000)).unwrap();
        assert_eq!(notes.as_array().unwrap().len(), notes_in_page);
    }
    post_by_id_decodes => {
        let Some(dir) = samples_dir() else { return };
        let client = answering(sample_text(&dir, "posts/by-id/167180194.json"));
        let post = block_on(client.get_post_by_id(PostId::from_f64(167180194.0).unwrap())).unwrap();
        assert_eq!(post["id"], 167180194);
        assert_eq!(post["published"], true);
    }
    profile_posts_decode => {
        let Some(dir) = samples_dir() else { return };
        let page = sample(&dir, "profile/posts.profile_user_id-27968736-limit-50.json");
        let client = answering(page.to_string());
        let posts = block_on(client.get_posts_by_id(UserId::from_f64(27968736.0).unwrap(), &ReadParams { limit: 50, offset: 0 })).unwrap();
        assert!(!posts.as_array().unwrap().is_empty());
    }
    reader_comment_decodes_as_comment_and_as_note => {
        let Some(dir) = samples_dir() else { return };
        let text = sample_text(&dir, "reader/comment/131648795.json");
        let client = answering(text);
        let comment = block_on(client.get_comment(CommentId::from_f64(131648795.0).unwrap())).unwrap();
        assert_eq!(comment["id"], 131648795);
        let note = block_on(client.get_note_by_id(NoteId::from_f64(131648795.0).unwrap())).unwrap();
        assert_eq!(note["comment"]["id"], 131648795);
    }
    profile_by_id_decodes => {
        let Some(dir) = samples_dir() else { return };
        // A user with no activity: the full profile comes from the profile by id.
        let client = FakeTransport::client_without_retries(None);
        client.transport().reply(200, r#"{"items":[],"originalCursorTimestamp":"t","nextCursor":null}"#);
        client.transport().reply(200, &sample_text(&dir, "user/282291554/profile.json"));
        let profile = block_on(client.get_full_profile_by_id(UserId::from_f64(282291554.0).unwrap())).unwrap();
        assert_eq!(profile["id"], 282291554);
    }
    public_profile_decodes => {
        let Some(dir) = samples_dir() else { return };
        let client = answering(sample_text(&dir, "user/jakubslys/public_profile.json"));
        let profile = block_on(client.get_public_profile(&Slug::parse("slug", "jakubslys").unwrap())).unwrap();
        assert_eq!(profile["handle"], "jakubslys");
    }
}

/// The post editor's documents in the samples: every `grant_email_body` (a publication's
/// gift email, written in the post editor: `image2`, `captionedImage`, `button`, `em`),
/// and every `image2` of a published post's `body_html` (its `data-attrs`), each as a
/// document of its own. The notes' `body_json` is the notes' schema, not the post editor's.
fn post_editor_documents(dir: &std::path::Path) -> Vec<(String, Value)> {
    fn walk(value: &Value, at: &str, found: &mut Vec<(String, Value)>) {
        match value {
            Value::Object(map) => {
                for (key, member) in map {
                    let here = format!("{at}.{key}");
                    match (key.as_str(), member.as_str()) {
                        ("grant_email_body", Some(text)) => {
                            if let Ok(doc) = serde_json::from_str::<Value>(text) {
                                found.push((here.clone(), doc));
                            }
                        }
                        ("body_html", Some(html)) => found.extend(image2_of_html(html, &here)),
                        _ => {}
                    }
                    walk(member, &here, found);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    walk(item, &format!("{at}[{index}]"), found);
                }
            }
            _ => {}
        }
    }
    fn image2_of_html(html: &str, at: &str) -> Vec<(String, Value)> {
        let unescape = |text: &str| text.replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
        html.split("data-attrs=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter_map(|attrs| serde_json::from_str::<Value>(&unescape(attrs)).ok())
            .filter(|attrs| attrs.get("src").is_some())
            .map(|attrs| {
                let image =
                    serde_json::json!({"type": "captionedImage", "content": [{"type": "image2", "attrs": attrs}]});
                (
                    format!("{at} image2"),
                    serde_json::json!({"type": "doc", "content": [image]}),
                )
            })
            .collect()
    }
    let mut found = Vec::new();
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    for line in manifest.lines().skip(1) {
        let Some(file) = line.split('\t').nth(2).filter(|file| file.ends_with(".json")) else {
            continue;
        };
        let value: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap();
        walk(&value, file, &mut found);
    }
    found
}

#[test]
fn every_post_editor_document_of_the_samples_keeps_the_editor_s_rules() {
    let Some(dir) = samples_dir() else { return };
    let documents = post_editor_documents(&dir);
    let images = documents.iter().filter(|(at, _)| at.ends_with("image2")).count();
    // 8 gift emails and the 5 images of the published post when this was written.
    assert!(
        documents.len() - images >= 8 && images >= 5,
        "{} documents, {images} images",
        documents.len()
    );
    for (at, document) in &documents {
        assert_eq!(crate::post_body::rules::unrendered(document), [], "{at}: {document}");
        crate::post_body::rules::check_post_document(document).unwrap();
    }
}
