//! The client: the interface's methods, in one module per resource (each declaring the
//! [`Operation`]s, the requests, that its methods send), and here the one request loop
//! they share. Independent of wasm.

pub(crate) mod comments;
mod draft_args;
#[cfg(feature = "markdown")]
mod draft_images;
pub(crate) mod drafts;
mod limit;
#[cfg(test)]
mod method_tests;
pub(crate) mod notes;
pub mod paging;
pub(crate) mod posts;
pub(crate) mod profiles;
pub(crate) mod publishing;
mod request;
#[cfg(test)]
mod retry_tests;
pub(crate) mod user_feeds;

pub use crate::params::DraftsParams;
pub use comments::CommentsParams;
pub use draft_args::{judge_body, DraftArgs, DraftFields, DraftInput, PostBody};
pub use drafts::{MAYBE_CREATED, MAYBE_PUBLISHED_POST, MAYBE_SCHEDULED};
pub use notes::{NotesParams, MAYBE_PUBLISHED};
pub use paging::Page;
pub use posts::{PostsParams, SearchParams};
pub use publishing::{Attachment, Deletion, NoteToPublish, READ_BACK_RETRY_MS};
pub use user_feeds::{ReadParams, DEFAULT_READ_LIMIT};

use std::rc::Rc;

use futures_util::future::{FutureExt, LocalBoxFuture};

use crate::config::Config;
use crate::error::{messages, snapshot_body, Error, ErrorKind, ResponseSnapshot};
use crate::http::operation::{Delivery, Operation, UncertainOutcome};
use crate::http::retry::{self, Failure, Verdict};
use crate::http::transport::{HttpResponse, ResponseBody, ResponseHeaders, SendError, Transport};
use crate::http::{HttpRequest, Method};
use crate::json::JsonDoc;

/// The parsed document type of a transport.
pub type Doc<T> = <<T as Transport>::Body as ResponseBody>::Doc;

/// A client of the service over one transport.
pub struct Client<T: Transport> {
    config: Rc<Config>,
    transport: T,
}

impl<T: Transport> Client<T> {
    /// A client with a validated configuration.
    pub fn new(config: Config, transport: T) -> Self {
        Self::shared(Rc::new(config), transport)
    }

