//! Native test helpers: a fake transport that records what was sent and replays
//! scripted answers, a minimal executor, and the project's response fixtures.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, VecDeque};
use std::future::Future;
use std::path::PathBuf;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use crate::client::Client;
use crate::config::{Config, ConfigInput, RetryInput};
use crate::error::Error;
use crate::http::operation::Operation;
use crate::http::transport::{BytesBody, Download, HttpResponse, SendError, Transport};
use crate::http::HttpRequest;
use crate::methods::{MethodInfo, Route};

/// The fake's wall clock: 2023-11-14T22:13:20Z.
pub const FAKE_NOW_MS: f64 = 1_700_000_000_000.0;

type Handler = Box<dyn Fn(&HttpRequest) -> (u16, String)>;

#[derive(Default)]
pub struct FakeTransport {
    replies: RefCell<VecDeque<Result<HttpResponse<BytesBody>, SendError>>>,
    /// Answers requests when no scripted reply is queued.
    handler: RefCell<Option<Handler>>,
    always: RefCell<Option<(u16, Vec<u8>)>>,
    sent: RefCell<Vec<HttpRequest>>,
    sleeps: RefCell<Vec<u64>>,
    /// When set, each send stays in flight for 1 to this many polls (varying from
    /// request to request, so they finish out of order).
    slow_sends: Cell<usize>,
    in_flight: Cell<usize>,
    peak_in_flight: Cell<usize>,
    /// A request whose URL ends with this stays in flight for this many polls.
    held: RefCell<Option<(String, usize)>>,
    /// How many requests had been sent when the held one was answered.
    sent_while_held: Cell<Option<usize>>,
    /// Every wait between attempts ends as if the caller aborted.
    abort_sleeps: Cell<bool>,
    /// Files on the web by URL, for downloads; a URL missing here fails as a network error.
    web: RefCell<Vec<(String, Result<Download, SendError>)>>,
    /// The URLs downloaded, in order, with the byte limit each asked for.
    downloaded: RefCell<Vec<(String, usize)>>,
}

impl FakeTransport {
    /// A client on `hostname` with the key `test-key`, over a fresh fake.
    pub fn client(hostname: Option<&str>) -> Client<FakeTransport> {
        Self::client_with(hostname, RetryInput::Default)
    }

    /// The same, with retrying turned off: one reply per call.
    pub fn client_without_retries(hostname: Option<&str>) -> Client<FakeTransport> {
        Self::client_with(hostname, RetryInput::Off)
    }

    pub fn client_with(hostname: Option<&str>, retry: RetryInput) -> Client<FakeTransport> {
        let config = Config::new(ConfigInput {
            api_key: Some("test-key".into()),
            hostname: hostname.map(Into::into),
            retry,
            ..Default::default()
        })
        .unwrap_or_else(|e| panic!("test config: {e}"));
        Client::new(config, FakeTransport::default())
    }

    pub fn reply(&self, status: u16, body: &str) {
        self.reply_with(status, "", vec![], body);
    }

    pub fn reply_with(&self, status: u16, status_text: &str, headers: Vec<(String, String)>, body: &str) {
        self.replies.borrow_mut().push_back(Ok(HttpResponse {
            status,
            status_text: status_text.into(),
            headers,
            body: BytesBody(body.as_bytes().to_vec()),
        }));
    }

    /// Answers every request (after the queued replies) with these bytes.
    pub fn reply_always(&self, status: u16, body: Vec<u8>) {
        *self.always.borrow_mut() = Some((status, body));
    }

    /// Answers every request (after the queued replies) with `handler(request)`.
    pub fn answer(&self, handler: impl Fn(&HttpRequest) -> (u16, String) + 'static) {
        *self.handler.borrow_mut() = Some(Box::new(handler));
    }

    /// The URLs sent, without the origin.
    pub fn sent_paths(&self) -> Vec<String> {
        self.sent
            .borrow()
            .iter()
            .map(|r| r.url.splitn(4, '/').nth(3).map(|p| format!("/{p}")).unwrap_or_default())
            .collect()
    }

    pub fn fail(&self, error: Error) {
        self.replies
            .borrow_mut()
            .push_back(Err(SendError { error, not_sent: false }));
    }

    /// A connection refused: the request never left.
    pub fn refuse(&self) {
        self.replies.borrow_mut().push_back(Err(SendError {
            error: Error::network("connection refused"),
            not_sent: true,
        }));
    }

    /// Keeps each request in flight for 1 to `polls` polls, so that requests overlap
    /// (run the call with [`run_until_done`]).
    pub fn slow_sends(&self, polls: usize) {
        self.slow_sends.set(polls);
    }

