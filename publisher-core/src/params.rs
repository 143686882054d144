//! The parameter objects of the client's methods (`PaginationParams`, `SearchParams`, …):
//! plain structs. Each one's [`ParamObject::SCHEMA`] lists its fields (JS key, rule,
//! doc); its TypeScript interface comes from the schema, and its reader asks the
//! schema's rule of every key it reads, so a field is read, checked and typed from
//! that one list. A test checks that every reader reads exactly its schema's keys.

use crate::args::{self, Arg};
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

/// How a field is checked, what it becomes and its TypeScript (the messages are
/// [`crate::args`]'s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// An optional non-negative integer: `Option<u64>`.
    Offset,
    /// An optional positive integer: `Option<u64>`.
    Limit,
    /// An optional non-empty string, sent back exactly: `Option<String>`.
    Cursor,
    /// A required string, possibly empty: `String`.
    Query,
    /// An optional post type: `Option<String>`.
    PostType,
    /// An optional ISO 8601 date or timestamp: `Option<String>`.
    IsoDate,
    /// A positive integer, [`DEFAULT_READ_LIMIT`] when left out: `u64`.
    ReadLimit,
    /// A non-negative integer, 0 when left out: `u64`.
    ReadOffset,
}

impl Rule {
    /// The field's TypeScript after its key: `?: number;`, `: string;`, …
    pub const fn typescript(self) -> &'static str {
        match self {
            Rule::Query => ": string;",
            Rule::PostType => "?: PostType;",
            Rule::Cursor | Rule::IsoDate => "?: string;",
            Rule::Offset | Rule::Limit | Rule::ReadLimit | Rule::ReadOffset => "?: number;",
        }
    }

    /// The field's JSON Schema (the MCP server's tool inputs): the checks of its reader,
    /// and its default when it has one.
    pub fn json_schema(self) -> serde_json::Value {
        use serde_json::json;
        match self {
            Rule::Offset => json!({"type": "integer", "minimum": 0}),
            Rule::Limit => json!({"type": "integer", "minimum": 1}),
            Rule::Cursor | Rule::IsoDate => json!({"type": "string", "minLength": 1}),
            Rule::Query => json!({"type": "string"}),
            Rule::PostType => json!({"type": "string", "enum": post::POST_TYPES}),
            Rule::ReadLimit => json!({"type": "integer", "minimum": 1, "default": DEFAULT_READ_LIMIT}),
            Rule::ReadOffset => json!({"type": "integer", "minimum": 0, "default": 0}),
        }
    }

    /// Whether the field must be given.
    pub const fn required(self) -> bool {
        matches!(self, Rule::Query)
    }
}

/// One field of a parameter object.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// Its key in the JS object.
    pub key: &'static str,
    /// How it is checked.
    pub rule: Rule,
    /// Its doc in the `.d.ts`.
    pub doc: &'static str,
}

/// What a parameter object is to JS: its interface's name and doc, its fields in the
/// order they are checked, and, when it may not be left out, the message saying so.
#[derive(Debug, Clone, Copy)]
pub struct Schema {
    /// The TypeScript interface's name.
    pub name: &'static str,
    /// The interface's doc.
    pub doc: &'static str,
    /// The message when the object is required and missing; `None` when optional.
    pub required: Option<&'static str>,
    /// The fields, in the order they are checked.
    pub fields: &'static [Field],
}

impl Schema {
    /// The TypeScript interface, with doc comments.
    pub fn typescript(&self) -> String {
        let mut out = format!("/** {} */\nexport interface {} {{\n", self.doc, self.name);
        for field in self.fields {
            out.push_str(&format!(
                "  /** {} */\n  {}{}\n",
                field.doc,
                field.key,
                field.rule.typescript()
            ));
        }
        out.push('}');
        out
    }

    /// The object's JSON Schema: each field's with its doc as `description`.
    pub fn json_schema(&self) -> serde_json::Value {
        let mut properties = serde_json::Map::new();
        for field in self.fields {
            let mut schema = field.rule.json_schema();
            if let Some(object) = schema.as_object_mut() {
                object.insert("description".into(), field.doc.into());
            }
            properties.insert(field.key.into(), schema);
        }
        let required: Vec<&str> = (self.fields.iter())
            .filter(|field| field.rule.required())
            .map(|field| field.key)
            .collect();
        serde_json::json!({
            "type": "object",
            "description": self.doc,
            "properties": properties,
            "required": required,
        })
    }
}

