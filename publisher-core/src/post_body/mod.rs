//! Post writing: a post's document (`draft_body`, the post editor's schema) and the
//! Markdown that becomes one.

#[cfg(feature = "markdown")]
mod code_language;
pub mod document;
#[cfg(feature = "markdown")]
pub mod link;
#[cfg(feature = "markdown")]
pub mod markdown;
#[cfg(feature = "markdown")]
mod marker;
#[cfg(feature = "markdown")]
pub mod node_tree;
pub mod rules;
#[cfg(feature = "markdown")]
pub mod to_markdown;
#[cfg(feature = "markdown")]
mod youtube;
