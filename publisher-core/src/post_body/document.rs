//! The document of a post, `draft_body`: the post editor's ProseMirror schema, with the
//! node names and attributes the editor itself writes (`highlighted_code_block`,
//! `bullet_list`, `captionedImage` holding `image2`, …; http-contract-drafts §4), which
//! differ from a note's. Written as JSON by hand (serde's derives cost kilobytes of wasm),
//! `type` first, then `attrs`, then `content`; a node without content has no `content`
//! key. A node the client cannot write itself is kept as the JSON it was given.

#![deny(missing_docs)]

use crate::json::{push_list, push_optional_string, push_string};

/// A post's document: `{"type":"doc","content":[…]}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostDoc {
    /// The blocks, in order.
    pub content: Vec<Block>,
}

/// A block of a post: at the top level, in a list item or in a quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// `{"type":"paragraph","attrs":{"textAlign":null},"content":[inline…]}`, the
    /// attribute as the editor writes it; an empty paragraph has no `content`.
    Paragraph {
        /// The paragraph's text nodes and line breaks.
        content: Vec<Inline>,
    },
    /// `{"type":"heading","attrs":{"level":n},"content":[inline…]}`
    Heading {
        /// 1 to 6.
        level: u8,
        /// The heading's text nodes and line breaks.
        content: Vec<Inline>,
    },
    /// `{"type":"bullet_list","content":[list_item…]}`
    BulletList {
        /// The items.
        content: Vec<ListItem>,
    },
    /// `{"type":"ordered_list","content":[list_item…]}`, with `"attrs":{"start":n}` when
    /// the first number is not 1.
    OrderedList {
        /// The number of the first item.
        start: u64,
        /// The items.
        content: Vec<ListItem>,
    },
    /// `{"type":"blockquote","content":[block…]}`
    Blockquote {
        /// The quoted blocks.
        content: Vec<Block>,
    },
    /// `{"type":"highlighted_code_block","attrs":{"language":…,"nodeId":null},"content":[text]}`:
    /// the code block the editor renders (`codeBlock` is stored but not shown).
    CodeBlock {
        /// A highlight.js name, lowercase (`plaintext` when the fence has none).
        language: String,
        /// The code, lines separated by `\n`; an empty block has no `content`.
        text: String,
    },
    /// `{"type":"horizontal_rule"}`
    HorizontalRule,
    /// `{"type":"captionedImage","content":[image2, caption?]}`
    CaptionedImage(Image),
    /// `{"type":"paywall"}`: where free readers stop; at most one per post.
    Paywall,
    /// `{"type":"youtube2","attrs":{"videoId":…}}`
    Youtube {
        /// The video's id (11 characters), not its URL.
        video_id: String,
    },
    /// `{"type":"footnote","attrs":{"number":n},"content":[paragraph…]}`, after the text.
    Footnote {
        /// The number of its `footnoteAnchor`.
        number: u32,
        /// Its paragraphs.
        content: Vec<Block>,
    },
    /// A node kept as its JSON text, written back verbatim (a node Markdown cannot
    /// express, carried by a marker).
    Raw(String),
}

/// `{"type":"list_item","content":[block…]}`
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListItem {
    /// The item's blocks: its paragraphs, and the lists nested in it.
    pub content: Vec<Block>,
}

/// The `image2` of a `captionedImage`, and its `caption` when it has a title. Its other
/// attributes are written as the editor writes them (`fullscreen`, `imageSize`,
/// `resizeWidth`, `href`, `internalRedirect` null, `belowTheFold` false).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Image {
    /// `attrs.src`: the image's address (an uploaded image's URL, once uploaded).
    pub src: String,
    /// `attrs.alt`, `null` when there is none.
    pub alt: Option<String>,
    /// `attrs.title`, `null` when there is none; also the text of the `caption` node.
    pub title: Option<String>,
    /// `attrs.width` in pixels, from the upload's answer; `null` until then.
    pub width: Option<u64>,
    /// `attrs.height` in pixels, from the upload's answer; `null` until then.
    pub height: Option<u64>,
    /// `attrs.bytes`, the file's size, from the upload's answer; `null` until then.
    pub bytes: Option<u64>,
    /// `attrs.type`, the MIME type, from the upload's answer; `null` until then.
    pub content_type: Option<String>,
}

