//! A post's document → Markdown that [`markdown_to_post_doc`] turns back into the very
//! same document.
//!
//! Each block is written in the Markdown of the agreed dialect (headings, paragraphs
//! with their marks, lists, quotes, code blocks, rules, images, YouTube links, the
//! paywall line, footnotes). What Markdown cannot say — an unknown node, a known one with
//! attributes or marks the dialect does not write, text the parser would change — is
//! written as a marker, `<!-- publisher-node {JSON} -->`, which the parser turns back
//! into the node as it was.
//!
//! Exactness is checked rather than hoped for: the Markdown is parsed back and compared
//! with the document, block by block. A block that does not come back identical is
//! written again, first with its marked text as inline markers, then as a marker of its
//! own, until the whole document comes back identical.

#![deny(missing_docs)]

use crate::error::Error;
use crate::json::JsonDoc;
use crate::post_body::markdown::markdown_to_post_doc;
use crate::post_body::node_tree::Node;

/// Markdown that [`markdown_to_post_doc`] turns back into `doc`, a post document
/// (`{"type":"doc","content":[…]}`); `invalid-argument` for anything else. A document
/// with no blocks is the empty string.
pub fn post_doc_to_markdown<D: JsonDoc>(doc: &D) -> Result<String, Error> {
    let tree = doc.to_json_text().and_then(|text| Node::parse(&text)).ok_or_else(|| {
        Error::invalid_argument(format!("{NOT_A_DOCUMENT}, got {}", crate::json::describe_value(doc)))
    })?;
    Ok(exact_markdown(document_blocks(&tree)?))
}

const NOT_A_DOCUMENT: &str = r#"the document must be a post document, an object {"type":"doc","content":[…]}"#;

