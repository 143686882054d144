//! The glue of the JS `NoteBuilder` (interface §4.3). The note and its rules live in
//! the core ([`NoteComposer`]); the builder holds one private function through which it
//! edits and publishes its note, so neither a protocol method nor an internal class
//! is reachable from JS.

use std::cell::RefCell;

use js_sys::Promise;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use super::builder_state::BuilderNote;
use super::publisher::Publisher;
use super::publisher_error::to_js;
use super::types::TextArg;

#[wasm_bindgen(module = "/src/js/note-builder.js")]
extern "C" {
    /// A `NoteBuilder` over the edit function `edit(action, value)`.
    #[wasm_bindgen(js_name = adoptDraft)]
    fn adopt_note(edit: &JsValue) -> JsValue;
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
    let note = RefCell::new(BuilderNote::new(text).map_err(to_js)?);
    let edit = Closure::<dyn Fn(String, JsValue, JsValue) -> Result<JsValue, JsValue>>::new(
        move |action: String, value: JsValue, extra: JsValue| edit(&client, &note, &action, value, extra),
    );
    Ok(adopt_note(&edit.into_js_value()))
}

/// One builder call: the methods that add to the note forward their arguments to the
/// note; `publish` publishes it with the call options `value`.
fn edit(
    client: &Publisher,
    note: &RefCell<BuilderNote>,
    action: &str,
    value: JsValue,
    extra: JsValue,
) -> Result<JsValue, JsValue> {
    if action == "publish" {
        let note = note.borrow().clone();
        let published: Promise = client.publish_built(note, value);
        return Ok(published.into());
    }
    note.borrow_mut().edit(action, &value, &extra).map_err(to_js)?;
    Ok(JsValue::UNDEFINED)
}
