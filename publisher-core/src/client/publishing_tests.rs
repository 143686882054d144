use super::*;
use crate::error::ErrorKind;
use crate::ids::{Id, NoteId};
use crate::notes::document::{Block, NoteDoc, Text};
use crate::test_support::{block_on, FakeTransport};

const PNG_1X1: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/// A second after the fake's clock.
const JUST_NOW: &str = "2023-11-14T22:13:21.000Z";

fn hello() -> NoteDoc {
    NoteDoc::new(vec![Block::paragraph(vec![Text::plain("Hello")])])
}

fn response(id: u64, body: &str) -> String {
    serde_json::json!({
        "id": id, "body": body, "body_json": {"type": "doc"}, "date": JUST_NOW,
        "name": "Ada", "photo_url": "https://x.test/a.png", "reactions": {"❤": 0},
        "attachments": [], "ancestor_path": ""
    })
    .to_string()
}

fn comment(id: u64, body: &str, date: &str, attachments: &[&str], ancestor_path: &str) -> serde_json::Value {
    serde_json::json!({
        "id": id, "body": body, "body_json": {"type": "doc"}, "date": date, "name": "Ada",
        "photo_url": "https://x.test/a.png", "reactions": {"❤": 0}, "user_id": 7,
        "attachments": attachments.iter().map(|id| serde_json::json!({"id": id, "type": "image"})).collect::<Vec<_>>(),
        "ancestor_path": ancestor_path
    })
}

fn notes_page(comments: Vec<serde_json::Value>) -> String {
    let items: Vec<serde_json::Value> = comments
        .into_iter()
        .map(|comment| serde_json::json!({"entity_key": "c-1", "type": "comment", "comment": comment}))
        .collect();
    serde_json::json!({"items": items, "nextCursor": null}).to_string()
}

fn bodies(client: &Client<FakeTransport>) -> Vec<String> {
    client
        .transport()
        .sent()
        .iter()
        .map(|r| format!("{} {}", r.method.as_str(), r.body.clone().unwrap_or_default()))
        .collect()
}

