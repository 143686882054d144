//! Property tests of the decoders: many thousand inputs made from the response fixtures —
//! truncated at every kind of position, fields deleted, types swapped, huge and
//! negative numbers, deep nesting, invalid UTF-8, an HTML page, an empty body — run
//! through the client's whole read path (parse, check, decode). Each must give a
//! record or an `invalid-response` error; none may panic or hang.

use std::time::Instant;

use serde_json::{json, Value};

use crate::client::{CommentsParams, DraftInput, DraftsParams, NotesParams, PostsParams, ReadParams, SearchParams};
use crate::error::length::MAX_MESSAGE_CHARS;
use crate::error::ErrorKind;
use crate::ids::{CommentId, DraftId, Id, NoteId, PostId, Slug, UserId};
use crate::notes::image::ImageData;
use crate::test_support::{block_on, fixture_text, take_checked, FakeTransport, Rng};

/// A 1×1 PNG, for the image upload.
const PNG_1X1: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/// Every method that decodes a response, with the fixture of its answer. A method of
/// two steps (a handle resolved first) gets the first step's fixture intact and the
/// mutated body for the step named here.
const TARGETS: &[(&str, &str)] = &[
    ("posts", "posts.json"),
    ("post-by-slug", "post-by-slug.json"),
    ("post-by-id", "post-by-id.json"),
    ("search", "search.json"),
    ("comments", "comments.json"),
    ("comment", "reader-comment-of-post.json"),
    ("notes", "notes.json"),
    ("note-by-id", "reader-comment-note.json"),
    ("posts-by-id", "profile-posts.json"),
    ("posts-by-slug", "profile-posts.json"),
    ("notes-by-id", "profile-notes.json"),
    ("notes-by-slug", "profile-notes.json"),
    ("user-profile", "profile-feed.json"),
    ("public-profile", "public-profile.json"),
    ("full-profile-by-slug", "public-profile.json"),
    ("full-profile-by-id", "profile-feed.json"),
    ("following", "following.json"),
    ("publish", "publish-response.json"),
    ("attachment", "attachment-link.json"),
    ("image-upload", "image-upload.json"),
    ("create-draft", "draft.json"),
    ("draft", "draft.json"),
    ("drafts", "drafts.json"),
    ("update-draft", "draft.json"),
    ("draft-check", "draft-check.json"),
    ("publish-draft", "post-by-slug.json"),
    ("schedule-draft", "draft.json"),
    ("unschedule-draft", "draft.json"),
];

/// The target that fuzzes each method's decoding (publisher-core/src/methods.rs).
const TARGET_OF_METHOD: &[(&str, &str)] = &[
    ("getPosts", "posts"),
    ("getPost", "post-by-slug"),
    ("getPostById", "post-by-id"),
    ("searchPosts", "search"),
    ("getComments", "comments"),
    ("getComment", "comment"),
    ("getNotes", "notes"),
    ("publishNote", "publish"),
    ("getUserProfile", "user-profile"),
    ("getPublicProfile", "public-profile"),
    ("getFullProfileBySlug", "full-profile-by-slug"),
    ("getFullProfileById", "full-profile-by-id"),
    ("getFollowingIds", "following"),
    // Each followed user's profile is read as getFullProfileById reads it.
    ("getFollowingProfiles", "full-profile-by-id"),
    ("getPostsBySlug", "posts-by-slug"),
    ("getPostsById", "posts-by-id"),
    ("getNotesBySlug", "notes-by-slug"),
    ("getNotesById", "notes-by-id"),
    ("getNoteById", "note-by-id"),
    ("createDraft", "create-draft"),
    ("getDraft", "draft"),
    ("getDrafts", "drafts"),
    ("updateDraft", "update-draft"),
    ("checkDraft", "draft-check"),
    ("publishDraft", "publish-draft"),
    ("scheduleDraft", "schedule-draft"),
    ("unscheduleDraft", "unschedule-draft"),
];

