//! Markdown → a note's document. The parsing is pulldown-cmark's (CommonMark, plus GFM
//! strike-through and task lists); this module only maps its events onto what the service
//! accepts in notes (http-contract-writes §2–§3):
//!
//! - paragraphs, bold, italic, inline code, links (link marks with the web app's four
//!   attributes), bullet and ordered lists, block quotes and code blocks map one to one;
//! - every line is its own paragraph (soft and hard breaks alike), as the web composer
//!   makes one paragraph per typed line; empty paragraphs are dropped;
//! - what notes have no evidence for is mapped to what they accept, never sent raw and
//!   never dropped: a heading becomes a bold paragraph; strike-through draws a combining
//!   long stroke (U+0336) through each character; underline (`<u>`) becomes italic; a
//!   thematic break becomes a paragraph "⁂"; an image becomes its alt text linked to it;
//!   a task item starts with ☐ or ☑; lists inside lists or quotes become paragraphs that
//!   start with "◦ ", "• " or "N. ";
//! - inline HTML: `<b>`/`<strong>` bold, `<i>`/`<em>`/`<u>`/`<ins>` italic, `<s>`/`<del>`/`<strike>`
//!   struck, `<code>`/`<kbd>` code, `<br>` a new paragraph; other tags are left out, their
//!   text kept;
//! - inline code excludes other marks (the editor's rule); code inside a link keeps the link;
//! - `javascript:`, `data:` and `vbscript:` link targets become `#` (the text stays).

#![deny(missing_docs)]

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};

use crate::error::Error;
use crate::notes::document::{Block, ListItem, Mark, NoteDoc, Paragraph, Text};

/// The document of a note written in Markdown; `invalid-argument` when nothing would be
/// left to publish (empty input, whitespace, or only empty elements).
pub fn markdown_to_doc(markdown: &str) -> Result<NoteDoc, Error> {
    let blocks = markdown_blocks(markdown);
    if blocks.is_empty() {
        return Err(Error::invalid_argument(
            "the Markdown has no text to publish: it is empty or only whitespace and empty elements",
        ));
    }
    Ok(NoteDoc::new(blocks))
}

/// The blocks of a note written in Markdown, possibly none (a note of attachments only).
pub fn markdown_blocks(markdown: &str) -> Vec<Block> {
    let options = Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut converter = Converter::default();
    for event in Parser::new_ext(markdown, options) {
        converter.event(event);
    }
    converter.finish()
}

/// The top-level block being filled while containers are open.
#[derive(Default)]
enum Outer {
    #[default]
    None,
    List {
        start: Option<u64>,
        items: Vec<ListItem>,
    },
    Quote {
        paragraphs: Vec<Paragraph>,
    },
}

/// An open container, outermost first.
enum Frame {
    Quote,
    List { ordered: bool, next: u64 },
    Item,
}

struct LinkFrame {
    /// `None` for an empty target: the text is kept without a link.
    href: Option<String>,
    /// The target as written, shown when the link has no text of its own.
    target: String,
    had_text: bool,
}

/// Marks opened by inline HTML tags; closed at the end of each block, since HTML tags
/// need not be balanced.
#[derive(Default)]
struct HtmlMarks {
    bold: u32,
    italic: u32,
    strike: u32,
    code: u32,
}

#[derive(Default)]
struct Converter {
    blocks: Vec<Block>,
    outer: Outer,
    frames: Vec<Frame>,
    /// How many of `frames` are lists.
    lists: usize,
    /// The inline content of the paragraph being read.
    paragraph: Vec<Text>,
    /// Text that starts the next non-empty paragraph: a list marker or a task box.
    prefix: String,
    strong: u32,
    emphasis: u32,
    strike: u32,
    heading: bool,
    html: HtmlMarks,
    links: Vec<LinkFrame>,
    /// The text of an open code block.
    code_block: Option<String>,
}

const STRIKE_OVERLAY: char = '\u{0336}';

