//! The document of a note, `bodyJson` (http-contract-writes §2): the blocks and marks the
//! service has accepted in notes, and nothing else, so a body built from these types is one
//! the service takes. Written as JSON by hand (serde's derives cost kilobytes of wasm), in the
//! key order of the web app's requests.

#![deny(missing_docs)]

use crate::json::{push_list, push_optional_string, push_string};

/// A note's document: `{"type":"doc","attrs":{"schemaVersion":"v1"},"content":[…]}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NoteDoc {
    attrs: DocAttrs,
    /// The blocks, in order. Empty only for a note of attachments alone (§2.4).
    pub content: Vec<Block>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct DocAttrs {
    schema_version: &'static str,
}

impl Default for DocAttrs {
    fn default() -> Self {
        DocAttrs { schema_version: "v1" }
    }
}

/// A top-level block of a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// `{"type":"paragraph","content":[text…]}`
    Paragraph {
        /// The paragraph's text nodes; never empty.
        content: Vec<Text>,
    },
    /// `{"type":"bulletList","content":[listItem…]}` (no attrs, as the web composer sends it)
    BulletList {
        /// The items; never empty.
        content: Vec<ListItem>,
    },
    /// `{"type":"orderedList","attrs":{"start":n},"content":[listItem…]}`
    OrderedList {
        /// The number of the first item.
        attrs: OrderedListAttrs,
        /// The items; never empty.
        content: Vec<ListItem>,
    },
    /// `{"type":"blockquote","content":[paragraph…]}`
    Blockquote {
        /// The quoted paragraphs; never empty.
        content: Vec<Paragraph>,
    },
    /// `{"type":"codeBlock","attrs":{"language":null},"content":[text]}`: the text may hold `\n`.
    CodeBlock {
        /// Always `{"language":null}`.
        attrs: CodeBlockAttrs,
        /// One unmarked text node.
        content: Vec<Text>,
    },
}

/// The first number of an ordered list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderedListAttrs {
    /// The number of the first item.
    pub start: u64,
}

/// A code block's language: always `null`, as the web composer sends it; a language
/// name has no evidence in notes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CodeBlockAttrs {
    language: Option<&'static str>,
}

/// A paragraph inside a list item or a quote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Paragraph {
    /// The paragraph's text nodes; never empty.
    pub content: Vec<Text>,
}

/// `{"type":"listItem","content":[paragraph…]}`
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListItem {
    /// The item's paragraphs (the service's list items hold paragraphs only).
    pub content: Vec<Paragraph>,
}

/// `{"type":"text","text":…,"marks":[…]}`; plain text has no `marks` key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// The text, never empty.
    pub text: String,
    /// The marks, in the order bold, italic, link; or `code` alone.
    pub marks: Vec<Mark>,
}

/// A mark on a text node. `code` excludes the others in the editor, so a code node
/// carries `code` alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// `{"type":"bold"}`
    Bold,
    /// `{"type":"italic"}`
    Italic,
    /// `{"type":"code"}`
    Code,
    /// `{"type":"link","attrs":{…}}`
    Link {
        /// The target and the web app's three fixed attributes.
        attrs: LinkAttrs,
    },
}

/// A link mark's attributes: the four the web app sends (§2.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkAttrs {
    /// The link's target.
    pub href: String,
    target: &'static str,
    rel: &'static str,
    class: &'static str,
}

impl Mark {
    /// A link mark with the web app's attributes.
    pub fn link(href: impl Into<String>) -> Mark {
        Mark::Link {
            attrs: LinkAttrs {
                href: href.into(),
                target: "_blank",
                rel: "nofollow ugc noopener",
                class: "note-link",
            },
        }
    }
}

impl Text {
    /// A text node without marks.
    pub fn plain(text: impl Into<String>) -> Text {
        Text {
            text: text.into(),
            marks: Vec::new(),
        }
    }

    /// A text node with these marks.
    pub fn marked(text: impl Into<String>, marks: Vec<Mark>) -> Text {
        Text {
            text: text.into(),
            marks,
        }
    }
}

impl Block {
    /// A paragraph of these text nodes.
    pub fn paragraph(content: Vec<Text>) -> Block {
        Block::Paragraph { content }
    }

