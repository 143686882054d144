//! Markdown → a post's document. The parsing is pulldown-cmark's (CommonMark plus GFM
//! strike-through); this module maps its events onto the post editor's nodes one to one:
//!
//! - headings 1–6, paragraphs, bullet and ordered lists (nested too), block quotes, code
//!   blocks with their language, horizontal rules, hard breaks; a soft break is a space;
//! - bold, italic, strike-through, inline code and links are marks;
//! - an image is a block of its own (`captionedImage`): one inside a paragraph splits the
//!   paragraph around it, and its title becomes the caption;
//! - everything else (HTML, tables, footnotes, …) is refused with a sentence naming it and
//!   its line, so that nothing the writer wrote goes missing from the post. Tables and
//!   footnotes are parsed only to be recognised: left off, they would read as text.

#![deny(missing_docs)]

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

use crate::error::Error;
use crate::post_body::document::{Block, Image, Inline, ListItem, Mark, PostDoc, Text};

/// Lists and quotes nested deeper than this are refused: the document is written and
/// dropped recursively, and no article needs more.
const MAX_NESTING: usize = 32;

/// The document of a post written in Markdown; `invalid-argument`, with a sentence naming
/// the construct and its line, for what a post cannot hold, and for Markdown with nothing
/// in it.
pub fn markdown_to_post_doc(source: &str) -> Result<PostDoc, Error> {
    if source.trim().is_empty() {
        return Err(Error::invalid_argument("the Markdown is empty: a post needs some text"));
    }
    let options = Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES;
    let mut converter = Converter::new(source);
    for (event, range) in Parser::new_ext(source, options).into_offset_iter() {
        converter.event(event, range)?;
    }
    let blocks = converter.finish();
    if blocks.is_empty() {
        return Err(Error::invalid_argument(
            "the Markdown has nothing to put in a post: it holds only link definitions or empty elements",
        ));
    }
    Ok(PostDoc::new(blocks))
}

/// An open container, outermost first.
enum Open {
    Quote(Vec<Block>),
    List { start: Option<u64>, items: Vec<ListItem> },
    Item(Vec<Block>),
}

/// The paragraph or heading being read.
struct OpenInline {
    heading: Option<u8>,
    content: Vec<Inline>,
}

/// The image being read: its alt text arrives as the events between its start and end.
struct OpenImage {
    src: String,
    title: String,
    alt: String,
}

struct Converter<'a> {
    source: &'a str,
    blocks: Vec<Block>,
    open: Vec<Open>,
    inline: Option<OpenInline>,
    /// The language and text of an open code block.
    code_block: Option<(Option<String>, String)>,
    image: Option<OpenImage>,
    strong: u32,
    emphasis: u32,
    strike: u32,
    /// The targets of the open links, innermost last; `None` for an empty target.
    links: Vec<Option<String>>,
}

impl<'a> Converter<'a> {
    fn new(source: &'a str) -> Self {
        Converter {
            source,
            blocks: Vec::new(),
            open: Vec::new(),
            inline: None,
            code_block: None,
            image: None,
            strong: 0,
            emphasis: 0,
            strike: 0,
            links: Vec::new(),
        }
    }

    fn event(&mut self, event: Event<'_>, range: Range<usize>) -> Result<(), Error> {
        match event {
            Event::Start(tag) => self.start(tag, range)?,
            Event::End(tag) => self.end(tag),
            Event::Text(text) => {
                if let Some((_, code)) = self.code_block.as_mut() {
                    code.push_str(&text);
                } else {
                    self.text(&text, false);
                }
            }
            Event::Code(text) => self.text(&text, true),
            Event::SoftBreak => self.text(" ", false),
            Event::HardBreak => match self.image.as_mut() {
                Some(image) => image.alt.push(' '),
                None => self.inline_content().push(Inline::HardBreak),
            },
            Event::Rule => {
                self.close_inline();
                self.push_block(Block::HorizontalRule);
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                let what = format!(
                    "raw HTML ({}) is not supported in a post; write it in Markdown",
                    self.snippet(&range)
                );
                return Err(self.refuse(&range, &what));
            }
            Event::FootnoteReference(_) => return Err(self.refuse(&range, FOOTNOTES)),
            Event::InlineMath(_) | Event::DisplayMath(_) => return Err(self.refuse(&range, MATH)),
            Event::TaskListMarker(_) => {
                return Err(self.refuse(
                    &range,
                    "task lists are not supported in a post; write the items as a plain list",
                ))
            }
        }
        Ok(())
    }

