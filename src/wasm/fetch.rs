//! The transport in wasm: the global `fetch` of Node, Deno and browsers, bound here
//! directly so that any rejection value (an `Error`, a string, `undefined`) becomes a
//! `network` error instead of a trap, and the body stays a JS string.

use js_sys::{Array, Object, Promise, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{RequestCredentials, RequestInit, Response};

use super::js_doc::JsBody;
use crate::error::Error;
use crate::request::HttpRequest;
use crate::transport::{HttpResponse, Transport};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = fetch, catch)]
    fn global_fetch(url: &str, init: &RequestInit) -> Result<Promise, JsValue>;
}

pub struct FetchTransport;

impl Transport for FetchTransport {
    type Body = JsBody;

    async fn send(&self, request: &HttpRequest) -> Result<HttpResponse<JsBody>, Error> {
        let init = RequestInit::new();
        init.set_method(request.method.as_str());
        let headers = Object::new();
        for (name, value) in &request.headers {
            Reflect::set(
                &headers,
                &JsValue::from_str(name),
                &JsValue::from_str(value),
            )
            .map_err(|e| Error::network(describe_rejection(&e)))?;
        }
        init.set_headers(&headers);
        if let Some(body) = &request.body {
            init.set_body(&JsValue::from_str(body));
        }
        if request.include_credentials {
            init.set_credentials(RequestCredentials::Include);
        }
        let promise = global_fetch(&request.url, &init)
            .map_err(|e| Error::network(describe_rejection(&e)))?;
        let response: Response = JsFuture::from(promise)
            .await
            .map_err(|e| Error::network(describe_rejection(&e)))?
            .dyn_into()
            .map_err(|_| Error::network("fetch resolved to something that is not a Response"))?;
        let headers = read_headers(&response);
        let text_promise = response
            .text()
            .map_err(|e| Error::network(describe_rejection(&e)))?;
        // A connection dropped mid-body rejects here: the response never completed.
        let body = JsFuture::from(text_promise).await.map_err(|e| {
            Error::network(format!(
                "the response body was cut off ({})",
                describe_rejection(&e)
            ))
        })?;
        Ok(HttpResponse {
            status: response.status(),
            status_text: response.status_text(),
            headers,
            body: JsBody(body),
        })
    }
}

fn read_headers(response: &Response) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    if let Ok(Some(entries)) = js_sys::try_iter(&response.headers()) {
        for entry in entries.flatten() {
            let pair: Array = entry.unchecked_into();
            if let (Some(name), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                headers.push((name.to_ascii_lowercase(), value));
            }
        }
    }
    headers
}

/// A readable account of whatever fetch rejected with. Node's undici hides the
/// useful part (`ECONNREFUSED`, `UND_ERR_SOCKET`) in `cause`.
pub fn describe_rejection(value: &JsValue) -> String {
    let Some(error) = value.dyn_ref::<js_sys::Error>() else {
        return match value.as_string() {
            Some(text) => text,
            None if value.is_undefined() => "fetch rejected without a reason".into(),
            None => "fetch rejected with a non-Error value".into(),
        };
    };
    let mut text = String::from(error.message());
    let cause = error.cause();
    if let Some(cause) = cause.dyn_ref::<js_sys::Error>() {
        let code = Reflect::get(cause, &JsValue::from_str("code"))
            .ok()
            .and_then(|c| c.as_string());
        let message = String::from(cause.message());
        match code {
            Some(code) if !message.contains(&code) => {
                text.push_str(&format!(" ({code}: {message})"))
            }
            _ => text.push_str(&format!(" ({message})")),
        }
    }
    text
}
