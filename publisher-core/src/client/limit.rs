//! A bound on the requests one call has in flight at once, shared by the futures of
//! that call (single-threaded, as wasm is): a request waits for a slot, holds it while
//! it and its retries run, and gives it back when done or dropped.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

/// At most `slots` holders of a [`Slot`] at a time.
pub(crate) struct RequestLimit {
    free: Cell<usize>,
    waiting: RefCell<Vec<Waker>>,
}

impl RequestLimit {
    /// A limit of `slots` (at least one).
    pub(crate) fn new(slots: usize) -> Self {
        RequestLimit {
            free: Cell::new(slots.max(1)),
            waiting: RefCell::new(Vec::new()),
        }
    }

    #[cfg(test)]
    async fn run<F: Future>(&self, work: F) -> F::Output {
        let _slot = slot(Some(self)).await;
        work.await
    }
}

/// A slot of `limit` once one is free (at once when there is no limit): hold it while the
/// request runs. Not generic over the work, so that there is one copy of it in the wasm.
pub(crate) async fn slot(limit: Option<&RequestLimit>) -> Option<Slot<'_>> {
    match limit {
        Some(limit) => Some(WaitForSlot { limit }.await),
        None => None,
    }
}

/// A slot held; freeing it wakes every waiter, and the first one polled takes it.
pub(crate) struct Slot<'a> {
    limit: &'a RequestLimit,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.limit.free.set(self.limit.free.get().saturating_add(1));
        // Taken out before waking, so that a waker that polls at once finds no borrow.
        let waiting = std::mem::take(&mut *self.limit.waiting.borrow_mut());
        for waker in waiting {
            waker.wake();
        }
    }
}

struct WaitForSlot<'a> {
    limit: &'a RequestLimit,
}

impl<'a> Future for WaitForSlot<'a> {
    type Output = Slot<'a>;

    fn poll(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Slot<'a>> {
        let limit = self.limit;
        match limit.free.get().checked_sub(1) {
            Some(left) => {
                limit.free.set(left);
                Poll::Ready(Slot { limit })
            }
            None => {
                limit.waiting.borrow_mut().push(context.waker().clone());
                Poll::Pending
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::future::Future;
    use std::task::{Context, Waker};

    use futures_util::stream::{self, StreamExt};

    use super::RequestLimit;
    use crate::test_support::{run_until_done, yield_times};

    #[test]
    fn never_more_holders_than_slots_and_every_task_runs() {
        for slots in [1, 2, 3, 5, 16] {
            let limit = RequestLimit::new(slots);
            let now = Cell::new(0usize);
            let peak = Cell::new(0usize);
            let done: Vec<usize> = run_until_done(
                stream::iter(0..40usize)
                    .map(|task| {
                        let (limit, now, peak) = (&limit, &now, &peak);
                        async move {
                            limit
                                .run(async {
                                    now.set(now.get() + 1);
                                    peak.set(peak.get().max(now.get()));
                                    yield_times(1 + task % 4).await;
                                    now.set(now.get() - 1);
                                })
                                .await;
                            task
                        }
                    })
                    .buffer_unordered(40)
                    .collect(),
            );
            assert_eq!(peak.get(), slots, "{slots} slots");
            let mut done = done;
            done.sort_unstable();
            assert_eq!(done, (0..40).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_dropped_holder_gives_its_slot_back() {
        let limit = RequestLimit::new(1);
        let mut context = Context::from_waker(Waker::noop());
        let mut holder = Box::pin(limit.run(yield_times(5)));
        assert!(holder.as_mut().poll(&mut context).is_pending());
        assert_eq!(limit.free.get(), 0);
        let mut waiter = Box::pin(limit.run(async {}));
        assert!(waiter.as_mut().poll(&mut context).is_pending());
        drop(holder);
        assert_eq!(limit.free.get(), 1);
        assert!(waiter.as_mut().poll(&mut context).is_ready());
        assert_eq!(limit.free.get(), 1);
    }
}
