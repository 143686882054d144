//! A JS `DraftInput` → the core's [`DraftInput`]: each member read as the core's
//! [`DraftArgs`] judge it, the body converted (a post document's JSON, or Markdown in the
//! Markdown entry), and the images read by name (a `Blob` when the call runs).

#[cfg(feature = "markdown-entry")]
use js_sys::{ArrayBuffer, Uint8Array};
use js_sys::{Object, JSON};
use wasm_bindgen::{JsCast, JsValue};
#[cfg(feature = "markdown-entry")]
use wasm_bindgen_futures::JsFuture;
#[cfg(feature = "markdown-entry")]
use web_sys::Blob;

use super::js_doc::JsDoc;
use super::read::{arg_member, member};
use publisher_core::client::{judge_body, DraftArgs, DraftFields, DraftInput, PostBody};
use publisher_core::error::Error;
#[cfg(feature = "markdown-entry")]
use publisher_core::notes::image::ImageData;

/// A draft input whose `Blob` images are still to be read.
pub struct PendingDraft {
    input: DraftInput,
    #[cfg(feature = "markdown-entry")]
    blobs: Vec<(String, Blob)>,
}

impl PendingDraft {
    /// Reads `value`, the argument `name` (`draft` or `changes`); the core judges it.
    pub fn read(name: &str, value: &JsValue) -> Result<PendingDraft, Error> {
        if value.is_undefined() || value.is_null() || !value.is_object() || js_sys::Array::is_array(value) {
            return Err(Error::invalid_argument(format!("{name} must be an object")));
        }
        let body = member(value, "body");
        let fields = DraftArgs {
            keys: Object::keys(value.unchecked_ref::<Object>())
                .iter()
                .map(|key| key.as_string().unwrap_or_default())
                .collect(),
            title: arg_member(value, "title"),
            subtitle: arg_member(value, "subtitle"),
            markdown: arg_member(value, "markdown"),
            audience: arg_member(value, "audience"),
            post_type: arg_member(value, "type"),
            section_id: arg_member(value, "sectionId"),
            download_images: arg_member(value, "downloadImages"),
            base_url: arg_member(value, "baseUrl"),
            has_body: !body.is_undefined() && !body.is_null(),
        }
        .judge(name)?;
        let body = match fields.markdown {
            Some(markdown) => Some(markdown_doc(&markdown, fields.base_url.clone())?),
            None if body.is_undefined() || body.is_null() => None,
            None => Some(PostBody::Document(document_json(name, &body)?)),
        };
        let DraftFields {
            title,
            subtitle,
            audience,
            post_type,
            section_id,
            download_images,
            ..
        } = fields;
        #[cfg(feature = "markdown-entry")]
        let (images, blobs) = images(name, &member(value, "images"))?;
        #[cfg(not(feature = "markdown-entry"))]
        {
            let images = member(value, "images");
            if !images.is_undefined() && !images.is_null() {
                return Err(Error::invalid_argument(format!(
                    "{name}.images are the images of {name}.markdown, and Markdown needs the package's Markdown entry point: import from 'publisher-wasm/markdown'"
                )));
            }
        }
        // Without the Markdown entry there are no images (and, in the package's main wasm,
        // no `images` field for the default to fill).
        #[allow(clippy::needless_update)]
        #[cfg_attr(not(feature = "markdown-entry"), allow(unused_mut))]
        let mut input = DraftInput {
            title,
            subtitle,
            body,
            audience,
            post_type,
            section_id,
            ..DraftInput::default()
        };
        #[cfg(feature = "markdown-entry")]
        {
            input.images = images;
            input.download_images = download_images.unwrap_or(true);
        }
        // The main entry has no Markdown, so no web images to download.
        #[cfg(not(feature = "markdown-entry"))]
        let _ = download_images;
        Ok(PendingDraft {
            input,
            #[cfg(feature = "markdown-entry")]
            blobs,
        })
    }

