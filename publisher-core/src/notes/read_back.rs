//! Finding out whether a publish whose answer was lost created its note (http-contract-writes
//! §9). The service has no idempotency key, so a publish that failed with an unknown outcome
//! is never sent again; instead the account's newest notes (or, for a reply, the replies of
//! its parent) are read back and searched for the note: same text, block by block with the
//! whitespace at each block's ends ignored; dated no earlier than the request, less a clock
//! skew; the same attachment ids in the same order; for a reply, an `ancestor_path` that ends
//! in the parent's id. This module is that search; the client makes the reads.

#![deny(missing_docs)]

use crate::dates::seconds_since_epoch;

/// How far the service's clock may be behind the client's.
pub const CLOCK_SKEW_MS: f64 = 2.0 * 60.0 * 1000.0;

/// What the lost publish sent, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct SentNote {
    /// The note's text as the service computes `body` (`NoteDoc::text`).
    pub text: String,
    /// The attachment ids sent, in order.
    pub attachment_ids: Vec<String>,
    /// The note replied to, for a reply.
    pub parent_id: Option<u64>,
    /// When the request was started, in ms since the epoch (client clock).
    pub sent_at_ms: f64,
    /// The account's user id, when known: then a note of anyone else never matches.
    pub user_id: Option<u64>,
}

/// The fields of a stored note the search compares (from `comment` of a feed item, or a
/// reply of a comment branch).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredNote<'a> {
    /// `comment.id`
    pub id: u64,
    /// `comment.body`
    pub body: &'a str,
    /// `comment.date`, as sent (ISO 8601).
    pub date: &'a str,
    /// `comment.attachments[].id`, in order.
    pub attachment_ids: Vec<&'a str>,
    /// `comment.ancestor_path` (`""` for a note that is not a reply).
    pub ancestor_path: &'a str,
    /// `comment.user_id`
    pub user_id: Option<u64>,
}

impl SentNote {
    /// Whether a note dated `date` may have been stored after this publish was sent (no
    /// earlier than the request, less the clock skew).
    pub fn is_recent(&self, date: &str) -> bool {
        parse_iso_ms(date).is_some_and(|date| date >= self.sent_at_ms - CLOCK_SKEW_MS)
    }

    /// Whether `stored` is the note this publish created.
    pub fn matches(&self, stored: &StoredNote<'_>) -> bool {
        let recent = self.is_recent(stored.date);
        let same_author = match (self.user_id, stored.user_id) {
            (Some(expected), Some(actual)) => expected == actual,
            (Some(_), None) => false,
            (None, _) => true,
        };
        let same_place = match self.parent_id {
            Some(parent) => stored.ancestor_path.rsplit('.').next() == Some(&parent.to_string()),
            None => stored.ancestor_path.is_empty(),
        };
        recent
            && same_author
            && same_place
            && same_text(&self.text, stored.body)
            && stored
                .attachment_ids
                .iter()
                .copied()
                .eq(self.attachment_ids.iter().map(String::as_str))
    }

    /// The id of the newest stored note that matches (ids grow with time), if any.
    pub fn find<'a>(&self, stored: impl IntoIterator<Item = StoredNote<'a>>) -> Option<u64> {
        stored
            .into_iter()
            .filter(|note| self.matches(note))
            .map(|note| note.id)
            .max()
    }
}

