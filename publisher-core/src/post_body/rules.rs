//! The post editor's rules for a post document (http-contract-drafts §4), declared once as
//! data: the nodes and marks it knows, their attributes and children, and the names it
//! stores but does not render. [`check_post_document`] applies them before a document is
//! sent. `cargo test` writes the same table as JSON for the local service
//! (`local-service/post-rules.generated.json`), which lists what the editor would not
//! render instead of refusing it, as the real service does.
//!
//! Conservative by design: a node type not in the table passes (a draft made in the
//! editor holds `digestPostEmbed`, buttons and embeds that a read-modify-write must send
//! back unchanged); only what the evidence says the editor drops, or chokes on, is refused.

#![deny(missing_docs)]

use crate::error::Error;
use crate::json::{number_field, string_field, FieldShape, JsonDoc, JsonKind};
use crate::post_body::document::PostDoc;

/// Where a node may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Only at the root.
    Document,
    /// In a document, a quote, a list item…
    Block,
    /// In a paragraph, a heading, a caption.
    Inline,
}

/// What a node may hold in `content`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// Nothing: an atom.
    Nothing,
    /// Inline nodes.
    Inline,
    /// Text nodes only.
    Text,
    /// Blocks.
    Blocks,
    /// Only these node types.
    Only(&'static [&'static str]),
}

/// The value an attribute must hold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// A string or null.
    TextOrNull,
    /// A whole number from `min` to `max`.
    Integer {
        /// The smallest.
        min: u32,
        /// The largest.
        max: u32,
    },
    /// A number or null.
    NumberOrNull,
    /// `true` or `false`.
    Flag,
    /// A video's id, not its URL.
    VideoId,
    /// A URL the service's image upload answered ([`HOSTED_IMAGE_HOSTS`]).
    HostedImage,
    /// An absolute URL of one of [`HREF_SCHEMES`].
    AbsoluteHref,
}

/// One attribute of a node or mark.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Attr {
    /// Its name in `attrs`.
    pub name: &'static str,
    /// What it must hold.
    pub value: Value,
    /// Whether it must be there.
    pub required: bool,
}

/// A node the post editor knows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeRule {
    /// Its `type`.
    pub name: &'static str,
    /// Where it may stand.
    pub role: Role,
    /// The attributes checked (others pass: the editor adds some of its own).
    pub attrs: &'static [Attr],
    /// What it may hold.
    pub content: Content,
}

/// A node type the editor stores but does not render, and the one it renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unrendered {
    /// The type written.
    pub name: &'static str,
    /// The type to write instead.
    pub write: &'static str,
}

/// A mark whose attributes are checked (other marks pass).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkRule {
    /// Its `type`.
    pub name: &'static str,
    /// Its attributes.
    pub attrs: &'static [Attr],
}

const fn attr(name: &'static str, value: Value) -> Attr {
    Attr {
        name,
        value,
        required: false,
    }
}

const fn required(name: &'static str, value: Value) -> Attr {
    Attr {
        name,
        value,
        required: true,
    }
}

const fn node(name: &'static str, role: Role, attrs: &'static [Attr], content: Content) -> NodeRule {
    NodeRule {
        name,
        role,
        attrs,
        content,
    }
}

/// A number, a footnote's or a list's, far beyond any post's.
const MANY: u32 = 1_000_000_000;

