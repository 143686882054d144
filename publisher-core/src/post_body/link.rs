//! A post's link targets: which are allowed (absolute `http`, `https`, `mailto`), and the
//! resolution of a relative reference against a base URL (RFC 3986 §5.2, hand-written:
//! the `url` crate would cost the wasm tens of kilobytes for this one job).

#![deny(missing_docs)]

/// What a link target is, for a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkTarget {
    /// An absolute `http`, `https` or `mailto` URL, to be written as it is.
    Allowed,
    /// A scheme that runs code or opens content it carries (`javascript:`, `vbscript:`,
    /// `data:`).
    RunsCode,
    /// Another scheme (`ftp:`, `tel:`, …), named lowercase.
    OtherScheme(String),
    /// A relative reference (`/bar`, `bar.html`, `#x`, `?q`, `//host/x`).
    Relative,
}

/// Classifies `href`. Browsers ignore tabs and line ends in a URL, and control characters
/// and spaces before it, so a scheme is read as they read it.
pub fn classify(href: &str) -> LinkTarget {
    let squeezed: String = href.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    let trimmed = squeezed.trim_start_matches(|c: char| c <= ' ');
    let Some(scheme) = scheme_of(trimmed) else {
        return LinkTarget::Relative;
    };
    let scheme = scheme.to_ascii_lowercase();
    match scheme.as_str() {
        "javascript" | "vbscript" | "data" => LinkTarget::RunsCode,
        "mailto" => LinkTarget::Allowed,
        "http" | "https" if has_host(trimmed) => LinkTarget::Allowed,
        _ => LinkTarget::OtherScheme(scheme),
    }
}

/// Whether `url` is an absolute `http` or `https` URL with a host: what a base URL must be.
pub fn is_absolute_web_url(url: &str) -> bool {
    url.trim() == url
        && scheme_of(url)
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https"))
        && has_host(url)
}

/// `scheme ":"` at the start, per RFC 3986 §3.1: a letter, then letters, digits, `+`,
/// `-`, `.`.
fn scheme_of(url: &str) -> Option<&str> {
    let end = url.find(':')?;
    let scheme = url.get(..end)?;
    let mut chars = scheme.chars();
    let first_is_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (first_is_letter && rest_ok).then_some(scheme)
}

/// Whether the URL has a non-empty authority (`scheme://host…`).
fn has_host(url: &str) -> bool {
    let parts = Parts::of(url);
    parts.authority.is_some_and(|authority| {
        let host = authority.rsplit('@').next().unwrap_or_default();
        !host.is_empty() && !host.starts_with(':')
    })
}

/// A URI reference split as RFC 3986 Appendix B splits it.
#[derive(Debug, Clone, Copy)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of(reference: &'a str) -> Parts<'a> {
        let (rest, fragment) = match reference.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment)),
            None => (reference, None),
        };
        let (rest, query) = match rest.split_once('?') {
            Some((rest, query)) => (rest, Some(query)),
            None => (rest, None),
        };
        let (scheme, rest) = match scheme_of(rest) {
            Some(scheme) => (
                Some(scheme),
                rest.get(scheme.len().saturating_add(1)..).unwrap_or_default(),
            ),
            None => (None, rest),
        };
        let (authority, path) = match rest.strip_prefix("//") {
            Some(after) => {
                let end = after.find('/').unwrap_or(after.len());
                (after.get(..end), after.get(end..).unwrap_or_default())
            }
            None => (None, rest),
        };
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }
}

