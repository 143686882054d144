//! The one error type of the client. Every failure — bad configuration, bad arguments,
//! HTTP statuses, network failures, unreadable responses — becomes an [`Error`] with a
//! [`ErrorKind`] a program can switch on. The wasm boundary turns it into a JS `PublisherError`.

pub mod length;
pub mod messages;

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
    /// The thing to change was changed by someone else since the caller read it
    /// (`updateDraft` with `expectedUpdatedAt`): nothing was sent.
    Conflict,
    /// A write failed in a way that leaves it unknown whether the service acted (a
    /// 5xx, a dropped connection, a cut-off answer): it was not sent again, so it never
    /// happens twice. The name is the operation's own (`maybe-published` for a note).
    OutcomeUnknown(&'static str),
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
            ErrorKind::Conflict => "conflict",
            ErrorKind::OutcomeUnknown(name) => name,
        }
    }
}

/// The HTTP response that a failure came with, as the caller may want to inspect it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResponseSnapshot {
    /// The HTTP status.
    pub status: u16,
    /// The reason phrase.
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
/// An error of the client: what kind, one sentence, and the response it came with.
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
    /// One readable sentence; never the key.
    pub message: String,
    /// The HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// The response the failure came with (boxed: errors travel in every `Result`).
    pub response: Option<Box<ResponseSnapshot>>,
    /// How many requests the call made, when it made more than one.
    pub attempts: Option<u32>,
}

impl Error {
    /// An error of `kind`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: crate::error::length::fit(&message.into()),
            status: None,
            response: None,
            attempts: None,
        }
    }

    /// A `config` error.
    pub fn config(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Config, message)
    }

    /// An `invalid-argument` error.
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }

    /// An `invalid-response` error.
    pub fn invalid_response(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidResponse, message)
    }

    /// A `conflict` error.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Conflict, message)
    }

    /// A `network` error.
    pub fn network(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Network, message)
    }

    /// Attaches the response a decoding failure came from.
    pub fn with_response(mut self, response: ResponseSnapshot) -> Self {
        self.status = Some(response.status);
        self.response = Some(Box::new(response));
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

    #[test]
    fn snapshot_body_is_cut_on_a_char_boundary() {
        let body = "é".repeat(MAX_SNAPSHOT_BODY + 10);
        assert_eq!(snapshot_body(&body).chars().count(), MAX_SNAPSHOT_BODY);
    }

    #[test]
    fn an_error_displays_as_its_message() {
        let error = Error::invalid_argument("limit must be a whole number");
        assert_eq!(error.to_string(), "limit must be a whole number");
    }
}
