//! Dates written out by hand: the service's ISO 8601 `date` fields (see
//! [`crate::notes::read_back`]) and the HTTP dates of `Retry-After`. A date crate would add its
//! size to the wasm for these two fields; the tests check the HTTP dates against the
//! `httpdate` crate.

/// Seconds since the epoch of a date and time at a UTC offset (sign, hours, minutes). The
/// parser bounds every part (four-digit year, two-digit fields), so nothing can overflow.
#[allow(clippy::arithmetic_side_effects)]
pub fn seconds_since_epoch(
    [year, month, day, hour, minute, second]: [i64; 6],
    (sign, offset_hours, offset_minutes): (i64, i64, i64),
) -> i64 {
    let offset = sign * (offset_hours * 60 + offset_minutes);
    let days = days_from_civil(year, month, day);
    ((days * 24 + hour) * 60 + minute - offset) * 60 + second
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
#[allow(clippy::arithmetic_side_effects)]
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let shifted_month = (month + 9) % 12;
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// `YYYY-MM-DDTHH:MM:SS.000Z` of a time in ms since the epoch (whole seconds: the
/// scheduled-release calls send that form), or `None` outside years 0–9999.
#[allow(clippy::arithmetic_side_effects)]
pub fn iso_seconds_from_ms(ms: f64) -> Option<String> {
    if !ms.is_finite() || !(-62_167_219_200_000.0..=253_402_300_799_000.0).contains(&ms) {
        return None;
    }
    let seconds = (ms / 1000.0).floor() as i64;
    let (days, second_of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    Some(format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.000Z",
        second_of_day / 3600,
        second_of_day % 3600 / 60,
        second_of_day % 60
    ))
}

/// The proleptic Gregorian date of a day since 1970-01-01 (H. Hinnant's algorithm, the
/// inverse of [`days_from_civil`]).
#[allow(clippy::arithmetic_side_effects)]
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

/// Seconds since the epoch of an HTTP date (RFC 9110 §5.6.7): the IMF-fixdate
/// `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete forms a recipient must still read,
/// RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT` and asctime's `Sun Nov  6 08:49:37 1994`.
pub fn parse_http_date(text: &str) -> Option<i64> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let (day, month, year, time) = match parts.as_slice() {
        [weekday, day, month, year, time, "GMT"] if is_weekday(weekday.strip_suffix(',')?, true) => {
            (*day, *month, four_digits(year)?, *time)
        }
        [weekday, date, time, "GMT"] if is_weekday(weekday.strip_suffix(',')?, false) => {
            let mut fields = date.split('-');
            let (day, month, year) = (fields.next()?, fields.next()?, fields.next()?);
            if fields.next().is_some() || year.len() != 2 {
                return None;
            }
            let year: i64 = digits(year)?;
            (
                day,
                month,
                year.saturating_add(if year < 70 { 2000 } else { 1900 }),
                *time,
            )
        }
        [weekday, month, day, time, year] if is_weekday(weekday, true) => (*day, *month, four_digits(year)?, *time),
        _ => return None,
    };
    let month = MONTHS.iter().position(|name| *name == month)?;
    let day: i64 = if (1..=2).contains(&day.len()) {
        digits(day)?
    } else {
        return None;
    };
    let mut clock = time.split(':');
    let (hour, minute, second) = (clock.next()?, clock.next()?, clock.next()?);
    if clock.next().is_some() || [hour, minute, second].iter().any(|part| part.len() != 2) {
        return None;
    }
    let (hour, minute, second): (i64, i64, i64) = (digits(hour)?, digits(minute)?, digits(second)?);
    if !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let month = i64::try_from(month).ok()?.checked_add(1)?;
    Some(seconds_since_epoch([year, month, day, hour, minute, second], (1, 0, 0)))
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

fn is_weekday(name: &str, short: bool) -> bool {
    const SHORT: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const LONG: [&str; 7] = [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ];
    if short {
        SHORT.contains(&name)
    } else {
        LONG.contains(&name)
    }
}

/// A number of ASCII digits only (no sign, no spaces).
fn digits(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn four_digits(text: &str) -> Option<i64> {
    if text.len() == 4 {
        digits(text)
    } else {
        None
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::{parse_http_date, seconds_since_epoch};

    fn by_httpdate(text: &str) -> Option<i64> {
        let when = httpdate::parse_http_date(text).ok()?;
        Some(i64::try_from(when.duration_since(UNIX_EPOCH).unwrap().as_secs()).unwrap())
    }

    #[test]
    fn the_three_forms_read_as_httpdate_reads_them() {
        for text in [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            "Wed, 21 Oct 2015 07:28:00 GMT",
            "Thu, 01 Jan 1970 00:00:00 GMT",
            "Tue, 29 Feb 2028 23:59:59 GMT",
            "Monday, 01-Jan-24 00:00:00 GMT",
        ] {
            assert_eq!(parse_http_date(text), by_httpdate(text), "{text}");
            assert!(parse_http_date(text).is_some(), "{text}");
        }
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"), Some(784_111_777));
    }

    #[test]
    fn a_date_httpdate_writes_reads_back() {
        for seconds in [0_u64, 784_111_777, 1_700_000_005, 4_102_444_800] {
            let text = httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(seconds));
            assert_eq!(parse_http_date(&text), Some(i64::try_from(seconds).unwrap()), "{text}");
        }
    }

    #[test]
    fn anything_else_is_no_date() {
        for text in [
            "",
            "120",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 6 Nov 94 08:49:37 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 8:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT",
            "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Xyz, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sun, 06 Nov +994 08:49:37 GMT",
        ] {
            assert_eq!(parse_http_date(text), None, "{text}");
        }
    }

    #[test]
    fn an_offset_is_hours_and_minutes_east_of_utc() {
        // 2000-01-01T00:00:00+05:30 is 5 h 30 min before midnight UTC.
        assert_eq!(
            seconds_since_epoch([2000, 1, 1, 0, 0, 0], (1, 5, 30)),
            946_684_800 - 19_800
        );
        assert_eq!(
            seconds_since_epoch([2000, 1, 1, 0, 0, 0], (-1, 1, 15)),
            946_684_800 + 4_500
        );
    }

    #[test]
    fn http_dates_with_a_wrong_weekday_name_or_an_out_of_range_clock_are_refused() {
        assert_eq!(parse_http_date("Funday, 06-Nov-94 08:49:37 GMT"), None);
        assert_eq!(parse_http_date("Fun Nov  6 08:49:37 1994"), None);
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 24:00:00 GMT"), None);
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 08:60:00 GMT"), None);
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 23:59:59 GMT"), Some(784_166_399));
        // A leap second is a second; 61 is not.
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 23:59:60 GMT"), Some(784_166_400));
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 23:59:61 GMT"), None);
    }

    #[test]
    fn a_two_digit_year_from_70_is_of_the_1900s() {
        assert_eq!(parse_http_date("Thursday, 01-Jan-70 00:00:00 GMT"), Some(0));
        assert_eq!(parse_http_date("Friday, 31-Dec-69 00:00:00 GMT"), Some(3_155_673_600));
    }

    #[test]
    fn iso_seconds_round_trip_through_the_parser() {
        use super::iso_seconds_from_ms;
        use crate::notes::read_back::parse_iso_ms;
        for text in [
            "1970-01-01T00:00:00.000Z",
            "2024-02-29T23:59:59.000Z",
            "2026-12-04T09:00:00.000Z",
            "2000-03-01T00:00:01.000Z",
            "1969-12-31T23:59:59.000Z",
        ] {
            let ms = parse_iso_ms(text).unwrap();
            assert_eq!(iso_seconds_from_ms(ms).as_deref(), Some(text));
        }
        assert_eq!(
            iso_seconds_from_ms(1_000_999.0).as_deref(),
            Some("1970-01-01T00:16:40.000Z")
        );
        assert_eq!(iso_seconds_from_ms(f64::NAN), None);
        assert_eq!(iso_seconds_from_ms(1e20), None);
    }
}
