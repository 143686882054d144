//! The one error type of the client. Every failure — bad configuration, bad arguments,
//! HTTP statuses, network failures, unreadable responses — becomes an [`Error`] with a
//! [`ErrorKind`] a program can switch on. The wasm boundary turns it into a JS `PublisherError`.

use std::fmt;

/// What went wrong, in a form a caller can branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The client configuration is invalid; raised by the constructor.
    Config,
    /// A method argument is invalid; nothing was sent.
    InvalidArgument,
    /// The service answered with a non-2xx status.
    Http,
    /// The request did not complete (connection refused, reset, DNS, CORS).
    Network,
    /// The service answered 2xx with a body that is not the expected record.
    InvalidResponse,
    /// The request took longer than the configured timeout.
    Timeout,
    /// The caller aborted the request.
    Aborted,
    /// Publishing failed in a way that leaves it unknown whether the note was
    /// created (a 5xx, a dropped connection, a cut-off answer): it was not retried,
    /// so there is never a duplicate; look before publishing again.
    MaybePublished,
}

impl ErrorKind {
    /// The string the JS side sees as `error.kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Config => "config",
            ErrorKind::InvalidArgument => "invalid-argument",
            ErrorKind::Http => "http",
            ErrorKind::Network => "network",
            ErrorKind::InvalidResponse => "invalid-response",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Aborted => "aborted",
            ErrorKind::MaybePublished => "maybe-published",
        }
    }
}

/// The HTTP response that a failure came with, as the caller may want to inspect it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResponseSnapshot {
    pub status: u16,
    pub status_text: String,
    /// Response headers, names lower-cased, in the order received.
    pub headers: Vec<(String, String)>,
    /// The body text, cut at [`MAX_SNAPSHOT_BODY`] characters.
    pub body: String,
}

/// Bodies kept in an error are cut to this many characters, so a huge HTML page
/// does not stay alive in every error object.
pub const MAX_SNAPSHOT_BODY: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
    pub status: Option<u16>,
    pub response: Option<ResponseSnapshot>,
    /// How many requests the call made, when it made more than one.
    pub attempts: Option<u32>,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            status: None,
            response: None,
            attempts: None,
        }
    }

    pub fn config(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Config, message)
    }

    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }

    pub fn invalid_response(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidResponse, message)
    }

    pub fn network(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Network, message)
    }

    /// A non-2xx answer; the message is built by [`crate::error_message::http_failure`].
    pub fn http(request: &str, response: ResponseSnapshot) -> Self {
        Error {
            kind: ErrorKind::Http,
            message: crate::error_message::http_failure(request, &response),
            status: Some(response.status),
            response: Some(response),
            attempts: None,
        }
    }

    /// Attaches the response a decoding failure came from.
    pub fn with_response(mut self, response: ResponseSnapshot) -> Self {
        self.status = Some(response.status);
        self.response = Some(response);
        self
    }

    /// Replaces every occurrence of `secret` in the message and the response, so that
    /// an echoing server or a careless message can never leak the API key.
    pub fn redact(mut self, secret: &str) -> Self {
        if secret.is_empty() {
            return self;
        }
        self.message = redact_text(&self.message, secret);
        if let Some(response) = self.response.as_mut() {
            response.body = redact_text(&response.body, secret);
            response.status_text = redact_text(&response.status_text, secret);
            for (_, value) in response.headers.iter_mut() {
                *value = redact_text(value, secret);
            }
        }
        self
    }
}

fn redact_text(text: &str, secret: &str) -> String {
    if text.contains(secret) {
        text.replace(secret, "[redacted]")
    } else {
        text.to_string()
    }
}

/// Cuts a body to [`MAX_SNAPSHOT_BODY`] characters for keeping in an error.
pub fn snapshot_body(text: &str) -> String {
    match text.char_indices().nth(MAX_SNAPSHOT_BODY) {
        Some((cut, _)) => text.get(..cut).unwrap_or(text).to_string(),
        None => text.to_string(),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn snapshot(status: u16, body: &str) -> ResponseSnapshot {
        ResponseSnapshot {
            status,
            status_text: "Not Found".into(),
            headers: vec![],
            body: body.into(),
        }
    }

    #[test]
    fn http_error_quotes_the_json_error_field() {
        let error = Error::http("GET /api/v1/posts/x", snapshot(404, r#"{"error":"Not found"}"#));
        assert_eq!(error.kind, ErrorKind::Http);
        assert_eq!(error.status, Some(404));
        assert_eq!(
            error.message,
            "GET /api/v1/posts/x failed: HTTP 404 Not Found; the service said \"Not found\""
        );
    }

    #[test]
    fn http_error_names_an_html_page_and_keeps_it_whole_in_the_response() {
        let page = format!("<html>\n  <body>{}</body></html>", "x".repeat(5000));
        let error = Error::http("GET /p", snapshot(502, &page));
        assert_eq!(
            error.message,
            "GET /p failed: HTTP 502 Not Found; the answer is an HTML page without a title, not JSON"
        );
        assert_eq!(error.response.unwrap().body, page);
    }

    #[test]
    fn redact_removes_the_secret_everywhere() {
        let mut response = snapshot(401, "echo sid=SECRET-1");
        response.headers.push(("x-echo".into(), "SECRET-1".into()));
        let error = Error::http("GET /x", response).redact("SECRET-1");
        assert!(!format!("{error:?}").contains("SECRET-1"));
    }

    #[test]
    fn snapshot_body_is_cut_on_a_char_boundary() {
        let body = "é".repeat(MAX_SNAPSHOT_BODY + 10);
        assert_eq!(snapshot_body(&body).chars().count(), MAX_SNAPSHOT_BODY);
    }
}
