//! Client configuration (`PublisherConfig`, interface §2.13) and its validation.
//! A bad configuration is an [`ErrorKind::Config`](crate::ErrorKind) error from the
//! constructor, before anything can go on the wire.

use std::fmt;

use crate::error::Error;
use crate::http::retry::RetryPolicy;

/// The service's main host: the default `hostname`, and the host of every call that
/// is not about one publication (http-contract §1).
pub const MAIN_HOST: &str = "substack.com";
/// The API version segment unless configured.
pub const DEFAULT_API_VERSION: &str = "v1";
/// A browser-like User-Agent: the service has answered clients without one with 403
/// (http-contract §2.3). Sent only where the runtime lets a script set it.
/// Per-request timeout unless configured.
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;
/// How many requests a fan-out method (getFollowingProfiles) runs at once.
pub const DEFAULT_CONCURRENCY: u64 = 4;
const MAX_CONCURRENCY: u64 = 16;
/// The User-Agent sent unless configured.
pub const DEFAULT_USER_AGENT: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

/// Which session cookie carries the key (http-contract §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CookieName {
    /// `connect.sid=s%3A<key>`: the wire form of the 0.5.0 client; the default.
    ConnectSid,
    /// `substack.sid=<key>`: what the web app sets today.
    SubstackSid,
    /// Both cookies with the same value.
    Both,
}

impl CookieName {
    /// The cookie name the configuration spells `text`.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "connect.sid" => Some(CookieName::ConnectSid),
            "substack.sid" => Some(CookieName::SubstackSid),
            "both" => Some(CookieName::Both),
            _ => None,
        }
    }
}

/// How the session reaches the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthMode {
    /// A `Cookie` header built from the key (Node, Deno).
    CookieHeader,
    /// The browser's own cookie jar (`credentials: 'include'`): browsers forbid
    /// scripts to set `Cookie`, so the session must come from a real sign-in.
    BrowserCredentials,
}

/// The configuration as the caller wrote it; every field optional so that
/// validation, not the type system of the caller, reports what is missing.
#[derive(Debug, Default, Clone)]
pub struct ConfigInput {
    /// The session cookie value (required).
    pub api_key: Option<String>,
    /// The publication host; default the main host.
    pub hostname: Option<String>,
    /// The API version segment; default `v1`.
    pub api_version: Option<String>,
    /// An origin (`http://127.0.0.1:8787`) that receives every request, for both hosts.
    pub base_url: Option<String>,
    /// Which session cookie carries the key.
    pub cookie_name: Option<String>,
    /// How the session reaches the service.
    pub auth: Option<AuthMode>,
    /// `Some(None)`: send no User-Agent; `None`: the default.
    pub user_agent: Option<Option<String>>,
    /// How failed requests are retried.
    pub retry: RetryInput,
    /// Milliseconds; `0` turns the timeout off.
    pub timeout_ms: Option<u64>,
    /// How many requests a fan-out method runs at once (1–16).
    pub concurrency: Option<u64>,
}

/// `retry` as the caller gave it.
#[derive(Debug, Clone, Default)]
pub enum RetryInput {
    /// Not given: the default policy.
    #[default]
    Default,
    /// `retry: false`.
    Off,
    /// `retry: { retries, baseDelayMs, maxDelayMs, maxRetryAfterMs }`, each optional.
    Custom {
        /// Further attempts after the first (0–20).
        retries: Option<u64>,
        /// The first backoff.
        base_delay_ms: Option<u64>,
        /// The longest backoff.
        max_delay_ms: Option<u64>,
        /// The longest `Retry-After` waited for.
        max_retry_after_ms: Option<u64>,
    },
}

/// A validated configuration.
#[derive(Clone)]
pub struct Config {
    api_key: String,
    hostname: String,
    api_version: String,
    base_url: Option<String>,
    cookie_name: CookieName,
    auth: AuthMode,
    user_agent: Option<String>,
    retry: RetryPolicy,
    timeout_ms: Option<u64>,
    concurrency: usize,
}

impl fmt::Debug for Config {
    // The key stays out of every debug print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("api_key", &"[redacted]")
            .field("hostname", &self.hostname)
            .field("api_version", &self.api_version)
            .field("base_url", &self.base_url)
            .field("cookie_name", &self.cookie_name)
            .field("auth", &self.auth)
            .finish()
    }
}

