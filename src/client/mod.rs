//! The client: one method per operation of the interface, each building its request,
//! sending it through the transport and decoding the answer. Independent of wasm.
//! The methods live in one module per resource; this one holds the shared request path.

mod comments;
#[cfg(test)]
mod method_tests;
mod notes;
mod posts;
mod profiles;
mod reads;
#[cfg(test)]
mod retry_tests;

pub use notes::NotesPage;
pub use reads::{ReadParams, NODE_DEFAULT_LIMIT};

use crate::args::{self, Arg};
use crate::config::Config;
use crate::error::{snapshot_body, Error, ErrorKind, ResponseSnapshot};
use crate::error_message;
use crate::records::post;
use crate::request::Endpoint;
use crate::request::HttpRequest;
use crate::retry::{self, Failure, Verdict};
use crate::transport::{HttpResponse, ResponseBody, SendError, Transport};

/// The parsed document type of a transport.
pub type Doc<T> = <<T as Transport>::Body as ResponseBody>::Doc;

/// `PaginationParams` (interface §2.12) as `getPosts` takes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostsParams {
    pub offset: Option<u64>,
    pub limit: Option<u64>,
    pub cursor: Option<String>,
}

impl PostsParams {
    pub fn from_args(offset: &Arg, limit: &Arg, cursor: &Arg) -> Result<Self, Error> {
        Ok(PostsParams {
            offset: args::non_negative_integer("offset", offset)?,
            limit: args::positive_integer("limit", limit)?,
            cursor: args::optional_nonempty_string("cursor", cursor)?,
        })
    }
}

/// `SearchParams` (interface §2.12).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchParams {
    pub query: String,
    pub offset: Option<u64>,
    pub limit: Option<u64>,
    pub post_type: Option<String>,
    pub published_after: Option<String>,
    pub published_before: Option<String>,
}

/// The raw search arguments, as the caller gave them.
pub struct SearchArgs<'a> {
    pub query: &'a Arg,
    pub offset: &'a Arg,
    pub limit: &'a Arg,
    pub post_type: &'a Arg,
    pub published_after: &'a Arg,
    pub published_before: &'a Arg,
}

impl SearchParams {
    pub fn from_args(raw: SearchArgs<'_>) -> Result<Self, Error> {
        Ok(SearchParams {
            query: args::string("query", raw.query)?,
            offset: args::non_negative_integer("offset", raw.offset)?,
            limit: args::positive_integer("limit", raw.limit)?,
            post_type: args::optional_one_of("type", raw.post_type, post::POST_TYPES)?,
            published_after: args::optional_iso_date("published_after", raw.published_after)?,
            published_before: args::optional_iso_date("published_before", raw.published_before)?,
        })
    }
}

pub struct Client<T: Transport> {
    config: Config,
    transport: T,
}

