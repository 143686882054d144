//! [`JsonDoc`] over the JS value that `JSON.parse` produced: the decoders read it in
//! place and write the derived fields onto the same objects the caller receives.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use js_sys::Array;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use publisher_core::http::transport::ResponseBody;
use publisher_core::json::{FieldShape, JsonDoc, JsonKind};

/// A JSON value as V8 holds it: the document the core's decoders read and write.
#[derive(Debug, Clone)]
#[repr(transparent)]
pub struct JsDoc(pub JsValue);

impl From<JsDoc> for JsValue {
    fn from(doc: JsDoc) -> JsValue {
        doc.0
    }
}

impl JsonDoc for JsDoc {
    fn parse(text: &str) -> Option<Self> {
        js_sys::JSON::parse(text).ok().map(JsDoc)
    }
    fn kind(&self) -> JsonKind {
        // Functions, symbols, bigints (never produced by JSON.parse) count as null.
        match json_kind(&self.0) {
            1 => JsonKind::Bool,
            2 => JsonKind::Number,
            3 => JsonKind::String,
            4 => JsonKind::Array,
            5 => JsonKind::Object,
            _ => JsonKind::Null,
        }
    }
    fn as_f64(&self) -> Option<f64> {
        self.0.as_f64()
    }
    fn as_bool(&self) -> Option<bool> {
        self.0.as_bool()
    }
    fn as_string(&self) -> Option<String> {
        self.0.as_string()
    }
    fn array_len(&self) -> Option<usize> {
        self.0.dyn_ref::<Array>().map(|array| array.length() as usize)
    }
    fn with_field<R>(&self, key: &'static str, f: impl FnOnce(&Self) -> R) -> Option<R> {
        own_field(&self.0, key).map(|value| f(&JsDoc(value)))
    }
    fn field_shape(&self, key: &'static str) -> FieldShape {
        match with_key(key, |key| field_shape_js(&self.0, key)) {
            1 => FieldShape::Null,
            2 => FieldShape::Bool,
            3 => FieldShape::SafeInteger,
            4 => FieldShape::Finite,
            5 => FieldShape::NonFinite,
            6 => FieldShape::String,
            7 => FieldShape::Array,
            8 => FieldShape::Object,
            _ => FieldShape::Absent,
        }
    }
    fn with_item<R>(&self, index: usize, f: impl FnOnce(&Self) -> R) -> Option<R> {
        item(&self.0, index).map(|value| f(&JsDoc(value)))
    }
    fn with_field_mut<R>(&mut self, key: &'static str, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        // JS objects are shared: a write through the child handle is a write to the document.
        own_field(&self.0, key).map(|value| f(&mut JsDoc(value)))
    }
    fn with_item_mut<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        item(&self.0, index).map(|value| f(&mut JsDoc(value)))
    }
    fn set_bool(&mut self, key: &'static str, value: bool) {
        with_key(key, |key| set_field(&self.0, key, &JsValue::from_bool(value)));
    }
    fn into_field(self, key: &'static str) -> Option<Self> {
        own_field(&self.0, key).map(JsDoc)
    }
    fn take_item(&mut self, index: usize) -> Option<Self> {
        item(&self.0, index).map(JsDoc)
    }
    fn set(&mut self, key: &'static str, value: Self) {
        with_key(key, |key| set_field(&self.0, key, &value.0));
    }
    fn null() -> Self {
        JsDoc(JsValue::NULL)
    }
    fn from_f64(value: f64) -> Self {
        JsDoc(JsValue::from_f64(value))
    }
    fn from_text(value: &str) -> Self {
        JsDoc(JsValue::from_str(value))
    }
    fn new_object() -> Self {
        JsDoc(js_sys::Object::new().into())
    }
    fn new_array(items: Vec<Self>) -> Self {
        JsDoc(items.into_iter().map(|item| item.0).collect::<Array>().into())
    }
    fn to_json_text(&self) -> Option<String> {
        // `undefined` (a function, a symbol) stringifies to `undefined`: no text.
        js_sys::JSON::stringify(&self.0)
            .ok()
            .and_then(|text| JsValue::from(text).as_string())
    }
}

fn own_field(value: &JsValue, key: &'static str) -> Option<JsValue> {
    // `undefined` is "absent": JSON.parse never produces it as a value. No field the
    // decoders read is named like an Object.prototype member, so a plain get is exact.
    Some(with_key(key, |key| own_field_js(value, key))).filter(|v| !v.is_undefined())
}

/// Runs `f` with the JS string of `key`. The keys are the decoders' own few, each made
/// into a JS string once and kept. A `&'static str` is named by its address and
/// length for the life of the program, so finding a key hashes two numbers, never its
/// text (wasm-bindgen's interning hashed every key with SipHash on every read).
fn with_key<R>(key: &'static str, f: impl FnOnce(&JsValue) -> R) -> R {
    thread_local! {
        static KEYS: RefCell<HashMap<(usize, usize), JsValue, BuildHasherDefault<AddressHasher>>> =
            RefCell::default();
    }
    KEYS.with(|keys| match keys.try_borrow_mut() {
        // The key is lent, not cloned: a clone and its drop would each touch the
        // externref table.
        Ok(mut keys) => f(keys
            .entry((key.as_ptr() as usize, key.len()))
            .or_insert_with(|| JsValue::from_str(key))),
        // Only a getter on Object.prototype that calls back into the client while a
        // record is read gets here: it gets a key of its own rather than a panic.
        Err(_) => f(&JsValue::from_str(key)),
    })
}

/// Hashes the address and length of a key (FxHash's step: rotate, xor, multiply).
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }
    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

fn item(value: &JsValue, index: usize) -> Option<JsValue> {
    let array = value.dyn_ref::<Array>()?;
    let index = u32::try_from(index).ok()?;
    (index < array.length()).then(|| array.get(index))
}

/// A response body kept as the JS string `fetch` produced.
pub struct JsBody(pub JsValue);

impl ResponseBody for JsBody {
    type Doc = JsDoc;
    fn parse_json(&self) -> Result<JsDoc, String> {
        if !self.0.is_string() {
            return Err("the body is not text".into());
        }
        json_parse(&self.0)
            .map(JsDoc)
            .map_err(|error| describe_parse_error(&error))
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

#[wasm_bindgen(module = "/src/js/json-view.js")]
extern "C" {
    #[wasm_bindgen(js_name = jsonKind)]
    fn json_kind(value: &JsValue) -> u8;
    #[wasm_bindgen(js_name = fieldShape)]
    fn field_shape_js(value: &JsValue, key: &JsValue) -> u8;
    #[wasm_bindgen(js_name = ownField)]
    fn own_field_js(value: &JsValue, key: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = setField)]
    fn set_field(target: &JsValue, key: &JsValue, value: &JsValue);
}

#[wasm_bindgen]
extern "C" {
    // js_sys::JSON::parse takes a &str, which would copy the body into wasm memory
    // and back; this binding hands V8 the JS string it already holds.
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &JsValue) -> Result<JsValue, JsValue>;
}