/// The blocks of a post document.
fn document_blocks(tree: &Node) -> Result<&[Node], Error> {
    let Node::Object(_) = tree else {
        return Err(Error::invalid_argument(format!(
            "{NOT_A_DOCUMENT}, got {}",
            kind_name(tree)
        )));
    };
    if tree.get("type").and_then(Node::as_str) != Some("doc") {
        return Err(Error::invalid_argument(format!(
            r#"{NOT_A_DOCUMENT}: its "type" is not "doc""#
        )));
    }
    if let Some(key) = tree.keys().find(|key| !matches!(*key, "type" | "content")) {
        return Err(Error::invalid_argument(format!(
            "the document has a member {key:?} beside its type and content, which Markdown cannot carry"
        )));
    }
    match tree.get("content") {
        None => Ok(&[]),
        Some(content) => content
            .as_list()
            .ok_or_else(|| Error::invalid_argument(format!(r#"{NOT_A_DOCUMENT}: its "content" is not an array"#))),
    }
}

fn kind_name(node: &Node) -> &'static str {
    match node {
        Node::Null => "null",
        Node::Bool(_) => "a boolean",
        Node::Number(_) => "a number",
        Node::Text(_) => "a string",
        Node::List(_) => "an array",
        Node::Object(_) => "an object",
    }
}

/// How plainly a top-level block is written; raised, one step at a time, while the block
/// does not come back identical.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    /// As Markdown, with markers only for what the dialect has no syntax for.
    Plain,
    /// Marked text and footnote references as inline markers too.
    PlainText,
    /// The whole block as a marker.
    Marker,
}

impl Level {
    fn raised(self) -> Option<Level> {
        match self {
            Level::Plain => Some(Level::PlainText),
            Level::PlainText => Some(Level::Marker),
            Level::Marker => None,
        }
    }
}

/// The Markdown of `blocks`, checked by parsing it back.
fn exact_markdown(blocks: &[Node]) -> String {
    let mut levels = vec![Level::Plain; blocks.len()];
    loop {
        let (markdown, first_lines) = document_markdown(blocks, &levels);
        let parsed = parse_back(&markdown);
        if parsed.as_deref() == Ok(blocks) {
            return markdown;
        }
        let raised = match parsed {
            // Block for block: each one that differs is written more plainly.
            Ok(parsed) if parsed.len() == blocks.len() => {
                let mut raised = false;
                for ((level, ours), theirs) in levels.iter_mut().zip(blocks).zip(&parsed) {
                    if ours != theirs {
                        raised |= raise(level);
                    }
                }
                raised
            }
            // Blocks merged or split: the first that differs (or, were it a marker
            // already, the next) is written more plainly.
            Ok(parsed) => {
                let first = blocks
                    .iter()
                    .zip(&parsed)
                    .take_while(|(ours, theirs)| ours == theirs)
                    .count();
                raise_from(&mut levels, first)
            }
            // Refused: the block on the line named.
            Err(line) => {
                let block = line.map_or(0, |line| first_lines.iter().take_while(|&&first| first <= line).count());
                raise_from(&mut levels, block.saturating_sub(1))
            }
        };
        // Every block is a marker: nothing plainer is left (only a parser without
        // markers gets here).
        if !raised {
            return markdown;
        }
    }
}

/// Raises the first level from `index` on that can be, else the first before it.
fn raise_from(levels: &mut [Level], index: usize) -> bool {
    let order = (index..levels.len()).chain(0..index);
    for index in order {
        if levels.get_mut(index).is_some_and(raise) {
            return true;
        }
    }
    false
}

fn raise(level: &mut Level) -> bool {
    match level.raised() {
        Some(next) => {
            *level = next;
            true
        }
        None => false,
    }
}

/// The blocks of the document that `markdown` becomes; when it is refused, the line
/// the refusal names.
fn parse_back(markdown: &str) -> Result<Vec<Node>, Option<usize>> {
    let doc = markdown_to_post_doc(markdown).map_err(|error| refused_line(&error.message))?;
    match Node::parse(&doc.to_json()).as_ref().and_then(|doc| doc.get("content")) {
        Some(Node::List(blocks)) => Ok(blocks.clone()),
        _ => Ok(Vec::new()),
    }
}

/// N in "Markdown line N: …".
fn refused_line(message: &str) -> Option<usize> {
    let rest = message.strip_prefix("Markdown line ")?;
    rest.get(..rest.find(|c: char| !c.is_ascii_digit())?)?.parse().ok()
}

/// The top-level blocks, each at its level, a blank line apart; and the line (from 1)
/// each block starts on.
fn document_markdown(blocks: &[Node], levels: &[Level]) -> (String, Vec<usize>) {
    let parts = sequence_parts(blocks, |index| levels.get(index).copied().unwrap_or(Level::Marker));
    let mut first_lines = Vec::new();
    let mut line = 1usize;
    for part in &parts {
        first_lines.push(line);
        line = line.saturating_add(part.matches('\n').count()).saturating_add(2);
    }
    let mut out = parts.join("\n\n");
    out.push('\n');
    (out, first_lines)
}

/// Blocks a blank line apart. Two lists of one kind a blank line apart would read as one
/// list: the second gets another bullet (`-`, `*`, `+`) or delimiter (`.`, `)`).
fn sequence_markdown(blocks: &[Node], level_of: impl Fn(usize) -> Level) -> String {
    sequence_parts(blocks, level_of).join("\n\n")
}

/// The Markdown of each block of a sequence.
fn sequence_parts(blocks: &[Node], level_of: impl Fn(usize) -> Level) -> Vec<String> {
    let mut out = Vec::new();
    let mut previous_list: Option<(bool, char)> = None;
    for (index, block) in blocks.iter().enumerate() {
        let level = level_of(index);
        let list = (level != Level::Marker).then(|| list_kind(block)).flatten();
        let marker = match (list, previous_list) {
            (Some(ordered), Some((previous_ordered, previous))) if ordered == previous_ordered => {
                next_list_char(ordered, previous)
            }
            (Some(ordered), _) => first_list_char(ordered),
            _ => '-',
        };
        out.push(rendered_or_marker(block, level, marker));
        previous_list = list.map(|ordered| (ordered, marker));
    }
    out
}

/// `Some(ordered)` for a list.
fn list_kind(block: &Node) -> Option<bool> {
    match node_type(block) {
        Some("bullet_list") => Some(false),
        Some("ordered_list") => Some(true),
        _ => None,
    }
}

fn first_list_char(ordered: bool) -> char {
    if ordered {
        '.'
    } else {
        '-'
    }
}

fn next_list_char(ordered: bool, previous: char) -> char {
    match (ordered, previous) {
        (true, '.') => ')',
        (true, _) => '.',
        (false, '-') => '*',
        (false, '*') => '+',
        (false, _) => '-',
    }
}

fn rendered_or_marker(block: &Node, level: Level, list_char: char) -> String {
    if level == Level::Marker {
        return marker(block);
    }
    render_block(block, level, list_char).unwrap_or_else(|| marker(block))
}

/// `<!-- publisher-node {JSON} -->`: the node kept as it is.
fn marker(node: &Node) -> String {
    let mut out = String::from("<!-- publisher-node ");
    node.write(&mut out, true);
    out.push_str(" -->");
    out
}

fn node_type(node: &Node) -> Option<&str> {
    node.get("type").and_then(Node::as_str)
}

/// The `content` of a node: empty when absent, `None` when not an array.
fn content(node: &Node) -> Option<&[Node]> {
    match node.get("content") {
        None => Some(&[]),
        Some(content) => content.as_list(),
    }
}

fn attr<'a>(node: &'a Node, name: &str) -> Option<&'a Node> {
    node.get("attrs").and_then(|attrs| attrs.get(name))
}