#[test]
fn every_method_that_decodes_is_fuzzed() {
    for method in crate::methods::ALL.iter().filter(|method| !method.decodes.is_empty()) {
        let target = TARGET_OF_METHOD
            .iter()
            .find(|(name, _)| *name == method.name)
            .map(|(_, target)| *target);
        let target =
            target.unwrap_or_else(|| panic!("{} decodes {} but has no fuzz target", method.name, method.decodes));
        assert!(
            TARGETS.iter().any(|(name, _)| *name == target),
            "{target} is not among TARGETS"
        );
    }
}

/// The target that drives each method whose decoding another's target fuzzes, or that
/// decodes nothing, with the body its requests get (these targets are not fuzzed).
const DRIVERS: &[(&str, &str, &str)] = &[
    ("getFollowingProfiles", "following-profiles", "profile-feed.json"),
    ("deleteNote", "delete-note", ""),
    ("deleteDraft", "delete-draft", ""),
];

/// Whether a method writes (the MCP server offers it only with --allow-writes) and whether
/// it acts at most once (n8n refuses Retry On Fail) are read off its `sends` in methods.rs.
/// Every request a client method builds in a test is checked against that list
/// (`test_support::check_declared`); here each method is driven once, so a method that
/// skips the check (its `driving` line forgotten or naming another method) fails too.
#[test]
fn every_method_sends_only_the_requests_methods_rs_declares() {
    take_checked();
    for method in crate::methods::ALL {
        let (target, body) = match DRIVERS.iter().find(|(name, _, _)| *name == method.name) {
            Some(&(_, target, sample)) => (
                target,
                if sample.is_empty() {
                    String::new()
                } else {
                    fixture_text(sample)
                },
            ),
            None => {
                let target = TARGET_OF_METHOD
                    .iter()
                    .find(|(name, _)| *name == method.name)
                    .map(|&(_, target)| target)
                    .unwrap_or_else(|| panic!("{} is driven by no target: add one to DRIVERS", method.name));
                let sample = TARGETS.iter().find(|(name, _)| *name == target).unwrap().1;
                (target, fixture_text(sample))
            }
        };
        run(target, body.as_bytes());
        assert_eq!(
            take_checked().into_iter().collect::<Vec<_>>(),
            [method.name],
            "the target {target} did not send {}'s requests under the check of its `sends`: its client method \
             must begin with `let _driving = crate::test_support::driving({:?})` (under #[cfg(test)])",
            method.name,
            method.name
        );
    }
}

