//! The sentences of error messages about a request: what was asked (method and path,
//! never the key), what came back (status and reason), and for a body that is not
//! JSON, what it was (an HTML page and its title, a CDN's bot challenge, nothing).
//! A JSON error body's own message is quoted. Messages carry no markup, entities or
//! page dumps and stay within [`MAX_MESSAGE_CHARS`]; the whole body stays in the
//! error's response.

use crate::error::length::{clip, fit, MAX_MESSAGE_CHARS};
use crate::error::{Error, ErrorKind, ResponseSnapshot};
use crate::json::{JsonDoc, JsonKind};
const MAX_REQUEST_CHARS: usize = 90;
const MAX_QUOTE_CHARS: usize = 100;
const MAX_TITLE_CHARS: usize = 60;
const MAX_DETAIL_CHARS: usize = 100;
const MAX_REASON_CHARS: usize = 40;
/// The most failed users named one by one in a following-profiles message.
const MAX_NAMED_USERS: usize = 10;

const CHALLENGE_HINT: &str = "a CDN in front of the service is asking for a browser check, \
usually after too many requests or from a server's network; slow down or try later";

/// The error of a non-2xx answer: kind `http`, the status, the sentence of
/// [`http_failure`], and the whole response. `D` is the JSON backend that reads a JSON
/// body's own words (V8's parser in wasm).
pub fn http_error<D: JsonDoc>(request: &str, response: ResponseSnapshot) -> Error {
    let mut error = Error::new(ErrorKind::Http, http_failure::<D>(request, &response));
    error.status = Some(response.status);
    error.response = Some(Box::new(response));
    error
}

/// `GET /api/v1/posts?limit=5`: the method and the URL without scheme and host.
pub fn request_label(method: &str, url: &str) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = after_scheme
        .find('/')
        .and_then(|at| after_scheme.get(at..))
        .unwrap_or("/");
    format!("{method} {}", clip(path, MAX_REQUEST_CHARS))
}

/// A non-2xx answer: `GET /p failed: HTTP 502 Bad Gateway; the answer is an HTML page titled "…", not JSON`.
pub fn http_failure<D: JsonDoc>(request: &str, response: &ResponseSnapshot) -> String {
    let status = status_line(response);
    let detail = match classify::<D>(response) {
        Body::Empty => ", with an empty body".to_string(),
        Body::JsonMessage(text) => format!("; the service said \"{text}\""),
        Body::JsonWithoutMessage => ", with a JSON body that gives no reason".to_string(),
        Body::Challenge(title) => {
            format!(
                "; the answer is a bot-challenge page{}, not JSON: {CHALLENGE_HINT}",
                in_parens(&title)
            )
        }
        Body::Html(title) => format!("; the answer is {}, not JSON", html_page(&title)),
        Body::ShortText(text) => format!("; the service said \"{text}\""),
        Body::Unreadable(chars) => format!(", with a {chars}-character body that is not JSON"),
    };
    fit(&format!("{request} failed: {status}{detail}"))
}

/// A 2xx answer whose body does not parse as JSON; `why` is the parser's complaint.
pub fn unreadable_body<D: JsonDoc>(request: &str, response: &ResponseSnapshot, why: &str) -> String {
    let status = status_line(response);
    let what = match classify::<D>(response) {
        Body::Empty => "it is empty".to_string(),
        Body::Challenge(title) => format!("it is a bot-challenge page{}: {CHALLENGE_HINT}", in_parens(&title)),
        Body::Html(title) => format!("it is {}", html_page(&title)),
        Body::ShortText(text) => format!("it reads \"{text}\""),
        Body::JsonMessage(_) | Body::JsonWithoutMessage | Body::Unreadable(_) => {
            // V8 appends a quote of the body (`…, "<!DOCTYPE "... is not valid JSON`).
            let why = clean_text(why.split(", \"").next().unwrap_or(why), MAX_DETAIL_CHARS);
            format!("it is cut off or malformed ({why})")
        }
    };
    fit(&format!(
        "{request} failed: {status} with a body that is not valid JSON: {what}"
    ))
}