impl Config {
    /// Validates `input`; a bad value is a `config` error.
    pub fn new(input: ConfigInput) -> Result<Config, Error> {
        let api_key = validate_api_key(input.api_key)?;
        let hostname = match input.hostname {
            None => MAIN_HOST.to_string(),
            Some(host) => validate_hostname(&host)?,
        };
        let api_version = match input.api_version {
            None => DEFAULT_API_VERSION.to_string(),
            Some(version) => validate_api_version(&version)?,
        };
        let base_url = input.base_url.map(|url| validate_base_url(&url)).transpose()?;
        let cookie_name = match input.cookie_name {
            None => CookieName::ConnectSid,
            Some(name) => CookieName::parse(&name).ok_or_else(|| {
                Error::config(format!(
                    "cookieName must be 'connect.sid', 'substack.sid' or 'both', not {name:?}"
                ))
            })?,
        };
        let user_agent = match input.user_agent {
            None => Some(DEFAULT_USER_AGENT.to_string()),
            Some(None) => None,
            Some(Some(agent)) => {
                if agent.is_empty() || agent.chars().any(char::is_control) {
                    return Err(Error::config("userAgent must be a non-empty single-line string"));
                }
                Some(agent)
            }
        };
        let timeout_ms = match input.timeout_ms {
            None => Some(DEFAULT_TIMEOUT_MS),
            Some(0) => None,
            Some(ms) => Some(ms),
        };
        let concurrency = input.concurrency.unwrap_or(DEFAULT_CONCURRENCY);
        if concurrency == 0 {
            return Err(Error::config(
                "concurrency must be a positive integer, got the number 0",
            ));
        }
        if concurrency > MAX_CONCURRENCY {
            return Err(Error::config(format!(
                "concurrency must be at most {MAX_CONCURRENCY}, got {concurrency}"
            )));
        }
        Ok(Config {
            api_key,
            hostname,
            api_version,
            base_url,
            cookie_name,
            auth: input.auth.unwrap_or(AuthMode::CookieHeader),
            user_agent,
            retry: retry_policy(input.retry)?,
            timeout_ms,
            concurrency: usize::try_from(concurrency).unwrap_or(1),
        })
    }

    /// The retry policy.
    pub fn retry(&self) -> &RetryPolicy {
        &self.retry
    }

    /// The per-request timeout; `None` when turned off.
    pub fn timeout_ms(&self) -> Option<u64> {
        self.timeout_ms
    }

    /// How many users a fan-out method reads at once.
    pub fn concurrency(&self) -> usize {
        self.concurrency
    }

    /// The publication host.
    pub fn hostname(&self) -> &str {
        &self.hostname
    }

    /// The API version segment.
    pub fn api_version(&self) -> &str {
        &self.api_version
    }

    /// The origin that receives every request, when configured.
    pub fn base_url(&self) -> Option<&str> {
        self.base_url.as_deref()
    }

    /// How the session reaches the service.
    pub fn auth(&self) -> AuthMode {
        self.auth
    }

    /// Settles `auth` by what the runtime can do, when the caller left it open.
    pub fn set_auth(&mut self, auth: AuthMode) {
        self.auth = auth;
    }

    /// The User-Agent to send, if any.
    pub fn user_agent(&self) -> Option<&str> {
        self.user_agent.as_deref()
    }

    /// The key, for redaction only.
    pub(crate) fn api_key(&self) -> &str {
        &self.api_key
    }

    /// The `Cookie` header value. The key is sent as copied: a value that already
    /// starts with `s%3A` or `s:` gets no second prefix (the doubled prefix is what
    /// broke authentication in older clients).
    pub fn cookie_header(&self) -> String {
        let value = if self.api_key.starts_with("s%3A") || self.api_key.starts_with("s:") {
            self.api_key.clone()
        } else {
            format!("s%3A{}", self.api_key)
        };
        match self.cookie_name {
            CookieName::ConnectSid => format!("connect.sid={value}"),
            CookieName::SubstackSid => format!("substack.sid={value}"),
            CookieName::Both => format!("substack.sid={value}; connect.sid={value}"),
        }
    }
}