impl<T: Transport> Client<T> {
    pub fn new(config: Config, transport: T) -> Self {
        Client { config, transport }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn transport(&self) -> &T {
        &self.transport
    }

    /// Sends `endpoint`, retrying as the policy says (see [`crate::retry`]), turns a
    /// failure status or an unreadable body into an error, and decodes the JSON with
    /// `decode`. Errors carry the response and the number of attempts, never the key.
    pub(crate) async fn fetch<R>(
        &self,
        endpoint: Endpoint,
        decode: impl FnOnce(Doc<T>) -> Result<R, Error>,
    ) -> Result<R, Error> {
        let request = endpoint.build(&self.config);
        let request_line = error_message::request_label(request.method.as_str(), &request.url);
        let mut attempt: u32 = 0;
        let outcome = loop {
            attempt = attempt.saturating_add(1);
            // Outlives the match: a status failure borrows its Retry-After from it.
            let retry_after: Option<String>;
            let (failure, error) = match self.transport.send(&request, self.config.timeout_ms()).await {
                Err(SendError { error, not_sent }) => {
                    let failure = match error.kind {
                        ErrorKind::Timeout => Failure::Timeout,
                        ErrorKind::Aborted => Failure::Aborted,
                        _ if not_sent => Failure::NotSent,
                        _ => Failure::Network,
                    };
                    let message = error_message::send_failure(&request_line, error.kind, &error.message, not_sent);
                    (failure, Error { message, ..error })
                }
                Ok(response) if !(200..300).contains(&response.status) => {
                    retry_after = response.header("retry-after").map(str::to_string);
                    let failure = Failure::Status {
                        status: response.status,
                        retry_after: retry_after.as_deref(),
                    };
                    (failure, Error::http(&request_line, snapshot(&response)))
                }
                Ok(response) => match response.body.parse_json() {
                    Ok(doc) => {
                        break decode(doc).map_err(|error| Error {
                            message: error_message::unexpected_record(&request_line, &error.message),
                            ..error.with_response(snapshot(&response))
                        })
                    }
                    Err(why) => {
                        let response = snapshot(&response);
                        let message = error_message::unreadable_body(&request_line, &response, &why);
                        (
                            Failure::UnreadableBody,
                            Error::invalid_response(message).with_response(response),
                        )
                    }
                },
            };
            match self.verdict(&request, attempt, failure) {
                Verdict::RetryAfter { millis } => {
                    if let Err(error) = self.transport.sleep(millis).await {
                        let message = error_message::send_failure(&request_line, error.kind, &error.message, true);
                        break Err(self.finish(Error { message, ..error }, attempt, &request_line, None));
                    }
                }
                Verdict::GiveUp => break Err(self.finish(error, attempt, &request_line, Some(failure))),
            }
        };
        outcome.map_err(|error| error.redact(self.config.api_key()))
    }

    fn verdict(&self, request: &HttpRequest, attempt: u32, failure: Failure<'_>) -> Verdict {
        retry::decide(
            self.config.retry(),
            request.method,
            attempt,
            failure,
            self.transport.now_ms(),
            self.transport.jitter(),
        )
    }

    /// The error a call ends with: how many attempts it took, and for a POST that
    /// may have acted, the warning that the note may exist.
    fn finish(&self, mut error: Error, attempts: u32, request_line: &str, failure: Option<Failure<'_>>) -> Error {
        if attempts > 1 {
            error.attempts = Some(attempts);
        }
        let maybe_acted = failure.is_some_and(retry::post_may_have_acted);
        let maybe_published = request_line.starts_with("POST") && maybe_acted;
        if maybe_published && error.kind != ErrorKind::Aborted && error.kind != ErrorKind::Timeout {
            error.kind = ErrorKind::MaybePublished;
        }
        error.message = error_message::final_message(&error.message, error.attempts, maybe_published);
        error
    }
}

fn snapshot<B: ResponseBody>(response: &HttpResponse<B>) -> ResponseSnapshot {
    ResponseSnapshot {
        status: response.status,
        status_text: response.status_text.clone(),
        headers: response.headers.clone(),
        body: snapshot_body(&response.body.text()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::test_support::{block_on, real_sample_text, FakeTransport};
    use serde_json::json;

    fn post_json(id: u64) -> serde_json::Value {
        json!({"id": id, "title": "T", "slug": format!("s{id}"), "post_date": "2025-01-01T00:00:00.000Z",
               "canonical_url": "https://pub.example.com/p/s", "type": "podcast", "audience": "only_paid",
               "podcast_url": "https://cdn.example.com/a.mp3"})
    }

    #[test]
    fn get_posts_sends_the_params_and_decodes() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client
            .transport()
            .reply(200, &json!([post_json(1), post_json(2)]).to_string());
        let params = PostsParams::from_args(&Arg::Number(10.0), &Arg::Number(5.0), &Arg::Missing).unwrap();
        let posts = block_on(client.get_posts(&params)).unwrap();
        assert_eq!(posts.as_array().unwrap().len(), 2);
        assert_eq!(posts[0]["paywalled"], true);
        let sent = client.transport().sent();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].url, "https://pub.example.com/api/v1/posts?offset=10&limit=5");
        assert_eq!(sent[0].method.as_str(), "GET");
        assert_eq!(sent[0].header("cookie"), Some("connect.sid=s%3Atest-key"));
    }

