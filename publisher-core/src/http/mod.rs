//! The HTTP vocabulary the client speaks: methods, the two hosts, a request ready for
//! a transport, and the one percent-encoding of path segments and query values.

pub mod operation;
pub mod retry;
pub mod transport;

use std::fmt;

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// Everything but the unreserved characters of RFC 3986 is encoded, in path
/// segments and query values alike: `/`, `?`, `#`, `+`, `=` and `&` never keep a
/// meaning of their own inside a value.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// Percent-encodes one path segment or query value.
pub fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

/// The HTTP methods the service's operations use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `GET`.
    Get,
    /// `POST`.
    Post,
    /// `PUT`.
    Put,
    /// `DELETE`.
    Delete,
}

impl Method {
    /// The method as it appears in the request line.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// Which host a call belongs to (http-contract §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// The configured publication `hostname`.
    Publication,
    /// The service's main host.
    Main,
}

/// A request ready for a transport.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// The method.
    pub method: Method,
    /// The whole URL.
    pub url: String,
    /// The headers, in the order sent.
    pub headers: Vec<(String, String)>,
    /// The JSON body, if any.
    pub body: Option<String>,
    /// Ask the runtime to attach its own cookies (`credentials: 'include'`).
    pub include_credentials: bool,
}

impl HttpRequest {
    /// The first header named `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

impl fmt::Debug for HttpRequest {
    // The Cookie header carries the key: never print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str(),
                    if k.eq_ignore_ascii_case("cookie") {
                        "[redacted]"
                    } else {
                        v.as_str()
                    },
                )
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body", &self.body)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_debug_print_of_a_request_shows_all_but_the_cookie() {
        let request = HttpRequest {
            method: Method::Post,
            url: "https://substack.com/api/v1/comment/feed".into(),
            headers: vec![
                ("Cookie".into(), "connect.sid=s%3Asecret-key-2".into()),
                ("Content-Type".into(), "application/json".into()),
            ],
            body: Some("{}".into()),
            include_credentials: false,
        };
        let printed = format!("{request:?}");
        assert!(printed.starts_with("HttpRequest {"), "{printed}");
        assert!(
            printed.contains("https://substack.com/api/v1/comment/feed"),
            "{printed}"
        );
        assert!(
            printed.contains("application/json") && printed.contains("[redacted]"),
            "{printed}"
        );
        assert!(!printed.contains("secret-key-2"), "{printed}");
    }
}
