//! When to try a request again, and how long to wait first: plain data and pure
//! functions, so every rule is tested natively. The client's request loop applies them.
//!
//! Repeatable operations (reads) are retried on 429 and 503 (waiting what `Retry-After` says, up to a
//! cap past which the client gives up at once), on 500, 502 and 504, on connection
//! failures and on unreadable 200 bodies, with exponential backoff and jitter.
//! Operations delivered at most once (writes) are retried only where the service certainly did not act: 429,
//! 503 with `Retry-After`, a connection refused before the request was sent.
//! Timeouts and aborts are never retried.

use crate::http::operation::Delivery;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// How often and how long to retry.
pub struct RetryPolicy {
    /// Further attempts after the first; 0 turns retrying off.
    pub retries: u32,
    /// The first backoff; each further one doubles, up to `max_delay_ms`.
    pub base_delay_ms: u64,
    /// The longest backoff.
    pub max_delay_ms: u64,
    /// A `Retry-After` longer than this is not waited for: the call fails at once.
    pub max_retry_after_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            retries: 3,
            base_delay_ms: 500,
            max_delay_ms: 8_000,
            max_retry_after_ms: 60_000,
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    pub const OFF: RetryPolicy = RetryPolicy {
        retries: 0,
        base_delay_ms: 0,
        max_delay_ms: 0,
        max_retry_after_ms: 0,
    };
}

/// What went wrong with one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure<'a> {
    /// A non-2xx answer, with its `Retry-After` header if any.
    Status {
        /// The status.
        status: u16,
        /// Its `Retry-After` header.
        retry_after: Option<&'a str>,
    },
    /// The connection was refused: the request never left.
    NotSent,
    /// The connection failed after the request may have been sent (reset, dropped,
    /// body cut off).
    Network,
    /// A 2xx whose body is not JSON (truncated, an HTML page).
    UnreadableBody,
    /// No answer within the timeout.
    Timeout,
    /// The caller aborted.
    Aborted,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// What to do after a failed attempt.
pub enum Verdict {
    /// Wait `millis`, then send again.
    RetryAfter {
        /// How long to wait.
        millis: u64,
    },
    /// Fail with the last error.
    GiveUp,
}

/// The decision after attempt number `attempt` (1-based) failed with `failure`.
/// `jitter` is a number in [0, 1); `now_ms` the wall clock, for HTTP-date `Retry-After`.
pub fn decide(
    policy: &RetryPolicy,
    delivery: Delivery,
    attempt: u32,
    failure: Failure<'_>,
    now_ms: f64,
    jitter: f64,
) -> Verdict {
    if attempt > policy.retries {
        return Verdict::GiveUp;
    }
    let retry_after = |value: Option<&str>| value.and_then(|v| parse_retry_after(v, now_ms));
    let backoff = || Verdict::RetryAfter {
        millis: backoff_ms(policy, attempt, jitter),
    };
    let honour = |value: Option<&str>| match retry_after(value) {
        Some(wait) if wait > policy.max_retry_after_ms => Verdict::GiveUp,
        Some(wait) => Verdict::RetryAfter { millis: wait },
        None => backoff(),
    };
    match (delivery, failure) {
        (_, Failure::Timeout | Failure::Aborted) => Verdict::GiveUp,
        (_, Failure::NotSent) => backoff(),
        (
            _,
            Failure::Status {
                status: 429,
                retry_after,
            },
        ) => honour(retry_after),
        (
            Delivery::Repeatable,
            Failure::Status {
                status: 503,
                retry_after,
            },
        ) => honour(retry_after),
        (
            Delivery::AtMostOnce(_),
            Failure::Status {
                status: 503,
                retry_after: Some(value),
            },
        ) if retry_after(Some(value)).is_some() => honour(Some(value)),
        (
            Delivery::Repeatable,
            Failure::Status {
                status: 500 | 502 | 504,
                ..
            },
        ) => backoff(),
        (Delivery::Repeatable, Failure::Network | Failure::UnreadableBody) => backoff(),
        _ => Verdict::GiveUp,
    }
}

