//! Long-form posts (docs/drafts.md): drafts written, read, listed, checked, published and
//! scheduled on the publication host. The three writes that cannot be repeated (create,
//! publish, schedule) are sent at most once; when an answer is lost they read back what
//! happened instead of sending again, above all never a second email.

use super::paging::{self, Page, Position, Walk};
use super::publishing::READ_BACK_RETRY_MS;
use super::{outcome_unknown, still_unknown, Client, Deletion, Doc};
use crate::dates::iso_seconds_from_ms;
use crate::error::Error;
use crate::http::operation::{Delivery, Operation, Path, Query, UncertainOutcome};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::DraftId;
use crate::json::{push_string, string_field, JsonDoc};
#[cfg(feature = "markdown")]
use crate::notes::image::ImageData;
use crate::notes::read_back::{parse_iso_ms, CLOCK_SKEW_MS};
use crate::params::DraftsParams;
#[cfg(feature = "markdown")]
use crate::post_body::document::PostDoc;
use crate::records::{draft, post};

/// The kind of a `createDraft` whose outcome stays unknown.
pub const MAYBE_CREATED: UncertainOutcome = UncertainOutcome {
    kind: "maybe-created",
    advice: "the draft may have been created and was not sent again: look among the drafts before creating it again",
};

/// The kind of a `publishDraft` whose outcome stays unknown.
pub const MAYBE_PUBLISHED_POST: UncertainOutcome = UncertainOutcome {
    kind: "maybe-published",
    advice: "the draft may have been published (and emailed) and was not sent again: read it before publishing again",
};

/// The kind of a `scheduleDraft` whose outcome stays unknown.
pub const MAYBE_SCHEDULED: UncertainOutcome = UncertainOutcome {
    kind: "maybe-scheduled",
    advice: "the release may have been scheduled and was not sent again: read the draft before scheduling again",
};

/// The largest page of drafts one listing request asks for.
pub const DRAFTS_PAGE_SIZE: u64 = 25;

/// How far ahead a release may be scheduled: the service refuses trigger times more
/// than about three months ahead (http-contract-drafts §3, "Horizon").
pub const SCHEDULE_HORIZON_MS: f64 = 90.0 * 24.0 * 3600.0 * 1000.0;

/// A draft's body as the caller gave it.
#[derive(Debug, Clone, PartialEq)]
pub enum PostBody {
    /// A post document the caller wrote, as JSON text (already checked to be a `doc`).
    Document(String),
    /// A document made from Markdown; its images may name entries of [`DraftInput::images`]
    /// or be on the web (downloaded and hosted). Only with the `markdown` feature: the
    /// package's main wasm, which has no Markdown, carries neither this nor the image
    /// uploads it needs.
    #[cfg(feature = "markdown")]
    Written {
        /// The document.
        doc: PostDoc,
        /// The Markdown it was made from, so that a refused image is named with its line.
        markdown: String,
    },
}

/// `DraftInput`: what `createDraft` makes and `updateDraft` changes. `None` leaves a
/// field out of the request (for an update: unchanged).
#[derive(Debug, Clone, PartialEq)]
pub struct DraftInput {
    /// The title; required, not blank, for a new draft.
    pub title: Option<String>,
    /// The subtitle.
    pub subtitle: Option<String>,
    /// The body.
    pub body: Option<PostBody>,
    /// `everyone`, `only_paid`, `founding` or `only_free`.
    pub audience: Option<String>,
    /// `newsletter`, `podcast` or `thread`.
    pub post_type: Option<String>,
    /// The section the post goes in.
    pub section_id: Option<u64>,
    /// Images by name: a Markdown image whose URL is one of these names is uploaded first.
    #[cfg(feature = "markdown")]
    pub images: Vec<(String, ImageData)>,
    /// Whether a Markdown image on the web is downloaded and hosted on the service (the
    /// editor shows no other); when false, such an image refuses the call.
    #[cfg(feature = "markdown")]
    pub download_images: bool,
}

// Derivable only without the `markdown` feature, which defaults download_images to true.
#[allow(clippy::derivable_impls)]
impl Default for DraftInput {
    fn default() -> Self {
        DraftInput {
            title: None,
            subtitle: None,
            body: None,
            audience: None,
            post_type: None,
            section_id: None,
            #[cfg(feature = "markdown")]
            images: Vec::new(),
            // On by default: a Markdown article's web images then appear in the post, as
            // they do when pasted into the editor, which hosts them too.
            #[cfg(feature = "markdown")]
            download_images: true,
        }
    }
}