/// The fields of one caller's object, each read by the method of its rule (a test
/// checks that every reader reads its schema's keys by their rules, in order; the
/// schema itself, with its docs, stays out of the wasm).
pub struct Fields<'a> {
    member: &'a dyn Fn(&'static str, Rule) -> Arg,
}

impl Fields<'_> {
    /// The member `key`, as its reader asks for it under `rule`.
    fn arg(&self, key: &'static str, rule: Rule) -> Arg {
        (self.member)(key, rule)
    }

    /// [`Rule::Offset`]: an optional non-negative integer.
    pub fn offset(&self, key: &'static str) -> Result<Option<u64>, Error> {
        args::non_negative_integer(key, &self.arg(key, Rule::Offset))
    }

    /// [`Rule::Limit`]: an optional positive integer.
    pub fn limit(&self, key: &'static str) -> Result<Option<u64>, Error> {
        args::positive_integer(key, &self.arg(key, Rule::Limit))
    }

    /// [`Rule::Cursor`]: an optional non-empty string.
    pub fn cursor(&self, key: &'static str) -> Result<Option<String>, Error> {
        args::optional_nonempty_string(key, &self.arg(key, Rule::Cursor))
    }

    /// [`Rule::Query`]: a required string, possibly empty.
    pub fn query(&self, key: &'static str) -> Result<String, Error> {
        args::string(key, &self.arg(key, Rule::Query))
    }

    /// [`Rule::PostType`]: an optional post type.
    pub fn post_type(&self, key: &'static str) -> Result<Option<String>, Error> {
        args::optional_one_of(key, &self.arg(key, Rule::PostType), post::POST_TYPES)
    }

    /// [`Rule::IsoDate`]: an optional ISO 8601 date or timestamp.
    pub fn iso_date(&self, key: &'static str) -> Result<Option<String>, Error> {
        args::optional_iso_date(key, &self.arg(key, Rule::IsoDate))
    }

    /// [`Rule::ReadLimit`]: a positive integer, [`DEFAULT_READ_LIMIT`] when left out.
    pub fn read_limit(&self, key: &'static str) -> Result<u64, Error> {
        Ok(args::positive_integer(key, &self.arg(key, Rule::ReadLimit))?.unwrap_or(DEFAULT_READ_LIMIT))
    }

    /// [`Rule::ReadOffset`]: a non-negative integer, 0 when left out.
    pub fn read_offset(&self, key: &'static str) -> Result<u64, Error> {
        Ok(args::non_negative_integer(key, &self.arg(key, Rule::ReadOffset))?.unwrap_or(0))
    }
}

/// A parameter object of a method.
pub trait ParamObject: Sized {
    /// Its fields and TypeScript.
    const SCHEMA: Schema;

    /// Builds the struct from its fields, asking each of `fields` in the schema's order.
    fn from_fields(fields: &Fields) -> Result<Self, Error>;

    /// Reads the argument `name`: missing (all defaults, when optional), or an object.
    fn read(name: &str, source: &dyn ArgSource) -> Result<Self, Error> {
        match (source.shape(), Self::SCHEMA.required) {
            (Shape::Missing | Shape::Other, Some(required)) => Err(Error::invalid_argument(required)),
            (Shape::Missing, None) => Self::from_fields(&Fields {
                member: &|_, _| Arg::Missing,
            }),
            (Shape::Object, _) | (Shape::Array, Some(_)) => Self::from_fields(&Fields {
                member: &|key, _| source.member(key),
            }),
            (Shape::Array | Shape::Other, None) => Err(Error::invalid_argument(format!("{name} must be an object"))),
        }
    }
}

/// Pagination parameters (interface §2.12): `PaginationParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostsParams {
    /// Items to skip.
    pub offset: Option<u64>,
    /// Maximum items.
    pub limit: Option<u64>,
    /// A cursor returned by the service.
    pub cursor: Option<String>,
}

