//! A caller's `DraftInput` judged: the boundary reads each member as an [`Arg`] (and says
//! whether a `body` and `images` were given); the rules live here, so native tests cover
//! them. A bad member is `invalid-argument`, and nothing is sent.

use crate::args::{self, Arg};
use crate::error::Error;
use crate::ids::{Id, PostId};
use crate::json::JsonDoc;
use crate::post_body::rules;
use crate::records::{draft, post};

/// The members a `DraftInput` may have.
pub const DRAFT_MEMBERS: &[&str] = &[
    "title",
    "subtitle",
    "body",
    "markdown",
    "audience",
    "type",
    "sectionId",
    "images",
    "downloadImages",
    "baseUrl",
];

/// A `DraftInput` as the boundary saw it, before judging.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DraftArgs {
    /// The object's own keys.
    pub keys: Vec<String>,
    /// `title`.
    pub title: Arg,
    /// `subtitle`.
    pub subtitle: Arg,
    /// `markdown`.
    pub markdown: Arg,
    /// `audience`.
    pub audience: Arg,
    /// `type`.
    pub post_type: Arg,
    /// `sectionId`.
    pub section_id: Arg,
    /// `downloadImages`.
    pub download_images: Arg,
    /// `baseUrl`: what relative links in the Markdown are resolved against.
    pub base_url: Arg,
    /// Whether a `body` (not null) was given.
    pub has_body: bool,
}

/// The judged members of a `DraftInput` other than its body and images, which the
/// boundary converts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DraftFields {
    /// The title.
    pub title: Option<String>,
    /// The subtitle.
    pub subtitle: Option<String>,
    /// The Markdown, when given (no `body` then).
    pub markdown: Option<String>,
    /// One of the audiences.
    pub audience: Option<String>,
    /// One of the post types.
    pub post_type: Option<String>,
    /// The section's id.
    pub section_id: Option<u64>,
    /// Whether web images are downloaded and hosted; `None`: the default (yes).
    pub download_images: Option<bool>,
    /// What relative links in the Markdown are resolved against (only with `markdown`).
    pub base_url: Option<String>,
}

impl DraftArgs {
    /// Judges the members of the argument `name` (`draft` or `changes`): no unknown key
    /// (a typo must not drop a field silently), strings where strings go, a known
    /// audience and type, a section id, and at most one of `body` and `markdown`.
    pub fn judge(&self, name: &str) -> Result<DraftFields, Error> {
        if let Some(key) = self.keys.iter().find(|key| !DRAFT_MEMBERS.contains(&key.as_str())) {
            return Err(Error::invalid_argument(format!(
                "{name}.{key} is not a draft field; the fields are {}",
                DRAFT_MEMBERS.join(", ")
            )));
        }
        let text = |key: &str, value: &Arg| match value {
            Arg::Missing => Ok(None),
            Arg::Str(text) => Ok(Some(text.clone())),
            other => Err(Error::invalid_argument(format!(
                "{name}.{key} must be a string, got {}",
                other.describe()
            ))),
        };
        let markdown = text("markdown", &self.markdown)?;
        if self.has_body && markdown.is_some() {
            return Err(Error::invalid_argument(format!(
                "{name} has both body and markdown; give one of them"
            )));
        }
        let base_url = args::optional_nonempty_string(&format!("{name}.baseUrl"), &self.base_url)?;
        if base_url.is_some() && markdown.is_none() {
            return Err(Error::invalid_argument(format!(
                "{name}.baseUrl resolves the relative links of {name}.markdown; give markdown, or leave baseUrl out"
            )));
        }
        let section_id = match &self.section_id {
            Arg::Missing => None,
            given => Some(args::id::<PostId>(&format!("{name}.sectionId"), given)?.get()),
        };
        let download_images = match &self.download_images {
            Arg::Missing => None,
            Arg::Bool(download) => Some(download.to_owned()),
            other => {
                return Err(Error::invalid_argument(format!(
                    "{name}.downloadImages must be true or false, got {}",
                    other.describe()
                )))
            }
        };
        Ok(DraftFields {
            download_images,
            title: text("title", &self.title)?,
            subtitle: text("subtitle", &self.subtitle)?,
            markdown,
            audience: args::optional_one_of(&format!("{name}.audience"), &self.audience, draft::AUDIENCES)?,
            post_type: args::optional_one_of(&format!("{name}.type"), &self.post_type, post::POST_TYPES)?,
            section_id,
            base_url,
        })
    }
}

