//! The `Publisher` class. Each method reads its JS arguments, calls the core client
//! and settles a promise with the record or a `PublisherError`.

use std::future::Future;
use std::rc::Rc;

use js_sys::{Array, Function, Promise};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::future_to_promise;
use web_sys::AbortSignal;

use super::convert::{arg, arg_member, config_input, fetch_function, member, options_object};
use super::error::{to_js, to_js_with_cause};
use super::fetch::{script_may_set_cookie, FetchTransport};
use super::types::{
    CallOptionsArg, CommentParamsArg, FollowingOptionsArg, NoteReadParamsArg, NotesParamsArg, PaginationParamsArg,
    ProfileReadParamsArg, PublisherConfigArg, SearchParamsArg, TextArg,
};
use crate::args::Arg;
use crate::client::{Client, PostsParams, ReadParams, SearchArgs, SearchParams};
use crate::config::{AuthMode, Config};
use crate::error::{Error, ErrorKind};
use crate::records::publish::{Mark, NoteDraft as CoreDraft};

#[wasm_bindgen]
pub struct Publisher {
    config: Rc<Config>,
    /// The `signal` of the configuration: aborts every call of this client.
    signal: Option<AbortSignal>,
    /// The `fetch` of the configuration: sends every request of this client.
    fetch: Option<Function>,
    /// No `auth` was given: it follows what the runtime can do, probed at the first
    /// call (the probe makes Node load its fetch, which a constructor need not wait for).
    auth_by_runtime: bool,
}

impl Publisher {
    fn share(&self) -> Publisher {
        Publisher {
            config: self.config.clone(),
            signal: self.signal.clone(),
            fetch: self.fetch.clone(),
            auth_by_runtime: self.auth_by_runtime,
        }
    }

    /// The configuration of a call, with the runtime's default `auth` settled.
    fn effective_config(&self) -> Config {
        let mut config = Config::clone(&self.config);
        if self.auth_by_runtime && !script_may_set_cookie() {
            config.set_auth(AuthMode::BrowserCredentials);
        }
        config
    }

    /// A client for one call: the shared configuration, and a transport that obeys the
    /// client's signal and the call's own (`options.signal`).
    fn call(&self, options: &JsValue) -> Result<(Client<FetchTransport>, Array), Error> {
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
        };
        Ok((Client::new(self.effective_config(), transport), signals))
    }
}

/// An optional AbortSignal argument.
pub fn abort_signal(value: &JsValue, name: &str) -> Result<Option<AbortSignal>, Error> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        value
            .dyn_ref::<AbortSignal>()
            .cloned()
            .map(Some)
            .ok_or_else(|| Error::invalid_argument(format!("{name} must be an AbortSignal")))
    }
}

#[wasm_bindgen(module = "/pkg-template/note-builder.js")]
extern "C" {
    #[wasm_bindgen(js_name = NoteBuilder)]
    type JsNoteBuilder;
    #[wasm_bindgen(constructor, js_class = NoteBuilder, catch)]
    fn new(client: Publisher, text: &JsValue) -> Result<JsNoteBuilder, JsValue>;
}

#[wasm_bindgen(module = "/pkg-template/notes-page.js")]
extern "C" {
    #[wasm_bindgen(js_name = PublisherNotes)]
    type JsNotesPage;
    #[wasm_bindgen(constructor, js_class = PublisherNotes)]
    fn new(client: Publisher, page: &JsValue, has_more: bool, limit: &JsValue, options: &JsValue) -> JsNotesPage;
}

/// The draft behind a `NoteBuilder` (the JS class forwards to it).
#[wasm_bindgen(skip_typescript)]
pub struct NoteDraft {
    draft: CoreDraft,
}

fn text_arg(method: &str, text: &JsValue) -> Result<String, Error> {
    match arg(text) {
        Arg::Str(text) => Ok(text),
        other => Err(Error::invalid_argument(format!(
            "{method}(text) needs a string, got {}",
            crate::args::describe(&other)
        ))),
    }
}