impl ParamObject for PostsParams {
    const SCHEMA: Schema = Schema {
        name: "PaginationParams",
        doc: "Pagination parameters (interface §2.12).",
        required: None,
        fields: &[
            Field {
                key: "offset",
                rule: Rule::Offset,
                doc: "Items to skip; a non-negative integer.",
            },
            Field {
                key: "limit",
                rule: Rule::Limit,
                doc: "Maximum items; a positive integer.",
            },
            Field {
                key: "cursor",
                rule: Rule::Cursor,
                doc: "A cursor returned by the service, sent back exactly.",
            },
        ],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(PostsParams {
            offset: fields.offset("offset")?,
            limit: fields.limit("limit")?,
            cursor: fields.cursor("cursor")?,
        })
    }
}

/// Search parameters (interface §2.12): `SearchParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchParams {
    /// The search text; may be empty.
    pub query: String,
    /// Results to skip.
    pub offset: Option<u64>,
    /// Maximum results.
    pub limit: Option<u64>,
    /// Only posts of this type (`type`).
    pub post_type: Option<String>,
    /// ISO 8601 date or timestamp.
    pub published_after: Option<String>,
    /// ISO 8601 date or timestamp.
    pub published_before: Option<String>,
}

impl ParamObject for SearchParams {
    const SCHEMA: Schema = Schema {
        name: "SearchParams",
        doc: "Search parameters (interface §2.12).",
        required: Some("searchPosts needs a params object with a query"),
        fields: &[
            Field {
                key: "query",
                rule: Rule::Query,
                doc: "Searches title, subtitle and content; may be empty.",
            },
            Field {
                key: "offset",
                rule: Rule::Offset,
                doc: "Results to skip; a non-negative integer.",
            },
            Field {
                key: "limit",
                rule: Rule::Limit,
                doc: "Maximum results; a positive integer.",
            },
            Field {
                key: "type",
                rule: Rule::PostType,
                doc: "Only posts of this type.",
            },
            Field {
                key: "published_after",
                rule: Rule::IsoDate,
                doc: "ISO 8601 date or timestamp.",
            },
            Field {
                key: "published_before",
                rule: Rule::IsoDate,
                doc: "ISO 8601 date or timestamp.",
            },
        ],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(SearchParams {
            query: fields.query("query")?,
            offset: fields.offset("offset")?,
            limit: fields.limit("limit")?,
            post_type: fields.post_type("type")?,
            published_after: fields.iso_date("published_after")?,
            published_before: fields.iso_date("published_before")?,
        })
    }
}

/// `getComments` parameters: `CommentParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommentsParams {
    /// Comments to skip.
    pub offset: Option<u64>,
    /// Maximum comments.
    pub limit: Option<u64>,
}

impl ParamObject for CommentsParams {
    const SCHEMA: Schema = Schema {
        name: "CommentParams",
        doc: "`getComments` parameters.",
        required: None,
        fields: &[
            Field {
                key: "offset",
                rule: Rule::Offset,
                doc: "Comments to skip; a non-negative integer.",
            },
            Field {
                key: "limit",
                rule: Rule::Limit,
                doc: "Maximum comments; a positive integer.",
            },
        ],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(CommentsParams {
            offset: fields.offset("offset")?,
            limit: fields.limit("limit")?,
        })
    }
}

/// `getNotes` parameters: `NotesParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NotesParams {
    /// The `nextCursor` of the previous page.
    pub cursor: Option<String>,
    /// Maximum notes on the page.
    pub limit: Option<u64>,
}

impl ParamObject for NotesParams {
    const SCHEMA: Schema = Schema {
        name: "NotesParams",
        doc: "`getNotes` parameters.",
        required: None,
        fields: &[
            Field {
                key: "cursor",
                rule: Rule::Cursor,
                doc: "The `nextCursor` of the previous page, sent back exactly.",
            },
            Field {
                key: "limit",
                rule: Rule::Limit,
                doc: "Maximum notes on the page; a positive integer.",
            },
        ],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(NotesParams {
            cursor: fields.cursor("cursor")?,
            limit: fields.limit("limit")?,
        })
    }
}