#[test]
fn attachments_are_made_in_order_then_the_note_is_published_with_their_ids() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(200, r#"{"id":"link-1","type":"link"}"#);
    fake.reply(200, r#"{"id":9,"url":"https://media.test/i.png","contentType":"image/png","bytes":70,"imageWidth":1,"imageHeight":1}"#);
    fake.reply(200, r#"{"id":"image-2","type":"image"}"#);
    fake.reply(200, &response(5, "Hello"));
    let image = ImageData::from_data_uri(&format!("data:image/png;base64,{PNG_1X1}")).unwrap();
    let note = NoteToPublish {
        doc: hello(),
        attachments: vec![Attachment::Link("https://e.test/a".into()), Attachment::Image(image)],
        parent: None,
    };
    let published = block_on(client.publish(&note)).unwrap();
    assert_eq!(published["id"], 5);
    assert_eq!(
        fake.sent_paths(),
        [
            "/api/v1/comment/attachment/",
            "/api/v1/image",
            "/api/v1/comment/attachment/",
            "/api/v1/comment/feed"
        ]
    );
    assert_eq!(
        bodies(&client),
        [
            r#"POST {"type":"link","url":"https://e.test/a"}"#.to_string(),
            format!(r#"POST {{"image":"data:image/png;base64,{PNG_1X1}"}}"#),
            r#"POST {"type":"image","url":"https://media.test/i.png"}"#.to_string(),
            r#"POST {"bodyJson":{"type":"doc","attrs":{"schemaVersion":"v1"},"content":[{"type":"paragraph","content":[{"type":"text","text":"Hello"}]}]},"replyMinimumRole":"everyone","attachmentIds":["link-1","image-2"]}"#.to_string(),
        ]
    );
}

#[test]
fn uploads_and_attachments_are_retried_like_reads() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(500, r#"{"error":"Internal"}"#);
    fake.reply(502, "<html>bad gateway</html>");
    fake.reply(200, r#"{"id":"a1","type":"link"}"#);
    fake.reply(200, &response(5, "Hello"));
    let note = NoteToPublish {
        doc: hello(),
        attachments: vec![Attachment::Link("https://e.test/".into())],
        parent: None,
    };
    block_on(client.publish(&note)).unwrap();
    assert_eq!(
        fake.sent_paths().iter().filter(|p| p.ends_with("attachment/")).count(),
        3
    );
    assert_eq!(
        fake.sent_paths().iter().filter(|p| p.ends_with("comment/feed")).count(),
        1
    );
}

#[test]
fn a_publish_whose_answer_is_lost_resolves_with_the_note_the_read_back_finds() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(500, r#"{"error":"Internal Server Error"}"#);
    fake.reply(
        200,
        &notes_page(vec![
            comment(12, "Hello", "2023-11-14T20:00:00.000Z", &[], ""), // older than the request
            comment(11, "Hello there", JUST_NOW, &[], ""),
            comment(10, "Hello", JUST_NOW, &[], ""),
        ]),
    );
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let found = block_on(client.publish(&note)).unwrap();
    assert_eq!(found["id"], 10);
    assert_eq!(fake.sent_paths(), ["/api/v1/comment/feed", "/api/v1/notes"]);
}

#[test]
fn when_the_read_back_finds_nothing_twice_the_publish_is_maybe_published_and_never_resent() {
    for failure in ["500", "timeout", "dropped"] {
        let client = FakeTransport::client(None);
        let fake = client.transport();
        match failure {
            "500" => fake.reply(500, r#"{"error":"Internal Server Error"}"#),
            "timeout" => fake.fail(Error::new(ErrorKind::Timeout, "timed out")),
            _ => fake.fail(Error::network("connection reset")),
        }
        fake.reply(200, &notes_page(vec![comment(1, "Other", JUST_NOW, &[], "")]));
        fake.reply(200, &notes_page(vec![]));
        let note = NoteToPublish {
            doc: hello(),
            ..Default::default()
        };
        let error = block_on(client.publish(&note)).unwrap_err();
        assert_eq!(error.kind.as_str(), "maybe-published", "{failure}");
        assert!(error.message.contains("do not show it"), "{}", error.message);
        assert_eq!(
            fake.sent_paths(),
            ["/api/v1/comment/feed", "/api/v1/notes", "/api/v1/notes"],
            "{failure}"
        );
        // One wait, between the two looks.
        assert_eq!(
            fake.sleeps().iter().filter(|&&ms| ms == READ_BACK_RETRY_MS).count(),
            1,
            "{failure}: {:?}",
            fake.sleeps()
        );
    }
}

#[test]
fn a_failed_read_back_leaves_the_outcome_unknown() {
    let client = FakeTransport::client_without_retries(None);
    let fake = client.transport();
    fake.reply(503, r#"{"error":"Service Unavailable"}"#);
    fake.reply(503, r#"{"error":"Service Unavailable"}"#);
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let error = block_on(client.publish(&note)).unwrap_err();
    assert_eq!(error.kind.as_str(), "maybe-published");
    assert!(
        error.message.contains("reading the notes back failed too"),
        "{}",
        error.message
    );
}

#[test]
fn a_refused_publish_is_not_read_back_and_a_4xx_is_an_error() {
    let client = FakeTransport::client_without_retries(None);
    let fake = client.transport();
    fake.reply(400, r#"{"error":"Unknown attachment: x"}"#);
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let error = block_on(client.publish(&note)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(fake.sent_paths(), ["/api/v1/comment/feed"]);
}

#[test]
fn a_reply_sends_parent_id_and_is_read_back_among_the_parents_replies() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.fail(Error::network("connection reset"));
    let replies = serde_json::json!({
        "commentBranches": [
            {"comment": comment(20, "Hello", JUST_NOW, &[], "99"), "descendantComments": []},
            {"comment": comment(21, "Yes", JUST_NOW, &[], "99"),
             "descendantComments": [comment(22, "Hello", JUST_NOW, &[], "99.21")]},
        ],
        "nextCursor": null
    });
    fake.reply(200, &replies.to_string());
    let note = NoteToPublish {
        doc: hello(),
        parent: Some(NoteId::from_f64(21.0).unwrap()),
        ..Default::default()
    };
    let found = block_on(client.publish(&note)).unwrap();
    assert_eq!(found["id"], 22);
    assert_eq!(
        fake.sent_paths(),
        ["/api/v1/comment/feed", "/api/v1/reader/comment/21/replies"]
    );
    assert!(bodies(&client)[0].ends_with(r#""replyMinimumRole":"everyone","parent_id":21}"#));
}

#[test]
fn an_attachment_only_note_is_read_back_by_its_attachment_ids() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(200, r#"{"id":"a1","type":"link"}"#);
    fake.reply(504, "");
    fake.reply(
        200,
        &notes_page(vec![
            comment(30, "", JUST_NOW, &["a0"], ""),
            comment(31, "", JUST_NOW, &["a1"], ""),
        ]),
    );
    let note = NoteToPublish {
        attachments: vec![Attachment::Link("https://e.test/".into())],
        ..Default::default()
    };
    assert_eq!(block_on(client.publish(&note)).unwrap()["id"], 31);
    assert!(bodies(&client)[1].contains(r#""content":[]"#));
}

#[test]
fn nothing_to_publish_sends_nothing() {
    let client = FakeTransport::client(None);
    let error = block_on(client.publish(&NoteToPublish::default())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(client.transport().sent().is_empty());
}

#[test]
fn delete_resolves_whether_or_not_the_note_was_still_there() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(200, "{}");
    fake.reply(500, r#"{"error":"Internal"}"#);
    fake.reply(404, r#"{"error":"Not found"}"#);
    fake.reply(403, r#"{"error":"Not authorized"}"#);
    let id = NoteId::from_f64(42.0).unwrap();
    assert_eq!(block_on(client.delete_note(id)).unwrap(), Deletion::Deleted);
    assert_eq!(block_on(client.delete_note(id)).unwrap(), Deletion::AlreadyGone);
    assert_eq!(block_on(client.delete_note(id)).unwrap_err().status, Some(403));
    let sent = fake.sent();
    assert!(sent
        .iter()
        .all(|r| r.method == Method::Delete && r.url == "https://substack.com/api/v1/comment/42" && r.body.is_none()));
    assert_eq!(sent.len(), 4);
}

#[test]
fn the_read_back_looks_at_once_and_takes_the_newest_of_two_matches() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(500, r#"{"error":"Internal Server Error"}"#);
    // The same text twice within the window (a note sent twice by hand): the newest is ours.
    fake.reply(
        200,
        &notes_page(vec![
            comment(20, "Hello", JUST_NOW, &[], ""),
            comment(31, "Hello", JUST_NOW, &[], ""),
            comment(25, "Hello", JUST_NOW, &[], ""),
        ]),
    );
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let found = block_on(client.publish(&note)).unwrap();
    assert_eq!(found["id"], 31);
    assert!(
        fake.sleeps().is_empty(),
        "no wait before the first look: {:?}",
        fake.sleeps()
    );
}

/// A page of the account's notes with `nextCursor`.
fn notes_page_then(comments: Vec<serde_json::Value>, next: &str) -> String {
    let mut page: serde_json::Value = serde_json::from_str(&notes_page(comments)).unwrap();
    page["nextCursor"] = serde_json::json!(next);
    page.to_string()
}

#[test]
fn the_read_back_reads_on_while_a_whole_page_is_newer_than_the_request() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(500, r#"{"error":"Internal Server Error"}"#);
    // Others' notes published since fill the first page; the sent one is on the second.
    fake.reply(
        200,
        &notes_page_then(
            vec![
                comment(30, "Other", JUST_NOW, &[], ""),
                comment(29, "Other", JUST_NOW, &[], ""),
            ],
            "c2",
        ),
    );
    fake.reply(
        200,
        &notes_page_then(vec![comment(28, "Hello", JUST_NOW, &[], "")], "c3"),
    );
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let found = block_on(client.publish(&note)).unwrap();
    assert_eq!(found["id"], 28);
    assert_eq!(
        fake.sent_paths(),
        ["/api/v1/comment/feed", "/api/v1/notes", "/api/v1/notes?cursor=c2"]
    );
}

#[test]
fn the_read_back_stops_at_a_page_that_reaches_back_before_the_request() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(500, r#"{"error":"Internal Server Error"}"#);
    // The page reaches notes older than the request: the sent note would be on it.
    let page = notes_page_then(
        vec![
            comment(30, "Other", JUST_NOW, &[], ""),
            comment(3, "Old", "2023-11-14T20:00:00.000Z", &[], ""),
        ],
        "c2",
    );
    fake.reply(200, &page);
    fake.reply(200, &page);
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let error = block_on(client.publish(&note)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::OutcomeUnknown("maybe-published"));
    assert_eq!(
        fake.sent_paths(),
        ["/api/v1/comment/feed", "/api/v1/notes", "/api/v1/notes"]
    );
}

#[test]
fn the_read_back_reads_at_most_its_page_budget() {
    let client = FakeTransport::client(None);
    let fake = client.transport();
    fake.reply(500, r#"{"error":"Internal Server Error"}"#);
    for _ in 0..2 * READ_BACK_PAGES {
        fake.reply(
            200,
            &notes_page_then(vec![comment(30, "Other", JUST_NOW, &[], "")], "again"),
        );
    }
    let note = NoteToPublish {
        doc: hello(),
        ..Default::default()
    };
    let error = block_on(client.publish(&note)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::OutcomeUnknown("maybe-published"));
    // Two read-backs of READ_BACK_PAGES pages each, then nothing more.
    assert_eq!(fake.sent_paths().len(), 1 + 2 * READ_BACK_PAGES);
}
