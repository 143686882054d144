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
pub mod client;
pub mod config;
pub mod dates;
pub mod error;
pub mod http;
pub mod json;
pub mod notes;
pub mod params;
pub mod records;

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
