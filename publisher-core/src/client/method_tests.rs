//! Native tests of the client methods beyond posts: the paths, the paging, the
//! fallbacks and the failure reports, over the fake transport.

use serde_json::{json, Value};

use crate::client::{CommentsParams, NotesParams, ReadParams};
use crate::error::ErrorKind;
use crate::ids::{CommentId, Id, NoteId, PostId, Slug, UserId};
use crate::notes::composer::{NoteComposer, Style};
use crate::test_support::{block_on, fixture, run_until_done, FakeTransport};

fn post(id: u64, kind: &str) -> Value {
    json!({"id": id, "title": "T", "slug": format!("s{id}"), "post_date": "2025-01-01T00:00:00.000Z",
           "canonical_url": "https://pub.example.com/p/s", "type": kind, "audience": "everyone"})
}

fn query_value<'a>(url: &'a str, name: &str) -> Option<&'a str> {
    url.split_once('?')?
        .1
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
}

#[test]
fn get_posts_above_the_page_size_steps_offset_and_returns_exactly_limit() {
    let client = FakeTransport::client(Some("pub.example.com"));
    // 130 posts in all; the service caps pages at 50.
    client.transport().answer(|request| {
        let offset: u64 = query_value(&request.url, "offset").unwrap().parse().unwrap();
        let limit: u64 = query_value(&request.url, "limit").unwrap().parse().unwrap();
        let posts: Vec<Value> = (offset..(offset + limit.min(50)).min(130))
            .map(|i| post(i + 1, "newsletter"))
            .collect();
        (200, Value::Array(posts).to_string())
    });
    let params = crate::client::PostsParams {
        offset: Some(5),
        limit: Some(120),
        cursor: None,
    };
    let posts = block_on(client.get_posts(&params)).unwrap();
    let posts = posts.as_array().unwrap();
    assert_eq!(posts.len(), 120);
    assert_eq!(posts[0]["id"], 6);
    assert_eq!(posts[119]["id"], 125);
    assert_eq!(
        client.transport().sent_paths(),
        [
            "/api/v1/posts?offset=5&limit=50",
            "/api/v1/posts?offset=55&limit=50",
            "/api/v1/posts?offset=105&limit=20"
        ]
    );
    // Fewer posts than asked: stops at the short page.
    let params = crate::client::PostsParams {
        offset: Some(100),
        limit: Some(200),
        cursor: None,
    };
    assert_eq!(
        block_on(client.get_posts(&params)).unwrap().as_array().unwrap().len(),
        30
    );
}

#[test]
fn posts_by_id_follow_the_cursor_never_send_offset_and_drop_restacks() {
    let client = FakeTransport::client(None);
    client.transport().answer(|request| {
        assert!(
            query_value(&request.url, "offset").is_none(),
            "offset sent: {}",
            request.url
        );
        let page = match query_value(&request.url, "cursor") {
            None => {
                json!({"posts": [post(1, "newsletter"), post(2, "restack"), post(3, "podcast")], "nextCursor": "c%2B1"})
            }
            Some("c%252B1") => json!({"posts": [post(4, "thread"), post(5, "newsletter")], "nextCursor": "c2"}),
            Some("c2") => json!({"posts": [post(6, "newsletter")], "nextCursor": null}),
            Some(other) => panic!("unexpected cursor {other}"),
        };
        (200, page.to_string())
    });
    let posts =
        block_on(client.get_posts_by_id(UserId::from_f64(42.0).unwrap(), &ReadParams { limit: 3, offset: 1 })).unwrap();
    let ids: Vec<u64> = posts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [3, 4, 5]);
    assert!(posts.as_array().unwrap().iter().all(|p| p["published"] == true));
    assert_eq!(
        client.transport().sent_paths(),
        [
            "/api/v1/profile/posts?profile_user_id=42&limit=4",
            "/api/v1/profile/posts?profile_user_id=42&limit=2&cursor=c%252B1"
        ]
    );
    // All there are, when fewer than limit.
    let all = block_on(client.get_posts_by_id(UserId::from_f64(42.0).unwrap(), &ReadParams { limit: 100, offset: 0 }))
        .unwrap();
    assert_eq!(all.as_array().unwrap().len(), 5);
}