/// Runs one method against one body; returns the error kind, if any.
fn run(target: &str, body: &[u8]) -> Option<ErrorKind> {
    let client = FakeTransport::client_without_retries(None);
    if matches!(target, "posts-by-slug" | "notes-by-slug" | "full-profile-by-id") {
        // The handle step answers with its fixture; every other request gets `body`.
        let profile = fixture_text("public-profile.json");
        let body = String::from_utf8_lossy(body).into_owned();
        client.transport().answer(move |request| {
            if request.url.ends_with("/public_profile") {
                (200, profile.clone())
            } else {
                (200, body.clone())
            }
        });
    } else if matches!(target, "create-draft" | "publish-draft") {
        // The step before the write (the account's profile, the draft) answers with its
        // fixture; the write gets `body`.
        let draft = fixture_text("draft.json");
        let body = String::from_utf8_lossy(body).into_owned();
        client.transport().answer(move |request| {
            if request.url.ends_with("/profile/self") {
                (200, r#"{"id":1}"#.to_string())
            } else if request.method == crate::http::Method::Get {
                (200, draft.clone())
            } else {
                (200, body.clone())
            }
        });
    } else if target == "following-profiles" {
        // The ids and each user's public profile answer with their fixtures; the feeds `body`.
        let following = fixture_text("following.json");
        let profile = fixture_text("public-profile.json");
        let body = String::from_utf8_lossy(body).into_owned();
        client.transport().answer(move |request| {
            if request.url.ends_with("/feed/following") {
                (200, following.clone())
            } else if request.url.ends_with("/public_profile") {
                (200, profile.clone())
            } else {
                (200, body.clone())
            }
        });
    } else if target == "full-profile-by-slug" {
        // The public profile gets `body`; the activity feed its fixture.
        let feed = fixture_text("profile-feed.json");
        let body = String::from_utf8_lossy(body).into_owned();
        client.transport().answer(move |request| {
            if request.url.ends_with("/public_profile") {
                (200, body.clone())
            } else {
                (200, feed.clone())
            }
        });
    } else {
        // Every request of the call (paging ones too) gets the same body.
        client.transport().reply_always(200, body.to_vec());
    }
    // Whatever the body, the message stays one short line.
    let kind = |r: Result<(), crate::Error>| {
        r.err().map(|e| {
            assert!(e.message.chars().count() <= MAX_MESSAGE_CHARS, "{}", e.message);
            assert!(!e.message.contains(['\n', '\r']), "{}", e.message);
            e.kind
        })
    };
    let user = || UserId::from_f64(1.0).unwrap();
    let slug = || Slug::parse("slug", "h").unwrap();
    let read = ReadParams { limit: 5, offset: 0 };
    let draft = || DraftId::from_f64(1.0).unwrap();
    match target {
        "posts" => kind(block_on(client.get_posts(&PostsParams::default())).map(drop)),
        "post-by-slug" => kind(block_on(client.get_post(&slug())).map(drop)),
        "post-by-id" => kind(block_on(client.get_post_by_id(PostId::from_f64(1.0).unwrap())).map(drop)),
        "search" => kind(
            block_on(client.search_posts(&SearchParams {
                query: "q".into(),
                ..SearchParams::default()
            }))
            .map(drop),
        ),
        "comments" => {
            kind(block_on(client.get_comments(PostId::from_f64(1.0).unwrap(), &CommentsParams::default())).map(drop))
        }
        "comment" => kind(block_on(client.get_comment(CommentId::from_f64(1.0).unwrap())).map(drop)),
        "notes" => kind(block_on(client.get_notes(&NotesParams::default())).map(drop)),
        "note-by-id" => kind(block_on(client.get_note_by_id(NoteId::from_f64(1.0).unwrap())).map(drop)),
        "posts-by-id" => kind(block_on(client.get_posts_by_id(user(), &read)).map(drop)),
        "posts-by-slug" => kind(block_on(client.get_posts_by_slug(&slug(), &read)).map(drop)),
        "notes-by-id" => kind(block_on(client.get_notes_by_id(user(), 5)).map(drop)),
        "notes-by-slug" => kind(block_on(client.get_notes_by_slug(&slug(), 5)).map(drop)),
        "user-profile" => kind(block_on(client.get_user_profile(user())).map(drop)),
        "public-profile" => kind(block_on(client.get_public_profile(&slug())).map(drop)),
        "full-profile-by-slug" => kind(block_on(client.get_full_profile_by_slug(&slug())).map(drop)),
        "full-profile-by-id" => kind(block_on(client.get_full_profile_by_id(user())).map(drop)),
        "following" => kind(block_on(client.get_following_ids()).map(drop)),
        "publish" => {
            let note = crate::notes::composer::NoteComposer::new(Some("x")).unwrap();
            kind(block_on(client.publish(&note.to_publish().unwrap())).map(drop))
        }
        "attachment" => kind(block_on(client.create_attachment("https://example.test/", "link")).map(drop)),
        "image-upload" => {
            let image = ImageData::from_data_uri(PNG_1X1).unwrap();
            kind(block_on(client.upload_image(&image)).map(drop))
        }
        "create-draft" => {
            let input = DraftInput {
                title: Some("Weekly".into()),
                ..DraftInput::default()
            };
            kind(block_on(client.create_draft(&input)).map(drop))
        }
        "draft" => kind(block_on(client.get_draft(draft())).map(drop)),
        "drafts" => kind(block_on(client.get_drafts(&DraftsParams::default())).map(drop)),
        "update-draft" => {
            let changes = DraftInput {
                subtitle: Some("s".into()),
                ..DraftInput::default()
            };
            kind(block_on(client.update_draft(draft(), &changes, None)).map(drop))
        }
        "draft-check" => kind(block_on(client.check_draft(draft())).map(drop)),
        "publish-draft" => kind(block_on(client.publish_draft(draft(), false, false)).map(drop)),
        "schedule-draft" => {
            let at = crate::http::transport::Transport::now_ms(client.transport()) + 3_600_000.0;
            kind(block_on(client.schedule_draft(draft(), at, false)).map(drop))
        }
        "unschedule-draft" => kind(block_on(client.unschedule_draft(draft())).map(drop)),
        "following-profiles" => kind(block_on(client.get_following_profiles(&|_, _| {})).map(drop)),
        "delete-note" => kind(block_on(client.delete_note(NoteId::from_f64(1.0).unwrap())).map(drop)),
        "delete-draft" => kind(block_on(client.delete_draft(draft())).map(drop)),
        other => panic!("unknown target {other}"),
    }
}

/// `count` divided by `PUBLISHER_FUZZ_DIVISOR` (default 1): the mutation run
/// (scripts/mutants.sh) runs the suite once per mutant and takes a tenth of the cases.
fn scaled(count: usize) -> usize {
    let divisor = std::env::var("PUBLISHER_FUZZ_DIVISOR")
        .ok()
        .and_then(|text| text.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1);
    (count / divisor).max(1)
}

/// All paths to the values of a document, as JSON pointers.
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let path = format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"));
                out.push(path.clone());
                pointers(child, path, out);
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate().take(3) {
                let path = format!("{at}/{index}");
                out.push(path.clone());
                pointers(child, path, out);
            }
        }
        _ => {}
    }
}

