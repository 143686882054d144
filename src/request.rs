//! Building the HTTP requests: which host, which path, which query, which headers.
//! Every dynamic path segment and query value is percent-encoded here, once.

use std::fmt;

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::config::{AuthMode, Config, MAIN_HOST};

/// Everything but the unreserved characters of RFC 3986 is encoded, in path
/// segments and query values alike: `/`, `?`, `#`, `+`, `=` and `&` never keep a
/// meaning of their own inside a value.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

pub fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
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

/// A request before it is bound to a configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub method: Method,
    pub host: Host,
    /// The path under `/api/<version>/`, already encoded segment by segment.
    pub path: String,
    pub query: Vec<(&'static str, String)>,
    /// A JSON body, for POST.
    pub body: Option<String>,
}

impl Endpoint {
    /// A GET of `segments` joined by `/`; each segment is encoded.
    pub fn get(host: Host, segments: &[&str]) -> Self {
        Endpoint {
            method: Method::Get,
            host,
            path: segments
                .iter()
                .map(|s| encode_component(s))
                .collect::<Vec<_>>()
                .join("/"),
            query: Vec::new(),
            body: None,
        }
    }

    pub fn post_json(host: Host, segments: &[&str], body: String) -> Self {
        Endpoint {
            method: Method::Post,
            body: Some(body),
            ..Endpoint::get(host, segments)
        }
    }

    /// Adds a query parameter when a value is given.
    pub fn query(mut self, name: &'static str, value: Option<impl ToString>) -> Self {
        if let Some(value) = value {
            self.query.push((name, value.to_string()));
        }
        self
    }

    /// The path and query as they appear in the request line, for messages.
    pub fn path_and_query(&self, config: &Config) -> String {
        let mut out = format!("/api/{}/{}", encode_component(config.api_version()), self.path);
        for (index, (name, value)) in self.query.iter().enumerate() {
            out.push(if index == 0 { '?' } else { '&' });
            out.push_str(name);
            out.push('=');
            out.push_str(&encode_component(value));
        }
        out
    }

    pub fn build(&self, config: &Config) -> HttpRequest {
        let origin = match (config.base_url(), self.host) {
            (Some(base), _) => base.to_string(),
            (None, Host::Publication) => format!("https://{}", config.hostname()),
            (None, Host::Main) => format!("https://{MAIN_HOST}"),
        };
        let mut headers = vec![("Accept".to_string(), "application/json".to_string())];
        if self.body.is_some() {
            headers.push(("Content-Type".to_string(), "application/json".to_string()));
        }
        if config.auth() == AuthMode::CookieHeader {
            headers.push(("Cookie".to_string(), config.cookie_header()));
            if let Some(agent) = config.user_agent() {
                headers.push(("User-Agent".to_string(), agent.to_string()));
            }
        }
        HttpRequest {
            method: self.method,
            url: format!("{origin}{}", self.path_and_query(config)),
            headers,
            body: self.body.clone(),
            include_credentials: config.auth() == AuthMode::BrowserCredentials,
        }
    }
}

/// A request ready for a transport.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpRequest {
    pub method: Method,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<String>,
    /// Ask the runtime to attach its own cookies (`credentials: 'include'`).
    pub include_credentials: bool,
}

impl HttpRequest {
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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::config::ConfigInput;

    fn config(hostname: Option<&str>, base_url: Option<&str>) -> Config {
        Config::new(ConfigInput {
            api_key: Some("KEY".into()),
            hostname: hostname.map(Into::into),
            base_url: base_url.map(Into::into),
            ..Default::default()
        })
        .unwrap()
    }

    #[test]
    fn publication_calls_use_the_configured_host_and_the_others_the_main_host() {
        let config = config(Some("pub.substack.com"), None);
        let posts = Endpoint::get(Host::Publication, &["posts"]).build(&config);
        assert_eq!(posts.url, "https://pub.substack.com/api/v1/posts");
        let by_id = Endpoint::get(Host::Main, &["posts", "by-id", "5"]).build(&config);
        assert_eq!(by_id.url, "https://substack.com/api/v1/posts/by-id/5");
    }

    #[test]
    fn base_url_receives_both_hosts() {
        let config = config(Some("pub.substack.com"), Some("http://127.0.0.1:8787"));
        for host in [Host::Publication, Host::Main] {
            assert_eq!(
                Endpoint::get(host, &["posts"]).build(&config).url,
                "http://127.0.0.1:8787/api/v1/posts"
            );
        }
    }

    #[test]
    fn segments_and_query_values_are_percent_encoded() {
        let config = config(None, None);
        let request = Endpoint::get(Host::Publication, &["posts", "caf\u{e9} & more"])
            .query("cursor", Some("ab+c/d=="))
            .query("limit", None::<u32>)
            .query("offset", Some(0))
            .build(&config);
        assert_eq!(
            request.url,
            "https://substack.com/api/v1/posts/caf%C3%A9%20%26%20more?cursor=ab%2Bc%2Fd%3D%3D&offset=0"
        );
    }

    #[test]
    fn headers_carry_the_cookie_and_accept_and_content_type_only_on_post() {
        let config = config(None, None);
        let get = Endpoint::get(Host::Main, &["x"]).build(&config);
        assert_eq!(get.header("cookie"), Some("connect.sid=s%3AKEY"));
        assert_eq!(get.header("accept"), Some("application/json"));
        assert_eq!(get.header("content-type"), None);
        assert!(get.header("user-agent").unwrap().starts_with("Mozilla/5.0"));
        let post = Endpoint::post_json(Host::Main, &["comment", "feed"], "{}".into()).build(&config);
        assert_eq!(post.header("content-type"), Some("application/json"));
        assert_eq!(post.body.as_deref(), Some("{}"));
        assert!(!format!("{post:?}").contains("KEY"));
    }

    #[test]
    fn browser_mode_sends_no_cookie_and_asks_for_credentials() {
        let config = Config::new(ConfigInput {
            api_key: Some("KEY".into()),
            auth: Some(AuthMode::BrowserCredentials),
            ..Default::default()
        })
        .unwrap();
        let request = Endpoint::get(Host::Main, &["x"]).build(&config);
        assert_eq!(request.header("cookie"), None);
        assert_eq!(request.header("user-agent"), None);
        assert!(request.include_credentials);
    }
}
