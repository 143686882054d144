//! The one seam between the client and the network: send a request, get the status,
//! headers and the whole body. In wasm it is `fetch`; in native tests a fake.
//!
//! The body type is the transport's own, because in wasm the body stays a JS string
//! that V8 parses; copying 2 MB into wasm memory only to hand it back would double
//! the cost of every page.

use crate::error::Error;
use crate::http::HttpRequest;
use crate::json::JsonDoc;

/// A response body as the transport holds it.
pub trait ResponseBody {
    /// The parsed document.
    type Doc: JsonDoc;
    /// Parses the body as JSON; the error says why it is not JSON.
    fn parse_json(&self) -> Result<Self::Doc, String>;
    /// The body as text (lossy), for error reports.
    fn text(&self) -> String;
}

/// Response headers as the transport holds them. Only failures read them (for
/// `Retry-After` and for the error's copy of the response), so a transport may leave
/// them where they are until asked.
pub trait ResponseHeaders {
    /// Every header, names lower-cased.
    fn pairs(&self) -> Vec<(String, String)>;
    /// The header `name` (lower-case).
    fn get(&self, name: &str) -> Option<String> {
        self.pairs()
            .into_iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
    }
}

impl ResponseHeaders for Vec<(String, String)> {
    fn pairs(&self) -> Vec<(String, String)> {
        self.clone()
    }
    fn get(&self, name: &str) -> Option<String> {
        self.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone())
    }
}

#[derive(Debug, Clone)]
/// A complete response.
pub struct HttpResponse<B, H = Vec<(String, String)>> {
    /// The status.
    pub status: u16,
    /// The reason phrase.
    pub status_text: String,
    /// The headers.
    pub headers: H,
    /// The whole body.
    pub body: B,
}

impl<B, H: ResponseHeaders> HttpResponse<B, H> {
    /// The header `name` (lower-case).
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.get(name)
    }
}

/// A request that got no complete response.
#[derive(Debug, Clone)]
pub struct SendError {
    /// Of kind `network`, `timeout` or `aborted`.
    pub error: Error,
    /// True only when the request certainly never left (connection refused, aborted
    /// before sending): then even a POST may be sent again.
    pub not_sent: bool,
}

impl From<Error> for SendError {
    fn from(error: Error) -> Self {
        SendError { error, not_sent: false }
    }
}

/// What downloading a file from the web gave (a Markdown image to host, docs/drafts.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type` it was sent with.
    pub content_type: Option<String>,
    /// The body; `None` when it is larger than the limit asked (nothing more was read).
    pub bytes: Option<Vec<u8>>,
}

// wasm is single-threaded: the futures need not be Send.
#[allow(async_fn_in_trait)]
/// Sends requests: `fetch` in wasm, a fake in native tests.
pub trait Transport {
    /// The body type of its responses.
    type Body: ResponseBody;
    /// The header type of its responses.
    type Headers: ResponseHeaders;
    /// Sends the request and reads the whole body, giving up after `timeout_ms`.
    async fn send(
        &self,
        request: &HttpRequest,
        timeout_ms: Option<u64>,
    ) -> Result<HttpResponse<Self::Body, Self::Headers>, SendError>;
    /// Downloads `url` from the web, giving up after `timeout_ms` and reading no more than
    /// `max_bytes`: with none of the client's headers and no credentials, since the key
    /// belongs to the service alone.
    async fn download(&self, url: &str, timeout_ms: Option<u64>, max_bytes: usize) -> Result<Download, SendError>;
    /// Waits before a retry; fails with an `aborted` error when the caller aborts.
    async fn sleep(&self, millis: u64) -> Result<(), Error>;
    /// Milliseconds since the Unix epoch (for `Retry-After` dates).
    fn now_ms(&self) -> f64;
    /// A random number in [0, 1) for backoff jitter.
    fn jitter(&self) -> f64;
}

/// A body held as bytes, parsed with serde_json: the native backend.
#[derive(Debug, Clone)]
pub struct BytesBody(pub Vec<u8>);

impl ResponseBody for BytesBody {
    type Doc = serde_json::Value;
    fn parse_json(&self) -> Result<serde_json::Value, String> {
        serde_json::from_slice(&self.0).map_err(|e| e.to_string())
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::ResponseHeaders;

    /// Headers that give only their pairs, as the wasm transport's do.
    struct PairsOnly(Vec<(String, String)>);

    impl ResponseHeaders for PairsOnly {
        fn pairs(&self) -> Vec<(String, String)> {
            self.0.clone()
        }
    }

    #[test]
    fn a_header_is_found_by_its_name_among_the_pairs() {
        let headers = PairsOnly(vec![
            ("content-type".into(), "text/html".into()),
            ("retry-after".into(), "7".into()),
        ]);
        assert_eq!(headers.get("retry-after").as_deref(), Some("7"));
        assert_eq!(headers.get("content-type").as_deref(), Some("text/html"));
        assert_eq!(headers.get("x-missing"), None);
    }
}
