//! Note writing: a note's document (`bodyJson`) and the note a `NoteBuilder` composes,
//! the Markdown that becomes one, the images it attaches, and the read-back that
//! tells whether a publish whose answer was lost created its note.

pub mod base64;
pub mod composer;
pub mod document;
pub mod image;
#[cfg(feature = "markdown")]
pub mod markdown;
pub mod read_back;