    /// An ordered list whose first item is numbered `start`.
    pub fn ordered_list(start: u64, content: Vec<ListItem>) -> Block {
        Block::OrderedList {
            attrs: OrderedListAttrs { start },
            content,
        }
    }

    /// A code block of this text (lines separated by `\n`).
    pub fn code_block(text: impl Into<String>) -> Block {
        Block::CodeBlock {
            attrs: CodeBlockAttrs::default(),
            content: vec![Text::plain(text)],
        }
    }
}

impl NoteDoc {
    /// A document of these blocks.
    pub fn new(content: Vec<Block>) -> NoteDoc {
        NoteDoc {
            attrs: DocAttrs::default(),
            content,
        }
    }

    /// The note's text as the service computes its `body` (§2.4): every paragraph (in a
    /// list item or a quote too) and every code block is a block; blocks are joined by a
    /// blank line. Publishing compares this with what it reads back.
    pub fn text(&self) -> String {
        fn join(content: &[Text]) -> String {
            content.iter().map(|node| node.text.as_str()).collect()
        }
        let mut blocks: Vec<String> = Vec::new();
        for block in &self.content {
            match block {
                Block::Paragraph { content } => blocks.push(join(content)),
                Block::CodeBlock { content, .. } => blocks.push(join(content)),
                Block::Blockquote { content } => {
                    blocks.extend(content.iter().map(|paragraph| join(&paragraph.content)))
                }
                Block::BulletList { content } | Block::OrderedList { content, .. } => blocks.extend(
                    content
                        .iter()
                        .flat_map(|item| item.content.iter().map(|paragraph| join(&paragraph.content))),
                ),
            }
        }
        blocks.join("\n\n")
    }

