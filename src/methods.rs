//! The methods of the JS `Publisher` class, written out one by one. Each reads its
//! arguments into a [`Call`] and hands it to [`Publisher::run`], the one function that
//! runs every call: the wasm carries one copy of the call machinery (options,
//! signals, the promise) rather than one per method. A call's arm in `run` is the
//! core method it runs.

use js_sys::{Array, Promise};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use super::builder_state::BuilderNote;
use super::draft_input::PendingDraft;
use super::fetch::FetchTransport;
use super::js_doc::JsDoc;
use super::promise::{promise, rejected};
use super::publisher::Publisher;
use super::read::{self, given, member};
use publisher_core::args::Arg;
use publisher_core::client::{Client, Deletion, DraftsParams, Page};
use publisher_core::error::Error;
use publisher_core::ids::{shorten, CommentId, DraftId, Id, NoteId, PostId, Slug, UserId};
use publisher_core::notes::read_back::parse_iso_ms;
use publisher_core::params::{CommentsParams, NoteReadParams, NotesParams, PostsParams, ReadParams, SearchParams};

#[wasm_bindgen]
impl Publisher {
    /// Posts of the configured publication: `GET /api/v1/posts?offset&limit&cursor` on the publication host.
    #[wasm_bindgen(js_name = getPosts, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "PaginationParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPosts(read::object("params", &given(params))?)))
    }

    /// One post by its URL slug: `GET /api/v1/posts/<slug>` on the publication host.
    #[wasm_bindgen(js_name = getPost, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "string",
            param_description = "The post's URL slug (the last part of its address)."
        )]
        slug: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPost(read::slug("slug", &slug)?)))
    }

    /// One post by id: `GET /api/v1/posts/by-id/<id>` on the main host.
    #[wasm_bindgen(js_name = getPostById, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The post's id.")] id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPostById(read::id("postId", &id)?)))
    }

    /// Searches posts of the publication: `GET /api/v1/search?query&…` on the publication host.
    #[wasm_bindgen(js_name = searchPosts, unchecked_return_type = "Promise<PublisherSearchResult>")]
    pub fn search_posts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SearchParams")] params: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::SearchPosts(read::object("params", &params)?)))
    }

    /// Comments of a post: `GET /api/v1/post/<postId>/comments` on the publication host.
    #[wasm_bindgen(js_name = getComments, unchecked_return_type = "Promise<PublisherComment[]>")]
    pub fn get_comments(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The post's id.")] post_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CommentParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetComments(
                read::id("postId", &post_id)?,
                read::object("params", &given(params))?,
            ))
        })
    }

    /// One comment: `GET /api/v1/reader/comment/<id>`.
    #[wasm_bindgen(js_name = getComment, unchecked_return_type = "Promise<PublisherComment>")]
    pub fn get_comment(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The comment's id.")] comment_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetComment(read::id("commentId", &comment_id)?)))
    }

    /// A page of the account's notes feed: `GET /api/v1/notes?cursor&limit`.
    #[wasm_bindgen(js_name = getNotes, unchecked_return_type = "Promise<PublisherNotes>")]
    pub fn get_notes(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "NotesParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        // The page keeps a handle on the client, for its next().
        self.dispatch(options, || {
            Ok(Call::GetNotes(read::object("params", &given(params))?, self.share()))
        })
    }

    /// Publishes a note: `POST /api/v1/comment/feed`. The text is one paragraph of plain text,
    /// or Markdown with the `markdown` option; the options add a link card, images or a reply.
    #[wasm_bindgen(js_name = publishNote, unchecked_return_type = "Promise<PublishNoteResponse>")]
    pub fn publish_note(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "string",
            param_description = "The note's text: one paragraph of plain text, or Markdown with the `markdown` option."
        )]
        text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PublishNoteOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::PublishNote(text)))
    }

    /// Deletes one of the account's notes: `DELETE /api/v1/comment/<id>`. Resolves with
    /// `{id, deleted}`; `deleted` is false when the note was already gone.
    #[wasm_bindgen(js_name = deleteNote, unchecked_return_type = "Promise<DeleteNoteResult>")]
    pub fn delete_note(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "number",
            param_description = "The id of the note to delete (one of the account's own)."
        )]
        note_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::DeleteNote(read::id("noteId", &note_id)?)))
    }

    /// A user's activity feed: `GET /api/v1/reader/feed/profile/<userId>`.
    #[wasm_bindgen(js_name = getUserProfile, unchecked_return_type = "Promise<PublisherUserProfile>")]
    pub fn get_user_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The user's id.")] user_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetUserProfile(read::id("userId", &user_id)?)))
    }

    /// A public profile by handle (without the @): `GET /api/v1/user/<handle>/public_profile`.
    #[wasm_bindgen(js_name = getPublicProfile, unchecked_return_type = "Promise<PublisherPublicProfile>")]
    pub fn get_public_profile(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "string",
            param_description = "The user's handle, without the @."
        )]
        handle: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPublicProfile(read::slug("handle", &handle)?)))
    }

    /// The public profile with the activity feed, by handle.
    #[wasm_bindgen(js_name = getFullProfileBySlug, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_slug(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "string",
            param_description = "The user's handle, without the @."
        )]
        handle: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetFullProfileBySlug(read::slug("handle", &handle)?))
        })
    }

    /// The public profile with the activity feed, by user id.
    #[wasm_bindgen(js_name = getFullProfileById, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The user's id.")] user_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetFullProfileById(read::id("userId", &user_id)?)))
    }

    /// The ids the account follows: `GET /api/v1/feed/following` (its own id included, first).
    #[wasm_bindgen(js_name = getFollowingIds, unchecked_return_type = "Promise<number[]>")]
    pub fn get_following_ids(
        &self,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetFollowingIds))
    }

    /// The full profile of every followed user, in order, a few at a time (the
    /// `concurrency` option); rejects naming every user that failed.
    #[wasm_bindgen(js_name = getFollowingProfiles, unchecked_return_type = "Promise<PublisherFullProfile[]>")]
    pub fn get_following_profiles(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "FollowingOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetFollowingProfiles))
    }

    /// Posts of the publication of the user with this handle (workflow node `getPostsBySlug`).
    #[wasm_bindgen(js_name = getPostsBySlug, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts_by_slug(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "string",
            param_description = "The user's handle, without the @."
        )]
        slug: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProfileReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetPostsBySlug(
                read::slug("slug", &slug)?,
                read::object("params", &given(params))?,
            ))
        })
    }

    /// Posts of a user's publication (workflow node `getPostsById`): `GET /api/v1/profile/posts`.
    #[wasm_bindgen(js_name = getPostsById, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The user's id.")] user_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProfileReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetPostsById(
                read::id("userId", &user_id)?,
                read::object("params", &given(params))?,
            ))
        })
    }

    /// Notes of the user with this handle (workflow node `getNotesBySlug`).
    #[wasm_bindgen(js_name = getNotesBySlug, unchecked_return_type = "Promise<PublisherNote[]>")]
    pub fn get_notes_by_slug(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "string",
            param_description = "The user's handle, without the @."
        )]
        slug: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "NoteReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetNotesBySlug(
                read::slug("slug", &slug)?,
                read::object("params", &given(params))?,
            ))
        })
    }

    /// Notes of a user (workflow node `getNotesById`): `GET /api/v1/reader/feed/profile/<id>?types=note`.
    #[wasm_bindgen(js_name = getNotesById, unchecked_return_type = "Promise<PublisherNote[]>")]
    pub fn get_notes_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The user's id.")] user_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "NoteReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetNotesById(
                read::id("userId", &user_id)?,
                read::object("params", &given(params))?,
            ))
        })
    }

    /// One note (workflow node `getNoteById`): `GET /api/v1/reader/comment/<id>`.
    #[wasm_bindgen(js_name = getNoteById, unchecked_return_type = "Promise<PublisherNote>")]
    pub fn get_note_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The note's id.")] note_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetNoteById(read::id("noteId", &note_id)?)))
    }

    /// Creates a post draft: `POST /api/v1/drafts` on the publication host, with the account's
    /// own byline (`GET /api/v1/user/profile/self`). Markdown images named in `images` are
    /// uploaded first. Sent at most once: after a lost answer the newest drafts are read back
    /// for this title, and `maybe-created` says when that cannot tell.
    #[wasm_bindgen(js_name = createDraft, unchecked_return_type = "Promise<PublisherDraft>")]
    pub fn create_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DraftInput")] draft: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::CreateDraft(PendingDraft::read("draft", &draft)?)))
    }

    /// One draft: `GET /api/v1/drafts/<id>` on the publication host.
    #[wasm_bindgen(js_name = getDraft, unchecked_return_type = "Promise<PublisherDraft>")]
    pub fn get_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetDraft(read::id("draftId", &draft_id)?)))
    }

    /// Unpublished drafts, most recently edited first: `GET /api/v1/post_management/drafts`
    /// on the publication host; a `limit` over 25 is fetched in pages.
    #[wasm_bindgen(js_name = getDrafts, unchecked_return_type = "Promise<PublisherDraft[]>")]
    pub fn get_drafts(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "DraftsParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetDrafts(read::object("params", &given(params))?)))
    }

    /// Changes a draft: `PUT /api/v1/drafts/<id>` with the fields given only. With
    /// `expectedUpdatedAt` (the `updatedAt` you read), a draft changed since is refused with
    /// kind `conflict` and nothing is sent, so no one's edit is overwritten.
    #[wasm_bindgen(js_name = updateDraft, unchecked_return_type = "Promise<PublisherDraft>")]
    pub fn update_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Partial<DraftInput>")] changes: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "UpdateDraftOptions | null",
            param_description = "Per-call options: `expectedUpdatedAt` guards against overwriting another edit; `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        let expected = options
            .as_ref()
            .map(|options| read::arg_member(options, "expectedUpdatedAt"));
        self.dispatch(options, || {
            let expected = match expected {
                None | Some(Arg::Missing) => None,
                Some(Arg::Str(text)) => Some(text),
                Some(other) => {
                    return Err(Error::invalid_argument(format!(
                        "updateDraft(draftId, changes, {{expectedUpdatedAt}}): expectedUpdatedAt must be the draft's updatedAt as a string, got {}",
                        other.describe()
                    )))
                }
            };
            Ok(Call::UpdateDraft(
                read::id("draftId", &draft_id)?,
                PendingDraft::read("changes", &changes)?,
                expected,
            ))
        })
    }

    /// Deletes a draft: `DELETE /api/v1/drafts/<id>`. `deleted` is false when it was already gone.
    #[wasm_bindgen(js_name = deleteDraft, unchecked_return_type = "Promise<DeleteDraftResult>")]
    pub fn delete_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::DeleteDraft(read::id("draftId", &draft_id)?)))
    }

    /// The service's pre-publish check: `GET /api/v1/drafts/<id>/prepublish`, as `{ok, errors, warnings}`.
    #[wasm_bindgen(js_name = checkDraft, unchecked_return_type = "Promise<DraftCheck>")]
    pub fn check_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::CheckDraft(read::id("draftId", &draft_id)?)))
    }

    /// Publishes a draft: `POST /api/v1/drafts/<id>/publish`. `send` is required: `true` emails
    /// every subscriber, which cannot be taken back. A published draft is refused. Sent at
    /// most once: after a lost answer the draft is read back (`maybe-published` when that
    /// cannot tell). Resolves with the post it became.
    #[wasm_bindgen(js_name = publishDraft, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn publish_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "PublishDraftOptions")] publish: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            let id = read::id("draftId", &draft_id)?;
            let send = send_choice("publishDraft", &publish)?;
            let share = match read::arg_member(&publish, "shareAutomatically") {
                Arg::Missing => false,
                Arg::Bool(share) => share,
                other => {
                    return Err(Error::invalid_argument(format!(
                        "publishDraft(draftId, {{shareAutomatically}}): shareAutomatically must be a boolean, got {}",
                        other.describe()
                    )))
                }
            };
            Ok(Call::PublishDraft(id, send, share))
        })
    }

    /// Schedules a draft's release: `POST /api/v1/drafts/<id>/scheduled_release`. `at` is a
    /// `Date` or an ISO 8601 time with its zone, ahead of now by at most 90 days; `send` is
    /// required. Sent at most once: after a lost answer the release is read back
    /// (`maybe-scheduled` when that cannot tell). Resolves with the draft and its `scheduledAt`.
    #[wasm_bindgen(js_name = scheduleDraft, unchecked_return_type = "Promise<PublisherDraft>")]
    pub fn schedule_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(
            unchecked_param_type = "string | Date",
            param_description = "When to release it: an ISO 8601 time with its zone (or a `Date`), at most 90 days ahead."
        )]
        at: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ScheduleDraftOptions")] schedule: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            let id = read::id("draftId", &draft_id)?;
            let at = schedule_time(&at)?;
            let send = send_choice("scheduleDraft", &schedule)?;
            Ok(Call::ScheduleDraft(id, at, send))
        })
    }

    /// Removes a draft's scheduled release: `DELETE /api/v1/drafts/<id>/scheduled_release`;
    /// resolves with the draft, `scheduledAt` null.
    #[wasm_bindgen(js_name = unscheduleDraft, unchecked_return_type = "Promise<PublisherDraft>")]
    pub fn unschedule_draft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number", param_description = "The draft's id.")] draft_id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "CallOptions | null",
            param_description = "Per-call options: `signal` aborts the call."
        )]
        options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::UnscheduleDraft(read::id("draftId", &draft_id)?)))
    }
}