/// Two note texts are the same when their blocks (split at blank lines) are, each with the
/// whitespace at its ends ignored: the service may drop whitespace-only text nodes (§2.4).
pub fn same_text(sent: &str, stored: &str) -> bool {
    let blocks = |text: &str| {
        text.split("\n\n")
            .map(str::trim)
            .filter(|block| !block.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    blocks(sent) == blocks(stored)
}

/// Milliseconds since the epoch of an ISO 8601 date-time with a `Z` or `±hh:mm` offset
/// (the service's `date` fields), or `None`. Written out rather than taken from a date
/// crate, whose size the wasm would carry for this one field.
pub fn parse_iso_ms(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let number = |from: usize, len: usize| -> Option<i64> {
        let digits = text.get(from..from.checked_add(len)?)?;
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok()
    };
    let separator = |at: usize, expected: &[u8]| bytes.get(at).is_some_and(|byte| expected.contains(byte));
    if !(separator(4, b"-")
        && separator(7, b"-")
        && separator(10, b"Tt ")
        && separator(13, b":")
        && separator(16, b":"))
    {
        return None;
    }
    let (year, month, day) = (number(0, 4)?, number(5, 2)?, number(8, 2)?);
    let (hour, minute, second) = (number(11, 2)?, number(14, 2)?, number(17, 2)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut rest = text.get(19..)?;
    let mut fraction_ms = 0.0;
    if let Some(after_dot) = rest.strip_prefix('.') {
        let digits = after_dot.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        // Integer arithmetic, not `str::parse::<f64>`, whose parser costs wasm size.
        let kept = digits.min(9);
        let mut scaled: u32 = 0;
        for digit in after_dot.bytes().take(kept) {
            scaled = scaled
                .saturating_mul(10)
                .saturating_add(u32::from(digit.saturating_sub(b'0')));
        }
        fraction_ms = f64::from(scaled) * 1000.0 / 10f64.powi(i32::try_from(kept).ok()?);
        rest = after_dot.get(digits..)?;
    }
    let offset_minutes = match rest {
        "Z" | "z" => (1, 0, 0),
        _ => {
            let sign = match rest.as_bytes().first()? {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let offset = rest.get(1..)?.as_bytes();
            let well_formed = offset.len() == 5
                && offset.iter().enumerate().all(
                    |(i, byte)| {
                        if i == 2 {
                            *byte == b':'
                        } else {
                            byte.is_ascii_digit()
                        }
                    },
                );
            if !well_formed {
                return None;
            }
            let hours: i64 = rest.get(1..3)?.parse().ok()?;
            let minutes: i64 = rest.get(4..6)?.parse().ok()?;
            (sign, hours, minutes)
        }
    };
    Some(seconds_since_epoch([year, month, day, hour, minute, second], offset_minutes) as f64 * 1000.0 + fraction_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SENT_AT: f64 = 1_751_371_200_000.0; // 2025-07-01T12:00:00Z

    fn sent(text: &str) -> SentNote {
        SentNote {
            text: text.to_string(),
            attachment_ids: Vec::new(),
            parent_id: None,
            sent_at_ms: SENT_AT,
            user_id: Some(7),
        }
    }

    fn stored<'a>(id: u64, body: &'a str, date: &'a str) -> StoredNote<'a> {
        StoredNote {
            id,
            body,
            date,
            attachment_ids: Vec::new(),
            ancestor_path: "",
            user_id: Some(7),
        }
    }

    #[test]
    fn iso_dates_as_the_service_writes_them() {
        assert_eq!(parse_iso_ms("2025-07-01T12:00:00.000Z"), Some(SENT_AT));
        assert_eq!(parse_iso_ms("2025-07-01T12:00:00Z"), Some(SENT_AT));
        assert_eq!(parse_iso_ms("2025-07-01T12:00:00.5Z"), Some(SENT_AT + 500.0));
        assert_eq!(parse_iso_ms("2025-07-01T14:00:00+02:00"), Some(SENT_AT));
        assert_eq!(parse_iso_ms("2025-07-01T09:30:00-02:30"), Some(SENT_AT));
        assert_eq!(parse_iso_ms("1970-01-01T00:00:00Z"), Some(0.0));
        assert_eq!(parse_iso_ms("2024-02-29T00:00:00Z"), Some(1_709_164_800_000.0));
        // The top of each range, and a leap second.
        assert_eq!(parse_iso_ms("2025-07-31 23:59:59Z"), Some(1_754_006_399_000.0));
        assert_eq!(parse_iso_ms("2025-07-31T23:59:60Z"), Some(1_754_006_400_000.0));
        for bad in [
            "",
            "2025-07-01",
            "2025-13-01T00:00:00Z",
            "2025-07-01T24:00:00Z",
            "2025-07-01T12:00:00",
            "2025-07-01T12:00:00.Z",
            "2025-07-01T12:00:00+0200",
            "２０２５-07-01T12:00:00Z",
            "yesterday",
            // Each separator in its place.
            "2025/07-01T12:00:00Z",
            "2025-07/01T12:00:00Z",
            "2025-07-01_12:00:00Z",
            "2025-07-01T12.00:00Z",
            "2025-07-01T12:00.00Z",
            // Each field within its range.
            "2025-07-32T12:00:00Z",
            "2025-07-01T12:60:00Z",
            "2025-07-01T12:00:61Z",
            "2025-07-01T12:00:00+02:0",
            "2025-07-01T12:00:00+02:000",
            "2025-07-01T12:00:00*02:00",
        ] {
            assert_eq!(parse_iso_ms(bad), None, "{bad}");
        }
    }

    #[test]
    fn text_compares_block_by_block_with_the_ends_of_blocks_trimmed() {
        assert!(same_text("a\n\nb", "a\n\nb"));
        assert!(same_text("another test \n\nx", "another test\n\nx"));
        assert!(!same_text("a\n\nb", "a b"));
        assert!(!same_text("a", "A"));
        assert!(!same_text("a\n\nb", "b\n\na"));
    }

    #[test]
    fn the_newest_match_made_since_the_request_is_found() {
        let note = sent("Hello\n\nworld");
        let found = note.find([
            stored(10, "Hello\n\nworld", "2025-07-01T11:50:00.000Z"), // before the request, beyond the skew
            stored(11, "Hello\n\nworld", "2025-07-01T11:59:00.000Z"), // within the skew
            stored(12, "Hello\n\nworld!", "2025-07-01T12:00:01.000Z"),
            stored(13, "Hello\n\nworld", "2025-07-01T12:00:02.000Z"),
        ]);
        assert_eq!(found, Some(13));
        assert_eq!(note.find([stored(10, "Hello\n\nworld", "2025-07-01T11:50:00Z")]), None);
        assert_eq!(note.find([stored(10, "Hello\n\nworld", "not a date")]), None);
    }

    #[test]
    fn another_author_attachments_and_replies_must_match_too() {
        let mut other = stored(1, "x", "2025-07-01T12:00:01Z");
        other.user_id = Some(8);
        assert!(!sent("x").matches(&other));
        other.user_id = None;
        assert!(!sent("x").matches(&other));

        let mut with = sent("");
        with.attachment_ids = vec!["a".into(), "b".into()];
        let mut card = stored(2, "", "2025-07-01T12:00:01Z");
        card.attachment_ids = vec!["a", "b"];
        assert!(with.matches(&card));
        card.attachment_ids = vec!["b", "a"];
        assert!(!with.matches(&card));
        card.attachment_ids = vec!["a"];
        assert!(!with.matches(&card));

        let mut reply = sent("yes");
        reply.parent_id = Some(131_643_486);
        let mut answer = stored(3, "yes", "2025-07-01T12:00:01Z");
        answer.ancestor_path = "131157157.131643486";
        assert!(reply.matches(&answer));
        answer.ancestor_path = "131643486.131157157";
        assert!(!reply.matches(&answer));
        answer.ancestor_path = "";
        assert!(!reply.matches(&answer));
        // A top-level publish never matches a reply of the same text.
        let mut top = stored(4, "yes", "2025-07-01T12:00:01Z");
        top.ancestor_path = "5";
        assert!(!sent("yes").matches(&top));
    }

    #[test]
    fn a_note_dated_up_to_two_minutes_before_the_send_is_recent_enough() {
        let note = sent("hello");
        assert!(note.matches(&stored(1, "hello", "2025-07-01T11:58:00.000Z")));
        assert!(!note.matches(&stored(1, "hello", "2025-07-01T11:57:59.999Z")));
    }
}