fn parent_and_key(pointer: &str) -> (&str, String) {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    (parent, key.replace("~1", "/").replace("~0", "~"))
}

fn replacement(rng: &mut Rng) -> Value {
    match rng.below(12) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(1e308),
        4 => json!(-9_007_199_254_740_993i64),
        5 => json!(18_446_744_073_709_551_615u64),
        6 => json!(0.5),
        7 => json!(""),
        8 => json!("<html>"),
        9 => json!([]),
        10 => json!({}),
        _ => json!([[[[{"a": [1, {"b": null}]}]]]]),
    }
}

/// One structural mutation of `doc`.
fn mutate(doc: &mut Value, paths: &[String], rng: &mut Rng) {
    let path = &paths[rng.below(paths.len())];
    let (parent, key) = parent_and_key(path);
    match rng.below(3) {
        0 => {
            // Delete the member (or the array item).
            match doc.pointer_mut(parent) {
                Some(Value::Object(map)) => {
                    map.remove(&key);
                }
                Some(Value::Array(items)) => {
                    if let Ok(index) = key.parse::<usize>() {
                        if index < items.len() {
                            items.remove(index);
                        }
                    }
                }
                _ => {}
            }
        }
        _ => {
            if let Some(slot) = doc.pointer_mut(path) {
                *slot = replacement(rng);
            }
        }
    }
}

/// The sample with every array cut to two items and long strings shortened: the
/// same shapes, small enough for thousands of cases per run.
fn compact(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().take(2).map(compact).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), compact(v))).collect()),
        Value::String(text) if text.len() > 64 => Value::String(text.chars().take(32).collect()),
        other => other.clone(),
    }
}

fn deep_nesting(depth: usize) -> Vec<u8> {
    let mut text = "[".repeat(depth);
    text.push_str(&"]".repeat(depth));
    text.into_bytes()
}

