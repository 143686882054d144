//! The records' schema language. A [`Record`] is the one declaration of a record of
//! the service: from it come the checks the decoders run on the parsed JSON, the
//! package's TypeScript interface, the documentation of the fields, and the shapes the
//! JS tests assert. Records are written with [`record!`](crate::record).
//!
//! Checking reads the document in place (the V8 value in wasm): nothing is copied.

use crate::error::Error;
use crate::json::{describe_value, id_for_label, string_field, FieldShape, JsonDoc, JsonKind};

/// The JSON type of a field.
#[derive(Debug, Clone, Copy)]
pub enum FieldType {
    /// A string.
    String,
    /// A number that is a safe integer.
    Integer,
    /// A finite number.
    Number,
    /// `true` or `false`.
    Bool,
    /// Any object.
    Object,
    /// Any array.
    Array,
    /// A string out of a fixed set.
    OneOf(&'static [&'static str]),
    /// An object that is itself a record.
    Record(&'static Record),
    /// An array of records.
    List(&'static Record),
}

impl FieldType {
    fn describe(self) -> String {
        match self {
            FieldType::String => "a string".into(),
            FieldType::Integer => "an integer".into(),
            FieldType::Number => "a number".into(),
            FieldType::Bool => "a boolean".into(),
            FieldType::Object | FieldType::Record(_) => "an object".into(),
            FieldType::Array | FieldType::List(_) => "an array".into(),
            FieldType::OneOf(values) => format!("one of {}", values.join(", ")),
        }
    }

    /// Whether a member of this shape has this type; `text` reads the member's string,
    /// which only a fixed set of strings needs.
    fn accepts(self, shape: FieldShape, text: impl FnOnce() -> Option<String>) -> bool {
        match self {
            FieldType::String => shape == FieldShape::String,
            FieldType::Integer => shape == FieldShape::SafeInteger,
            FieldType::Number => matches!(shape, FieldShape::SafeInteger | FieldShape::Finite),
            FieldType::Bool => shape == FieldShape::Bool,
            FieldType::Object | FieldType::Record(_) => shape == FieldShape::Object,
            FieldType::Array | FieldType::List(_) => shape == FieldShape::Array,
            FieldType::OneOf(allowed) => {
                shape == FieldShape::String && text().is_some_and(|s| allowed.contains(&s.as_str()))
            }
        }
    }
}

/// Whether a field must be there, and who puts it there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Sent by the service; absent or null is an error.
    Required,
    /// Sent by the service when it has one: may be absent or null.
    Optional,
    /// Added by the client: always there.
    Derived,
    /// Added by the client: always there, may be null.
    DerivedNullable,
    /// Added by the client when it applies: may be absent.
    DerivedOptional,
}

impl Presence {
    /// True for the fields the service sends (the ones checked).
    pub fn is_sent(self) -> bool {
        matches!(self, Presence::Required | Presence::Optional)
    }
}

/// One field of a record.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// The JSON member name.
    pub name: &'static str,
    /// Its type.
    pub ty: FieldType,
    /// Whether it must be there.
    pub presence: Presence,
    /// Its TypeScript type (without `| null`), for the generated JS tests.
    #[cfg(test)]
    pub typescript: &'static str,
}

/// How a record names itself in messages, beyond the label its reader gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// The label alone.
    Plain,
    /// `label (id 5)`, when the record has a usable `id`.
    Id,
    /// `label (value)` of a string member, e.g. `entity_key`.
    Key(&'static str),
}

/// A record of the service, declared once.
#[derive(Debug)]
pub struct Record {
    /// The TypeScript name, e.g. `PublisherPost`.
    pub name: &'static str,
    /// The fields, in the order the interface gives them.
    pub fields: &'static [Field],
    /// How a failing record names itself.
    pub label: Label,
    /// Between a record's label and a nested record's field name in messages.
    pub nest: &'static str,
    /// Whether the service's further fields pass through (an index signature).
    pub open: bool,
    /// The interface this one extends, in TypeScript.
    pub extends: Option<&'static str>,
}

