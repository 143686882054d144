//! The methods of the JS `Publisher` class, written out one by one. Each reads its
//! arguments into a [`Call`] and hands it to [`Publisher::run`], the one function that
//! runs every call: the wasm carries one copy of the call machinery (options,
//! signals, the promise) rather than one per method. A call's arm in `run` is the
//! core method it runs.

use js_sys::{Array, Promise};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use super::builder_state::BuilderNote;
use super::fetch::FetchTransport;
use super::js_doc::JsDoc;
use super::promise::{promise, rejected};
use super::publisher::Publisher;
use super::read::{self, given, member};
use publisher_core::client::{Client, Deletion, Page};
use publisher_core::error::Error;
use publisher_core::ids::{CommentId, Id, NoteId, PostId, Slug, UserId};
use publisher_core::params::{CommentsParams, NoteReadParams, NotesParams, PostsParams, ReadParams, SearchParams};

#[wasm_bindgen]
impl Publisher {
    /// Posts of the configured publication: `GET /api/v1/posts?offset&limit&cursor` on the publication host.
    #[wasm_bindgen(js_name = getPosts, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "PaginationParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPosts(read::object("params", &given(params))?)))
    }

    /// One post by its URL slug: `GET /api/v1/posts/<slug>` on the publication host.
    #[wasm_bindgen(js_name = getPost, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPost(read::slug("slug", &slug)?)))
    }

    /// One post by id: `GET /api/v1/posts/by-id/<id>` on the main host.
    #[wasm_bindgen(js_name = getPostById, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPostById(read::id("postId", &id)?)))
    }

    /// Searches posts of the publication: `GET /api/v1/search?query&…` on the publication host.
    #[wasm_bindgen(js_name = searchPosts, unchecked_return_type = "Promise<PublisherSearchResult>")]
    pub fn search_posts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SearchParams")] params: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::SearchPosts(read::object("params", &params)?)))
    }

    /// Comments of a post: `GET /api/v1/post/<postId>/comments` on the publication host.
    #[wasm_bindgen(js_name = getComments, unchecked_return_type = "Promise<PublisherComment[]>")]
    pub fn get_comments(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] post_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CommentParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
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
        #[wasm_bindgen(unchecked_param_type = "number")] comment_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetComment(read::id("commentId", &comment_id)?)))
    }

    /// A page of the account's notes feed: `GET /api/v1/notes?cursor&limit`.
    #[wasm_bindgen(js_name = getNotes, unchecked_return_type = "Promise<PublisherNotes>")]
    pub fn get_notes(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "NotesParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        // The page keeps a handle on the client, for its next().
        self.dispatch(options, || {
            Ok(Call::GetNotes(read::object("params", &given(params))?, self.share()))
        })
    }

    /// Publishes a note of one paragraph of plain text: `POST /api/v1/comment/feed`.
    #[wasm_bindgen(js_name = publishNote, unchecked_return_type = "Promise<PublishNoteResponse>")]
    pub fn publish_note(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PublishNoteOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::PublishNote(text)))
    }

    /// Deletes one of the account's notes: `DELETE /api/v1/comment/<id>`. Resolves with
    /// `{id, deleted}`; `deleted` is false when the note was already gone.
    #[wasm_bindgen(js_name = deleteNote, unchecked_return_type = "Promise<DeleteNoteResult>")]
    pub fn delete_note(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] note_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::DeleteNote(read::id("noteId", &note_id)?)))
    }

    /// A user's activity feed: `GET /api/v1/reader/feed/profile/<userId>`.
    #[wasm_bindgen(js_name = getUserProfile, unchecked_return_type = "Promise<PublisherUserProfile>")]
    pub fn get_user_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetUserProfile(read::id("userId", &user_id)?)))
    }

    /// A public profile by handle (without the @): `GET /api/v1/user/<handle>/public_profile`.
    #[wasm_bindgen(js_name = getPublicProfile, unchecked_return_type = "Promise<PublisherPublicProfile>")]
    pub fn get_public_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] handle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetPublicProfile(read::slug("handle", &handle)?)))
    }

    /// The public profile with the activity feed, by handle.
    #[wasm_bindgen(js_name = getFullProfileBySlug, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_slug(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] handle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || {
            Ok(Call::GetFullProfileBySlug(read::slug("handle", &handle)?))
        })
    }

    /// The public profile with the activity feed, by user id.
    #[wasm_bindgen(js_name = getFullProfileById, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetFullProfileById(read::id("userId", &user_id)?)))
    }

    /// The ids the account follows: `GET /api/v1/feed/following` (its own id included, first).
    #[wasm_bindgen(js_name = getFollowingIds, unchecked_return_type = "Promise<number[]>")]
    pub fn get_following_ids(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
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
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProfileReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
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
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProfileReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
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
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "NoteReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
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
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "NoteReadParams | null")] params: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
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
        #[wasm_bindgen(unchecked_param_type = "number")] note_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CallOptions | null")] options: Option<JsValue>,
    ) -> Promise {
        self.dispatch(options, || Ok(Call::GetNoteById(read::id("noteId", &note_id)?)))
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
                    Call::DeleteNote(note_id) => Ok(deletion_result(note_id, client.delete_note(note_id).await?)),
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

/// `{id, deleted}` of `deleteNote`.
fn deletion_result(id: NoteId, deletion: Deletion) -> JsValue {
    let result = js_sys::Object::new();
    let set = |key: &str, value: JsValue| js_sys::Reflect::set(&result, &JsValue::from_str(key), &value);
    #[allow(clippy::cast_precision_loss)]
    let _ = set("id", JsValue::from_f64(id.get() as f64))
        .and_then(|_| set("deleted", JsValue::from_bool(deletion == Deletion::Deleted)));
    result.into()
}

/// Ids as an array of numbers.
fn id_list(ids: Vec<UserId>) -> JsValue {
    #[allow(clippy::cast_precision_loss)]
    let array: Array = ids.into_iter().map(|id| JsValue::from_f64(id.get() as f64)).collect();
    array.into()
}