    /// The document as JSON, the value of `bodyJson`.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) {
        out.push_str(r#"{"type":"doc","attrs":{"schemaVersion":"#);
        push_string(out, self.attrs.schema_version);
        out.push_str(r#"},"content":"#);
        push_list(out, &self.content, Block::write_json);
        out.push('}');
    }
}

impl Block {
    fn write_json(&self, out: &mut String) {
        match self {
            Block::Paragraph { content } => {
                out.push_str(r#"{"type":"paragraph","content":"#);
                push_list(out, content, Text::write_json);
            }
            Block::BulletList { content } => {
                out.push_str(r#"{"type":"bulletList","content":"#);
                push_list(out, content, ListItem::write_json);
            }
            Block::OrderedList { attrs, content } => {
                out.push_str(r#"{"type":"orderedList","attrs":{"start":"#);
                out.push_str(&attrs.start.to_string());
                out.push_str(r#"},"content":"#);
                push_list(out, content, ListItem::write_json);
            }
            Block::Blockquote { content } => {
                out.push_str(r#"{"type":"blockquote","content":"#);
                push_list(out, content, Paragraph::write_json);
            }
            Block::CodeBlock { attrs, content } => {
                out.push_str(r#"{"type":"codeBlock","attrs":{"language":"#);
                push_optional_string(out, attrs.language);
                out.push_str(r#"},"content":"#);
                push_list(out, content, Text::write_json);
            }
        }
        out.push('}');
    }
}

impl Paragraph {
    fn write_json(&self, out: &mut String) {
        out.push_str(r#"{"type":"paragraph","content":"#);
        push_list(out, &self.content, Text::write_json);
        out.push('}');
    }
}

impl ListItem {
    fn write_json(&self, out: &mut String) {
        out.push_str(r#"{"type":"listItem","content":"#);
        push_list(out, &self.content, Paragraph::write_json);
        out.push('}');
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
            Mark::Bold => out.push_str(r#"{"type":"bold"}"#),
            Mark::Italic => out.push_str(r#"{"type":"italic"}"#),
            Mark::Code => out.push_str(r#"{"type":"code"}"#),
            Mark::Link { attrs } => {
                out.push_str(r#"{"type":"link","attrs":{"href":"#);
                push_string(out, &attrs.href);
                out.push_str(r#","target":"#);
                push_string(out, attrs.target);
                out.push_str(r#","rel":"#);
                push_string(out, attrs.rel);
                out.push_str(r#","class":"#);
                push_string(out, attrs.class);
                out.push_str("}}");
            }
        }
    }
}

/// The body of `POST comment/feed/` (§2.1): the document, `replyMinimumRole`, and the
/// attachment ids and the parent of a reply when there are some.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteRequest<'a> {
    /// The note's document.
    pub body_json: &'a NoteDoc,
    reply_minimum_role: &'static str,
    /// Attachments created before the publish, in the order they are shown.
    pub attachment_ids: &'a [String],
    /// The note or reply this one answers.
    pub parent_id: Option<u64>,
}

impl<'a> NoteRequest<'a> {
    /// The request publishing `body_json` with these attachments, as a reply to `parent_id`.
    pub fn new(body_json: &'a NoteDoc, attachment_ids: &'a [String], parent_id: Option<u64>) -> Self {
        NoteRequest {
            body_json,
            reply_minimum_role: "everyone",
            attachment_ids,
            parent_id,
        }
    }

    /// The JSON body.
    pub fn to_json(&self) -> String {
        let mut out = String::from(r#"{"bodyJson":"#);
        self.body_json.write_json(&mut out);
        out.push_str(r#","replyMinimumRole":"#);
        push_string(&mut out, self.reply_minimum_role);
        if !self.attachment_ids.is_empty() {
            out.push_str(r#","attachmentIds":"#);
            push_list(&mut out, self.attachment_ids, |id, out| push_string(out, id));
        }
        if let Some(parent_id) = self.parent_id {
            out.push_str(r#","parent_id":"#);
            out.push_str(&parent_id.to_string());
        }
        out.push('}');
        out
    }
}

/// A short notation of a document for tests: `P(…)` paragraph, `UL[…]`/`OLn[…]` lists with
/// items split by `|`, `Q[…]` quote, `CODE(…)` code block; a text node is its text quoted,
/// after its marks: `b` bold, `i` italic, `c` code, `l<href>` link.
#[cfg(test)]
pub(crate) mod notation {
    use super::*;

    fn render_text(node: &Text) -> String {
        let mut marks = String::new();
        for mark in &node.marks {
            match mark {
                Mark::Bold => marks.push('b'),
                Mark::Italic => marks.push('i'),
                Mark::Code => marks.push('c'),
                Mark::Link { attrs } => marks.push_str(&format!("l<{}>", attrs.href)),
            }
        }
        format!("{marks}{:?}", node.text)
    }

    fn render_paragraph(content: &[Text]) -> String {
        let nodes: Vec<String> = content.iter().map(render_text).collect();
        format!("P({})", nodes.join(" "))
    }

    fn render_paragraphs(paragraphs: &[Paragraph]) -> String {
        let rendered: Vec<String> = paragraphs
            .iter()
            .map(|paragraph| render_paragraph(&paragraph.content))
            .collect();
        rendered.join(" ")
    }

    fn render_items(items: &[ListItem]) -> String {
        let rendered: Vec<String> = items.iter().map(|item| render_paragraphs(&item.content)).collect();
        rendered.join(" | ")
    }

    pub(crate) fn render(blocks: &[Block]) -> String {
        let rendered: Vec<String> = blocks
            .iter()
            .map(|block| match block {
                Block::Paragraph { content } => render_paragraph(content),
                Block::BulletList { content } => format!("UL[{}]", render_items(content)),
                Block::OrderedList { attrs, content } => {
                    format!("OL{}[{}]", attrs.start, render_items(content))
                }
                Block::Blockquote { content } => format!("Q[{}]", render_paragraphs(content)),
                Block::CodeBlock { content, .. } => {
                    let text: String = content.iter().map(|node| node.text.as_str()).collect();
                    format!("CODE({text:?})")
                }
            })
            .collect();
        rendered.join(" ")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn the_shapes_of_http_contract_writes_2() {
        let doc = NoteDoc::new(vec![
            Block::paragraph(vec![
                Text::marked("b", vec![Mark::Bold, Mark::Italic]),
                Text::plain(" "),
                Text::marked("l", vec![Mark::link("https://example.test/")]),
            ]),
            Block::BulletList {
                content: vec![ListItem {
                    content: vec![Paragraph {
                        content: vec![Text::plain("one")],
                    }],
                }],
            },
            Block::ordered_list(
                1,
                vec![ListItem {
                    content: vec![Paragraph {
                        content: vec![Text::plain("first")],
                    }],
                }],
            ),
            Block::Blockquote {
                content: vec![Paragraph {
                    content: vec![Text::marked("q", vec![Mark::Code])],
                }],
            },
            Block::code_block("a\nb"),
        ]);
        assert_eq!(
            doc.to_json(),
            concat!(
                r#"{"type":"doc","attrs":{"schemaVersion":"v1"},"content":["#,
                r#"{"type":"paragraph","content":[{"type":"text","text":"b","marks":[{"type":"bold"},{"type":"italic"}]},{"type":"text","text":" "},"#,
                r#"{"type":"text","text":"l","marks":[{"type":"link","attrs":{"href":"https://example.test/","target":"_blank","rel":"nofollow ugc noopener","class":"note-link"}}]}]},"#,
                r#"{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"one"}]}]}]},"#,
                r#"{"type":"orderedList","attrs":{"start":1},"content":[{"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"first"}]}]}]},"#,
                r#"{"type":"blockquote","content":[{"type":"paragraph","content":[{"type":"text","text":"q","marks":[{"type":"code"}]}]}]},"#,
                r#"{"type":"codeBlock","attrs":{"language":null},"content":[{"type":"text","text":"a\nb"}]}]}"#
            )
        );
        assert_eq!(doc.text(), "b l\n\none\n\nfirst\n\nq\n\na\nb");
    }

    #[test]
    fn the_request_envelope_adds_attachments_and_the_parent_only_when_given() {
        let doc = NoteDoc::new(vec![Block::paragraph(vec![Text::plain("Hello")])]);
        assert_eq!(
            NoteRequest::new(&doc, &[], None).to_json(),
            r#"{"bodyJson":{"type":"doc","attrs":{"schemaVersion":"v1"},"content":[{"type":"paragraph","content":[{"type":"text","text":"Hello"}]}]},"replyMinimumRole":"everyone"}"#
        );
        let ids = ["19b5d6f9-46db-47d6-b381-17cb5f443c00".to_string()];
        let empty = NoteDoc::new(Vec::new());
        assert_eq!(
            NoteRequest::new(&empty, &ids, Some(131_643_486)).to_json(),
            r#"{"bodyJson":{"type":"doc","attrs":{"schemaVersion":"v1"},"content":[]},"replyMinimumRole":"everyone","attachmentIds":["19b5d6f9-46db-47d6-b381-17cb5f443c00"],"parent_id":131643486}"#
        );
    }

    #[test]
    fn the_web_apps_own_rich_note_serialises_to_its_body_json() {
        // The local service stores the document it was sent; the fixture is the answer
        // to publishing the web app's rich note.
        let sample = crate::test_support::fixture("publish-response.json");
        let doc = web_app_rich_note();
        let ours: serde_json::Value = serde_json::from_str(&doc.to_json()).unwrap();
        assert_eq!(ours, sample["body_json"]);
    }

    /// The web app's own rich note (the real `comment/response.json`), rebuilt from these
    /// types: styled paragraphs, both lists, a quote and a code block.
    pub(crate) fn web_app_rich_note() -> NoteDoc {
        let para = |text: Text| Paragraph { content: vec![text] };
        let item = |text: &str| ListItem {
            content: vec![para(Text::plain(text))],
        };
        NoteDoc::new(vec![
            Block::paragraph(vec![Text::marked("test", vec![Mark::Bold])]),
            Block::paragraph(vec![Text::marked("test1", vec![Mark::Italic])]),
            Block::paragraph(vec![Text::marked("another test", vec![Mark::Code])]),
            Block::paragraph(vec![Text::plain("just a test")]),
            Block::BulletList {
                content: vec![item("test again")],
            },
            Block::ordered_list(1, vec![item("test test"), item("test")]),
            Block::Blockquote {
                content: vec![para(Text::plain("test test test"))],
            },
            Block::code_block("and test"),
        ])
    }
}
