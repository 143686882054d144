//! Promise glue: every method of `Publisher` runs its core call as a promise, so a
//! caller handles every failure, argument errors included, in one place.

use std::future::Future;
use std::pin::Pin;

use js_sys::{Array, Promise};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::future_to_promise;
use web_sys::AbortSignal;

use super::error::{to_js, to_js_with_cause};
use crate::config::AuthMode;
use crate::error::{Error, ErrorKind};

/// An optional AbortSignal argument.
pub fn abort_signal(value: &JsValue, name: &str) -> Result<Option<AbortSignal>, Error> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        value
            .dyn_ref::<AbortSignal>()
            .cloned()
            .map(Some)
            .ok_or_else(|| Error::invalid_argument(format!("{name} must be an AbortSignal")))
    }
}

/// A method's work, boxed: every method goes through one [`promise`], so the wasm
/// carries the promise machinery once rather than once per method.
pub type Work = Pin<Box<dyn Future<Output = Result<JsValue, Error>>>>;

/// Runs a core call as a promise. Argument errors reject too, so a caller handles
/// every failure in one place. A 401 under browser credentials says why; an abort
/// keeps the signal's reason as `cause`.
pub fn promise(signals: Array, auth: AuthMode, work: Work) -> Promise {
    future_to_promise(async move {
        work.await.map_err(|error| {
            let error = explain_unauthorized(error, auth);
            let cause = if error.kind == ErrorKind::Aborted {
                signals
                    .iter()
                    .filter_map(|s| s.dyn_into::<AbortSignal>().ok())
                    .find(AbortSignal::aborted)
                    .map(|signal| signal.reason())
            } else {
                None
            };
            to_js_with_cause(error, cause)
        })
    })
}

/// A 401 under the browser's own cookies says why no apiKey was sent and what to do.
fn explain_unauthorized(mut error: Error, auth: AuthMode) -> Error {
    if auth == AuthMode::BrowserCredentials && error.status == Some(401) {
        error.message.push_str(
            " (auth is 'browser': this runtime forbids scripts to set the Cookie header, so apiKey is not sent and the browser's own cookies for the service are; sign in to the service in this browser, or call from where a script may set Cookie, such as Node, Deno, Bun or a Worker, where auth 'cookie' is the default)",
        );
    }
    error
}

/// A call whose options are invalid: rejects without sending anything.
pub fn rejected(error: Error) -> Promise {
    Promise::reject(&to_js(error))
}

/// Reads `options`, then runs `work` with the call's client.
macro_rules! call {
    ($self:ident, $options:expr, |$client:ident| $body:expr) => {{
        let options = $options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        match $self.call(&options) {
            Err(error) => $crate::wasm::call::rejected(error),
            Ok(($client, signals)) => $crate::wasm::call::promise(
                signals,
                $self.auth(),
                Box::pin(async move {
                    let outcome: Result<JsValue, $crate::error::Error> = $body;
                    outcome
                }),
            ),
        }
    }};
}

pub(crate) use call;