/// `GET <main>/user/profile/self`: the account's own profile (its `id` is the byline).
pub(crate) struct OwnProfile;

impl Operation for OwnProfile {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "user/profile/self";
    fn path(&self, path: &mut Path) {
        path.literal("user/profile/self");
    }
}

/// `POST <publication>/drafts`: a new draft each time, so at most once.
pub(crate) struct CreateDraft {
    body: String,
}

impl Operation for CreateDraft {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts";
    const DELIVERY: Delivery = Delivery::AtMostOnce(MAYBE_CREATED);
    fn path(&self, path: &mut Path) {
        path.literal("drafts");
    }
    fn body(&self) -> Option<String> {
        Some(self.body.clone())
    }
}

/// `GET <publication>/drafts/<id>`.
pub(crate) struct GetDraft {
    id: DraftId,
}

impl Operation for GetDraft {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>";
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id);
    }
}

/// `PUT <publication>/drafts/<id>` with the fields to change: the same request twice
/// leaves the same draft, so it is retried like a read.
pub(crate) struct UpdateDraft {
    id: DraftId,
    body: String,
}

impl Operation for UpdateDraft {
    const METHOD: Method = Method::Put;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>";
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id);
    }
    fn body(&self) -> Option<String> {
        Some(self.body.clone())
    }
}

/// `DELETE <publication>/drafts/<id>`; repeatable (the second answers 404).
pub(crate) struct DeleteDraft {
    id: DraftId,
}

impl Operation for DeleteDraft {
    const METHOD: Method = Method::Delete;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>";
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id);
    }
}

/// `GET <publication>/post_management/drafts?offset&limit&order_by&order_direction`:
/// unpublished drafts, most recently edited first, `{posts: […]}`.
pub(crate) struct DraftsPage {
    offset: u64,
    limit: u64,
}

impl Operation for DraftsPage {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "post_management/drafts?offset&limit&order_by&order_direction";
    fn path(&self, path: &mut Path) {
        path.literal("post_management/drafts");
    }
    fn query(&self, query: &mut Query) {
        query
            .set("offset", self.offset)
            .set("limit", self.limit)
            .set("order_by", "draft_updated_at")
            .set("order_direction", "desc");
    }
}

/// `GET <publication>/drafts/<id>/prepublish`: the service's pre-publish check.
pub(crate) struct Prepublish {
    id: DraftId,
}

impl Operation for Prepublish {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>/prepublish";
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id).literal("prepublish");
    }
}

/// `POST <publication>/drafts/<id>/publish` `{send, share_automatically}`: may email every
/// subscriber, so at most once.
pub(crate) struct PublishDraft {
    id: DraftId,
    send: bool,
    share_automatically: bool,
}

impl Operation for PublishDraft {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>/publish";
    const DELIVERY: Delivery = Delivery::AtMostOnce(MAYBE_PUBLISHED_POST);
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id).literal("publish");
    }
    fn body(&self) -> Option<String> {
        Some(format!(
            r#"{{"send":{},"share_automatically":{}}}"#,
            self.send, self.share_automatically
        ))
    }
}

/// `POST <publication>/drafts/<id>/scheduled_release` `{trigger_at, post_audience,
/// email_audience}`, at most once; `email_audience: null` sends no email.
pub(crate) struct ScheduleRelease<'a> {
    id: DraftId,
    trigger_at: &'a str,
    audience: &'a str,
    send: bool,
}

impl Operation for ScheduleRelease<'_> {
    const METHOD: Method = Method::Post;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>/scheduled_release";
    const DELIVERY: Delivery = Delivery::AtMostOnce(MAYBE_SCHEDULED);
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id).literal("scheduled_release");
    }
    fn body(&self) -> Option<String> {
        let mut body = String::from(r#"{"trigger_at":"#);
        push_string(&mut body, self.trigger_at);
        body.push_str(r#","post_audience":"#);
        push_string(&mut body, self.audience);
        body.push_str(r#","email_audience":"#);
        if self.send {
            push_string(&mut body, self.audience);
        } else {
            body.push_str("null");
        }
        body.push('}');
        Some(body)
    }
}

/// `GET <publication>/drafts/<id>/scheduled_release`: `[]` or `[{trigger_at, …}]`.
pub(crate) struct ScheduledRelease {
    id: DraftId,
}

impl Operation for ScheduledRelease {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>/scheduled_release";
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id).literal("scheduled_release");
    }
}

