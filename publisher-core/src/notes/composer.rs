//! The note a `NoteBuilder` fills (interface §4.3 and what http-contract-writes §2 adds):
//! paragraphs of plain, bold, italic, code and linked text, lists, quotes, code blocks,
//! blocks made from Markdown, attachments, and the note it replies to. Every argument is
//! checked when it is added, so a bad one fails at the call that passed it.

#![deny(missing_docs)]

use crate::error::Error;
use crate::ids::{Id, NoteId};
use crate::notes::document::{Block, ListItem, Mark, NoteDoc, NoteRequest, Paragraph, Text};
use crate::notes::image::ImageData;

/// How text added to the current paragraph looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// No mark.
    Plain,
    /// `bold`
    Bold,
    /// `italic`
    Italic,
    /// `code` (inline)
    Code,
}

impl Style {
    fn method(self) -> &'static str {
        match self {
            Style::Plain => "simple",
            Style::Bold => "bold",
            Style::Italic => "italic",
            Style::Code => "code",
        }
    }

    fn marks(self) -> Vec<Mark> {
        match self {
            Style::Plain => Vec::new(),
            Style::Bold => vec![Mark::Bold],
            Style::Italic => vec![Mark::Italic],
            Style::Code => vec![Mark::Code],
        }
    }
}

/// A note being built.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NoteComposer {
    blocks: Vec<Block>,
    /// Whether the last block is a paragraph that inline text still goes to.
    paragraph_open: bool,
    attachments: Vec<Attachment>,
    parent: Option<NoteId>,
}

fn nonempty(method: &str, what: &str, text: &str) -> Result<(), Error> {
    if text.is_empty() {
        Err(Error::invalid_argument(format!(
            "{method}({what}) needs a non-empty text"
        )))
    } else {
        Ok(())
    }
}

/// Whether `url` is an absolute http(s) address, the only targets a note's links and
/// cards are known to take.
fn is_web_address(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        url.get(8..)
    } else if lower.starts_with("http://") {
        url.get(7..)
    } else {
        None
    };
    rest.is_some_and(|rest| {
        !rest.is_empty() && !rest.starts_with('/') && !url.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

fn web_address(method: &str, url: &str) -> Result<(), Error> {
    if is_web_address(url) {
        Ok(())
    } else {
        Err(Error::invalid_argument(format!(
            "{method} needs an http:// or https:// address"
        )))
    }
}

/// Paragraphs from text lines; empty lines are left out.
fn paragraphs(text: &str) -> Vec<Paragraph> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| Paragraph {
            content: vec![Text::plain(line)],
        })
        .collect()
}

impl NoteComposer {
    /// A note whose first paragraph starts with `text`, when given.
    pub fn new(text: Option<&str>) -> Result<Self, Error> {
        let mut note = NoteComposer::default();
        if let Some(text) = text {
            note.paragraph(text)
                .map_err(|_| Error::invalid_argument("the note's initial text must not be empty"))?;
        }
        Ok(note)
    }

    /// `note(text)`: starts a new paragraph with `text` as plain text.
    pub fn paragraph(&mut self, text: &str) -> Result<(), Error> {
        nonempty("note", "text", text)?;
        self.blocks.push(Block::paragraph(vec![Text::plain(text)]));
        self.paragraph_open = true;
        Ok(())
    }

    /// `simple`, `bold`, `italic`, `code`: adds text to the current paragraph, opening
    /// one when the note ends with another kind of block.
    pub fn add(&mut self, text: &str, style: Style) -> Result<(), Error> {
        nonempty(style.method(), "text", text)?;
        self.push_inline(Text::marked(text, style.marks()));
        Ok(())
    }

    /// `link(text, url)`: adds linked text to the current paragraph.
    pub fn link(&mut self, text: &str, url: &str) -> Result<(), Error> {
        nonempty("link", "text, url", text)?;
        web_address("link(text, url)", url)?;
        self.push_inline(Text::marked(text, vec![Mark::link(url)]));
        Ok(())
    }

