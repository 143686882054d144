//! Native tests of the request loop: what is retried, how long it waits, what a
//! call ends with, and that publishing is never sent twice where it may have acted.

use crate::client::PostsParams;
use crate::error::{Error, ErrorKind};
use crate::ids::{Id, PostId};
use crate::notes::composer::NoteComposer;
use crate::test_support::{block_on, fixture_text, FakeTransport};

fn reply_with_retry_after(client: &crate::Client<FakeTransport>, status: u16, retry_after: &str) {
    client.transport().reply_with(
        status,
        "",
        vec![("retry-after".into(), retry_after.into())],
        r#"{"error":"slow down"}"#,
    );
}

#[test]
fn a_read_waits_what_retry_after_says_then_succeeds() {
    let client = FakeTransport::client(None);
    reply_with_retry_after(&client, 429, "2");
    client.transport().reply_with(
        503,
        "",
        vec![("retry-after".into(), "Tue, 14 Nov 2023 22:13:23 GMT".into())],
        "",
    );
    client.transport().reply(200, "[]");
    block_on(client.get_posts(&PostsParams::default())).unwrap();
    assert_eq!(client.transport().sent().len(), 3);
    assert_eq!(client.transport().sleeps(), [2000, 3000]);
}

#[test]
fn a_read_retries_server_errors_cut_bodies_and_dropped_connections_with_backoff() {
    let client = FakeTransport::client(None);
    client.transport().reply(500, "");
    client.transport().reply(502, "<html><body>Bad gateway</body></html>");
    client.transport().reply(200, "[{\"id\": 1, \"ti");
    client.transport().reply(200, "[]");
    block_on(client.get_posts(&PostsParams::default())).unwrap();
    // Equal jitter at 0.5: 375, 750, 1500.
    assert_eq!(client.transport().sleeps(), [375, 750, 1500]);

    let client = FakeTransport::client(None);
    client.transport().fail(Error::network("socket hang up"));
    client.transport().refuse();
    client.transport().reply(200, "[]");
    block_on(client.get_posts(&PostsParams::default())).unwrap();
    assert_eq!(client.transport().sent().len(), 3);
}

