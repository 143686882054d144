use super::*;
use crate::error::ErrorKind;
use crate::ids::{Id, NoteId};
use crate::test_support::{block_on, FakeTransport};
use serde_json::{json, Value};

/// The fake's clock, and a second after it.
const NOW_MS: f64 = 1_700_000_000_000.0;
const JUST_NOW: &str = "2023-11-14T22:13:21.000Z";
const HOST: &str = "localpub.substack.com";

fn client() -> Client<FakeTransport> {
    FakeTransport::client(Some(HOST))
}

fn id(n: u64) -> DraftId {
    DraftId::from_f64(n as f64).unwrap()
}

fn draft(id: u64, title: &str, published: bool) -> Value {
    json!({
        "id": id, "draft_title": title, "draft_subtitle": "", "draft_body": "{\"type\":\"doc\",\"content\":[]}",
        "draft_created_at": JUST_NOW, "draft_updated_at": JUST_NOW, "is_published": published,
        "post_date": if published { json!(JUST_NOW) } else { Value::Null }, "audience": "only_paid",
        "type": "newsletter", "title": title, "slug": "weekly", "canonical_url": "https://localpub.substack.com/p/weekly"
    })
}

/// The draft as the `PUT` saving the email choice answers it.
fn saved(send: bool) -> String {
    let mut saved = draft(900, "Weekly", false);
    saved["should_send_email"] = json!(send);
    saved.to_string()
}

fn requests(client: &Client<FakeTransport>) -> Vec<String> {
    client
        .transport()
        .sent()
        .iter()
        .map(|r| {
            let path = r.url.split_once("/api/v1/").map_or(r.url.as_str(), |(_, path)| path);
            match &r.body {
                Some(body) => format!("{} {path} {body}", r.method.as_str()),
                None => format!("{} {path}", r.method.as_str()),
            }
        })
        .collect()
}