#[test]
fn posts_by_slug_resolve_the_handle_first() {
    let client = FakeTransport::client(None);
    let mut profile = fixture("public-profile.json");
    profile["id"] = json!(77);
    client.transport().reply(200, &profile.to_string());
    client.transport().reply(
        200,
        &json!({"posts": [post(1, "newsletter")], "nextCursor": null}).to_string(),
    );
    let posts = block_on(client.get_posts_by_slug(
        &Slug::parse("slug", "ada").unwrap(),
        &ReadParams { limit: 100, offset: 0 },
    ))
    .unwrap();
    assert_eq!(posts.as_array().unwrap().len(), 1);
    assert_eq!(
        client.transport().sent_paths(),
        [
            "/api/v1/user/ada/public_profile",
            "/api/v1/profile/posts?profile_user_id=77&limit=50"
        ]
    );
}

#[test]
fn notes_by_id_keep_only_notes_and_stop_at_limit_or_a_repeated_cursor() {
    let client = FakeTransport::client(None);
    // An activity feed: a post among the notes.
    let sample = fixture("profile-feed.json");
    let items = sample["items"].as_array().unwrap();
    let notes_per_page = items.iter().filter(|item| item["comment"].is_object()).count();
    assert!(
        0 < notes_per_page && notes_per_page < items.len(),
        "the fixture mixes notes and posts"
    );
    let repeated = sample["nextCursor"].as_str().unwrap().to_string();
    client.transport().answer(move |_| (200, sample.to_string()));
    // The page's notes, then the same cursor again: the walk ends instead of looping.
    let notes = block_on(client.get_notes_by_id(UserId::from_f64(343074721.0).unwrap(), 100)).unwrap();
    let notes = notes.as_array().unwrap();
    assert_eq!(notes.len(), 2 * notes_per_page);
    assert!(notes.iter().all(|note| note["comment"].is_object()));
    let paths = client.transport().sent_paths();
    assert_eq!(paths.len(), 2);
    assert_eq!(paths[0], "/api/v1/reader/feed/profile/343074721?types=note");
    assert!(paths[1].ends_with(&format!("&cursor={}", crate::http::encode_component(&repeated))));
    let five = block_on(client.get_notes_by_id(UserId::from_f64(343074721.0).unwrap(), 5)).unwrap();
    assert_eq!(five.as_array().unwrap().len(), 5);
}

#[test]
fn get_notes_sends_the_cursor_encoded_and_reports_the_end() {
    let client = FakeTransport::client(None);
    let mut last = fixture("notes.json");
    last["nextCursor"] = Value::Null;
    client.transport().reply(200, &last.to_string());
    let page = block_on(client.get_notes(&NotesParams {
        cursor: Some("a+b/c=".into()),
        limit: None,
    }))
    .unwrap();
    assert!(page.next_cursor.is_none());
    assert_eq!(client.transport().sent_paths(), ["/api/v1/notes?cursor=a%2Bb%2Fc%3D"]);
    client.transport().reply(200, &fixture("notes.json").to_string());
    assert!(block_on(client.get_notes(&NotesParams::default()))
        .unwrap()
        .next_cursor
        .is_some());
}

