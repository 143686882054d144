//! The methods of the JS `Publisher` class as the docs list them: for each, the
//! requests it sends (from their [`Operation`] constants: method, host, route,
//! delivery), how it pages and the record it decodes. This is what the README's
//! method table and the tests' list of methods say beyond the `.d.ts` (names,
//! parameters, results and docs come from the built `.d.ts`: `scripts/method-list.mjs`
//! joins the two). This module's test writes it out as
//! `js-tests/shared/routes.generated.json` and fails when that file is out of date
//! (`UPDATE_METHODS=1 cargo test` rewrites it).

use crate::client::{comments, drafts, notes, posts, profiles, publishing, user_feeds};
use crate::http::operation::{Delivery, Operation};
use crate::http::{Host, Method};

/// One request a method sends, read off its [`Operation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// The HTTP method.
    pub method: Method,
    /// The host.
    pub host: Host,
    /// The path and query keys (`posts/<slug>`).
    pub route: &'static str,
    /// Whether a failed attempt may be sent again.
    pub delivery: Delivery,
}

impl Route {
    /// The route of the operation `O`.
    pub const fn of<O: Operation>() -> Route {
        Route {
            method: O::METHOD,
            host: O::HOST,
            route: O::ROUTE,
            delivery: O::DELIVERY,
        }
    }
}

/// One method of the `Publisher` class.
#[derive(Debug, Clone, Copy)]
pub struct MethodInfo {
    /// The JS method's name.
    pub name: &'static str,
    /// The requests it may send, in the order it sends them.
    pub sends: &'static [Route],
    /// What the routes alone do not say (a fallback, the part of the answer kept).
    pub how: &'static str,
    /// How it pages, when it does.
    pub paging: &'static str,
    /// The record its answer is checked against; empty when none.
    pub decodes: &'static str,
}

impl MethodInfo {
    /// `at most once` when one of its requests is a write that must not happen twice.
    pub fn delivery(&self) -> &'static str {
        if self
            .sends
            .iter()
            .any(|route| matches!(route.delivery, Delivery::AtMostOnce(_)))
        {
            "at most once"
        } else {
            "repeatable"
        }
    }
}

