//! A client for the Publisher publishing service. The core (configuration, request
//! building, argument validation, decoding) is plain Rust that `cargo test` runs
//! natively; [`wasm`] is the thin wasm-bindgen boundary over it.

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

pub mod api;
pub mod base64_codec;
pub mod client;
pub mod config;
pub mod dates;
pub mod error;
pub mod error_message;
pub mod http;
pub mod image_data;
pub mod json;
#[cfg(feature = "markdown")]
pub mod markdown;
pub mod message_length;
pub mod note_doc;
pub mod note_draft;
pub mod operation;
pub mod params;
pub mod read_back;
pub mod records;
pub mod retry;
pub mod schema;
pub mod transport;

#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod real_samples_tests;
#[cfg(test)]
mod test_support;

pub mod wasm;

pub use client::{Client, PostsParams, SearchParams};
pub use config::{Config, ConfigInput};
pub use error::{Error, ErrorKind, ResponseSnapshot};
pub use params::{CommentId, NoteId, PostId, Slug, UserId};