/// A 2xx answer whose JSON is not the record the method returns.
pub fn unexpected_record(request: &str, problem: &str) -> String {
    fit(&format!(
        "{request} returned an unexpected record: {}",
        clean_text(problem, MAX_MESSAGE_CHARS)
    ))
}

/// A request that got no complete answer. `detail` comes from the runtime's fetch (or
/// the abort reason, or the timeout); `not_sent` when the connection was refused.
pub fn send_failure(request: &str, kind: ErrorKind, detail: &str, not_sent: bool) -> String {
    let detail = match kind {
        ErrorKind::Network => network_detail(detail),
        _ => clean_text(detail, MAX_DETAIL_CHARS),
    };
    let sentence = match kind {
        ErrorKind::Aborted => format!("{request} was aborted: {detail}"),
        ErrorKind::Timeout => format!("{request} failed: {detail}"),
        _ if not_sent => format!("{request} failed: the connection was refused ({detail})"),
        _ => {
            // Browsers report refused connections, CORS refusals and drops alike.
            let browser = [
                "Failed to fetch",
                "Load failed",
                "NetworkError when attempting to fetch resource.",
            ];
            let hint = if browser.contains(&detail.as_str()) {
                "; in a browser this also means a blocked or CORS-refused request"
            } else {
                ""
            };
            format!("{request} failed: the connection failed before a complete answer arrived ({detail}){hint}")
        }
    };
    fit(&sentence)
}

/// A runtime's description of a failed connection, without URLs (the message names
/// the request already). Runtimes nest causes as `outer: inner: root`, so a long one
/// keeps its end, where the root cause is.
fn network_detail(detail: &str) -> String {
    let without_urls: Vec<&str> = detail.split_whitespace().filter(|word| !word.contains("://")).collect();
    let text = clean_text(&without_urls.join(" "), usize::MAX);
    // Node and Deno wrap the cause in "fetch failed (…)", which says nothing more.
    let text = match text
        .strip_prefix("fetch failed (")
        .and_then(|inner| inner.strip_suffix(')'))
    {
        Some(inner) => inner.to_string(),
        None => text,
    };
    let chars = text.chars().count();
    if chars <= MAX_DETAIL_CHARS {
        return text;
    }
    let skip = chars.saturating_sub(MAX_DETAIL_CHARS.saturating_sub(1));
    let tail_start = text.char_indices().nth(skip).map_or(0, |(at, _)| at);
    let tail = text.get(tail_start..).unwrap_or_default();
    let tail = tail.split_once(": ").map_or(tail, |(_, rest)| rest);
    // A cut inside a parenthesis leaves its closer without the opener.
    let tail = if tail.matches(')').count() > tail.matches('(').count() {
        tail.strip_suffix(')').unwrap_or(tail)
    } else {
        tail
    };
    format!("…{tail}")
}

/// The message a call ends with: `message`, then how many attempts it took, then for a
/// write whose outcome is unknown its operation's `advice` (e.g. that the note may exist).
pub fn final_message(message: &str, attempts: Option<u32>, advice: Option<&str>) -> String {
    let mut tail = String::new();
    if let Some(attempts) = attempts {
        tail.push_str(&format!(" (gave up after {attempts} attempts)"));
    }
    if let Some(advice) = advice {
        tail.push_str("; ");
        tail.push_str(advice);
    }
    let room = MAX_MESSAGE_CHARS.saturating_sub(tail.chars().count());
    format!("{}{tail}", clip(message, room))
}

/// `getFollowingProfiles: 2 of 6 followed users failed (users 3 and 5); user 3: …`.
pub fn following_failures(failed_ids: &[String], total: usize, first_message: &str) -> String {
    let named: Vec<&str> = failed_ids.iter().take(MAX_NAMED_USERS).map(String::as_str).collect();
    let more = failed_ids.len().saturating_sub(named.len());
    let users = match (named.as_slice(), more) {
        ([one], 0) => format!("user {one}"),
        ([init @ .., last], 0) => format!("users {} and {last}", init.join(", ")),
        (_, more) => format!("users {} and {more} more", named.join(", ")),
    };
    let first = failed_ids.first().map(String::as_str).unwrap_or_default();
    fit(&format!(
        "getFollowingProfiles: {} of {total} followed users failed ({users}); user {first}: {first_message}",
        failed_ids.len()
    ))
}

