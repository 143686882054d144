//! [`JsonDoc`] over the JS value that `JSON.parse` produced: the decoders read it in
//! place and write the derived fields onto the same objects the caller receives.

use js_sys::{Array, Reflect};
use wasm_bindgen::intern;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use crate::json::{JsonDoc, JsonKind};
use crate::transport::ResponseBody;

impl JsonDoc for JsValue {
    fn parse(text: &str) -> Option<Self> {
        js_sys::JSON::parse(text).ok()
    }
    fn kind(&self) -> JsonKind {
        if self.is_null() || self.is_undefined() {
            JsonKind::Null
        } else if self.as_bool().is_some() {
            JsonKind::Bool
        } else if self.as_f64().is_some() {
            JsonKind::Number
        } else if self.is_string() {
            JsonKind::String
        } else if Array::is_array(self) {
            JsonKind::Array
        } else if self.is_object() {
            JsonKind::Object
        } else {
            // Functions, symbols, bigints: never produced by JSON.parse.
            JsonKind::Null
        }
    }
    fn as_f64(&self) -> Option<f64> {
        JsValue::as_f64(self)
    }
    fn as_bool(&self) -> Option<bool> {
        JsValue::as_bool(self)
    }
    fn as_string(&self) -> Option<String> {
        JsValue::as_string(self)
    }
    fn array_len(&self) -> Option<usize> {
        self.dyn_ref::<Array>().map(|array| array.length() as usize)
    }
    fn with_field<R>(&self, key: &str, f: impl FnOnce(&Self) -> R) -> Option<R> {
        own_field(self, key).map(|value| f(&value))
    }
    fn with_item<R>(&self, index: usize, f: impl FnOnce(&Self) -> R) -> Option<R> {
        item(self, index).map(|value| f(&value))
    }
    fn with_field_mut<R>(&mut self, key: &str, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        // JS objects are shared: a write through the child handle is a write to the document.
        own_field(self, key).map(|mut value| f(&mut value))
    }
    fn with_item_mut<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        item(self, index).map(|mut value| f(&mut value))
    }
    fn set_bool(&mut self, key: &str, value: bool) {
        if self.is_object() {
            // Cannot fail on a plain object from JSON.parse.
            let _ = Reflect::set(self, &JsValue::from_str(intern(key)), &JsValue::from_bool(value));
        }
    }
    fn into_field(self, key: &str) -> Option<Self> {
        own_field(&self, key)
    }
    fn take_item(&mut self, index: usize) -> Option<Self> {
        item(self, index)
    }
    fn set(&mut self, key: &str, value: Self) {
        if self.is_object() {
            // Cannot fail on a plain object.
            let _ = Reflect::set(self, &JsValue::from_str(intern(key)), &value);
        }
    }
    fn null() -> Self {
        JsValue::NULL
    }
    fn from_f64(value: f64) -> Self {
        JsValue::from_f64(value)
    }
    fn from_text(value: &str) -> Self {
        JsValue::from_str(value)
    }
    fn new_object() -> Self {
        js_sys::Object::new().into()
    }
    fn new_array(items: Vec<Self>) -> Self {
        items.into_iter().collect::<Array>().into()
    }
}

fn own_field(value: &JsValue, key: &str) -> Option<JsValue> {
    if !value.is_object() || Array::is_array(value) {
        return None;
    }
    // `undefined` is "absent": JSON.parse never produces it as a value. No field the
    // decoders read is named like an Object.prototype member, so a plain get is exact.
    Reflect::get(value, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined())
}

fn item(value: &JsValue, index: usize) -> Option<JsValue> {
    let array = value.dyn_ref::<Array>()?;
    let index = u32::try_from(index).ok()?;
    (index < array.length()).then(|| array.get(index))
}

/// A response body kept as the JS string `fetch` produced.
pub struct JsBody(pub JsValue);

impl ResponseBody for JsBody {
    type Doc = JsValue;
    fn parse_json(&self) -> Result<JsValue, String> {
        if !self.0.is_string() {
            return Err("the body is not text".into());
        }
        json_parse(&self.0).map_err(|error| describe_parse_error(&error))
    }
    fn text(&self) -> String {
        self.0.as_string().unwrap_or_default()
    }
}

fn describe_parse_error(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|| "unparseable".into())
}

#[wasm_bindgen]
extern "C" {
    // js_sys::JSON::parse takes a &str, which would copy the body into wasm memory
    // and back; this binding hands V8 the JS string it already holds.
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &JsValue) -> Result<JsValue, JsValue>;
}