/// One call of a method, its arguments read and checked.
pub enum Call {
    /// [`Client::get_posts`]
    GetPosts(PostsParams),
    /// [`Client::get_post`]
    GetPost(Slug),
    /// [`Client::get_post_by_id`]
    GetPostById(PostId),
    /// [`Client::search_posts`]
    SearchPosts(SearchParams),
    /// [`Client::get_comments`]
    GetComments(PostId, CommentsParams),
    /// [`Client::get_comment`]
    GetComment(CommentId),
    /// [`Client::get_notes`], as a `PublisherNotes` page
    GetNotes(NotesParams, Publisher),
    /// [`Client::publish`] of the note `publishNote(text, options)` describes (read with the options).
    PublishNote(JsValue),
    /// [`Client::publish`] of a `NoteBuilder`'s note.
    PublishBuilt(BuilderNote),
    /// [`Client::delete_note`], as `{id, deleted}`
    DeleteNote(NoteId),
    /// [`Client::get_user_profile`]
    GetUserProfile(UserId),
    /// [`Client::get_public_profile`]
    GetPublicProfile(Slug),
    /// [`Client::get_full_profile_by_slug`]
    GetFullProfileBySlug(Slug),
    /// [`Client::get_full_profile_by_id`]
    GetFullProfileById(UserId),
    /// [`Client::get_following_ids`]
    GetFollowingIds,
    /// [`Client::get_following_profiles`], reporting to `options.onProgress`
    GetFollowingProfiles,
    /// [`Client::get_posts_by_slug`]
    GetPostsBySlug(Slug, ReadParams),
    /// [`Client::get_posts_by_id`]
    GetPostsById(UserId, ReadParams),
    /// [`Client::get_notes_by_slug`]
    GetNotesBySlug(Slug, NoteReadParams),
    /// [`Client::get_notes_by_id`]
    GetNotesById(UserId, NoteReadParams),
    /// [`Client::get_note_by_id`]
    GetNoteById(NoteId),
    /// [`Client::create_draft`]
    CreateDraft(PendingDraft),
    /// [`Client::get_draft`]
    GetDraft(DraftId),
    /// [`Client::get_drafts`]
    GetDrafts(DraftsParams),
    /// [`Client::update_draft`]: the id, the changes, `expectedUpdatedAt`.
    UpdateDraft(DraftId, PendingDraft, Option<String>),
    /// [`Client::delete_draft`]
    DeleteDraft(DraftId),
    /// [`Client::check_draft`]
    CheckDraft(DraftId),
    /// [`Client::publish_draft`]: the id, `send`, `shareAutomatically`.
    PublishDraft(DraftId, bool, bool),
    /// [`Client::schedule_draft`]: the id, the time (ms since the epoch), `send`.
    ScheduleDraft(DraftId, f64, bool),
    /// [`Client::unschedule_draft`]
    UnscheduleDraft(DraftId),
}