/// What an error body is, for the message.
#[derive(Debug, PartialEq, Eq)]
enum Body {
    Empty,
    /// The cleaned `error`/`message` text of a JSON body.
    JsonMessage(String),
    JsonWithoutMessage,
    /// A CDN's bot-challenge page, with its title if any.
    Challenge(Option<String>),
    /// An HTML page, with its title if any.
    Html(Option<String>),
    /// A short plain-text body, cleaned.
    ShortText(String),
    /// Anything else: its length in characters.
    Unreadable(usize),
}

fn classify<D: JsonDoc>(response: &ResponseSnapshot) -> Body {
    let body = response.body.trim();
    if body.is_empty() {
        return Body::Empty;
    }
    if let Some(value) = D::parse(body) {
        return match error_text(&value, 0) {
            Some(text) => Body::JsonMessage(clean_text(&text, MAX_QUOTE_CHARS)),
            None => Body::JsonWithoutMessage,
        };
    }
    let content_type = header(response, "content-type")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let looks_like_markup = body.starts_with('<');
    if looks_like_markup || content_type.contains("html") {
        let title = html_title(body);
        return if is_challenge(response, body) {
            Body::Challenge(title)
        } else {
            Body::Html(title)
        };
    }
    let text = clean_text(body, usize::MAX);
    let chars = text.chars().count();
    if chars <= MAX_QUOTE_CHARS && !text.contains(['{', '[', '<']) {
        Body::ShortText(text)
    } else {
        Body::Unreadable(body.chars().count())
    }
}

/// The service's own words in a JSON error body: a non-empty string under `error`,
/// `message`, `detail`, `msg` or `errors`, looked for a few levels down.
fn error_text<D: JsonDoc>(value: &D, depth: u8) -> Option<String> {
    const KEYS: [&str; 6] = ["error", "message", "detail", "msg", "error_description", "errors"];
    if depth > 3 {
        return None;
    }
    let deeper = depth.saturating_add(1);
    match value.kind() {
        JsonKind::String if depth > 0 => value.as_string().filter(|text| !text.trim().is_empty()),
        JsonKind::Object => KEYS
            .iter()
            .find_map(|key| value.with_field(key, |inner| error_text(inner, deeper)).flatten()),
        JsonKind::Array if depth > 0 => (0..value.array_len().unwrap_or(0))
            .find_map(|index| value.with_item(index, |inner| error_text(inner, deeper)).flatten()),
        _ => None,
    }
}

fn header<'a>(response: &'a ResponseSnapshot, name: &str) -> Option<&'a str> {
    response
        .headers
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.as_str())
}

/// Marks of the interstitial pages CDNs and bot managers answer with instead of the API.
fn is_challenge(response: &ResponseSnapshot, body: &str) -> bool {
    const MARKS: [&str; 12] = [
        "cf-chl",
        "challenge-platform",
        "just a moment",
        "attention required! | cloudflare",
        "checking your browser",
        "enable javascript and cookies to continue",
        "verify you are human",
        "are you a robot",
        "captcha",
        "_incapsula_resource",
        "ddos-guard",
        "px-captcha",
    ];
    if header(response, "cf-mitigated").is_some_and(|value| value.eq_ignore_ascii_case("challenge")) {
        return true;
    }
    let lower = body.to_ascii_lowercase();
    MARKS.iter().any(|mark| lower.contains(mark))
}