    fn push_inline(&mut self, text: Text) {
        if self.paragraph_open {
            if let Some(Block::Paragraph { content }) = self.blocks.last_mut() {
                content.push(text);
                return;
            }
        }
        self.blocks.push(Block::paragraph(vec![text]));
        self.paragraph_open = true;
    }

    fn push_block(&mut self, block: Block) {
        self.blocks.push(block);
        self.paragraph_open = false;
    }

    /// `bulletList(items)` or `orderedList(items, start)`: a list of plain items; a line
    /// break in an item starts another paragraph of that item.
    pub fn list(&mut self, items: &[String], start: Option<u64>) -> Result<(), Error> {
        let method = if start.is_some() {
            "orderedList(items)"
        } else {
            "bulletList(items)"
        };
        let items: Vec<ListItem> = items
            .iter()
            .map(|item| ListItem {
                content: paragraphs(item),
            })
            .collect();
        if items.is_empty() || items.iter().any(|item| item.content.is_empty()) {
            return Err(Error::invalid_argument(format!(
                "{method} needs at least one item, and no empty item"
            )));
        }
        self.push_block(match start {
            Some(start) => Block::ordered_list(start, items),
            None => Block::BulletList { content: items },
        });
        Ok(())
    }

    /// `quote(text)`: a block quote, one paragraph per line.
    pub fn quote(&mut self, text: &str) -> Result<(), Error> {
        let content = paragraphs(text);
        if content.is_empty() {
            return Err(Error::invalid_argument("quote(text) needs a non-empty text"));
        }
        self.push_block(Block::Blockquote { content });
        Ok(())
    }

    /// `codeBlock(text)`: a code block; line breaks are kept.
    pub fn code_block(&mut self, text: &str) -> Result<(), Error> {
        let text = text.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            return Err(Error::invalid_argument("codeBlock(text) needs a non-empty text"));
        }
        self.push_block(Block::code_block(text));
        Ok(())
    }

    /// Appends blocks made elsewhere (from Markdown).
    pub fn blocks(&mut self, blocks: Vec<Block>) {
        for block in blocks {
            self.push_block(block);
        }
    }

    /// `attachLink(url)`: a link card, made before the publish.
    pub fn attach_link(&mut self, url: &str) -> Result<(), Error> {
        web_address("attachLink(url)", url)?;
        self.attachments.push(Attachment::Link(url.to_string()));
        Ok(())
    }

    /// `attachImage(data)`: an image, uploaded before the publish.
    pub fn attach_image(&mut self, image: ImageData) {
        self.attachments.push(Attachment::Image(image));
    }

    /// `replyTo(noteId)`: publish as a reply to this note or reply.
    pub fn reply_to(&mut self, parent: NoteId) {
        self.parent = Some(parent);
    }

    /// Whether nothing has been added yet (no text, no attachment).
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.attachments.is_empty()
    }

    /// The `POST comment/feed` body of this note as it stands (attachments not yet made).
    pub fn request_body(&self) -> Result<String, Error> {
        let note = self.to_publish()?;
        Ok(NoteRequest::new(&note.doc, &[], note.parent.map(|id| id.get())).to_json())
    }

    /// The note to publish. Blank text (empty or whitespace only, in every block) counts
    /// as no text, in every write path: without an attachment such a note is refused,
    /// with one it is published as the attachment alone.
    pub fn to_publish(&self) -> Result<NoteToPublish, Error> {
        if self.is_empty() {
            return Err(Error::invalid_argument(
                "a note needs some text or an attachment: add a paragraph before publish()",
            ));
        }
        let doc = NoteDoc::new(self.blocks.clone());
        let blank = doc.text().trim().is_empty();
        if blank && self.attachments.is_empty() {
            return Err(Error::invalid_argument(
                "a note needs some text or an attachment: its text is only whitespace",
            ));
        }
        Ok(NoteToPublish {
            doc: if blank { NoteDoc::new(Vec::new()) } else { doc },
            attachments: self.attachments.clone(),
            parent: self.parent,
        })
    }
}

/// An attachment to make before publishing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attachment {
    /// A link card for this URL.
    Link(String),
    /// An image, uploaded first.
    Image(ImageData),
}

