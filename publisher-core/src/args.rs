//! Callers' values → the core's typed parameters. The boundary reads each JS value as
//! an [`Arg`] without judging it; the rules that judge it live here, in plain Rust, so
//! native tests cover them. A bad argument is an `invalid-argument` error and nothing
//! is sent.

use crate::error::Error;
use crate::ids::{safe_integer, shorten, Id, Slug};

/// A caller's value, as the boundary saw it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Arg {
    /// `undefined` or `null`: not given.
    #[default]
    Missing,
    /// A number.
    Number(f64),
    /// A string.
    Str(String),
    /// A boolean.
    Bool(bool),
    /// Anything else, described for messages ("a value of type bigint").
    Other(String),
}

impl Arg {
    /// How the value reads in a message.
    pub fn describe(&self) -> String {
        match self {
            Arg::Missing => "nothing".to_string(),
            Arg::Number(n) => format!("the number {}", crate::json::number_text(*n)),
            Arg::Str(s) => format!("the string {:?}", shorten(s)),
            Arg::Bool(b) => format!("{b}"),
            Arg::Other(description) => description.clone(),
        }
    }
}

/// A required numeric id: a non-negative safe integer.
pub fn id<I: Id>(name: &str, value: &Arg) -> Result<I, Error> {
    match value {
        Arg::Number(n) => I::from_f64(*n).ok_or_else(|| {
            Error::invalid_argument(format!(
                "{name} must be a non-negative integer no larger than 2^53-1, got {}",
                value.describe()
            ))
        }),
        Arg::Missing => Err(Error::invalid_argument(format!("{name} is required"))),
        other => Err(Error::invalid_argument(format!(
            "{name} must be a number, got {}",
            other.describe()
        ))),
    }
}

/// An optional positive integer (`limit`).
pub fn positive_integer(name: &str, value: &Arg) -> Result<Option<u64>, Error> {
    match value {
        Arg::Missing => Ok(None),
        Arg::Number(n) => match safe_integer(*n) {
            Some(v) if v > 0 => Ok(Some(v)),
            _ => Err(Error::invalid_argument(format!(
                "{name} must be a positive integer, got {}",
                value.describe()
            ))),
        },
        other => Err(Error::invalid_argument(format!(
            "{name} must be a positive integer, got {}",
            other.describe()
        ))),
    }
}

/// An optional non-negative integer (`offset`).
pub fn non_negative_integer(name: &str, value: &Arg) -> Result<Option<u64>, Error> {
    match value {
        Arg::Missing => Ok(None),
        Arg::Number(n) => safe_integer(*n).map(Some).ok_or_else(|| {
            Error::invalid_argument(format!(
                "{name} must be a non-negative integer, got {}",
                value.describe()
            ))
        }),
        other => Err(Error::invalid_argument(format!(
            "{name} must be a non-negative integer, got {}",
            other.describe()
        ))),
    }
}

/// A slug or handle that becomes one path segment (see [`Slug`]).
pub fn slug(name: &str, value: &Arg) -> Result<Slug, Error> {
    match value {
        Arg::Str(text) => Slug::parse(name, text),
        Arg::Missing => Err(Error::invalid_argument(format!("{name} is required"))),
        other => Err(Error::invalid_argument(format!(
            "{name} must be a string, got {}",
            other.describe()
        ))),
    }
}

/// The text of a note: a string (`method` names the call in the message).
pub fn text(method: &str, value: &Arg) -> Result<String, Error> {
    match value {
        Arg::Str(text) => Ok(text.clone()),
        other => Err(Error::invalid_argument(format!(
            "{method}(text) needs a string, got {}",
            other.describe()
        ))),
    }
}

/// An optional string (a cursor): when given, a non-empty string.
pub fn optional_nonempty_string(name: &str, value: &Arg) -> Result<Option<String>, Error> {
    match value {
        Arg::Missing => Ok(None),
        Arg::Str(text) if !text.is_empty() => Ok(Some(text.clone())),
        Arg::Str(_) => Err(Error::invalid_argument(format!("{name} must not be empty when given"))),
        other => Err(Error::invalid_argument(format!(
            "{name} must be a string, got {}",
            other.describe()
        ))),
    }
}

/// A required string that may be empty (the search query).
pub fn string(name: &str, value: &Arg) -> Result<String, Error> {
    match value {
        Arg::Str(text) => Ok(text.clone()),
        Arg::Missing => Err(Error::invalid_argument(format!(
            "{name} is required (an empty string is allowed)"
        ))),
        other => Err(Error::invalid_argument(format!(
            "{name} must be a string, got {}",
            other.describe()
        ))),
    }
}

/// An optional ISO 8601 date or timestamp (`2025-06-30` or `2025-06-30T13:56:04Z`).
pub fn optional_iso_date(name: &str, value: &Arg) -> Result<Option<String>, Error> {
    let Some(text) = optional_nonempty_string(name, value)? else {
        return Ok(None);
    };
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() >= 10
        && bytes.iter().take(10).enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                *b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | ':' | '.' | '+'));
    if shape_ok {
        Ok(Some(text))
    } else {
        Err(Error::invalid_argument(format!(
            "{name} must be an ISO 8601 date such as \"2025-06-30\" or \"2025-06-30T13:56:04Z\", got {:?}",
            shorten(&text)
        )))
    }
}

/// An optional value out of a fixed set.
pub fn optional_one_of(name: &str, value: &Arg, allowed: &[&str]) -> Result<Option<String>, Error> {
    match value {
        Arg::Missing => Ok(None),
        Arg::Str(text) if allowed.contains(&text.as_str()) => Ok(Some(text.clone())),
        other => Err(Error::invalid_argument(format!(
            "{name} must be one of {}, got {}",
            allowed.join(", "),
            other.describe()
        ))),
    }
}