/// Parameters of the workflow node's post reads (`getPostsBySlug`, `getPostsById`): `ProfileReadParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadParams {
    /// Maximum posts (default 100).
    pub limit: u64,
    /// Posts to skip (default 0).
    pub offset: u64,
}

impl ParamObject for ReadParams {
    const SCHEMA: Schema = Schema {
        name: "ProfileReadParams",
        doc: "Parameters of the workflow node's post reads (`getPostsBySlug`, `getPostsById`).",
        required: None,
        fields: &[
            Field {
                key: "limit",
                rule: Rule::ReadLimit,
                doc: "Default 100. More than the service's page size is fetched in several requests.",
            },
            Field {
                key: "offset",
                rule: Rule::ReadOffset,
                doc: "Default 0: posts to skip.",
            },
        ],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(ReadParams {
            limit: fields.read_limit("limit")?,
            offset: fields.read_offset("offset")?,
        })
    }
}

/// Parameters of the workflow node's note reads (`getNotesBySlug`, `getNotesById`): `NoteReadParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NoteReadParams {
    /// Maximum notes (default 100).
    pub limit: u64,
}

impl ParamObject for NoteReadParams {
    const SCHEMA: Schema = Schema {
        name: "NoteReadParams",
        doc: "Parameters of the workflow node's note reads (`getNotesBySlug`, `getNotesById`).",
        required: None,
        fields: &[Field {
            key: "limit",
            rule: Rule::ReadLimit,
            doc: "Default 100.",
        }],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(NoteReadParams {
            limit: fields.read_limit("limit")?,
        })
    }
}

/// `getDrafts` parameters: `DraftsParams`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DraftsParams {
    /// Drafts to skip.
    pub offset: Option<u64>,
    /// Drafts to return at most; over a page, they are read in pages.
    pub limit: Option<u64>,
}

impl ParamObject for DraftsParams {
    const SCHEMA: Schema = Schema {
        name: "DraftsParams",
        doc: "Which drafts `getDrafts` returns, most recently edited first.",
        required: None,
        fields: &[
            Field {
                key: "offset",
                rule: Rule::Offset,
                doc: "Drafts to skip; a non-negative integer.",
            },
            Field {
                key: "limit",
                rule: Rule::Limit,
                doc: "Maximum drafts (default 25); over 25, they are fetched in pages.",
            },
        ],
    };
    fn from_fields(fields: &Fields) -> Result<Self, Error> {
        Ok(DraftsParams {
            offset: fields.offset("offset")?,
            limit: fields.limit("limit")?,
        })
    }
}

/// Every parameter object's schema, for the `.d.ts` and the tests.
pub const ALL: &[Schema] = &[
    PostsParams::SCHEMA,
    SearchParams::SCHEMA,
    CommentsParams::SCHEMA,
    NotesParams::SCHEMA,
    ReadParams::SCHEMA,
    NoteReadParams::SCHEMA,
    DraftsParams::SCHEMA,
];