/// The Markdown of a block; `None` when it has none (it is then written as a marker).
/// What the Markdown leaves out (an attribute it does not write) shows when it is
/// parsed back, which is what decides.
fn render_block(block: &Node, level: Level, list_char: char) -> Option<String> {
    match node_type(block)? {
        "paragraph" => {
            let content = content(block)?;
            if content.is_empty() {
                // Only an empty list item or quote holds one; see `container_markdown`.
                return None;
            }
            inline_markdown(content, level, false)
        }
        "heading" => {
            let depth = attr(block, "level")?.as_u64().filter(|depth| (1..=6).contains(depth))?;
            let content = content(block)?;
            if depth <= 2 && content.iter().any(|node| node_type(node) == Some("hard_break")) {
                // Only a setext heading spans lines.
                let text = inline_markdown(content, level, false)?;
                let underline = if depth == 1 { "===" } else { "---" };
                return (!text.is_empty()).then(|| format!("{text}\n{underline}"));
            }
            let hashes = "#".repeat(usize::try_from(depth).ok()?);
            let text = inline_markdown(content, level, true)?;
            if text.is_empty() {
                Some(hashes)
            } else {
                Some(format!("{hashes} {text}"))
            }
        }
        "bullet_list" | "ordered_list" => list_markdown(block, level, list_char),
        "blockquote" => {
            let inner = container_markdown(content(block)?, level)?;
            Some(prefix_lines(&inner, "> ", ">"))
        }
        "highlighted_code_block" | "codeBlock" | "code_block" => code_block_markdown(block),
        "horizontal_rule" => Some("---".into()),
        "captionedImage" => image_markdown(block),
        "youtube2" => {
            let id = attr(block, "videoId")?.as_str()?;
            let plain = !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            plain.then(|| format!("<https://www.youtube.com/watch?v={id}>"))
        }
        "paywall" => Some("<!-- paywall -->".into()),
        "footnote" => {
            let number = attr(block, "number")?.as_u64()?;
            let inner = sequence_markdown(content(block)?, |_| level);
            Some(format!("[^{number}]: {}", indent_after_first(&inner, "    ")))
        }
        _ => None,
    }
}

/// The blocks of a list item or a quote; a lone empty paragraph is the empty string
/// (`-` or `>` alone on its line).
fn container_markdown(blocks: &[Node], level: Level) -> Option<String> {
    match blocks {
        [only] if node_type(only) == Some("paragraph") && content(only).is_some_and(<[Node]>::is_empty) => {
            Some(String::new())
        }
        _ => Some(sequence_markdown(blocks, |_| level)),
    }
}

fn list_markdown(list: &Node, level: Level, list_char: char) -> Option<String> {
    let ordered = node_type(list) == Some("ordered_list");
    let mut number = if ordered {
        attr(list, "start").map_or(Some(1), Node::as_u64)?
    } else {
        0
    };
    let mut out = String::new();
    for (index, item) in content(list)?.iter().enumerate() {
        if node_type(item) != Some("list_item") {
            return None;
        }
        let bullet = if ordered {
            format!("{number}{list_char}")
        } else {
            list_char.to_string()
        };
        number = number.checked_add(1)?;
        let inner = container_markdown(content(item)?, level)?;
        if index > 0 {
            out.push('\n');
        }
        out.push_str(&bullet);
        if !inner.is_empty() {
            out.push(' ');
            let indent = " ".repeat(bullet.len().checked_add(1)?);
            out.push_str(&indent_after_first(&inner, &indent));
        }
    }
    Some(out)
}

