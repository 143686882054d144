//! The `Publisher` class, the one class the package exports from wasm: its state and
//! its constructor. Its methods are in [`super::methods`]; `note()` is beside the
//! builder, in [`super::note_builder`].

use std::cell::OnceCell;
use std::rc::Rc;

use js_sys::{Array, Function};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;
use web_sys::AbortSignal;

use super::fetch::{client_timer, script_may_set_cookie, FetchTransport, HeaderObjects};
use super::promise::abort_signal;
use super::publisher_error::to_js;
use super::read::{config_input, fetch_function, member, sleep_function};
use super::types::PublisherConfigArg;
use publisher_core::client::Client;
use publisher_core::config::{AuthMode, Config};
use publisher_core::error::Error;

/// A client of the Publisher service: each method returns a promise that rejects with a
/// `PublisherError`.
#[wasm_bindgen]
pub struct Publisher {
    config: Rc<Config>,
    /// The configuration with `auth` settled, once the first call settled it.
    settled: Rc<OnceCell<Rc<Config>>>,
    /// The header objects of this client's requests.
    headers: Rc<HeaderObjects>,
    /// The `signal` of the configuration: aborts every call of this client.
    signal: Option<AbortSignal>,
    /// The `fetch` of the configuration: sends every request of this client.
    fetch: Option<Function>,
    /// What this client waits with: over the `sleep` of the configuration, else the runtime's timers.
    timer: Function,
    /// No `auth` was given: it follows what the runtime can do, probed at the first
    /// call (the probe makes Node load its fetch, which a constructor need not wait for).
    auth_by_runtime: bool,
}

impl Publisher {
    /// How this client sends the session, with the runtime's default settled.
    pub(super) fn auth(&self) -> AuthMode {
        if self.auth_by_runtime && !script_may_set_cookie() {
            AuthMode::BrowserCredentials
        } else {
            self.config.auth()
        }
    }

    /// Another handle on the same client (for the pages and builders it creates).
    pub(super) fn share(&self) -> Publisher {
        Publisher {
            config: self.config.clone(),
            settled: self.settled.clone(),
            headers: self.headers.clone(),
            signal: self.signal.clone(),
            fetch: self.fetch.clone(),
            timer: self.timer.clone(),
            auth_by_runtime: self.auth_by_runtime,
        }
    }

    /// The configuration of a call, with the runtime's default `auth` settled.
    fn effective_config(&self) -> Rc<Config> {
        self.settled
            .get_or_init(|| {
                let auth = self.auth();
                if auth == self.config.auth() {
                    self.config.clone()
                } else {
                    let mut config = Config::clone(&self.config);
                    config.set_auth(auth);
                    Rc::new(config)
                }
            })
            .clone()
    }

    /// A client for one call: the shared configuration, and a transport that obeys the
    /// client's signal and the call's own (`options.signal`).
    pub(super) fn client_for(&self, options: &JsValue) -> Result<(Client<FetchTransport>, Array), Error> {
        let signals = Array::new();
        if let Some(signal) = &self.signal {
            signals.push(signal);
        }
        if let Some(signal) = abort_signal(&member(options, "signal"), "options.signal")? {
            signals.push(&signal);
        }
        let transport = FetchTransport {
            signals: signals.clone(),
            fetch: self.fetch.clone(),
            timer: self.timer.clone(),
            headers: self.headers.clone(),
        };
        Ok((Client::shared(self.effective_config(), transport), signals))
    }
}

#[wasm_bindgen]
impl Publisher {
    /// Creates a client. Throws a `PublisherError` of kind `config` when the
    /// configuration is invalid; nothing is sent.
    #[wasm_bindgen(constructor)]
    pub fn new(config: PublisherConfigArg) -> Result<Publisher, JsValue> {
        let config = JsValue::from(config);
        let fetch = fetch_function(&config).map_err(to_js)?;
        let timer = client_timer(sleep_function(&config).map_err(to_js)?.as_ref());
        let input = config_input(&config, script_may_set_cookie, fetch.is_some()).map_err(to_js)?;
        let auth_by_runtime = input.auth.is_none();
        let signal = abort_signal(&member(&config, "signal"), "signal").map_err(|e| to_js(Error::config(e.message)))?;
        let config = Config::new(input).map_err(to_js)?;
        Ok(Publisher {
            config: Rc::new(config),
            settled: Rc::default(),
            headers: Rc::default(),
            signal,
            fetch,
            timer,
            auth_by_runtime,
        })
    }
}
