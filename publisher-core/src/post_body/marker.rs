//! The marker that keeps a node Markdown cannot express: `<!-- publisher-node {JSON} -->`,
//! the node's JSON kept verbatim. Its JSON is checked here by a small validator (an
//! object with a string `type`) rather than serde_json's parser, which the package's
//! wasm does not otherwise carry.

#![deny(missing_docs)]

const OPEN: &str = "<!--";
const CLOSE: &str = "-->";
const KEYWORD: &str = "publisher-node";
/// Nodes nested deeper than this are refused: the validator is recursive.
const MAX_DEPTH: usize = 128;

/// What an HTML comment is to a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comment<'a> {
    /// `<!-- paywall -->`
    Paywall,
    /// `<!-- publisher-node {JSON} -->` with valid JSON: the JSON text.
    Node(&'a str),
    /// `<!-- publisher-node … -->` whose JSON is not a node: why.
    BadNode(&'static str),
    /// Any other HTML.
    Other,
}

/// Reads `html` (an HTML block's or inline HTML's text) as a post's comment.
pub fn read_comment(html: &str) -> Comment<'_> {
    let Some(inner) = html.trim().strip_prefix(OPEN).and_then(|rest| rest.strip_suffix(CLOSE)) else {
        return Comment::Other;
    };
    // Exactly one comment: a second would close inside.
    if inner.contains(CLOSE) {
        return Comment::Other;
    }
    let inner = inner.trim();
    if inner == "paywall" {
        return Comment::Paywall;
    }
    let Some(json) = inner.strip_prefix(KEYWORD) else {
        return Comment::Other;
    };
    if !json.starts_with(char::is_whitespace) {
        return Comment::Other;
    }
    let json = json.trim();
    match check_node(json) {
        Ok(()) => Comment::Node(json),
        Err(why) => Comment::BadNode(why),
    }
}