impl Publisher {
    /// Publishes a `NoteBuilder`'s note with the call options `options`.
    pub(super) fn publish_built(&self, note: BuilderNote, options: JsValue) -> Promise {
        self.run(Some(options), Ok(Call::PublishBuilt(note)))
    }

    /// Reads `call`'s arguments and runs it: see [`Publisher::run`].
    fn dispatch(&self, options: Option<JsValue>, call: impl FnOnce() -> Result<Call, Error>) -> Promise {
        self.run(options, call())
    }

    /// Runs every call: the options first (a bad one rejects, nothing is sent), then
    /// the arguments, then the core client.
    pub(super) fn run(&self, options: Option<JsValue>, call: Result<Call, Error>) -> Promise {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let (client, signals) = match self.client_for(&options) {
            Ok(client) => client,
            Err(error) => return rejected(error),
        };
        promise(
            signals,
            self.auth(),
            Box::pin(async move {
                match call? {
                    Call::GetPosts(params) => client.get_posts(&params).await.map(JsValue::from),
                    Call::GetPost(slug) => client.get_post(&slug).await.map(JsValue::from),
                    Call::GetPostById(id) => client.get_post_by_id(id).await.map(JsValue::from),
                    Call::SearchPosts(params) => client.search_posts(&params).await.map(JsValue::from),
                    Call::GetComments(post_id, params) => {
                        client.get_comments(post_id, &params).await.map(JsValue::from)
                    }
                    Call::GetComment(comment_id) => client.get_comment(comment_id).await.map(JsValue::from),
                    Call::GetNotes(params, owner) => {
                        let page = client.get_notes(&params).await?;
                        Ok(notes_page(owner, page, &params, &options))
                    }
                    Call::PublishNote(text) => {
                        BuilderNote::from_publish_options(&text, &options)?
                            .publish(&client)
                            .await
                    }
                    Call::PublishBuilt(note) => note.publish(&client).await,
                    Call::DeleteNote(note_id) => Ok(deletion_result(note_id.get(), client.delete_note(note_id).await?)),
                    Call::GetUserProfile(user_id) => client.get_user_profile(user_id).await.map(JsValue::from),
                    Call::GetPublicProfile(handle) => client.get_public_profile(&handle).await.map(JsValue::from),
                    Call::GetFullProfileBySlug(handle) => {
                        client.get_full_profile_by_slug(&handle).await.map(JsValue::from)
                    }
                    Call::GetFullProfileById(user_id) => {
                        client.get_full_profile_by_id(user_id).await.map(JsValue::from)
                    }
                    Call::GetFollowingIds => Ok(id_list(client.get_following_ids().await?)),
                    Call::GetFollowingProfiles => following_profiles(&client, &options).await,
                    Call::GetPostsBySlug(slug, params) => {
                        client.get_posts_by_slug(&slug, &params).await.map(JsValue::from)
                    }
                    Call::GetPostsById(user_id, params) => {
                        client.get_posts_by_id(user_id, &params).await.map(JsValue::from)
                    }
                    Call::GetNotesBySlug(slug, params) => {
                        client.get_notes_by_slug(&slug, params.limit).await.map(JsValue::from)
                    }
                    Call::GetNotesById(user_id, params) => {
                        client.get_notes_by_id(user_id, params.limit).await.map(JsValue::from)
                    }
                    Call::GetNoteById(note_id) => client.get_note_by_id(note_id).await.map(JsValue::from),
                    Call::CreateDraft(draft) => client.create_draft(&draft.resolve().await?).await.map(drafts_out),
                    Call::GetDraft(id) => client.get_draft(id).await.map(drafts_out),
                    Call::GetDrafts(params) => client.get_drafts(&params).await.map(drafts_out),
                    Call::UpdateDraft(id, changes, expected) => client
                        .update_draft(id, &changes.resolve().await?, expected.as_deref())
                        .await
                        .map(drafts_out),
                    Call::DeleteDraft(id) => Ok(deletion_result(id.get(), client.delete_draft(id).await?)),
                    Call::CheckDraft(id) => client.check_draft(id).await.map(JsValue::from),
                    Call::PublishDraft(id, send, share) => {
                        client.publish_draft(id, send, share).await.map(JsValue::from)
                    }
                    Call::ScheduleDraft(id, at, send) => client.schedule_draft(id, at, send).await.map(drafts_out),
                    Call::UnscheduleDraft(id) => client.unschedule_draft(id).await.map(drafts_out),
                }
            }),
        )
    }
}

