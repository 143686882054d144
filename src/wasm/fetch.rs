//! The transport in wasm: the runtime's own `fetch`, through the small JS edge in
//! `pkg-template/fetch-deadline.js` (timeout and AbortSignals), with the body kept as
//! the JS string `fetch` produced.

use std::cell::Cell;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::js_doc::JsBody;
use crate::error::{Error, ErrorKind};
use crate::request::HttpRequest;
use crate::transport::{HttpResponse, SendError, Transport};

#[wasm_bindgen(module = "/pkg-template/fetch-deadline.js")]
extern "C" {
    #[wasm_bindgen(js_name = sendRequest)]
    fn send_request(
        url: &str,
        init: &JsValue,
        timeout_ms: Option<f64>,
        signals: &Array,
        fetch: Option<Function>,
    ) -> Promise;

    #[wasm_bindgen(js_name = sleep)]
    fn sleep_for(ms: f64, signals: &Array) -> Promise;
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
    #[wasm_bindgen(js_namespace = Math, js_name = random)]
    fn math_random() -> f64;
}

thread_local! {
    static MAY_SET_COOKIE: Cell<Option<bool>> = const { Cell::new(None) };
}

/// Whether the runtime lets a script set the `Cookie` header: browsers (pages and their
/// workers) silently drop it from a `Request`; Node, Deno, Bun and workerd keep it.
/// Probed once, then remembered.
pub fn script_may_set_cookie() -> bool {
    MAY_SET_COOKIE.with(|known| {
        if let Some(answer) = known.get() {
            return answer;
        }
        let answer = probe_cookie_header();
        known.set(Some(answer));
        answer
    })
}

fn probe_cookie_header() -> bool {
    let Some(request_class) = get(&js_sys::global(), "Request").dyn_into::<Function>().ok() else {
        return false;
    };
    let headers: JsValue = Object::new().into();
    set(&headers, "cookie", &JsValue::from_str("probe=1"));
    let init: JsValue = Object::new().into();
    set(&init, "headers", &headers);
    let Ok(request) = Reflect::construct(
        &request_class,
        &Array::of2(&JsValue::from_str("http://127.0.0.1/"), &init),
    ) else {
        return false;
    };
    let headers = get(&request, "headers");
    get(&headers, "has")
        .dyn_into::<Function>()
        .ok()
        .and_then(|has| has.call1(&headers, &JsValue::from_str("cookie")).ok())
        .and_then(|answer| answer.as_bool())
        .unwrap_or(false)
}

/// A transport for one call: the client's and the call's AbortSignals, and the
/// client's `fetch` option (the runtime's own `fetch` when `None`).
pub struct FetchTransport {
    pub signals: Array,
    pub fetch: Option<Function>,
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn set(object: &JsValue, key: &str, value: &JsValue) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

/// The `{kind, message, notSent}` the JS edge rejects with, as the core's error.
fn to_send_error(rejection: &JsValue) -> SendError {
    let message = get(rejection, "message")
        .as_string()
        .unwrap_or_else(|| "the request failed".into());
    let kind = match get(rejection, "kind").as_string().as_deref() {
        Some("aborted") => ErrorKind::Aborted,
        Some("timeout") => ErrorKind::Timeout,
        _ => ErrorKind::Network,
    };
    SendError {
        error: Error::new(kind, message),
        not_sent: get(rejection, "notSent").as_bool().unwrap_or(false),
    }
}

impl Transport for FetchTransport {
    type Body = JsBody;

    async fn send(&self, request: &HttpRequest, timeout_ms: Option<u64>) -> Result<HttpResponse<JsBody>, SendError> {
        let init: JsValue = Object::new().into();
        set(&init, "method", &JsValue::from_str(request.method.as_str()));
        let headers: JsValue = Object::new().into();
        for (name, value) in &request.headers {
            set(&headers, name, &JsValue::from_str(value));
        }
        set(&init, "headers", &headers);
        if let Some(body) = &request.body {
            set(&init, "body", &JsValue::from_str(body));
        }
        if request.include_credentials {
            set(&init, "credentials", &JsValue::from_str("include"));
        }
        #[allow(clippy::cast_precision_loss)]
        let timeout = timeout_ms.map(|ms| ms as f64);
        let response = JsFuture::from(send_request(
            &request.url,
            &init,
            timeout,
            &self.signals,
            self.fetch.clone(),
        ))
        .await
        .map_err(|rejection| to_send_error(&rejection))?;
        let mut headers = Vec::new();
        for pair in Array::from(&get(&response, "headers")).iter() {
            let pair: Array = pair.unchecked_into();
            if let (Some(name), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                headers.push((name.to_ascii_lowercase(), value));
            }
        }
        let status = get(&response, "status").as_f64().unwrap_or(0.0);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let status = if (0.0..=999.0).contains(&status) {
            status as u16
        } else {
            0
        };
        Ok(HttpResponse {
            status,
            status_text: get(&response, "statusText").as_string().unwrap_or_default(),
            headers,
            body: JsBody(get(&response, "body")),
        })
    }

    async fn sleep(&self, millis: u64) -> Result<(), Error> {
        #[allow(clippy::cast_precision_loss)]
        let promise = sleep_for(millis as f64, &self.signals);
        JsFuture::from(promise)
            .await
            .map(|_| ())
            .map_err(|rejection| to_send_error(&rejection).error)
    }

    fn now_ms(&self) -> f64 {
        date_now()
    }

    fn jitter(&self) -> f64 {
        math_random()
    }
}