/// `Ok` when `json` is one JSON object with a string `type` member.
fn check_node(json: &str) -> Result<(), &'static str> {
    let mut reader = Reader {
        bytes: json.as_bytes(),
        at: 0,
    };
    reader.space();
    if reader.peek() != Some(b'{') {
        return Err("its JSON must be an object with a string \"type\"");
    }
    let typed = reader.value(0)?;
    reader.space();
    if reader.peek().is_some() {
        return Err("its JSON has text after the node");
    }
    if typed {
        Ok(())
    } else {
        Err("its JSON must be an object with a string \"type\"")
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

const MALFORMED: &str = "its JSON is malformed";

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn bump(&mut self) {
        self.at = self.at.saturating_add(1);
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.bump();
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), &'static str> {
        self.space();
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(MALFORMED)
        }
    }

    /// Reads one value; for an object at depth 0, whether it has a string `type`.
    fn value(&mut self, depth: usize) -> Result<bool, &'static str> {
        if depth > MAX_DEPTH {
            return Err("its JSON is nested too deep");
        }
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => {
                self.bump();
                self.space();
                if self.peek() == Some(b']') {
                    self.bump();
                    return Ok(false);
                }
                loop {
                    self.value(depth.saturating_add(1))?;
                    self.space();
                    match self.peek() {
                        Some(b',') => self.bump(),
                        Some(b']') => {
                            self.bump();
                            return Ok(false);
                        }
                        _ => return Err(MALFORMED),
                    }
                }
            }
            Some(b'"') => self.string().map(|_| false),
            Some(b't') => self.word("true"),
            Some(b'f') => self.word("false"),
            Some(b'n') => self.word("null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(MALFORMED),
        }
    }

    fn object(&mut self, depth: usize) -> Result<bool, &'static str> {
        self.bump();
        self.space();
        let mut typed = false;
        if self.peek() == Some(b'}') {
            self.bump();
            return Ok(false);
        }
        loop {
            self.space();
            let key_is_type = self.string()? == b"type";
            self.expect(b':')?;
            self.space();
            let value_is_string = self.peek() == Some(b'"');
            self.value(depth.saturating_add(1))?;
            if key_is_type {
                typed = value_is_string;
            }
            self.space();
            match self.peek() {
                Some(b',') => self.bump(),
                Some(b'}') => {
                    self.bump();
                    return Ok(typed && depth == 0);
                }
                _ => return Err(MALFORMED),
            }
        }
    }

    /// A string; returns its raw text between the quotes.
    fn string(&mut self) -> Result<&[u8], &'static str> {
        if self.peek() != Some(b'"') {
            return Err(MALFORMED);
        }
        self.bump();
        let start = self.at;
        loop {
            match self.peek() {
                None => return Err(MALFORMED),
                Some(b'"') => break,
                Some(b'\\') => {
                    self.bump();
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.bump(),
                        Some(b'u') => {
                            self.bump();
                            for _ in 0..4 {
                                if !self.peek().is_some_and(|byte| byte.is_ascii_hexdigit()) {
                                    return Err(MALFORMED);
                                }
                                self.bump();
                            }
                        }
                        _ => return Err(MALFORMED),
                    }
                }
                Some(byte) if byte < b' ' => return Err(MALFORMED),
                Some(_) => self.bump(),
            }
        }
        let text = self.bytes.get(start..self.at).unwrap_or_default();
        self.bump();
        Ok(text)
    }

    fn word(&mut self, word: &str) -> Result<bool, &'static str> {
        let end = self.at.saturating_add(word.len());
        if self.bytes.get(self.at..end) == Some(word.as_bytes()) {
            self.at = end;
            Ok(false)
        } else {
            Err(MALFORMED)
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    fn number(&mut self) -> Result<bool, &'static str> {
        if self.peek() == Some(b'-') {
            self.bump();
        }
        match self.peek() {
            Some(b'0') => self.bump(),
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(MALFORMED),
        }
        if self.peek() == Some(b'.') {
            self.bump();
            self.required_digits()?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.bump();
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.bump();
            }
            self.required_digits()?;
        }
        Ok(false)
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
            self.bump();
        }
    }

    fn required_digits(&mut self) -> Result<(), &'static str> {
        if !self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
            return Err(MALFORMED);
        }
        self.digits();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paywall_and_node_comments_are_recognised() {
        assert_eq!(read_comment("<!-- paywall -->\n"), Comment::Paywall);
        assert_eq!(read_comment("<!--paywall-->"), Comment::Paywall);
        let node = r#"{"type":"button","attrs":{"url":"https://e.test","text":"Go \u003e"}}"#;
        assert_eq!(
            read_comment(&format!("<!-- publisher-node {node} -->\n")),
            Comment::Node(node)
        );
        for other in [
            "<!-- note -->",
            "<div>",
            "<!-- paywall --> <!-- paywall -->",
            "<!-- publisher-nodes {\"type\":\"x\"} -->",
            "<!-- publisher-node{\"type\":\"x\"} -->",
            "<!-- paywall",
        ] {
            assert_eq!(read_comment(other), Comment::Other, "{other}");
        }
    }

    #[test]
    fn a_node_is_an_object_with_a_string_type_and_valid_json() {
        for good in [
            r#"{"type":"x"}"#,
            r#" { "a" : [1, -2.5e+3, 0, true, false, null, "s\"\\\/\b\f\n\r\t\u00e9"], "type" : "x" } "#,
            r#"{"type":"x","content":[{"type":1},{}],"attrs":{"n":{"type":"y"}}}"#,
        ] {
            assert_eq!(check_node(good), Ok(()), "{good}");
        }
        let untyped = "its JSON must be an object with a string \"type\"";
        for (bad, why) in [
            ("[]", untyped),
            (r#""type""#, untyped),
            ("{}", untyped),
            (r#"{"type":1}"#, untyped),
            (r#"{"kind":"x"}"#, untyped),
            (r#"{"attrs":{"type":"x"}}"#, untyped),
            (r#"{"type":"x"} {}"#, "its JSON has text after the node"),
            (r#"{"type":"x",}"#, MALFORMED),
            (r#"{"type":"x""#, MALFORMED),
            (r#"{"type":"x\q"}"#, MALFORMED),
            (r#"{"type":"x","n":01}"#, MALFORMED),
            (r#"{"type":"x","n":1.}"#, MALFORMED),
            (r#"{"type":"x","n":1e}"#, MALFORMED),
            (r#"{"type":"x","n":tru}"#, MALFORMED),
            (r#"{"type":"x","n":"\u12g4"}"#, MALFORMED),
            ("{\"type\":\"a\tb\"}", MALFORMED),
            (r#"{"type":"x","a":[1 2]}"#, MALFORMED),
            (r#"{"type" "x"}"#, MALFORMED),
        ] {
            assert_eq!(check_node(bad), Err(why), "{bad}");
        }
        let deep = format!(r#"{{"type":"x","a":{}{}}}"#, "[".repeat(200), "]".repeat(200));
        assert_eq!(check_node(&deep), Err("its JSON is nested too deep"));
        let fine = format!(r#"{{"type":"x","a":{}{}}}"#, "[".repeat(100), "]".repeat(100));
        assert_eq!(check_node(&fine), Ok(()));
    }
}
