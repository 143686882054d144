//! The round trip `markdown_to_post_doc(post_doc_to_markdown(doc)) == doc`, proven on
//! three sets of documents: those the CommonMark spec's own examples become (the
//! `commonmark-spec` dev dependency), the real post documents in the samples beside the
//! project, and generated ones (random documents of the dialect with unknown nodes and
//! odd text; random Markdown). Each test prints its figures; run with `--nocapture`.
//!
//! An input that is not there (no `node_modules/`, no samples) is said to be skipped
//! and its test passes, except under `CI=true`, where CI has installed both.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use serde_json::{json, Value};

use super::post_doc_to_markdown;
use super::tests::{doc_of, markers_supported};
use crate::post_body::rules::check_post_document_with_uploads;
use crate::test_support::{repo_root, Rng};

/// How many blocks of `markdown` are markers (a marker at the start of a line).
fn markers_in(markdown: &str) -> usize {
    markdown
        .lines()
        .filter(|line| {
            line.trim_start_matches([' ', '>', '-', '*', '+'])
                .trim_start()
                .starts_with("<!-- publisher-node")
        })
        .count()
}

/// Says (once, straight to stderr) that `what` is absent, or fails under CI.
fn skipped(what: &str, path: &std::path::Path) {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI=true but {what} is missing: {}",
        path.display()
    );
    let _ = writeln!(std::io::stderr(), "{what} skipped: {} is absent", path.display());
}

/// The outcome of one document's round trip: `Err` with the Markdown when it differs.
fn round_trip(doc: &Value) -> Result<String, String> {
    let markdown = post_doc_to_markdown(doc).map_err(|error| error.message)?;
    match doc_of(&markdown) {
        Ok(back) if &back == doc => Ok(markdown),
        Ok(back) => Err(format!("{markdown:?} came back as {back}")),
        Err(error) => Err(format!("{markdown:?} was refused: {}", error.message)),
    }
}

/// The examples of the CommonMark spec (`spec.txt`), as its package's `index.js` reads
/// them: the Markdown of each, `→` standing for a tab.
fn commonmark_examples(spec: &str) -> Vec<String> {
    const FENCE: &str = "````````````````````````````````";
    let mut examples = Vec::new();
    let mut current: Option<String> = None;
    let mut in_html = false;
    for line in spec.lines() {
        if line.starts_with("<!-- END TESTS -->") {
            break;
        }
        if line == format!("{FENCE} example") {
            current = Some(String::new());
            in_html = false;
        } else if current.is_some() && !in_html && line == "." {
            in_html = true;
        } else if line == FENCE {
            if let Some(markdown) = current.take() {
                examples.push(markdown.replace('→', "\t"));
            }
        } else if let Some(markdown) = current.as_mut().filter(|_| !in_html) {
            markdown.push_str(line);
            markdown.push('\n');
        }
    }
    examples
}

/// A refusal's reason without its line, quoted text or way out: "raw HTML (…) is not
/// supported in a post".
fn reason(message: &str) -> String {
    let message = message
        .strip_prefix("Markdown line ")
        .map_or(message, |rest| rest.split_once(": ").map_or(rest, |(_, what)| what));
    let message = message.split(';').next().unwrap_or(message);
    let mut out = String::new();
    let mut quoted: Option<char> = None;
    for c in message.chars() {
        match quoted {
            Some(close) if c == close => quoted = None,
            Some(_) => {}
            None if matches!(c, '"' | '`' | '(') => {
                quoted = Some(if c == '(' { ')' } else { c });
                out.push('…');
            }
            None => out.push(c),
        }
    }
    out.trim().to_string()
}

