//! The `Publisher` class, the one class the package exports from wasm. Each method
//! reads its JS arguments, calls the core client and settles a promise with the record
//! or a `PublisherError` (see [`super::call`]).

use std::cell::OnceCell;
use std::rc::Rc;

use js_sys::{Array, Function, Promise};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortSignal;

use super::call::{abort_signal, call, rejected};
use super::note_builder;

use super::args::{self, SearchArgs};
use super::convert::{arg, arg_member, config_input, fetch_function, member, options_object};
use super::error::to_js;
use super::fetch::{script_may_set_cookie, FetchTransport, HeaderObjects};
use super::note_writes::BuilderDraft;
use super::types::{
    CallOptionsArg, CommentParamsArg, FollowingOptionsArg, NoteReadParamsArg, NotesParamsArg, PaginationParamsArg,
    ProfileReadParamsArg, PublishNoteOptionsArg, PublisherConfigArg, SearchParamsArg, TextArg,
};
use crate::client::Client;
use crate::config::{AuthMode, Config};
use crate::error::Error;
use crate::params::{CommentId, Id, NoteId, PostId, UserId};

/// A client of the Publisher service: one method per operation, each returning a promise
/// that rejects with a `PublisherError`.
#[wasm_bindgen]
pub struct Publisher {
    config: Rc<Config>,
    /// The configuration with `auth` settled, once the first call settled it.
    settled: Rc<OnceCell<Rc<Config>>>,
    /// The header objects of this client's requests.
    headers: Rc<HeaderObjects>,
    /// The `signal` of the configuration: aborts every call of this client.
    signal: Option<AbortSignal>,
    /// The `fetch` of the configuration: sends every request of this client.
    fetch: Option<Function>,
    /// No `auth` was given: it follows what the runtime can do, probed at the first
    /// call (the probe makes Node load its fetch, which a constructor need not wait for).
    auth_by_runtime: bool,
}

impl Publisher {
    /// How this client sends the session, with the runtime's default settled.
    pub(super) fn auth(&self) -> AuthMode {
        if self.auth_by_runtime && !script_may_set_cookie() {
            AuthMode::BrowserCredentials
        } else {
            self.config.auth()
        }
    }

    /// Publishes `draft` with the call options `options`.
    pub(super) fn publish_draft(&self, draft: BuilderDraft, options: JsValue) -> Promise {
        call!(self, Some(options), |client| draft.publish(&client).await)
    }

    /// Another handle on the same client (for the pages and builders it creates).
    pub(super) fn share(&self) -> Publisher {
        Publisher {
            config: self.config.clone(),
            settled: self.settled.clone(),
            headers: self.headers.clone(),
            signal: self.signal.clone(),
            fetch: self.fetch.clone(),
            auth_by_runtime: self.auth_by_runtime,
        }
    }

    /// The configuration of a call, with the runtime's default `auth` settled.
    fn effective_config(&self) -> Rc<Config> {
        self.settled
            .get_or_init(|| {
                let auth = self.auth();
                if auth == self.config.auth() {
                    self.config.clone()
                } else {
                    let mut config = Config::clone(&self.config);
                    config.set_auth(auth);
                    Rc::new(config)
                }
            })
            .clone()
    }

    /// A client for one call: the shared configuration, and a transport that obeys the
    /// client's signal and the call's own (`options.signal`).
    pub(super) fn call(&self, options: &JsValue) -> Result<(Client<FetchTransport>, Array), Error> {
        let signals = Array::new();
        if let Some(signal) = &self.signal {
            signals.push(signal);
        }
        if let Some(signal) = abort_signal(&member(options, "signal"), "options.signal")? {
            signals.push(&signal);
        }
        let transport = FetchTransport {
            signals: signals.clone(),
            fetch: self.fetch.clone(),
            headers: self.headers.clone(),
        };
        Ok((Client::shared(self.effective_config(), transport), signals))
    }
}