/// Every method of the `Publisher` class that sends requests, in the order of the docs.
pub const ALL: &[MethodInfo] = &[
    MethodInfo {
        name: "getPosts",
        sends: &[Route::of::<posts::PostsPage>()],
        how: "",
        paging: "a `limit` over 50 is fetched in pages of 50, stepping `offset`",
        decodes: "PublisherPost",
    },
    MethodInfo {
        name: "getPost",
        sends: &[Route::of::<posts::PostBySlug>()],
        how: "",
        paging: "",
        decodes: "PublisherPost",
    },
    MethodInfo {
        name: "getPostById",
        sends: &[Route::of::<posts::PostById>()],
        how: "its `.post`",
        paging: "",
        decodes: "PublisherPost",
    },
    MethodInfo {
        name: "searchPosts",
        sends: &[Route::of::<posts::Search>(), Route::of::<posts::ArchiveSearch>()],
        how: "the archive's search (`sort=new`) when search answers 404",
        paging: "",
        decodes: "PublisherSearchResult",
    },
    MethodInfo {
        name: "getComments",
        sends: &[Route::of::<comments::PostComments>()],
        how: "cut to `limit`",
        paging: "",
        decodes: "PublisherComment",
    },
    MethodInfo {
        name: "getComment",
        sends: &[Route::of::<notes::ReaderComment>()],
        how: "its `item.comment`",
        paging: "",
        decodes: "PublisherComment",
    },
    MethodInfo {
        name: "getNotes",
        sends: &[Route::of::<notes::NotesFeed>()],
        how: "",
        paging: "one page; the page's `next()` and `for await` follow `nextCursor`",
        decodes: "PublisherNote",
    },
    MethodInfo {
        name: "publishNote",
        sends: &[
            Route::of::<publishing::UploadImage>(),
            Route::of::<publishing::CreateAttachment>(),
            Route::of::<publishing::PublishRichNote>(),
            Route::of::<notes::NotesFeed>(),
            Route::of::<publishing::Replies>(),
        ],
        how: "the attachments first, then the note once; after a lost answer, the account's notes (or the replies) are read back",
        paging: "",
        decodes: "PublishNoteResponse",
    },
    MethodInfo {
        name: "deleteNote",
        sends: &[Route::of::<publishing::DeleteComment>()],
        how: "retried like a read; `deleted: false` when the note was already gone (404)",
        paging: "",
        decodes: "",
    },
    MethodInfo {
        name: "getUserProfile",
        sends: &[Route::of::<user_feeds::ProfileFeed>()],
        how: "",
        paging: "",
        decodes: "PublisherUserProfile",
    },
    MethodInfo {
        name: "getPublicProfile",
        sends: &[Route::of::<profiles::PublicProfile>()],
        how: "",
        paging: "",
        decodes: "PublisherPublicProfile",
    },
    MethodInfo {
        name: "getFullProfileBySlug",
        sends: &[Route::of::<profiles::PublicProfile>(), Route::of::<user_feeds::ProfileFeed>()],
        how: "the public profile, then the user's feed",
        paging: "",
        decodes: "PublisherFullProfile",
    },
    MethodInfo {
        name: "getFullProfileById",
        sends: &[
            Route::of::<user_feeds::ProfileFeed>(),
            Route::of::<profiles::PublicProfile>(),
            Route::of::<profiles::ProfileById>(),
        ],
        how: "the user's feed, the handle it names, the public profile; the profile by id instead when the feed names no handle (a user without activity) or the public profile answers 404 (a renamed handle)",
        paging: "",
        decodes: "PublisherFullProfile",
    },
    MethodInfo {
        name: "getFollowingIds",
        sends: &[Route::of::<profiles::FollowingIds>()],
        how: "",
        paging: "",
        decodes: "number[]",
    },
    MethodInfo {
        name: "getFollowingProfiles",
        sends: &[
            Route::of::<profiles::FollowingIds>(),
            Route::of::<user_feeds::ProfileFeed>(),
            Route::of::<profiles::PublicProfile>(),
            Route::of::<profiles::ProfileById>(),
        ],
        how: "the ids, then `getFullProfileById` for each, `concurrency` at a time",
        paging: "",
        decodes: "PublisherFullProfile",
    },
    MethodInfo {
        name: "getPostsBySlug",
        sends: &[Route::of::<profiles::PublicProfile>(), Route::of::<user_feeds::ProfilePosts>()],
        how: "the public profile's id, then as `getPostsById`",
        paging: "the service's cursors, to `limit` (default 100)",
        decodes: "PublisherPost",
    },
    MethodInfo {
        name: "getPostsById",
        sends: &[Route::of::<user_feeds::ProfilePosts>()],
        how: "",
        paging: "the service's cursors, to `limit` (default 100); `offset` skipped here, never sent",
        decodes: "PublisherPost",
    },
    MethodInfo {
        name: "getNotesBySlug",
        sends: &[Route::of::<profiles::PublicProfile>(), Route::of::<user_feeds::ProfileFeed>()],
        how: "the public profile's id, then as `getNotesById`",
        paging: "the feed's cursors, to `limit` (default 100)",
        decodes: "PublisherNote",
    },
    MethodInfo {
        name: "getNotesById",
        sends: &[Route::of::<user_feeds::ProfileFeed>()],
        how: "`types=note`",
        paging: "the feed's cursors, to `limit` (default 100)",
        decodes: "PublisherNote",
    },
    MethodInfo {
        name: "getNoteById",
        sends: &[Route::of::<notes::ReaderComment>()],
        how: "its `item`",
        paging: "",
        decodes: "PublisherNote",
    },
    MethodInfo {
        name: "createDraft",
        sends: &[
            Route::of::<drafts::OwnProfile>(),
            Route::of::<publishing::UploadImage>(),
            Route::of::<drafts::CreateDraft>(),
            Route::of::<drafts::DraftsPage>(),
        ],
        how: "the account's id as the byline; each Markdown image named in `images` uploaded first; after a lost answer, the newest drafts read back for this title",
        paging: "",
        decodes: "PublisherDraft",
    },
    MethodInfo {
        name: "getDraft",
        sends: &[Route::of::<drafts::GetDraft>()],
        how: "",
        paging: "",
        decodes: "PublisherDraft",
    },
    MethodInfo {
        name: "getDrafts",
        sends: &[Route::of::<drafts::DraftsPage>()],
        how: "`order_by=draft_updated_at&order_direction=desc`; its `posts`",
        paging: "a `limit` over 25 is fetched in pages of 25, stepping `offset`",
        decodes: "PublisherDraft",
    },
    MethodInfo {
        name: "updateDraft",
        sends: &[
            Route::of::<drafts::GetDraft>(),
            Route::of::<publishing::UploadImage>(),
            Route::of::<drafts::UpdateDraft>(),
        ],
        how: "only the fields given; retried like a read (the same PUT leaves the same draft); with `expectedUpdatedAt`, the draft read first and `conflict` when it changed since",
        paging: "",
        decodes: "PublisherDraft",
    },
    MethodInfo {
        name: "deleteDraft",
        sends: &[Route::of::<drafts::DeleteDraft>()],
        how: "retried like a read; an empty 2xx answer is done; `deleted: false` when already gone (404)",
        paging: "",
        decodes: "",
    },
    MethodInfo {
        name: "checkDraft",
        sends: &[Route::of::<drafts::Prepublish>()],
        how: "`{ok, errors, warnings}` from the service's answer",
        paging: "",
        decodes: "DraftCheck",
    },
    MethodInfo {
        name: "publishDraft",
        sends: &[
            Route::of::<drafts::GetDraft>(),
            Route::of::<drafts::UpdateDraft>(),
            Route::of::<drafts::PublishDraft>(),
            Route::of::<drafts::GetDraft>(),
        ],
        how: "`send` required; a published draft refused; the email choice saved on the draft and confirmed first (`should_send_email`); after a lost answer, the draft read back",
        paging: "",
        decodes: "PublisherPost",
    },
    MethodInfo {
        name: "scheduleDraft",
        sends: &[
            Route::of::<drafts::GetDraft>(),
            Route::of::<drafts::UpdateDraft>(),
            Route::of::<drafts::ScheduleRelease>(),
            Route::of::<drafts::ScheduledRelease>(),
            Route::of::<drafts::GetDraft>(),
        ],
        how: "`send` required; past times and times over 90 days ahead refused; the email choice saved on the draft and confirmed first (`should_send_email`); `email_audience: null` unless `send`; after a lost answer, the release read back",
        paging: "",
        decodes: "PublisherDraft",
    },
    MethodInfo {
        name: "unscheduleDraft",
        sends: &[Route::of::<drafts::Unschedule>(), Route::of::<drafts::GetDraft>()],
        how: "repeatable; none set (404) is no error",
        paging: "",
        decodes: "PublisherDraft",
    },
];

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    fn host(host: Host) -> &'static str {
        match host {
            Host::Publication => "pub",
            Host::Main => "main",
        }
    }

    /// `js-tests/shared/routes.generated.json`.
    fn routes_json() -> String {
        let methods: Vec<Value> = ALL
            .iter()
            .map(|method| {
                json!({
                    "name": method.name,
                    "sends": method.sends.iter().map(|route| format!(
                        "{} {} `/{}`",
                        route.method.as_str(),
                        host(route.host),
                        route.route
                    )).collect::<Vec<_>>(),
                    "how": method.how,
                    "delivery": method.delivery(),
                    "paging": method.paging,
                    "decodes": method.decodes,
                })
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&json!({
            "note": "Generated from publisher-core/src/methods.rs by cargo test; do not edit.",
            "methods": methods,
        }))
        .unwrap();
        text.push('\n');
        text
    }

    #[test]
    fn the_routes_file_is_up_to_date() {
        crate::test_support::check_generated(
            "js-tests/shared/routes.generated.json",
            &routes_json(),
            "UPDATE_METHODS",
        );
    }

    #[test]
    fn every_method_is_listed_once_with_what_it_sends() {
        let mut names: Vec<&str> = ALL.iter().map(|method| method.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len(), "a method is listed twice");
        assert!(ALL.iter().all(|method| !method.sends.is_empty()));
        let delivery = |name: &str| ALL.iter().find(|m| m.name == name).unwrap().delivery();
        assert_eq!(delivery("publishNote"), "at most once");
        assert_eq!(delivery("deleteNote"), "repeatable");
    }

    #[test]
    fn decoded_records_are_records_of_the_package() {
        let records: Vec<&str> = crate::records::ALL.iter().map(|record| record.name).collect();
        for method in ALL.iter().filter(|method| !method.decodes.is_empty()) {
            let record = method.decodes.trim_end_matches("[]");
            assert!(
                records.contains(&record) || record == "number",
                "{} decodes {record}, which is no record",
                method.name
            );
        }
    }
}