/// The text of the page's `<title>`, cleaned, if it has a non-empty one.
fn html_title(page: &str) -> Option<String> {
    // ASCII lower-casing keeps byte offsets, so positions found in `lower` index `page`.
    let lower = page.to_ascii_lowercase();
    let open = lower.find("<title")?;
    let start = open.saturating_add(lower.get(open..)?.find('>')?).saturating_add(1);
    let end = start.saturating_add(lower.get(start..)?.find("</title")?);
    let title = clean_text(page.get(start..end)?, MAX_TITLE_CHARS);
    (!title.is_empty()).then_some(title)
}

fn html_page(title: &Option<String>) -> String {
    match title {
        Some(title) => format!("an HTML page titled \"{title}\""),
        None => "an HTML page without a title".to_string(),
    }
}

fn in_parens(title: &Option<String>) -> String {
    title
        .as_ref()
        .map(|title| format!(" (\"{title}\")"))
        .unwrap_or_default()
}

fn status_line(response: &ResponseSnapshot) -> String {
    let reason = clean_text(&response.status_text, MAX_REASON_CHARS);
    let reason = if reason.is_empty() {
        reason_phrase(response.status).to_string()
    } else {
        reason
    };
    format!("HTTP {} {reason}", response.status).trim_end().to_string()
}

/// HTTP/2 and HTTP/3 carry no reason phrase; the standard one stands in.
fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

/// Text fit for a message: tags removed, entities decoded, control characters and
/// runs of whitespace made single spaces, cut to `max` characters.
fn clean_text(text: &str, max: usize) -> String {
    let mut plain = String::with_capacity(text.len().min(4096));
    let mut in_tag = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // Only `<` that opens a tag, so that "a < b" survives.
            '<' if chars
                .peek()
                .is_some_and(|&next| next.is_ascii_alphabetic() || "/!?".contains(next)) =>
            {
                in_tag = true;
            }
            '>' if in_tag => {
                in_tag = false;
                plain.push(' ');
            }
            _ if in_tag => {}
            _ => plain.push(c),
        }
    }
    let decoded = decode_entities(&plain);
    let collapsed = decoded
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    clip(&collapsed, max)
}