    /// The input, its `Blob`s read and checked.
    #[cfg(not(feature = "markdown-entry"))]
    pub async fn resolve(self) -> Result<DraftInput, Error> {
        Ok(self.input)
    }

    /// The input, its `Blob`s read and checked.
    #[cfg(feature = "markdown-entry")]
    pub async fn resolve(self) -> Result<DraftInput, Error> {
        let mut input = self.input;
        for (name, blob) in self.blobs {
            let buffer = JsFuture::from(blob.array_buffer())
                .await
                .map_err(|_| Error::invalid_argument(format!("draft.images[{name:?}]: the Blob could not be read")))?;
            let image = ImageData::from_bytes(&Uint8Array::new(&buffer).to_vec(), Some(&blob.type_()))
                .map_err(|error| named(error, &name))?;
            input.images.push((name, image));
        }
        Ok(input)
    }
}

/// A post document given as `body`, as JSON text, once the core has judged it (a `doc`
/// that keeps the post editor's rules).
fn document_json(name: &str, body: &JsValue) -> Result<String, Error> {
    judge_body(name, &JsDoc(body.clone()))?;
    JSON::stringify(body)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| Error::invalid_argument(format!("{name}.body cannot be written as JSON")))
}

#[cfg(feature = "markdown-entry")]
fn markdown_doc(markdown: &str, base_url: Option<String>) -> Result<PostBody, Error> {
    use publisher_core::post_body::markdown::{markdown_to_post_doc_with, PostMarkdownOptions};
    markdown_to_post_doc_with(markdown, &PostMarkdownOptions { base_url }).map(|doc| PostBody::Written {
        doc,
        markdown: markdown.to_string(),
    })
}

#[cfg(not(feature = "markdown-entry"))]
fn markdown_doc(_markdown: &str, _base_url: Option<String>) -> Result<PostBody, Error> {
    Err(Error::invalid_argument(
        "Markdown needs the package's Markdown entry point: import from 'publisher-wasm/markdown'",
    ))
}

#[cfg(feature = "markdown-entry")]
/// `images`: an object of name → bytes (`Uint8Array`, `ArrayBuffer`), a `Blob` or a data URI.
#[allow(clippy::type_complexity)]
fn images(name: &str, value: &JsValue) -> Result<(Vec<(String, ImageData)>, Vec<(String, Blob)>), Error> {
    let (mut ready, mut blobs) = (Vec::new(), Vec::new());
    if value.is_undefined() || value.is_null() {
        return Ok((ready, blobs));
    }
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err(Error::invalid_argument(format!(
            "{name}.images must be an object of image name → bytes, e.g. {{ 'chart.png': bytes }}"
        )));
    }
    for entry in Object::entries(value.unchecked_ref::<Object>()).iter() {
        let entry: js_sys::Array = entry.unchecked_into();
        let key = entry.get(0).as_string().unwrap_or_default();
        let image = entry.get(1);
        if let Some(blob) = image.dyn_ref::<Blob>() {
            blobs.push((key, blob.clone()));
            continue;
        }
        let data = if let Some(bytes) = image.dyn_ref::<Uint8Array>() {
            ImageData::from_bytes(&bytes.to_vec(), None)
        } else if let Some(buffer) = image.dyn_ref::<ArrayBuffer>() {
            ImageData::from_bytes(&Uint8Array::new(buffer).to_vec(), None)
        } else if let Some(uri) = image.as_string() {
            ImageData::from_data_uri(&uri)
        } else {
            return Err(Error::invalid_argument(format!(
                "{name}.images[{key:?}] must be a Uint8Array, an ArrayBuffer, a Blob or a data: URI"
            )));
        };
        ready.push((key.clone(), data.map_err(|error| named(error, &key))?));
    }
    Ok((ready, blobs))
}

/// An image error, saying which image.
#[cfg(feature = "markdown-entry")]
fn named(mut error: Error, image: &str) -> Error {
    error.message = error
        .message
        .replacen("attachImage(data)", &format!("draft.images[{image:?}]"), 1);
    error
}
