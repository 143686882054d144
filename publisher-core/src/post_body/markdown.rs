//! Markdown → a post's document. The parsing is pulldown-cmark's (CommonMark plus GFM
//! strike-through and footnotes); this module maps its events onto the nodes the post
//! editor writes (the dialect table is in docs/drafts.md, "The post document"):
//!
//! - headings 1–6, paragraphs, bullet and ordered lists (an item holds its text, then
//!   paragraphs and nested lists), block quotes, code blocks (`highlighted_code_block`
//!   with a highlight.js language), horizontal rules, hard breaks; a soft break is a space;
//! - bold, italic, strike-through, inline code and links (absolute `http(s)`/`mailto`, or
//!   resolved against a base URL) are marks;
//! - an image is a block of its own (`captionedImage`): one inside a paragraph splits the
//!   paragraph around it, and its title becomes the caption;
//! - `<!-- paywall -->` alone on its line is the paywall; a YouTube URL alone in a
//!   paragraph is the video; footnotes are anchors and, at the end, their notes;
//! - `<!-- publisher-node {JSON} -->` keeps a node Markdown cannot express, verbatim;
//! - everything else (HTML, tables, task lists, …) is refused with a sentence naming it
//!   and its line, so that nothing the writer wrote goes missing from the post. Tables
//!   are parsed only to be recognised: left off, they would read as text.

#![deny(missing_docs)]

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

use crate::args::{optional_nonempty_string, Arg};
use crate::error::Error;
use crate::post_body::code_language::{highlight_name, PLAIN_TEXT};
use crate::post_body::document::{Block, Image, Inline, ListItem, Mark, PostDoc, Text};
use crate::post_body::link::{classify, is_absolute_web_url, resolve, LinkTarget};
use crate::post_body::marker::{read_comment, Comment};
use crate::post_body::youtube::video_id;

/// Lists and quotes nested deeper than this are refused: the document is written and
/// dropped recursively, and no article needs more.
const MAX_NESTING: usize = 32;

/// How Markdown becomes a post.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostMarkdownOptions {
    /// The address relative links are resolved against (RFC 3986 §5.2), e.g. the
    /// article's address on the writer's site; an absolute `http` or `https` URL. Without
    /// it, a relative link is refused: from an email or another site it leads nowhere.
    pub base_url: Option<String>,
}

impl PostMarkdownOptions {
    /// The options of a caller's `baseUrl` (`name` names it in the error): when given, a
    /// non-empty string; whether it is an absolute URL is checked by the conversion.
    pub fn from_base_url(name: &str, base_url: &Arg) -> Result<PostMarkdownOptions, Error> {
        Ok(PostMarkdownOptions {
            base_url: optional_nonempty_string(name, base_url)?,
        })
    }
}

/// The document of a post written in Markdown, with the default options (no base URL).
pub fn markdown_to_post_doc(source: &str) -> Result<PostDoc, Error> {
    markdown_to_post_doc_with(source, &PostMarkdownOptions::default())
}

/// The document of a post written in Markdown; `invalid-argument`, with a sentence naming
/// the construct and its line, for what a post cannot hold, for Markdown with nothing in
/// it, and for a base URL that is not an absolute `http(s)` URL.
pub fn markdown_to_post_doc_with(source: &str, options: &PostMarkdownOptions) -> Result<PostDoc, Error> {
    if let Some(base) = &options.base_url {
        if !is_absolute_web_url(base) {
            return Err(Error::invalid_argument(format!(
                "baseUrl {base:?} must be an absolute http or https URL, such as \"https://example.com/blog/\""
            )));
        }
    }
    if source.trim().is_empty() {
        return Err(Error::invalid_argument("the Markdown is empty: a post needs some text"));
    }
    let parse =
        Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_TASKLISTS;
    let mut converter = Converter::new(source, options.base_url.as_deref());
    for (event, range) in Parser::new_ext(source, parse).into_offset_iter() {
        converter.event(event, range)?;
    }
    let blocks = converter.finish()?;
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
    List {
        start: Option<u64>,
        items: Vec<ListItem>,
    },
    Item(Vec<Block>),
    /// A footnote's definition: its label (ASCII lowercase, as references match it), where it
    /// starts, its blocks.
    Footnote {
        label: String,
        at: usize,
        content: Vec<Block>,
    },
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

/// A footnote's definition, read.
struct Definition {
    label: String,
    at: usize,
    content: Vec<Block>,
}

struct Converter<'a> {
    source: &'a str,
    base_url: Option<&'a str>,
    blocks: Vec<Block>,
    open: Vec<Open>,
    inline: Option<OpenInline>,
    /// The language and text of an open code block.
    code_block: Option<(String, String)>,
    /// The text of an open HTML block.
    html_block: Option<String>,
    image: Option<OpenImage>,
    strong: u32,
    emphasis: u32,
    strike: u32,
    /// The targets of the open links, innermost last; `None` for an empty target.
    links: Vec<Option<String>>,
    /// Where the paywall line is, once read.
    paywall_at: Option<usize>,
    /// The footnote references in order (the n-th has number n): label and position.
    references: Vec<(String, usize)>,
    definitions: Vec<Definition>,
}