    /// A client on a configuration other clients share (one per call in wasm, where
    /// copying it for every call would be work for nothing).
    pub fn shared(config: Rc<Config>, transport: T) -> Self {
        Client { config, transport }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The transport.
    pub fn transport(&self) -> &T {
        &self.transport
    }

    /// Sends `operation`, retrying as its [`Delivery`] and the policy allow (see
    /// [`crate::http::retry`]), turns a failure status or an unreadable body into an error,
    /// and decodes the JSON with `decode`. Errors carry the response and the number of
    /// attempts, never the key.
    pub(crate) async fn send<O: Operation, R>(
        &self,
        operation: &O,
        decode: impl FnOnce(Doc<T>) -> Result<R, Error>,
    ) -> Result<R, Error> {
        let request = request::build(operation, &self.config);
        let Answer { response, doc, request } = self
            .exchange(request, O::DELIVERY)
            .await
            .map_err(|error| self.redacted(error))?;
        decode(doc).map_err(|error| self.decode_failure(error, &response, &request))
    }

    /// The error of an answer its decoder refused. Kept out of line: every operation
    /// shares this one copy instead of carrying its own.
    #[inline(never)]
    fn decode_failure(
        &self,
        error: Error,
        response: &HttpResponse<T::Body, T::Headers>,
        request: &HttpRequest,
    ) -> Error {
        self.redacted(Error {
            message: messages::unexpected_record(&request_label(request), &error.message),
            ..error.with_response(snapshot(response, self.config.api_key()))
        })
    }

    /// `error` without the API key anywhere in it.
    #[inline(never)]
    fn redacted(&self, error: Error) -> Error {
        error.redact(self.config.api_key())
    }

    /// The request loop of [`Client::send`], up to a parsed body. It is the same for
    /// every operation, so it is one function behind a box: generic over the operation,
    /// each method would carry a copy of it in the wasm.
    fn exchange(&self, request: HttpRequest, delivery: Delivery) -> LocalBoxFuture<'_, Result<Answer<T>, Error>> {
        async move {
            let mut attempt: u32 = 0;
            loop {
                attempt = attempt.saturating_add(1);
                // Outlives the match: a status failure borrows its Retry-After from it.
                let retry_after: Option<String>;
                let (failure, error) = match self.transport.send(&request, self.config.timeout_ms()).await {
                    // A fetch option that answers with something other than a Response
                    // is a programming error: no retry or read-back can mend it.
                    Err(SendError { error, .. }) if error.kind == ErrorKind::Config => {
                        return Err(self.redacted(error));
                    }
                    Err(SendError { error, not_sent }) => {
                        let failure = match error.kind {
                            ErrorKind::Timeout => Failure::Timeout,
                            ErrorKind::Aborted => Failure::Aborted,
                            _ if not_sent => Failure::NotSent,
                            _ => Failure::Network,
                        };
                        let message =
                            messages::send_failure(&request_label(&request), error.kind, &error.message, not_sent);
                        (failure, Error { message, ..error })
                    }
                    Ok(response) if !(200..300).contains(&response.status) => {
                        retry_after = response.header("retry-after");
                        let failure = Failure::Status {
                            status: response.status,
                            retry_after: retry_after.as_deref(),
                        };
                        (
                            failure,
                            messages::http_error::<Doc<T>>(
                                &request_label(&request),
                                snapshot(&response, self.config.api_key()),
                            ),
                        )
                    }
                    // A DELETE may answer 2xx with nothing (a 204, or a 200 with no body):
                    // that is done, not an unreadable answer to send again.
                    Ok(response) if request.method == Method::Delete && response.body.text().trim().is_empty() => {
                        return Ok(Answer {
                            response,
                            doc: <Doc<T> as JsonDoc>::null(),
                            request,
                        });
                    }
                    Ok(response) => match response.body.parse_json() {
                        Ok(doc) => return Ok(Answer { response, doc, request }),
                        Err(why) => {
                            let response = snapshot(&response, self.config.api_key());
                            let message =
                                messages::unreadable_body::<Doc<T>>(&request_label(&request), &response, &why);
                            (
                                Failure::UnreadableBody,
                                Error::invalid_response(message).with_response(response),
                            )
                        }
                    },
                };
                match self.verdict(delivery, attempt, failure) {
                    Verdict::RetryAfter { millis } => {
                        if let Err(error) = self.transport.sleep(millis).await {
                            let message =
                                messages::send_failure(&request_label(&request), error.kind, &error.message, true);
                            return Err(finish(Error { message, ..error }, attempt, delivery, None));
                        }
                    }
                    Verdict::GiveUp => return Err(finish(error, attempt, delivery, Some(failure))),
                }
            }
        }
        .boxed_local()
    }

    fn verdict(&self, delivery: Delivery, attempt: u32, failure: Failure<'_>) -> Verdict {
        retry::decide(
            self.config.retry(),
            delivery,
            attempt,
            failure,
            self.transport.now_ms(),
            self.transport.jitter(),
        )
    }
}

/// A successful exchange: the response, its parsed body, and the request (whose label a
/// decoding error's message needs).
struct Answer<T: Transport> {
    response: HttpResponse<T::Body, T::Headers>,
    doc: Doc<T>,
    request: HttpRequest,
}

/// Whether a write's failure leaves its outcome unknown (a 5xx, a dropped or cut-off
/// answer, a timeout): then a read-back may tell what happened.
fn outcome_unknown(error: &Error) -> bool {
    matches!(error.kind, ErrorKind::OutcomeUnknown(_) | ErrorKind::Timeout)
}

/// The error of a write whose outcome stays unknown after its read-back: the write's own
/// kind (`maybe-published`, …), and why reading back could not tell. The message already
/// holds the write's advice ([`finish`]).
fn still_unknown(mut error: Error, outcome: UncertainOutcome, why: &str) -> Error {
    error.kind = ErrorKind::OutcomeUnknown(outcome.kind);
    error.message = crate::error::length::fit(&format!("{}; {why}", error.message));
    error
}

/// `GET /api/v1/posts?limit=5`: how messages name a request. Built only when a call
/// fails, never on the way to a success.
fn request_label(request: &HttpRequest) -> String {
    messages::request_label(request.method.as_str(), &request.url)
}