impl Converter {
    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match self.code_block.as_mut() {
                Some(code) => code.push_str(&text),
                None => self.text(&text, false),
            },
            Event::Code(text) => self.text(&text, true),
            Event::SoftBreak | Event::HardBreak => self.break_paragraph(),
            Event::Rule => {
                self.break_paragraph();
                self.text("⁂", false);
                self.break_paragraph();
            }
            Event::TaskListMarker(checked) => self.prefix.push_str(if checked { "☑ " } else { "☐ " }),
            Event::Html(raw) => self.html(&raw, true),
            Event::InlineHtml(raw) => self.html(&raw, false),
            // Not enabled in the parser's options: footnotes, math.
            Event::FootnoteReference(_) | Event::InlineMath(_) | Event::DisplayMath(_) => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph | Tag::HtmlBlock => self.break_paragraph(),
            Tag::Heading { .. } => {
                self.break_paragraph();
                self.heading = true;
            }
            Tag::BlockQuote(_) => {
                self.break_paragraph();
                if self.frames.is_empty() {
                    self.outer = Outer::Quote { paragraphs: Vec::new() };
                }
                self.frames.push(Frame::Quote);
            }
            Tag::List(start) => {
                self.break_paragraph();
                if self.frames.is_empty() {
                    self.outer = Outer::List {
                        start,
                        items: Vec::new(),
                    };
                }
                self.frames.push(Frame::List {
                    ordered: start.is_some(),
                    next: start.unwrap_or(1),
                });
                self.lists = self.lists.saturating_add(1);
            }
            Tag::Item => self.start_item(),
            Tag::CodeBlock(_) => {
                self.break_paragraph();
                self.code_block = Some(String::new());
            }
            Tag::Emphasis => self.emphasis = self.emphasis.saturating_add(1),
            Tag::Strong => self.strong = self.strong.saturating_add(1),
            Tag::Strikethrough => self.strike = self.strike.saturating_add(1),
            Tag::Link {
                link_type, dest_url, ..
            }
            | Tag::Image {
                link_type, dest_url, ..
            } => self.links.push(LinkFrame {
                href: safe_href(link_type, &dest_url),
                target: dest_url.to_string(),
                had_text: false,
            }),
            // Not enabled in the parser's options.
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph | TagEnd::HtmlBlock => self.end_block(),
            TagEnd::Heading(_) => {
                self.end_block();
                self.heading = false;
            }
            TagEnd::BlockQuote(_) | TagEnd::List(_) => {
                self.end_block();
                if let Some(Frame::List { .. }) = self.frames.pop() {
                    self.lists = self.lists.saturating_sub(1);
                }
                if self.frames.is_empty() {
                    self.close_outer();
                }
            }
            TagEnd::Item => {
                self.end_block();
                self.frames.pop();
                // A marker of an item with no text goes with it.
                self.prefix.clear();
            }
            TagEnd::CodeBlock => {
                let code = self.code_block.take().unwrap_or_default();
                self.code(code);
                self.end_block();
            }
            TagEnd::Emphasis => self.emphasis = self.emphasis.saturating_sub(1),
            TagEnd::Strong => self.strong = self.strong.saturating_sub(1),
            TagEnd::Strikethrough => self.strike = self.strike.saturating_sub(1),
            TagEnd::Link | TagEnd::Image => {
                if let Some(link) = self.links.pop() {
                    if !link.had_text && !link.target.trim().is_empty() {
                        // `[](url)`, `![](img)`, an image without alt text: show the target.
                        let target = link.target.clone();
                        self.links.push(link);
                        self.text(&target, false);
                        self.links.pop();
                    }
                }
            }
            _ => {}
        }
    }

    fn start_item(&mut self) {
        self.break_paragraph();
        self.prefix.clear();
        let lists = self.lists;
        let native = self.frames.len() == 1;
        let mut marker = String::new();
        if let Some(Frame::List { ordered, next }) = self.frames.last_mut() {
            let number = *next;
            *next = next.saturating_add(1);
            if !native {
                marker = if *ordered {
                    format!("{number}. ")
                } else if lists > 1 {
                    "◦ ".to_string()
                } else {
                    "• ".to_string()
                };
            }
        }
        if native {
            if let Outer::List { items, .. } = &mut self.outer {
                items.push(ListItem::default());
            }
        }
        self.prefix = marker;
        self.frames.push(Frame::Item);
    }

    /// A code block: its own block at the top level; inside a list or a quote, whose
    /// items hold paragraphs only, one code-marked paragraph per line.
    fn code(&mut self, code: String) {
        let code = code.trim_end_matches(['\n', '\r']);
        if code.trim().is_empty() {
            return;
        }
        if self.frames.is_empty() {
            self.blocks.push(Block::code_block(code));
            return;
        }
        for line in code.lines().filter(|line| !line.trim().is_empty()) {
            self.text(line, true);
            self.break_paragraph();
        }
    }

    /// Adds text to the paragraph being read, with the marks open here.
    fn text(&mut self, text: &str, code: bool) {
        if text.is_empty() {
            return;
        }
        let link = match self.links.last_mut() {
            Some(frame) => {
                frame.had_text = true;
                frame.href.clone()
            }
            None => None,
        };
        let code = code || self.html.code > 0;
        let mut marks = Vec::new();
        if code {
            // The editor's code mark excludes the others; a link matters more than the font.
            marks.push(link.map_or(Mark::Code, Mark::link));
        } else {
            if self.strong > 0 || self.html.bold > 0 || self.heading {
                marks.push(Mark::Bold);
            }
            if self.emphasis > 0 || self.html.italic > 0 {
                marks.push(Mark::Italic);
            }
            if let Some(href) = link {
                marks.push(Mark::link(href));
            }
        }
        let struck = !code && (self.strike > 0 || self.html.strike > 0);
        let text = if struck {
            text.chars().flat_map(|c| [c, STRIKE_OVERLAY]).collect::<String>()
        } else {
            text.to_string()
        };
        match self.paragraph.last_mut() {
            Some(last) if last.marks == marks => last.text.push_str(&text),
            _ => self.paragraph.push(Text::marked(text, marks)),
        }
    }

    /// Inline HTML maps its formatting tags to marks; a block of HTML is read as text.
    fn html(&mut self, raw: &str, block: bool) {
        let mut rest = raw;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix("<!--") {
                rest = after.split_once("-->").map_or("", |(_, after)| after);
                continue;
            }
            if let Some(tag_and_rest) = rest.strip_prefix('<') {
                if let Some((tag, after)) = tag_and_rest.split_once('>') {
                    self.html_tag(tag);
                    rest = after;
                    continue;
                }
            }
            // Text up to the next tag (a lone '<' is text).
            let next = rest
                .char_indices()
                .skip(1)
                .find(|&(_, c)| c == '<')
                .map_or(rest.len(), |(i, _)| i);
            let (text, after) = rest.split_at(next);
            rest = after;
            if block {
                let mut lines = text.split('\n');
                if let Some(first) = lines.next() {
                    self.text(&decode_entities(first), false);
                }
                for line in lines {
                    self.break_paragraph();
                    self.text(&decode_entities(line), false);
                }
            } else {
                self.text(&decode_entities(text), false);
            }
        }
    }

    fn html_tag(&mut self, tag: &str) {
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let counter = match name.as_str() {
            "b" | "strong" => &mut self.html.bold,
            "i" | "em" | "u" | "ins" => &mut self.html.italic,
            "s" | "del" | "strike" => &mut self.html.strike,
            "code" | "kbd" | "samp" | "tt" => &mut self.html.code,
            "br" | "p" | "div" | "li" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "tr" => {
                self.break_paragraph();
                return;
            }
            _ => return,
        };
        *counter = if closing {
            counter.saturating_sub(1)
        } else {
            counter.saturating_add(1)
        };
    }

    /// Ends the paragraph being read (a line ends, or a block starts or ends).
    fn break_paragraph(&mut self) {
        let content = std::mem::take(&mut self.paragraph);
        self.push_paragraph(content);
    }

    fn end_block(&mut self) {
        self.break_paragraph();
        self.html = HtmlMarks::default();
    }

    /// Places a finished paragraph where it belongs, unless it has no visible text.
    fn push_paragraph(&mut self, mut content: Vec<Text>) {
        trim_edges(&mut content);
        if content.iter().all(|node| node.text.trim().is_empty()) {
            return;
        }
        if !self.prefix.is_empty() {
            let prefix = std::mem::take(&mut self.prefix);
            match content.first_mut() {
                Some(first) if first.marks.is_empty() => first.text.insert_str(0, &prefix),
                _ => content.insert(0, Text::plain(prefix)),
            }
        }
        let paragraph = Paragraph { content };
        match &mut self.outer {
            Outer::None => self.blocks.push(Block::paragraph(paragraph.content)),
            Outer::Quote { paragraphs } => paragraphs.push(paragraph),
            Outer::List { items, .. } => match items.last_mut() {
                Some(item) => item.content.push(paragraph),
                None => items.push(ListItem {
                    content: vec![paragraph],
                }),
            },
        }
    }

    fn close_outer(&mut self) {
        match std::mem::take(&mut self.outer) {
            Outer::None => {}
            Outer::Quote { paragraphs } => {
                if !paragraphs.is_empty() {
                    self.blocks.push(Block::Blockquote { content: paragraphs });
                }
            }
            Outer::List { start, mut items } => {
                items.retain(|item| !item.content.is_empty());
                if items.is_empty() {
                    return;
                }
                self.blocks.push(match start {
                    Some(start) => Block::ordered_list(start, items),
                    None => Block::BulletList { content: items },
                });
            }
        }
    }

    fn finish(mut self) -> Vec<Block> {
        self.end_block();
        if !self.frames.is_empty() {
            self.frames.clear();
            self.close_outer();
        }
        self.blocks
    }
}

