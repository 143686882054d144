//! The Markdown table: each input and the exact document it becomes, written in a short
//! notation that names every block, text node, mark and link target (see `render`).
//! `P(…)` paragraph, `UL[…]`/`OLn[…]` lists with items split by `|`, `Q[…]` quote,
//! `CODE(…)` code block; a text node is its text quoted, after its marks: `b` bold,
//! `i` italic, `c` code, `l<href>` link.

use super::*;
use crate::error::ErrorKind;
use crate::notes::document::notation::render;

/// (what it shows, Markdown, the document in the short notation)
/// Inputs that hold nothing to publish: each is an `invalid-argument`.
pub(crate) const NOTHING_TO_PUBLISH: &[&str] = &[
    "",
    "   ",
    "\n\t\n  \n",
    "<!-- a comment -->",
    "-",
    "> ",
    "```\n```",
    "[]()",
    "<span></span>",
];

pub(crate) const TABLE: &[(&str, &str, &str)] = &[
    ("plain text", "Hello, world", r#"P("Hello, world")"#),
    ("paragraphs", "one\n\ntwo", r#"P("one") P("two")"#),
    (
        "each line its own paragraph",
        "line one\nline two",
        r#"P("line one") P("line two")"#,
    ),
    ("hard breaks too", "a  \nb\\\nc", r#"P("a") P("b") P("c")"#),
    ("CRLF line ends", "a\r\nb", r#"P("a") P("b")"#),
    ("empty paragraphs dropped", "a\n\n   \n\n\n\nb", r#"P("a") P("b")"#),
    (
        "bold, italic, both",
        "**b** and *i* and ***bi***",
        r#"P(b"b" " and " i"i" " and " bi"bi")"#,
    ),
    ("whitespace between marks kept", "**a** *b*", r#"P(b"a" " " i"b")"#),
    ("a mark across a line end", "**a\nb**", r#"P(b"a") P(b"b")"#),
    (
        "inline code excludes other marks",
        "use `x()` and **`y`**",
        r#"P("use " c"x()" " and " c"y")"#,
    ),
    (
        "link",
        "[site](https://example.com/a?b=1) now",
        r#"P(l<https://example.com/a?b=1>"site" " now")"#,
    ),
    (
        "bold link; code in a link keeps the link",
        "**[x](https://e.test)** [`y`](https://e.test/y)",
        r#"P(bl<https://e.test>"x" " " l<https://e.test/y>"y")"#,
    ),
    (
        "autolinks, e-mail too",
        "<https://e.test/a> <me@e.test>",
        r#"P(l<https://e.test/a>"https://e.test/a" " " l<mailto:me@e.test>"me@e.test")"#,
    ),
    (
        "a link with no text shows its target",
        "[](https://e.test)",
        r#"P(l<https://e.test>"https://e.test")"#,
    ),
    (
        "reference link, title dropped",
        "[t][r] [u](https://e.test/u \"Title\")\n\n[r]: https://e.test/r",
        r#"P(l<https://e.test/r>"t" " " l<https://e.test/u>"u")"#,
    ),
    (
        "javascript: and data: targets become #",
        "[a](javascript:alert(1)) [b](JavaScript:x) [c](data:text/html,hi) [d](<vbscript:x>)",
        r##"P(l<#>"a" " " l<#>"b" " " l<#>"c" " " l<#>"d")"##,
    ),
    (
        "heading → bold paragraph, other marks kept",
        "# Title *with* `code`\n\nbody",
        r#"P(b"Title " bi"with" b" " c"code") P("body")"#,
    ),
    ("setext heading", "Title\n=====", r#"P(b"Title")"#),
    ("bullet list", "- one\n- **two**", r#"UL[P("one") | P(b"two")]"#),
    ("ordered list keeps its start", "3. a\n4. b", r#"OL3[P("a") | P("b")]"#),
    (
        "loose list, two paragraphs in an item",
        "1. a\n\n   more\n2. b",
        r#"OL1[P("a") P("more") | P("b")]"#,
    ),
    (
        "nested lists → marked paragraphs of the item",
        "- a\n  - b\n  - c\n- d\n  1. x\n  2. y",
        r#"UL[P("a") P("◦ b") P("◦ c") | P("d") P("1. x") P("2. y")]"#,
    ),
    (
        "task list",
        "- [ ] todo\n- [x] done",
        r#"UL[P("☐ todo") | P("☑ done")]"#,
    ),
    ("empty list items dropped", "- \n- b", r#"UL[P("b")]"#),
    (
        "block quote, a paragraph per line",
        "> quoted\n> more\n>\n> second",
        r#"Q[P("quoted") P("more") P("second")]"#,
    ),
    (
        "a list in a quote, a nested quote",
        "> - a\n> - b\n>\n>> deeper",
        r#"Q[P("• a") P("• b") P("deeper")]"#,
    ),
    (
        "fenced code block, language not sent",
        "```rust\nfn main() {}\n  x\n```",
        r#"CODE("fn main() {}\n  x")"#,
    ),
    ("indented code block", "    a\n    b", r#"CODE("a\nb")"#),
    (
        "code block in a list → code lines",
        "- item\n\n  ```\n  x\n  y\n  ```",
        r#"UL[P("item") P(c"x") P(c"y")]"#,
    ),
    ("empty code block dropped", "a\n\n```\n```", r#"P("a")"#),
    (
        "strike-through → struck characters",
        "~~no~~ yes",
        r#"P("n\u{336}o\u{336} yes")"#,
    ),
    (
        "underline → italic; HTML bold; other tags left out",
        "<u>under</u> <b>x</b> <span>y</span>",
        r#"P(i"under" " " b"x" " y")"#,
    ),
    ("<br> → a new paragraph", "a<br>b", r#"P("a") P("b")"#),
    (
        "an HTML block is read as text",
        "<div>\nhello &amp; bye\n</div>",
        r#"P("hello & bye")"#,
    ),
    ("thematic break → ⁂", "a\n\n---\n\nb", r#"P("a") P("⁂") P("b")"#),
    (
        "image → its alt text linked to it",
        "![a cat](https://e.test/cat.png) ![](https://e.test/c.png)",
        r#"P(l<https://e.test/cat.png>"a cat" " " l<https://e.test/c.png>"https://e.test/c.png")"#,
    ),
    (
        "escapes and entities decoded",
        "\\*not italic\\* &amp; &copy; &#x1F389;",
        r#"P("*not italic* & © 🎉")"#,
    ),
    (
        "Unicode kept byte-exact",
        "Ünïcödé 🎖️ **ß** \u{2028}x",
        r#"P("Ünïcödé 🎖\u{fe0f} " b"ß" " \u{2028}x")"#,
    ),
    (
        "inline HTML code, kbd, samp, tt",
        "a <code>b</code> <kbd>k</kbd> <samp>s</samp> <tt>t</tt>",
        r#"P("a " c"b" " " c"k" " " c"s" " " c"t")"#,
    ),
    (
        "inline HTML strike-through",
        "a <s>b</s> <del>d</del> <strike>x</strike>",
        r#"P("a b\u{336} d\u{336} x\u{336}")"#,
    ),
    (
        "a task whose text starts marked",
        "- [ ] **bold** task",
        r#"UL[P("☐ " b"bold" " task")]"#,
    ),
    (
        "a loose list item of two paragraphs",
        "- a\n\n  b",
        r#"UL[P("a") P("b")]"#,
    ),
    (
        "an HTML block between paragraphs",
        "a\n\n<div>\nx\n</div>\n\nb",
        r#"P("a") P("x") P("b")"#,
    ),
    (
        "spaces from entities at a paragraph's edges are trimmed",
        "&#32;&#32;a b&#32;",
        r#"P("a b")"#,
    ),
    (
        "a code span at a paragraph's edge keeps its spaces",
        "``  x  ``",
        r#"P(c" x ")"#,
    ),
];

#[test]
fn the_markdown_table() {
    assert!(TABLE.len() >= 15);
    let mut failures = Vec::new();
    for (what, markdown, expected) in TABLE {
        let doc = markdown_to_doc(markdown).unwrap();
        let got = render(&doc.content);
        if got != *expected {
            failures.push(format!("{what}: {markdown:?}\n   got {got}\n  want {expected}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn nothing_to_publish_is_invalid_argument() {
    for markdown in NOTHING_TO_PUBLISH {
        let error = markdown_to_doc(markdown).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument, "{markdown:?}");
        assert!(error.message.contains("no text to publish"), "{}", error.message);
        assert!(markdown_blocks(markdown).is_empty());
    }
}

#[test]
fn exact_bodies_on_the_wire() {
    let doc = markdown_to_doc("# Hi\n\nSee [this](https://e.test/) and `x`.\n\n- one\n\n> q").unwrap();
    assert_eq!(
        doc.to_json(),
        concat!(
            r#"{"type":"doc","attrs":{"schemaVersion":"v1"},"content":["#,
            r#"{"type":"paragraph","content":[{"type":"text","text":"Hi","marks":[{"type":"bold"}]}]},"#,
            r#"{"type":"paragraph","content":[{"type":"text","text":"See "},{"type":"text","text":"this","marks":[{"type":"link","attrs":{"href":"https://e.test/","target":"_blank","rel":"nofollow ugc noopener","class":"note-link"}}]},{"type":"text","text":" and "},{"type":"text","text":"x","marks":[{"type":"code"}]},{"type":"text","text":"."}]},"#,
            r#"{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"one"}]}]}]},"#,
            r#"{"type":"blockquote","content":[{"type":"paragraph","content":[{"type":"text","text":"q"}]}]}]}"#
        )
    );
    assert_eq!(doc.text(), "Hi\n\nSee this and x.\n\none\n\nq");
}

#[test]
fn no_text_node_is_empty_and_no_paragraph_holds_a_newline() {
    let awkward = [
        "a\n\n\n\n",
        "**  **x",
        "* * *",
        "- a\n\n\n- b",
        "<b></b>a",
        "[ ](https://e.test)",
        "> \n> a",
        "a<br><br><br>b",
        "  \u{a0} ",
    ];
    for markdown in awkward {
        for block in markdown_blocks(markdown) {
            let text = NoteDoc::new(vec![block.clone()]).to_json();
            assert!(!text.contains(r#""text":"""#), "{markdown:?} → {text}");
            if !matches!(block, Block::CodeBlock { .. }) {
                assert!(!text.contains("\\n"), "{markdown:?} → {text}");
            }
        }
    }
}

#[test]
fn deep_nesting_and_long_input_do_not_overflow() {
    for markdown in [
        ">".repeat(50_000) + " deep",
        "- ".repeat(20_000) + "deep",
        "*".repeat(50_000) + "x",
        "[".repeat(20_000) + "x",
        "a\n".repeat(100_000),
    ] {
        let blocks = markdown_blocks(&markdown);
        assert!(!blocks.is_empty() || markdown.trim().is_empty());
    }
}

#[test]
fn unsafe_targets_are_neutralised_whatever_their_spelling() {
    for target in [
        "javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        "java\tscript:alert(1)",
        "data:image/png;base64,AAAA",
        "vbscript:msgbox",
    ] {
        assert_eq!(safe_href(LinkType::Inline, target).as_deref(), Some("#"), "{target:?}");
    }
    assert_eq!(
        safe_href(LinkType::Inline, "https://e.test/javascript:").as_deref(),
        Some("https://e.test/javascript:")
    );
    assert_eq!(safe_href(LinkType::Inline, " "), None);
}

/// Prints the table for the README: `cargo test print_the_markdown_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_the_markdown_table() {
    let code = |text: &str| {
        let text = text.replace('|', "\\|");
        if text.contains('`') {
            format!("`` {text} ``")
        } else {
            format!("`{text}`")
        }
    };
    println!("| # | what | Markdown | note (text and marks) |\n|---|---|---|---|");
    for (n, (what, markdown, _)) in TABLE.iter().enumerate() {
        let got = render(&markdown_to_doc(markdown).unwrap().content);
        println!(
            "| {} | {what} | {} | {} |",
            n + 1,
            code(&markdown.escape_debug().to_string()),
            code(&got)
        );
    }
    for markdown in ["", "  \n\t\n", "<!-- a comment -->", "-"] {
        let error = markdown_to_doc(markdown).unwrap_err();
        println!(
            "| | nothing to publish | {} | `{}`: {} |",
            code(&markdown.escape_debug().to_string()),
            error.kind.as_str(),
            error.message
        );
    }
}