#[test]
fn ten_thousand_mutated_samples_give_a_record_or_an_invalid_response_error() {
    let started = Instant::now();
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut cases = 0usize;
    let mut outcomes = std::collections::BTreeMap::<String, usize>::new();
    let check = |target: &str, body: &[u8], what: &str, outcomes: &mut std::collections::BTreeMap<String, usize>| {
        let outcome = run(target, body);
        // An unreadable answer to a write leaves it unknown whether it acted.
        let unreadable_publish = matches!(
            (target, outcome),
            ("publish" | "publish-draft", Some(ErrorKind::OutcomeUnknown("maybe-published")))
                | ("create-draft", Some(ErrorKind::OutcomeUnknown("maybe-created")))
                | ("schedule-draft", Some(ErrorKind::OutcomeUnknown("maybe-scheduled")))
                // A draft read as published is refused before the write.
                | ("publish-draft" | "schedule-draft", Some(ErrorKind::InvalidArgument))
        );
        assert!(
            matches!(outcome, None | Some(ErrorKind::InvalidResponse)) || unreadable_publish,
            "{target} / {what}: {outcome:?} (body starts {:?})",
            String::from_utf8_lossy(&body[..body.len().min(80)])
        );
        *outcomes.entry(format!("{outcome:?}")).or_default() += 1;
    };
    for (target, sample) in TARGETS {
        let full = fixture_text(sample);
        check(target, full.as_bytes(), "the whole sample", &mut outcomes);
        let doc = compact(&serde_json::from_str(&full).unwrap());
        let text = doc.to_string();
        let bytes = text.as_bytes();
        let mut paths = Vec::new();
        pointers(&doc, String::new(), &mut paths);
        check(target, bytes, "the sample itself", &mut outcomes);
        // Truncation: at every kind of position (inside strings, numbers, between
        // tokens), sampled across the whole body, plus the first and last bytes.
        for cut in [0, 1, 2, bytes.len() - 1] {
            check(target, &bytes[..cut], "truncated at an edge", &mut outcomes);
            cases += 1;
        }
        for _ in 0..scaled(250) {
            let cut = rng.below(bytes.len());
            check(target, &bytes[..cut], &format!("truncated at {cut}"), &mut outcomes);
            cases += 1;
        }
        // Structure: 1 to 4 mutations (deletions, type swaps, extreme numbers).
        for round in 0..scaled(700) {
            let mut mutated = doc.clone();
            for _ in 0..=rng.below(4) {
                mutate(&mut mutated, &paths, &mut rng);
            }
            check(
                target,
                mutated.to_string().as_bytes(),
                &format!("mutation round {round}"),
                &mut outcomes,
            );
            cases += 1;
        }
        // Invalid UTF-8 and byte noise in the middle of the body.
        for _ in 0..scaled(40) {
            let mut noisy = bytes.to_vec();
            let at = rng.below(noisy.len());
            noisy[at] = [0xff, 0xc3, 0x80, 0x00, b'"', b'}', b'\\'][rng.below(7)];
            check(target, &noisy, &format!("byte {at} replaced"), &mut outcomes);
            cases += 1;
        }
        for (what, body) in [
            ("empty body", Vec::new()),
            (
                "HTML page",
                b"<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>".to_vec(),
            ),
            ("deep nesting", deep_nesting(100_000)),
            ("null", b"null".to_vec()),
            ("a number", b"1e999".to_vec()),
            ("a string", b"\"posts\"".to_vec()),
            ("BOM then JSON", [b"\xef\xbb\xbf".as_slice(), bytes].concat()),
        ] {
            check(target, &body, what, &mut outcomes);
            cases += 1;
        }
    }
    let elapsed = started.elapsed();
    println!("fuzz: {cases} cases in {elapsed:?}; outcomes {outcomes:?}");
    assert!(cases >= scaled(10_000), "only {cases} cases");
    assert!(
        outcomes.get("None").copied().unwrap_or(0) > 100,
        "mutations should also leave valid records"
    );
}