/// The nodes of the post editor, as http-contract-drafts §4 shows them.
pub const NODES: &[NodeRule] = {
    use Content::*;
    use Role::{Block as B, Document, Inline as I};
    use Value::{Flag, HostedImage, Integer, NumberOrNull, TextOrNull, VideoId};
    &[
        node("doc", Document, &[], Blocks),
        node("paragraph", B, &[attr("textAlign", TextOrNull)], Inline),
        node("heading", B, &[required("level", Integer { min: 1, max: 6 })], Inline),
        node("bullet_list", B, &[], Only(&["list_item"])),
        node(
            "ordered_list",
            B,
            &[attr("start", Integer { min: 0, max: MANY })],
            Only(&["list_item"]),
        ),
        node("list_item", B, &[], Only(&["paragraph", "bullet_list", "ordered_list"])),
        node("blockquote", B, &[], Blocks),
        node(
            "highlighted_code_block",
            B,
            &[attr("language", TextOrNull), attr("nodeId", TextOrNull)],
            Text,
        ),
        node("code_block", B, &[], Text),
        node("horizontal_rule", B, &[], Nothing),
        node("hard_break", I, &[], Nothing),
        node("text", I, &[], Nothing),
        node("captionedImage", B, &[], Only(&["image2", "caption"])),
        node(
            "image2",
            B,
            &[
                required("src", HostedImage),
                attr("height", NumberOrNull),
                attr("width", NumberOrNull),
                attr("bytes", NumberOrNull),
                attr("alt", TextOrNull),
                attr("title", TextOrNull),
                attr("type", TextOrNull),
                attr("href", TextOrNull),
                attr("belowTheFold", Flag),
            ],
            Nothing,
        ),
        node("caption", B, &[], Inline),
        node("paywall", B, &[], Nothing),
        node("youtube2", B, &[required("videoId", VideoId)], Nothing),
        node(
            "footnoteAnchor",
            I,
            &[required("number", Integer { min: 1, max: MANY })],
            Nothing,
        ),
        node(
            "footnote",
            B,
            &[required("number", Integer { min: 1, max: MANY })],
            Only(&["paragraph"]),
        ),
    ]
};

/// The sources of http-contract-drafts §4 behind each entry of [`NODES`] and
/// [`UNRENDERED`] (LIVE: the live survey; BUNDLE: the editor's bundle as quoted; S: the real
/// samples; HTML: published pages; PS10: python-substack 0.10). Kept apart from the rules so
/// the wasm, which never shows them, does not carry them.
pub const EVIDENCE: &[(&str, &str)] = &[
    ("doc", "all"),
    ("paragraph", "LIVE, S"),
    ("heading", "LIVE, S, PS10"),
    ("bullet_list", "LIVE"),
    ("ordered_list", "LIVE"),
    ("list_item", "LIVE (no live post has anything else in an item)"),
    ("blockquote", "LIVE, PS10"),
    ("highlighted_code_block", "LIVE, BUNDLE, HTML"),
    ("code_block", "LIVE (older posts: read, not written)"),
    ("horizontal_rule", "LIVE, PS10"),
    ("hard_break", "LIVE"),
    ("text", "all"),
    ("captionedImage", "LIVE, S, PS10"),
    ("image2", "LIVE (an external src is stored but not shown), S"),
    ("caption", "S, PS10"),
    ("paywall", "LIVE, BUNDLE, PS10"),
    ("youtube2", "LIVE"),
    ("footnoteAnchor", "PS10, HTML"),
    ("footnote", "PS10, HTML"),
    ("codeBlock", "LIVE, BUNDLE, HTML"),
    ("bulletList", "LIVE"),
    ("orderedList", "LIVE"),
    ("listItem", "LIVE"),
    ("link", "LIVE, S"),
];

/// Node types the editor stores but does not render.
pub const UNRENDERED: &[Unrendered] = &[
    Unrendered {
        name: "codeBlock",
        write: "highlighted_code_block",
    },
    Unrendered {
        name: "bulletList",
        write: "bullet_list",
    },
    Unrendered {
        name: "orderedList",
        write: "ordered_list",
    },
    Unrendered {
        name: "listItem",
        write: "list_item",
    },
];

/// The marks whose attributes are checked; `strong`, `em`, `code` and `strikethrough`
/// have none (LIVE, S), and other marks pass.
pub const MARKS: &[MarkRule] = &[MarkRule {
    name: "link",
    attrs: &[required("href", Value::AbsoluteHref)],
}];

/// Node types a post holds at most one of: the service keeps a second paywall and shows
/// both (LIVE).
pub const AT_MOST_ONE: &[&str] = &["paywall"];

/// The hosts whose images the editor shows: the `url` of the upload's answer
/// (`substack-post-media.s3.amazonaws.com`, §4 and every image of the samples' posts), the
/// older bucket (`bucketeer-<uuid>.s3.amazonaws.com`, images of the samples'
/// `subscriptions.json`) and the service's image CDN (`substackcdn.com`, which serves both in
/// the samples' published pages). `*` stands for one DNS label.
pub const HOSTED_IMAGE_HOSTS: &[&str] = &[
    "substack-post-media.s3.amazonaws.com",
    "bucketeer-*.s3.amazonaws.com",
    "substackcdn.com",
];