#[wasm_bindgen]
impl NoteDraft {
    pub fn paragraph(&mut self, text: JsValue) -> Result<(), JsValue> {
        let text = text_arg("note", &text).map_err(to_js)?;
        self.draft.paragraph(&text).map_err(to_js)
    }
    pub fn bold(&mut self, text: JsValue) -> Result<(), JsValue> {
        let text = text_arg("bold", &text).map_err(to_js)?;
        self.draft.add(&text, Some(Mark::Bold)).map_err(to_js)
    }
    pub fn italic(&mut self, text: JsValue) -> Result<(), JsValue> {
        let text = text_arg("italic", &text).map_err(to_js)?;
        self.draft.add(&text, Some(Mark::Italic)).map_err(to_js)
    }
    pub fn simple(&mut self, text: JsValue) -> Result<(), JsValue> {
        let text = text_arg("simple", &text).map_err(to_js)?;
        self.draft.add(&text, None).map_err(to_js)
    }
}

fn read_params(params: &Option<JsValue>) -> Result<ReadParams, Error> {
    let params = options_object(params, "params")?;
    ReadParams::from_args(&arg_member(&params, "limit"), &arg_member(&params, "offset"))
}

/// Runs a core call as a promise. Argument errors reject too, so a caller handles
/// every failure in one place. An abort keeps the signal's reason as `cause`.
fn promise<F>(signals: Array, work: F) -> Promise
where
    F: Future<Output = Result<JsValue, Error>> + 'static,
{
    future_to_promise(async move {
        work.await.map_err(|error| {
            let cause = if error.kind == ErrorKind::Aborted {
                signals
                    .iter()
                    .filter_map(|s| s.dyn_into::<AbortSignal>().ok())
                    .find(AbortSignal::aborted)
                    .map(|signal| signal.reason())
            } else {
                None
            };
            to_js_with_cause(error, cause)
        })
    })
}

/// A 401 under the browser's own cookies says why no apiKey was sent and what to do.
fn explain_unauthorized(mut error: Error, auth: AuthMode) -> Error {
    if auth == AuthMode::BrowserCredentials && error.status == Some(401) {
        error.message.push_str(
            " (auth is 'browser': this runtime forbids scripts to set the Cookie header, so apiKey is not sent and the browser's own cookies for the service are; sign in to the service in this browser, or call from where a script may set Cookie, such as Node, Deno, Bun or a Worker, where auth 'cookie' is the default)",
        );
    }
    error
}

/// A call whose options are invalid: rejects without sending anything.
fn rejected(error: Error) -> Promise {
    Promise::reject(&to_js(error))
}