/// What the service answered for an uploaded image: what its `image2` carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UploadedImage {
    /// The hosted URL (`src`).
    pub url: String,
    /// Width in pixels, when known.
    pub width: Option<u64>,
    /// Height in pixels, when known.
    pub height: Option<u64>,
    /// Size of the file, when known.
    pub bytes: Option<u64>,
    /// MIME type, when known.
    pub content_type: Option<String>,
}

/// A node of a paragraph or a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    /// `{"type":"text","text":…,"marks":[…]}`
    Text(Text),
    /// `{"type":"hard_break"}`
    HardBreak,
    /// `{"type":"footnoteAnchor","attrs":{"number":n}}`
    FootnoteAnchor(u32),
    /// An inline node kept as its JSON text, written back verbatim.
    Raw(String),
}

/// `{"type":"text","text":…,"marks":[…]}`; plain text has no `marks` key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// The text, never empty.
    pub text: String,
    /// The marks, in the order strong, em, strikethrough, code, link.
    pub marks: Vec<Mark>,
}

/// A mark on a text node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// `{"type":"strong"}`
    Strong,
    /// `{"type":"em"}`
    Em,
    /// `{"type":"strikethrough"}`
    Strikethrough,
    /// `{"type":"code"}`
    Code,
    /// `{"type":"link","attrs":{"href":…}}`
    Link {
        /// The link's target.
        href: String,
    },
}

impl Text {
    /// A text node with these marks.
    pub fn marked(text: impl Into<String>, marks: Vec<Mark>) -> Text {
        Text {
            text: text.into(),
            marks,
        }
    }
}

impl PostDoc {
    /// A document of these blocks.
    pub fn new(content: Vec<Block>) -> PostDoc {
        PostDoc { content }
    }