fn retry_policy(input: RetryInput) -> Result<RetryPolicy, Error> {
    let defaults = RetryPolicy::default();
    match input {
        RetryInput::Default => Ok(defaults),
        RetryInput::Off => Ok(RetryPolicy::OFF),
        RetryInput::Custom {
            retries,
            base_delay_ms,
            max_delay_ms,
            max_retry_after_ms,
        } => {
            let retries = retries.unwrap_or(u64::from(defaults.retries));
            let retries = u32::try_from(retries)
                .ok()
                .filter(|r| *r <= 20)
                .ok_or_else(|| Error::config("retry.retries must be at most 20"))?;
            let base_delay_ms = base_delay_ms.unwrap_or(defaults.base_delay_ms);
            let max_delay_ms = max_delay_ms.unwrap_or(defaults.max_delay_ms.max(base_delay_ms));
            if max_delay_ms < base_delay_ms {
                return Err(Error::config(
                    "retry.maxDelayMs must not be less than retry.baseDelayMs",
                ));
            }
            let max_retry_after_ms = max_retry_after_ms.unwrap_or(defaults.max_retry_after_ms);
            Ok(RetryPolicy {
                retries,
                base_delay_ms,
                max_delay_ms,
                max_retry_after_ms,
            })
        }
    }
}

fn validate_api_key(key: Option<String>) -> Result<String, Error> {
    let key = key.ok_or_else(|| Error::config("apiKey is required"))?;
    if key.trim().is_empty() {
        return Err(Error::config("apiKey must not be empty"));
    }
    // The key goes into a Cookie header: a separator or a line break would inject
    // other cookies or headers. The message never repeats the key.
    if key
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, ';' | ',' | '"' | '\\'))
        || !key.is_ascii()
    {
        return Err(Error::config(
            "apiKey may hold only printable ASCII without spaces, ';', ',', '\"' or '\\' (it is a cookie value)",
        ));
    }
    Ok(key)
}

/// A bare host with an optional port: no scheme, path, query or whitespace.
fn validate_hostname(host: &str) -> Result<String, Error> {
    let invalid = |why: &str| {
        Error::config(format!(
            "hostname {host:?} {why}; give a bare host such as \"example.substack.com\""
        ))
    };
    if host.is_empty() {
        return Err(invalid("is empty"));
    }
    if host.contains("://") {
        return Err(invalid("has a scheme"));
    }
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    };
    if let Some(port) = port {
        if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) || port.parse::<u16>().map_or(true, |p| p == 0)
        {
            return Err(invalid("has an invalid port"));
        }
    }
    if name.len() > 253 || name.is_empty() {
        return Err(invalid("is not a valid host name"));
    }
    for label in name.split('.') {
        let valid = !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-');
        if !valid {
            return Err(invalid("is not a valid host name"));
        }
    }
    Ok(host.to_ascii_lowercase())
}

fn validate_api_version(version: &str) -> Result<String, Error> {
    let valid = !version.is_empty()
        && version.len() <= 16
        && version
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        && !version.starts_with('.');
    if valid {
        Ok(version.to_string())
    } else {
        Err(Error::config(format!(
            "apiVersion {version:?} is not a version segment such as \"v1\""
        )))
    }
}

