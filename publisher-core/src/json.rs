//! A small view of a parsed JSON document, so the decoders can run on two backends:
//! `serde_json::Value` in native tests, and the JS value that V8's `JSON.parse`
//! produced in wasm (parsing in the engine and checking from Rust is what keeps the
//! decode path near the `JSON.parse` floor). Children are reached through closures
//! because a JS child is a fresh handle while a native child is a borrow.

/// The largest integer a JS number holds exactly (2^53 - 1).
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The kinds of JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonKind {
    /// `null` (and, in JS, `undefined`).
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonKind {
    /// The kind as messages name it.
    pub fn name(self) -> &'static str {
        match self {
            JsonKind::Null => "null",
            JsonKind::Bool => "boolean",
            JsonKind::Number => "number",
            JsonKind::String => "string",
            JsonKind::Array => "array",
            JsonKind::Object => "object",
        }
    }
}

/// What a member of an object holds, told apart as far as the record checks need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldShape {
    /// No such member.
    Absent,
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number that is a safe integer (`Number.isSafeInteger`).
    SafeInteger,
    /// Any other finite number.
    Finite,
    /// A number that is not finite (never from a JSON text, but a document may hold one).
    NonFinite,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl FieldShape {
    /// The shape of a value that is there.
    pub fn of<D: JsonDoc>(value: &D) -> FieldShape {
        match value.kind() {
            JsonKind::Null => FieldShape::Null,
            JsonKind::Bool => FieldShape::Bool,
            JsonKind::String => FieldShape::String,
            JsonKind::Array => FieldShape::Array,
            JsonKind::Object => FieldShape::Object,
            JsonKind::Number => match value.as_f64() {
                Some(n) if n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER => FieldShape::SafeInteger,
                Some(n) if n.is_finite() => FieldShape::Finite,
                _ => FieldShape::NonFinite,
            },
        }
    }
}

