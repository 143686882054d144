//! A note being written (§2.11, §4.3): the paragraphs and marks a `NoteBuilder` fills,
//! and the exact `PublishNoteRequest` body they become.

use crate::error::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// A mark on a run of text.
pub enum Mark {
    /// Bold text.
    Bold,
    /// Italic text.
    Italic,
}

impl Mark {
    fn name(self) -> &'static str {
        match self {
            Mark::Bold => "bold",
            Mark::Italic => "italic",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Segment {
    text: String,
    mark: Option<Mark>,
}

/// The paragraphs of a note being built. Empty text is refused at once: the service's
/// handling of empty text nodes is unknown, and a caller who adds one has a bug.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NoteDraft {
    paragraphs: Vec<Vec<Segment>>,
}

fn nonempty(method: &str, text: &str) -> Result<(), Error> {
    if text.is_empty() {
        Err(Error::invalid_argument(format!(
            "{method}(text) needs a non-empty text"
        )))
    } else {
        Ok(())
    }
}

impl NoteDraft {
    /// A draft whose first paragraph starts with `text`, when given.
    pub fn new(text: Option<&str>) -> Result<Self, Error> {
        let mut draft = NoteDraft::default();
        if let Some(text) = text {
            draft
                .paragraph(text)
                .map_err(|_| Error::invalid_argument("the note's initial text must not be empty"))?;
        }
        Ok(draft)
    }

    /// Starts a new paragraph with `text` as plain text.
    pub fn paragraph(&mut self, text: &str) -> Result<(), Error> {
        nonempty("note", text)?;
        self.paragraphs.push(vec![Segment {
            text: text.to_string(),
            mark: None,
        }]);
        Ok(())
    }

    /// Adds text to the current paragraph, opening the first one if there is none.
    pub fn add(&mut self, text: &str, mark: Option<Mark>) -> Result<(), Error> {
        nonempty(mark.map_or("simple", Mark::name), text)?;
        let segment = Segment {
            text: text.to_string(),
            mark,
        };
        match self.paragraphs.last_mut() {
            Some(paragraph) => paragraph.push(segment),
            None => self.paragraphs.push(vec![segment]),
        }
        Ok(())
    }

    /// True while the draft holds no text.
    pub fn is_empty(&self) -> bool {
        self.paragraphs.is_empty()
    }

    /// The `PublishNoteRequest` body, keys in the order of the reference client.
    pub fn request_body(&self) -> Result<String, Error> {
        if self.is_empty() {
            return Err(Error::invalid_argument(
                "a note needs some text: add a paragraph before publish()",
            ));
        }
        let quote = |text: &str| serde_json::Value::String(text.to_string()).to_string();
        let paragraphs: Vec<String> = self
            .paragraphs
            .iter()
            .map(|segments| {
                let nodes: Vec<String> = segments
                    .iter()
                    .map(|segment| match segment.mark {
                        None => format!(r#"{{"type":"text","text":{}}}"#, quote(&segment.text)),
                        Some(mark) => format!(
                            r#"{{"type":"text","text":{},"marks":[{{"type":"{}"}}]}}"#,
                            quote(&segment.text),
                            mark.name()
                        ),
                    })
                    .collect();
                format!(r#"{{"type":"paragraph","content":[{}]}}"#, nodes.join(","))
            })
            .collect();
        Ok(format!(
            r#"{{"bodyJson":{{"type":"doc","attrs":{{"schemaVersion":"v1"}},"content":[{}]}},"replyMinimumRole":"everyone"}}"#,
            paragraphs.join(",")
        ))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_note_is_the_reference_envelope() {
        let draft = NoteDraft::new(Some("Hello")).unwrap();
        assert_eq!(
            draft.request_body().unwrap(),
            r#"{"bodyJson":{"type":"doc","attrs":{"schemaVersion":"v1"},"content":[{"type":"paragraph","content":[{"type":"text","text":"Hello"}]}]},"replyMinimumRole":"everyone"}"#
        );
    }

    #[test]
    fn text_survives_byte_exact() {
        let text = "quote \" backslash \\ emoji 🎖️ newline\n tab\t </script> \u{2028} é";
        let body = NoteDraft::new(Some(text)).unwrap().request_body().unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(parsed["bodyJson"]["content"][0]["content"][0]["text"], text);
    }

    #[test]
    fn marks_and_paragraphs() {
        let mut draft = NoteDraft::new(None).unwrap();
        draft.add("bold first", Some(Mark::Bold)).unwrap();
        draft.add(" plain", None).unwrap();
        draft.paragraph("second").unwrap();
        draft.add("it", Some(Mark::Italic)).unwrap();
        let body: serde_json::Value = serde_json::from_str(&draft.request_body().unwrap()).unwrap();
        let content = &body["bodyJson"]["content"];
        assert_eq!(content.as_array().unwrap().len(), 2);
        assert_eq!(content[0]["content"][0]["marks"][0]["type"], "bold");
        assert!(content[0]["content"][1].get("marks").is_none());
        assert_eq!(content[1]["content"][0]["text"], "second");
        assert_eq!(content[1]["content"][1]["marks"][0]["type"], "italic");
    }

    #[test]
    fn empty_text_and_empty_notes_are_refused() {
        assert!(NoteDraft::new(Some("")).is_err());
        let mut draft = NoteDraft::new(None).unwrap();
        assert_eq!(
            draft.add("", Some(Mark::Bold)).unwrap_err().message,
            "bold(text) needs a non-empty text"
        );
        assert!(draft.paragraph("").is_err());
        assert!(draft.request_body().is_err());
    }
}