/// `http(s)://host[:port]`, optionally with one trailing slash; returned without it.
fn validate_base_url(url: &str) -> Result<String, Error> {
    let invalid = || {
        Error::config(format!(
            "baseUrl {url:?} must be an origin such as \"http://127.0.0.1:8787\" (scheme, host, optional port; no path)"
        ))
    };
    let (scheme, rest) = url.split_once("://").ok_or_else(invalid)?;
    if scheme != "http" && scheme != "https" {
        return Err(invalid());
    }
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    if authority.contains(['/', '?', '#', '@']) {
        return Err(invalid());
    }
    let host = validate_hostname(authority).map_err(|_| invalid())?;
    Ok(format!("{scheme}://{host}"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn with_key(key: &str) -> ConfigInput {
        ConfigInput {
            api_key: Some(key.into()),
            ..Default::default()
        }
    }

    #[test]
    fn defaults_follow_the_interface() {
        let config = Config::new(with_key("abc")).unwrap();
        assert_eq!(config.hostname(), "substack.com");
        assert_eq!(config.api_version(), "v1");
        assert_eq!(config.base_url(), None);
        assert_eq!(config.auth(), AuthMode::CookieHeader);
        assert_eq!(config.user_agent(), Some(DEFAULT_USER_AGENT));
    }

    #[test]
    fn missing_or_empty_api_key_is_a_config_error() {
        for input in [ConfigInput::default(), with_key(""), with_key("   ")] {
            let error = Config::new(input).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Config);
            assert!(error.message.contains("apiKey"));
        }
    }

    #[test]
    fn api_key_that_would_inject_a_cookie_is_refused_without_being_echoed() {
        for key in ["abc; admin=1", "abc\r\nX-Evil: 1", "a b", "ké"] {
            let error = Config::new(with_key(key)).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Config);
            assert!(!error.message.contains(key));
        }
    }

    #[test]
    fn cookie_gets_exactly_one_prefix() {
        assert_eq!(
            Config::new(with_key("abc.sig")).unwrap().cookie_header(),
            "connect.sid=s%3Aabc.sig"
        );
        assert_eq!(
            Config::new(with_key("s%3Aabc.sig")).unwrap().cookie_header(),
            "connect.sid=s%3Aabc.sig"
        );
        assert_eq!(
            Config::new(with_key("s:abc.sig")).unwrap().cookie_header(),
            "connect.sid=s:abc.sig"
        );
    }

    #[test]
    fn cookie_name_option() {
        let mut input = with_key("k");
        input.cookie_name = Some("substack.sid".into());
        assert_eq!(
            Config::new(input.clone()).unwrap().cookie_header(),
            "substack.sid=s%3Ak"
        );
        input.cookie_name = Some("both".into());
        assert_eq!(
            Config::new(input.clone()).unwrap().cookie_header(),
            "substack.sid=s%3Ak; connect.sid=s%3Ak"
        );
        input.cookie_name = Some("sid".into());
        assert_eq!(Config::new(input).unwrap_err().kind, ErrorKind::Config);
    }

    #[test]
    fn hostname_must_be_bare() {
        for good in [
            "example.substack.com",
            "Example.COM",
            "localhost:8080",
            "news.example.co.uk",
        ] {
            let mut input = with_key("k");
            input.hostname = Some(good.into());
            assert!(Config::new(input).is_ok(), "{good}");
        }
        for bad in [
            "",
            "https://x.substack.com",
            "x.substack.com/p",
            "x.substack.com?a",
            "x .com",
            "x..com",
            "-x.com",
            "x.com:",
            "x.com:99999",
            "x.com:0",
            "x.com\n",
            "x.com#f",
            "user@x.com",
        ] {
            let mut input = with_key("k");
            input.hostname = Some(bad.into());
            let error = Config::new(input).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Config, "{bad:?}");
        }
    }

    #[test]
    fn api_version_is_one_segment() {
        let mut input = with_key("k");
        input.api_version = Some("v2".into());
        assert_eq!(Config::new(input.clone()).unwrap().api_version(), "v2");
        for bad in ["", "v1/../x", "v 1", "..", "v1?x"] {
            input.api_version = Some(bad.into());
            assert!(Config::new(input.clone()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn base_url_is_an_origin() {
        let mut input = with_key("k");
        input.base_url = Some("http://127.0.0.1:8787/".into());
        assert_eq!(
            Config::new(input.clone()).unwrap().base_url(),
            Some("http://127.0.0.1:8787")
        );
        for bad in [
            "127.0.0.1:8787",
            "ftp://x",
            "http://x/api",
            "http://x?y",
            "http://",
            "http://u@x",
        ] {
            input.base_url = Some(bad.into());
            assert!(Config::new(input.clone()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn retry_timeout_and_concurrency_options() {
        let config = Config::new(with_key("k")).unwrap();
        assert_eq!(*config.retry(), RetryPolicy::default());
        assert_eq!(config.timeout_ms(), Some(DEFAULT_TIMEOUT_MS));
        assert_eq!(config.concurrency(), 4);
        let mut input = with_key("k");
        input.retry = RetryInput::Off;
        input.timeout_ms = Some(0);
        input.concurrency = Some(2);
        let config = Config::new(input).unwrap();
        assert_eq!(config.retry().retries, 0);
        assert_eq!(config.timeout_ms(), None);
        assert_eq!(config.concurrency(), 2);
        let mut input = with_key("k");
        input.retry = RetryInput::Custom {
            retries: Some(5),
            base_delay_ms: Some(10),
            max_delay_ms: None,
            max_retry_after_ms: Some(1000),
        };
        let retry = *Config::new(input).unwrap().retry();
        assert_eq!(
            (
                retry.retries,
                retry.base_delay_ms,
                retry.max_delay_ms,
                retry.max_retry_after_ms
            ),
            (5, 10, 8000, 1000)
        );
        for bad in [
            ConfigInput {
                concurrency: Some(0),
                ..with_key("k")
            },
            ConfigInput {
                concurrency: Some(100),
                ..with_key("k")
            },
            ConfigInput {
                retry: RetryInput::Custom {
                    retries: Some(21),
                    base_delay_ms: None,
                    max_delay_ms: None,
                    max_retry_after_ms: None,
                },
                ..with_key("k")
            },
        ] {
            assert_eq!(Config::new(bad).unwrap_err().kind, ErrorKind::Config);
        }
    }

    #[test]
    fn debug_never_shows_the_key() {
        let config = Config::new(with_key("TOPSECRET")).unwrap();
        assert!(!format!("{config:?}").contains("TOPSECRET"));
    }

    #[test]
    fn every_cookie_name_is_read_and_others_refused() {
        let header = |name: &str| {
            Config::new(ConfigInput {
                cookie_name: Some(name.into()),
                ..with_key("k")
            })
            .map(|config| config.cookie_header())
        };
        assert_eq!(header("connect.sid").unwrap(), "connect.sid=s%3Ak");
        assert_eq!(header("substack.sid").unwrap(), "substack.sid=s%3Ak");
        assert_eq!(header("both").unwrap(), "substack.sid=s%3Ak; connect.sid=s%3Ak");
        assert_eq!(header("sid").unwrap_err().kind, ErrorKind::Config);
    }

    #[test]
    fn a_debug_print_shows_the_settings_but_not_the_key() {
        let config = Config::new(ConfigInput {
            hostname: Some("pub.example.com".into()),
            ..with_key("secret-key-1")
        })
        .unwrap();
        let printed = format!("{config:?}");
        assert!(printed.starts_with("Config {"), "{printed}");
        assert!(
            printed.contains("pub.example.com") && printed.contains("[redacted]"),
            "{printed}"
        );
        assert!(!printed.contains("secret-key-1"), "{printed}");
    }

    #[test]
    fn auth_left_open_is_settled_by_the_runtime() {
        let mut config = Config::new(with_key("k")).unwrap();
        config.set_auth(AuthMode::BrowserCredentials);
        assert_eq!(config.auth(), AuthMode::BrowserCredentials);
    }

    #[test]
    fn the_longest_backoff_may_equal_the_first_but_not_be_shorter() {
        let retry = |base: u64, max: u64| {
            Config::new(ConfigInput {
                retry: RetryInput::Custom {
                    retries: None,
                    base_delay_ms: Some(base),
                    max_delay_ms: Some(max),
                    max_retry_after_ms: None,
                },
                ..with_key("k")
            })
        };
        assert_eq!(retry(100, 100).unwrap().retry().max_delay_ms, 100);
        assert_eq!(retry(100, 250).unwrap().retry().max_delay_ms, 250);
        assert!(retry(100, 99).unwrap_err().message.contains("retry.maxDelayMs"));
    }

    #[test]
    fn a_key_with_a_space_or_outside_ascii_is_refused() {
        for bad in ["a b", "ключ", "a;b"] {
            let error = Config::new(with_key(bad)).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Config, "{bad}");
            assert!(!error.message.contains(bad), "the message repeats the key");
        }
        assert!(Config::new(with_key("s%3Aabc.DEF-123_~")).is_ok());
    }

    #[test]
    fn host_names_and_ports_are_checked_at_their_limits() {
        let host = |name: &str| {
            Config::new(ConfigInput {
                hostname: Some(name.into()),
                ..with_key("k")
            })
        };
        let label = "a".repeat(63);
        let longest = format!("{label}.{label}.{label}.{}", "b".repeat(61));
        assert_eq!(longest.len(), 253);
        assert!(host(&longest).is_ok());
        assert!(host(&format!("{longest}b")).is_err());
        assert!(host("example.com:8080").is_ok());
        for bad in [
            "example.com:",
            "example.com:8a",
            "example.com:0",
            ":8080",
            "example.com:99999",
        ] {
            assert!(host(bad).is_err(), "{bad}");
        }
    }
}
