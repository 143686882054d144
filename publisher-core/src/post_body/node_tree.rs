//! A post document held as a tree of JSON values, members in their order, read from
//! the document's JSON text. The way back to Markdown needs every member of a node,
//! also those it does not know, to keep an unknown node as it is and to compare a node
//! with what its Markdown parses back to; [`crate::json::JsonDoc`] reads only named
//! members. Hand-written because serde_json's parser costs kilobytes of wasm.

#![deny(missing_docs)]

/// Documents nested deeper than this are refused rather than read recursively.
const MAX_DEPTH: usize = 128;

/// A JSON value.
#[derive(Debug, Clone)]
pub enum Node {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text: compared and written back exactly as read.
    Number(String),
    /// A string.
    Text(String),
    /// An array.
    List(Vec<Node>),
    /// An object, its members in their order.
    Object(Vec<(String, Node)>),
}

/// Value equality, as JSON: objects are equal whatever the order of their members.
impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        match (self, other) {
            (Node::Null, Node::Null) => true,
            (Node::Bool(a), Node::Bool(b)) => a == b,
            (Node::Number(a), Node::Number(b)) | (Node::Text(a), Node::Text(b)) => a == b,
            (Node::List(a), Node::List(b)) => a == b,
            (Node::Object(a), Node::Object(b)) => {
                a.len() == b.len() && a.iter().all(|(key, value)| other.get(key) == Some(value))
            }
            _ => false,
        }
    }
}

/// Why a text is no JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseError {
    /// Not JSON (or a lone surrogate in a string).
    Malformed,
    /// Nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A value, then more text.
    TextAfter,
}

impl Node {
    /// The value of a JSON text; `None` when it is not JSON, is nested deeper than
    /// [`MAX_DEPTH`], or holds a lone surrogate.
    pub fn parse(text: &str) -> Option<Node> {
        Node::read(text).ok()
    }

    /// [`Node::parse`], saying why a text is no value.
    pub fn read(text: &str) -> Result<Node, ParseError> {
        let mut reader = Reader {
            rest: text.trim_start(),
            depth: 0,
            too_deep: false,
        };
        match reader.value() {
            None if reader.too_deep => Err(ParseError::TooDeep),
            None => Err(ParseError::Malformed),
            Some(node) if reader.rest.trim().is_empty() => Ok(node),
            Some(_) => Err(ParseError::TextAfter),
        }
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(members) => members.iter().find(|(name, _)| name == key).map(|(_, value)| value),
            _ => None,
        }
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The items, if it is an array.
    pub fn as_list(&self) -> Option<&[Node]> {
        match self {
            Node::List(items) => Some(items),
            _ => None,
        }
    }

    /// The members' names, if it is an object.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        let members: &[(String, Node)] = match self {
            Node::Object(members) => members,
            _ => &[],
        };
        members.iter().map(|(name, _)| name.as_str())
    }

    /// The number as an unsigned integer, if it is one written as such.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Node::Number(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// Appends the value as compact JSON. With `for_html_comment`, `<`, `>` and `&` are
    /// written as `\u003c`, `\u003e`, `\u0026`, so the text never closes an HTML comment.
    pub fn write(&self, out: &mut String, for_html_comment: bool) {
        match self {
            Node::Null => out.push_str("null"),
            Node::Bool(value) => out.push_str(if *value { "true" } else { "false" }),
            Node::Number(text) => out.push_str(text),
            Node::Text(text) => write_string(out, text, for_html_comment),
            Node::List(items) => {
                out.push('[');
                for (index, item) in items.iter().enumerate() {
                    if index > 0 {
                        out.push(',');
                    }
                    item.write(out, for_html_comment);
                }
                out.push(']');
            }
            Node::Object(members) => {
                out.push('{');
                for (index, (name, value)) in members.iter().enumerate() {
                    if index > 0 {
                        out.push(',');
                    }
                    write_string(out, name, for_html_comment);
                    out.push(':');
                    value.write(out, for_html_comment);
                }
                out.push('}');
            }
        }
    }
}

fn write_string(out: &mut String, text: &str, for_html_comment: bool) {
    if !for_html_comment {
        crate::json::push_string(out, text);
        return;
    }
    let mut plain = String::new();
    crate::json::push_string(&mut plain, text);
    for c in plain.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c => out.push(c),
        }
    }
}