/// The schemes a link may have: a relative link goes nowhere from an email or another site.
pub const HREF_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// Nodes nested deeper than this are reported, not followed: the check must not exhaust
/// the stack. Markdown nests at most 32 lists, each two nodes deep.
pub const MAX_DEPTH: usize = 100;

/// Where a document breaks a rule, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The node or member, from the document as `body`: `body.content[3].attrs.level`.
    pub path: String,
    /// One sentence.
    pub reason: String,
}

/// Checks a post document given as `body` before anything is sent: the first rule it
/// breaks, as `invalid-argument` naming the node's path and the reason.
pub fn check_post_document<D: JsonDoc>(doc: &D) -> Result<(), Error> {
    check_post_document_with_uploads(doc, &[])
}

/// [`check_post_document`], where an image whose `src` is one of `uploads` counts as
/// hosted: it is uploaded before the document is sent, and its `src` becomes the upload's URL.
pub fn check_post_document_with_uploads<D: JsonDoc>(doc: &D, uploads: &[String]) -> Result<(), Error> {
    first_violation(doc, uploads)
}

fn first_violation<D: JsonDoc>(doc: &D, uploads: &[String]) -> Result<(), Error> {
    let mut walk = Walk::new(uploads, true);
    walk.root(doc);
    match walk.found.into_iter().next() {
        Some(Violation { mut path, reason }) => {
            path.push_str(": ");
            path.push_str(&reason);
            Err(Error::invalid_argument(path))
        }
        None => Ok(()),
    }
}

/// Checks a document made from Markdown, whose images named in `uploads` are still to be
/// uploaded. `D` is the backend the document is read with (the JS engine's in wasm).
pub fn check_written<D: JsonDoc>(doc: &PostDoc, uploads: &[String]) -> Result<(), Error> {
    match D::parse(&doc.to_json()) {
        Some(parsed) => check_post_document_with_uploads(&parsed, uploads),
        None => Err(Error::invalid_argument("body: the document could not be read back")),
    }
}

/// Every rule the document breaks, in document order: what the editor would not render.
pub fn unrendered<D: JsonDoc>(doc: &D) -> Vec<Violation> {
    let mut walk = Walk::new(&[], false);
    walk.root(doc);
    walk.found
}

/// Whether `src` is an image URL of one of [`HOSTED_IMAGE_HOSTS`] (https only).
pub fn is_hosted_image(src: &str) -> bool {
    let Some(rest) = strip_prefix_ignore_case(src, "https://") else {
        return false;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = rest.get(..end).unwrap_or(rest);
    HOSTED_IMAGE_HOSTS.iter().any(|pattern| host_matches(pattern, host))
}

/// Whether `href` is an absolute URL of one of [`HREF_SCHEMES`]; `http(s)` with a host.
pub fn is_absolute_href(href: &str) -> bool {
    let Some((scheme, rest)) = href.split_once(':') else {
        return false;
    };
    if !HREF_SCHEMES.iter().any(|known| known.eq_ignore_ascii_case(scheme)) || rest.is_empty() {
        return false;
    }
    scheme.eq_ignore_ascii_case("mailto")
        || rest
            .strip_prefix("//")
            .is_some_and(|host| !host.is_empty() && !host.starts_with('/'))
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text.get(prefix.len()..))
        .flatten()
}

fn strip_suffix_ignore_case<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let start = text.len().checked_sub(suffix.len())?;
    let tail = text.get(start..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| text.get(..start)).flatten()
}

/// Whether `host` (in any case) is `pattern` (lowercase), where a `*` stands for one DNS label.
fn host_matches(pattern: &str, host: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern.eq_ignore_ascii_case(host),
        Some((before, after)) => strip_prefix_ignore_case(host, before)
            .and_then(|rest| strip_suffix_ignore_case(rest, after))
            .is_some_and(|label| !label.is_empty() && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')),
    }
}

/// The rule of a node type, if the editor's table has it.
pub fn node_rule(name: &str) -> Option<&'static NodeRule> {
    NODES.iter().find(|rule| rule.name == name)
}

/// Appends what `content` says in a message.
fn push_holds(out: &mut String, content: Content) {
    match content {
        Content::Nothing => out.push_str("nothing"),
        Content::Inline => out.push_str("inline nodes"),
        Content::Text => out.push_str("text"),
        Content::Blocks => out.push_str("blocks"),
        Content::Only(names) => {
            for (index, name) in names.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                out.push_str(name);
            }
        }
    }
}