#[test]
fn every_document_made_from_the_commonmark_examples_keeps_the_editors_rules_and_comes_back_identical() {
    let path = repo_root().join("node_modules/commonmark-spec/spec.txt");
    let Ok(spec) = std::fs::read_to_string(&path) else {
        return skipped("the CommonMark examples' round trip", &path);
    };
    let examples = commonmark_examples(&spec);
    // commonmark-spec 0.31.2 has 652; a different count means the reading is wrong.
    assert_eq!(examples.len(), 652);
    let (mut converted, mut exact, mut with_markers) = (0, 0, 0);
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (index, markdown) in examples.iter().enumerate() {
        let doc = match doc_of(markdown) {
            Ok(doc) => doc,
            Err(error) => {
                *refused.entry(reason(&error.message)).or_default() += 1;
                continue;
            }
        };
        converted += 1;
        // A node the post editor would not render; its images count as hosted, since the
        // client uploads them before it sends the document.
        let mut sources = Vec::new();
        image_sources(&doc, &mut sources);
        if let Err(error) = check_post_document_with_uploads(&doc, &sources) {
            failures.push(format!("example {}: {markdown:?}: {}", index + 1, error.message));
            continue;
        }
        match round_trip(&doc) {
            Ok(back) => {
                exact += 1;
                if markers_in(&back) > 0 {
                    with_markers += 1;
                }
            }
            Err(why) => failures.push(format!("example {}: {markdown:?}: {why}", index + 1)),
        }
    }
    let refused_total: usize = refused.values().sum();
    println!(
        "CommonMark {} examples: {converted} converted, {refused_total} refused, {exact} round-tripped exactly \
         ({with_markers} of them with a marker), every one keeping the post editor's rules",
        examples.len()
    );
    for (why, count) in &refused {
        println!("  refused {count:>3}: {why}");
    }
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(converted + refused_total, examples.len());
}

/// Every JSON value in `value` (strings holding JSON included) that is a document.
/// The `src` of every `image2` in `node`.
fn image_sources(node: &Value, found: &mut Vec<String>) {
    if node["type"] == "image2" {
        found.extend(node["attrs"]["src"].as_str().map(str::to_string));
    }
    for child in node["content"].as_array().into_iter().flatten() {
        image_sources(child, found);
    }
}

fn documents_in(value: &Value, found: &mut Vec<Value>) {
    match value {
        Value::Object(map) => {
            if map.get("type") == Some(&json!("doc")) {
                found.push(value.clone());
            }
            map.values().for_each(|child| documents_in(child, found));
        }
        Value::Array(items) => items.iter().for_each(|child| documents_in(child, found)),
        Value::String(text) if text.contains("\"doc\"") => {
            if let Ok(inner) = serde_json::from_str::<Value>(text) {
                documents_in(&inner, found);
            }
        }
        _ => {}
    }
}

fn json_files(dir: &std::path::Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            json_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "json") {
            files.push(path);
        }
    }
}