    fn start(&mut self, tag: Tag<'_>, range: Range<usize>) -> Result<(), Error> {
        match tag {
            Tag::Paragraph => {
                self.close_inline();
                self.inline = Some(OpenInline {
                    heading: None,
                    content: Vec::new(),
                });
            }
            Tag::Heading { level, .. } => {
                self.close_inline();
                self.inline = Some(OpenInline {
                    heading: Some(heading_level(level)),
                    content: Vec::new(),
                });
            }
            Tag::BlockQuote(_) => self.open_container(Open::Quote(Vec::new()), &range)?,
            Tag::List(start) => self.open_container(
                Open::List {
                    start,
                    items: Vec::new(),
                },
                &range,
            )?,
            Tag::Item => self.open_container(Open::Item(Vec::new()), &range)?,
            Tag::CodeBlock(kind) => {
                self.close_inline();
                let language = match kind {
                    CodeBlockKind::Fenced(info) => info.split_whitespace().next().map(str::to_string),
                    CodeBlockKind::Indented => None,
                };
                self.code_block = Some((language, String::new()));
            }
            Tag::Emphasis => self.emphasis = self.emphasis.saturating_add(1),
            Tag::Strong => self.strong = self.strong.saturating_add(1),
            Tag::Strikethrough => self.strike = self.strike.saturating_add(1),
            Tag::Link {
                link_type, dest_url, ..
            } => {
                if self.image.is_none() {
                    let href = link_href(link_type, &dest_url);
                    if href.as_deref().is_some_and(runs_code) {
                        let what = format!("the link to \"{dest_url}\" runs code, which a post may not link to");
                        return Err(self.refuse(&range, &what));
                    }
                    self.links.push(href);
                }
            }
            Tag::Image { dest_url, title, .. } => self.start_image(&dest_url, &title, &range)?,
            Tag::HtmlBlock => {
                let what = format!(
                    "raw HTML ({}) is not supported in a post; write it in Markdown",
                    self.snippet(&range)
                );
                return Err(self.refuse(&range, &what));
            }
            Tag::Table(_) | Tag::TableHead | Tag::TableRow | Tag::TableCell => {
                return Err(self.refuse(
                    &range,
                    "tables are not supported in a post; write the table as a list or an image",
                ))
            }
            Tag::FootnoteDefinition(_) => return Err(self.refuse(&range, FOOTNOTES)),
            Tag::DefinitionList | Tag::DefinitionListTitle | Tag::DefinitionListDefinition => {
                return Err(self.refuse(
                    &range,
                    "definition lists are not supported in a post; write the terms as a list",
                ))
            }
            Tag::Superscript | Tag::Subscript => {
                return Err(self.refuse(
                    &range,
                    "superscript and subscript are not supported in a post; write the text plainly",
                ))
            }
            Tag::MetadataBlock(_) => {
                return Err(self.refuse(
                    &range,
                    "a metadata block is not supported in a post; give the title and subtitle as the draft's fields",
                ))
            }
        }
        Ok(())
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph | TagEnd::Heading(_) => self.close_inline(),
            TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item => self.close_container(),
            TagEnd::CodeBlock => {
                if let Some((language, mut text)) = self.code_block.take() {
                    // The parser ends every code line with a line end, the last one too.
                    while text.ends_with(['\n', '\r']) {
                        text.pop();
                    }
                    self.push_block(Block::CodeBlock { language, text });
                }
            }
            TagEnd::Emphasis => self.emphasis = self.emphasis.saturating_sub(1),
            TagEnd::Strong => self.strong = self.strong.saturating_sub(1),
            TagEnd::Strikethrough => self.strike = self.strike.saturating_sub(1),
            TagEnd::Link => {
                if self.image.is_none() {
                    self.links.pop();
                }
            }
            TagEnd::Image => self.end_image(),
            // Refused at their start: the conversion has stopped before their end.
            TagEnd::HtmlBlock
            | TagEnd::FootnoteDefinition
            | TagEnd::DefinitionList
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition
            | TagEnd::Table
            | TagEnd::TableHead
            | TagEnd::TableRow
            | TagEnd::TableCell
            | TagEnd::Superscript
            | TagEnd::Subscript
            | TagEnd::MetadataBlock(_) => {}
        }
    }

    fn start_image(&mut self, src: &str, title: &str, range: &Range<usize>) -> Result<(), Error> {
        let refusal = if self.image.is_some() {
            Some("an image inside an image's alt text is not supported in a post")
        } else if !self.links.is_empty() {
            Some("an image inside a link is not supported in a post; put the link beside the image")
        } else if self.inline.as_ref().is_some_and(|inline| inline.heading.is_some()) {
            Some("an image inside a heading is not supported in a post; put the image on a line of its own")
        } else if src.trim().is_empty() {
            Some("an image without an address is not supported in a post; give its URL or the name of one of the draft's images")
        } else {
            None
        };
        if let Some(what) = refusal {
            return Err(self.refuse(range, what));
        }
        self.image = Some(OpenImage {
            src: src.to_string(),
            title: title.to_string(),
            alt: String::new(),
        });
        Ok(())
    }

    /// An image is a block: the paragraph read so far ends before it, and what follows
    /// it on its line starts a new one.
    fn end_image(&mut self) {
        let Some(image) = self.image.take() else {
            return;
        };
        let open_inline = self.inline.take();
        if let Some(inline) = open_inline {
            self.push_inline(inline.content);
        }
        self.push_block(Block::CaptionedImage(Image {
            src: image.src,
            alt: non_empty(image.alt.trim()),
            title: non_empty(image.title.trim()),
        }));
        self.inline = Some(OpenInline {
            heading: None,
            content: Vec::new(),
        });
    }

    fn open_container(&mut self, container: Open, range: &Range<usize>) -> Result<(), Error> {
        if self.open.len() >= MAX_NESTING {
            let what = format!("lists and quotes nested more than {MAX_NESTING} deep are not supported in a post");
            return Err(self.refuse(range, &what));
        }
        self.close_inline();
        self.open.push(container);
        Ok(())
    }

    fn close_container(&mut self) {
        self.close_inline();
        let block = match self.open.pop() {
            Some(Open::Quote(content)) => Block::Blockquote {
                content: or_empty_paragraph(content),
            },
            Some(Open::List { start, items }) => match start {
                Some(start) => Block::OrderedList { start, content: items },
                None => Block::BulletList { content: items },
            },
            Some(Open::Item(content)) => {
                let item = ListItem {
                    content: or_empty_paragraph(content),
                };
                match self.open.last_mut() {
                    Some(Open::List { items, .. }) => items.push(item),
                    // An item is always in a list; were it not, its blocks would stay.
                    _ => {
                        for block in item.content {
                            self.push_block(block);
                        }
                    }
                }
                return;
            }
            None => return,
        };
        self.push_block(block);
    }

    /// The content of the paragraph being read; a tight list item's text comes without a
    /// paragraph of its own, so one is opened for it.
    fn inline_content(&mut self) -> &mut Vec<Inline> {
        &mut self
            .inline
            .get_or_insert_with(|| OpenInline {
                heading: None,
                content: Vec::new(),
            })
            .content
    }

    fn text(&mut self, text: &str, code: bool) {
        if let Some(image) = self.image.as_mut() {
            image.alt.push_str(text);
            return;
        }
        if text.is_empty() {
            return;
        }
        let mut marks = Vec::new();
        if self.strong > 0 {
            marks.push(Mark::Strong);
        }
        if self.emphasis > 0 {
            marks.push(Mark::Em);
        }
        if self.strike > 0 {
            marks.push(Mark::Strikethrough);
        }
        if code {
            marks.push(Mark::Code);
        }
        if let Some(Some(href)) = self.links.last() {
            marks.push(Mark::Link { href: href.clone() });
        }
        let content = self.inline_content();
        match content.last_mut() {
            Some(Inline::Text(last)) if last.marks == marks => last.text.push_str(text),
            _ => content.push(Inline::Text(Text::marked(text, marks))),
        }
    }

    fn close_inline(&mut self) {
        let Some(inline) = self.inline.take() else {
            return;
        };
        match inline.heading {
            Some(level) => {
                let mut content = inline.content;
                trim_edges(&mut content);
                self.push_block(Block::Heading { level, content });
            }
            None => self.push_inline(inline.content),
        }
    }

    /// A paragraph of this content, unless nothing is left of it once the spaces and line
    /// breaks at its edges (left by an image lifted out of it) are trimmed.
    fn push_inline(&mut self, mut content: Vec<Inline>) {
        trim_edges(&mut content);
        if !content.is_empty() {
            self.push_block(Block::Paragraph { content });
        }
    }

    fn push_block(&mut self, block: Block) {
        match self.open.last_mut() {
            None => self.blocks.push(block),
            Some(Open::Quote(content)) | Some(Open::Item(content)) => content.push(block),
            // Blocks of a list are in its items; a stray one starts an item.
            Some(Open::List { items, .. }) => items.push(ListItem { content: vec![block] }),
        }
    }

    fn finish(mut self) -> Vec<Block> {
        self.close_inline();
        while !self.open.is_empty() {
            self.close_container();
        }
        self.blocks
    }

    /// `invalid-argument`: "Markdown line N: <what>".
    fn refuse(&self, range: &Range<usize>, what: &str) -> Error {
        let before = self.source.get(..range.start).unwrap_or(self.source);
        let line = before.bytes().filter(|&byte| byte == b'\n').count().saturating_add(1);
        Error::invalid_argument(format!("Markdown line {line}: {what}"))
    }

    /// The start of the source at `range`, quoted, to name the HTML refused.
    fn snippet(&self, range: &Range<usize>) -> String {
        let text = self.source.get(range.clone()).unwrap_or_default();
        let first_line = text.trim().lines().next().unwrap_or_default();
        let mut snippet: String = first_line.chars().take(40).collect();
        if snippet.len() < first_line.len() {
            snippet.push('…');
        }
        format!("`{snippet}`")
    }
}