/// The entities page titles and error texts use; others are dropped. (A full entity
/// table would add tens of KiB to the wasm for text that only goes into messages.)
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(rest.get(..at).unwrap_or_default());
        let after = rest.get(at.saturating_add(1)..).unwrap_or_default();
        let entity = after
            .find(';')
            .filter(|&end| end > 0 && end <= 10)
            // A name is letters and digits (`#` first for a number): "a & b; c" has none.
            .filter(|&end| {
                after
                    .get(..end)
                    .is_some_and(|name| name.trim_start_matches('#').bytes().all(|b| b.is_ascii_alphanumeric()))
            })
            .and_then(|end| after.get(..end).map(|name| (name, end)));
        match entity {
            Some((name, end)) => {
                if let Some(c) = entity_char(name) {
                    out.push(c);
                }
                rest = after.get(end.saturating_add(1)..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity_char(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse::<u32>().ok()?,
        };
        return char::from_u32(code).filter(|c| !c.is_control());
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "mdash" => '—',
        "ndash" => '–',
        "hellip" => '…',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "copy" => '©',
        _ => return None,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    // The native JSON backend; wasm's (V8's parser) runs the same cases in the JS suites.
    fn http_error(request: &str, response: ResponseSnapshot) -> Error {
        super::http_error::<serde_json::Value>(request, response)
    }
    fn http_failure(request: &str, response: &ResponseSnapshot) -> String {
        super::http_failure::<serde_json::Value>(request, response)
    }
    fn unreadable_body(request: &str, response: &ResponseSnapshot, why: &str) -> String {
        super::unreadable_body::<serde_json::Value>(request, response, why)
    }

    fn response(status: u16, reason: &str, content_type: &str, body: &str) -> ResponseSnapshot {
        ResponseSnapshot {
            status,
            status_text: reason.into(),
            headers: vec![("content-type".into(), content_type.into())],
            body: body.into(),
        }
    }

    const CLOUDFLARE_502: &str = r#"<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html lang="en-US"><head>
<title>example.substack.com | 502: Bad gateway</title>
<meta charset="UTF-8" /><style>body{margin:0;padding:0}#cf-wrapper .cf-error{color:red}</style>
</head><body><div id="cf-wrapper"><h1>Bad gateway</h1><p>Error code 502</p>
<p>Visit <a href="https://www.cloudflare.com/5xx-error-landing">cloudflare.com</a> for more information.</p>
</div></body></html>"#;

    const CHALLENGE_403: &str = r#"<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><style>*{box-sizing:border-box}</style>
</head><body><noscript>Enable JavaScript and cookies to continue</noscript>
<script>(function(){window._cf_chl_opt={cvId:'3',cZone:'substack.com'}})();</script>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>"#;

    /// What every message must be: one short line without markup or entities.
    fn assert_readable(message: &str) {
        assert!(message.chars().count() <= MAX_MESSAGE_CHARS, "too long: {message}");
        for bad in ['<', '>', '\n', '\r', '\t', '{'] {
            assert!(!message.contains(bad), "{bad:?} in {message}");
        }
        for entity in ["&amp;", "&lt;", "&#", "&nbsp;"] {
            assert!(!message.contains(entity), "{entity} in {message}");
        }
    }

    #[test]
    fn the_request_is_its_method_and_path_without_the_host() {
        assert_eq!(
            request_label("GET", "https://substack.com/api/v1/posts?limit=5"),
            "GET /api/v1/posts?limit=5"
        );
        assert_eq!(
            request_label("POST", "http://127.0.0.1:9/api/v1/comment/feed"),
            "POST /api/v1/comment/feed"
        );
        assert_eq!(request_label("GET", "https://h.example"), "GET /");
        let long = request_label("GET", &format!("https://h/api/v1/posts/{}", "a".repeat(300)));
        assert_eq!(long.chars().count(), 4 + MAX_REQUEST_CHARS);
        assert!(long.ends_with('…'));
    }

    #[test]
    fn a_json_error_body_is_quoted() {
        let message = http_failure(
            "GET /api/v1/posts/by-id/5",
            &response(404, "Not Found", "application/json", r#"{"error":"Not found"}"#),
        );
        assert_eq!(
            message,
            r#"GET /api/v1/posts/by-id/5 failed: HTTP 404 Not Found; the service said "Not found""#
        );
        for (body, said) in [
            (r#"{"message":"Slow down"}"#, "Slow down"),
            (r#"{"errors":[{"msg":"bad cursor"}]}"#, "bad cursor"),
            (
                r#"{"error":{"message":"nested &amp; <b>marked</b>"}}"#,
                "nested & marked",
            ),
        ] {
            let message = http_failure("GET /x", &response(400, "Bad Request", "application/json", body));
            assert!(message.ends_with(&format!("the service said \"{said}\"")), "{message}");
            assert_readable(&message);
        }
        let message = http_failure(
            "GET /x",
            &response(500, "Internal Server Error", "application/json", r#"{"ok":false}"#),
        );
        assert_eq!(
            message,
            "GET /x failed: HTTP 500 Internal Server Error, with a JSON body that gives no reason"
        );
    }

    #[test]
    fn an_html_error_page_is_named_by_its_title() {
        let message = http_failure(
            "GET /api/v1/posts",
            &response(502, "Bad Gateway", "text/html", CLOUDFLARE_502),
        );
        assert_eq!(
            message,
            r#"GET /api/v1/posts failed: HTTP 502 Bad Gateway; the answer is an HTML page titled "example.substack.com | 502: Bad gateway", not JSON"#
        );
        let untitled = http_failure("GET /p", &response(503, "", "", "<html><body>down</body></html>"));
        assert_eq!(
            untitled,
            "GET /p failed: HTTP 503 Service Unavailable; the answer is an HTML page without a title, not JSON"
        );
        let entities = http_failure(
            "GET /p",
            &response(
                500,
                "x",
                "text/html",
                "<title>\n  Fish &amp; Chips &#8212; &lt;down&gt;\n</title>",
            ),
        );
        assert!(entities.contains(r#"titled "Fish & Chips — <down>""#), "{entities}");
    }

    #[test]
    fn a_challenge_page_is_said_to_be_one_with_a_hint() {
        let message = http_failure(
            "GET /api/v1/posts",
            &response(403, "Forbidden", "text/html", CHALLENGE_403),
        );
        assert!(
            message.starts_with(
                r#"GET /api/v1/posts failed: HTTP 403 Forbidden; the answer is a bot-challenge page ("Just a moment..."), not JSON: a CDN"#
            ),
            "{message}"
        );
        assert!(message.contains("too many requests"), "{message}");
        assert_readable(&message);
        let mut by_header = response(503, "Service Unavailable", "text/html", "<html></html>");
        by_header.headers.push(("cf-mitigated".into(), "challenge".into()));
        assert!(http_failure("GET /x", &by_header).contains("bot-challenge page, not JSON"));
    }

    #[test]
    fn empty_plain_and_unreadable_bodies() {
        assert_eq!(
            http_failure("GET /x", &response(500, "Internal Server Error", "", "  \n")),
            "GET /x failed: HTTP 500 Internal Server Error, with an empty body"
        );
        assert_eq!(
            http_failure(
                "GET /x",
                &response(503, "Service Unavailable", "text/plain", "upstream\nconnect error")
            ),
            r#"GET /x failed: HTTP 503 Service Unavailable; the service said "upstream connect error""#
        );
        let css = format!("body {{ color: red }} {}", "x".repeat(400));
        assert_eq!(
            http_failure("GET /x", &response(500, "Oops", "text/css", &css)),
            format!(
                "GET /x failed: HTTP 500 Oops, with a {}-character body that is not JSON",
                css.chars().count()
            )
        );
    }

    #[test]
    fn an_unreadable_2xx_body_says_what_it_was() {
        let ok = |body: &str, content_type: &str| response(200, "OK", content_type, body);
        assert_eq!(
            unreadable_body("GET /p", &ok("[{\"id\": 1, \"ti", "application/json"), "EOF while parsing a string at line 1 column 14"),
            "GET /p failed: HTTP 200 OK with a body that is not valid JSON: it is cut off or malformed (EOF while parsing a string at line 1 column 14)"
        );
        assert_eq!(
            unreadable_body("GET /p", &ok("", "application/json"), "EOF"),
            "GET /p failed: HTTP 200 OK with a body that is not valid JSON: it is empty"
        );
        let page = unreadable_body(
            "GET /p",
            &ok(CLOUDFLARE_502, "text/html"),
            "Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
        );
        assert!(
            page.ends_with(r#"it is an HTML page titled "example.substack.com | 502: Bad gateway""#),
            "{page}"
        );
        let challenge = unreadable_body("GET /p", &ok(CHALLENGE_403, "text/html"), "x");
        assert!(challenge.contains("it is a bot-challenge page"), "{challenge}");
        let marked = unreadable_body(
            "GET /p",
            &ok("[1,", ""),
            "Unexpected token 'b', \"[1,<b>\" is not valid JSON",
        );
        assert!(
            marked.ends_with("it is cut off or malformed (Unexpected token 'b')"),
            "{marked}"
        );
    }

    #[test]
    fn failures_without_an_answer() {
        assert_eq!(
            send_failure(
                "GET /p",
                ErrorKind::Network,
                "fetch failed (UND_ERR_SOCKET: other side closed)",
                false
            ),
            "GET /p failed: the connection failed before a complete answer arrived (UND_ERR_SOCKET: other side closed)"
        );
        assert_eq!(
            send_failure(
                "GET /p",
                ErrorKind::Network,
                "fetch failed (error sending request from 127.0.0.1:57464 for http://127.0.0.1:42113/api/v1/posts \
                 (127.0.0.1:42113): client error (SendRequest): connection closed before message completed)",
                false
            ),
            "GET /p failed: the connection failed before a complete answer arrived \
             (…client error (SendRequest): connection closed before message completed)"
        );
        assert_eq!(
            send_failure("GET /p", ErrorKind::Network, "Failed to fetch", false),
            "GET /p failed: the connection failed before a complete answer arrived (Failed to fetch); in a browser this also means a blocked or CORS-refused request"
        );
        assert_eq!(
            send_failure("POST /n", ErrorKind::Network, "connect ECONNREFUSED", true),
            "POST /n failed: the connection was refused (connect ECONNREFUSED)"
        );
        assert_eq!(
            send_failure("GET /p", ErrorKind::Timeout, "no complete answer within 300 ms", false),
            "GET /p failed: no complete answer within 300 ms"
        );
        assert_eq!(
            send_failure("GET /p", ErrorKind::Aborted, "the user left", false),
            "GET /p was aborted: the user left"
        );
        assert_readable(&send_failure(
            "GET /p",
            ErrorKind::Aborted,
            &"<p>why</p>\n".repeat(100),
            false,
        ));
    }

    #[test]
    fn the_final_message_keeps_its_tail_within_the_limit() {
        assert_eq!(
            final_message("GET /p failed: x", Some(4), None),
            "GET /p failed: x (gave up after 4 attempts)"
        );
        let long = "y".repeat(400);
        let message = final_message(&long, Some(2), Some(crate::client::MAYBE_PUBLISHED.advice));
        assert_eq!(message.chars().count(), MAX_MESSAGE_CHARS);
        assert!(message.ends_with("check the feed before publishing again"), "{message}");
    }

    #[test]
    fn following_failures_name_the_users_within_the_limit() {
        let ids = |n: u32| (1..=n).map(|id| id.to_string()).collect::<Vec<_>>();
        assert_eq!(
            following_failures(&ids(1), 6, "GET /x failed"),
            "getFollowingProfiles: 1 of 6 followed users failed (user 1); user 1: GET /x failed"
        );
        assert_eq!(
            following_failures(&ids(3), 6, "m"),
            "getFollowingProfiles: 3 of 6 followed users failed (users 1, 2 and 3); user 1: m"
        );
        let many = following_failures(&ids(40), 40, &"z".repeat(300));
        assert!(
            many.contains("(users 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 30 more)"),
            "{many}"
        );
        assert_readable(&many);
    }

    #[test]
    fn cleaning_never_breaks_on_odd_text() {
        for text in [
            "&",
            "&;",
            "&#xZZ;",
            "&#0;",
            "&#1114112;",
            "<",
            "a<b",
            "é&amp",
            "&verylongentityname;",
        ] {
            let cleaned = clean_text(text, 10);
            assert!(cleaned.chars().count() <= 10, "{text} → {cleaned}");
        }
        assert_eq!(clean_text("a &amp; b &unknown; c", 50), "a & b c");
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abcd", 4), "abcd");
        assert_eq!(html_title("<TITLE>Upper</TITLE>"), Some("Upper".into()));
        assert_eq!(html_title("<title>never closed"), None);
        assert_eq!(clean_text("1 < 2 <b>bold</b>", 50), "1 < 2 bold");
        assert_eq!(html_title("<title></title>"), None);
    }

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
        let error = http_error("GET /api/v1/posts/x", snapshot(404, r#"{"error":"Not found"}"#));
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
        let error = http_error("GET /p", snapshot(502, &page));
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
        let error = http_error("GET /x", response).redact("SECRET-1");
        assert!(!format!("{error:?}").contains("SECRET-1"));
    }

    #[test]
    fn every_status_without_a_reason_phrase_gets_the_standard_one() {
        let table = [
            (200, "OK"),
            (201, "Created"),
            (204, "No Content"),
            (400, "Bad Request"),
            (401, "Unauthorized"),
            (403, "Forbidden"),
            (404, "Not Found"),
            (405, "Method Not Allowed"),
            (408, "Request Timeout"),
            (409, "Conflict"),
            (410, "Gone"),
            (413, "Content Too Large"),
            (415, "Unsupported Media Type"),
            (422, "Unprocessable Content"),
            (429, "Too Many Requests"),
            (500, "Internal Server Error"),
            (502, "Bad Gateway"),
            (503, "Service Unavailable"),
            (504, "Gateway Timeout"),
        ];
        for (status, phrase) in table {
            assert_eq!(
                status_line(&response(status, "", "text/plain", "")),
                format!("HTTP {status} {phrase}")
            );
        }
        assert_eq!(status_line(&response(418, "", "text/plain", "")), "HTTP 418");
    }

    #[test]
    fn every_named_entity_of_the_table_is_decoded() {
        let table = [
            ("amp", '&'),
            ("lt", '<'),
            ("gt", '>'),
            ("quot", '"'),
            ("apos", '\''),
            ("nbsp", ' '),
            ("mdash", '—'),
            ("ndash", '–'),
            ("hellip", '…'),
            ("lsquo", '‘'),
            ("rsquo", '’'),
            ("ldquo", '“'),
            ("rdquo", '”'),
            ("copy", '©'),
        ];
        for (name, expected) in table {
            assert_eq!(entity_char(name), Some(expected), "&{name};");
            assert_eq!(decode_entities(&format!("a&{name};b")), format!("a{expected}b"));
        }
        assert_eq!(entity_char("eacute"), None);
        // Ten characters is the longest name looked for; `&` without one stays.
        assert_eq!(decode_entities("&abcdefghij;x"), "x");
        assert_eq!(decode_entities("&abcdefghijk;x"), "&abcdefghijk;x");
        assert_eq!(decode_entities("a & b; c"), "a & b; c");
        assert_eq!(decode_entities("&;x"), "&;x");
    }

    #[test]
    fn tags_are_removed_but_a_lone_greater_than_stays() {
        assert_eq!(clean_text("<b>bold</b> and 3 > 2", 100), "bold and 3 > 2");
        assert_eq!(clean_text("a < b", 100), "a < b");
    }

    #[test]
    fn the_service_words_are_found_under_a_key_not_at_the_top() {
        let error = |body: &str| error_text::<serde_json::Value>(&serde_json::from_str(body).unwrap(), 0);
        assert_eq!(error(r#"{"error":"Not found"}"#), Some("Not found".into()));
        assert_eq!(error(r#"{"errors":[{"msg":"Bad id"}]}"#), Some("Bad id".into()));
        // A bare string or array is no error text: the body is not an error object.
        assert_eq!(error(r#""just text""#), None);
        assert_eq!(error(r#"["Not found"]"#), None);
        assert_eq!(error(r#"{"error":{"detail":{"message":"deep"}}}"#), Some("deep".into()));
        assert_eq!(error(r#"{"error":{"detail":{"message":{"msg":"too deep"}}}}"#), None);
    }

    #[test]
    fn an_unexpected_record_names_the_request_and_the_problem() {
        assert_eq!(
            unexpected_record("GET /api/v1/posts", "field `id` is missing"),
            "GET /api/v1/posts returned an unexpected record: field `id` is missing"
        );
    }

    #[test]
    fn a_long_network_detail_keeps_its_root_cause() {
        let detail = format!(
            "fetch failed ({}: ECONNRESET: socket hang up)",
            "outer cause ".repeat(20)
        );
        let kept = network_detail(&detail);
        assert!(kept.starts_with('…'), "{kept}");
        assert!(kept.ends_with("socket hang up"), "{kept}");
        assert!(kept.chars().count() <= MAX_DETAIL_CHARS + 1, "{kept}");
        // A cut tail with more closers than openers loses its last closer.
        let nested = format!("{}: inner (code) failed)", "x".repeat(MAX_DETAIL_CHARS));
        assert!(
            network_detail(&nested).ends_with("inner (code) failed"),
            "{}",
            network_detail(&nested)
        );
        // A balanced parenthesis at the end is kept whole.
        let balanced = format!("{}: root cause (code 42)", "y".repeat(MAX_DETAIL_CHARS));
        assert!(
            network_detail(&balanced).ends_with("root cause (code 42)"),
            "{}",
            network_detail(&balanced)
        );
        let short = "ECONNREFUSED (connect)";
        assert_eq!(network_detail(short), short);
    }
}