/// `DELETE <publication>/drafts/<id>/scheduled_release`; repeatable.
pub(crate) struct Unschedule {
    id: DraftId,
}

impl Operation for Unschedule {
    const METHOD: Method = Method::Delete;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "drafts/<draftId>/scheduled_release";
    fn path(&self, path: &mut Path) {
        path.literal("drafts").segment(self.id).literal("scheduled_release");
    }
}

impl<T: Transport> Client<T> {
    /// `createDraft(draft)`: uploads the Markdown's images, then `POST drafts` once, with
    /// the account's own byline. When the answer is lost, the newest drafts are read back
    /// for one with this title created since the call began.
    pub async fn create_draft(&self, input: &DraftInput) -> Result<Doc<T>, Error> {
        let title = input.title.as_deref().map(str::trim).unwrap_or("");
        if title.is_empty() {
            return Err(Error::invalid_argument(
                "createDraft(draft) needs a title: draft.title is missing or blank",
            ));
        }
        // Without Markdown there are no images to plan.
        #[cfg(feature = "markdown")]
        let planned = super::draft_images::plan::<Doc<T>>(input)?;
        #[cfg(not(feature = "markdown"))]
        let planned = ();
        let author = self
            .send(&OwnProfile, |profile| {
                profile
                    .with_field("id", JsonDoc::as_f64)
                    .flatten()
                    .and_then(crate::ids::safe_integer)
                    .ok_or_else(|| Error::invalid_response("the account's own profile has no integer `id`"))
            })
            .await?;
        let body = self.body_json(input, planned).await?;
        let request = draft_request(input, body.as_deref(), Some(author));
        let sent_at_ms = self.transport().now_ms();
        let created = self
            .send(&CreateDraft { body: request }, draft::decode_draft_answer)
            .await;
        let error = match created {
            Ok(draft) => return Ok(draft),
            Err(error) if outcome_unknown(&error) => error,
            Err(error) => return Err(error),
        };
        let title = input.title.clone().unwrap_or_default();
        for attempt in 0..2 {
            if attempt > 0 {
                self.transport().sleep(READ_BACK_RETRY_MS).await?;
            }
            let newest = match self.drafts_page(0, DRAFTS_PAGE_SIZE).await {
                Ok(newest) => newest,
                Err(read_error) => {
                    return Err(still_unknown(
                        error,
                        MAYBE_CREATED,
                        &format!("reading the drafts back failed too ({})", read_error.message),
                    ))
                }
            };
            if let Some(found) = find_created(newest, &title, sent_at_ms) {
                return Ok(found);
            }
        }
        Err(still_unknown(
            error,
            MAYBE_CREATED,
            "read back, the newest drafts show none with this title (the list may lag)",
        ))
    }

    /// `getDraft(id)`: `GET drafts/<id>`.
    pub async fn get_draft(&self, id: DraftId) -> Result<Doc<T>, Error> {
        self.send(&GetDraft { id }, draft::decode_draft_answer).await
    }

    /// `getDrafts(params)`: unpublished drafts, most recently edited first; a `limit` over
    /// [`DRAFTS_PAGE_SIZE`] is read in pages.
    pub async fn get_drafts(&self, params: &DraftsParams) -> Result<Doc<T>, Error> {
        let offset = params.offset.unwrap_or(0);
        let limit = params.limit.unwrap_or(DRAFTS_PAGE_SIZE);
        if limit <= DRAFTS_PAGE_SIZE {
            return self.drafts_page(offset, limit).await;
        }
        let walk = Walk {
            limit,
            skip: 0,
            page_size: Some(DRAFTS_PAGE_SIZE),
        };
        let read = |position: Position, wanted: Option<u64>| async move {
            let offset = match position {
                Position::Offset(offset) => offset,
                Position::Cursor(_) => 0,
            };
            let page = self.drafts_page(offset, wanted.unwrap_or(DRAFTS_PAGE_SIZE)).await?;
            Ok(Page {
                page,
                next_cursor: None,
            })
        };
        let drafts = paging::collect(
            walk,
            Position::Offset(offset),
            "the drafts list",
            read,
            |_| true,
            |_, _| Ok(()),
        )
        .await?;
        Ok(Doc::<T>::new_array(drafts))
    }

