//! The parameter objects of the operations (`PaginationParams`, `SearchParams`, …),
//! each declared once with [`param_object!`]: the Rust struct the client takes, the
//! reader that checks a caller's object field by field, and the TypeScript interface
//! of the `.d.ts` all come from the one declaration.

use super::args::{self, Arg};
use crate::error::Error;
use crate::records::post;

/// The default `limit` of the workflow node's reads (interface §4.1, §8).
pub const DEFAULT_READ_LIMIT: u64 = 100;

/// Where a parameter object's fields are read from: the caller's object as the
/// boundary sees it (a JS value in wasm, a plain struct in the native tests).
pub trait ArgSource {
    /// What the value is: missing, an object, or something else.
    fn shape(&self) -> Shape;
    /// The member `key` of the object.
    fn member(&self, key: &str) -> Arg;
}

/// The shape of a parameter object argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `undefined` or `null`.
    Missing,
    /// An object other than an array.
    Object,
    /// An array.
    Array,
    /// A number, a string, a function…
    Other,
}

/// A parameter object of an operation.
pub trait ParamObject: Sized {
    /// Its TypeScript interface, with doc comments.
    const TYPESCRIPT: &'static str;
    /// The message when the object is required and missing; `None` when optional.
    const REQUIRED: Option<&'static str> = None;
    /// Reads and checks the fields, in their declared order.
    fn from_fields(field: &dyn Fn(&'static str) -> Arg) -> Result<Self, Error>;

    /// Reads the argument `name`: missing (all defaults, when optional), or an object.
    fn read(name: &str, source: &dyn ArgSource) -> Result<Self, Error> {
        match (source.shape(), Self::REQUIRED) {
            (Shape::Missing | Shape::Other, Some(required)) => Err(Error::invalid_argument(required)),
            (Shape::Missing, None) => Self::from_fields(&|_| Arg::Missing),
            (Shape::Object, _) | (Shape::Array, Some(_)) => Self::from_fields(&|key| source.member(key)),
            (Shape::Array | Shape::Other, None) => Err(Error::invalid_argument(format!("{name} must be an object"))),
        }
    }
}

/// The kinds of field a parameter object has: each names its Rust type, its
/// TypeScript and its rule (see [`super::args`] for the rules and their messages).
macro_rules! field_kind {
    (type Offset) => { Option<u64> };
    (type Limit) => { Option<u64> };
    (type Cursor) => { Option<String> };
    (type Query) => { String };
    (type PostType) => { Option<String> };
    (type IsoDate) => { Option<String> };
    (type ReadLimit) => { u64 };
    (type ReadOffset) => { u64 };
    (ts Query) => { ": string;" };
    (ts PostType) => { "?: PostType;" };
    (ts $kind:ident) => { field_kind!(ts_of $kind) };
    (ts_of Cursor) => { "?: string;" };
    (ts_of IsoDate) => { "?: string;" };
    (ts_of $kind:ident) => { "?: number;" };
    (read Offset $name:expr, $arg:expr) => { args::non_negative_integer($name, $arg) };
    (read Limit $name:expr, $arg:expr) => { args::positive_integer($name, $arg) };
    (read Cursor $name:expr, $arg:expr) => { args::optional_nonempty_string($name, $arg) };
    (read Query $name:expr, $arg:expr) => { args::string($name, $arg) };
    (read PostType $name:expr, $arg:expr) => { args::optional_one_of($name, $arg, post::POST_TYPES) };
    (read IsoDate $name:expr, $arg:expr) => { args::optional_iso_date($name, $arg) };
    (read ReadLimit $name:expr, $arg:expr) => {
        args::positive_integer($name, $arg).map(|limit| limit.unwrap_or(DEFAULT_READ_LIMIT))
    };
    (read ReadOffset $name:expr, $arg:expr) => { args::non_negative_integer($name, $arg).map(|offset| offset.unwrap_or(0)) };
}

/// `/** doc */` before a TypeScript member, or nothing without a doc.
macro_rules! ts_doc {
    ($indent:literal) => { "" };
    ($indent:literal $($doc:literal)+) => { concat!($indent, "/**", $($doc,)+ " */\n") };
}

/// Declares a parameter object: `struct Name as "TsName" { field "jsKey": Kind, … }`.
macro_rules! param_object {
    ($(
        $(#[doc = $doc:literal])*
        pub struct $name:ident as $ts:literal $(required $required:literal)? {
            $( $(#[doc = $fdoc:literal])* $field:ident $key:literal : $kind:ident, )*
        }
    )*) => {$(
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq)]
        pub struct $name {
            $( $(#[doc = $fdoc])* pub $field: field_kind!(type $kind), )*
        }

        impl ParamObject for $name {
            const TYPESCRIPT: &'static str = concat!(
                ts_doc!("" $($doc)*), "export interface ", $ts, " {\n",
                $( ts_doc!("  " $($fdoc)*), "  ", $key, field_kind!(ts $kind), "\n", )*
                "}"
            );
            $(const REQUIRED: Option<&'static str> = Some($required);)?
            fn from_fields(field: &dyn Fn(&'static str) -> Arg) -> Result<Self, Error> {
                Ok($name { $( $field: field_kind!(read $kind $key, &field($key))?, )* })
            }
        }
    )*

        /// Every parameter object's TypeScript, for the `.d.ts`.
        pub const TYPESCRIPT: &str = concat!($(
            ts_doc!("" $($doc)*), "export interface ", $ts, " {\n",
            $( ts_doc!("  " $($fdoc)*), "  ", $key, field_kind!(ts $kind), "\n", )*
            "}\n\n",
        )*);
    };
}

param_object! {
    /// Pagination parameters (interface §2.12).
    pub struct PostsParams as "PaginationParams" {
        /// Items to skip; a non-negative integer.
        offset "offset": Offset,
        /// Maximum items; a positive integer.
        limit "limit": Limit,
        /// A cursor returned by the service, sent back exactly.
        cursor "cursor": Cursor,
    }

    /// Search parameters (interface §2.12).
    pub struct SearchParams as "SearchParams" required "searchPosts needs a params object with a query" {
        /// Searches title, subtitle and content; may be empty.
        query "query": Query,
        /// Results to skip; a non-negative integer.
        offset "offset": Offset,
        /// Maximum results; a positive integer.
        limit "limit": Limit,
        /// Only posts of this type.
        post_type "type": PostType,
        /// ISO 8601 date or timestamp.
        published_after "published_after": IsoDate,
        /// ISO 8601 date or timestamp.
        published_before "published_before": IsoDate,
    }

    /// `getComments` parameters.
    pub struct CommentsParams as "CommentParams" {
        /// Comments to skip; a non-negative integer.
        offset "offset": Offset,
        /// Maximum comments; a positive integer.
        limit "limit": Limit,
    }

    /// `getNotes` parameters.
    pub struct NotesParams as "NotesParams" {
        /// The `nextCursor` of the previous page, sent back exactly.
        cursor "cursor": Cursor,
        /// Maximum notes on the page; a positive integer.
        limit "limit": Limit,
    }

    /// Parameters of the workflow node's post reads (`getPostsBySlug`, `getPostsById`).
    pub struct ReadParams as "ProfileReadParams" {
        /// Default 100. More than the service's page size is fetched in several requests.
        limit "limit": ReadLimit,
        /// Default 0: posts to skip.
        offset "offset": ReadOffset,
    }

    /// Parameters of the workflow node's note reads (`getNotesBySlug`, `getNotesById`).
    pub struct NoteReadParams as "NoteReadParams" {
        /// Default 100.
        limit "limit": ReadLimit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    struct Object(Shape, Vec<(&'static str, Arg)>);

    impl ArgSource for Object {
        fn shape(&self) -> Shape {
            self.0
        }
        fn member(&self, key: &str) -> Arg {
            self.1
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        }
    }

    fn object(fields: &[(&'static str, Arg)]) -> Object {
        Object(Shape::Object, fields.to_vec())
    }

    #[test]
    fn fields_are_read_by_their_js_names_with_their_rules() {
        let params = SearchParams::read(
            "params",
            &object(&[
                ("query", Arg::Str("rust".into())),
                ("limit", Arg::Number(5.0)),
                ("type", Arg::Str("podcast".into())),
                ("published_after", Arg::Str("2025-06-30".into())),
            ]),
        )
        .unwrap();
        assert_eq!(params.query, "rust");
        assert_eq!(params.limit, Some(5));
        assert_eq!(params.post_type.as_deref(), Some("podcast"));
        assert_eq!(params.published_after.as_deref(), Some("2025-06-30"));
        assert_eq!(params.offset, None);
        let error = PostsParams::read("params", &object(&[("limit", Arg::Number(0.0))])).unwrap_err();
        assert_eq!(error.message, "limit must be a positive integer, got the number 0");
    }

    #[test]
    fn the_first_bad_field_in_declared_order_is_reported() {
        let bad = object(&[("offset", Arg::Number(-1.0)), ("limit", Arg::Number(0.0))]);
        assert!(PostsParams::read("params", &bad)
            .unwrap_err()
            .message
            .starts_with("offset"));
        assert!(ReadParams::read("params", &bad)
            .unwrap_err()
            .message
            .starts_with("limit"));
    }

    #[test]
    fn an_empty_cursor_or_date_is_refused_not_sent() {
        let error = PostsParams::read("params", &object(&[("cursor", Arg::Str(String::new()))])).unwrap_err();
        assert_eq!(error.message, "cursor must not be empty when given");
        let search = [
            ("query", Arg::Str("q".into())),
            ("published_after", Arg::Str(String::new())),
        ];
        let error = SearchParams::read("params", &object(&search)).unwrap_err();
        assert_eq!(error.message, "published_after must not be empty when given");
        let cursor = NotesParams::read("params", &object(&[("cursor", Arg::Str("c1".into()))]))
            .unwrap()
            .cursor;
        assert_eq!(cursor.as_deref(), Some("c1"));
    }

    #[test]
    fn node_reads_default_to_100_and_0() {
        let params = ReadParams::read("params", &Object(Shape::Missing, vec![])).unwrap();
        assert_eq!((params.limit, params.offset), (DEFAULT_READ_LIMIT, 0));
        assert_eq!(NoteReadParams::read("params", &object(&[])).unwrap().limit, 100);
    }

    #[test]
    fn optional_objects_may_be_missing_but_not_of_another_shape() {
        assert_eq!(
            PostsParams::read("params", &Object(Shape::Missing, vec![])).unwrap(),
            PostsParams::default()
        );
        for shape in [Shape::Array, Shape::Other] {
            let error = CommentsParams::read("params", &Object(shape, vec![])).unwrap_err();
            assert_eq!(
                (error.kind, error.message.as_str()),
                (ErrorKind::InvalidArgument, "params must be an object")
            );
        }
    }

    #[test]
    fn a_required_object_names_what_it_needs() {
        for shape in [Shape::Missing, Shape::Other] {
            let error = SearchParams::read("params", &Object(shape, vec![])).unwrap_err();
            assert_eq!(error.message, "searchPosts needs a params object with a query");
        }
        let error = SearchParams::read("params", &Object(Shape::Array, vec![])).unwrap_err();
        assert_eq!(error.message, "query is required (an empty string is allowed)");
    }

    #[test]
    fn the_typescript_comes_from_the_declaration() {
        assert_eq!(
            NotesParams::TYPESCRIPT,
            "/** `getNotes` parameters. */\nexport interface NotesParams {\n  /** The `nextCursor` of the previous page, sent back exactly. */\n  cursor?: string;\n  /** Maximum notes on the page; a positive integer. */\n  limit?: number;\n}"
        );
        assert!(SearchParams::TYPESCRIPT.contains("\n  query: string;\n"));
        assert!(SearchParams::TYPESCRIPT.contains("\n  type?: PostType;\n"));
        for object in [
            PostsParams::TYPESCRIPT,
            SearchParams::TYPESCRIPT,
            ReadParams::TYPESCRIPT,
            NoteReadParams::TYPESCRIPT,
        ] {
            assert!(TYPESCRIPT.contains(object), "the .d.ts section lacks {object}");
        }
    }
}