/// A note to publish: its document, its attachments in the order shown, and the note it
/// answers when it is a reply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NoteToPublish {
    /// The document (may be empty when there are attachments).
    pub doc: NoteDoc,
    /// Attachments, made in this order before the publish.
    pub attachments: Vec<Attachment>,
    /// The note or reply this one answers.
    pub parent: Option<NoteId>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn body(note: &NoteComposer) -> String {
        note.request_body().unwrap()
    }

    #[test]
    fn the_five_methods_send_what_they_always_sent() {
        let mut note = NoteComposer::new(Some("Hello")).unwrap();
        note.add(" world", Style::Bold).unwrap();
        note.paragraph("second").unwrap();
        note.add("it", Style::Italic).unwrap();
        assert_eq!(
            body(&note),
            concat!(
                r#"{"bodyJson":{"type":"doc","attrs":{"schemaVersion":"v1"},"content":["#,
                r#"{"type":"paragraph","content":[{"type":"text","text":"Hello"},{"type":"text","text":" world","marks":[{"type":"bold"}]}]},"#,
                r#"{"type":"paragraph","content":[{"type":"text","text":"second"},{"type":"text","text":"it","marks":[{"type":"italic"}]}]}]},"#,
                r#""replyMinimumRole":"everyone"}"#
            )
        );
    }

    #[test]
    fn links_code_lists_quotes_and_code_blocks() {
        let mut note = NoteComposer::new(Some("See ")).unwrap();
        note.link("this", "https://e.test/a").unwrap();
        note.add("x()", Style::Code).unwrap();
        note.list(&["one".into(), "two\nmore".into()], None).unwrap();
        note.add("after the list", Style::Plain).unwrap();
        note.list(&["first".into()], Some(3)).unwrap();
        note.quote("quoted\n\nagain").unwrap();
        note.code_block("let a = 1;\nlet b = 2;\n").unwrap();
        let note = note.to_publish().unwrap();
        assert_eq!(
            crate::notes::document::notation::render(&note.doc.content),
            r#"P("See " l<https://e.test/a>"this" c"x()") UL[P("one") | P("two") P("more")] P("after the list") OL3[P("first")] Q[P("quoted") P("again")] CODE("let a = 1;\nlet b = 2;")"#
        );
        assert_eq!(
            note.doc.text(),
            "See thisx()\n\none\n\ntwo\n\nmore\n\nafter the list\n\nfirst\n\nquoted\n\nagain\n\nlet a = 1;\nlet b = 2;"
        );
    }

    #[test]
    fn replies_and_attachments() {
        let mut note = NoteComposer::default();
        note.attach_link("https://e.test/card").unwrap();
        note.reply_to(NoteId::from_f64(99.0).unwrap());
        let note = note.to_publish().unwrap();
        assert!(note.doc.content.is_empty());
        assert_eq!(note.attachments, vec![Attachment::Link("https://e.test/card".into())]);
        assert_eq!(note.parent.map(|id| id.get()), Some(99));
    }

    #[test]
    fn bad_arguments_fail_at_the_call_that_passed_them() {
        let mut note = NoteComposer::default();
        for (result, expected) in [
            (note.add("", Style::Code), "code(text) needs a non-empty text"),
            (
                note.link("", "https://e.test"),
                "link(text, url) needs a non-empty text",
            ),
            (
                note.link("x", "javascript:alert(1)"),
                "link(text, url) needs an http:// or https:// address",
            ),
            (
                note.link("x", "/relative"),
                "link(text, url) needs an http:// or https:// address",
            ),
            (
                note.link("x", "https://"),
                "link(text, url) needs an http:// or https:// address",
            ),
            (
                note.link("x", "https://e.test/a b"),
                "link(text, url) needs an http:// or https:// address",
            ),
            (
                note.attach_link("data:text/html,x"),
                "attachLink(url) needs an http:// or https:// address",
            ),
            (
                note.list(&[], None),
                "bulletList(items) needs at least one item, and no empty item",
            ),
            (
                note.list(&["a".into(), " ".into()], Some(1)),
                "orderedList(items) needs at least one item, and no empty item",
            ),
            (note.quote("\n \n"), "quote(text) needs a non-empty text"),
            (note.code_block("\n"), "codeBlock(text) needs a non-empty text"),
        ] {
            let error = result.unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
            assert_eq!(error.message, expected);
        }
        assert!(note.is_empty());
        assert_eq!(note.to_publish().unwrap_err().kind, ErrorKind::InvalidArgument);
        assert!(note.link("x", "HTTPS://E.test/").is_ok());
    }

    #[test]
    fn a_plain_note_is_the_reference_envelope() {
        let note = NoteComposer::new(Some("Hello")).unwrap();
        assert_eq!(
            note.request_body().unwrap(),
            r#"{"bodyJson":{"type":"doc","attrs":{"schemaVersion":"v1"},"content":[{"type":"paragraph","content":[{"type":"text","text":"Hello"}]}]},"replyMinimumRole":"everyone"}"#
        );
    }

    #[test]
    fn text_survives_byte_exact() {
        let text = "quote \" backslash \\ emoji 🎖️ newline\n tab\t </script> \u{2028} é";
        let body = NoteComposer::new(Some(text)).unwrap().request_body().unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(parsed["bodyJson"]["content"][0]["content"][0]["text"], text);
    }

    #[test]
    fn marks_and_paragraphs() {
        let mut note = NoteComposer::new(None).unwrap();
        note.add("bold first", Style::Bold).unwrap();
        note.add(" plain", Style::Plain).unwrap();
        note.paragraph("second").unwrap();
        note.add("it", Style::Italic).unwrap();
        let body: serde_json::Value = serde_json::from_str(&note.request_body().unwrap()).unwrap();
        let content = &body["bodyJson"]["content"];
        assert_eq!(content.as_array().unwrap().len(), 2);
        assert_eq!(content[0]["content"][0]["marks"][0]["type"], "bold");
        assert!(content[0]["content"][1].get("marks").is_none());
        assert_eq!(content[1]["content"][0]["text"], "second");
        assert_eq!(content[1]["content"][1]["marks"][0]["type"], "italic");
    }

    #[test]
    fn empty_text_and_empty_notes_are_refused() {
        assert!(NoteComposer::new(Some("")).is_err());
        let mut note = NoteComposer::new(None).unwrap();
        assert_eq!(
            note.add("", Style::Bold).unwrap_err().message,
            "bold(text) needs a non-empty text"
        );
        assert!(note.paragraph("").is_err());
        assert!(note.request_body().is_err());
    }

    #[test]
    fn blank_text_counts_as_no_text() {
        let mut blank = NoteComposer::new(Some("   ")).unwrap();
        blank.add("\t", Style::Bold).unwrap();
        blank.quote(" \n ").ok();
        assert_eq!(
            blank.to_publish().unwrap_err().message,
            "a note needs some text or an attachment: its text is only whitespace"
        );
        // With an attachment, the blank text is left out: the note is the attachment.
        blank.attach_link("https://example.test/").unwrap();
        let note = blank.to_publish().unwrap();
        assert!(note.doc.content.is_empty());
        assert_eq!(note.attachments.len(), 1);
        // A space between styled runs is text like any other.
        let mut spaced = NoteComposer::new(Some("a")).unwrap();
        spaced.add(" ", Style::Plain).unwrap();
        assert_eq!(spaced.to_publish().unwrap().doc.text(), "a ");
    }

    #[test]
    fn blocks_and_images_are_kept_in_the_order_added() {
        let mut note = NoteComposer::new(Some("first")).unwrap();
        note.blocks(vec![Block::code_block("x = 1")]);
        note.attach_image(ImageData::from_data_uri("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==").unwrap());
        let note = note.to_publish().unwrap();
        assert_eq!(note.doc.content.len(), 2);
        assert_eq!(note.doc.content[1], Block::code_block("x = 1"));
        assert!(matches!(note.attachments.as_slice(), [Attachment::Image(_)]));
    }
}
