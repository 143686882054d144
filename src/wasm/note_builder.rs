//! The glue of the JS `NoteBuilder` (interface §4.3). The draft and its rules live in
//! the core ([`NoteDraft`]); the builder holds one private function through which it
//! edits and publishes its draft, so neither a protocol method nor an internal class
//! is reachable from JS.

use std::cell::RefCell;

use js_sys::Promise;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use super::args::{self, Arg};
use super::convert::arg;
use super::error::to_js;
use super::publisher::Publisher;
use crate::error::Error;
use crate::note_draft::{Mark, NoteDraft};

#[wasm_bindgen(module = "/pkg-template/note-builder.js")]
extern "C" {
    /// A `NoteBuilder` over the edit function `edit(action, value)`.
    #[wasm_bindgen(js_name = adoptDraft)]
    fn adopt_draft(edit: &JsValue) -> JsValue;
}

fn text_arg(method: &str, text: &JsValue) -> Result<String, Error> {
    args::text(method, &arg(text))
}

/// A new `NoteBuilder` on `client`; `text`, when given, starts the first paragraph.
pub fn builder(client: Publisher, text: &JsValue) -> Result<JsValue, JsValue> {
    let text = match arg(text) {
        Arg::Missing => None,
        _ => Some(text_arg("note", text).map_err(to_js)?),
    };
    let draft = RefCell::new(NoteDraft::new(text.as_deref()).map_err(to_js)?);
    let edit =
        Closure::<dyn Fn(String, JsValue) -> Result<JsValue, JsValue>>::new(move |action: String, value: JsValue| {
            edit(&client, &draft, &action, value)
        });
    Ok(adopt_draft(&edit.into_js_value()))
}

/// One builder call: `note`, `bold`, `italic`, `simple` add `value`; `publish`
/// publishes the draft with the call options `value`.
fn edit(client: &Publisher, draft: &RefCell<NoteDraft>, action: &str, value: JsValue) -> Result<JsValue, JsValue> {
    if action == "publish" {
        let draft = draft.borrow().clone();
        let published: Promise = client.publish_draft(draft, value);
        return Ok(published.into());
    }
    let text = text_arg(action, &value).map_err(to_js)?;
    let mut draft = draft.borrow_mut();
    match action {
        "note" => draft.paragraph(&text),
        "bold" => draft.add(&text, Some(Mark::Bold)),
        "italic" => draft.add(&text, Some(Mark::Italic)),
        _ => draft.add(&text, None),
    }
    .map_err(to_js)?;
    Ok(JsValue::UNDEFINED)
}
