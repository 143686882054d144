//! JS values → the core's inputs: a method's arguments (ids, slugs, parameter objects)
//! and the configuration. Judging the values is the core's job (`publisher_core::args`,
//! `publisher_core::params`); this only reads them.

use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use publisher_core::args::{self, config_number, config_positive, Arg};
use publisher_core::config::{AuthMode, ConfigInput, RetryInput};
use publisher_core::error::Error;
use publisher_core::ids::{Id, Slug};
use publisher_core::params::{ArgSource, ParamObject, Shape};

/// An argument that may be left out, as `undefined` when it was.
pub fn given(value: Option<JsValue>) -> JsValue {
    value.unwrap_or(JsValue::UNDEFINED)
}

/// The id argument `name` (`postId`, `userId`, …).
pub fn id<I: Id>(name: &'static str, value: &JsValue) -> Result<I, Error> {
    args::id::<I>(name, &arg(value))
}

/// The slug or handle argument `name`.
pub fn slug(name: &'static str, value: &JsValue) -> Result<Slug, Error> {
    args::slug(name, &arg(value))
}

/// The parameter object argument `name`, read field by field.
pub fn object<P: ParamObject>(name: &'static str, value: &JsValue) -> Result<P, Error> {
    P::read(name, &JsObject(value))
}

/// A caller's object as the core's parameter objects read it.
struct JsObject<'a>(&'a JsValue);

impl ArgSource for JsObject<'_> {
    fn shape(&self) -> Shape {
        let value = self.0;
        if value.is_undefined() || value.is_null() {
            Shape::Missing
        } else if Array::is_array(value) {
            Shape::Array
        } else if value.is_object() {
            Shape::Object
        } else {
            Shape::Other
        }
    }
    fn member(&self, key: &str) -> Arg {
        arg_member(self.0, key)
    }
}

pub fn arg(value: &JsValue) -> Arg {
    if value.is_undefined() || value.is_null() {
        Arg::Missing
    } else if let Some(number) = value.as_f64() {
        Arg::Number(number)
    } else if value.is_string() {
        // as_string() would silently replace an unpaired surrogate with U+FFFD: only a
        // string with a U+FFFD in it needs the (character by character) closer look.
        match value.as_string() {
            Some(text)
                if !text.contains('\u{FFFD}')
                    || value
                        .dyn_ref::<js_sys::JsString>()
                        .is_some_and(js_sys::JsString::is_valid_utf16) =>
            {
                Arg::Str(text)
            }
            _ => Arg::Other("a string that is not valid Unicode (it holds an unpaired surrogate)".into()),
        }
    } else if let Some(flag) = value.as_bool() {
        Arg::Bool(flag)
    } else {
        let kind = value.js_typeof().as_string().unwrap_or_else(|| "unknown".into());
        Arg::Other(format!("a value of type {kind}"))
    }
}

/// A named member of an options object (`undefined` when `options` is not an object).
pub fn member(options: &JsValue, name: &str) -> JsValue {
    if options.is_object() {
        Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// A named member of an options object as an argument; a getter that throws makes
/// the argument invalid rather than silently absent.
pub fn arg_member(options: &JsValue, name: &str) -> Arg {
    if !options.is_object() {
        return Arg::Missing;
    }
    match Reflect::get(options, &JsValue::from_str(name)) {
        Ok(value) => arg(&value),
        Err(_) => Arg::Other("a property whose getter threw".into()),
    }
}

fn optional_string(config: &JsValue, name: &str) -> Result<Option<String>, Error> {
    let value = member(config, name);
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        value
            .as_string()
            .map(Some)
            .ok_or_else(|| Error::config(format!("{name} must be a string")))
    }
}

/// The `fetch` option: a function that sends every request instead of the runtime's own.
pub fn fetch_function(config: &JsValue) -> Result<Option<js_sys::Function>, Error> {
    function_option(
        config,
        "fetch",
        "fetch must be a function with the signature of fetch(url, init)",
    )
}

/// The `sleep` option: `(ms, signal) => promise`, what the client waits with (the
/// per-request timeout, the wait before a retry) instead of the runtime's timers.
pub fn sleep_function(config: &JsValue) -> Result<Option<js_sys::Function>, Error> {
    function_option(
        config,
        "sleep",
        "sleep must be a function (ms, signal) => Promise, like n8n-workflow's sleep",
    )
}

/// An optional function member of the configuration; `refusal` when it is something else.
fn function_option(config: &JsValue, name: &str, refusal: &str) -> Result<Option<js_sys::Function>, Error> {
    let value = member(config, name);
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        value
            .dyn_into::<js_sys::Function>()
            .map(Some)
            .map_err(|_| Error::config(refusal))
    }
}

