//! The core of publisher-wasm: a client for the Publisher publishing service in plain
//! Rust. Configuration, request building, argument validation, decoding, paging,
//! retries and note writing live here and run natively under `cargo test`; the
//! client sends through a [`http::transport::Transport`], which the wasm-bindgen
//! boundary (the `publisher-wasm` crate) implements over `fetch`. Nothing here knows
//! of JS.

// The no-panic lints (Cargo.toml) guard the library; tests may unwrap and index.
#![warn(missing_docs)]
#![cfg_attr(
    test,
    allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )
)]

pub mod args;
pub mod client;
pub mod config;
pub mod dates;
pub mod error;
pub mod http;
pub mod ids;
pub mod json;
pub mod methods;
pub mod notes;
pub mod params;
pub mod post_body;
pub mod records;

#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod real_samples_tests;
#[cfg(test)]
mod test_support;

pub use client::Client;
pub use config::{Config, ConfigInput};
pub use error::{Error, ErrorKind, ResponseSnapshot};
pub use ids::{CommentId, DraftId, NoteId, PostId, Slug, UserId};
pub use params::{CommentsParams, NoteReadParams, NotesParams, PostsParams, ReadParams, SearchParams};