fn fits(content: Content, child: &NodeRule) -> bool {
    match content {
        Content::Nothing => false,
        Content::Inline => child.role == Role::Inline,
        Content::Text => child.name == "text",
        Content::Blocks => child.role == Role::Block,
        Content::Only(names) => names.contains(&child.name),
    }
}

/// What a value must be, as the message about one that is not says it.
pub fn requirement(rule: Value) -> String {
    let mut out = String::new();
    push_requirement(&mut out, rule);
    out
}

fn push_requirement(out: &mut String, rule: Value) {
    out.push_str(match rule {
        Value::TextOrNull => "must be a string or null",
        Value::Integer { min, max } => {
            out.push_str("must be a whole number from ");
            push_number(out, min);
            out.push_str(" to ");
            push_number(out, max);
            return;
        }
        Value::NumberOrNull => "must be a number or null",
        Value::Flag => "must be true or false",
        Value::VideoId => "must be the video's id (youtube.com/watch?v=ID), not its URL",
        Value::HostedImage => "is not an image the service hosts, and the editor does not show one from elsewhere: upload it and use the url the upload answers",
        Value::AbsoluteHref => "must be an absolute http, https or mailto URL; a relative link goes nowhere",
    });
}

/// Appends `number` in decimal; by hand, since the formatting machinery's call sites cost
/// more wasm than this.
fn push_number(out: &mut String, number: u32) {
    if number >= 10 {
        push_number(out, number / 10);
    }
    out.push(char::from(b'0' | (number % 10) as u8));
}

/// The member `key` of `value`: a handle in JS, a copy natively (where only tests walk).
fn member<D: JsonDoc>(value: &D, key: &'static str) -> Option<D> {
    value.with_field(key, D::clone)
}

struct Walk<'a> {
    uploads: &'a [String],
    first_only: bool,
    found: Vec<Violation>,
    seen_once: Vec<&'static str>,
    path: String,
}

impl<'a> Walk<'a> {
    fn new(uploads: &'a [String], first_only: bool) -> Self {
        Walk {
            uploads,
            first_only,
            found: Vec::new(),
            seen_once: Vec::new(),
            path: String::from("body"),
        }
    }

    fn done(&self) -> bool {
        self.first_only && !self.found.is_empty()
    }

    /// Records that the node at the path, or its member `suffix`, breaks a rule.
    fn report(&mut self, suffix: &[&str], reason: &[&str]) {
        let mut path = self.path.clone();
        for part in suffix {
            path.push_str(part);
        }
        self.found.push(Violation {
            path,
            reason: reason.concat(),
        });
    }

    /// Cuts the path back to its first `length` bytes: by popping, since `truncate` would
    /// bring a panic's message and location into the wasm for a boundary that always holds.
    fn cut_path(&mut self, length: usize) {
        while self.path.len() > length {
            self.path.pop();
        }
    }

    fn root<D: JsonDoc>(&mut self, doc: &D) {
        if doc.kind() != JsonKind::Object || string_field(doc, "type").as_deref() != Some("doc") {
            return self.report(&[], &["must be a post document (an object with type \"doc\")"]);
        }
        self.node(doc, None, 0);
    }

    /// Checks `node`, which stands in a node of the rule `parent` (`None`: the root, or a
    /// node the table does not know, whose children may be anything).
    fn node<D: JsonDoc>(&mut self, node: &D, parent: Option<&'static NodeRule>, depth: usize) {
        if self.done() {
            return;
        }
        let Some(name) = (node.kind() == JsonKind::Object)
            .then(|| string_field(node, "type"))
            .flatten()
        else {
            return self.report(&[], &["is not a node: a node is an object with a string type"]);
        };
        if let Some(gone) = UNRENDERED.iter().find(|gone| gone.name == name) {
            self.report(
                &[],
                &[
                    "\"",
                    gone.name,
                    "\" is not rendered by the post editor; write ",
                    gone.write,
                ],
            );
        }
        let rule = node_rule(&name);
        if let Some(rule) = rule {
            if let Some(parent) = parent.filter(|parent| !fits(parent.content, rule)) {
                let mut holds = String::new();
                push_holds(&mut holds, parent.content);
                self.report(
                    &[],
                    &[
                        "\"",
                        rule.name,
                        "\" cannot be inside \"",
                        parent.name,
                        "\", which holds ",
                        &holds,
                    ],
                );
            }
            self.attrs(node, rule.attrs);
            // The editor throws on a text node without text.
            if rule.name == "text" && string_field(node, "text").is_none_or(|text| text.is_empty()) {
                self.report(&[".text"], &["must be a non-empty string"]);
            }
            if AT_MOST_ONE.contains(&rule.name) {
                if self.seen_once.contains(&rule.name) {
                    self.report(&[], &["a second ", rule.name, ": a post holds at most one"]);
                }
                self.seen_once.push(rule.name);
            }
        }
        self.marks(node);
        self.children(node, rule, depth);
    }