const FOOTNOTES: &str = "footnotes are not supported in a post; write the note in the text or as a link";
const MATH: &str = "math is not supported in a post; write the formula as text or an image";

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The link's target: `mailto:` for e-mail autolinks; `None` when empty (the text stays,
/// without a link).
fn link_href(link_type: LinkType, target: &str) -> Option<String> {
    if target.trim().is_empty() {
        None
    } else if link_type == LinkType::Email {
        Some(format!("mailto:{target}"))
    } else {
        Some(target.to_string())
    }
}

/// Whether following the link runs code or opens content it carries itself. Browsers
/// ignore tabs and line ends in a URL, and control characters and spaces before it.
fn runs_code(href: &str) -> bool {
    let squeezed: String = href.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    let scheme = squeezed.trim_start_matches(|c: char| c <= ' ').to_ascii_lowercase();
    ["javascript:", "vbscript:", "data:"]
        .iter()
        .any(|unsafe_scheme| scheme.starts_with(unsafe_scheme))
}

fn non_empty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

/// A list item or a quote holds at least one block in the editor: an empty one gets an
/// empty paragraph.
fn or_empty_paragraph(content: Vec<Block>) -> Vec<Block> {
    if content.is_empty() {
        vec![Block::Paragraph { content: Vec::new() }]
    } else {
        content
    }
}

/// Removes line breaks and the spaces outside code at the edges of a paragraph.
fn trim_edges(content: &mut Vec<Inline>) {
    loop {
        while matches!(content.first(), Some(Inline::HardBreak)) {
            content.remove(0);
        }
        while matches!(content.last(), Some(Inline::HardBreak)) {
            content.pop();
        }
        if let Some(Inline::Text(first)) = content.first_mut() {
            if !first.marks.contains(&Mark::Code) {
                first.text = first.text.trim_start().to_string();
            }
        }
        if let Some(Inline::Text(last)) = content.last_mut() {
            if !last.marks.contains(&Mark::Code) {
                last.text = last.text.trim_end().to_string();
            }
        }
        let before = content.len();
        content.retain(|node| !matches!(node, Inline::Text(text) if text.text.is_empty()));
        // An emptied edge may have uncovered a line break.
        if content.len() == before {
            return;
        }
    }
}

#[cfg(test)]
#[path = "markdown_js_tests.rs"]
mod js_tests;
#[cfg(test)]
#[path = "markdown_tests.rs"]
pub(crate) mod tests;