impl<'a> Converter<'a> {
    fn new(source: &'a str, base_url: Option<&'a str>) -> Self {
        Converter {
            source,
            base_url,
            blocks: Vec::new(),
            open: Vec::new(),
            inline: None,
            code_block: None,
            html_block: None,
            image: None,
            strong: 0,
            emphasis: 0,
            strike: 0,
            links: Vec::new(),
            paywall_at: None,
            references: Vec::new(),
            definitions: Vec::new(),
        }
    }

    fn event(&mut self, event: Event<'_>, range: Range<usize>) -> Result<(), Error> {
        match event {
            Event::Start(tag) => self.start(tag, range)?,
            Event::End(tag) => self.end(tag, &range)?,
            Event::Text(text) => {
                if let Some((_, code)) = self.code_block.as_mut() {
                    code.push_str(&text);
                } else {
                    self.refuse_undefined_footnote(&range)?;
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
                self.allow_block("a horizontal rule", "the rule", &range)?;
                self.close_inline();
                self.push_block(Block::HorizontalRule);
            }
            Event::Html(html) => match self.html_block.as_mut() {
                Some(block) => block.push_str(&html),
                None => return Err(self.refuse(&range, &self.raw_html(&range))),
            },
            Event::InlineHtml(html) => self.inline_html(&html, &range)?,
            Event::FootnoteReference(label) => self.footnote_reference(&label, &range)?,
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
                self.allow_block("a heading", "the heading", &range)?;
                self.close_inline();
                self.inline = Some(OpenInline {
                    heading: Some(heading_level(level)),
                    content: Vec::new(),
                });
            }
            Tag::BlockQuote(_) => {
                self.allow_block("a quote", "the quote", &range)?;
                self.open_container(Open::Quote(Vec::new()), &range)?;
            }
            Tag::List(start) => {
                self.close_inline();
                self.allow_list(&range)?;
                self.open_container(
                    Open::List {
                        start,
                        items: Vec::new(),
                    },
                    &range,
                )?;
            }
            Tag::Item => self.open_container(Open::Item(Vec::new()), &range)?,
            Tag::CodeBlock(kind) => {
                self.allow_block("a code block", "the code block", &range)?;
                self.close_inline();
                let language = match kind {
                    CodeBlockKind::Fenced(info) => highlight_name(&info),
                    CodeBlockKind::Indented => PLAIN_TEXT.to_string(),
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
                    let href = self.link_target(link_type, &dest_url, &range)?;
                    self.links.push(href);
                }
            }
            Tag::Image { dest_url, title, .. } => self.start_image(&dest_url, &title, &range)?,
            Tag::HtmlBlock => {
                self.close_inline();
                self.html_block = Some(String::new());
            }
            Tag::Table(_) | Tag::TableHead | Tag::TableRow | Tag::TableCell => {
                return Err(self.refuse(
                    &range,
                    "tables are not supported in a post; write the table as a list or an image",
                ))
            }
            Tag::FootnoteDefinition(label) => {
                let footnote = Open::Footnote {
                    label: label.to_ascii_lowercase(),
                    at: range.start,
                    content: Vec::new(),
                };
                self.open_container(footnote, &range)?;
            }
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

    fn end(&mut self, tag: TagEnd, range: &Range<usize>) -> Result<(), Error> {
        match tag {
            TagEnd::Paragraph | TagEnd::Heading(_) => self.close_inline(),
            TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item | TagEnd::FootnoteDefinition => {
                self.close_container()
            }
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
            TagEnd::HtmlBlock => {
                let html = self.html_block.take().unwrap_or_default();
                self.html_block(&html, range)?;
            }
            // Refused at their start: the conversion has stopped before their end.
            TagEnd::DefinitionList
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
        Ok(())
    }

    /// An HTML block: the paywall line, a node's marker, or refused.
    fn html_block(&mut self, html: &str, range: &Range<usize>) -> Result<(), Error> {
        match read_comment(html) {
            Comment::Paywall => {
                self.allow_block("the paywall line", "the paywall line", range)?;
                if !self.open.is_empty() {
                    return Err(self.refuse(
                        range,
                        "the paywall line is not supported inside a quote; put it on a line of its own between paragraphs",
                    ));
                }
                if let Some(first) = self.paywall_at {
                    let what = format!(
                        "a post has one paywall, and this is a second (the first is on line {}); remove one",
                        self.line(first)
                    );
                    return Err(self.refuse(range, &what));
                }
                self.paywall_at = Some(range.start);
                self.push_block(Block::Paywall);
            }
            Comment::Node(json) => {
                self.allow_block("a publisher-node marker", "the marker", range)?;
                self.push_block(Block::Raw(json.to_string()));
            }
            Comment::BadNode(why) => return Err(self.refuse(range, &bad_marker(why))),
            Comment::Other => return Err(self.refuse(range, &self.raw_html(range))),
        }
        Ok(())
    }

    /// Inline HTML: a node's marker, or refused.
    fn inline_html(&mut self, html: &str, range: &Range<usize>) -> Result<(), Error> {
        match read_comment(html) {
            Comment::Node(json) if self.image.is_none() => {
                self.inline_content().push(Inline::Raw(json.to_string()));
                Ok(())
            }
            Comment::Node(_) => Err(self.refuse(
                range,
                "a publisher-node marker inside an image's alt text is not supported in a post",
            )),
            Comment::Paywall => Err(self.refuse(
                range,
                "the paywall line must be on a line of its own, with blank lines around it",
            )),
            Comment::BadNode(why) => Err(self.refuse(range, &bad_marker(why))),
            Comment::Other => Err(self.refuse(range, &self.raw_html(range))),
        }
    }

    fn raw_html(&self, range: &Range<usize>) -> String {
        format!(
            "raw HTML ({}) is not supported in a post; write it in Markdown",
            self.snippet(range)
        )
    }

    /// A link's target as the post links to it: absolute `http(s)` or `mailto`, a
    /// relative one resolved against the base URL; `None` for an empty target.
    fn link_target(&self, link_type: LinkType, dest: &str, range: &Range<usize>) -> Result<Option<String>, Error> {
        let Some(href) = link_href(link_type, dest) else {
            return Ok(None);
        };
        let href = match (classify(&href), self.base_url) {
            (LinkTarget::Relative, Some(base)) => resolve(base, &href),
            _ => href,
        };
        let what = match classify(&href) {
            LinkTarget::Allowed => return Ok(Some(href)),
            LinkTarget::RunsCode => format!("the link to \"{dest}\" runs code, which a post may not link to"),
            LinkTarget::OtherScheme(scheme) => format!(
                "the link to \"{dest}\" is a {scheme}: link, which a post does not link to; use an http, https or mailto address"
            ),
            LinkTarget::Relative => format!(
                "the link to \"{dest}\" is relative, and leads nowhere from an email or another site; write the full address (https://…), or give baseUrl to resolve relative links against"
            ),
        };
        Err(self.refuse(range, &what))
    }

    /// A block a list item or a footnote cannot hold is refused, with the way out: a list
    /// item holds paragraphs and nested lists, a footnote paragraphs (§4).
    fn allow_block(&self, what: &str, it: &str, range: &Range<usize>) -> Result<(), Error> {
        let refusal = match self.open.last() {
            Some(Open::Item(_)) => format!(
                "{what} inside a list item is not supported in a post (an item holds text and nested lists); put {it} after the list"
            ),
            Some(Open::Footnote { .. }) => format!(
                "{what} inside a footnote is not supported in a post (a footnote holds paragraphs); put {it} in the text"
            ),
            _ => return Ok(()),
        };
        Err(self.refuse(range, &refusal))
    }

    /// A nested list comes after its item's text; a footnote holds no list.
    fn allow_list(&self, range: &Range<usize>) -> Result<(), Error> {
        match self.open.last() {
            Some(Open::Item(content)) if content.is_empty() => Err(self.refuse(
                range,
                "a list item that starts with a nested list is not supported in a post (an item starts with its text); write the item's text before the nested list",
            )),
            Some(Open::Footnote { .. }) => self.allow_block("a list", "the list", range),
            _ => Ok(()),
        }
    }

    fn footnote_reference(&mut self, label: &str, range: &Range<usize>) -> Result<(), Error> {
        let refusal = if self.image.is_some() {
            Some("a footnote inside an image's alt text is not supported in a post; put it in the text")
        } else if self.open.iter().any(|open| matches!(open, Open::Footnote { .. })) {
            Some("a footnote inside a footnote is not supported in a post; write the note in its text")
        } else {
            None
        };
        if let Some(what) = refusal {
            return Err(self.refuse(range, what));
        }
        self.references.push((label.to_ascii_lowercase(), range.start));
        let number = u32::try_from(self.references.len()).unwrap_or(u32::MAX);
        self.inline_content().push(Inline::FootnoteAnchor(number));
        Ok(())
    }

    /// The parser reads `[^x]` without a definition as text; left so, the writer would
    /// find a bracket where a footnote was meant.
    fn refuse_undefined_footnote(&self, range: &Range<usize>) -> Result<(), Error> {
        let written = self.source.get(range.clone()).unwrap_or_default();
        if written != "[" {
            return Ok(());
        }
        let after = self.source.get(range.end..).unwrap_or_default();
        let Some(label) = after
            .strip_prefix('^')
            .and_then(|rest| rest.split_once(']'))
            .map(|(label, _)| label)
        else {
            return Ok(());
        };
        if label.is_empty() || label.contains(char::is_whitespace) {
            return Ok(());
        }
        let what = format!(
            "the footnote [^{label}] has no definition; add a line \"[^{label}]: the note\" after the paragraph, or write \\[^{label}] for the brackets as text"
        );
        Err(self.refuse(range, &what))
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
        self.allow_block("an image", "the image", range)?;
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
            ..Image::default()
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
            Some(Open::Footnote { label, at, content }) => {
                self.definitions.push(Definition {
                    label,
                    at,
                    content: or_empty_paragraph(content),
                });
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
        let mut content = inline.content;
        trim_edges(&mut content);
        match inline.heading {
            Some(level) => self.push_block(Block::Heading { level, content }),
            None => match youtube_video(&content) {
                // A video alone in a top-level paragraph is shown as the video.
                Some(video_id) if self.open.is_empty() => self.push_block(Block::Youtube { video_id }),
                _ => self.push_inline(content),
            },
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
            Some(Open::Quote(content)) | Some(Open::Item(content)) | Some(Open::Footnote { content, .. }) => {
                content.push(block)
            }
            // Blocks of a list are in its items; a stray one starts an item.
            Some(Open::List { items, .. }) => items.push(ListItem { content: vec![block] }),
        }
    }

    /// The blocks, then a `footnote` for each reference, numbered in the order of the
    /// references (a definition referenced twice is repeated, as the editor numbers).
    fn finish(mut self) -> Result<Vec<Block>, Error> {
        self.close_inline();
        while !self.open.is_empty() {
            self.close_container();
        }
        for (index, definition) in self.definitions.iter().enumerate() {
            let label = &definition.label;
            let here = definition.at..definition.at;
            if let Some(first) = self.definitions.iter().take(index).find(|first| &first.label == label) {
                let what = format!(
                    "the footnote [^{label}] is defined twice (first on line {}); keep one definition",
                    self.line(first.at)
                );
                return Err(self.refuse(&here, &what));
            }
            if !self.references.iter().any(|(reference, _)| reference == label) {
                let what = format!(
                    "the footnote [^{label}] is never referred to; refer to it with [^{label}] in the text, or remove it"
                );
                return Err(self.refuse(&here, &what));
            }
        }
        let mut blocks = std::mem::take(&mut self.blocks);
        for (number, (label, at)) in (1u32..).zip(&self.references) {
            let Some(definition) = self.definitions.iter().find(|definition| &definition.label == label) else {
                let what = format!("the footnote [^{label}] has no definition; add a line \"[^{label}]: the note\"");
                return Err(self.refuse(&(*at..*at), &what));
            };
            blocks.push(Block::Footnote {
                number,
                content: definition.content.clone(),
            });
        }
        Ok(blocks)
    }

    /// The line (from 1) of the byte at `at`.
    fn line(&self, at: usize) -> usize {
        line_of(self.source, at)
    }

    /// `invalid-argument`: "Markdown line N: <what>".
    fn refuse(&self, range: &Range<usize>, what: &str) -> Error {
        Error::invalid_argument(format!("Markdown line {}: {what}", self.line(range.start)))
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

/// The line (from 1) of the byte at `at` in `source`.
fn line_of(source: &str, at: usize) -> usize {
    let before = source.get(..at).unwrap_or(source);
    before.bytes().filter(|&byte| byte == b'\n').count().saturating_add(1)
}

fn bad_marker(why: &str) -> String {
    format!(
        "the publisher-node marker is not a node: {why}; write <!-- publisher-node {{\"type\":…}} --> with the node's JSON"
    )
}

/// The id of the YouTube video a paragraph is, when it holds only its URL: as text, or as
/// a link whose text is its URL.
fn youtube_video(content: &[Inline]) -> Option<String> {
    let [Inline::Text(text)] = content else {
        return None;
    };
    let url = match text.marks.as_slice() {
        [] => text.text.as_str(),
        [Mark::Link { href }] if *href == text.text => href.as_str(),
        _ => return None,
    };
    video_id(url).map(str::to_string)
}

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