/// Every line but the first indented by `indent`; blank lines stay empty.
fn indent_after_first(text: &str, indent: &str) -> String {
    let mut out = String::new();
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(indent);
            }
        }
        out.push_str(line);
    }
    out
}

/// Every line prefixed; blank lines by `blank`.
fn prefix_lines(text: &str, prefix: &str, blank: &str) -> String {
    text.split('\n')
        .map(|line| {
            if line.is_empty() {
                blank.to_string()
            } else {
                format!("{prefix}{line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn code_block_markdown(block: &Node) -> Option<String> {
    let language = match attr(block, "language") {
        None | Some(Node::Null) => "",
        // The dialect's default: a fence without a language.
        Some(Node::Text(language)) if language == "plaintext" => "",
        Some(language) => language.as_str()?,
    };
    let code = match content(block)? {
        [] => "",
        [text] if node_type(text) == Some("text") => text.get("text")?.as_str()?,
        _ => return None,
    };
    // A fence longer than any run of backticks in the code; tildes when the language
    // holds a backtick.
    let fence_char = if language.contains('`') { '~' } else { '`' };
    let fence_len = longest_run(code, fence_char).checked_add(1)?.max(3);
    let fence: String = std::iter::repeat_n(fence_char, fence_len).collect();
    let mut out = format!("{fence}{language}\n");
    if !code.is_empty() {
        out.push_str(code);
        out.push('\n');
    }
    out.push_str(&fence);
    Some(out)
}

fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut current) = (0usize, 0usize);
    for each in text.chars() {
        current = if each == c { current.saturating_add(1) } else { 0 };
        longest = longest.max(current);
    }
    longest
}

fn image_markdown(block: &Node) -> Option<String> {
    let image = match content(block)? {
        [image] | [image, _] => image,
        _ => return None,
    };
    if node_type(image) != Some("image2") {
        return None;
    }
    let src = attr(image, "src")?.as_str()?;
    let alt = optional_text(attr(image, "alt"))?;
    let title = optional_text(attr(image, "title"))?;
    let how = Escape {
        line_start: false,
        heading: false,
        leading_references: false,
        trailing_references: false,
    };
    let mut out = format!("![{}]({}", escape_text(alt, how), destination(src)?);
    if !title.is_empty() {
        out.push_str(&format!(" \"{}\"", quoted_title(title)?));
    }
    out.push(')');
    Some(out)
}

/// A string or null attribute (null as empty).
fn optional_text(value: Option<&Node>) -> Option<&str> {
    match value {
        None | Some(Node::Null) => Some(""),
        Some(value) => value.as_str(),
    }
}

fn quoted_title(title: &str) -> Option<String> {
    if title.contains(['\n', '\r']) {
        return None;
    }
    let mut out = String::new();
    for c in title.chars() {
        if matches!(c, '"' | '\\' | '&') {
            out.push('\\');
        }
        out.push(c);
    }
    Some(out)
}

/// A link's or image's destination: bare, or in `<…>` when it holds spaces.
fn destination(href: &str) -> Option<String> {
    if href.is_empty() || href.chars().any(|c| c.is_control()) {
        return None;
    }
    let pointed = href.contains(' ');
    let mut out = String::new();
    if pointed {
        out.push('<');
    }
    for c in href.chars() {
        let escape = match c {
            '\\' | '<' | '>' | '&' => true,
            '(' | ')' => !pointed,
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
    if pointed {
        out.push('>');
    }
    Some(out)
}

/// A mark Markdown writes with delimiters; `code` is written with the text itself.
#[derive(Debug, Clone, PartialEq)]
enum Mark<'a> {
    Strong,
    Em,
    Strike,
    Link(&'a str),
}

impl Mark<'_> {
    fn open(&self) -> &'static str {
        match self {
            Mark::Strong => "**",
            Mark::Em => "*",
            Mark::Strike => "~~",
            Mark::Link(_) => "[",
        }
    }
    fn close(&self) -> Option<String> {
        Some(match self {
            Mark::Strong => "**".into(),
            Mark::Em => "*".into(),
            Mark::Strike => "~~".into(),
            Mark::Link(href) => format!("]({})", destination(href)?),
        })
    }
}

/// A node of a paragraph or heading, as it is written.
enum Piece<'a> {
    Text {
        text: &'a str,
        marks: Vec<Mark<'a>>,
        code: bool,
        /// Written `<href>`: the text is its link's target.
        autolink: bool,
    },
    Break,
    /// Written as it is, with no mark open: a footnote reference or an inline marker.
    Atom(String),
}

/// The marks of a text node as the parser writes them (strong, em, strikethrough, code,
/// link, each once, link targets absolute), or `None`.
fn text_marks(marks: Option<&Node>) -> Option<(Vec<Mark<'_>>, bool)> {
    let Some(marks) = marks else {
        return Some((Vec::new(), false));
    };
    let marks = marks.as_list().filter(|marks| !marks.is_empty())?;
    let mut out = Vec::new();
    let mut code = false;
    let mut rank = 0u8;
    for mark in marks {
        let name = node_type(mark)?;
        let (this_rank, allowed): (u8, &[&str]) = match name {
            "strong" => (1, &["type"]),
            "em" => (2, &["type"]),
            "strikethrough" => (3, &["type"]),
            "code" => (4, &["type"]),
            "link" => (5, &["type", "attrs"]),
            _ => return None,
        };
        if this_rank <= rank || mark.keys().any(|key| !allowed.contains(&key)) {
            return None;
        }
        rank = this_rank;
        match name {
            "strong" => out.push(Mark::Strong),
            "em" => out.push(Mark::Em),
            "strikethrough" => out.push(Mark::Strike),
            "code" => code = true,
            _ => {
                let attrs = mark.get("attrs")?;
                if attrs.keys().any(|key| key != "href") {
                    return None;
                }
                let href = attrs.get("href")?.as_str()?;
                if !is_absolute(href) {
                    return None;
                }
                out.push(Mark::Link(href));
            }
        }
    }
    Some((out, code))
}

/// The targets the dialect keeps: http, https and mailto.
fn is_absolute(href: &str) -> bool {
    let lower = href.get(..8).unwrap_or(href).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:")
}

/// The pieces of an inline node; anything the dialect does not write is an atom marker.
fn piece(node: &Node, level: Level) -> Piece<'_> {
    let as_marker = || Piece::Atom(marker(node));
    match node_type(node) {
        Some("text") => {
            let Some(text) = node.get("text").and_then(Node::as_str) else {
                return as_marker();
            };
            let plain_keys = node.keys().all(|key| matches!(key, "type" | "text" | "marks"));
            match text_marks(node.get("marks")) {
                Some((marks, code))
                    if plain_keys
                        && !text.is_empty()
                        && !text.contains('\0')
                        && (level == Level::Plain || (marks.is_empty() && !code)) =>
                {
                    Piece::Text {
                        text,
                        marks,
                        code,
                        autolink: false,
                    }
                }
                _ => as_marker(),
            }
        }
        Some("hard_break") if node.keys().all(|key| key == "type") => Piece::Break,
        Some("footnoteAnchor") if level == Level::Plain => {
            let number = attr(node, "number").and_then(Node::as_u64);
            let plain = node.keys().all(|key| matches!(key, "type" | "attrs"))
                && node
                    .get("attrs")
                    .is_some_and(|attrs| attrs.keys().all(|key| key == "number"));
            match number {
                Some(number) if plain && number > 0 => Piece::Atom(format!("[^{number}]")),
                _ => as_marker(),
            }
        }
        _ => as_marker(),
    }
}