struct Reader<'a> {
    rest: &'a str,
    depth: usize,
    /// Set when reading stopped at [`MAX_DEPTH`].
    too_deep: bool,
}

impl Reader<'_> {
    fn value(&mut self) -> Option<Node> {
        self.skip_space();
        let first = self.rest.chars().next()?;
        let node = match first {
            'n' => self.word("null", Node::Null)?,
            't' => self.word("true", Node::Bool(true))?,
            'f' => self.word("false", Node::Bool(false))?,
            '"' => Node::Text(self.string()?),
            '[' => self.list()?,
            '{' => self.object()?,
            _ => self.number()?,
        };
        self.skip_space();
        Some(node)
    }

    fn skip_space(&mut self) {
        self.rest = self.rest.trim_start_matches([' ', '\t', '\n', '\r']);
    }

    fn eat(&mut self, c: char) -> bool {
        match self.rest.strip_prefix(c) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn word(&mut self, word: &str, node: Node) -> Option<Node> {
        self.rest = self.rest.strip_prefix(word)?;
        Some(node)
    }

    fn number(&mut self) -> Option<Node> {
        let end = self
            .rest
            .find(|c: char| !matches!(c, '0'..='9' | '-' | '+' | '.' | 'e' | 'E'))
            .unwrap_or(self.rest.len());
        let (text, rest) = self.rest.split_at_checked(end)?;
        if !is_json_number(text) {
            return None;
        }
        self.rest = rest;
        Some(Node::Number(text.to_string()))
    }

    fn string(&mut self) -> Option<String> {
        self.rest = self.rest.strip_prefix('"')?;
        let mut text = String::new();
        let mut chars = self.rest.char_indices();
        loop {
            let (at, c) = chars.next()?;
            match c {
                '"' => {
                    self.rest = self.rest.get(at.checked_add(1)?..)?;
                    return Some(text);
                }
                '\\' => {
                    let (_, escaped) = chars.next()?;
                    match escaped {
                        '"' | '\\' | '/' => text.push(escaped),
                        'n' => text.push('\n'),
                        'r' => text.push('\r'),
                        't' => text.push('\t'),
                        'b' => text.push('\u{8}'),
                        'f' => text.push('\u{c}'),
                        'u' => {
                            let high = hex4(&mut chars)?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                if chars.next()?.1 != '\\' || chars.next()?.1 != 'u' {
                                    return None;
                                }
                                let low = hex4(&mut chars)?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return None;
                                }
                                0x10000u32
                                    .checked_add((high.checked_sub(0xD800)?) << 10)?
                                    .checked_add(low.checked_sub(0xDC00)?)?
                            } else {
                                high
                            };
                            text.push(char::from_u32(code)?);
                        }
                        _ => return None,
                    }
                }
                c if c < ' ' => return None,
                c => text.push(c),
            }
        }
    }

    fn enter(&mut self) -> Option<()> {
        let deeper = self.depth.checked_add(1).filter(|&depth| depth <= MAX_DEPTH);
        self.too_deep = deeper.is_none();
        self.depth = deeper?;
        Some(())
    }

    fn list(&mut self) -> Option<Node> {
        self.rest = self.rest.strip_prefix('[')?;
        self.enter()?;
        self.skip_space();
        let mut items = Vec::new();
        if !self.eat(']') {
            loop {
                items.push(self.value()?);
                if self.eat(']') {
                    break;
                }
                if !self.eat(',') {
                    return None;
                }
            }
        }
        self.depth = self.depth.saturating_sub(1);
        Some(Node::List(items))
    }

    fn object(&mut self) -> Option<Node> {
        self.rest = self.rest.strip_prefix('{')?;
        self.enter()?;
        self.skip_space();
        let mut members = Vec::new();
        if !self.eat('}') {
            loop {
                self.skip_space();
                let name = self.string()?;
                self.skip_space();
                if !self.eat(':') {
                    return None;
                }
                members.push((name, self.value()?));
                if self.eat('}') {
                    break;
                }
                if !self.eat(',') {
                    return None;
                }
            }
        }
        self.depth = self.depth.saturating_sub(1);
        Some(Node::Object(members))
    }
}

/// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
/// Checked by hand: the float parser costs kilobytes of wasm.
fn is_json_number(text: &str) -> bool {
    let digits = |text: &str| {
        text.len()
            .saturating_sub(text.trim_start_matches(|c: char| c.is_ascii_digit()).len())
    };
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let whole = digits(unsigned);
    if whole == 0 || (whole > 1 && unsigned.starts_with('0')) {
        return false;
    }
    let mut rest = unsigned.get(whole..).unwrap_or_default();
    if let Some(fraction) = rest.strip_prefix('.') {
        let count = digits(fraction);
        if count == 0 {
            return false;
        }
        rest = fraction.get(count..).unwrap_or_default();
    }
    if let Some(exponent) = rest.strip_prefix(['e', 'E']) {
        let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
        let count = digits(exponent);
        if count == 0 {
            return false;
        }
        rest = exponent.get(count..).unwrap_or_default();
    }
    rest.is_empty()
}

fn hex4(chars: &mut std::str::CharIndices<'_>) -> Option<u32> {
    let mut code = 0u32;
    for _ in 0..4 {
        let digit = chars.next()?.1.to_digit(16)?;
        code = code.checked_mul(16)?.checked_add(digit)?;
    }
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::Node;

    #[test]
    fn reads_every_kind_and_writes_it_back_compactly() {
        let text = r#" { "a" : [1, -0.5, 0, 10E+2, -2.5e3, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude00"], "b": {} , "c": [] } "#;
        let node = Node::parse(text).unwrap();
        let mut out = String::new();
        node.write(&mut out, false);
        assert_eq!(
            out,
            r#"{"a":[1,-0.5,0,10E+2,-2.5e3,true,false,null,"x\"\\/\né😀"],"b":{},"c":[]}"#
        );
        let serde: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap(), serde);
    }

    #[test]
    fn for_an_html_comment_angle_brackets_and_ampersands_are_escaped() {
        let node = Node::parse(r#"{"<k>":"--> & <!--"}"#).unwrap();
        let mut out = String::new();
        node.write(&mut out, true);
        assert_eq!(out, r#"{"\u003ck\u003e":"--\u003e \u0026 \u003c!--"}"#);
        assert_eq!(Node::parse(&out).unwrap(), node);
    }

    #[test]
    fn objects_are_equal_whatever_the_order_of_their_members() {
        let a = Node::parse(r#"{"a":1,"b":[{"c":null,"d":"x"}]}"#).unwrap();
        let b = Node::parse(r#"{"b":[{"d":"x","c":null}],"a":1}"#).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, Node::parse(r#"{"a":1,"b":[{"c":null}]}"#).unwrap());
        assert_ne!(a, Node::parse(r#"{"a":1,"b":[{"c":null,"d":"x"}],"e":1}"#).unwrap());
        assert_ne!(Node::parse("1").unwrap(), Node::parse("1.0").unwrap());
        assert_ne!(Node::parse("[1]").unwrap(), Node::parse("[true]").unwrap());
    }

    #[test]
    fn what_is_not_json_is_none() {
        for text in [
            "",
            "{",
            "[1,]",
            "{\"a\"}",
            "{\"a\":1,}",
            "tru",
            "nul",
            "\"a",
            "\"\\x\"",
            "\"\u{1}\"",
            "1 2",
            "-",
            "+1",
            "inf",
            "NaN",
            "01",
            "1.",
            ".5",
            "1e",
            "1e+",
            "--1",
            "1.5.2",
            "\"\\ud800\"",
            "\"\\ud800\\u0041\"",
            "[1 2]",
            "{\"a\":1 \"b\":2}",
            "{1:2}",
        ] {
            assert!(Node::parse(text).is_none(), "{text:?}");
        }
        let deep = format!("{}{}", "[".repeat(130), "]".repeat(130));
        assert!(Node::parse(&deep).is_none());
        let fine = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert!(Node::parse(&fine).is_some());
    }

    #[test]
    fn accessors_read_their_kind_only() {
        let node = Node::parse(r#"{"s":"x","n":7,"f":7.5,"l":[1]}"#).unwrap();
        assert_eq!(node.keys().collect::<Vec<_>>(), ["s", "n", "f", "l"]);
        assert_eq!(node.get("s").and_then(Node::as_str), Some("x"));
        assert_eq!(node.get("n").and_then(Node::as_u64), Some(7));
        assert_eq!(node.get("f").and_then(Node::as_u64), None);
        assert_eq!(node.get("l").and_then(Node::as_list).map(<[Node]>::len), Some(1));
        assert_eq!(node.get("n").and_then(Node::as_str), None);
        assert!(node.get("missing").is_none());
        assert_eq!(Node::Null.keys().count(), 0);
    }
}