    async fn drafts_page(&self, offset: u64, limit: u64) -> Result<Doc<T>, Error> {
        self.send(&DraftsPage { offset, limit }, |page| {
            draft::decode_draft_list(page, "the drafts list")
        })
        .await
    }

    /// `updateDraft(id, changes, {expectedUpdatedAt})`: `PUT drafts/<id>` with the changed
    /// fields only. With `expected_updated_at` (the `updatedAt` the caller read), the draft is
    /// read first and a draft edited since is refused with `conflict`, nothing sent; the
    /// `PUT` then carries it as `last_updated_at`, as the editor sends it.
    pub async fn update_draft(
        &self,
        id: DraftId,
        changes: &DraftInput,
        expected_updated_at: Option<&str>,
    ) -> Result<Doc<T>, Error> {
        let no_change = changes.title.is_none()
            && changes.subtitle.is_none()
            && changes.body.is_none()
            && changes.audience.is_none()
            && changes.post_type.is_none()
            && changes.section_id.is_none();
        if no_change {
            return Err(Error::invalid_argument(
                "updateDraft(draftId, changes) needs at least one change: title, subtitle, body, markdown, audience, type or sectionId",
            ));
        }
        if changes.title.as_deref().is_some_and(|title| title.trim().is_empty()) {
            return Err(Error::invalid_argument(
                "updateDraft(draftId, changes): changes.title is blank",
            ));
        }
        #[cfg(feature = "markdown")]
        let planned = super::draft_images::plan::<Doc<T>>(changes)?;
        #[cfg(not(feature = "markdown"))]
        let planned = ();
        let expected = expected_updated_at.map(check_expected_updated_at).transpose()?;
        if let Some((expected, expected_ms)) = &expected {
            let current = self.get_draft(id).await?;
            refuse_changed(&current, id, expected, *expected_ms)?;
        }
        let body = self.body_json(changes, planned).await?;
        let mut request = draft_request(changes, body.as_deref(), None);
        if let Some((expected, _)) = &expected {
            push_last_updated_at(&mut request, expected);
        }
        self.send(&UpdateDraft { id, body: request }, draft::decode_draft_answer)
            .await
    }

    /// `deleteDraft(id)`: `DELETE drafts/<id>`; a draft already gone (404) resolves with
    /// [`Deletion::AlreadyGone`].
    pub async fn delete_draft(&self, id: DraftId) -> Result<Deletion, Error> {
        match self.send(&DeleteDraft { id }, |_| Ok(())).await {
            Ok(()) => Ok(Deletion::Deleted),
            Err(error) if error.status == Some(404) => Ok(Deletion::AlreadyGone),
            Err(error) => Err(error),
        }
    }

    /// `checkDraft(id)`: the service's pre-publish check as `{ok, errors, warnings}`.
    pub async fn check_draft(&self, id: DraftId) -> Result<Doc<T>, Error> {
        self.send(&Prepublish { id }, |answer| draft::decode_check(&answer))
            .await
    }

    /// `publishDraft(id, {send, shareAutomatically})`: reads the draft (a published one is
    /// refused in a sentence, nothing sent), then publishes it once. When the answer is
    /// lost, the draft is read back: published, the call resolves with its post.
    pub async fn publish_draft(&self, id: DraftId, send: bool, share_automatically: bool) -> Result<Doc<T>, Error> {
        let current = self.get_draft(id).await?;
        refuse_published(&current, id, "publishDraft")?;
        self.save_email_choice(id, &current, send, "publishDraft", "published")
            .await?;
        let operation = PublishDraft {
            id,
            send,
            share_automatically,
        };
        let label = move || format!("the post draft {id} became");
        let published = self
            .send(&operation, |mut post| {
                post::decode_post(&mut post, &label)?;
                Ok(post)
            })
            .await;
        let error = match published {
            Ok(post) => return Ok(post),
            Err(error) if outcome_unknown(&error) => error,
            Err(error) => return Err(error),
        };
        for attempt in 0..2 {
            if attempt > 0 {
                self.transport().sleep(READ_BACK_RETRY_MS).await?;
            }
            let read = self.get_draft(id).await;
            match read {
                Ok(draft) if is_published(&draft) => {
                    let mut post = draft;
                    return match post::decode_post(&mut post, &label) {
                        Ok(()) => Ok(post),
                        Err(_) => Err(still_unknown(
                            error,
                            MAYBE_PUBLISHED_POST,
                            "read back, the draft is published but its post record is incomplete: read it with getDraft",
                        )),
                    };
                }
                Ok(_) => {}
                Err(read_error) => {
                    return Err(still_unknown(
                        error,
                        MAYBE_PUBLISHED_POST,
                        &format!("reading the draft back failed too ({})", read_error.message),
                    ))
                }
            }
        }
        Err(still_unknown(
            error,
            MAYBE_PUBLISHED_POST,
            "read back, the draft is not published yet (the service may lag)",
        ))
    }