/// Reads `options`, then runs `work` with the call's client.
macro_rules! call {
    ($self:ident, $options:expr, |$client:ident| $body:expr) => {{
        let options = $options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        match $self.call(&options) {
            Err(error) => rejected(error),
            Ok(($client, signals)) => {
                let auth = $self.effective_config().auth();
                promise(signals, async move {
                    let outcome: Result<JsValue, Error> = async move { $body }.await;
                    outcome.map_err(|error| explain_unauthorized(error, auth))
                })
            }
        }
    }};
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
            let params = PostsParams::from_args(
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
        call!(self, options, |client| client.get_post(&arg(&slug)).await)
    }

    /// One post by id: `GET /api/v1/posts/by-id/<id>` on the main host.
    #[wasm_bindgen(js_name = getPostById, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client.get_post_by_id(&arg(&id)).await)
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
            let params = SearchParams::from_args(SearchArgs {
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
            client
                .get_comments(
                    &arg(&post_id),
                    &arg_member(&params, "offset"),
                    &arg_member(&params, "limit"),
                )
                .await
        })
    }

    /// One comment: `GET /api/v1/reader/comment/<id>`.
    #[wasm_bindgen(js_name = getComment, unchecked_return_type = "Promise<PublisherComment>")]
    pub fn get_comment(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] comment_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client.get_comment(&arg(&comment_id)).await)
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
            let notes = client.get_notes(&arg_member(&params, "cursor"), &arg(&limit)).await?;
            Ok(JsNotesPage::new(owner, &notes.page, notes.next_cursor.is_some(), &limit, &page_options).into())
        })
    }

    /// Publishes a note of one paragraph of plain text: `POST /api/v1/comment/feed`.
    #[wasm_bindgen(js_name = publishNote, unchecked_return_type = "Promise<PublishNoteResponse>")]
    pub fn publish_note(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client.publish_note(&arg(&text)).await)
    }

    /// A `NoteBuilder` on this client; `text` starts the first paragraph.
    #[wasm_bindgen(unchecked_return_type = "NoteBuilder")]
    pub fn note(&self, text: Option<TextArg>) -> Result<JsValue, JsValue> {
        let text = text.map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        JsNoteBuilder::new(self.share(), &text).map(JsValue::from)
    }

    #[wasm_bindgen(js_name = __newDraft, skip_typescript)]
    pub fn new_draft(&self, text: JsValue) -> Result<NoteDraft, JsValue> {
        let text = match arg(&text) {
            Arg::Missing => None,
            _ => Some(text_arg("note", &text).map_err(to_js)?),
        };
        CoreDraft::new(text.as_deref())
            .map(|draft| NoteDraft { draft })
            .map_err(to_js)
    }

    #[wasm_bindgen(js_name = __publishDraft, skip_typescript)]
    pub fn publish_draft(&self, draft: &NoteDraft, options: Option<CallOptionsArg>) -> Promise {
        let draft = draft.draft.clone();
        call!(self, options, |client| client.publish_draft(&draft).await)
    }

    /// A user's activity feed: `GET /api/v1/reader/feed/profile/<userId>`.
    #[wasm_bindgen(js_name = getUserProfile, unchecked_return_type = "Promise<PublisherUserProfile>")]
    pub fn get_user_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] user_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client.get_user_profile(&arg(&user_id)).await)
    }

    /// A public profile by handle (without the @): `GET /api/v1/user/<handle>/public_profile`.
    #[wasm_bindgen(js_name = getPublicProfile, unchecked_return_type = "Promise<PublisherPublicProfile>")]
    pub fn get_public_profile(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] handle: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client.get_public_profile(&arg(&handle)).await)
    }

    /// The public profile with the activity feed, by handle.
    #[wasm_bindgen(js_name = getFullProfileBySlug, unchecked_return_type = "Promise<PublisherFullProfile>")]
    pub fn get_full_profile_by_slug(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] handle: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client
            .get_full_profile_by_slug(&arg(&handle))
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
            .get_full_profile_by_id(&arg(&user_id))
            .await)
    }

    /// The ids the account follows: `GET /api/v1/feed/following` (its own id included, first).
    #[wasm_bindgen(js_name = getFollowingIds, unchecked_return_type = "Promise<number[]>")]
    pub fn get_following_ids(&self, options: Option<CallOptionsArg>) -> Promise {
        call!(self, options, |client| {
            let ids = client.get_following_ids().await?;
            #[allow(clippy::cast_precision_loss)]
            let array: Array = ids.into_iter().map(|id| JsValue::from_f64(id as f64)).collect();
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
        call!(self, options, |client| client
            .get_posts_by_slug(&arg(&slug), &read_params(&params)?)
            .await)
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
        call!(self, options, |client| client
            .get_posts_by_id(&arg(&user_id), &read_params(&params)?)
            .await)
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
            client
                .get_notes_by_slug(&arg(&slug), &arg_member(&params, "limit"))
                .await
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
            client
                .get_notes_by_id(&arg(&user_id), &arg_member(&params, "limit"))
                .await
        })
    }

    /// One note (workflow node `getNoteById`): `GET /api/v1/reader/comment/<id>`.
    #[wasm_bindgen(js_name = getNoteById, unchecked_return_type = "Promise<PublisherNote>")]
    pub fn get_note_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] note_id: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Promise {
        call!(self, options, |client| client.get_note_by_id(&arg(&note_id)).await)
    }
}