    #[test]
    fn get_posts_without_params_has_no_query() {
        let client = FakeTransport::client(None);
        client.transport().reply(200, "[]");
        block_on(client.get_posts(&PostsParams::default())).unwrap();
        assert_eq!(client.transport().sent()[0].url, "https://substack.com/api/v1/posts");
    }

    #[test]
    fn get_post_by_id_uses_the_fixed_path_on_the_main_host() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client
            .transport()
            .reply(200, &real_sample_text("posts/by-id/167180194.json"));
        let post = block_on(client.get_post_by_id(&Arg::Number(167180194.0))).unwrap();
        assert_eq!(post["slug"], "week-of-june-24-2025-build-saas-without");
        assert_eq!(
            client.transport().sent()[0].url,
            "https://substack.com/api/v1/posts/by-id/167180194"
        );
    }

    #[test]
    fn get_post_encodes_the_slug_as_one_segment() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client.transport().reply(200, &post_json(3).to_string());
        block_on(client.get_post(&Arg::Str("caf\u{e9}-&-more".into()))).unwrap();
        assert_eq!(
            client.transport().sent()[0].url,
            "https://pub.example.com/api/v1/posts/caf%C3%A9-%26-more"
        );
    }

    #[test]
    fn search_sends_every_param_encoded() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client
            .transport()
            .reply(200, &json!({"total": 1, "results": [post_json(1)]}).to_string());
        let params = SearchParams::from_args(SearchArgs {
            query: &Arg::Str("a&b c+d".into()),
            offset: &Arg::Number(0.0),
            limit: &Arg::Number(2.0),
            post_type: &Arg::Str("podcast".into()),
            published_after: &Arg::Str("2025-01-01".into()),
            published_before: &Arg::Missing,
        })
        .unwrap();
        let result = block_on(client.search_posts(&params)).unwrap();
        assert_eq!(result["total"], 1);
        assert_eq!(result["results"][0]["published"], true);
        assert_eq!(
            client.transport().sent()[0].url,
            "https://pub.example.com/api/v1/search?query=a%26b%20c%2Bd&offset=0&limit=2&type=podcast&published_after=2025-01-01"
        );
    }

    #[test]
    fn bad_arguments_send_nothing() {
        let client = FakeTransport::client(None);
        for id in [Arg::Number(-1.0), Arg::Number(0.5), Arg::Str("1".into()), Arg::Missing] {
            let error = block_on(client.get_post_by_id(&id)).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
        }
        for slug in ["a/b", "", "..", "x?y"] {
            let error = block_on(client.get_post(&Arg::Str(slug.into()))).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
        }
        assert!(PostsParams::from_args(&Arg::Missing, &Arg::Number(0.0), &Arg::Missing).is_err());
        assert!(client.transport().sent().is_empty());
    }

    #[test]
    fn http_statuses_become_http_errors_with_the_response() {
        let client = FakeTransport::client(None);
        client.transport().reply_with(
            404,
            "Not Found",
            vec![("content-type".into(), "application/json".into())],
            r#"{"error":"Not found"}"#,
        );
        let error = block_on(client.get_post_by_id(&Arg::Number(5.0))).unwrap_err();
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
    fn the_key_never_appears_in_an_error_even_when_echoed() {
        let client = FakeTransport::client_without_retries(None);
        client.transport().reply(500, "session test-key is broken");
        let error = block_on(client.get_posts(&PostsParams::default())).unwrap_err();
        assert!(!format!("{error:?}").contains("test-key"));
    }
}
