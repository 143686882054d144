//! The marker that keeps a node Markdown cannot express: `<!-- publisher-node {JSON} -->`,
//! the node's JSON kept verbatim. Its JSON is read by the post's own JSON reader
//! ([`node_tree`](super::node_tree)) and must be an object with a string `type`.

#![deny(missing_docs)]

use super::node_tree::{Node, ParseError};

const OPEN: &str = "<!--";
const CLOSE: &str = "-->";
const KEYWORD: &str = "publisher-node";

/// What an HTML comment is to a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comment<'a> {
    /// `<!-- paywall -->`
    Paywall,
    /// `<!-- publisher-node {JSON} -->` with valid JSON: the JSON text.
    Node(&'a str),
    /// `<!-- publisher-node … -->` whose JSON is not a node: why.
    BadNode(&'static str),
    /// Any other HTML.
    Other,
}

/// Reads `html` (an HTML block's or inline HTML's text) as a post's comment.
pub fn read_comment(html: &str) -> Comment<'_> {
    let Some(inner) = html.trim().strip_prefix(OPEN).and_then(|rest| rest.strip_suffix(CLOSE)) else {
        return Comment::Other;
    };
    // Exactly one comment: a second would close inside.
    if inner.contains(CLOSE) {
        return Comment::Other;
    }
    let inner = inner.trim();
    if inner == "paywall" {
        return Comment::Paywall;
    }
    let Some(json) = inner.strip_prefix(KEYWORD) else {
        return Comment::Other;
    };
    if !json.starts_with(char::is_whitespace) {
        return Comment::Other;
    }
    let json = json.trim();
    match check_node(json) {
        Ok(()) => Comment::Node(json),
        Err(why) => Comment::BadNode(why),
    }
}

const MALFORMED: &str = "its JSON is malformed";
const NOT_A_NODE: &str = "its JSON must be an object with a string \"type\"";

/// `Ok` when `json` is one JSON object with a string `type` member.
fn check_node(json: &str) -> Result<(), &'static str> {
    if !json.trim_start().starts_with('{') {
        return Err(NOT_A_NODE);
    }
    let node = Node::read(json).map_err(|error| match error {
        ParseError::Malformed => MALFORMED,
        ParseError::TooDeep => "its JSON is nested too deep",
        ParseError::TextAfter => "its JSON has text after the node",
    })?;
    match node.get("type").and_then(Node::as_str) {
        Some(_) => Ok(()),
        None => Err(NOT_A_NODE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paywall_and_node_comments_are_recognised() {
        assert_eq!(read_comment("<!-- paywall -->\n"), Comment::Paywall);
        assert_eq!(read_comment("<!--paywall-->"), Comment::Paywall);
        let node = r#"{"type":"button","attrs":{"url":"https://e.test","text":"Go \u003e"}}"#;
        assert_eq!(
            read_comment(&format!("<!-- publisher-node {node} -->\n")),
            Comment::Node(node)
        );
        for other in [
            "<!-- note -->",
            "<div>",
            "<!-- paywall --> <!-- paywall -->",
            "<!-- publisher-nodes {\"type\":\"x\"} -->",
            "<!-- publisher-node{\"type\":\"x\"} -->",
            "<!-- paywall",
        ] {
            assert_eq!(read_comment(other), Comment::Other, "{other}");
        }
    }

    #[test]
    fn a_node_is_an_object_with_a_string_type_and_valid_json() {
        for good in [
            r#"{"type":"x"}"#,
            r#" { "a" : [1, -2.5e+3, 0, true, false, null, "s\"\\\/\b\f\n\r\t\u00e9"], "type" : "x" } "#,
            r#"{"type":"x","content":[{"type":1},{}],"attrs":{"n":{"type":"y"}}}"#,
        ] {
            assert_eq!(check_node(good), Ok(()), "{good}");
        }
        let untyped = "its JSON must be an object with a string \"type\"";
        for (bad, why) in [
            ("[]", untyped),
            (r#""type""#, untyped),
            ("{}", untyped),
            (r#"{"type":1}"#, untyped),
            (r#"{"kind":"x"}"#, untyped),
            (r#"{"attrs":{"type":"x"}}"#, untyped),
            (r#"{"type":"x"} {}"#, "its JSON has text after the node"),
            (r#"{"type":"x",}"#, MALFORMED),
            (r#"{"type":"x""#, MALFORMED),
            (r#"{"type":"x\q"}"#, MALFORMED),
            (r#"{"type":"x","n":01}"#, MALFORMED),
            (r#"{"type":"x","n":1.}"#, MALFORMED),
            (r#"{"type":"x","n":1e}"#, MALFORMED),
            (r#"{"type":"x","n":tru}"#, MALFORMED),
            (r#"{"type":"x","n":"\u12g4"}"#, MALFORMED),
            ("{\"type\":\"a\tb\"}", MALFORMED),
            (r#"{"type":"x","a":[1 2]}"#, MALFORMED),
            (r#"{"type" "x"}"#, MALFORMED),
        ] {
            assert_eq!(check_node(bad), Err(why), "{bad}");
        }
        let deep = format!(r#"{{"type":"x","a":{}{}}}"#, "[".repeat(200), "]".repeat(200));
        assert_eq!(check_node(&deep), Err("its JSON is nested too deep"));
        let fine = format!(r#"{{"type":"x","a":{}{}}}"#, "[".repeat(100), "]".repeat(100));
        assert_eq!(check_node(&fine), Ok(()));
    }
}