#[wasm_bindgen(module = "/pkg-template/notes-page.js")]
extern "C" {
    #[wasm_bindgen(js_name = PublisherNotes)]
    type JsNotesPage;
    #[wasm_bindgen(constructor, js_class = PublisherNotes)]
    fn new(client: Publisher, page: &JsValue, has_more: bool, limit: &JsValue, options: &JsValue) -> JsNotesPage;
}

fn read_params(params: &Option<JsValue>) -> Result<crate::client::ReadParams, Error> {
    let params = options_object(params, "params")?;
    args::read_params(&arg_member(&params, "limit"), &arg_member(&params, "offset"))
}

#[wasm_bindgen]
impl Publisher {
    /// Creates a client. Throws a `PublisherError` of kind `config` when the
    /// configuration is invalid; nothing is sent.
    #[wasm_bindgen(constructor)]
    pub fn new(config: PublisherConfigArg) -> Result<Publisher, JsValue> {
        let config = JsValue::from(config);
        let fetch = fetch_function(&config).map_err(to_js)?;
        let input = config_input(&config, script_may_set_cookie, fetch.is_some()).map_err(to_js)?;
        let auth_by_runtime = input.auth.is_none();
        let signal = abort_signal(&member(&config, "signal"), "signal").map_err(|e| to_js(Error::config(e.message)))?;
        let config = Config::new(input).map_err(to_js)?;
        Ok(Publisher {
            config: Rc::new(config),
            settled: Rc::default(),
            headers: Rc::default(),
            signal,
            fetch,
            auth_by_runtime,
        })
    }

