//! What an operation of the service is, declared once: its method, host, path, query,
//! body, and what may be done when it fails (its [`Delivery`]). Each resource module
//! declares its operations as small typed structs implementing [`Operation`]; the
//! request loop reads the declaration and knows no operation by name.

use crate::http::{encode_component, Host, Method};

/// What the request loop may do when an attempt fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// A read: sending it again is harmless, so every transient failure is retried.
    Repeatable,
    /// A write that must not happen twice: retried only where the service certainly
    /// did not act (429, 503 with `Retry-After`, a connection refused before sending).
    /// When the outcome is unknown it is not sent again, and the error says so.
    AtMostOnce(UncertainOutcome),
}

/// How a write whose outcome is unknown is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UncertainOutcome {
    /// The error's `kind`, e.g. `maybe-published`.
    pub kind: &'static str,
    /// Appended to the error message, e.g. "the note may have been published: …".
    pub advice: &'static str,
}

/// One request of the service, declared by the type that carries its parameters.
pub trait Operation {
    /// The HTTP method.
    const METHOD: Method;
    /// The host the path belongs to.
    const HOST: Host;
    /// The path and query keys under `/api/<version>/`, as the docs name them:
    /// `posts/<slug>`, `posts?offset&limit&cursor`. A `<name>` stands for one segment.
    /// Every request the core's tests send is checked against it ([`matches_route`]).
    const ROUTE: &'static str;
    /// Whether a failed attempt may be sent again.
    const DELIVERY: Delivery = Delivery::Repeatable;
    /// The path under `/api/<version>/`.
    fn path(&self, path: &mut Path);
    /// The query parameters, in the order they are sent.
    fn query(&self, _query: &mut Query) {}
    /// A JSON body.
    fn body(&self) -> Option<String> {
        None
    }
}

/// A path under `/api/<version>/`, built segment by segment; each segment is encoded.
#[derive(Debug, Default)]
pub struct Path(String);

impl Path {
    /// Appends one segment (a slug, an id, a literal), percent-encoded.
    pub fn segment(&mut self, segment: impl ToString) -> &mut Self {
        if !self.0.is_empty() {
            self.0.push('/');
        }
        self.0.push_str(&encode_component(&segment.to_string()));
        self
    }

    /// Appends literal segments separated by `/` (no encoding: they are the client's own).
    pub fn literal(&mut self, segments: &'static str) -> &mut Self {
        if !self.0.is_empty() {
            self.0.push('/');
        }
        self.0.push_str(segments);
        self
    }
}

/// Query parameters; values are encoded when the request is built.
#[derive(Debug, Default)]
pub struct Query(Vec<(&'static str, String)>);

impl Query {
    /// Adds `name=value` when a value is given.
    pub fn opt(&mut self, name: &'static str, value: Option<impl ToString>) -> &mut Self {
        if let Some(value) = value {
            self.0.push((name, value.to_string()));
        }
        self
    }

    /// Adds `name=value`.
    pub fn set(&mut self, name: &'static str, value: impl ToString) -> &mut Self {
        self.0.push((name, value.to_string()));
        self
    }
}

/// Whether `path_and_query` (as [`path_and_query`] builds it) is of the shape `route`
/// says: the same segments, a `<name>` matching any one non-empty segment, and only
/// query keys the route names, in its order. `*` matches anything (test probes).
pub fn matches_route(route: &str, path_and_query: &str) -> bool {
    if route == "*" {
        return true;
    }
    let (route_path, route_query) = route.split_once('?').unwrap_or((route, ""));
    let (path, query) = path_and_query.split_once('?').unwrap_or((path_and_query, ""));
    let segments: Vec<&str> = path.split('/').collect();
    let expected: Vec<&str> = route_path.split('/').collect();
    let same_path = segments.len() == expected.len()
        && segments.iter().zip(&expected).all(|(segment, expected)| {
            if expected.starts_with('<') && expected.ends_with('>') {
                !segment.is_empty()
            } else {
                segment == expected
            }
        });
    let mut allowed = route_query.split('&').filter(|key| !key.is_empty());
    let keys_in_order = query.split('&').filter(|pair| !pair.is_empty()).all(|pair| {
        let key = pair.split_once('=').map_or(pair, |(key, _)| key);
        allowed.any(|allowed| allowed == key)
    });
    same_path && keys_in_order
}

/// The path and query of `operation`, e.g. `posts/by-id/5?limit=3`, under `/api/<version>/`.
pub fn path_and_query<O: Operation>(operation: &O) -> String {
    let mut path = Path::default();
    operation.path(&mut path);
    let mut query = Query::default();
    operation.query(&mut query);
    join(path, &query)
}

fn join(path: Path, query: &Query) -> String {
    let mut out = path.0;
    for (index, (name, value)) in query.0.iter().enumerate() {
        out.push(if index == 0 { '?' } else { '&' });
        out.push_str(name);
        out.push('=');
        out.push_str(&encode_component(value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::matches_route;

    #[test]
    fn a_route_names_its_segments_and_query_keys_in_order() {
        assert!(matches_route("posts/<slug>", "posts/hello-world"));
        assert!(!matches_route("posts/<slug>", "posts/"));
        assert!(!matches_route("posts/<slug>", "posts/a/b"));
        assert!(!matches_route("posts/<slug>", "post/a"));
        // A placeholder is the whole `<name>`; a half-bracketed segment is a literal.
        assert!(!matches_route("posts/<slug", "posts/a"));
        assert!(matches_route("posts?offset&limit&cursor", "posts?limit=5"));
        assert!(matches_route("posts?offset&limit&cursor", "posts?offset=1&cursor=x"));
        assert!(!matches_route("posts?offset&limit&cursor", "posts?cursor=x&offset=1"));
        assert!(!matches_route("posts?offset&limit", "posts?page=2"));
        assert!(matches_route("*", "anything/at?all=1"));
    }
}
