//! The typed parameters of the operations: ids, slugs and handles. A value of one of
//! these types is valid by construction; callers' values are checked once, where
//! they enter (the wasm boundary), and ids in responses with the same rule.

use std::fmt;

use crate::error::Error;

pub use crate::json::MAX_SAFE_INTEGER;
/// The longest slug or handle accepted.
pub const MAX_SLUG_LENGTH: usize = 512;

/// `value` as an integer when it is a non-negative safe integer.
pub fn safe_integer(value: f64) -> Option<u64> {
    if value.is_finite() && value.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&value) {
        // In range and integral, so the cast is exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(value as u64)
    } else {
        None
    }
}

/// An id of the service: a non-negative safe integer.
pub trait Id: Sized + Copy + fmt::Display {
    /// The id, when `value` is a non-negative safe integer.
    fn from_f64(value: f64) -> Option<Self>;
    /// The id as a number.
    fn get(self) -> u64;
}

macro_rules! id_types {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name(u64);

        impl Id for $name {
            fn from_f64(value: f64) -> Option<Self> {
                safe_integer(value).map($name)
            }
            fn get(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

id_types! {
    /// The id of a post.
    PostId;
    /// The id of a user.
    UserId;
    /// The id of a note.
    NoteId;
    /// The id of a comment.
    CommentId;
    /// The id of a post draft (the post keeps it once published).
    DraftId;
}

/// A slug or handle: one path segment. Characters that could change the path (`/`,
/// `?`, `#`, `%`, `\`, `..`), whitespace and control characters are refused rather
/// than encoded: no real slug holds them, and a caller who passes one is almost
/// certainly passing a URL or a typo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    /// Checks `text`; `name` is the parameter's name, for the message.
    pub fn parse(name: &str, text: &str) -> Result<Slug, Error> {
        if text.is_empty() {
            return Err(Error::invalid_argument(format!("{name} must not be empty")));
        }
        if text.chars().count() > MAX_SLUG_LENGTH {
            return Err(Error::invalid_argument(format!(
                "{name} is longer than {MAX_SLUG_LENGTH} characters"
            )));
        }
        if let Some(bad) = text
            .chars()
            .find(|c| matches!(c, '/' | '?' | '#' | '%' | '\\') || c.is_whitespace() || c.is_control())
        {
            return Err(Error::invalid_argument(format!(
                "{name} {:?} holds {bad:?}; give the bare slug, not a path or URL",
                shorten(text)
            )));
        }
        if text.contains("..") {
            return Err(Error::invalid_argument(format!(
                "{name} {:?} holds \"..\"",
                shorten(text)
            )));
        }
        Ok(Slug(text.to_string()))
    }

    /// A handle the service itself named (in a feed): taken as sent, since it is
    /// percent-encoded like every segment and came from no caller.
    pub(crate) fn from_service(text: String) -> Slug {
        Slug(text)
    }

    /// The slug.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `text` cut to 40 characters, for messages.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or(text)),
        None => text.to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn ids_are_safe_non_negative_integers() {
        assert_eq!(PostId::from_f64(167180194.0).unwrap().get(), 167180194);
        assert_eq!(UserId::from_f64(0.0).unwrap().get(), 0);
        assert_eq!(NoteId::from_f64(MAX_SAFE_INTEGER).unwrap().get(), 9_007_199_254_740_991);
        for bad in [1.5, -1.0, f64::NAN, f64::INFINITY, MAX_SAFE_INTEGER + 2.0] {
            assert_eq!(CommentId::from_f64(bad), None, "{bad}");
        }
    }

    #[test]
    fn slugs_refuse_path_characters() {
        assert_eq!(Slug::parse("slug", "week-of-june").unwrap().as_str(), "week-of-june");
        assert_eq!(Slug::parse("slug", "caf\u{e9}").unwrap().as_str(), "caf\u{e9}");
        for bad in [
            "", "a/b", "a?b", "a#b", "..", "a..b", "a%2Fb", "a b", "a\u{0}b", "a\nb", "a\\b",
        ] {
            let error = Slug::parse("slug", bad).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument, "{bad:?}");
        }
        assert!(Slug::parse("slug", &"x".repeat(MAX_SLUG_LENGTH + 1)).is_err());
    }

    #[test]
    fn a_slug_may_be_as_long_as_the_limit_and_messages_shorten_long_text() {
        assert!(Slug::parse("slug", &"a".repeat(MAX_SLUG_LENGTH)).is_ok());
        assert!(Slug::parse("slug", &"a".repeat(MAX_SLUG_LENGTH + 1)).is_err());
        assert_eq!(shorten(&"x".repeat(41)), format!("{}…", "x".repeat(40)));
        assert_eq!(shorten(&"x".repeat(40)), "x".repeat(40));
    }
}