/// A parsed JSON value the decoders read in place.
pub trait JsonDoc: Sized + Clone {
    /// The document of a JSON text, or `None` when it is not JSON.
    fn parse(text: &str) -> Option<Self>;
    /// What kind of value this is.
    fn kind(&self) -> JsonKind;
    /// The number, if it is one.
    fn as_f64(&self) -> Option<f64>;
    /// The boolean, if it is one.
    fn as_bool(&self) -> Option<bool>;
    /// The string, if it is one.
    fn as_string(&self) -> Option<String>;
    /// The length, if it is an array.
    fn array_len(&self) -> Option<usize>;
    /// Calls `f` on the member `key` of an object; `None` when there is no such member.
    fn with_field<R>(&self, key: &'static str, f: impl FnOnce(&Self) -> R) -> Option<R>;
    /// What the member `key` of an object holds. In JS this is one call into the engine,
    /// where reading the member and asking its kind would be several.
    fn field_shape(&self, key: &'static str) -> FieldShape {
        self.with_field(key, FieldShape::of).unwrap_or(FieldShape::Absent)
    }
    /// Calls `f` on item `index` of an array.
    fn with_item<R>(&self, index: usize, f: impl FnOnce(&Self) -> R) -> Option<R>;
    /// Calls `f` on the member `key`, which it may change.
    fn with_field_mut<R>(&mut self, key: &'static str, f: impl FnOnce(&mut Self) -> R) -> Option<R>;
    /// Calls `f` on item `index`, which it may change.
    fn with_item_mut<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> Option<R>;
    /// Sets a member of an object (no effect on other kinds).
    fn set_bool(&mut self, key: &'static str, value: bool);
    /// The member `key`, taken out of the document.
    fn into_field(self, key: &'static str) -> Option<Self>;
    /// Item `index` of an array, taken out (natively) or shared (in JS).
    fn take_item(&mut self, index: usize) -> Option<Self>;
    /// Sets a member of an object (no effect on other kinds).
    fn set(&mut self, key: &'static str, value: Self);
    /// `null`.
    fn null() -> Self;
    /// A number.
    fn from_f64(value: f64) -> Self;
    /// A string.
    fn from_text(value: &str) -> Self;
    /// An empty object.
    fn new_object() -> Self;
    /// An array of `items`.
    fn new_array(items: Vec<Self>) -> Self;
    /// The value as JSON text (`JSON.stringify` in JS), or `None` when it has none.
    /// The one way to read members whose names the code does not know (a post node's
    /// unknown attributes, kept as they are).
    fn to_json_text(&self) -> Option<String>;
}

impl JsonDoc for serde_json::Value {
    fn parse(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
    fn kind(&self) -> JsonKind {
        match self {
            serde_json::Value::Null => JsonKind::Null,
            serde_json::Value::Bool(_) => JsonKind::Bool,
            serde_json::Value::Number(_) => JsonKind::Number,
            serde_json::Value::String(_) => JsonKind::String,
            serde_json::Value::Array(_) => JsonKind::Array,
            serde_json::Value::Object(_) => JsonKind::Object,
        }
    }
    fn as_f64(&self) -> Option<f64> {
        serde_json::Value::as_f64(self)
    }
    fn as_bool(&self) -> Option<bool> {
        serde_json::Value::as_bool(self)
    }
    fn as_string(&self) -> Option<String> {
        self.as_str().map(str::to_string)
    }
    fn array_len(&self) -> Option<usize> {
        self.as_array().map(Vec::len)
    }
    fn with_field<R>(&self, key: &'static str, f: impl FnOnce(&Self) -> R) -> Option<R> {
        self.as_object()?.get(key).map(f)
    }
    fn with_item<R>(&self, index: usize, f: impl FnOnce(&Self) -> R) -> Option<R> {
        self.as_array()?.get(index).map(f)
    }
    fn with_field_mut<R>(&mut self, key: &'static str, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        self.as_object_mut()?.get_mut(key).map(f)
    }
    fn with_item_mut<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> Option<R> {
        self.as_array_mut()?.get_mut(index).map(f)
    }
    fn set_bool(&mut self, key: &'static str, value: bool) {
        if let Some(map) = self.as_object_mut() {
            map.insert(key.to_string(), serde_json::Value::Bool(value));
        }
    }
    fn into_field(self, key: &'static str) -> Option<Self> {
        match self {
            serde_json::Value::Object(mut map) => map.remove(key),
            _ => None,
        }
    }
    fn take_item(&mut self, index: usize) -> Option<Self> {
        self.as_array_mut()?.get_mut(index).map(serde_json::Value::take)
    }
    fn set(&mut self, key: &'static str, value: Self) {
        if let Some(map) = self.as_object_mut() {
            map.insert(key.to_string(), value);
        }
    }
    fn null() -> Self {
        serde_json::Value::Null
    }
    fn from_f64(value: f64) -> Self {
        serde_json::Number::from_f64(value).map_or(serde_json::Value::Null, |n| {
            // Integral values print as integers, as JS would.
            if value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER {
                #[allow(clippy::cast_possible_truncation)]
                serde_json::Value::from(value as i64)
            } else {
                serde_json::Value::Number(n)
            }
        })
    }
    fn from_text(value: &str) -> Self {
        serde_json::Value::String(value.to_string())
    }
    fn new_object() -> Self {
        serde_json::Value::Object(serde_json::Map::new())
    }
    fn new_array(items: Vec<Self>) -> Self {
        serde_json::Value::Array(items)
    }
    fn to_json_text(&self) -> Option<String> {
        serde_json::to_string(self).ok()
    }
}

/// How a value reads in a message ("the string \"x\"", "null").
pub fn describe_value<D: JsonDoc>(value: &D) -> String {
    match value.kind() {
        JsonKind::String => match value.as_string() {
            Some(text) if text.chars().count() <= 40 => format!("the string {text:?}"),
            _ => "a string".into(),
        },
        JsonKind::Number => format!("the number {}", number_text(value.as_f64().unwrap_or(f64::NAN))),
        kind => kind.name().into(),
    }
}

/// Reads an id for labels, when there is a usable one.
pub fn id_for_label<D: JsonDoc>(value: &D) -> Option<String> {
    value
        .with_field("id", |id| id.as_f64().filter(|n| n.is_finite()).map(number_text))
        .flatten()
}

/// A number as a message shows it: 1e300 as its first digits and how many there are,
/// not 300 digits; fractions to six places. Written out by hand because `f64`'s own
/// formatting costs about 15 kB of wasm.
pub fn number_text(number: f64) -> String {
    if number.is_nan() {
        return "NaN".into();
    }
    let sign = if number < 0.0 { "-" } else { "" };
    if number.is_infinite() {
        return format!("{sign}Infinity");
    }
    let magnitude = number.abs();
    let mut digits: u32 = 1;
    let mut leading = magnitude;
    while leading >= 10.0 {
        leading /= 10.0;
        digits = digits.saturating_add(1);
    }
    if digits > 15 {
        // `leading` is in [1, 10): its first eight digits.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let first = (leading * 1e7) as u64;
        return format!("{sign}{first}… ({digits} digits)");
    }
    // Below 1e15 the integer part fits a u64 exactly.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (mut whole, mut fraction) = (magnitude.trunc() as u64, ((magnitude.fract()) * 1e6).round() as u64);
    if fraction >= 1_000_000 {
        whole = whole.saturating_add(1);
        fraction = 0;
    }
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let fraction = format!("{fraction:06}");
    format!("{sign}{whole}.{}", fraction.trim_end_matches('0'))
}

/// A string member, when it is one.
pub fn string_field<D: JsonDoc>(value: &D, key: &'static str) -> Option<String> {
    value.with_field(key, |v| v.as_string()).flatten()
}

/// A number member, when it is one.
pub fn number_field<D: JsonDoc>(value: &D, key: &'static str) -> Option<f64> {
    value.with_field(key, |v| v.as_f64()).flatten()
}

/// Appends `[item,item,…]`, each item written by `write`.
pub fn push_list<T>(out: &mut String, items: &[T], write: fn(&T, &mut String)) {
    out.push('[');
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        write(item, out);
    }
    out.push(']');
}

/// Appends `value` as a JSON string literal, or `null`.
pub fn push_optional_string(out: &mut String, value: Option<&str>) {
    match value {
        Some(value) => push_string(out, value),
        None => out.push_str("null"),
    }
}

/// Appends `value` as a JSON string literal, escaped as serde_json writes it: `"`, `\\`
/// and the control characters (`\\n`, `\\r`, `\\t`, `\\b`, `\\f`, else `\\u00xx`);
/// everything else as it is. The request bodies are written with it instead of serde's
/// derives, which cost kilobytes of wasm.
pub fn push_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let code = u32::from(c);
                out.push_str(if code < 16 { "\\u000" } else { "\\u001" });
                out.push(char::from_digit(code & 0xf, 16).unwrap_or('0'));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    #[test]
    fn push_string_escapes_as_serde_json_does() {
        let samples = [
            "",
            "plain",
            "quote \" and \\ back",
            "\n\r\t\u{8}\u{c}",
            "\u{0}\u{1}\u{1f}\u{7f}",
            "é 😀 \u{2028}",
            "</script>",
        ];
        for sample in samples {
            let mut ours = String::new();
            super::push_string(&mut ours, sample);
            assert_eq!(ours, serde_json::to_string(sample).unwrap(), "{sample:?}");
        }
        for code in 0..0x80u32 {
            let text = char::from_u32(code).unwrap().to_string();
            let mut ours = String::new();
            super::push_string(&mut ours, &text);
            assert_eq!(ours, serde_json::to_string(&text).unwrap(), "{code}");
        }
    }

    use super::number_text;

    #[test]
    fn numbers_in_messages_stay_short() {
        assert_eq!(number_text(-5.5), "-5.5");
        assert_eq!(number_text(123_456_789_012_345.0), "123456789012345");
        assert_eq!(number_text(1e300), "10000000… (301 digits)");
        assert_eq!(number_text(-1e20), "-10000000… (21 digits)");
        assert_eq!(number_text(0.1), "0.1");
        assert_eq!(number_text(2.0000004), "2");
        assert_eq!(number_text(0.9999999), "1");
        assert_eq!(number_text(1.25e-3), "0.00125");
        assert_eq!(number_text(0.0), "0");
        assert_eq!(number_text(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(number_text(f64::NAN), "NaN");
    }

    #[test]
    fn values_other_than_strings_and_numbers_are_named_by_their_kind() {
        use super::describe_value;
        use serde_json::json;
        assert_eq!(describe_value(&json!(null)), "null");
        assert_eq!(describe_value(&json!(true)), "boolean");
        assert_eq!(describe_value(&json!([1])), "array");
        assert_eq!(describe_value(&json!({"a": 1})), "object");
        assert_eq!(describe_value(&json!("x")), "the string \"x\"");
        assert_eq!(describe_value(&json!(5)), "the number 5");
    }

    #[test]
    fn native_numbers_print_as_js_would_and_long_strings_are_not_quoted() {
        use super::{describe_value, JsonDoc};
        use serde_json::{json, Value};
        assert_eq!(Value::from_f64(3.0), json!(3));
        assert_eq!(Value::from_f64(0.5), json!(0.5));
        assert_eq!(Value::from_f64(1e20).to_string(), "1e+20");
        assert_eq!(Value::from_text("x"), json!("x"));
        assert_eq!(describe_value(&json!("y".repeat(41))), "a string");
        assert_eq!(
            describe_value(&json!("y".repeat(40))),
            format!("the string {:?}", "y".repeat(40))
        );
    }
}