/// Checks the fields the service sends of `value` against `record`, not the records
/// nested in it; `label` names the record and is only built when something is wrong.
pub fn check_shallow<D: JsonDoc>(value: &D, record: &Record, label: &dyn Fn() -> String) -> Result<(), Error> {
    if value.kind() != JsonKind::Object {
        return Err(Error::invalid_response(format!(
            "{} is {}, expected an object",
            label(),
            describe_value(value)
        )));
    }
    for field in record.fields.iter().filter(|field| field.presence.is_sent()) {
        let shape = value.field_shape(field.name);
        let problem = match shape {
            FieldShape::Absent if field.presence == Presence::Required => Some("is missing".to_string()),
            FieldShape::Absent => None,
            FieldShape::Null if field.presence == Presence::Optional => None,
            FieldShape::Null => Some(format!("is null, expected {}", field.ty.describe())),
            _ if field.ty.accepts(shape, || string_field(value, field.name)) => None,
            // Read the member itself only to say what is wrong with it.
            _ => Some(format!(
                "is {}, expected {}",
                value.with_field(field.name, describe_value).unwrap_or_default(),
                field.ty.describe()
            )),
        };
        if let Some(problem) = problem {
            return Err(Error::invalid_response(format!(
                "{}: field `{}` {problem}",
                label(),
                field.name
            )));
        }
    }
    Ok(())
}

