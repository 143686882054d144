//! The Markdown entry point's export: Markdown → a note's `bodyJson`. Built only with the
//! `markdown-entry` feature, so the package's main wasm does not carry the parser.

use wasm_bindgen::prelude::*;

use super::error::to_js;

/// The `bodyJson` (as JSON text) of a note written in Markdown; a `PublisherError` of kind
/// `invalid-argument` when it holds no text to publish.
#[wasm_bindgen(js_name = markdownToNoteBody)]
pub fn markdown_to_note_body(markdown: &str) -> Result<String, JsValue> {
    crate::markdown::markdown_to_doc(markdown)
        .map(|doc| doc.to_json())
        .map_err(to_js)
}
