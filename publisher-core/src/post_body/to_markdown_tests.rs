//! The Markdown each node becomes, markers for what has none, and the round trip
//! `markdown_to_post_doc(post_doc_to_markdown(doc)) == doc` on hand-picked documents.

use serde_json::{json, Value};

use super::*;
use crate::error::ErrorKind;

/// The document `markdown` becomes, as a value.
pub(crate) fn doc_of(markdown: &str) -> Result<Value, Error> {
    markdown_to_post_doc(markdown).map(|doc| serde_json::from_str(&doc.to_json()).unwrap())
}

/// Whether the tree's parser reads markers back (the dialect's; the older parser
/// refuses every HTML comment).
pub(crate) fn markers_supported() -> bool {
    markdown_to_post_doc("<!-- publisher-node {\"type\":\"horizontal_rule\"} -->").is_ok()
}

/// `doc`'s Markdown, checked to come back as `doc`.
fn round_trip(doc: &Value) -> String {
    let markdown = post_doc_to_markdown(doc).unwrap();
    assert_eq!(doc_of(&markdown).ok().as_ref(), Some(doc), "{doc}\nbecame\n{markdown}");
    markdown
}

/// The Markdown of `source`'s document, checked to come back as that document.
fn again(source: &str) -> String {
    round_trip(&doc_of(source).unwrap())
}

#[test]
fn the_parsers_own_documents_come_back_as_plain_markdown() {
    let cases = [
        (
            "# Title\n\nSome *em* and **strong** and ~~gone~~ and `code`.",
            "# Title\n\nSome *em* and **strong** and ~~gone~~ and `code`.\n",
        ),
        (
            "## A [link](https://example.com/a) here",
            "## A [link](https://example.com/a) here\n",
        ),
        (
            "- one\n- two\n  - nested\n\n3. three\n4. four",
            "- one\n- two\n\n  - nested\n\n3. three\n4. four\n",
        ),
        ("> quoted\n>\n> again", "> quoted\n>\n> again\n"),
        ("```rust\nfn main() {}\n```", "```rust\nfn main() {}\n```\n"),
        ("a  \nb\\\nc", "a\\\nb\\\nc\n"),
        ("***", "---\n"),
        (
            "![alt](https://example.com/i.png \"Title\")",
            "![alt](https://example.com/i.png \"Title\")\n",
        ),
    ];
    for (source, expected) in cases {
        assert_eq!(again(source), expected, "{source:?}");
    }
}

#[test]
fn specials_are_escaped_where_they_would_mean_something() {
    let cases = [
        "\\# not a heading",
        "1\\. not a list",
        "2024\\) neither",
        "\\- nor this",
        "\\+ nor this",
        "\\> nor a quote",
        "a \\* b \\_ c \\[d\\] \\<e> \\~f\\~ g\\|h \\\\ \\`i\\`",
        "AT&T and \\&amp; and \\&#35;",
        "wow\\!",
        "a\\\n\\- b\\\n&#32;c",
        "tab\tinside",
        "``a`b``",
        "``` `` ```",
        "**bold *both* bold**",
        "*em **both***",
        "[**a** b](https://x.test/\\(1\\))",
        "[a](<https://x.test/a b>)",
    ];
    for source in cases {
        let doc = doc_of(source).unwrap();
        assert_eq!(round_trip(&doc), format!("{source}\n"), "{doc}");
    }
}

/// The first block of `markdown`'s document, with its content replaced: a node of the
/// shape the tree's parser writes.
fn shaped(markdown: &str, content: Value) -> Value {
    let mut node = doc_of(markdown).unwrap()["content"][0].clone();
    node["content"] = content;
    node
}

#[test]
fn adjacent_lists_of_one_kind_get_another_bullet() {
    let list = |markdown: &str| doc_of(markdown).unwrap()["content"][0].clone();
    let doc = json!({"type": "doc", "content": [list("- a"), list("- b"), list("- c"), list("1. d"), list("1. e")]});
    assert_eq!(round_trip(&doc), "- a\n\n* b\n\n+ c\n\n1. d\n\n1) e\n");
}

#[test]
fn what_markdown_cannot_say_is_a_marker() {
    let button = json!({"type": "button", "attrs": {"url": "https://x.test/<a>&", "text": "Go -->"}});
    let doc = json!({"type": "doc", "content": [
        button,
        shaped("x", json!([
            {"type": "text", "text": "see "},
            {"type": "text", "text": "here", "marks": [{"type": "link", "attrs": {"href": "https://x.test", "target": "_blank"}}]},
            {"type": "text", "text": " now"},
        ])),
    ]});
    let markdown = post_doc_to_markdown(&doc).unwrap();
    // Natively serde_json's members are in key order; in JS they keep the document's.
    let button_marker = r#"<!-- publisher-node {"attrs":{"text":"Go --\u003e","url":"https://x.test/\u003ca\u003e\u0026"},"type":"button"} -->"#;
    assert!(markdown.starts_with(&format!("{button_marker}\n\n")), "{markdown}");
    if !markers_supported() {
        return;
    }
    assert_eq!(
        markdown,
        format!(
            "{button_marker}\n\nsee {} now\n",
            r#"<!-- publisher-node {"marks":[{"attrs":{"href":"https://x.test","target":"_blank"},"type":"link"}],"text":"here","type":"text"} -->"#
        )
    );
    round_trip(&doc);
}

#[test]
fn anything_but_a_post_document_is_refused() {
    for value in [
        json!(null),
        json!("doc"),
        json!([]),
        json!({"type": "paragraph"}),
        json!({"type": "doc", "content": {}}),
        json!({"type": "doc", "content": [], "attrs": {}}),
    ] {
        let error = post_doc_to_markdown(&value).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument, "{value}");
        assert!(error.message.contains("document"), "{}", error.message);
    }
    assert_eq!(post_doc_to_markdown(&json!({"type": "doc"})).unwrap(), "\n");
}