#[wasm_bindgen(module = "/src/js/notes-page.js")]
extern "C" {
    #[wasm_bindgen(js_name = PublisherNotes)]
    type JsNotesPage;
    #[wasm_bindgen(constructor, js_class = PublisherNotes)]
    fn new(client: Publisher, page: &JsValue, has_more: bool, limit: &JsValue, options: &JsValue) -> JsNotesPage;
}

/// A `PublisherNotes` over the first page.
fn notes_page(owner: Publisher, notes: Page<JsDoc>, params: &NotesParams, options: &JsValue) -> JsValue {
    #[allow(clippy::cast_precision_loss)]
    let limit = params
        .limit
        .map_or(JsValue::UNDEFINED, |limit| JsValue::from_f64(limit as f64));
    let has_more = notes.next_cursor.is_some();
    JsNotesPage::new(owner, &notes.page.0, has_more, &limit, options).into()
}

/// `getFollowingProfiles`, reporting progress to `options.onProgress`.
async fn following_profiles(client: &Client<FetchTransport>, options: &JsValue) -> Result<JsValue, Error> {
    let progress = member(options, "onProgress");
    if !progress.is_undefined() && !progress.is_null() && !progress.is_function() {
        return Err(Error::invalid_argument("options.onProgress must be a function"));
    }
    let report = |done: usize, total: usize| {
        if let Some(callback) = progress.dyn_ref::<js_sys::Function>() {
            #[allow(clippy::cast_precision_loss)]
            let _ = callback.call2(
                &JsValue::UNDEFINED,
                &JsValue::from_f64(done as f64),
                &JsValue::from_f64(total as f64),
            );
        }
    };
    let profiles = client.get_following_profiles(&report).await?;
    Ok(profiles.into_iter().map(JsValue::from).collect::<Array>().into())
}