/// A paragraph's or heading's content on one line (a heading) or lines joined by hard
/// breaks; `None` when the content cannot be written (a heading with a line break).
fn inline_markdown(nodes: &[Node], level: Level, heading: bool) -> Option<String> {
    let mut pieces: Vec<Piece<'_>> = nodes.iter().map(|node| piece(node, level)).collect();
    // The parser trims the whitespace at a paragraph's edges: text there that starts or
    // ends with some is kept as a marker.
    let edges = [0, pieces.len().saturating_sub(1)];
    for (side, index) in edges.into_iter().enumerate() {
        let trimmed = match pieces.get(index) {
            Some(Piece::Text { text, code: false, .. }) => {
                if side == 0 {
                    text.starts_with(char::is_whitespace)
                } else {
                    text.ends_with(char::is_whitespace)
                }
            }
            _ => false,
        };
        if trimmed {
            if let (Some(slot), Some(node)) = (pieces.get_mut(index), nodes.get(index)) {
                *slot = Piece::Atom(marker(node));
            }
        }
    }
    use_autolinks(&mut pieces);
    let mut out = String::new();
    let mut open: Vec<Mark<'_>> = Vec::new();
    for (index, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Text {
                text,
                marks,
                code,
                autolink,
            } => {
                let keep = open.iter().take_while(|mark| marks.contains(mark)).count();
                close_marks(&mut out, &mut open, keep)?;
                // The mark that runs furthest opens first, so that it encloses the others
                // (an insertion by hand: a slice sort costs kilobytes of wasm for four marks).
                let mut new: Vec<(usize, &Mark<'_>)> = Vec::new();
                for mark in marks.iter().filter(|mark| !open.contains(mark)) {
                    let reach = extent(&pieces, index, mark);
                    let at = new.iter().position(|(other, _)| *other < reach).unwrap_or(new.len());
                    new.insert(at, (reach, mark));
                }
                let opens_emphasis = new.iter().any(|(_, mark)| !matches!(mark, Mark::Link(_)));
                for (_, mark) in new {
                    out.push_str(mark.open());
                    open.push(mark.clone());
                }
                if *autolink {
                    out.push('<');
                    out.push_str(text);
                    out.push('>');
                } else if *code {
                    out.push_str(&code_span(text)?);
                } else {
                    let how = Escape {
                        line_start: !heading && (out.is_empty() || out.ends_with('\n')),
                        heading,
                        leading_references: opens_emphasis,
                        trailing_references: closes_emphasis(marks, pieces.get(index.saturating_add(1))),
                    };
                    out.push_str(&escape_text(text, how));
                }
            }
            Piece::Break => {
                if heading {
                    return None;
                }
                // Marks the next text does not carry close before the line ends.
                let keep = match pieces.get(index.saturating_add(1)) {
                    Some(Piece::Text { marks, .. }) => open.iter().take_while(|mark| marks.contains(mark)).count(),
                    Some(Piece::Break) => open.len(),
                    _ => 0,
                };
                close_marks(&mut out, &mut open, keep)?;
                out.push_str("\\\n");
            }
            Piece::Atom(text) => {
                close_marks(&mut out, &mut open, 0)?;
                out.push_str(text);
            }
        }
    }
    close_marks(&mut out, &mut open, 0)?;
    Some(out)
}