#[test]
fn the_final_error_of_a_retried_read_says_how_many_attempts() {
    let client = FakeTransport::client(None);
    for _ in 0..4 {
        client.transport().reply(503, r#"{"error":"busy"}"#);
    }
    let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(error.status, Some(503));
    assert_eq!(error.attempts, Some(4));
    assert!(
        error.message.ends_with("(gave up after 4 attempts)"),
        "{}",
        error.message
    );
    assert_eq!(client.transport().sleeps().len(), 3);
}

#[test]
fn a_retry_after_beyond_the_cap_gives_up_at_once() {
    let client = FakeTransport::client(None);
    reply_with_retry_after(&client, 429, "3600");
    let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
    assert_eq!(error.status, Some(429));
    assert_eq!(error.attempts, None);
    assert!(client.transport().sleeps().is_empty());
    assert_eq!(client.transport().sent().len(), 1);
}

#[test]
fn client_errors_and_timeouts_are_not_retried() {
    let client = FakeTransport::client(None);
    client.transport().reply(404, "");
    assert_eq!(
        block_on(client.get_post_by_id(PostId::from_f64(1.0).unwrap()))
            .unwrap_err()
            .status,
        Some(404)
    );
    client
        .transport()
        .fail(Error::new(ErrorKind::Timeout, "no answer within 30000 ms"));
    assert_eq!(
        block_on(client.get_posts(&PostsParams::default())).unwrap_err().kind,
        ErrorKind::Timeout
    );
    assert_eq!(client.transport().sent().len(), 2);
    assert!(client.transport().sleeps().is_empty());
}

const EMPTY_NOTES_PAGE: &str = r#"{"items":[],"originalCursorTimestamp":"2023-11-14T22:13:20.000Z","nextCursor":null}"#;

fn note() -> NoteComposer {
    NoteComposer::new(Some("hello")).unwrap()
}

#[test]
fn publishing_is_retried_only_where_the_service_certainly_did_not_act() {
    let client = FakeTransport::client(None);
    reply_with_retry_after(&client, 429, "1");
    reply_with_retry_after(&client, 503, "1");
    client.transport().refuse();
    client.transport().reply(200, &fixture_text("publish-response.json"));
    block_on(client.publish(&note().to_publish().unwrap())).unwrap();
    assert_eq!(client.transport().sent().len(), 4);
    assert!(client
        .transport()
        .sent()
        .iter()
        .all(|r| r.body.as_deref() == Some(note().request_body().unwrap().as_str())));
}

#[test]
fn publishing_that_may_have_acted_is_never_sent_twice() {
    let failures: [fn(&FakeTransport); 5] = [
        |t| t.reply(500, ""),
        |t| t.reply(502, "<html>bad gateway</html>"),
        |t| t.reply(503, ""),
        |t| t.reply(200, "{\"id\": 1, \"bo"),
        |t| t.fail(Error::network("socket hang up")),
    ];
    for (index, fail) in failures.iter().enumerate() {
        let client = FakeTransport::client(None);
        fail(client.transport());
        // The read-back finds nothing, twice.
        client.transport().reply(200, EMPTY_NOTES_PAGE);
        client.transport().reply(200, EMPTY_NOTES_PAGE);
        let error = block_on(client.publish(&note().to_publish().unwrap())).unwrap_err();
        assert_eq!(
            error.kind,
            ErrorKind::OutcomeUnknown("maybe-published"),
            "case {index}: {}",
            error.message
        );
        assert!(
            error.message.contains("the note may have been published"),
            "{}",
            error.message
        );
        let posts = client
            .transport()
            .sent()
            .iter()
            .filter(|r| r.method.as_str() == "POST")
            .count();
        assert_eq!(posts, 1, "case {index}");
    }
    let client = FakeTransport::client(None);
    client.transport().reply(400, r#"{"error":"Invalid value"}"#);
    let error = block_on(client.publish(&note().to_publish().unwrap())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http, "a 400 certainly did not publish");
    assert!(!error.message.contains("may have been published"));
}

#[test]
fn a_fetch_option_that_answers_with_no_response_fails_at_once_without_retry_or_read_back() {
    let not_a_response = || {
        Error::new(
            ErrorKind::Config,
            "The fetch option resolved to an object with ok, json, not a Response.",
        )
    };
    let client = FakeTransport::client(None);
    client.transport().fail(not_a_response());
    let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Config);
    assert!(error.message.contains("not a Response"), "{}", error.message);
    assert_eq!(client.transport().sent().len(), 1);
    assert!(client.transport().sleeps().is_empty());

    client.transport().fail(not_a_response());
    let error = block_on(client.publish(&note().to_publish().unwrap())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Config, "{}", error.message);
    // One publish, and no read-back of the notes.
    assert_eq!(client.transport().sent().len(), 2);
}

#[test]
fn an_abort_reported_by_the_transport_is_not_retried_and_stays_an_abort() {
    let client = FakeTransport::client(None);
    client
        .transport()
        .fail(Error::new(ErrorKind::Aborted, "aborted by the caller"));
    let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Aborted);
    assert_eq!(client.transport().sent().len(), 1);
    // A publish the caller aborted stays `aborted`: it is not turned into maybe-published.
    client
        .transport()
        .fail(Error::new(ErrorKind::Aborted, "aborted by the caller"));
    let error = block_on(client.publish(&note().to_publish().unwrap())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Aborted, "{}", error.message);
    client
        .transport()
        .fail(Error::new(ErrorKind::Timeout, "no answer within 30000 ms"));
    let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Timeout);
}

#[test]
fn an_abort_during_the_wait_between_attempts_names_the_request() {
    let client = FakeTransport::client(None);
    client.transport().abort_sleeps();
    client.transport().reply(503, "");
    let error = block_on(client.get_post_by_id(PostId::from_f64(7.0).unwrap())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Aborted);
    assert!(
        error.message.starts_with("GET /api/v1/posts/by-id/7"),
        "{}",
        error.message
    );
    assert_eq!(client.transport().sent().len(), 1);
}

#[test]
fn a_refused_record_names_the_request_and_the_field() {
    let client = FakeTransport::client(None);
    client.transport().reply(200, r#"{"post":{"id":"seven"}}"#);
    let error = block_on(client.get_post_by_id(PostId::from_f64(7.0).unwrap())).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidResponse);
    assert!(
        error.message.starts_with("GET /api/v1/posts/by-id/7"),
        "{}",
        error.message
    );
    assert!(error.message.contains("`id`"), "{}", error.message);
}

#[test]
fn the_wait_is_the_retry_after_header_among_the_others() {
    let client = FakeTransport::client(None);
    client.transport().reply_with(
        429,
        "",
        vec![
            ("content-type".into(), "application/json".into()),
            ("retry-after".into(), "3".into()),
            ("x-request-id".into(), "7".into()),
        ],
        r#"{"error":"slow down"}"#,
    );
    client.transport().reply(200, "[]");
    block_on(client.get_posts(&PostsParams::default())).unwrap();
    assert_eq!(client.transport().sleeps(), [3000]);
}
