//! An operation bound to a configuration: the origin of its host, the API version,
//! and the headers that carry the session.

use crate::config::{AuthMode, Config, MAIN_HOST};
use crate::http::operation::{path_and_query, Operation};
use crate::http::{encode_component, Host, HttpRequest, Method};

/// The request that sends `operation` with `config`.
pub fn build<O: Operation>(operation: &O, config: &Config) -> HttpRequest {
    // Only the declaration is read per operation; the rest is one function for all.
    let path = path_and_query(operation);
    // Every request the tests send is of the shape its route documents.
    #[cfg(test)]
    assert!(
        crate::http::operation::matches_route(O::ROUTE, &path),
        "{path} is not of the shape of its route {}",
        O::ROUTE
    );
    // And one the method being driven declares (methods.rs): its writes are read off that list.
    #[cfg(test)]
    crate::test_support::check_declared::<O>();
    bind(O::METHOD, O::HOST, path, operation.body(), config)
}

fn bind(method: Method, host: Host, path_and_query: String, body: Option<String>, config: &Config) -> HttpRequest {
    let origin = match (config.base_url(), host) {
        (Some(base), _) => base.to_string(),
        (None, Host::Publication) => format!("https://{}", config.hostname()),
        (None, Host::Main) => format!("https://{MAIN_HOST}"),
    };
    let mut headers = vec![("Accept".to_string(), "application/json".to_string())];
    if body.is_some() {
        headers.push(("Content-Type".to_string(), "application/json".to_string()));
    }
    if config.auth() == AuthMode::CookieHeader {
        headers.push(("Cookie".to_string(), config.cookie_header()));
        if let Some(agent) = config.user_agent() {
            headers.push(("User-Agent".to_string(), agent.to_string()));
        }
    }
    HttpRequest {
        method,
        url: format!(
            "{origin}/api/{}/{path_and_query}",
            encode_component(config.api_version())
        ),
        headers,
        body,
        include_credentials: config.auth() == AuthMode::BrowserCredentials,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::config::ConfigInput;
    use crate::http::operation::{Path, Query};

    /// A GET of literal segments and query pairs, on either host.
    struct Probe<const MAIN: bool> {
        segments: &'static [&'static str],
        query: Vec<(&'static str, Option<String>)>,
        body: Option<String>,
    }

    fn probe<const MAIN: bool>(segments: &'static [&'static str]) -> Probe<MAIN> {
        Probe {
            segments,
            query: Vec::new(),
            body: None,
        }
    }

    impl<const MAIN: bool> Operation for Probe<MAIN> {
        const METHOD: Method = Method::Get;
        const HOST: Host = if MAIN { Host::Main } else { Host::Publication };
        const ROUTE: &'static str = "*";
        fn path(&self, path: &mut Path) {
            for segment in self.segments {
                path.segment(segment);
            }
        }
        fn query(&self, query: &mut Query) {
            for (name, value) in &self.query {
                query.opt(name, value.as_deref());
            }
        }
        fn body(&self) -> Option<String> {
            self.body.clone()
        }
    }

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
        let posts = build(&probe::<false>(&["posts"]), &config);
        assert_eq!(posts.url, "https://pub.substack.com/api/v1/posts");
        let by_id = build(&probe::<true>(&["posts", "by-id", "5"]), &config);
        assert_eq!(by_id.url, "https://substack.com/api/v1/posts/by-id/5");
    }

    #[test]
    fn base_url_receives_both_hosts() {
        let config = config(Some("pub.substack.com"), Some("http://127.0.0.1:8787"));
        assert_eq!(
            build(&probe::<false>(&["posts"]), &config).url,
            "http://127.0.0.1:8787/api/v1/posts"
        );
        assert_eq!(
            build(&probe::<true>(&["posts"]), &config).url,
            "http://127.0.0.1:8787/api/v1/posts"
        );
    }

    #[test]
    fn segments_and_query_values_are_percent_encoded() {
        let config = config(None, None);
        let mut operation = probe::<false>(&["posts", "caf\u{e9} & more"]);
        operation.query = vec![
            ("cursor", Some("ab+c/d==".into())),
            ("limit", None),
            ("offset", Some("0".into())),
        ];
        assert_eq!(
            build(&operation, &config).url,
            "https://substack.com/api/v1/posts/caf%C3%A9%20%26%20more?cursor=ab%2Bc%2Fd%3D%3D&offset=0"
        );
    }

    #[test]
    fn headers_carry_the_cookie_and_accept_and_content_type_only_with_a_body() {
        let config = config(None, None);
        let get = build(&probe::<true>(&["x"]), &config);
        assert_eq!(get.header("cookie"), Some("connect.sid=s%3AKEY"));
        assert_eq!(get.header("accept"), Some("application/json"));
        assert_eq!(get.header("content-type"), None);
        assert!(get.header("user-agent").unwrap().starts_with("Mozilla/5.0"));
        let mut with_body = probe::<true>(&["comment", "feed"]);
        with_body.body = Some("{}".into());
        let post = build(&with_body, &config);
        assert_eq!(post.header("content-type"), Some("application/json"));
        assert_eq!(post.body.as_deref(), Some("{}"));
        assert!(!format!("{post:?}").contains("KEY"));
    }

    #[test]
    #[should_panic(
        expected = "getPost sent GET Main `/*` (Repeatable), which its `sends` in publisher-core/src/methods.rs does not list"
    )]
    fn a_request_the_method_being_driven_does_not_declare_fails_the_test() {
        let _driving = crate::test_support::driving("getPost");
        build(&probe::<true>(&["x"]), &config(None, None));
    }

    #[test]
    fn a_request_outside_any_method_is_not_checked() {
        crate::test_support::take_checked();
        build(&probe::<true>(&["x"]), &config(None, None));
        assert!(crate::test_support::take_checked().is_empty());
    }

    #[test]
    fn browser_mode_sends_no_cookie_and_asks_for_credentials() {
        let config = Config::new(ConfigInput {
            api_key: Some("KEY".into()),
            auth: Some(AuthMode::BrowserCredentials),
            ..Default::default()
        })
        .unwrap();
        let request = build(&probe::<true>(&["x"]), &config);
        assert_eq!(request.header("cookie"), None);
        assert_eq!(request.header("user-agent"), None);
        assert!(request.include_credentials);
    }
}
