//! The Markdown entry point's exports: Markdown → a note's `bodyJson`, Markdown → a
//! post's document, and a post's document → Markdown. Built only with the `markdown-entry` feature, so the package's main
//! wasm does not carry the parser.

use wasm_bindgen::prelude::*;

use super::js_doc::JsDoc;
use super::publisher_error::to_js;
use super::read::{arg, arg_member};
use publisher_core::args;
use publisher_core::post_body::markdown::{markdown_to_post_doc_with, PostMarkdownOptions};

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

/// The post document (a `PostDocument` object) of an article written in Markdown, its
/// relative links resolved against `options.baseUrl` when given; a `PublisherError` of
/// kind `invalid-argument` when it is not a string, is empty, or holds what a post cannot
/// (the sentence names it and its line).
#[wasm_bindgen(js_name = markdownToPostBody, unchecked_return_type = "PostDocument")]
pub fn markdown_to_post_body(
    #[wasm_bindgen(unchecked_param_type = "string")] markdown: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ baseUrl?: string } | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let doc = args::string("markdownToPostBody(markdown)", &arg(markdown))
        .and_then(|source| {
            if !options.is_undefined() && !options.is_null() && !options.is_object() {
                return Err(publisher_core::error::Error::invalid_argument(
                    "markdownToPostBody(markdown, options): options must be an object such as { baseUrl: 'https://example.com/' }",
                ));
            }
            let options = PostMarkdownOptions::from_base_url("options.baseUrl", &arg_member(&options, "baseUrl"))?;
            markdown_to_post_doc_with(&source, &options)
        })
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

#[wasm_bindgen(module = "/src/js/draft-markdown.js")]
extern "C" {
    #[wasm_bindgen(js_name = offerBodyMarkdown)]
    fn offer_body_markdown_js(records: JsValue, convert: &js_sys::Function) -> JsValue;
}

thread_local! {
    /// `postBodyToMarkdown` as a JS function, made once for every draft's getter.
    static CONVERT: Closure<dyn Fn(JsValue) -> Result<String, JsValue>> =
        Closure::new(|document: JsValue| post_body_to_markdown(&document));
}

/// A draft (or a list of them) of the Markdown entry, offering `bodyMarkdown`: its body as
/// Markdown, written on first read.
pub fn offer_body_markdown(records: JsValue) -> JsValue {
    CONVERT.with(|convert| offer_body_markdown_js(records, convert.as_ref().unchecked_ref()))
}