/// A numeric option of the configuration: a non-negative integer, reported as configuration.
pub fn config_number(name: &str, value: &Arg) -> Result<Option<u64>, Error> {
    non_negative_integer(name, value).map_err(|error| Error::config(error.message))
}

/// A positive numeric option of the configuration, reported as configuration.
pub fn config_positive(name: &str, value: &Arg) -> Result<Option<u64>, Error> {
    positive_integer(name, value).map_err(|error| Error::config(error.message))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::ids::{PostId, MAX_SAFE_INTEGER, MAX_SLUG_LENGTH};

    #[test]
    fn ids_are_safe_non_negative_integers() {
        assert_eq!(
            id::<PostId>("postId", &Arg::Number(167180194.0)).unwrap().get(),
            167180194
        );
        assert_eq!(id::<PostId>("postId", &Arg::Number(0.0)).unwrap().get(), 0);
        assert_eq!(
            id::<PostId>("postId", &Arg::Number(MAX_SAFE_INTEGER)).unwrap().get(),
            9_007_199_254_740_991
        );
        for bad in [
            Arg::Number(1.5),
            Arg::Number(-1.0),
            Arg::Number(f64::NAN),
            Arg::Number(f64::INFINITY),
            Arg::Number(MAX_SAFE_INTEGER + 2.0),
            Arg::Str("12".into()),
            Arg::Missing,
            Arg::Other("a value of type bigint".into()),
            Arg::Bool(true),
        ] {
            let error = id::<PostId>("postId", &bad).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument, "{bad:?}");
            assert!(error.message.starts_with("postId"), "{}", error.message);
        }
    }

    #[test]
    fn limits_are_positive_and_offsets_non_negative() {
        assert_eq!(positive_integer("limit", &Arg::Missing).unwrap(), None);
        assert_eq!(positive_integer("limit", &Arg::Number(50.0)).unwrap(), Some(50));
        for bad in [
            Arg::Number(0.0),
            Arg::Number(-3.0),
            Arg::Number(2.5),
            Arg::Str("10".into()),
        ] {
            assert!(positive_integer("limit", &bad).is_err(), "{bad:?}");
        }
        assert_eq!(non_negative_integer("offset", &Arg::Number(0.0)).unwrap(), Some(0));
        assert!(non_negative_integer("offset", &Arg::Number(-1.0)).is_err());
    }

    #[test]
    fn slugs_refuse_path_characters() {
        assert_eq!(
            slug("slug", &Arg::Str("week-of-june".into())).unwrap().as_str(),
            "week-of-june"
        );
        assert_eq!(
            slug("slug", &Arg::Str("caf\u{e9}".into())).unwrap().as_str(),
            "caf\u{e9}"
        );
        for bad in [
            "", "a/b", "a?b", "a#b", "..", "a..b", "a%2Fb", "a b", "a\u{0}b", "a\nb", "a\\b",
        ] {
            let error = slug("slug", &Arg::Str(bad.into())).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument, "{bad:?}");
        }
        assert!(slug("slug", &Arg::Str("x".repeat(MAX_SLUG_LENGTH + 1))).is_err());
        assert!(slug("slug", &Arg::Number(3.0)).is_err());
        assert!(slug("slug", &Arg::Missing).is_err());
    }

    #[test]
    fn search_arguments() {
        assert_eq!(string("query", &Arg::Str(String::new())).unwrap(), "");
        assert!(string("query", &Arg::Missing).is_err());
        assert_eq!(
            optional_iso_date("published_after", &Arg::Str("2025-01-02".into()))
                .unwrap()
                .unwrap(),
            "2025-01-02"
        );
        assert!(optional_iso_date("published_after", &Arg::Str("2025-06-30T13:56:04.688Z".into())).is_ok());
        assert!(optional_iso_date("published_after", &Arg::Str("yesterday".into())).is_err());
        assert!(optional_iso_date("published_after", &Arg::Str("2025-01-02&x=1".into())).is_err());
        assert!(optional_one_of("type", &Arg::Str("podcast".into()), &["newsletter", "podcast"]).is_ok());
        assert!(optional_one_of("type", &Arg::Str("video".into()), &["newsletter", "podcast"]).is_err());
    }

    #[test]
    fn numeric_configuration_options_are_non_negative_integers_reported_as_configuration() {
        assert_eq!(config_number("timeoutMs", &Arg::Number(0.0)).unwrap(), Some(0));
        assert_eq!(config_number("timeoutMs", &Arg::Missing).unwrap(), None);
        for bad in [Arg::Number(-1.0), Arg::Str("3".into()), Arg::Number(1.5)] {
            assert_eq!(
                config_number("retry.retries", &bad).unwrap_err().kind,
                ErrorKind::Config
            );
        }
        assert_eq!(
            config_positive("concurrency", &Arg::Number(0.0)).unwrap_err().kind,
            ErrorKind::Config
        );
    }

    #[test]
    fn bad_arguments_never_become_parameters() {
        for id in [Arg::Number(-1.0), Arg::Number(0.5), Arg::Str("1".into()), Arg::Missing] {
            let error = super::id::<PostId>("postId", &id).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
        }
        for bad in ["a/b", "", "..", "x?y"] {
            let error = slug("slug", &Arg::Str(bad.into())).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
        }
        assert_eq!(
            text("publishNote", &Arg::Number(1.0)).unwrap_err().message,
            "publishNote(text) needs a number, got the number 1".replace("a number", "a string")
        );
    }
}