    /// Keeps the request whose URL ends with `url_end` in flight for `polls` polls (the
    /// others as [`Self::slow_sends`] says; run the call with [`run_until_done`]).
    pub fn hold(&self, url_end: &str, polls: usize) {
        *self.held.borrow_mut() = Some((url_end.into(), polls));
    }

    /// How many requests had been sent, the held one included, when it was answered.
    pub fn sent_while_held(&self) -> Option<usize> {
        self.sent_while_held.get()
    }

    /// The most requests that were in flight at once.
    pub fn peak_in_flight(&self) -> usize {
        self.peak_in_flight.get()
    }

    /// The waits the client asked for between attempts.
    pub fn sleeps(&self) -> Vec<u64> {
        self.sleeps.borrow().clone()
    }

    /// The caller aborts during every wait between attempts.
    pub fn abort_sleeps(&self) {
        self.abort_sleeps.set(true);
    }

    pub fn sent(&self) -> Vec<HttpRequest> {
        self.sent.borrow().clone()
    }

    /// Puts a file on the fake web: `download(url)` answers `status`, `content_type` and `bytes`.
    #[cfg(feature = "markdown")]
    pub fn serve(&self, url: &str, status: u16, content_type: Option<&str>, bytes: &[u8]) {
        let download = Download {
            status,
            content_type: content_type.map(Into::into),
            bytes: Some(bytes.to_vec()),
        };
        self.web.borrow_mut().push((url.into(), Ok(download)));
    }

    /// The URLs downloaded, in order, with the byte limit each asked for.
    #[cfg(feature = "markdown")]
    pub fn downloaded(&self) -> Vec<(String, usize)> {
        self.downloaded.borrow().clone()
    }
}

impl Transport for FakeTransport {
    type Body = BytesBody;
    type Headers = Vec<(String, String)>;
    async fn send(
        &self,
        request: &HttpRequest,
        _timeout_ms: Option<u64>,
    ) -> Result<HttpResponse<BytesBody>, SendError> {
        let number = {
            let mut sent = self.sent.borrow_mut();
            sent.push(request.clone());
            sent.len()
        };
        let held = self
            .held
            .borrow()
            .as_ref()
            .filter(|(end, _)| request.url.ends_with(end.as_str()))
            .map(|&(_, polls)| polls);
        if held.is_some() || self.slow_sends.get() > 0 {
            self.in_flight.set(self.in_flight.get() + 1);
            self.peak_in_flight
                .set(self.peak_in_flight.get().max(self.in_flight.get()));
            match held {
                Some(polls) => {
                    yield_times(polls).await;
                    self.sent_while_held.set(Some(self.sent.borrow().len()));
                }
                // 1..=slow_sends polls, spread by a multiplicative hash of the request's number.
                None => yield_times(1 + number.wrapping_mul(7919) % self.slow_sends.get()).await,
            }
            self.in_flight.set(self.in_flight.get() - 1);
        }
        if let Some(reply) = self.replies.borrow_mut().pop_front() {
            return reply;
        }
        if let Some((status, body)) = self.always.borrow().clone() {
            return Ok(HttpResponse {
                status,
                status_text: String::new(),
                headers: vec![],
                body: BytesBody(body),
            });
        }
        let handler = self.handler.borrow();
        let handler = handler
            .as_ref()
            .unwrap_or_else(|| panic!("the fake transport has no reply for {request:?}"));
        let (status, body) = handler(request);
        Ok(HttpResponse {
            status,
            status_text: String::new(),
            headers: vec![],
            body: BytesBody(body.into_bytes()),
        })
    }

    async fn download(&self, url: &str, _timeout_ms: Option<u64>, max_bytes: usize) -> Result<Download, SendError> {
        self.downloaded.borrow_mut().push((url.into(), max_bytes));
        let web = self.web.borrow();
        let Some((_, found)) = web.iter().find(|(known, _)| known == url) else {
            return Err(SendError::from(Error::network(format!(
                "getaddrinfo ENOTFOUND for {url}"
            ))));
        };
        found.clone().map(|mut download| {
            if download.bytes.as_ref().is_some_and(|bytes| bytes.len() > max_bytes) {
                download.bytes = None;
            }
            download
        })
    }

    async fn sleep(&self, millis: u64) -> Result<(), Error> {
        self.sleeps.borrow_mut().push(millis);
        if self.abort_sleeps.get() {
            return Err(Error::new(crate::error::ErrorKind::Aborted, "aborted by the caller"));
        }
        Ok(())
    }

    fn now_ms(&self) -> f64 {
        FAKE_NOW_MS
    }

    fn jitter(&self) -> f64 {
        0.5
    }
}