    /// `scheduleDraft(id, at, {send})`: refuses a time in the past or beyond the horizon
    /// before sending anything, reads the draft (its audience; a published one is refused),
    /// sets the release once, and resolves with the draft and its `scheduledAt`. When the
    /// answer is lost, the release is read back.
    pub async fn schedule_draft(&self, id: DraftId, at_ms: f64, send: bool) -> Result<Doc<T>, Error> {
        let now = self.transport().now_ms();
        let trigger_at = check_schedule_time(at_ms, now)?;
        let current = self.get_draft(id).await?;
        refuse_published(&current, id, "scheduleDraft")?;
        let audience = string_field(&current, "audience")
            .filter(|audience| draft::AUDIENCES.contains(&audience.as_str()))
            .unwrap_or_else(|| "everyone".to_string());
        self.save_email_choice(id, &current, send, "scheduleDraft", "scheduled")
            .await?;
        let operation = ScheduleRelease {
            id,
            trigger_at: &trigger_at,
            audience: &audience,
            send,
        };
        let scheduled = self.send(&operation, |_| Ok(())).await;
        if let Err(error) = scheduled {
            if !outcome_unknown(&error) {
                return Err(error);
            }
            self.confirm_release(id, &trigger_at, error).await?;
        }
        let mut draft = self.get_draft(id).await?;
        draft.set("scheduledAt", Doc::<T>::from_text(&trigger_at));
        Ok(draft)
    }

    /// The publish dialog's first step (docs/drafts.md, "The email choice"): `PUT drafts/<id>`
    /// with `should_send_email: send`, `section_chosen: true`, the draft's own
    /// `draft_section_id` and `last_updated_at` as read, confirmed from the answer. A draft
    /// that never had the choice saved reads as sending, so nothing is published or
    /// scheduled until the answer shows the caller's choice.
    async fn save_email_choice(
        &self,
        id: DraftId,
        current: &Doc<T>,
        send: bool,
        method: &str,
        outcome: &str,
    ) -> Result<(), Error> {
        let request = email_choice_request(current, send);
        let saved = self
            .send(&UpdateDraft { id, body: request }, |answer| {
                Ok(answer.with_field("should_send_email", JsonDoc::as_bool).flatten())
            })
            .await
            .map_err(|mut error| {
                error.message = crate::error::length::fit(&format!(
                    "{method}: saving the email choice on draft {id} failed, so nothing was {outcome} ({})",
                    error.message
                ));
                error
            })?;
        if saved == Some(send) {
            return Ok(());
        }
        let shown = saved.map_or_else(|| "none".to_string(), |saved| saved.to_string());
        Err(Error::invalid_response(format!(
            "{method}: the service's answer to saving the email choice on draft {id} shows should_send_email: {shown}, not {send}, so nothing was {outcome}"
        )))
    }

    /// After a lost `scheduled_release` answer: `Ok` when the release at `trigger_at` is set.
    async fn confirm_release(&self, id: DraftId, trigger_at: &str, error: Error) -> Result<(), Error> {
        let wanted = parse_iso_ms(trigger_at);
        for attempt in 0..2 {
            if attempt > 0 {
                self.transport().sleep(READ_BACK_RETRY_MS).await?;
            }
            let found = self
                .send(&ScheduledRelease { id }, |releases| {
                    Ok((0..releases.array_len().unwrap_or(0)).any(|index| {
                        releases
                            .with_item(index, |release| {
                                string_field(release, "trigger_at").and_then(|at| parse_iso_ms(&at)) == wanted
                            })
                            .unwrap_or(false)
                    }))
                })
                .await;
            match found {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(read_error) => {
                    return Err(still_unknown(
                        error,
                        MAYBE_SCHEDULED,
                        &format!("reading the release back failed too ({})", read_error.message),
                    ))
                }
            }
        }
        Err(still_unknown(
            error,
            MAYBE_SCHEDULED,
            "read back, the draft shows no release at that time (the service may lag)",
        ))
    }