/// True when a failed write may nevertheless have acted.
pub fn may_have_acted(failure: Failure<'_>) -> bool {
    match failure {
        Failure::Status { status, .. } => status >= 500,
        Failure::Network | Failure::UnreadableBody | Failure::Timeout | Failure::Aborted => true,
        Failure::NotSent => false,
    }
}

/// Exponential backoff with "equal jitter": half the step fixed, half random, so
/// clients that failed together do not retry together.
pub fn backoff_ms(policy: &RetryPolicy, attempt: u32, jitter: f64) -> u64 {
    let exponent = attempt.saturating_sub(1).min(30);
    let step = policy
        .base_delay_ms
        .saturating_mul(1u64 << exponent)
        .min(policy.max_delay_ms);
    let half = step / 2;
    let jitter = if jitter.is_finite() {
        jitter.clamp(0.0, 1.0)
    } else {
        0.0
    };
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let random = (half as f64 * jitter) as u64;
    half.saturating_add(random)
}

/// `Retry-After` as milliseconds to wait: delta-seconds or an HTTP date.
pub fn parse_retry_after(value: &str, now_ms: f64) -> Option<u64> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        return value.parse::<u64>().ok().map(|seconds| seconds.saturating_mul(1000));
    }
    let when_ms = u128::try_from(crate::dates::parse_http_date(value)?)
        .unwrap_or(0)
        .saturating_mul(1000);
    let now_ms = if now_ms.is_finite() && now_ms > 0.0 {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let now = now_ms as u128;
        now
    } else {
        0
    };
    Some(u64::try_from(when_ms.saturating_sub(now_ms)).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;

    const POLICY: RetryPolicy = RetryPolicy {
        retries: 3,
        base_delay_ms: 500,
        max_delay_ms: 8_000,
        max_retry_after_ms: 60_000,
    };
    const NOW: f64 = 1_700_000_000_000.0;
    const WRITE: Delivery = Delivery::AtMostOnce(crate::http::operation::UncertainOutcome {
        kind: "maybe-done",
        advice: "it may have been done",
    });

    fn status(status: u16, retry_after: Option<&str>) -> Failure<'_> {
        Failure::Status { status, retry_after }
    }

    #[test]
    fn reads_retry_on_the_transient_statuses_and_failures() {
        for failure in [
            status(429, None),
            status(503, None),
            status(500, None),
            status(502, None),
            status(504, None),
            Failure::Network,
            Failure::UnreadableBody,
            Failure::NotSent,
        ] {
            assert!(
                matches!(
                    decide(&POLICY, Delivery::Repeatable, 1, failure, NOW, 0.0),
                    Verdict::RetryAfter { .. }
                ),
                "{failure:?}"
            );
        }
        for failure in [
            status(400, None),
            status(401, None),
            status(404, None),
            Failure::Timeout,
            Failure::Aborted,
        ] {
            assert_eq!(
                decide(&POLICY, Delivery::Repeatable, 1, failure, NOW, 0.0),
                Verdict::GiveUp,
                "{failure:?}"
            );
        }
    }

    #[test]
    fn publishing_retries_only_where_the_service_certainly_did_not_act() {
        for failure in [status(429, None), status(503, Some("2")), Failure::NotSent] {
            assert!(
                matches!(decide(&POLICY, WRITE, 1, failure, NOW, 0.0), Verdict::RetryAfter { .. }),
                "{failure:?}"
            );
        }
        for failure in [
            status(500, None),
            status(502, None),
            status(503, None),
            status(504, None),
            Failure::Network,
            Failure::UnreadableBody,
        ] {
            assert_eq!(
                decide(&POLICY, WRITE, 1, failure, NOW, 0.0),
                Verdict::GiveUp,
                "{failure:?}"
            );
            assert!(may_have_acted(failure), "{failure:?}");
        }
        assert!(!may_have_acted(status(429, None)));
        assert!(!may_have_acted(status(400, None)));
        assert!(!may_have_acted(Failure::NotSent));
    }

    #[test]
    fn retry_after_is_honoured_in_seconds_and_as_a_date_up_to_the_cap() {
        assert_eq!(
            decide(&POLICY, Delivery::Repeatable, 1, status(429, Some("2")), NOW, 0.9),
            Verdict::RetryAfter { millis: 2000 }
        );
        let in_five_seconds = httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_millis(1_700_000_005_000));
        assert_eq!(
            decide(
                &POLICY,
                Delivery::Repeatable,
                1,
                status(503, Some(&in_five_seconds)),
                NOW,
                0.0
            ),
            Verdict::RetryAfter { millis: 5000 }
        );
        assert_eq!(
            decide(&POLICY, Delivery::Repeatable, 1, status(429, Some("3600")), NOW, 0.0),
            Verdict::GiveUp
        );
        // Exactly the cap is still waited for.
        let cap_seconds = (POLICY.max_retry_after_ms / 1000).to_string();
        assert_eq!(
            decide(
                &POLICY,
                Delivery::Repeatable,
                1,
                status(429, Some(&cap_seconds)),
                NOW,
                0.0
            ),
            Verdict::RetryAfter {
                millis: POLICY.max_retry_after_ms
            }
        );
        // A date in the past: retry at once.
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", NOW), Some(0));
        // Garbage: ordinary backoff.
        assert_eq!(
            decide(&POLICY, Delivery::Repeatable, 1, status(429, Some("soon")), NOW, 0.0),
            Verdict::RetryAfter { millis: 250 }
        );
    }

    #[test]
    fn attempts_stop_at_the_policy() {
        assert!(matches!(
            decide(&POLICY, Delivery::Repeatable, 3, Failure::Network, NOW, 0.0),
            Verdict::RetryAfter { .. }
        ));
        assert_eq!(
            decide(&POLICY, Delivery::Repeatable, 4, Failure::Network, NOW, 0.0),
            Verdict::GiveUp
        );
        assert_eq!(
            decide(&RetryPolicy::OFF, Delivery::Repeatable, 1, Failure::Network, NOW, 0.0),
            Verdict::GiveUp
        );
    }

    #[test]
    fn backoff_doubles_with_jitter_and_a_cap() {
        assert_eq!(backoff_ms(&POLICY, 1, 0.0), 250);
        assert_eq!(backoff_ms(&POLICY, 1, 1.0), 500);
        assert_eq!(backoff_ms(&POLICY, 2, 0.0), 500);
        assert_eq!(backoff_ms(&POLICY, 3, 0.5), 1500);
        assert_eq!(backoff_ms(&POLICY, 20, 1.0), 8000);
        assert_eq!(backoff_ms(&POLICY, u32::MAX, f64::NAN), 4000);
    }

    #[test]
    fn a_timeout_or_an_abort_is_never_retried_whatever_the_delivery() {
        for delivery in [Delivery::Repeatable, WRITE] {
            for failure in [Failure::Timeout, Failure::Aborted] {
                assert_eq!(decide(&POLICY, delivery, 1, failure, NOW, 0.0), Verdict::GiveUp);
            }
        }
    }

    #[test]
    fn a_write_waits_out_a_503_only_when_it_says_how_long() {
        assert_eq!(
            decide(&POLICY, WRITE, 1, status(503, Some("2")), NOW, 0.0),
            Verdict::RetryAfter { millis: 2000 }
        );
        assert_eq!(
            decide(&POLICY, WRITE, 1, status(503, Some("soon")), NOW, 0.0),
            Verdict::GiveUp
        );
        assert_eq!(decide(&POLICY, WRITE, 1, status(503, None), NOW, 0.0), Verdict::GiveUp);
    }

    #[test]
    fn a_clock_that_reads_no_usable_time_counts_from_the_epoch() {
        let date = "Thu, 01 Jan 1970 00:00:10 GMT";
        for now in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -5.0, 0.0] {
            assert_eq!(parse_retry_after(date, now), Some(10_000), "{now}");
        }
    }
}