/// `reference` resolved against `base` (an absolute URI), RFC 3986 §5.2.2 (strict: a
/// reference with a scheme is taken as it is), recomposed per §5.3.
pub fn resolve(base: &str, reference: &str) -> String {
    let base = Parts::of(base);
    let reference = Parts::of(reference);
    let (scheme, authority, path, query);
    if reference.scheme.is_some() {
        scheme = reference.scheme;
        authority = reference.authority;
        path = remove_dot_segments(reference.path);
        query = reference.query;
    } else {
        scheme = base.scheme;
        if reference.authority.is_some() {
            authority = reference.authority;
            path = remove_dot_segments(reference.path);
            query = reference.query;
        } else {
            authority = base.authority;
            if reference.path.is_empty() {
                path = base.path.to_string();
                query = reference.query.or(base.query);
            } else {
                path = if reference.path.starts_with('/') {
                    remove_dot_segments(reference.path)
                } else {
                    remove_dot_segments(&merge(&base, reference.path))
                };
                query = reference.query;
            }
        }
    }
    let mut out = String::new();
    if let Some(scheme) = scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(&path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = reference.fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// §5.2.3: the reference's path appended to the base's directory.
fn merge(base: &Parts<'_>, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    let directory = base
        .path
        .rfind('/')
        .and_then(|end| base.path.get(..=end))
        .unwrap_or_default();
    format!("{directory}{path}")
}

/// §5.2.4: `.` and `..` segments removed.
fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::new();
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
            input = rest;
        } else if input.starts_with("/./") {
            input = input.get(2..).unwrap_or_default();
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." {
                "/"
            } else {
                input.get(3..).unwrap_or_default()
            };
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        } else if input == "." || input == ".." {
            input = "";
        } else {
            // The first segment, with its leading `/` if any, up to the next `/`.
            let start = usize::from(input.starts_with('/'));
            let end = input
                .get(start..)
                .and_then(|rest| rest.find('/'))
                .map_or(input.len(), |at| at.saturating_add(start));
            output.push_str(input.get(..end).unwrap_or_default());
            input = input.get(end..).unwrap_or_default();
        }
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "http://a/b/c/d;p?q";

    #[test]
    fn rfc_3986_normal_examples() {
        for (reference, expected) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
        ] {
            assert_eq!(resolve(BASE, reference), expected, "{reference:?}");
        }
    }

    #[test]
    fn rfc_3986_abnormal_examples() {
        for (reference, expected) in [
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ] {
            assert_eq!(resolve(BASE, reference), expected, "{reference:?}");
        }
    }

    #[test]
    fn a_base_without_a_path_gets_a_slash() {
        assert_eq!(resolve("https://e.test", "bar.html"), "https://e.test/bar.html");
        assert_eq!(resolve("https://e.test", "#x"), "https://e.test#x");
        assert_eq!(
            resolve("https://e.test/blog/post", "?q=1"),
            "https://e.test/blog/post?q=1"
        );
    }

    #[test]
    fn targets_are_classified_by_their_scheme() {
        for allowed in [
            "https://e.test/",
            "HTTP://e.test",
            "mailto:me@e.test",
            "http://user@host:80/x",
        ] {
            assert_eq!(classify(allowed), LinkTarget::Allowed, "{allowed}");
        }
        for code in [
            "javascript:x",
            " JavaScript:x",
            "java\tscript:x",
            "data:text/html,x",
            "vbscript:x",
        ] {
            assert_eq!(classify(code), LinkTarget::RunsCode, "{code}");
        }
        assert_eq!(classify("ftp://e.test"), LinkTarget::OtherScheme("ftp".into()));
        assert_eq!(classify("https:foo"), LinkTarget::OtherScheme("https".into()));
        assert_eq!(classify("http://"), LinkTarget::OtherScheme("http".into()));
        for relative in ["/bar", "bar.html", "#x", "?q", "//host/x", "a/b:c", "1a:b"] {
            assert_eq!(classify(relative), LinkTarget::Relative, "{relative}");
        }
    }

    #[test]
    fn a_base_url_is_an_absolute_web_url() {
        assert!(is_absolute_web_url("https://e.test/blog/"));
        assert!(is_absolute_web_url("http://e.test"));
        for bad in [
            "/blog",
            "e.test",
            "ftp://e.test/",
            "https://",
            " https://e.test",
            "mailto:a@b",
        ] {
            assert!(!is_absolute_web_url(bad), "{bad}");
        }
    }
}