    /// The document as compact JSON: the text `draft_body` carries.
    pub fn to_json(&self) -> String {
        let mut out = String::from(r#"{"type":"doc","content":"#);
        push_list(&mut out, &self.content, Block::write_json);
        out.push('}');
        out
    }

    /// The `src` of every image, in the order they appear (duplicates kept).
    pub fn image_sources(&self) -> Vec<String> {
        let mut sources = Vec::new();
        visit_images(&self.content, &mut |image| sources.push(image.src.clone()));
        sources
    }

    /// Sets `src` to `to` on every image whose `src` is `from` (a named image, once
    /// uploaded, takes its URL); returns how many images changed.
    pub fn replace_image_source(&mut self, from: &str, to: &str) -> usize {
        self.set_uploaded(
            from,
            &UploadedImage {
                url: to.to_string(),
                ..UploadedImage::default()
            },
        )
    }

    /// Gives every image whose `src` is `name` the upload's answer: its URL as `src`, and
    /// its width, height, size and type; returns how many images changed.
    pub fn set_uploaded(&mut self, name: &str, uploaded: &UploadedImage) -> usize {
        let mut replaced = 0usize;
        visit_images_mut(&mut self.content, &mut |image| {
            if image.src == name {
                image.src.clone_from(&uploaded.url);
                image.width = uploaded.width;
                image.height = uploaded.height;
                image.bytes = uploaded.bytes;
                image.content_type.clone_from(&uploaded.content_type);
                replaced = replaced.saturating_add(1);
            }
        });
        replaced
    }
}

fn visit_images(blocks: &[Block], visit: &mut dyn FnMut(&Image)) {
    for block in blocks {
        match block {
            Block::CaptionedImage(image) => visit(image),
            Block::Blockquote { content } => visit_images(content, visit),
            Block::BulletList { content } | Block::OrderedList { content, .. } => {
                for item in content {
                    visit_images(&item.content, visit);
                }
            }
            Block::Footnote { content, .. } => visit_images(content, visit),
            Block::Paragraph { .. }
            | Block::Heading { .. }
            | Block::CodeBlock { .. }
            | Block::HorizontalRule
            | Block::Paywall
            | Block::Youtube { .. }
            | Block::Raw(_) => {}
        }
    }
}

fn visit_images_mut(blocks: &mut [Block], visit: &mut dyn FnMut(&mut Image)) {
    for block in blocks {
        match block {
            Block::CaptionedImage(image) => visit(image),
            Block::Blockquote { content } => visit_images_mut(content, visit),
            Block::BulletList { content } | Block::OrderedList { content, .. } => {
                for item in content {
                    visit_images_mut(&mut item.content, visit);
                }
            }
            Block::Footnote { content, .. } => visit_images_mut(content, visit),
            Block::Paragraph { .. }
            | Block::Heading { .. }
            | Block::CodeBlock { .. }
            | Block::HorizontalRule
            | Block::Paywall
            | Block::Youtube { .. }
            | Block::Raw(_) => {}
        }
    }
}

/// `,"content":[…]`, left out when there is nothing in it (ProseMirror reads a missing
/// `content` as empty, and a text node may not be empty).
fn write_content<T>(out: &mut String, items: &[T], write: fn(&T, &mut String)) {
    if !items.is_empty() {
        out.push_str(r#","content":"#);
        push_list(out, items, write);
    }
}

impl Block {
    fn write_json(&self, out: &mut String) {
        match self {
            Block::Paragraph { content } => {
                out.push_str(r#"{"type":"paragraph","attrs":{"textAlign":null}"#);
                write_content(out, content, Inline::write_json);
            }
            Block::Heading { level, content } => {
                out.push_str(r#"{"type":"heading","attrs":{"level":"#);
                out.push_str(&level.to_string());
                out.push('}');
                write_content(out, content, Inline::write_json);
            }
            Block::BulletList { content } => {
                out.push_str(r#"{"type":"bullet_list""#);
                write_content(out, content, ListItem::write_json);
            }
            Block::OrderedList { start, content } => {
                out.push_str(r#"{"type":"ordered_list""#);
                if *start != 1 {
                    out.push_str(r#","attrs":{"start":"#);
                    out.push_str(&start.to_string());
                    out.push('}');
                }
                write_content(out, content, ListItem::write_json);
            }
            Block::Blockquote { content } => {
                out.push_str(r#"{"type":"blockquote""#);
                write_content(out, content, Block::write_json);
            }
            Block::CodeBlock { language, text } => {
                out.push_str(r#"{"type":"highlighted_code_block","attrs":{"language":"#);
                push_string(out, language);
                out.push_str(r#","nodeId":null}"#);
                if !text.is_empty() {
                    out.push_str(r#","content":[{"type":"text","text":"#);
                    push_string(out, text);
                    out.push_str("}]");
                }
            }
            Block::HorizontalRule => out.push_str(r#"{"type":"horizontal_rule""#),
            Block::CaptionedImage(image) => {
                out.push_str(r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"#);
                push_string(out, &image.src);
                out.push_str(r#","fullscreen":null,"imageSize":null,"height":"#);
                push_optional_number(out, image.height);
                out.push_str(r#","width":"#);
                push_optional_number(out, image.width);
                out.push_str(r#","resizeWidth":null,"bytes":"#);
                push_optional_number(out, image.bytes);
                out.push_str(r#","alt":"#);
                push_optional_string(out, image.alt.as_deref());
                out.push_str(r#","title":"#);
                push_optional_string(out, image.title.as_deref());
                out.push_str(r#","type":"#);
                push_optional_string(out, image.content_type.as_deref());
                out.push_str(r#","href":null,"belowTheFold":false,"internalRedirect":null}}"#);
                if let Some(title) = &image.title {
                    out.push_str(r#",{"type":"caption","content":[{"type":"text","text":"#);
                    push_string(out, title);
                    out.push_str("}]}");
                }
                out.push(']');
            }
            Block::Paywall => out.push_str(r#"{"type":"paywall""#),
            Block::Youtube { video_id } => {
                out.push_str(r#"{"type":"youtube2","attrs":{"videoId":"#);
                push_string(out, video_id);
                out.push('}');
            }
            Block::Footnote { number, content } => {
                out.push_str(r#"{"type":"footnote","attrs":{"number":"#);
                out.push_str(&number.to_string());
                out.push('}');
                write_content(out, content, Block::write_json);
            }
            // Verbatim, closing brace included.
            Block::Raw(json) => return out.push_str(json),
        }
        out.push('}');
    }
}

fn push_optional_number(out: &mut String, value: Option<u64>) {
    match value {
        Some(value) => out.push_str(&value.to_string()),
        None => out.push_str("null"),
    }
}

impl ListItem {
    fn write_json(&self, out: &mut String) {
        out.push_str(r#"{"type":"list_item""#);
        write_content(out, &self.content, Block::write_json);
        out.push('}');
    }
}

impl Inline {
    fn write_json(&self, out: &mut String) {
        match self {
            Inline::Text(text) => text.write_json(out),
            Inline::HardBreak => out.push_str(r#"{"type":"hard_break"}"#),
            Inline::FootnoteAnchor(number) => {
                out.push_str(r#"{"type":"footnoteAnchor","attrs":{"number":"#);
                out.push_str(&number.to_string());
                out.push_str("}}");
            }
            Inline::Raw(json) => out.push_str(json),
        }
    }
}

impl Text {
    fn write_json(&self, out: &mut String) {
        out.push_str(r#"{"type":"text","text":"#);
        push_string(out, &self.text);
        if !self.marks.is_empty() {
            out.push_str(r#","marks":"#);
            push_list(out, &self.marks, Mark::write_json);
        }
        out.push('}');
    }
}

impl Mark {
    fn write_json(&self, out: &mut String) {
        match self {
            Mark::Strong => out.push_str(r#"{"type":"strong"}"#),
            Mark::Em => out.push_str(r#"{"type":"em"}"#),
            Mark::Strikethrough => out.push_str(r#"{"type":"strikethrough"}"#),
            Mark::Code => out.push_str(r#"{"type":"code"}"#),
            Mark::Link { href } => {
                out.push_str(r#"{"type":"link","attrs":{"href":"#);
                push_string(out, href);
                out.push_str("}}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(src: &str) -> Block {
        Block::CaptionedImage(Image {
            src: src.to_string(),
            ..Image::default()
        })
    }

    /// Images at the top level, in a quote and in a nested list item.
    fn doc_with_images() -> PostDoc {
        PostDoc::new(vec![
            image("a.png"),
            Block::Blockquote {
                content: vec![image("b.png")],
            },
            Block::BulletList {
                content: vec![ListItem {
                    content: vec![Block::OrderedList {
                        start: 1,
                        content: vec![ListItem {
                            content: vec![image("a.png")],
                        }],
                    }],
                }],
            },
        ])
    }

    #[test]
    fn image_sources_lists_every_image_in_document_order() {
        assert_eq!(doc_with_images().image_sources(), ["a.png", "b.png", "a.png"]);
    }

    #[test]
    fn replace_image_source_changes_every_match_and_counts_them() {
        let mut doc = doc_with_images();
        assert_eq!(doc.replace_image_source("a.png", "https://cdn.test/a.png"), 2);
        assert_eq!(
            doc.image_sources(),
            ["https://cdn.test/a.png", "b.png", "https://cdn.test/a.png"]
        );
        assert_eq!(doc.replace_image_source("missing.png", "x"), 0);
    }

    #[test]
    fn empty_containers_have_no_content_key_and_strings_are_escaped() {
        let doc = PostDoc::new(vec![
            Block::Paragraph { content: Vec::new() },
            Block::CodeBlock {
                language: "plaintext".into(),
                text: String::new(),
            },
            Block::Paragraph {
                content: vec![Inline::Text(Text::marked("\"q\"\n", Vec::new()))],
            },
        ]);
        assert_eq!(
            doc.to_json(),
            concat!(
                r#"{"type":"doc","content":[{"type":"paragraph","attrs":{"textAlign":null}},"#,
                r#"{"type":"highlighted_code_block","attrs":{"language":"plaintext","nodeId":null}},"#,
                r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"\"q\"\n"}]}]}"#
            )
        );
    }
}