/// `PublisherConfig` → [`ConfigInput`]; `auth` stays `None` when not given, for the
/// caller to settle by what the runtime can do. A `Cookie` header asked for where the
/// runtime would silently drop it (`may_set_cookie` is false: a browser page) is
/// refused, unless a custom `fetch` (e.g. a proxy) receives it.
pub fn config_input(
    config: &JsValue,
    may_set_cookie: impl FnOnce() -> bool,
    custom_fetch: bool,
) -> Result<ConfigInput, Error> {
    if !config.is_object() || js_sys::Array::is_array(config) {
        return Err(Error::config(
            "new Publisher(config) needs a config object with at least an apiKey",
        ));
    }
    let auth = match optional_string(config, "auth")?.as_deref() {
        None => None,
        Some("cookie") if !custom_fetch && !may_set_cookie() => {
            return Err(Error::config(
                "auth 'cookie' cannot work here: this runtime (a browser) forbids scripts to set the Cookie header, so apiKey would never reach the service; use auth: 'browser' (the browser's own sign-in, the default here) or a fetch option that forwards the Cookie header",
            ))
        }
        Some("cookie") => Some(AuthMode::CookieHeader),
        Some("browser") => Some(AuthMode::BrowserCredentials),
        Some(other) => {
            return Err(Error::config(format!(
                "auth must be 'cookie' or 'browser', not {other:?}"
            )))
        }
    };
    let user_agent = {
        let value = member(config, "userAgent");
        if value.is_undefined() || value.is_null() {
            None
        } else if value.as_bool() == Some(false) {
            Some(None)
        } else {
            Some(Some(
                value
                    .as_string()
                    .ok_or_else(|| Error::config("userAgent must be a string or false"))?,
            ))
        }
    };
    let retry = member(config, "retry");
    let retry = if retry.is_undefined() || retry.is_null() {
        RetryInput::Default
    } else if retry.as_bool() == Some(false) {
        RetryInput::Off
    } else if retry.is_object() {
        RetryInput::Custom {
            retries: config_number("retry.retries", &arg_member(&retry, "retries"))?,
            base_delay_ms: config_number("retry.baseDelayMs", &arg_member(&retry, "baseDelayMs"))?,
            max_delay_ms: config_number("retry.maxDelayMs", &arg_member(&retry, "maxDelayMs"))?,
            max_retry_after_ms: config_number("retry.maxRetryAfterMs", &arg_member(&retry, "maxRetryAfterMs"))?,
        }
    } else {
        return Err(Error::config("retry must be false or an object such as { retries: 3 }"));
    };
    Ok(ConfigInput {
        retry,
        timeout_ms: config_number("timeoutMs", &arg_member(config, "timeoutMs"))?,
        concurrency: config_positive("concurrency", &arg_member(config, "concurrency"))?,
        api_key: optional_string(config, "apiKey")?,
        hostname: optional_string(config, "hostname")?,
        api_version: optional_string(config, "apiVersion")?,
        base_url: optional_string(config, "baseUrl")?,
        cookie_name: optional_string(config, "cookieName")?,
        auth,
        user_agent,
    })
}