/// A text that is its link's target, alone in its link, is written as an autolink
/// (`<https://…>`) when it can be.
fn use_autolinks(pieces: &mut [Piece<'_>]) {
    let linked = |piece: Option<&Piece<'_>>, href: &str| match piece {
        Some(Piece::Text { marks, .. }) => marks.contains(&Mark::Link(href)),
        _ => false,
    };
    for index in 0..pieces.len() {
        let before = index.checked_sub(1).and_then(|before| pieces.get(before));
        let after = pieces.get(index.saturating_add(1));
        let Some(Piece::Text {
            text,
            marks,
            code: false,
            ..
        }) = pieces.get(index)
        else {
            continue;
        };
        let text: &str = text;
        if !marks.contains(&Mark::Link(text))
            || !is_autolink_target(text)
            || linked(before, text)
            || linked(after, text)
        {
            continue;
        }
        if let Some(Piece::Text { marks, autolink, .. }) = pieces.get_mut(index) {
            marks.retain(|mark| *mark != Mark::Link(text));
            *autolink = true;
        }
    }
}

/// An absolute URI an autolink can hold as it is: a scheme, no spaces, no `<` or `>`.
fn is_autolink_target(href: &str) -> bool {
    let Some((scheme, rest)) = href.split_once(':') else {
        return false;
    };
    let scheme_ok = (2..=32).contains(&scheme.len())
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'));
    scheme_ok
        && !rest
            .chars()
            .any(|c| c.is_ascii_control() || c.is_whitespace() || matches!(c, '<' | '>'))
}

fn close_marks(out: &mut String, open: &mut Vec<Mark<'_>>, keep: usize) -> Option<()> {
    while open.len() > keep {
        out.push_str(&open.pop()?.close()?);
    }
    Some(())
}