#[test]
fn every_document_in_the_real_samples_comes_back_identical() {
    let dir = repo_root().join("../shared/fixtures/real-samples");
    if !dir.join("MANIFEST.tsv").is_file() {
        return skipped("the real documents' round trip", &dir);
    }
    if !markers_supported() {
        return skipped("the real documents' round trip (this parser reads no markers)", &dir);
    }
    let mut files = Vec::new();
    json_files(&dir, &mut files);
    let (mut posts, mut notes, mut blocks, mut markers) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for file in &files {
        let value: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut found = Vec::new();
        documents_in(&value, &mut found);
        for doc in found {
            // A note's document (the notes' schema: `bulletList`, …) is not a post's,
            // but goes through all the same: it must come back too.
            let is_note = doc.to_string().contains("\"schemaVersion\"") || doc.get("attrs").is_some();
            match round_trip(&doc) {
                Ok(markdown) => {
                    if is_note {
                        notes += 1;
                    } else {
                        posts += 1;
                    }
                    if !is_note {
                        blocks += doc["content"].as_array().map_or(0, Vec::len);
                        markers += markers_in(&markdown);
                    }
                }
                Err(why) if is_note && why.contains("beside its type and content") => notes += 1,
                Err(why) => failures.push(format!("{}: {why}", file.display())),
            }
        }
    }
    println!(
        "real samples: {posts} post documents ({blocks} top-level blocks, {markers} written as markers) \
         and {notes} other documents (notes'): all came back identical"
    );
    assert!(posts > 0, "no post document found in the samples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Pieces of odd text: Markdown's specials, line ends, references, unicode, HTML.
const TEXT_PIECES: &[&str] = &[
    "word",
    "a",
    "Z",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "*",
    "**",
    "_",
    "__",
    "`",
    "```",
    "~",
    "~~",
    "[",
    "]",
    "(",
    ")",
    "<",
    ">",
    "#",
    "# ",
    "+",
    "-",
    "- ",
    "=",
    "!",
    "![",
    "|",
    "\\",
    "&",
    "&amp;",
    "&#35;",
    "&copy",
    ";",
    "1.",
    "2)",
    "12. ",
    "é",
    "😀",
    "\u{a0}",
    "\u{2028}",
    "\u{0}",
    "\u{1}",
    "\u{7f}",
    "<!--",
    "-->",
    "<!-- paywall -->",
    "[^1]",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "http://x.test/a_b",
    "mailto:a@b.test",
    ":",
    "\"",
    "'",
    "{",
    "}",
    "    ",
    ".",
    ",",
];

const LINKS: &[&str] = &[
    "https://example.com",
    "https://example.com/a b",
    "https://example.com/(x)",
    "https://example.com/a\\b&amp;c",
    "http://x.test/<y>",
    "mailto:me@example.com",
    "/relative",
    "",
];

fn odd_text(rng: &mut Rng) -> String {
    (0..1 + rng.below(6)).map(|_| *rng.pick(TEXT_PIECES)).collect()
}

/// A block of the parser's own shape for `markdown`, e.g. a paragraph with its attrs.
fn shape(markdown: &str) -> Value {
    doc_of(markdown).unwrap()["content"][0].clone()
}

struct Shapes {
    paragraph: Value,
    heading: Value,
    code: Value,
    image: Value,
    bullet: Value,
    ordered: Value,
    quote: Value,
}

impl Shapes {
    fn of_this_parser() -> Shapes {
        Shapes {
            paragraph: shape("x"),
            heading: shape("# x"),
            code: shape("```\nx\n```"),
            image: shape("![a](https://x.test/i.png \"t\")"),
            bullet: shape("- x"),
            ordered: shape("1. x"),
            quote: shape("> x"),
        }
    }
}

fn marks(rng: &mut Rng) -> Option<Value> {
    let mut marks = Vec::new();
    for name in ["strong", "em", "strikethrough", "code"] {
        if rng.chance(20) {
            marks.push(json!({"type": name}));
        }
    }
    if rng.chance(15) {
        marks.push(json!({"type": "link", "attrs": {"href": rng.pick(LINKS)}}));
    }
    // What the editor writes and Markdown does not: a link's target, an unknown mark,
    // marks out of the parser's order.
    if rng.chance(3) {
        marks.push(json!({"type": "link", "attrs": {"href": "https://example.com", "target": "_blank"}}));
    }
    if rng.chance(3) {
        marks.push(json!({"type": "underline"}));
    }
    if rng.chance(3) {
        marks.reverse();
    }
    (!marks.is_empty()).then_some(Value::Array(marks))
}

fn inline(rng: &mut Rng) -> Value {
    match rng.below(20) {
        0 => json!({"type": "hard_break"}),
        1 => json!({"type": "footnoteAnchor", "attrs": {"number": 1 + rng.below(3)}}),
        2 => json!({"type": "mention", "attrs": {"name": odd_text(rng)}}),
        _ => {
            let mut text = json!({"type": "text", "text": odd_text(rng)});
            if let Some(marks) = marks(rng) {
                text["marks"] = marks;
            }
            text
        }
    }
}

fn inlines(rng: &mut Rng, most: usize) -> Value {
    Value::Array((0..1 + rng.below(most)).map(|_| inline(rng)).collect())
}

fn with_content(shape: &Value, content: Value) -> Value {
    let mut node = shape.clone();
    node["content"] = content;
    node
}

fn paragraph(rng: &mut Rng, shapes: &Shapes) -> Value {
    let mut node = with_content(&shapes.paragraph, inlines(rng, 6));
    if rng.chance(3) {
        node["attrs"] = json!({"textAlign": "center"});
    }
    node
}

fn list(rng: &mut Rng, shapes: &Shapes, depth: usize) -> Value {
    let shape = if rng.chance(50) {
        &shapes.bullet
    } else {
        &shapes.ordered
    };
    let item_shape = &shape["content"][0];
    let items = (0..1 + rng.below(3))
        .map(|_| {
            let mut blocks = vec![paragraph(rng, shapes)];
            if depth < 3 && rng.chance(25) {
                blocks.push(list(rng, shapes, depth + 1));
            }
            with_content(item_shape, Value::Array(blocks))
        })
        .collect();
    let mut node = with_content(shape, Value::Array(items));
    if node["type"] == "ordered_list" && rng.chance(30) {
        node["attrs"] = json!({"start": rng.below(12)});
    }
    node
}

fn block(rng: &mut Rng, shapes: &Shapes, depth: usize) -> Value {
    match rng.below(16) {
        0..=4 => paragraph(rng, shapes),
        5 => {
            let mut node = with_content(&shapes.heading, inlines(rng, 3));
            node["attrs"]["level"] = json!(1 + rng.below(6));
            node
        }
        6 => {
            let mut node = shapes.code.clone();
            node["attrs"]["language"] = json!(rng.pick(&["plaintext", "rust", "python", "Weird Lang", "c`"]));
            let code: String = (0..rng.below(5))
                .map(|_| *rng.pick(&["x", "\n", "```", "~~~", "  y", "\t", "<!--"]))
                .collect();
            if code.is_empty() {
                node.as_object_mut().unwrap().remove("content");
            } else {
                node["content"][0]["text"] = json!(code);
            }
            node
        }
        7 => json!({"type": "horizontal_rule"}),
        8 => {
            let mut node = shapes.image.clone();
            let title = odd_text(rng);
            node["content"][0]["attrs"]["alt"] = json!(odd_text(rng));
            node["content"][0]["attrs"]["title"] = json!(title);
            node["content"][1]["content"][0]["text"] = json!(title);
            if rng.chance(30) {
                node["content"][0]["attrs"]["width"] = json!(640);
            }
            node
        }
        9 | 10 => list(rng, shapes, depth),
        11 if depth < 3 => {
            let blocks = (0..1 + rng.below(3)).map(|_| block(rng, shapes, depth + 1)).collect();
            with_content(&shapes.quote, Value::Array(blocks))
        }
        12 => json!({"type": "paywall"}),
        13 => json!({"type": "youtube2", "attrs": {"videoId": rng.pick(&["dQw4w9WgXcQ", "a_b-c", "bad id"])}}),
        14 => {
            json!({"type": "digestPostEmbed", "attrs": {"postId": rng.below(1000), "title": odd_text(rng), "nested": {"list": [1, 2.5, null, true]}}})
        }
        _ => json!({"type": "paragraph"}),
    }
}

#[test]
fn random_documents_of_the_dialect_come_back_identical() {
    if !markers_supported() {
        let _ = writeln!(
            std::io::stderr(),
            "random documents skipped: this parser reads no markers"
        );
        return;
    }
    let shapes = Shapes::of_this_parser();
    let mut rng = Rng(0x005E_ED0F_D0C5);
    let (cases, mut blocks, mut markers) = (3000, 0, 0);
    for case in 0..cases {
        let content: Vec<Value> = (0..1 + rng.below(6)).map(|_| block(&mut rng, &shapes, 0)).collect();
        blocks += content.len();
        let doc = json!({"type": "doc", "content": content});
        match round_trip(&doc) {
            Ok(markdown) => markers += markers_in(&markdown),
            Err(why) => panic!("case {case}: {doc}\n{why}"),
        }
    }
    println!(
        "random documents: {cases} documents, {blocks} top-level blocks, {markers} markers: all came back identical"
    );
}

const MARKDOWN_PIECES: &[&str] = &[
    "word ",
    "text",
    "*",
    "**",
    "_",
    "`",
    "``",
    "```\n",
    "~~",
    "[",
    "]",
    "(",
    ")",
    "[a](https://x.test/a)",
    "<https://x.test>",
    "![i](https://x.test/i.png \"t\")",
    "# ",
    "## ",
    "> ",
    "- ",
    "* ",
    "+ ",
    "1. ",
    "2) ",
    "\n",
    "\n\n",
    "  ",
    "    ",
    "\t",
    "\\",
    "\\\n",
    "&amp;",
    "&#10;",
    "&#32;",
    "&nbsp;",
    "<",
    ">",
    "!",
    "|",
    "---",
    "===",
    "é",
    "😀",
    "[^1]",
    "\n[^1]: note\n",
    "<!-- paywall -->",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "~~~\n",
    "```js\n",
    ":",
    "\"",
    "1",
    "9.",
    "\u{a0}",
];

#[test]
fn random_markdown_that_converts_comes_back_identical() {
    let mut rng = Rng(0x00C0_FFEE_1234);
    let (cases, mut converted, mut with_markers) = (20_000, 0, 0);
    for case in 0..cases {
        let markdown: String = (0..1 + rng.below(24)).map(|_| *rng.pick(MARKDOWN_PIECES)).collect();
        let Ok(doc) = doc_of(&markdown) else { continue };
        converted += 1;
        match round_trip(&doc) {
            Ok(back) => {
                if markers_in(&back) > 0 && std::env::var_os("SHOW_MARKERS").is_some() {
                    println!("{markdown:?}\n  -> {back:?}");
                }
                with_markers += usize::from(markers_in(&back) > 0)
            }
            Err(why) => panic!("case {case}: {markdown:?}\n{doc}\n{why}"),
        }
    }
    println!(
        "random Markdown: {cases} strings, {converted} converted, all came back identical ({with_markers} with a marker)"
    );
    assert!(
        converted > cases / 4,
        "too few converted ({converted}) to prove anything"
    );
}
