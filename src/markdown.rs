//! The Markdown entry point's exports: Markdown → a note's `bodyJson`, Markdown → a
//! post's document, and a post's document → Markdown. Built only with the `markdown-entry` feature, so the package's main
//! wasm does not carry the parser.

use wasm_bindgen::prelude::*;

use super::js_doc::JsDoc;
use super::publisher_error::to_js;
use super::read::arg;
use publisher_core::args;

/// The `bodyJson` (as JSON text) of a note written in Markdown; a `PublisherError` of kind
/// `invalid-argument` when it is not a string or holds no text to publish. Taken as a
/// `JsValue` and checked here: a `&str` parameter would let a non-string reach the glue.
#[wasm_bindgen(js_name = markdownToNoteBody)]
pub fn markdown_to_note_body(
    #[wasm_bindgen(unchecked_param_type = "string")] markdown: &JsValue,
) -> Result<String, JsValue> {
    args::string("markdownToNoteBody(markdown)", &arg(markdown))
        .and_then(|source| publisher_core::notes::markdown::markdown_to_doc(&source))
        .map(|doc| doc.to_json())
        .map_err(to_js)
}

/// The post document (a `PostDocument` object) of an article written in Markdown; a
/// `PublisherError` of kind `invalid-argument` when it is not a string, is empty, or holds
/// what a post cannot (the sentence names it and its line).
#[wasm_bindgen(js_name = markdownToPostBody, unchecked_return_type = "PostDocument")]
pub fn markdown_to_post_body(
    #[wasm_bindgen(unchecked_param_type = "string")] markdown: &JsValue,
) -> Result<JsValue, JsValue> {
    let doc = args::string("markdownToPostBody(markdown)", &arg(markdown))
        .and_then(|source| publisher_core::post_body::markdown::markdown_to_post_doc(&source))
        .map_err(to_js)?;
    // The core writes the JSON; V8 reads it into the object.
    js_sys::JSON::parse(&doc.to_json())
}

/// The Markdown of a post document (a `PostDocument` object, a draft's `draftBody`) that
/// `markdownToPostBody` turns back into the same document; what Markdown cannot say is
/// kept as a `<!-- publisher-node {…} -->` marker. A `PublisherError` of kind
/// `invalid-argument` when it is not a post document. The object is read in place.
#[wasm_bindgen(js_name = postBodyToMarkdown)]
pub fn post_body_to_markdown(
    #[wasm_bindgen(unchecked_param_type = "PostDocument")] document: &JsValue,
) -> Result<String, JsValue> {
    publisher_core::post_body::to_markdown::post_doc_to_markdown(&JsDoc(document.clone())).map_err(to_js)
}
