//! The glue of the JS `NoteBuilder` (interface §4.3). The draft and its rules live in
//! the core ([`NoteDraft`]); the builder holds one private function through which it
//! edits and publishes its draft, so neither a protocol method nor an internal class
//! is reachable from JS.

use std::cell::RefCell;

use js_sys::Promise;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use super::draft::BuilderDraft;
use super::error::to_js;
use super::publisher::Publisher;
use super::types::TextArg;

#[wasm_bindgen(module = "/pkg-template/note-builder.js")]
extern "C" {
    /// A `NoteBuilder` over the edit function `edit(action, value)`.
    #[wasm_bindgen(js_name = adoptDraft)]
    fn adopt_draft(edit: &JsValue) -> JsValue;
}

#[wasm_bindgen]
impl Publisher {
    /// A `NoteBuilder` on this client; `text` starts the first paragraph.
    #[wasm_bindgen(unchecked_return_type = "NoteBuilder")]
    pub fn note(&self, text: Option<TextArg>) -> Result<JsValue, JsValue> {
        let text = text.map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        builder(self.share(), &text)
    }
}

/// A new `NoteBuilder` on `client`; `text`, when given, starts the first paragraph.
pub fn builder(client: Publisher, text: &JsValue) -> Result<JsValue, JsValue> {
    let draft = RefCell::new(BuilderDraft::new(text).map_err(to_js)?);
    let edit = Closure::<dyn Fn(String, JsValue, JsValue) -> Result<JsValue, JsValue>>::new(
        move |action: String, value: JsValue, extra: JsValue| edit(&client, &draft, &action, value, extra),
    );
    Ok(adopt_draft(&edit.into_js_value()))
}

/// One builder call: the methods that add to the note forward their arguments to the
/// draft; `publish` publishes it with the call options `value`.
fn edit(
    client: &Publisher,
    draft: &RefCell<BuilderDraft>,
    action: &str,
    value: JsValue,
    extra: JsValue,
) -> Result<JsValue, JsValue> {
    if action == "publish" {
        let draft = draft.borrow().clone();
        let published: Promise = client.publish_draft(draft, value);
        return Ok(published.into());
    }
    draft.borrow_mut().edit(action, &value, &extra).map_err(to_js)?;
    Ok(JsValue::UNDEFINED)
}
