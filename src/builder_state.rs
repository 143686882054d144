//! The boundary of note writing: the note behind a `NoteBuilder` (its edits arrive
//! through [`super::note_builder`]), image arguments (bytes, `Blob`s, data URIs), and the
//! options of `publishNote`.

use js_sys::{Array, ArrayBuffer, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::Blob;

use super::fetch::FetchTransport;
use super::read::{arg, member};
use publisher_core::args::{self, Arg};
use publisher_core::client::{Attachment, Client, NoteToPublish};
use publisher_core::error::Error;
use publisher_core::ids::NoteId;
use publisher_core::notes::composer::{NoteComposer, Style};
use publisher_core::notes::image::ImageData;

/// An attachment as the builder was given it; a `Blob` is read when the note is published.
#[derive(Clone)]
enum Pending {
    Ready(Attachment),
    Blob(Blob),
}

/// The note behind a `NoteBuilder`, or of one `publishNote` call.
#[derive(Clone)]
pub struct BuilderNote {
    note: NoteComposer,
    attachments: Vec<Pending>,
}

fn text(method: &str, value: &JsValue) -> Result<String, Error> {
    args::text(method, &arg(value))
}

/// A list of strings (`bulletList`, `orderedList`).
fn strings(method: &str, value: &JsValue) -> Result<Vec<String>, Error> {
    let bad = || Error::invalid_argument(format!("{method} needs an array of strings"));
    if !Array::is_array(value) {
        return Err(bad());
    }
    Array::from(value)
        .iter()
        .map(|item| item.as_string().ok_or_else(bad))
        .collect()
}

/// An image argument: bytes (`Uint8Array`, `ArrayBuffer`) or a data URI are checked now;
/// a `Blob` when the note is published.
fn image(value: &JsValue) -> Result<Pending, Error> {
    if let Some(blob) = value.dyn_ref::<Blob>() {
        return Ok(Pending::Blob(blob.clone()));
    }
    let image = if let Some(bytes) = value.dyn_ref::<Uint8Array>() {
        ImageData::from_bytes(&bytes.to_vec(), None)?
    } else if let Some(buffer) = value.dyn_ref::<ArrayBuffer>() {
        ImageData::from_bytes(&Uint8Array::new(buffer).to_vec(), None)?
    } else if let Some(uri) = value.as_string() {
        ImageData::from_data_uri(&uri)?
    } else {
        return Err(Error::invalid_argument(
            "attachImage(data) needs a Uint8Array, an ArrayBuffer, a Blob or a data: URI",
        ));
    };
    Ok(Pending::Ready(Attachment::Image(image)))
}

/// A `Blob`'s bytes and type, checked like any image.
async fn read_blob(blob: &Blob) -> Result<ImageData, Error> {
    let buffer = JsFuture::from(blob.array_buffer())
        .await
        .map_err(|_| Error::invalid_argument("attachImage(data) could not read the Blob"))?;
    let bytes = Uint8Array::new(&buffer).to_vec();
    let declared = blob.type_();
    ImageData::from_bytes(&bytes, Some(&declared))
}

impl BuilderNote {
    /// A note whose first paragraph is `text`, when given.
    pub fn new(text_value: &JsValue) -> Result<BuilderNote, Error> {
        let initial = match arg(text_value) {
            Arg::Missing => None,
            _ => Some(text("note", text_value)?),
        };
        Ok(BuilderNote {
            note: NoteComposer::new(initial.as_deref())?,
            attachments: Vec::new(),
        })
    }

    /// Publishes the note (one function for the builder and `publishNote`, so the wasm
    /// carries the publish once).
    pub async fn publish(self, client: &Client<FetchTransport>) -> Result<JsValue, Error> {
        let note = self.to_publish().await?;
        client.publish(&note).await.map(JsValue::from)
    }

    /// The note to publish, the `Blob`s read and checked, attachments in the order given.
    async fn to_publish(&self) -> Result<NoteToPublish, Error> {
        let mut note = self.note.clone();
        for pending in &self.attachments {
            match pending {
                Pending::Ready(Attachment::Link(url)) => note.attach_link(url)?,
                Pending::Ready(Attachment::Image(image)) => note.attach_image(image.clone()),
                Pending::Blob(blob) => note.attach_image(read_blob(blob).await?),
            }
        }
        note.to_publish()
    }

    /// The note of `publishNote(text, options)`: the text as one paragraph, or as Markdown
    /// with `markdown: true`; `replyTo`, `link` and `images` as the builder's methods.
    pub fn from_publish_options(text_value: &JsValue, options: &JsValue) -> Result<BuilderNote, Error> {
        let markdown = match arg(&member(options, "markdown")) {
            Arg::Missing | Arg::Bool(false) => false,
            Arg::Bool(true) => true,
            _ => return Err(Error::invalid_argument("options.markdown must be a boolean")),
        };
        let source = match arg(text_value) {
            Arg::Missing => String::new(),
            _ => text("publishNote", text_value)?,
        };
        let mut note = BuilderNote::new(&JsValue::UNDEFINED)?;
        let reply_to = member(options, "replyTo");
        if !reply_to.is_undefined() && !reply_to.is_null() {
            let id = args::id::<NoteId>("options.replyTo", &arg(&reply_to))?;
            note.note.reply_to(id);
        }
        let link = member(options, "link");
        if !link.is_undefined() && !link.is_null() {
            note.attach_link_value(&link)?;
        }
        let images = member(options, "images");
        if !images.is_undefined() && !images.is_null() {
            if !Array::is_array(&images) {
                return Err(Error::invalid_argument("options.images must be an array of images"));
            }
            for value in Array::from(&images).iter() {
                note.attachments.push(image(&value)?);
            }
        }
        // Blank text counts as no text: with an attachment the note is the attachment alone.
        let blank = source.trim().is_empty();
        if blank && !note.attachments.is_empty() {
            return Ok(note);
        }
        if markdown {
            // Markdown that leaves nothing to publish says so itself.
            note.note.blocks(markdown_blocks(&source)?);
        } else if blank {
            let what = if source.is_empty() {
                "a non-empty text"
            } else {
                "a text that is not only whitespace"
            };
            return Err(Error::invalid_argument(format!(
                "publishNote(text) needs {what}, or an attachment"
            )));
        } else {
            note.note.paragraph(&source)?;
        }
        Ok(note)
    }

    fn attach_link_value(&mut self, url: &JsValue) -> Result<(), Error> {
        let url = args::string("attachLink(url)", &arg(url))?;
        // Checked now, by the same rule the publish applies.
        NoteComposer::default().attach_link(&url)?;
        self.attachments.push(Pending::Ready(Attachment::Link(url)));
        Ok(())
    }
}

#[cfg(feature = "markdown-entry")]
fn markdown_blocks(source: &str) -> Result<Vec<publisher_core::notes::document::Block>, Error> {
    let blocks = publisher_core::notes::markdown::markdown_blocks(source);
    if blocks.is_empty() {
        return Err(Error::invalid_argument(
            "the Markdown has no text to publish: it is empty or only whitespace and empty elements",
        ));
    }
    Ok(blocks)
}

#[cfg(not(feature = "markdown-entry"))]
fn markdown_blocks(_source: &str) -> Result<Vec<publisher_core::notes::document::Block>, Error> {
    Err(Error::invalid_argument(
        "Markdown needs the package's Markdown entry point: import from 'publisher-wasm/markdown'",
    ))
}

impl BuilderNote {
    /// One builder call: `action` is the method's name, `value` and `extra` its arguments.
    pub fn edit(&mut self, action: &str, value: &JsValue, extra: &JsValue) -> Result<(), Error> {
        let note = &mut self.note;
        match action {
            "note" => note.paragraph(&text("note", value)?),
            "bold" => note.add(&text("bold", value)?, Style::Bold),
            "italic" => note.add(&text("italic", value)?, Style::Italic),
            "code" => note.add(&text("code", value)?, Style::Code),
            "link" => {
                let url = args::string("link(text, url)", &arg(extra))?;
                note.link(&text("link", value)?, &url)
            }
            "bulletList" => note.list(&strings("bulletList(items)", value)?, None),
            "orderedList" => {
                let start = args::non_negative_integer("start", &arg(extra))?;
                note.list(&strings("orderedList(items, start)", value)?, Some(start.unwrap_or(1)))
            }
            "quote" => note.quote(&args::string("quote(text)", &arg(value))?),
            "codeBlock" => note.code_block(&args::string("codeBlock(text)", &arg(value))?),
            "markdown" => {
                let blocks = markdown_blocks(&args::string("markdown(text)", &arg(value))?)?;
                note.blocks(blocks);
                Ok(())
            }
            "attachLink" => self.attach_link_value(value),
            "attachImage" => {
                self.attachments.push(image(value)?);
                Ok(())
            }
            "replyTo" => {
                note.reply_to(args::id::<NoteId>("noteId", &arg(value))?);
                Ok(())
            }
            "simple" => note.add(&text("simple", value)?, Style::Plain),
            // Only note-builder.js calls this, with its own method names: another name is
            // a mismatch between the two halves, refused rather than read as text.
            other => Err(Error::invalid_argument(format!(
                "NoteBuilder has no method {:?}",
                publisher_core::ids::shorten(other)
            ))),
        }
    }
}