    /// Checks the `attrs` of `node` (a node or a mark) against `attrs`.
    fn attrs<D: JsonDoc>(&mut self, node: &D, attrs: &'static [Attr]) {
        if attrs.is_empty() {
            return;
        }
        let values = member(node, "attrs");
        for attr in attrs {
            if self.done() {
                return;
            }
            let shape = values
                .as_ref()
                .map_or(FieldShape::Absent, |values| values.field_shape(attr.name));
            // Read once, and only when it is a string.
            let text = (shape == FieldShape::String)
                .then(|| values.as_ref().and_then(|values| string_field(values, attr.name)))
                .flatten()
                .unwrap_or_default();
            let kept = match attr.value {
                _ if shape == FieldShape::Absent => !attr.required,
                Value::TextOrNull => matches!(shape, FieldShape::String | FieldShape::Null),
                Value::Integer { min, max } => {
                    shape == FieldShape::SafeInteger
                        && values
                            .as_ref()
                            .and_then(|values| number_field(values, attr.name))
                            .is_some_and(|n| n >= f64::from(min) && n <= f64::from(max))
                }
                Value::NumberOrNull => {
                    matches!(shape, FieldShape::SafeInteger | FieldShape::Finite | FieldShape::Null)
                }
                Value::Flag => shape == FieldShape::Bool,
                Value::VideoId => !text.is_empty() && !text.contains(['/', ':', '?']),
                Value::HostedImage => {
                    is_hosted_image(&text) || (shape == FieldShape::String && self.uploads.contains(&text))
                }
                Value::AbsoluteHref => is_absolute_href(&text),
            };
            if !kept {
                let mut reason = String::new();
                if shape == FieldShape::Absent {
                    reason.push_str("is required");
                } else {
                    push_requirement(&mut reason, attr.value);
                }
                self.report(&[".attrs.", attr.name], &[&reason]);
            }
        }
    }

    fn marks<D: JsonDoc>(&mut self, node: &D) {
        let Some(marks) = member(node, "marks") else {
            return;
        };
        for index in 0..marks.array_len().unwrap_or(0) {
            if self.done() {
                return;
            }
            let Some(mark) = marks.with_item(index, D::clone) else {
                continue;
            };
            let name = string_field(&mark, "type");
            let Some(rule) = MARKS.iter().find(|rule| Some(rule.name) == name.as_deref()) else {
                continue;
            };
            let length = self.path.len();
            self.path.push_str(".marks[");
            push_number(&mut self.path, index as u32);
            self.path.push(']');
            self.attrs(&mark, rule.attrs);
            self.cut_path(length);
        }
    }

    fn children<D: JsonDoc>(&mut self, node: &D, rule: Option<&'static NodeRule>, depth: usize) {
        let Some(content) = member(node, "content") else {
            return;
        };
        let Some(count) = content.array_len() else {
            return self.report(&[".content"], &["must be an array of nodes"]);
        };
        if count > 0 && depth >= MAX_DEPTH {
            // MAX_DEPTH, written out (the deep-nesting test holds them together).
            return self.report(&[], &["nodes nested more than 100 deep are not checked"]);
        }
        let depth = depth.saturating_add(1);
        for index in 0..count {
            if self.done() {
                return;
            }
            let length = self.path.len();
            self.path.push_str(".content[");
            push_number(&mut self.path, index as u32);
            self.path.push(']');
            if let Some(child) = content.with_item(index, D::clone) {
                self.node(&child, rule, depth);
            }
            self.cut_path(length);
        }
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
