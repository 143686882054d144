//! [`Error`] → the JS `PublisherError` (defined in JS so it truly extends `Error`).

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use publisher_core::error::{Error, ResponseSnapshot};

#[wasm_bindgen(module = "/src/js/publisher-error.js")]
extern "C" {
    #[wasm_bindgen(js_name = createPublisherError)]
    fn create_publisher_error(
        message: &str,
        kind: &str,
        status: Option<u16>,
        response: JsValue,
        cause: JsValue,
        attempts: Option<u32>,
    ) -> JsValue;
}

pub fn to_js(error: Error) -> JsValue {
    to_js_with_cause(error, None)
}

/// The error, with `cause` (an abort's reason) when there is one.
pub fn to_js_with_cause(error: Error, cause: Option<JsValue>) -> JsValue {
    let response = error
        .response
        .as_deref()
        .map(response_object)
        .unwrap_or(JsValue::UNDEFINED);
    let cause = cause.unwrap_or(JsValue::UNDEFINED);
    create_publisher_error(
        &error.message,
        error.kind.as_str(),
        error.status,
        response,
        cause,
        error.attempts,
    )
}

fn set(target: &JsValue, key: &str, value: &JsValue) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

fn response_object(response: &ResponseSnapshot) -> JsValue {
    let object: JsValue = Object::new().into();
    let headers: JsValue = Object::new().into();
    for (name, value) in &response.headers {
        set(&headers, name, &JsValue::from_str(value));
    }
    set(&object, "status", &JsValue::from(response.status));
    set(&object, "statusText", &JsValue::from_str(&response.status_text));
    set(&object, "headers", &headers);
    set(&object, "body", &JsValue::from_str(&response.body));
    object
}