thread_local! {
    /// The method of `methods::ALL` whose call runs on this thread: the outermost one, so a
    /// method that calls another (`getFollowingProfiles` → `getFullProfileById`) sends
    /// under its own list.
    static DRIVEN: Cell<Option<&'static MethodInfo>> = const { Cell::new(None) };
    /// The methods at least one request of which was checked on this thread.
    static CHECKED: RefCell<BTreeSet<&'static str>> = const { RefCell::new(BTreeSet::new()) };
}

/// While alive, every request built on this thread must be one the method declares.
#[must_use]
pub struct Driving(bool);

impl Drop for Driving {
    fn drop(&mut self) {
        if self.0 {
            DRIVEN.with(|driven| driven.set(None));
        }
    }
}

/// Marks the start of a call of the method `name` of `methods::ALL` (each client method
/// that is one calls this first, in tests only): until the returned guard drops, each
/// request built must be among that method's `sends` ([`check_declared`]). A call inside
/// another method's call is checked against the outer method's list.
pub fn driving(name: &'static str) -> Driving {
    let method = crate::methods::ALL
        .iter()
        .find(|method| method.name == name)
        .unwrap_or_else(|| panic!("{name} is not a method of publisher-core/src/methods.rs"));
    Driving(DRIVEN.with(|driven| {
        let outermost = driven.get().is_none();
        if outermost {
            driven.set(Some(method));
        }
        outermost
    }))
}

/// Fails the test when the method being driven does not declare the operation `O` in its
/// `sends`: whether a method writes (the MCP server's writes switch) and whether it acts at
/// most once (n8n's Retry On Fail) are read off that list, so it must hold every request.
pub fn check_declared<O: Operation>() {
    let Some(method) = DRIVEN.with(Cell::get) else {
        return;
    };
    let route = Route::of::<O>();
    assert!(
        method.sends.contains(&route),
        "{} sent {} {:?} `/{}` ({:?}), which its `sends` in publisher-core/src/methods.rs does not list: \
         list it there (a request other than a GET makes the method a write, and an at-most-once one \
         makes it act at most once)",
        method.name,
        route.method.as_str(),
        route.host,
        route.route,
        route.delivery,
    );
    CHECKED.with(|checked| checked.borrow_mut().insert(method.name));
}

/// The methods whose requests were checked on this thread since the last call.
pub fn take_checked() -> BTreeSet<&'static str> {
    CHECKED.with(|checked| std::mem::take(&mut *checked.borrow_mut()))
}

/// Runs a future to its end by polling it again and again: for futures that wait only
/// on each other and on [`yield_times`] (which wakes itself), never on the outside.
pub fn run_until_done<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut context = Context::from_waker(Waker::noop());
    for _ in 0..1_000_000 {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
    }
    panic!("the future did not finish within a million polls")
}

/// Pending `times` polls (waking itself each time), then ready: a stand-in for I/O that
/// takes a while, so that other futures run meanwhile.
pub async fn yield_times(times: usize) {
    let mut left = times;
    std::future::poll_fn(move |context| {
        if left == 0 {
            return Poll::Ready(());
        }
        left -= 1;
        context.waker().wake_by_ref();
        Poll::Pending
    })
    .await;
}

/// Runs a future that never waits on anything outside it (the fake answers at once).
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut context = Context::from_waker(Waker::noop());
    match future.as_mut().poll(&mut context) {
        Poll::Ready(output) => output,
        Poll::Pending => panic!("the future waited on something the fake cannot provide"),
    }
}

/// The project's root folder (the workspace), where the fixtures and the JS tests are.
pub fn repo_root() -> PathBuf {
    let core = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    core.parent().map_or_else(|| core.join(".."), PathBuf::from)
}

/// Checks that the generated file `relative` (from the project's root) holds `expected`,
/// or rewrites it when the environment variable `update` is set.
pub fn check_generated(relative: &str, expected: &str, update: &str) {
    let path = repo_root().join(relative);
    if std::fs::read_to_string(&path).unwrap_or_default() == expected {
        return;
    }
    if std::env::var_os(update).is_some() {
        std::fs::write(&path, expected).unwrap();
    } else {
        panic!("{} is out of date: run {update}=1 cargo test", path.display());
    }
}

/// A response fixture of the project's own (`fixtures/service/<name>`): an answer of the
/// local service, exported by `local-service/fixtures.mjs`.
pub fn fixture_text(name: &str) -> String {
    let full = repo_root().join("fixtures/service").join(name);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read the fixture {} ({e})", full.display()))
}

pub fn fixture(name: &str) -> serde_json::Value {
    serde_json::from_str(&fixture_text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A small deterministic generator (xorshift64*), so a failing case can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    // The way back's proofs (Markdown only) draw items and chances too.
    #[cfg(feature = "markdown")]
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    #[cfg(feature = "markdown")]
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}