/// `{id, deleted}` of `deleteNote` and `deleteDraft`.
fn deletion_result(id: u64, deletion: Deletion) -> JsValue {
    let result = js_sys::Object::new();
    let set = |key: &str, value: JsValue| js_sys::Reflect::set(&result, &JsValue::from_str(key), &value);
    #[allow(clippy::cast_precision_loss)]
    let _ = set("id", JsValue::from_f64(id as f64))
        .and_then(|_| set("deleted", JsValue::from_bool(deletion == Deletion::Deleted)));
    result.into()
}

/// Drafts as the caller gets them: in the Markdown entry, each offers `bodyMarkdown`.
fn drafts_out(drafts: JsDoc) -> JsValue {
    let drafts = JsValue::from(drafts);
    #[cfg(feature = "markdown-entry")]
    let drafts = super::markdown::offer_body_markdown(drafts);
    drafts
}

/// Ids as an array of numbers.
fn id_list(ids: Vec<UserId>) -> JsValue {
    #[allow(clippy::cast_precision_loss)]
    let array: Array = ids.into_iter().map(|id| JsValue::from_f64(id.get() as f64)).collect();
    array.into()
}

/// `send` of `publishDraft` and `scheduleDraft`: required, because emailing every
/// subscriber cannot be taken back and so is never a default.
fn send_choice(method: &str, options: &JsValue) -> Result<bool, Error> {
    match read::arg_member(options, "send") {
        Arg::Bool(send) => Ok(send),
        Arg::Missing => Err(Error::invalid_argument(format!(
            "{method} needs {{send: true}} or {{send: false}}: whether to email every subscriber is never assumed; nothing was sent"
        ))),
        other => Err(Error::invalid_argument(format!(
            "{method}: send must be true or false, got {}; nothing was sent",
            other.describe()
        ))),
    }
}

/// `at` of `scheduleDraft`: a valid `Date`, or an ISO 8601 time with its zone.
fn schedule_time(at: &JsValue) -> Result<f64, Error> {
    if let Some(date) = at.dyn_ref::<js_sys::Date>() {
        let ms = date.get_time();
        return if ms.is_finite() {
            Ok(ms)
        } else {
            Err(Error::invalid_argument(
                "scheduleDraft(draftId, at): at is an invalid Date",
            ))
        };
    }
    let text = match read::arg(at) {
        Arg::Str(text) => text,
        other => {
            return Err(Error::invalid_argument(format!(
                "scheduleDraft(draftId, at): at must be a Date or an ISO 8601 time such as \"2026-12-04T09:00:00Z\", got {}",
                other.describe()
            )))
        }
    };
    parse_iso_ms(text.trim()).ok_or_else(|| {
        Error::invalid_argument(format!(
            "scheduleDraft(draftId, at): {:?} is not an ISO 8601 time with its zone, such as \"2026-12-04T09:00:00Z\" or \"2026-12-04T10:00:00+01:00\"",
            shorten(&text)
        ))
    })
}