/// Leading whitespace of a paragraph's first node and trailing of its last, outside code.
fn trim_edges(content: &mut Vec<Text>) {
    if let Some(first) = content.first_mut() {
        if !first.marks.contains(&Mark::Code) {
            first.text = first.text.trim_start().to_string();
        }
    }
    if let Some(last) = content.last_mut() {
        if !last.marks.contains(&Mark::Code) {
            last.text = last.text.trim_end().to_string();
        }
    }
    content.retain(|node| !node.text.is_empty());
}

/// The link target to send: `mailto:` for e-mail autolinks; `#` for targets that run code
/// or embed content when followed; `None` for an empty target.
fn safe_href(link_type: LinkType, target: &str) -> Option<String> {
    if target.trim().is_empty() {
        return None;
    }
    let href = if link_type == LinkType::Email {
        format!("mailto:{target}")
    } else {
        target.to_string()
    };
    // Browsers ignore tabs and newlines in a URL and leading control characters and spaces.
    let squeezed: String = href.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    let scheme = squeezed.trim_start_matches(|c: char| c <= ' ').to_ascii_lowercase();
    if ["javascript:", "data:", "vbscript:"]
        .iter()
        .any(|unsafe_scheme| scheme.starts_with(unsafe_scheme))
    {
        return Some("#".to_string());
    }
    Some(href)
}

/// The character references raw HTML is likely to hold; Markdown text arrives decoded.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

#[cfg(test)]
#[path = "markdown_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "markdown_js_tests.rs"]
mod js_tests;