#[test]
fn full_profile_by_id_falls_back_for_a_user_without_activity() {
    let client = FakeTransport::client(None);
    client
        .transport()
        .reply(200, r#"{"items":[],"originalCursorTimestamp":"t","nextCursor":null}"#);
    let profile = fixture("user-profile.json");
    client.transport().reply(200, &profile.to_string());
    let full = block_on(client.get_full_profile_by_id(UserId::from_f64(282291554.0).unwrap())).unwrap();
    assert_eq!(full["id"], profile["id"]);
    assert_eq!(full["userProfile"]["items"], json!([]));
    assert_eq!(
        client.transport().sent_paths(),
        [
            "/api/v1/reader/feed/profile/282291554",
            "/api/v1/user/282291554/profile"
        ]
    );
}

#[test]
fn full_profile_by_id_uses_the_handle_the_feed_names() {
    let client = FakeTransport::client(None);
    let feed = fixture("profile-feed.json");
    let user = &feed["items"][0]["context"]["users"][0];
    let handle = user["handle"].as_str().unwrap().to_string();
    let user_id = UserId::from_f64(user["id"].as_f64().unwrap()).unwrap();
    client.transport().reply(200, &feed.to_string());
    client
        .transport()
        .reply(200, &fixture("public-profile.json").to_string());
    let full = block_on(client.get_full_profile_by_id(user_id)).unwrap();
    assert_eq!(full["userProfile"]["items"], feed["items"]);
    assert_eq!(
        client.transport().sent_paths()[1],
        format!("/api/v1/user/{handle}/public_profile")
    );
}

/// A fake service for `getFollowingProfiles`: `ids` are followed, none has activity,
/// and the profiles of the `failing` ids answer 404.
fn following_service(ids: &'static str, failing: &'static [u64]) -> crate::Client<FakeTransport> {
    serve_following(FakeTransport::client(None), ids, failing)
}

fn serve_following(
    client: crate::Client<FakeTransport>,
    ids: &'static str,
    failing: &'static [u64],
) -> crate::Client<FakeTransport> {
    client.transport().answer(move |request| {
        let path = request.url.splitn(4, '/').nth(3).unwrap().to_string();
        if path == "api/v1/feed/following" {
            return (200, ids.into());
        }
        if path.starts_with("api/v1/reader/feed/profile/") {
            return (
                200,
                r#"{"items":[],"originalCursorTimestamp":"t","nextCursor":null}"#.into(),
            );
        }
        let id: u64 = path
            .trim_start_matches("api/v1/user/")
            .trim_end_matches("/profile")
            .parse()
            .unwrap();
        if failing.contains(&id) {
            return (404, r#"{"error":"Not found"}"#.into());
        }
        let mut profile = fixture("user-profile.json");
        profile["id"] = json!(id);
        (200, profile.to_string())
    });
    client
}

#[test]
fn following_profiles_keep_the_order_and_name_every_user_that_failed() {
    let client = following_service("[1,2,3,4,5,6]", &[3, 5]);
    let error = block_on(client.get_following_profiles(&|_, _| {})).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(
        error.message,
        "getFollowingProfiles: 2 of 6 followed users failed (users 3 and 5); user 3: \
         GET /api/v1/user/3/profile failed: HTTP 404 Not Found; the service said \"Not found\""
    );

    let client = following_service("[9,8,7]", &[]);
    let seen = std::cell::RefCell::new(Vec::new());
    let profiles =
        block_on(client.get_following_profiles(&|done, total| seen.borrow_mut().push((done, total)))).unwrap();
    assert_eq!(*seen.borrow(), [(0, 3), (1, 3), (2, 3), (3, 3)]);
    let ids: Vec<u64> = profiles.iter().map(|p| p["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, [9, 8, 7]);
}

/// `following_service` with the given concurrency, over sends that stay in flight for a
/// few polls each, so that requests overlap and finish out of order.
fn slow_following_service(
    ids: &'static str,
    failing: &'static [u64],
    concurrency: u64,
) -> crate::Client<FakeTransport> {
    let config = crate::config::Config::new(crate::config::ConfigInput {
        api_key: Some("test-key".into()),
        concurrency: Some(concurrency),
        ..Default::default()
    })
    .unwrap();
    let client = serve_following(crate::Client::new(config, FakeTransport::default()), ids, failing);
    client.transport().slow_sends(5);
    client
}

/// The followed ids `[1,2,…,n]`, as the service's JSON.
fn ids_one_to(n: u64) -> &'static str {
    Box::leak(format!("[{}]", (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(",")).into_boxed_str())
}

#[test]
fn following_profiles_never_have_more_requests_in_flight_than_the_concurrency() {
    let ids = ids_one_to(40);
    for concurrency in 1..=16 {
        let client = slow_following_service(ids, &[], concurrency);
        let seen = std::cell::RefCell::new(Vec::new());
        let profiles =
            run_until_done(client.get_following_profiles(&|done, total| seen.borrow_mut().push((done, total))))
                .unwrap();
        let got: Vec<u64> = profiles.iter().map(|p| p["id"].as_u64().unwrap()).collect();
        assert_eq!(got, (1..=40).collect::<Vec<u64>>(), "concurrency {concurrency}");
        // The ids, then two requests per user; the bound is reached, never passed.
        assert_eq!(client.transport().sent().len(), 81);
        assert_eq!(
            client.transport().peak_in_flight(),
            concurrency as usize,
            "concurrency {concurrency}"
        );
        let progress = seen.borrow();
        assert_eq!(progress.len(), 41);
        assert!(progress.iter().enumerate().all(|(done, &step)| step == (done, 40)));
    }
}

#[test]
fn following_profiles_do_not_wait_for_a_slow_user() {
    // User 1's profile takes 500 polls, every other request at most 5. While it is in
    // flight, the other 39 users finish through the other slots: nobody waits behind
    // the slow one. (At concurrency 1 the slow request holds the only slot.)
    let ids = ids_one_to(40);
    for concurrency in [2, 4, 8] {
        let client = slow_following_service(ids, &[], concurrency);
        client.transport().hold("/api/v1/user/1/profile", 500);
        let profiles = run_until_done(client.get_following_profiles(&|_, _| {})).unwrap();
        let got: Vec<u64> = profiles.iter().map(|p| p["id"].as_u64().unwrap()).collect();
        assert_eq!(got, (1..=40).collect::<Vec<u64>>(), "concurrency {concurrency}");
        assert_eq!(
            client.transport().sent_while_held(),
            Some(81),
            "concurrency {concurrency}"
        );
        assert!(client.transport().peak_in_flight() <= concurrency as usize);
    }
}

#[test]
fn following_profiles_out_of_order_keep_the_order_and_the_error_of_the_first_failing_id() {
    let client = slow_following_service("[1,2,3,4,5,6,7,8,9,10,11,12]", &[9, 4, 11], 3);
    let error = run_until_done(client.get_following_profiles(&|_, _| {})).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Http);
    assert_eq!(error.status, Some(404));
    assert!(
        error.message.starts_with(
            "getFollowingProfiles: 3 of 12 followed users failed (users 4, 9 and 11); user 4: GET /api/v1/user/4/profile"
        ),
        "{}",
        error.message
    );
    assert!(client.transport().peak_in_flight() <= 3);
}

#[test]
fn following_ids_are_read_as_sent() {
    let client = FakeTransport::client(None);
    let sent = fixture("following.json");
    client.transport().reply(200, &sent.to_string());
    let ids: Vec<u64> = block_on(client.get_following_ids())
        .unwrap()
        .iter()
        .map(|id| id.get())
        .collect();
    let expected: Vec<u64> = sent.as_array().unwrap().iter().map(|id| id.as_u64().unwrap()).collect();
    assert_eq!(ids, expected);
    client.transport().reply(200, r#"[1, "2"]"#);
    assert_eq!(
        block_on(client.get_following_ids()).unwrap_err().kind,
        ErrorKind::InvalidResponse
    );
}

#[test]
fn comments_use_the_singular_post_path_on_the_publication_host() {
    let client = FakeTransport::client(Some("pub.example.com"));
    client.transport().reply(200, r#"{"comments":[]}"#);
    block_on(client.get_comments(
        PostId::from_f64(5.0).unwrap(),
        &CommentsParams {
            offset: Some(0),
            limit: Some(10),
        },
    ))
    .unwrap();
    assert_eq!(
        client.transport().sent()[0].url,
        "https://pub.example.com/api/v1/post/5/comments?offset=0&limit=10"
    );
    client
        .transport()
        .reply(200, &fixture("reader-comment-note.json").to_string());
    let comment = block_on(client.get_comment(CommentId::from_f64(131648795.0).unwrap())).unwrap();
    assert_eq!(comment["author"]["id"], comment["user_id"]);
    assert_eq!(
        client.transport().sent()[1].url,
        "https://substack.com/api/v1/reader/comment/131648795"
    );
}

#[test]
fn publishing_posts_the_envelope_to_the_main_host() {
    let client = FakeTransport::client(Some("pub.example.com"));
    client
        .transport()
        .reply(200, &fixture("publish-response.json").to_string());
    let mut note = NoteComposer::new(Some("Title")).unwrap();
    note.paragraph("Body ").unwrap();
    note.add("bold", Style::Bold).unwrap();
    let response = block_on(client.publish(&note.to_publish().unwrap())).unwrap();
    assert!(response["id"].is_u64());
    let sent = &client.transport().sent()[0];
    assert_eq!(sent.method.as_str(), "POST");
    assert_eq!(sent.url, "https://substack.com/api/v1/comment/feed");
    assert_eq!(sent.header("content-type"), Some("application/json"));
    assert_eq!(sent.body.as_deref(), Some(note.request_body().unwrap().as_str()));
    assert_eq!(
        block_on(client.publish_note("")).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    assert_eq!(client.transport().sent().len(), 1);
}

#[test]
fn note_by_id_is_the_reader_item() {
    let client = FakeTransport::client(None);
    client
        .transport()
        .reply(200, &fixture("reader-comment-note.json").to_string());
    let note = block_on(client.get_note_by_id(NoteId::from_f64(131648795.0).unwrap())).unwrap();
    let served = fixture("reader-comment-note.json");
    assert_eq!(note["entity_key"], served["item"]["entity_key"]);
    assert_eq!(note["comment"]["id"], served["item"]["comment"]["id"]);
    assert_eq!(client.transport().sent_paths(), ["/api/v1/reader/comment/131648795"]);
}

#[test]
fn search_falls_back_to_the_archive_when_the_search_path_is_missing() {
    let client = FakeTransport::client(Some("pub.example.com"));
    client.transport().reply(404, r#"{"error":"Not found"}"#);
    let mut old = post(1, "podcast");
    old["post_date"] = json!("2020-01-01T00:00:00.000Z");
    client.transport().reply(
        200,
        &json!([post(2, "podcast"), post(3, "newsletter"), old]).to_string(),
    );
    let params = crate::client::SearchParams {
        query: "q".into(),
        offset: Some(10),
        limit: Some(3),
        post_type: Some("podcast".into()),
        published_after: Some("2024-01-01".into()),
        ..Default::default()
    };
    let result = block_on(client.search_posts(&params)).unwrap();
    let ids: Vec<u64> = result["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [2]);
    assert_eq!(result["total"], 13);
    assert_eq!(result["totalIsLowerBound"], true);
    assert_eq!(
        client.transport().sent_paths()[1],
        "/api/v1/archive?sort=new&search=q&offset=10&limit=3"
    );
}

#[test]
fn full_profile_by_id_falls_back_when_the_handle_the_feed_names_is_gone() {
    // A renamed handle: the feed still names the old one, whose public profile is a 404.
    let client = FakeTransport::client(None);
    let feed = fixture("profile-feed.json");
    let user = &feed["items"][0]["context"]["users"][0];
    let handle = user["handle"].as_str().unwrap().to_string();
    let user_id = UserId::from_f64(user["id"].as_f64().unwrap()).unwrap();
    let profile = fixture("user-profile.json");
    client.transport().reply(200, &feed.to_string());
    client.transport().reply(404, r#"{"error":"Not found"}"#);
    client.transport().reply(200, &profile.to_string());
    let full = block_on(client.get_full_profile_by_id(user_id)).unwrap();
    assert_eq!(full["id"], profile["id"]);
    assert_eq!(full["userProfile"]["items"], feed["items"]);
    assert_eq!(
        client.transport().sent_paths(),
        [
            format!("/api/v1/reader/feed/profile/{}", user_id.get()),
            format!("/api/v1/user/{handle}/public_profile"),
            format!("/api/v1/user/{}/profile", user_id.get()),
        ]
    );
}

#[test]
fn the_archive_fallback_keeps_posts_strictly_between_the_dates() {
    let client = FakeTransport::client_without_retries(None);
    let dated = |id: u64, date: &str| {
        let mut post = post(id, "newsletter");
        post["post_date"] = json!(date);
        post
    };
    client.transport().reply(404, r#"{"error":"Not found"}"#);
    client.transport().reply(
        200,
        &json!([
            dated(1, "2024-01-01T00:00:00.000Z"),
            dated(2, "2024-06-01T00:00:00.000Z"),
            dated(3, "2024-12-31T00:00:00.000Z")
        ])
        .to_string(),
    );
    let params = crate::client::SearchParams {
        query: "q".into(),
        published_after: Some("2024-01-01T00:00:00.000Z".into()),
        published_before: Some("2024-12-31T00:00:00.000Z".into()),
        ..Default::default()
    };
    let result = block_on(client.search_posts(&params)).unwrap();
    let ids: Vec<u64> = result["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [2]);
}

#[test]
fn only_a_missing_search_path_falls_back_to_the_archive() {
    let client = FakeTransport::client_without_retries(None);
    client.transport().reply(500, r#"{"error":"boom"}"#);
    let params = crate::client::SearchParams {
        query: "q".into(),
        ..Default::default()
    };
    let error = block_on(client.search_posts(&params)).unwrap_err();
    assert_eq!(error.status, Some(500));
    assert_eq!(client.transport().sent().len(), 1);
}

#[test]
fn a_limit_of_one_page_is_one_request_as_given() {
    let client = FakeTransport::client(None);
    client.transport().reply(200, "[]");
    block_on(client.get_posts(&crate::client::PostsParams {
        limit: Some(50),
        ..Default::default()
    }))
    .unwrap();
    assert_eq!(client.transport().sent_paths(), ["/api/v1/posts?limit=50"]);
}

#[test]
fn an_empty_cursor_ends_a_profile_posts_walk() {
    let client = FakeTransport::client(None);
    client.transport().answer(|_| {
        (
            200,
            json!({"posts": [post(1, "newsletter")], "nextCursor": ""}).to_string(),
        )
    });
    let posts = block_on(client.get_posts_by_id(UserId::from_f64(5.0).unwrap(), &ReadParams { limit: 100, offset: 0 }))
        .unwrap();
    assert_eq!(posts.as_array().unwrap().len(), 1);
    assert_eq!(client.transport().sent().len(), 1);
}

#[test]
fn a_cursor_walk_gives_up_after_five_empty_pages_in_a_row() {
    let client = FakeTransport::client(None);
    let counter = std::cell::Cell::new(0u32);
    client.transport().answer(move |_| {
        counter.set(counter.get() + 1);
        let page = json!({"items": [], "originalCursorTimestamp": "t", "nextCursor": format!("c{}", counter.get())});
        (200, page.to_string())
    });
    let notes = block_on(client.get_notes_by_id(UserId::from_f64(5.0).unwrap(), 10)).unwrap();
    assert_eq!(notes.as_array().unwrap().len(), 0);
    assert_eq!(
        client.transport().sent().len() as u32,
        crate::client::paging::MAX_EMPTY_PAGES
    );
}

#[test]
fn full_profile_by_id_reports_a_public_profile_that_fails_otherwise_than_404() {
    let client = FakeTransport::client_without_retries(None);
    let feed = fixture("profile-feed.json");
    let user_id = UserId::from_f64(feed["items"][0]["context"]["users"][0]["id"].as_f64().unwrap()).unwrap();
    client.transport().reply(200, &feed.to_string());
    client.transport().reply(500, r#"{"error":"boom"}"#);
    let error = block_on(client.get_full_profile_by_id(user_id)).unwrap_err();
    assert_eq!(error.status, Some(500));
    assert_eq!(client.transport().sent().len(), 2, "no fallback after a 500");
}