    /// `unscheduleDraft(id)`: removes the release (repeatable; none set is no error) and
    /// resolves with the draft, `scheduledAt` null.
    pub async fn unschedule_draft(&self, id: DraftId) -> Result<Doc<T>, Error> {
        match self.send(&Unschedule { id }, |_| Ok(())).await {
            Ok(()) => {}
            Err(error) if error.status == Some(404) => {}
            Err(error) => return Err(error),
        }
        let mut draft = self.get_draft(id).await?;
        draft.set("scheduledAt", Doc::<T>::null());
        Ok(draft)
    }

    /// The body's JSON text: a document as given, or one made from Markdown with every
    /// planned image hosted on the service.
    #[cfg(feature = "markdown")]
    async fn body_json(
        &self,
        input: &DraftInput,
        planned: super::draft_images::ImagePlan,
    ) -> Result<Option<String>, Error> {
        match &input.body {
            None => Ok(None),
            Some(PostBody::Document(json)) => Ok(Some(json.clone())),
            Some(PostBody::Written { doc, .. }) => Ok(Some(self.host_images(input, doc, planned).await?.to_json())),
        }
    }

    /// The body's JSON text: without Markdown, only a document as given.
    #[cfg(not(feature = "markdown"))]
    async fn body_json(&self, input: &DraftInput, _planned: ()) -> Result<Option<String>, Error> {
        match &input.body {
            None => Ok(None),
            Some(PostBody::Document(json)) => Ok(Some(json.clone())),
        }
    }
}

/// The create or update request: only the fields given (and, for a new draft, its byline,
/// audience and type defaults).
fn draft_request(input: &DraftInput, body: Option<&str>, author: Option<u64>) -> String {
    let mut out = String::from("{");
    let field = |out: &mut String, key: &str| {
        if out.len() > 1 {
            out.push(',');
        }
        push_string(out, key);
        out.push(':');
    };
    let creating = author.is_some();
    if let Some(title) = &input.title {
        field(&mut out, "draft_title");
        push_string(&mut out, title);
    }
    if let Some(subtitle) = &input.subtitle {
        field(&mut out, "draft_subtitle");
        push_string(&mut out, subtitle);
    } else if creating {
        field(&mut out, "draft_subtitle");
        out.push_str("\"\"");
    }
    if let Some(body) = body {
        field(&mut out, "draft_body");
        push_string(&mut out, body);
    }
    if let Some(author) = author {
        field(&mut out, "draft_bylines");
        out.push_str(&format!(r#"[{{"id":{author},"is_guest":false}}]"#));
    }
    let audience = input.audience.as_deref().or(creating.then_some("everyone"));
    if let Some(audience) = audience {
        field(&mut out, "audience");
        push_string(&mut out, audience);
    }
    let post_type = input.post_type.as_deref().or(creating.then_some("newsletter"));
    if let Some(post_type) = post_type {
        field(&mut out, "type");
        push_string(&mut out, post_type);
    }
    if let Some(section) = input.section_id {
        field(&mut out, "draft_section_id");
        out.push_str(&section.to_string());
        field(&mut out, "section_chosen");
        out.push_str("true");
    }
    out.push('}');
    out
}

/// The `PUT` that saves the email choice as the publish dialog does: `should_send_email`,
/// `section_chosen: true` with the draft's own `draft_section_id` (a publication with
/// sections refuses to publish without it), and `last_updated_at` = `draft_updated_at` as read.
fn email_choice_request<D: JsonDoc>(current: &D, send: bool) -> String {
    let section = current
        .with_field("draft_section_id", JsonDoc::as_f64)
        .flatten()
        .and_then(crate::ids::safe_integer)
        .map_or_else(|| "null".to_string(), |section| section.to_string());
    let mut out = format!(r#"{{"should_send_email":{send},"section_chosen":true,"draft_section_id":{section}"#);
    if let Some(updated_at) = string_field(current, "draft_updated_at") {
        out.push_str(r#","last_updated_at":"#);
        push_string(&mut out, &updated_at);
    }
    out.push('}');
    out
}

/// `expectedUpdatedAt`, checked before anything is sent: the text and its instant.
fn check_expected_updated_at(expected: &str) -> Result<(String, f64), Error> {
    let trimmed = expected.trim();
    parse_iso_ms(trimmed)
        .map(|ms| (trimmed.to_string(), ms))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "updateDraft(draftId, changes, {{expectedUpdatedAt}}): {:?} is not an ISO 8601 time; pass the updatedAt of the draft as you read it",
                crate::error::length::clip(trimmed, 40)
            ))
        })
}