/// Every parameter object's TypeScript, for the `.d.ts`.
pub fn typescript() -> String {
    ALL.iter().map(|schema| schema.typescript() + "\n\n").collect()
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
    fn the_typescript_comes_from_the_schema() {
        assert_eq!(
            NotesParams::SCHEMA.typescript(),
            "/** `getNotes` parameters. */\nexport interface NotesParams {\n  /** The `nextCursor` of the previous page, sent back exactly. */\n  cursor?: string;\n  /** Maximum notes on the page; a positive integer. */\n  limit?: number;\n}"
        );
        assert!(SearchParams::SCHEMA.typescript().contains("\n  query: string;\n"));
        assert!(SearchParams::SCHEMA.typescript().contains("\n  type?: PostType;\n"));
        for schema in ALL {
            assert!(
                typescript().contains(&schema.typescript()),
                "the .d.ts section lacks {}",
                schema.name
            );
        }
    }

    /// The keys and rules a reader asks for, in order, of an object whose members are
    /// all valid (a query, so that SearchParams reads on past it).
    fn fields_read<P: ParamObject>() -> Vec<(&'static str, Rule)> {
        let asked = std::cell::RefCell::new(Vec::new());
        let member = |key: &'static str, rule: Rule| {
            asked.borrow_mut().push((key, rule));
            if rule == Rule::Query {
                Arg::Str("q".into())
            } else {
                Arg::Missing
            }
        };
        P::from_fields(&Fields { member: &member }).unwrap();
        asked.into_inner()
    }

    fn schema_fields(schema: &Schema) -> Vec<(&'static str, Rule)> {
        schema.fields.iter().map(|field| (field.key, field.rule)).collect()
    }

    #[test]
    fn every_reader_reads_exactly_its_schema_in_order() {
        assert_eq!(fields_read::<PostsParams>(), schema_fields(&PostsParams::SCHEMA));
        assert_eq!(fields_read::<SearchParams>(), schema_fields(&SearchParams::SCHEMA));
        assert_eq!(fields_read::<CommentsParams>(), schema_fields(&CommentsParams::SCHEMA));
        assert_eq!(fields_read::<NotesParams>(), schema_fields(&NotesParams::SCHEMA));
        assert_eq!(fields_read::<ReadParams>(), schema_fields(&ReadParams::SCHEMA));
        assert_eq!(fields_read::<NoteReadParams>(), schema_fields(&NoteReadParams::SCHEMA));
        assert_eq!(fields_read::<DraftsParams>(), schema_fields(&DraftsParams::SCHEMA));
        assert_eq!(ALL.len(), 7, "a parameter object is missing above");
    }

    #[test]
    fn each_rule_reads_with_its_check_and_default() {
        let fields = Fields {
            member: &|_, _| Arg::Missing,
        };
        assert_eq!(fields.limit("limit").unwrap(), None);
        assert_eq!(fields.read_limit("limit").unwrap(), DEFAULT_READ_LIMIT);
        assert_eq!(fields.read_offset("offset").unwrap(), 0);
        assert!(fields.query("query").is_err());
        let zero = Fields {
            member: &|_, _| Arg::Number(0.0),
        };
        assert_eq!(zero.offset("offset").unwrap(), Some(0));
        assert!(zero.limit("limit").is_err());
        assert!(zero.read_limit("limit").is_err());
    }

    /// `js-tests/shared/params.generated.json`: each object's JSON Schema by its name.
    fn json_schemas() -> String {
        let schemas: serde_json::Map<String, serde_json::Value> = (ALL.iter())
            .map(|schema| (schema.name.to_string(), schema.json_schema()))
            .collect();
        let mut text = serde_json::to_string_pretty(&serde_json::json!({
            "note": "Generated from publisher-core/src/params.rs by cargo test (UPDATE_PARAMS=1 rewrites it); do not edit.",
            "params": schemas,
        }))
        .unwrap();
        text.push('\n');
        text
    }

    #[test]
    fn the_json_schema_has_each_rule_s_bounds_default_and_doc() {
        let search = SearchParams::SCHEMA.json_schema();
        assert_eq!(search["required"], serde_json::json!(["query"]));
        assert_eq!(search["properties"]["limit"]["minimum"], 1);
        assert_eq!(search["properties"]["offset"]["minimum"], 0);
        assert_eq!(
            search["properties"]["type"]["enum"],
            serde_json::json!(post::POST_TYPES)
        );
        assert_eq!(
            search["properties"]["query"]["description"],
            SearchParams::SCHEMA.fields[0].doc
        );
        let read = ReadParams::SCHEMA.json_schema();
        assert_eq!(read["properties"]["limit"]["default"], DEFAULT_READ_LIMIT);
        assert_eq!(read["required"], serde_json::json!([]));
        assert_eq!(
            NotesParams::SCHEMA.json_schema()["properties"]["cursor"]["minLength"],
            1
        );
    }

    #[test]
    fn the_json_schemas_file_is_up_to_date() {
        crate::test_support::check_generated(
            "js-tests/shared/params.generated.json",
            &json_schemas(),
            "UPDATE_PARAMS",
        );
    }

    #[test]
    fn the_dts_section_is_up_to_date() {
        crate::test_support::check_generated("src/params.generated.d.ts", &typescript(), "UPDATE_PARAMS");
    }
}