/// Checks `value` against `record` and every record nested in it.
pub fn check<D: JsonDoc>(value: &D, record: &Record, label: &dyn Fn() -> String) -> Result<(), Error> {
    let labelled = || match record.label {
        Label::Plain => label(),
        Label::Id => match id_for_label(value) {
            Some(id) => format!("{} (id {id})", label()),
            None => label(),
        },
        Label::Key(key) => match string_field(value, key) {
            Some(key) => format!("{} ({key})", label()),
            None => label(),
        },
    };
    check_shallow(value, record, &labelled)?;
    for field in record.fields.iter().filter(|field| field.presence.is_sent()) {
        let nested = || format!("{}{}{}", labelled(), record.nest, field.name);
        match field.ty {
            FieldType::Record(inner) => value
                .with_field(field.name, |member| {
                    if member.kind() == JsonKind::Object {
                        check(member, inner, &nested)
                    } else {
                        Ok(())
                    }
                })
                .unwrap_or(Ok(()))?,
            FieldType::List(inner) => {
                let len = value
                    .with_field(field.name, |list| list.array_len())
                    .flatten()
                    .unwrap_or(0);
                for index in 0..len {
                    value
                        .with_field(field.name, |list| {
                            list.with_item(index, |item| check(item, inner, &|| format!("{}[{index}]", nested())))
                        })
                        .flatten()
                        .unwrap_or(Ok(()))?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The TypeScript type of a field type, as [`record!`](crate::record) writes it.
#[doc(hidden)]
#[macro_export]
macro_rules! typescript_type {
    (String) => {
        "string"
    };
    (Integer) => {
        "number"
    };
    (Number) => {
        "number"
    };
    (Bool) => {
        "boolean"
    };
    (Object) => {
        "Record<string, unknown>"
    };
    (Array) => {
        "unknown[]"
    };
    (Record $inner:ident) => {
        stringify!($inner)
    };
    (List $inner:ident) => {
        concat!(stringify!($inner), "[]")
    };
}

/// The field type of a declaration.
#[doc(hidden)]
#[macro_export]
macro_rules! field_type {
    (OneOf $inner:ident) => {
        $crate::records::schema::FieldType::OneOf($inner)
    };
    (Record $inner:ident) => {
        $crate::records::schema::FieldType::Record(&$inner)
    };
    (List $inner:ident) => {
        $crate::records::schema::FieldType::List(&$inner)
    };
    ($ty:ident) => {
        $crate::records::schema::FieldType::$ty
    };
}

/// A field's line in a TypeScript interface, by presence.
#[doc(hidden)]
#[macro_export]
macro_rules! typescript_field {
    (required, $name:literal, $ts:expr) => {
        concat!("  ", $name, ": ", $ts, ";\n")
    };
    (optional, $name:literal, $ts:expr) => {
        concat!("  ", $name, "?: ", $ts, " | null;\n")
    };
    (derived, $name:literal, $ts:expr) => {
        concat!("  ", $name, ": ", $ts, ";\n")
    };
    (derived_nullable, $name:literal, $ts:expr) => {
        concat!("  ", $name, ": ", $ts, " | null;\n")
    };
    (derived_optional, $name:literal, $ts:expr) => {
        concat!("  ", $name, "?: ", $ts, ";\n")
    };
}

/// The [`Presence`] of a declaration's keyword.
#[doc(hidden)]
#[macro_export]
macro_rules! presence {
    (required) => {
        $crate::records::schema::Presence::Required
    };
    (optional) => {
        $crate::records::schema::Presence::Optional
    };
    (derived) => {
        $crate::records::schema::Presence::Derived
    };
    (derived_nullable) => {
        $crate::records::schema::Presence::DerivedNullable
    };
    (derived_optional) => {
        $crate::records::schema::Presence::DerivedOptional
    };
}

/// The first of the given expressions (an explicit TypeScript type over the derived one).
#[doc(hidden)]
#[macro_export]
macro_rules! first_of {
    ($first:expr $(, $rest:expr)*) => {
        $first
    };
}

/// Declares a set of strings once: the constant slice `$name` the checks use, and the
/// TypeScript union `$alias` (the constant `$alias` holds its declaration).
#[macro_export]
macro_rules! one_of {
    ($(#[doc = $doc:literal])* $vis:vis $name:ident, $alias:ident = $first:literal $(| $value:literal)*) => {
        $(#[doc = $doc])*
        $vis const $name: &[&str] = &[$first $(, $value)*];
        #[allow(non_upper_case_globals)]
        #[doc = concat!("The TypeScript union of [`", stringify!($name), "`].")]
        $vis const $alias: &str = concat!(
            "\nexport type ", stringify!($alias), " = '", $first, "'", $(" | '", $value, "'",)* ";\n"
        );
    };
}

/// Declares a record once: the constant `$name` (a [`Record`]) with its checks, its
/// TypeScript interface and its documentation. Each field is
/// `presence "name": Type [Inner] [as "TypeScript"]`, with `///` lines documenting it.
///
/// ```text
/// record! {
///     /// A publication as profiles name it.
///     pub PublisherPublication (open) {
///         required "id": Integer,
///         /// The publication's own logo.
///         optional "logo_url": String,
///     }
/// }
/// ```
#[macro_export]
macro_rules! record {
    (
        $(#[doc = $doc:literal])*
        $vis:vis $name:ident ($($flag:ident)*) $(extends $base:ident)? $(label $label:expr,)? $(nest $nest:literal,)? {
            $(
                $(#[doc = $field_doc:literal])*
                $presence:ident $field:literal : $ty:ident $(<$inner:ident>)? $(as $ts:literal)?
            ),* $(,)?
        }
    ) => {
        #[allow(non_upper_case_globals)]
        #[doc = concat!($($doc, "\n",)* "\n| field | TypeScript | |\n|---|---|---|\n",
            $("| `", $field, "` | `", $crate::typescript_field!($presence, $field, $crate::first_of!($($ts,)? $crate::typescript_type!($ty $($inner)?))), "` | ", $($field_doc,)* " |\n",)*)]
        $vis const $name: $crate::records::schema::Record = $crate::records::schema::Record {
            name: stringify!($name),
            fields: &[$(
                $crate::records::schema::Field {
                    name: $field,
                    ty: $crate::field_type!($ty $($inner)?),
                    presence: $crate::presence!($presence),
                    #[cfg(test)]
                    typescript: $crate::first_of!($($ts,)? $crate::typescript_type!($ty $($inner)?)),
                },
            )*],
            label: $crate::first_of!($($label,)? $crate::records::schema::Label::Plain),
            nest: $crate::first_of!($($nest,)? "."),
            open: $crate::record!(@open $($flag)*),
            extends: $crate::first_of!($(Some(stringify!($base)),)? None),
        };

        /// What the record's declaration generates beyond its checks (kept out of the
        /// record itself, so that the wasm carries no TypeScript text).
        #[allow(non_snake_case)]
        $vis mod $name {
            /// The TypeScript interface, with the fields' documentation.
            pub const TYPESCRIPT: &str = concat!(
                "\n/**", $($doc,)* " */\nexport interface ", stringify!($name), $(" extends ", stringify!($base),)? " {\n",
                $(
                    $("  /**", $field_doc, " */\n",)*
                    $crate::typescript_field!($presence, $field, $crate::first_of!($($ts,)? $crate::typescript_type!($ty $($inner)?))),
                )*
                $crate::record!(@index $($flag)*),
                "}\n"
            );
        }
    };
    (@open open) => { true };
    (@open) => { false };
    (@index open) => { "  [field: string]: unknown;\n" };
    (@index) => { "" };
}

/// Checks that `value` is an array and returns its length.
pub fn expect_array<D: JsonDoc>(value: &D, what: &str) -> Result<usize, Error> {
    value
        .array_len()
        .ok_or_else(|| Error::invalid_response(format!("{what} is {}, expected an array", describe_value(value))))
}

/// Checks that `value` is an object.
pub fn expect_object<D: JsonDoc>(value: &D, what: &str) -> Result<(), Error> {
    if value.kind() == JsonKind::Object {
        Ok(())
    } else {
        Err(Error::invalid_response(format!(
            "{what} is {}, expected an object",
            describe_value(value)
        )))
    }
}