fn titled(title: &str) -> DraftInput {
    DraftInput {
        title: Some(title.into()),
        body: Some(PostBody::Document(r#"{"type":"doc","content":[]}"#.into())),
        ..DraftInput::default()
    }
}

#[test]
fn a_draft_is_created_once_with_the_accounts_byline_on_the_publication_host() {
    let client = client();
    client
        .transport()
        .reply(200, r#"{"id":77,"name":"Ada","handle":"ada"}"#);
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    let created = block_on(client.create_draft(&titled("Weekly"))).unwrap();
    assert_eq!(created["draftTitle"], "Weekly");
    assert_eq!(
        requests(&client),
        [
            "GET user/profile/self".to_string(),
            r#"POST drafts {"draft_title":"Weekly","draft_subtitle":"","draft_body":"{\"type\":\"doc\",\"content\":[]}","draft_bylines":[{"id":77,"is_guest":false}],"audience":"everyone","type":"newsletter"}"#.to_string(),
        ]
    );
    let sent = client.transport().sent();
    assert!(sent[0].url.starts_with("https://substack.com/"), "{}", sent[0].url);
    assert!(sent[1].url.starts_with(&format!("https://{HOST}/")), "{}", sent[1].url);
}

#[test]
fn a_section_is_sent_as_chosen() {
    let client = client();
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    let input = DraftInput {
        section_id: Some(12),
        audience: Some("founding".into()),
        post_type: Some("thread".into()),
        ..titled("Weekly")
    };
    block_on(client.create_draft(&input)).unwrap();
    let body = client.transport().sent()[1].body.clone().unwrap();
    assert!(
        body.ends_with(r#""audience":"founding","type":"thread","draft_section_id":12,"section_chosen":true}"#),
        "{body}"
    );
}

#[test]
fn a_draft_without_a_title_is_refused_before_anything_is_sent() {
    for title in [None, Some(""), Some("  \n")] {
        let client = client();
        let input = DraftInput {
            title: title.map(Into::into),
            ..DraftInput::default()
        };
        let error = block_on(client.create_draft(&input)).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument);
        assert!(error.message.contains("needs a title"), "{}", error.message);
        assert!(client.transport().sent().is_empty());
    }
}

#[test]
fn a_create_whose_answer_is_lost_reads_the_drafts_back_instead_of_sending_again() {
    let client = client();
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(502, "<html><body>Bad gateway</body></html>");
    let mut older = draft(899, "Weekly", false);
    older["draft_created_at"] = json!("2023-11-14T20:00:00.000Z");
    client.transport().reply(
        200,
        &json!({"posts": [draft(901, "Other", false), draft(900, "Weekly", false), older]}).to_string(),
    );
    let created = block_on(client.create_draft(&titled("Weekly"))).unwrap();
    assert_eq!(created["id"], 900);
    assert_eq!(created["draftTitle"], "Weekly");
    assert!(client.transport().sleeps().is_empty(), "found at once: no wait");
    let sent = requests(&client);
    assert_eq!(sent.iter().filter(|r| r.starts_with("POST drafts")).count(), 1);
    assert_eq!(
        sent[2],
        "GET post_management/drafts?offset=0&limit=25&order_by=draft_updated_at&order_direction=desc"
    );
}

#[test]
fn a_create_that_cannot_be_found_is_maybe_created_and_sent_once() {
    let client = client();
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(500, r#"{"error":"boom"}"#);
    let mut old = draft(899, "Weekly", false);
    old["draft_created_at"] = json!("2023-11-14T20:00:00.000Z");
    let list = json!({"posts": [old]}).to_string();
    client.transport().reply(200, &list);
    client.transport().reply(200, &list);
    let error = block_on(client.create_draft(&titled("Weekly"))).unwrap_err();
    assert_eq!(error.kind.as_str(), "maybe-created");
    assert!(error.message.contains("look among the drafts"), "{}", error.message);
    assert!(error.message.contains("none with this title"), "{}", error.message);
    assert_eq!(requests(&client).iter().filter(|r| r.starts_with("POST")).count(), 1);
    assert_eq!(client.transport().sleeps().last(), Some(&READ_BACK_RETRY_MS));
}

#[test]
fn a_draft_is_published_with_send_as_given() {
    for send in [false, true] {
        let client = client();
        client.transport().reply(200, &draft(900, "Weekly", false).to_string());
        client.transport().reply(200, &saved(send));
        client.transport().reply(200, &draft(900, "Weekly", true).to_string());
        let post = block_on(client.publish_draft(id(900), send, false)).unwrap();
        assert_eq!(post["published"], true);
        assert_eq!(post["paywalled"], true);
        assert_eq!(
            requests(&client),
            [
                "GET drafts/900".to_string(),
                format!(
                    r#"PUT drafts/900 {{"should_send_email":{send},"section_chosen":true,"draft_section_id":null,"last_updated_at":"{JUST_NOW}"}}"#
                ),
                format!(r#"POST drafts/900/publish {{"send":{send},"share_automatically":false}}"#)
            ]
        );
    }
}

#[test]
fn publishing_a_published_draft_says_so_and_sends_nothing() {
    let client = client();
    client.transport().reply(200, &draft(900, "Weekly", true).to_string());
    let error = block_on(client.publish_draft(id(900), true, false)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert_eq!(
        error.message,
        format!("publishDraft: draft 900 is already published on {JUST_NOW}; nothing was sent")
    );
    assert_eq!(requests(&client), ["GET drafts/900"]);
}

#[test]
fn a_publish_whose_answer_is_lost_reads_the_draft_back_and_never_publishes_twice() {
    for lost in [500, 502, 504] {
        let client = client();
        client.transport().reply(200, &draft(900, "Weekly", false).to_string());
        client.transport().reply(200, &saved(true));
        client.transport().reply(lost, "<html>upstream</html>");
        client.transport().reply(200, &draft(900, "Weekly", true).to_string());
        let post = block_on(client.publish_draft(id(900), true, true)).unwrap();
        assert_eq!(post["id"], 900);
        assert!(client.transport().sleeps().is_empty(), "found at once: no wait");
        let sent = requests(&client);
        assert_eq!(sent.iter().filter(|r| r.starts_with("POST")).count(), 1, "{lost}");
        assert_eq!(sent.last().unwrap(), "GET drafts/900");
    }
}

#[test]
fn a_publish_still_unpublished_on_read_back_is_maybe_published() {
    let client = client();
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(true));
    client.transport().reply(500, "");
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    let error = block_on(client.publish_draft(id(900), true, false)).unwrap_err();
    assert_eq!(error.kind.as_str(), "maybe-published");
    assert!(error.message.contains("not published yet"), "{}", error.message);
    assert_eq!(requests(&client).iter().filter(|r| r.starts_with("POST")).count(), 1);
}

#[test]
fn a_schedule_in_the_past_or_beyond_the_horizon_is_refused_before_anything_is_sent() {
    for (at, says) in [
        (NOW_MS - 1000.0, "is in the past"),
        (NOW_MS, "is in the past"),
        (NOW_MS + SCHEDULE_HORIZON_MS + 1000.0, "more than 90 days ahead"),
        (f64::NAN, "not a valid time"),
    ] {
        let client = client();
        let error = block_on(client.schedule_draft(id(900), at, false)).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument);
        assert!(error.message.contains(says), "{}", error.message);
        assert!(client.transport().sent().is_empty());
    }
}

#[test]
fn a_schedule_sends_the_release_and_email_only_when_asked() {
    let at = NOW_MS + 3_600_000.0;
    for (send, email) in [(false, "null"), (true, "\"only_paid\"")] {
        let client = client();
        client.transport().reply(200, &draft(900, "Weekly", false).to_string());
        client.transport().reply(200, &saved(send));
        client
            .transport()
            .reply(200, r#"{"id":1,"trigger_at":"2023-11-14T23:13:20.000Z"}"#);
        let mut scheduled = draft(900, "Weekly", false);
        scheduled["post_date"] = json!("2023-11-14T23:13:20.000Z");
        client.transport().reply(200, &scheduled.to_string());
        let draft = block_on(client.schedule_draft(id(900), at, send)).unwrap();
        assert_eq!(draft["scheduledAt"], "2023-11-14T23:13:20.000Z");
        assert_eq!(
            requests(&client)[1],
            format!(
                r#"PUT drafts/900 {{"should_send_email":{send},"section_chosen":true,"draft_section_id":null,"last_updated_at":"{JUST_NOW}"}}"#
            )
        );
        assert_eq!(
            requests(&client)[2],
            format!(
                r#"POST drafts/900/scheduled_release {{"trigger_at":"2023-11-14T23:13:20.000Z","post_audience":"only_paid","email_audience":{email}}}"#
            )
        );
    }
}

#[test]
fn a_schedule_whose_answer_is_lost_reads_the_release_back() {
    let client = client();
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(false));
    client.transport().reply(502, "<html>bad gateway</html>");
    client
        .transport()
        .reply(200, r#"[{"id":3,"trigger_at":"2023-11-14T23:13:20Z"}]"#);
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    let draft = block_on(client.schedule_draft(id(900), NOW_MS + 3_600_000.0, false)).unwrap();
    assert_eq!(draft["scheduledAt"], "2023-11-14T23:13:20.000Z");
    assert!(client.transport().sleeps().is_empty(), "found at once: no wait");
    let sent = requests(&client);
    assert_eq!(sent.iter().filter(|r| r.starts_with("POST")).count(), 1);
    assert_eq!(sent[3], "GET drafts/900/scheduled_release");

    let client = self::client();
    client
        .transport()
        .reply(200, &self::draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(false));
    client.transport().reply(500, "");
    client.transport().reply(200, "[]");
    client
        .transport()
        .reply(200, r#"[{"trigger_at":"2023-12-01T00:00:00.000Z"}]"#);
    let error = block_on(client.schedule_draft(id(900), NOW_MS + 3_600_000.0, false)).unwrap_err();
    assert_eq!(error.kind.as_str(), "maybe-scheduled");
    assert_eq!(requests(&client).iter().filter(|r| r.starts_with("POST")).count(), 1);
}

#[test]
fn unscheduling_is_repeatable_and_clears_scheduled_at() {
    for first in [200, 404] {
        let client = client();
        client.transport().reply(first, "");
        let mut still = draft(900, "Weekly", false);
        still["post_date"] = json!(JUST_NOW);
        client.transport().reply(200, &still.to_string());
        let draft = block_on(client.unschedule_draft(id(900))).unwrap();
        assert_eq!(draft["scheduledAt"], Value::Null);
        assert_eq!(
            requests(&client),
            ["DELETE drafts/900/scheduled_release", "GET drafts/900"]
        );
    }
}

#[test]
fn a_delete_answered_with_no_body_is_done_for_drafts_and_notes() {
    for (status, body, expected) in [
        (200, "", Deletion::Deleted),
        (204, "", Deletion::Deleted),
        (200, "{}", Deletion::Deleted),
        (404, r#"{"error":"Not found"}"#, Deletion::AlreadyGone),
    ] {
        let client = client();
        client.transport().reply(status, body);
        assert_eq!(block_on(client.delete_draft(id(900))).unwrap(), expected);
        assert_eq!(client.transport().sent().len(), 1, "{status} {body:?}");
        let client = self::client();
        client.transport().reply(status, body);
        let note = NoteId::from_f64(5.0).unwrap();
        assert_eq!(block_on(client.delete_note(note)).unwrap(), expected);
        assert_eq!(client.transport().sent().len(), 1, "{status} {body:?}");
    }
}

#[test]
fn an_empty_answer_to_a_read_is_still_unreadable() {
    let client = FakeTransport::client_without_retries(Some(HOST));
    client.transport().reply(200, "");
    let error = block_on(client.get_draft(id(900))).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidResponse);
}

#[test]
fn an_update_sends_only_what_changes_and_needs_a_change() {
    let client = client();
    client.transport().reply(200, &draft(900, "New", false).to_string());
    let changes = DraftInput {
        subtitle: Some("Sub".into()),
        ..DraftInput::default()
    };
    block_on(client.update_draft(id(900), &changes, None)).unwrap();
    assert_eq!(requests(&client), [r#"PUT drafts/900 {"draft_subtitle":"Sub"}"#]);

    let client = self::client();
    let error = block_on(client.update_draft(id(900), &DraftInput::default(), None)).unwrap_err();
    assert!(error.message.contains("at least one change"), "{}", error.message);
    let blank = DraftInput {
        title: Some(" ".into()),
        ..DraftInput::default()
    };
    let error = block_on(client.update_draft(id(900), &blank, None)).unwrap_err();
    assert!(error.message.contains("blank"), "{}", error.message);
    assert!(client.transport().sent().is_empty());
}

#[test]
fn drafts_over_a_page_are_read_in_pages() {
    let client = client();
    client.transport().answer(|request| {
        let query = request.url.split_once('?').unwrap().1.to_string();
        let offset: u64 = query
            .split('&')
            .find_map(|p| p.strip_prefix("offset="))
            .unwrap()
            .parse()
            .unwrap();
        let limit: u64 = query
            .split('&')
            .find_map(|p| p.strip_prefix("limit="))
            .unwrap()
            .parse()
            .unwrap();
        let posts: Vec<Value> = (offset..(offset + limit).min(55))
            .map(|n| draft(1000 + n, "D", false))
            .collect();
        (200, json!({ "posts": posts }).to_string())
    });
    let drafts = block_on(client.get_drafts(&DraftsParams {
        offset: Some(2),
        limit: Some(60),
    }))
    .unwrap();
    assert_eq!(drafts.as_array().unwrap().len(), 53);
    assert_eq!(drafts[0]["id"], 1002);
    let sent = requests(&client);
    assert_eq!(sent.len(), 3);
    assert!(sent[1].contains("offset=27&limit=25"), "{}", sent[1]);
    assert!(sent[2].contains("offset=52&limit=10"), "{}", sent[2]);
}

#[test]
fn the_check_is_the_services_prepublish() {
    let client = client();
    client
        .transport()
        .reply(200, r#"{"errors":["Please choose a section."],"warnings":[]}"#);
    let check = block_on(client.check_draft(id(900))).unwrap();
    assert_eq!(
        check,
        json!({"ok": false, "errors": ["Please choose a section."], "warnings": []})
    );
    assert_eq!(requests(&client), ["GET drafts/900/prepublish"]);
}

#[test]
fn the_horizon_is_ninety_days() {
    const DAY_MS: f64 = 86_400_000.0;
    assert!(check_schedule_time(NOW_MS + 89.0 * DAY_MS, NOW_MS).is_ok());
    assert!(check_schedule_time(NOW_MS + 90.0 * DAY_MS, NOW_MS).is_ok());
    let error = check_schedule_time(NOW_MS + 90.0 * DAY_MS + 1000.0, NOW_MS).unwrap_err();
    assert_eq!(
        error.message,
        "scheduleDraft(draftId, at): 2024-02-12T22:13:21.000Z is more than 90 days ahead, which the service refuses; schedule it before 2024-02-12T22:13:20.000Z"
    );
    assert_eq!(
        check_schedule_time(NOW_MS + 1000.0, NOW_MS).unwrap(),
        "2023-11-14T22:13:21.000Z"
    );
}

#[test]
fn a_refused_write_is_an_http_error_and_is_not_read_back() {
    // The service refused: nothing is unknown, so nothing is read back or sleeps.
    let client = client();
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(400, r#"{"error":"Bad draft"}"#);
    let error = block_on(client.create_draft(&titled("Weekly"))).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(requests(&client).len(), 2);

    let client = self::client();
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(false));
    client.transport().reply(400, r#"{"error":"Please choose a section."}"#);
    let error = block_on(client.publish_draft(id(900), false, false)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert!(error.message.contains("Please choose a section."), "{}", error.message);
    assert_eq!(requests(&client).len(), 3);
    assert!(client.transport().sleeps().is_empty());

    let client = self::client();
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(false));
    client.transport().reply(400, r#"{"error":"trigger_at is too far"}"#);
    let error = block_on(client.schedule_draft(id(900), NOW_MS + 3_600_000.0, false)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(requests(&client).len(), 3);
}

#[test]
fn a_delete_that_fails_otherwise_than_404_is_an_error() {
    let client = FakeTransport::client_without_retries(Some(HOST));
    client.transport().reply(500, r#"{"error":"boom"}"#);
    let error = block_on(client.delete_draft(id(900))).unwrap_err();
    assert_eq!(error.status, Some(500));
}

#[test]
fn each_read_back_reads_twice_a_second_apart() {
    // createDraft: the list, a second's wait, the list again.
    let client = client();
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(500, "");
    client.transport().reply(200, r#"{"posts":[]}"#);
    client.transport().reply(200, r#"{"posts":[]}"#);
    assert!(block_on(client.create_draft(&titled("Weekly"))).is_err());
    assert_eq!(client.transport().sleeps(), [READ_BACK_RETRY_MS]);
    assert_eq!(requests(&client).len(), 4);

    // publishDraft: the draft, a second's wait, the draft again.
    let client = self::client();
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(false));
    client.transport().reply(500, "");
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    assert!(block_on(client.publish_draft(id(900), false, false)).is_err());
    assert_eq!(client.transport().sleeps(), [READ_BACK_RETRY_MS]);
    assert_eq!(requests(&client).len(), 5);

    // scheduleDraft: the release, a second's wait, the release again.
    let client = self::client();
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(200, &saved(false));
    client.transport().reply(500, "");
    client.transport().reply(200, "[]");
    client.transport().reply(200, "[]");
    assert!(block_on(client.schedule_draft(id(900), NOW_MS + 3_600_000.0, false)).is_err());
    assert_eq!(client.transport().sleeps(), [READ_BACK_RETRY_MS]);
    assert_eq!(requests(&client).len(), 5);
}

#[test]
fn an_unschedule_that_fails_otherwise_than_404_is_an_error() {
    let client = FakeTransport::client_without_retries(Some(HOST));
    client.transport().reply(500, r#"{"error":"boom"}"#);
    let error = block_on(client.unschedule_draft(id(900))).unwrap_err();
    assert_eq!(error.status, Some(500));
    assert_eq!(requests(&client).len(), 1);
}

#[test]
fn of_two_recent_drafts_with_the_title_the_read_back_takes_the_newest() {
    for order in [[900, 905], [905, 900]] {
        let client = client();
        client.transport().reply(200, r#"{"id":77}"#);
        client.transport().reply(500, "");
        let posts: Vec<Value> = order.iter().map(|&id| draft(id, "Weekly", false)).collect();
        client.transport().reply(200, &json!({ "posts": posts }).to_string());
        assert_eq!(block_on(client.create_draft(&titled("Weekly"))).unwrap()["id"], 905);
    }
}

#[test]
fn nothing_is_published_or_scheduled_until_the_answer_shows_the_email_choice_saved() {
    // The answer to the PUT shows the other choice, or none: the draft would email (or not)
    // against the caller's word, so the publish and the release are never sent.
    for shown in [json!(true), Value::Null, json!("false")] {
        let client = client();
        client.transport().reply(200, &draft(900, "Weekly", false).to_string());
        let mut answer = draft(900, "Weekly", false);
        answer["should_send_email"] = shown.clone();
        client.transport().reply(200, &answer.to_string());
        let error = block_on(client.publish_draft(id(900), false, false)).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidResponse, "{shown}");
        assert!(
            error.message.contains("not false, so nothing was published"),
            "{}",
            error.message
        );
        assert!(requests(&client).iter().all(|r| !r.starts_with("POST")), "{shown}");

        let client = self::client();
        client
            .transport()
            .reply(200, &self::draft(900, "Weekly", false).to_string());
        client.transport().reply(200, &answer.to_string());
        let error = block_on(client.schedule_draft(id(900), NOW_MS + 3_600_000.0, false)).unwrap_err();
        assert!(error.message.contains("so nothing was scheduled"), "{}", error.message);
        assert!(requests(&client).iter().all(|r| !r.starts_with("POST")), "{shown}");
    }
}

#[test]
fn a_failed_save_of_the_email_choice_says_nothing_was_published() {
    let client = FakeTransport::client_without_retries(Some(HOST));
    client.transport().reply(200, &draft(900, "Weekly", false).to_string());
    client.transport().reply(400, r#"{"error":"Bad field"}"#);
    let error = block_on(client.publish_draft(id(900), true, false)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(error.status, Some(400));
    assert!(
        error
            .message
            .starts_with("publishDraft: saving the email choice on draft 900 failed, so nothing was published"),
        "{}",
        error.message
    );
    assert_eq!(requests(&client).len(), 2);
}

#[test]
fn the_email_choice_keeps_the_drafts_own_section_and_saves_it_as_chosen() {
    let client = client();
    let mut current = draft(900, "Weekly", false);
    current["draft_section_id"] = json!(12);
    client.transport().reply(200, &current.to_string());
    client.transport().reply(200, &saved(true));
    client.transport().reply(200, &draft(900, "Weekly", true).to_string());
    block_on(client.publish_draft(id(900), true, false)).unwrap();
    assert_eq!(
        requests(&client)[1],
        format!(
            r#"PUT drafts/900 {{"should_send_email":true,"section_chosen":true,"draft_section_id":12,"last_updated_at":"{JUST_NOW}"}}"#
        )
    );
}

#[test]
fn an_update_with_the_updated_at_read_is_sent_with_last_updated_at() {
    // The same instant written another way is the same version.
    for expected in [JUST_NOW, "2023-11-14T22:13:21Z", "2023-11-14T23:13:21+01:00"] {
        let client = client();
        client.transport().reply(200, &draft(900, "Weekly", false).to_string());
        client.transport().reply(200, &draft(900, "Weekly", false).to_string());
        let changes = DraftInput {
            subtitle: Some("Sub".into()),
            ..DraftInput::default()
        };
        block_on(client.update_draft(id(900), &changes, Some(expected))).unwrap();
        assert_eq!(
            requests(&client),
            [
                "GET drafts/900".to_string(),
                format!(r#"PUT drafts/900 {{"draft_subtitle":"Sub","last_updated_at":"{expected}"}}"#),
            ]
        );
    }
}

#[test]
fn an_update_of_a_draft_changed_since_it_was_read_is_a_conflict_and_sends_nothing() {
    let client = client();
    let mut edited = draft(900, "Weekly", false);
    edited["draft_updated_at"] = json!("2023-11-14T22:20:00.000Z");
    client.transport().reply(200, &edited.to_string());
    let changes = DraftInput {
        subtitle: Some("Sub".into()),
        ..DraftInput::default()
    };
    let error = block_on(client.update_draft(id(900), &changes, Some(JUST_NOW))).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Conflict);
    assert_eq!(error.kind.as_str(), "conflict");
    assert!(
        error
            .message
            .contains("was changed at 2023-11-14T22:20:00.000Z, after the copy you read"),
        "{}",
        error.message
    );
    assert_eq!(requests(&client), ["GET drafts/900"]);
}

#[test]
fn an_expected_updated_at_that_is_no_time_is_refused_before_anything_is_sent() {
    let client = client();
    let changes = DraftInput {
        subtitle: Some("Sub".into()),
        ..DraftInput::default()
    };
    let error = block_on(client.update_draft(id(900), &changes, Some("yesterday"))).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("expectedUpdatedAt"), "{}", error.message);
    assert!(client.transport().sent().is_empty());
}
