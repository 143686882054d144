//! The transport in wasm: the runtime's own `fetch`, through the small JS edge in
//! `src/js/fetch-deadline.js` (timeout and AbortSignals), with the body kept as
//! the JS string `fetch` produced. Its waits run on a timer: the runtime's own
//! (`src/js/runtime-timers.js`), or one over the client's `sleep` option.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::js_doc::JsBody;
use publisher_core::error::{Error, ErrorKind};
use publisher_core::http::transport::{Download, HttpResponse, ResponseHeaders, SendError, Transport};
use publisher_core::http::HttpRequest;

#[wasm_bindgen(module = "/src/js/fetch-deadline.js")]
extern "C" {
    #[wasm_bindgen(js_name = sendRequest)]
    #[allow(clippy::too_many_arguments)]
    fn send_request(
        url: &str,
        method: &str,
        headers: &JsValue,
        body: Option<&str>,
        credentials: bool,
        timeout_ms: Option<f64>,
        signals: &Array,
        fetch: Option<Function>,
        timer: &Function,
    ) -> Promise;

    #[wasm_bindgen(js_name = downloadBytes)]
    fn download_bytes(
        url: &str,
        timeout_ms: Option<f64>,
        max_bytes: f64,
        signals: &Array,
        fetch: Option<Function>,
        timer: &Function,
    ) -> Promise;

    #[wasm_bindgen(js_name = headerPairs)]
    fn header_pairs(headers: &JsValue) -> Array;

    #[wasm_bindgen(js_name = sleep)]
    fn sleep_for(ms: f64, signals: &Array, timer: &Function) -> Promise;

    /// The client's `sleep` option as a timer.
    #[wasm_bindgen(js_name = timerFromSleep)]
    fn timer_from_sleep(sleep: &Function) -> Function;

    #[wasm_bindgen(js_name = scriptMaySetCookie)]
    fn probe_cookie_header() -> bool;

    /// What `sendRequest` resolves to.
    type Answer;
    #[wasm_bindgen(method, getter)]
    fn status(this: &Answer) -> JsValue;
    #[wasm_bindgen(method, getter = statusText)]
    fn status_text(this: &Answer) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn headers(this: &Answer) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn body(this: &Answer) -> JsValue;
    #[wasm_bindgen(method, getter = contentType)]
    fn content_type(this: &Answer) -> Option<String>;
}

#[wasm_bindgen(module = "/src/js/runtime-timers.js")]
extern "C" {
    /// The runtime's own timer (`setTimeout`), for a client without a `sleep` option.
    #[wasm_bindgen(thread_local_v2, js_name = startTimer)]
    static RUNTIME_TIMER: Function;
}

/// The timer of a client: over its `sleep` option, else the runtime's own.
pub fn client_timer(sleep: Option<&Function>) -> Function {
    sleep.map_or_else(|| RUNTIME_TIMER.with(Function::clone), timer_from_sleep)
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

/// A transport for one call: the client's and the call's AbortSignals, the client's
/// `fetch` option (the runtime's own `fetch` when `None`), its timer ([`client_timer`])
/// and its header objects.
pub struct FetchTransport {
    pub signals: Array,
    pub fetch: Option<Function>,
    pub timer: Function,
    pub headers: Rc<HeaderObjects>,
}

/// The JS objects of the header sets a client has sent: a client sends the same few
/// (with and without a body) on every call, so each is built once rather than header
/// by header on every request.
#[derive(Default)]
pub struct HeaderObjects(RefCell<Vec<(HeaderSet, JsValue)>>);

type HeaderSet = Vec<(String, String)>;

/// More distinct header sets than a client makes; past it, objects are not kept.
const MAX_HEADER_SETS: usize = 4;

impl HeaderObjects {
    fn object_for(&self, headers: &[(String, String)]) -> JsValue {
        if let Some((_, object)) = self.0.borrow().iter().find(|(known, _)| known == headers) {
            return object.clone();
        }
        let object: JsValue = Object::new().into();
        for (name, value) in headers {
            set(&object, name, &JsValue::from_str(value));
        }
        let mut known = self.0.borrow_mut();
        if known.len() < MAX_HEADER_SETS {
            known.push((headers.to_vec(), object.clone()));
        }
        object
    }
}

/// A response's headers, left in JS until a failure reads them.
pub struct JsHeaders(JsValue);

impl ResponseHeaders for JsHeaders {
    fn pairs(&self) -> Vec<(String, String)> {
        let mut pairs = Vec::new();
        for pair in header_pairs(&self.0).iter() {
            let pair: Array = pair.unchecked_into();
            if let (Some(name), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                pairs.push((name.to_ascii_lowercase(), value));
            }
        }
        pairs
    }
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
        Some("config") => ErrorKind::Config,
        _ => ErrorKind::Network,
    };
    SendError {
        error: Error::new(kind, message),
        not_sent: get(rejection, "notSent").as_bool().unwrap_or(false),
    }
}

/// The answer's status as a number; 0 for what no HTTP status is.
fn status_of(answer: &Answer) -> u16 {
    let status = answer.status().as_f64().unwrap_or(0.0);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    if (0.0..=999.0).contains(&status) {
        status as u16
    } else {
        0
    }
}

impl Transport for FetchTransport {
    type Body = JsBody;
    type Headers = JsHeaders;

    async fn send(
        &self,
        request: &HttpRequest,
        timeout_ms: Option<u64>,
    ) -> Result<HttpResponse<JsBody, JsHeaders>, SendError> {
        #[allow(clippy::cast_precision_loss)]
        let timeout = timeout_ms.map(|ms| ms as f64);
        let answer: Answer = JsFuture::from(send_request(
            &request.url,
            request.method.as_str(),
            &self.headers.object_for(&request.headers),
            request.body.as_deref(),
            request.include_credentials,
            timeout,
            &self.signals,
            self.fetch.clone(),
            &self.timer,
        ))
        .await
        .map_err(|rejection| to_send_error(&rejection))?
        .unchecked_into();
        Ok(HttpResponse {
            status: status_of(&answer),
            status_text: answer.status_text().as_string().unwrap_or_default(),
            headers: JsHeaders(answer.headers()),
            body: JsBody(answer.body()),
        })
    }

    async fn download(&self, url: &str, timeout_ms: Option<u64>, max_bytes: usize) -> Result<Download, SendError> {
        #[allow(clippy::cast_precision_loss)]
        let (timeout, max) = (timeout_ms.map(|ms| ms as f64), max_bytes as f64);
        let answer: Answer = JsFuture::from(download_bytes(
            url,
            timeout,
            max,
            &self.signals,
            self.fetch.clone(),
            &self.timer,
        ))
        .await
        .map_err(|rejection| to_send_error(&rejection))?
        .unchecked_into();
        let status = status_of(&answer);
        let bytes = answer
            .body()
            .dyn_ref::<js_sys::Uint8Array>()
            .map(js_sys::Uint8Array::to_vec);
        Ok(Download {
            status,
            content_type: answer.content_type(),
            bytes,
        })
    }

    async fn sleep(&self, millis: u64) -> Result<(), Error> {
        #[allow(clippy::cast_precision_loss)]
        let promise = sleep_for(millis as f64, &self.signals, &self.timer);
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