/// `conflict` when the draft was edited after the copy the caller read.
fn refuse_changed<D: JsonDoc>(current: &D, id: DraftId, expected: &str, expected_ms: f64) -> Result<(), Error> {
    let updated_at = string_field(current, "draft_updated_at");
    let same = updated_at
        .as_deref()
        .and_then(parse_iso_ms)
        .is_some_and(|updated_ms| updated_ms == expected_ms);
    if same {
        return Ok(());
    }
    let now = updated_at.unwrap_or_else(|| "an unknown time".to_string());
    Err(Error::conflict(format!(
        "updateDraft: draft {id} was changed at {now}, after the copy you read ({expected}); nothing was sent: read it again and apply your changes to that copy"
    )))
}

/// Adds `"last_updated_at":…` to an update request's object.
fn push_last_updated_at(request: &mut String, expected: &str) {
    if request.ends_with('}') {
        request.pop();
        if request.len() > 1 {
            request.push(',');
        }
        request.push_str(r#""last_updated_at":"#);
        push_string(request, expected);
        request.push('}');
    }
}

/// The trigger time of a release at `at_ms`, refused when it is not ahead of `now_ms` or
/// beyond [`SCHEDULE_HORIZON_MS`].
pub fn check_schedule_time(at_ms: f64, now_ms: f64) -> Result<String, Error> {
    let trigger_at = iso_seconds_from_ms(at_ms)
        .ok_or_else(|| Error::invalid_argument("scheduleDraft(draftId, at): at is not a valid time"))?;
    if at_ms <= now_ms {
        return Err(Error::invalid_argument(format!(
            "scheduleDraft(draftId, at): {trigger_at} is in the past; nothing was scheduled"
        )));
    }
    if at_ms > now_ms + SCHEDULE_HORIZON_MS {
        let horizon = iso_seconds_from_ms(now_ms + SCHEDULE_HORIZON_MS).unwrap_or_default();
        return Err(Error::invalid_argument(format!(
            "scheduleDraft(draftId, at): {trigger_at} is more than 90 days ahead, which the service refuses; schedule it before {horizon}"
        )));
    }
    Ok(trigger_at)
}

fn is_published<D: JsonDoc>(draft: &D) -> bool {
    draft.with_field("published", JsonDoc::as_bool).flatten() == Some(true)
}

fn refuse_published<D: JsonDoc>(draft: &D, id: DraftId, method: &str) -> Result<(), Error> {
    if !is_published(draft) {
        return Ok(());
    }
    let date = string_field(draft, "post_date")
        .map(|date| format!(" on {date}"))
        .unwrap_or_default();
    Err(Error::invalid_argument(format!(
        "{method}: draft {id} is already published{date}; nothing was sent"
    )))
}

/// The newest draft titled `title` in `drafts` created (or, without a creation date,
/// edited) no earlier than the request, less the clock skew.
fn find_created<D: JsonDoc>(mut drafts: D, title: &str, sent_at_ms: f64) -> Option<D> {
    let mut best: Option<(u64, usize)> = None;
    for index in 0..drafts.array_len().unwrap_or(0) {
        let hit = drafts
            .with_item(index, |draft| {
                let same_title = string_field(draft, "draft_title").is_some_and(|t| t.trim() == title.trim());
                let date = string_field(draft, "draft_created_at").or_else(|| string_field(draft, "draft_updated_at"));
                let recent = date
                    .and_then(|date| parse_iso_ms(&date))
                    .is_some_and(|date| date >= sent_at_ms - CLOCK_SKEW_MS);
                let id = draft
                    .with_field("id", JsonDoc::as_f64)
                    .flatten()
                    .and_then(crate::ids::safe_integer);
                id.filter(|_| same_title && recent)
            })
            .flatten();
        if let Some(id) = hit {
            if best.is_none_or(|(best_id, _)| id > best_id) {
                best = Some((id, index));
            }
        }
    }
    drafts.take_item(best?.1)
}

#[cfg(test)]
#[path = "drafts_tests.rs"]
mod tests;