/// Judges `body`, the post document given as the argument `name`'s `body`: an object whose
/// `type` is `doc`, that keeps the post editor's rules ([`rules::check_post_document`]),
/// before anything is sent.
pub fn judge_body<D: JsonDoc>(name: &str, body: &D) -> Result<(), Error> {
    if !draft::is_post_document(body) {
        return Err(Error::invalid_argument(format!(
            "{name}.body must be a post document (an object with type \"doc\"); for Markdown, use {name}.markdown"
        )));
    }
    rules::check_post_document(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn given(keys: &[&str]) -> DraftArgs {
        DraftArgs {
            keys: keys.iter().map(|key| key.to_string()).collect(),
            ..DraftArgs::default()
        }
    }

    #[test]
    fn the_members_are_read_by_their_rules() {
        let fields = DraftArgs {
            title: Arg::Str("T".into()),
            subtitle: Arg::Str(String::new()),
            markdown: Arg::Str("# Hi".into()),
            audience: Arg::Str("founding".into()),
            post_type: Arg::Str("podcast".into()),
            section_id: Arg::Number(7.0),
            download_images: Arg::Bool(false),
            ..given(&[
                "title",
                "subtitle",
                "markdown",
                "audience",
                "type",
                "sectionId",
                "downloadImages",
            ])
        }
        .judge("draft")
        .unwrap();
        assert_eq!(
            fields,
            DraftFields {
                title: Some("T".into()),
                subtitle: Some(String::new()),
                markdown: Some("# Hi".into()),
                audience: Some("founding".into()),
                post_type: Some("podcast".into()),
                section_id: Some(7),
                download_images: Some(false),
                base_url: None,
            }
        );
        assert_eq!(given(&[]).judge("changes").unwrap(), DraftFields::default());
    }

    #[test]
    fn base_url_goes_with_markdown_only() {
        let fields = DraftArgs {
            markdown: Arg::Str("[a](/b)".into()),
            base_url: Arg::Str("https://e.test/".into()),
            ..given(&["markdown", "baseUrl"])
        }
        .judge("draft")
        .unwrap();
        assert_eq!(fields.base_url.as_deref(), Some("https://e.test/"));
        let alone = DraftArgs {
            base_url: Arg::Str("https://e.test/".into()),
            has_body: true,
            ..given(&["body", "baseUrl"])
        };
        assert_eq!(
            alone.judge("changes").unwrap_err().message,
            "changes.baseUrl resolves the relative links of changes.markdown; give markdown, or leave baseUrl out"
        );
        let empty = DraftArgs {
            markdown: Arg::Str("x".into()),
            base_url: Arg::Str(String::new()),
            ..given(&["markdown", "baseUrl"])
        };
        assert_eq!(
            empty.judge("draft").unwrap_err().message,
            "draft.baseUrl must not be empty when given"
        );
    }

    #[test]
    fn each_bad_member_is_one_sentence_naming_it() {
        for (args, says) in [
            (given(&["title", "content"]), "draft.content is not a draft field"),
            (
                DraftArgs {
                    title: Arg::Number(1.0),
                    ..given(&["title"])
                },
                "draft.title must be a string, got the number 1",
            ),
            (
                DraftArgs {
                    subtitle: Arg::Bool(true),
                    ..given(&["subtitle"])
                },
                "draft.subtitle must be a string",
            ),
            (
                DraftArgs {
                    audience: Arg::Str("friends".into()),
                    ..given(&["audience"])
                },
                "draft.audience must be one of",
            ),
            (
                DraftArgs {
                    post_type: Arg::Str("video".into()),
                    ..given(&["type"])
                },
                "draft.type must be one of",
            ),
            (
                DraftArgs {
                    section_id: Arg::Number(-1.0),
                    ..given(&["sectionId"])
                },
                "draft.sectionId must be",
            ),
            (
                DraftArgs {
                    markdown: Arg::Str("x".into()),
                    has_body: true,
                    ..given(&["markdown", "body"])
                },
                "draft has both body and markdown",
            ),
        ] {
            let error = args.judge("draft").unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
            assert!(
                error.message.starts_with(says),
                "{} does not start with {says}",
                error.message
            );
        }
    }

    #[test]
    fn a_body_is_a_post_document_that_keeps_the_editor_s_rules() {
        use serde_json::json;
        judge_body("draft", &json!({"type": "doc", "content": [{"type": "paragraph"}]})).unwrap();
        let error = judge_body("changes", &json!({"type": "paragraph"})).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument);
        assert!(
            error.message.starts_with("changes.body must be a post document"),
            "{}",
            error.message
        );
        let error = judge_body("draft", &json!({"type": "doc", "content": [{"type": "codeBlock"}]})).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument);
        assert_eq!(
            error.message,
            "body.content[0]: \"codeBlock\" is not rendered by the post editor; write highlighted_code_block"
        );
    }
}