/// How many pieces from `from` on carry `mark` (line breaks carry every mark).
fn extent(pieces: &[Piece<'_>], from: usize, mark: &Mark<'_>) -> usize {
    pieces
        .iter()
        .skip(from)
        .take_while(|piece| match piece {
            Piece::Text { marks, .. } => marks.contains(mark),
            Piece::Break => true,
            Piece::Atom(_) => false,
        })
        .count()
}

/// A code span: a run of backticks longer than any in the code, and a space inside
/// each end when the code starts or ends with a backtick, or with spaces on both ends
/// (the parser takes one off each end).
fn code_span(code: &str) -> Option<String> {
    if code.contains(['\n', '\r']) {
        return None;
    }
    let ticks: String = "`".repeat(longest_run(code, '`').checked_add(1)?);
    let spaced = code.starts_with('`')
        || code.ends_with('`')
        || (code.starts_with(' ') && code.ends_with(' ') && code.chars().any(|c| c != ' '));
    let pad = if spaced { " " } else { "" };
    Some(format!("{ticks}{pad}{code}{pad}{ticks}"))
}

/// Where a text is written.
#[derive(Debug, Clone, Copy)]
struct Escape {
    /// At the start of a line, where `#`, `>`, `-`, `1.`, … start blocks and leading
    /// whitespace is dropped.
    line_start: bool,
    /// In an ATX heading, where trailing `#`s close it.
    heading: bool,
    /// Right after an emphasis delimiter, which must not touch whitespace: the leading
    /// whitespace is written as references.
    leading_references: bool,
    /// Right before one: the trailing whitespace as references.
    trailing_references: bool,
}

/// Whether an emphasis mark of a text closes after it (before `next`).
fn closes_emphasis(marks: &[Mark<'_>], next: Option<&Piece<'_>>) -> bool {
    let emphasis = marks.iter().filter(|mark| !matches!(mark, Mark::Link(_)));
    match next {
        Some(Piece::Text { marks: next_marks, .. }) => emphasis.into_iter().any(|mark| !next_marks.contains(mark)),
        _ => marks.iter().any(|mark| !matches!(mark, Mark::Link(_))),
    }
}

/// Text with Markdown's specials escaped: always those that start inline syntax, and at
/// the start of a line those that start a block. Line ends and other control characters
/// are written as character references, as is whitespace where it would be dropped.
fn escape_text(text: &str, how: Escape) -> String {
    let count = text.chars().count();
    let leading = if how.line_start || how.leading_references {
        text.chars().take_while(|c| c.is_whitespace()).count()
    } else {
        0
    };
    let trailing_from = if how.trailing_references {
        count.saturating_sub(text.chars().rev().take_while(|c| c.is_whitespace()).count())
    } else {
        count
    };
    let mut out = String::new();
    // `1.` or `1)` would start an ordered list: the digits, then the escaped delimiter.
    let list_digits = if how.line_start && leading == 0 {
        let digits = text.chars().take_while(char::is_ascii_digit).count();
        let ordered = (1..=9).contains(&digits) && matches!(text.chars().nth(digits), Some('.' | ')'));
        if ordered {
            digits
        } else {
            0
        }
    } else {
        0
    };
    for (index, (at, c)) in text.char_indices().enumerate() {
        if index < leading || index >= trailing_from {
            out.push_str(&format!("&#{};", u32::from(c)));
            continue;
        }
        let first = index == 0;
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '~' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '#' if how.heading => out.push_str("\\#"),
            '#' | '>' | '-' | '+' | '=' if first && how.line_start => {
                out.push('\\');
                out.push(c);
            }
            '.' | ')' if list_digits > 0 && index == list_digits => {
                out.push('\\');
                out.push(c);
            }
            '&' if starts_reference(text.get(at..).unwrap_or_default()) => out.push_str("\\&"),
            // `![` would start an image.
            '!' if index.saturating_add(1) == count => out.push_str("\\!"),
            '\t' => out.push('\t'),
            c if c.is_ascii_control() => out.push_str(&format!("&#{};", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// Whether `text` (starting with `&`) reads as a character reference: `&name;` or
/// `&#digits;`.
fn starts_reference(text: &str) -> bool {
    let body: String = text
        .chars()
        .skip(1)
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '#')
        .collect();
    !body.is_empty() && text.chars().nth(body.chars().count().saturating_add(1)) == Some(';')
}

#[cfg(test)]
#[path = "to_markdown_proofs.rs"]
mod proofs;
#[cfg(test)]
#[path = "to_markdown_tests.rs"]
mod tests;