/// The error a call ends with: how many attempts it took, and for a write that may
/// have acted, its operation's warning.
fn finish(mut error: Error, attempts: u32, delivery: Delivery, failure: Option<Failure<'_>>) -> Error {
    if attempts > 1 {
        error.attempts = Some(attempts);
    }
    let uncertain = match (delivery, failure) {
        (Delivery::AtMostOnce(uncertain), Some(failure)) if retry::may_have_acted(failure) => Some(uncertain),
        _ => None,
    };
    if let Some(uncertain) = uncertain {
        if error.kind != ErrorKind::Aborted && error.kind != ErrorKind::Timeout {
            error.kind = ErrorKind::OutcomeUnknown(uncertain.kind);
        }
    }
    error.message = messages::final_message(&error.message, error.attempts, uncertain.map(|u| u.advice));
    error
}

/// The response as an error keeps it, with the key already taken out: messages quote
/// from it and cut their quotes short, and a cut could leave half a key behind.
fn snapshot<B: ResponseBody, H: ResponseHeaders>(response: &HttpResponse<B, H>, secret: &str) -> ResponseSnapshot {
    let redact = |text: &str| {
        if secret.is_empty() {
            text.to_string()
        } else {
            text.replace(secret, "[redacted]")
        }
    };
    ResponseSnapshot {
        status: response.status,
        status_text: redact(&response.status_text),
        headers: response
            .headers
            .pairs()
            .into_iter()
            .map(|(name, value)| (name, redact(&value)))
            .collect(),
        body: snapshot_body(&redact(&response.body.text())),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::client::PostsParams;
    use crate::error::ErrorKind;
    use crate::ids::{Id, PostId};
    use crate::test_support::{block_on, FakeTransport};

    #[test]
    fn http_statuses_become_http_errors_with_the_response() {
        let client = FakeTransport::client(None);
        client.transport().reply_with(
            404,
            "Not Found",
            vec![("content-type".into(), "application/json".into())],
            r#"{"error":"Not found"}"#,
        );
        let error = block_on(client.get_post_by_id(PostId::from_f64(5.0).unwrap())).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Http);
        assert_eq!(error.status, Some(404));
        assert_eq!(
            error.message,
            "GET /api/v1/posts/by-id/5 failed: HTTP 404 Not Found; the service said \"Not found\""
        );
        let response = error.response.unwrap();
        assert_eq!(response.body, r#"{"error":"Not found"}"#);
        assert_eq!(response.headers[0].0, "content-type");
    }

    #[test]
    fn unreadable_bodies_become_invalid_response_errors() {
        let client = FakeTransport::client_without_retries(None);
        for body in ["[{\"id\": 1, \"ti", "<html><body>Bad gateway</body></html>", ""] {
            client.transport().reply(200, body);
            let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidResponse, "{body}");
            assert_eq!(error.status, Some(200));
            assert!(error.message.contains("not valid JSON"), "{}", error.message);
            assert!(!error.message.contains('<'), "{}", error.message);
        }
    }

    #[test]
    fn network_failures_name_the_request() {
        let client = FakeTransport::client_without_retries(None);
        client.transport().fail(Error::network("connection refused"));
        let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Network);
        assert_eq!(
            error.message,
            "GET /api/v1/posts failed: the connection failed before a complete answer arrived (connection refused)"
        );
    }

    #[test]
    fn no_part_of_the_key_is_left_where_a_quote_is_cut() {
        let client = FakeTransport::client_without_retries(None);
        for at in 90..100 {
            let said = format!("{}test-key is not a session", "x".repeat(at));
            client
                .transport()
                .reply(401, &serde_json::json!({ "error": said }).to_string());
            let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
            assert!(!error.message.contains("tes"), "{}", error.message);
            assert!(error.message.chars().count() <= crate::error::length::MAX_MESSAGE_CHARS);
        }
    }

    #[test]
    fn the_key_never_appears_in_an_error_even_when_echoed() {
        let client = FakeTransport::client_without_retries(None);
        client.transport().reply(500, "session test-key is broken");
        let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
        assert!(!format!("{error:?}").contains("test-key"));
    }
}