    /// Posts of the configured publication: `GET /api/v1/posts?offset&limit&cursor` on the publication host.
    #[wasm_bindgen(js_name = getPosts, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts(&self, params: Option<PaginationParamsArg>, options: Option<CallOptionsArg>) -> Promise {
        let params = params.map(JsValue::from);
        call!(self, options, |client| {
            let params = options_object(&params, "params")?;
            let params = args::posts_params(
                &arg_member(&params, "offset"),
                &arg_member(&params, "limit"),
                &arg_member(&params, "cursor"),
            )?;
            client.get_posts(&params).await
        })
    }

    /// One post by its URL slug: `GET /api/v1/posts/<slug>` on the publication host.
    #[wasm_bindgen(js_name = getPost, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_post(&args::slug("slug", &arg(&slug))?)
            .await)
    }

    /// One post by id: `GET /api/v1/posts/by-id/<id>` on the main host.
    #[wasm_bindgen(js_name = getPostById, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_post_by_id(args::id::<PostId>("postId", &arg(&id))?)
            .await)
    }

    /// Searches posts of the publication: `GET /api/v1/search?query&…` on the publication host.
    #[wasm_bindgen(js_name = searchPosts, unchecked_return_type = "Promise<PublisherSearchResult>")]
    pub fn search_posts(&self, params: SearchParamsArg, options: Option<CallOptionsArg>) -> Promise {
        let params = JsValue::from(params);
        call!(self, options, |client| {
            if !params.is_object() {
                return Err(Error::invalid_argument(
                    "searchPosts needs a params object with a query",
                ));
            }
            let field = |name: &str| arg(&member(&params, name));
            let params = args::search_params(SearchArgs {
                query: &field("query"),
                offset: &field("offset"),
                limit: &field("limit"),
                post_type: &field("type"),
                published_after: &field("published_after"),
                published_before: &field("published_before"),
            })?;
            client.search_posts(&params).await
        })
    }

    /// Comments of a post: `GET /api/v1/post/<postId>/comments` on the publication host.
    #[wasm_bindgen(js_name = getComments, unchecked_return_type = "Promise<PublisherComment[]>")]
    pub fn get_comments(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] post_id: JsValue,
        params: Option<CommentParamsArg>,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        let params = params.map(JsValue::from);
        call!(self, options, |client| {
            let params = options_object(&params, "params")?;
            let post_id = args::id::<PostId>("postId", &arg(&post_id))?;
            let params = args::comments_params(&arg_member(&params, "offset"), &arg_member(&params, "limit"))?;
            client.get_comments(post_id, &params).await
        })
    }

    /// One comment: `GET /api/v1/reader/comment/<id>`.
    #[wasm_bindgen(js_name = getComment, unchecked_return_type = "Promise<PublisherComment>")]
    pub fn get_comment(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] comment_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_comment(args::id::<CommentId>("commentId", &arg(&comment_id))?)
            .await)
    }

    /// A page of the account's notes feed: `GET /api/v1/notes?cursor&limit`.
    #[wasm_bindgen(js_name = getNotes, unchecked_return_type = "Promise<PublisherNotes>")]
    pub fn get_notes(&self, params: Option<NotesParamsArg>, options: Option<CallOptionsArg>) -> Promise {
        let params = params.map(JsValue::from);
        let owner = self.share();
        let page_options = options.as_ref().map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        call!(self, options, |client| {
            let params = options_object(&params, "params")?;
            let limit = member(&params, "limit");
            let params = args::notes_params(&arg_member(&params, "cursor"), &arg(&limit))?;
            let notes = client.get_notes(&params).await?;
            Ok(JsNotesPage::new(owner, &notes.page, notes.next_cursor.is_some(), &limit, &page_options).into())
        })
    }

    /// Publishes a note of one paragraph of plain text: `POST /api/v1/comment/feed`.
    #[wasm_bindgen(js_name = publishNote, unchecked_return_type = "Promise<PublishNoteResponse>")]
    pub fn publish_note(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        options: Option<PublishNoteOptionsArg>,
    ) -> Promise {
        let publish_options = options.as_ref().map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        call!(self, options, |client| {
            BuilderDraft::from_publish_options(&text, &publish_options)?
                .publish(&client)
                .await
        })
    }

    /// Deletes one of the account's notes: `DELETE /api/v1/comment/<id>`. Resolves with
    /// `{id, deleted}`; `deleted` is false when the note was already gone.
    #[wasm_bindgen(js_name = deleteNote, unchecked_return_type = "Promise<DeleteNoteResult>")]
    pub fn delete_note(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] note_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| {
            let id = args::id::<NoteId>("noteId", &arg(&note_id))?;
            let deletion = client.delete_note(id).await?;
            let result = js_sys::Object::new();
            let set = |key: &str, value: JsValue| js_sys::Reflect::set(&result, &JsValue::from_str(key), &value);
            let deleted = deletion == crate::client::Deletion::Deleted;
            set("id", JsValue::from_f64(id.get() as f64))
                .and_then(|_| set("deleted", JsValue::from_bool(deleted)))
                .map_err(|_| Error::invalid_response("could not build the result"))?;
            Ok(JsValue::from(result))
        })
    }

    /// A `NoteBuilder` on this client; `text` starts the first paragraph.
    #[wasm_bindgen(unchecked_return_type = "NoteBuilder")]
    pub fn note(&self, text: Option<TextArg>) -> Result<JsValue, JsValue> {
        let text = text.map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        note_builder::builder(self.share(), &text)
    }

    /// A user's activity feed: `GET /api/v1/reader/feed/profile/<userId>`.
    #[wasm_bindgen(js_name = getUserProfile, unchecked_return_type = "Promise<PublisherUserProfile>")]
    pub fn get_user_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_user_profile(args::id::<UserId>("userId", &arg(&user_id))?)
            .await)
    }

    /// A public profile by handle (without the @): `GET /api/v1/user/<handle>/public_profile`.
    #[wasm_bindgen(js_name = getPublicProfile, unchecked_return_type = "Promise<PublisherPublicProfile>")]
    pub fn get_public_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] handle: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_public_profile(&args::slug("handle", &arg(&handle))?)
            .await)
    }

    /// The public profile with the activity feed, by handle.
    #[wasm_bindgen(js_name = getFullProfileBySlug, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_slug(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] handle: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_full_profile_by_slug(&args::slug("handle", &arg(&handle))?)
            .await)
    }

    /// The public profile with the activity feed, by user id.
    #[wasm_bindgen(js_name = getFullProfileById, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_full_profile_by_id(args::id::<UserId>("userId", &arg(&user_id))?)
            .await)
    }

    /// The ids the account follows: `GET /api/v1/feed/following` (its own id included, first).
    #[wasm_bindgen(js_name = getFollowingIds, unchecked_return_type = "Promise<number[]>")]
    pub fn get_following_ids(&self, options: Option<CallOptionsArg>) -> Promise {
        call!(self, options, |client| {
            let ids = client.get_following_ids().await?;
            #[allow(clippy::cast_precision_loss)]
            let array: Array = ids.into_iter().map(|id| JsValue::from_f64(id.get() as f64)).collect();
            Ok(array.into())
        })
    }

    /// The full profile of every followed user, in order, a few at a time (the
    /// `concurrency` option); rejects naming every user that failed.
    #[wasm_bindgen(js_name = getFollowingProfiles, unchecked_return_type = "Promise<PublisherFullProfile[]>")]
    pub fn get_following_profiles(&self, options: Option<FollowingOptionsArg>) -> Promise {
        let options = options.map(JsValue::from);
        let progress = options
            .as_ref()
            .map(|o| member(o, "onProgress"))
            .unwrap_or(JsValue::UNDEFINED);
        if !progress.is_undefined() && !progress.is_null() && !progress.is_function() {
            return rejected(Error::invalid_argument("options.onProgress must be a function"));
        }
        call!(self, options, |client| {
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
            Ok(profiles.into_iter().collect::<Array>().into())
        })
    }

    /// Posts of the publication of the user with this handle (workflow node `getPostsBySlug`).
    #[wasm_bindgen(js_name = getPostsBySlug, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts_by_slug(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
        params: Option<ProfileReadParamsArg>,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        let params = params.map(JsValue::from);
        call!(self, options, |client| {
            let slug = args::slug("slug", &arg(&slug))?;
            client.get_posts_by_slug(&slug, &read_params(&params)?).await
        })
    }

    /// Posts of a user's publication (workflow node `getPostsById`): `GET /api/v1/profile/posts`.
    #[wasm_bindgen(js_name = getPostsById, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        params: Option<ProfileReadParamsArg>,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        let params = params.map(JsValue::from);
        call!(self, options, |client| {
            let user_id = args::id::<UserId>("userId", &arg(&user_id))?;
            client.get_posts_by_id(user_id, &read_params(&params)?).await
        })
    }

    /// Notes of the user with this handle (workflow node `getNotesBySlug`).
    #[wasm_bindgen(js_name = getNotesBySlug, unchecked_return_type = "Promise<PublisherNote[]>")]
    pub fn get_notes_by_slug(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
        params: Option<NoteReadParamsArg>,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        let params = params.map(JsValue::from);
        call!(self, options, |client| {
            let params = options_object(&params, "params")?;
            let limit = args::read_limit(&arg_member(&params, "limit"))?;
            let slug = args::slug("slug", &arg(&slug))?;
            client.get_notes_by_slug(&slug, limit).await
        })
    }

    /// Notes of a user (workflow node `getNotesById`): `GET /api/v1/reader/feed/profile/<id>?types=note`.
    #[wasm_bindgen(js_name = getNotesById, unchecked_return_type = "Promise<PublisherNote[]>")]
    pub fn get_notes_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        params: Option<NoteReadParamsArg>,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        let params = params.map(JsValue::from);
        call!(self, options, |client| {
            let params = options_object(&params, "params")?;
            let user_id = args::id::<UserId>("userId", &arg(&user_id))?;
            let limit = args::read_limit(&arg_member(&params, "limit"))?;
            client.get_notes_by_id(user_id, limit).await
        })
    }

    /// One note (workflow node `getNoteById`): `GET /api/v1/reader/comment/<id>`.
    #[wasm_bindgen(js_name = getNoteById, unchecked_return_type = "Promise<PublisherNote>")]
    pub fn get_note_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] note_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_note_by_id(args::id::<NoteId>("noteId", &arg(&note_id))?)
            .await)
    }
}
