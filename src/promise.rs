//! The one promise runner: every method of `Publisher` runs its core call as a promise
//! (on the small task queue below), so a caller handles every failure, argument errors
//! included, in one place.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Wake, Waker};

use js_sys::{Array, Promise};
use wasm_bindgen::prelude::{wasm_bindgen, Closure};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortSignal;

use super::publisher_error::{to_js, to_js_with_cause};
use publisher_core::config::AuthMode;
use publisher_core::error::{Error, ErrorKind};

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

/// A future as a promise: the future runs on [`spawn`]'s tasks, and its outcome settles
/// the promise.
fn future_to_promise(work: impl Future<Output = Result<JsValue, JsValue>> + 'static) -> Promise {
    let mut work = Some(work);
    Promise::new(&mut |resolve, reject| {
        if let Some(work) = work.take() {
            spawn(Box::pin(async move {
                // Settling a promise's own resolve or reject function cannot throw.
                let _ = match work.await {
                    Ok(value) => resolve.call1(&JsValue::UNDEFINED, &value),
                    Err(error) => reject.call1(&JsValue::UNDEFINED, &error),
                };
            }));
        }
    })
}

// The tasks the promises run on. wasm-bindgen-futures' `future_to_promise` looks its
// `queueMicrotask` up on the global object (`js_sys::global()`), which puts accessors of
// `globalThis`, `global`, `self` and `window` into the glue, names that hosts such as an
// n8n node may not use. These tasks call `queueMicrotask` by its name. A task's first
// poll is in a microtask after it is spawned, as wasm-bindgen-futures' (so nothing is sent
// before the method returns: an abort right after the call finds the request unsent).
// A task woken while no task is being polled (a promise's callback, in a microtask of its
// own) is polled at once: that saves a hop through `queueMicrotask` and back for every
// awaited promise, two boundary crossings each. A task woken during a poll is queued and
// polled in a microtask: all that were queued before it run in it, and those woken
// meanwhile in the next one. Awaiting a promise stays wasm-bindgen-futures' `JsFuture`,
// which only wakes.

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = queueMicrotask)]
    fn queue_microtask(run: &Closure<dyn FnMut()>);
}

type Task = Pin<Box<dyn Future<Output = ()>>>;

/// A spawned task: its id, its future (out of it while it is being polled), its waker,
/// and whether it is queued to be polled.
struct Spawned {
    id: u64,
    future: RefCell<Option<Task>>,
    waker: Waker,
    queued: Cell<bool>,
}

thread_local! {
    /// The tasks not yet finished; a waker names its task by id. A plain list: there are
    /// as many as calls in flight, a handful, and a map would cost kilobytes of wasm.
    static TASKS: RefCell<Vec<Rc<Spawned>>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
    static QUEUE: RefCell<VecDeque<Rc<Spawned>>> = const { RefCell::new(VecDeque::new()) };
    /// Whether a microtask that runs the queue is pending.
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
    static RUN_QUEUE: Closure<dyn FnMut()> = Closure::new(run_queue);
    /// Whether a task is being polled.
    static POLLING: Cell<bool> = const { Cell::new(false) };
}

struct TaskWaker(u64);

impl Wake for TaskWaker {
    fn wake(self: Arc<Self>) {
        wake_task(self.0);
    }

    fn wake_by_ref(self: &Arc<Self>) {
        wake_task(self.0);
    }
}

fn spawn(future: Task) {
    let id = NEXT_ID.with(|next| next.replace(next.get().wrapping_add(1)));
    let task = Rc::new(Spawned {
        id,
        future: RefCell::new(Some(future)),
        waker: Waker::from(Arc::new(TaskWaker(id))),
        queued: Cell::new(true),
    });
    TASKS.with(|tasks| tasks.borrow_mut().push(task.clone()));
    enqueue(task);
}

fn wake_task(id: u64) {
    let Some(task) = TASKS.with(|tasks| tasks.borrow().iter().find(|task| task.id == id).cloned()) else {
        return; // finished: a late wake has nothing to do
    };
    if task.queued.get() {
        return;
    }
    if POLLING.get() {
        task.queued.set(true);
        enqueue(task);
    } else {
        POLLING.set(true);
        poll_task(&task);
        POLLING.set(false);
    }
}

/// Polls `task` once; a finished task leaves the list.
fn poll_task(task: &Spawned) {
    let Some(mut future) = task.future.borrow_mut().take() else {
        return;
    };
    if future.as_mut().poll(&mut Context::from_waker(&task.waker)).is_ready() {
        TASKS.with(|tasks| tasks.borrow_mut().retain(|other| other.id != task.id));
    } else {
        *task.future.borrow_mut() = Some(future);
    }
}

fn enqueue(task: Rc<Spawned>) {
    QUEUE.with(|queue| queue.borrow_mut().push_back(task));
    if !SCHEDULED.replace(true) {
        RUN_QUEUE.with(queue_microtask);
    }
}

/// Polls the tasks queued before this microtask, once each.
fn run_queue() {
    SCHEDULED.set(false);
    let was_polling = POLLING.replace(true);
    let mut left = QUEUE.with(|queue| queue.borrow().len());
    while left > 0 {
        left = left.saturating_sub(1);
        let Some(task) = QUEUE.with(|queue| queue.borrow_mut().pop_front()) else {
            break;
        };
        task.queued.set(false);
        poll_task(&task);
    }
    POLLING.set(was_polling);
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
