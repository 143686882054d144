//! The wasm-bindgen boundary: converts JS values into the core's types, forwards to
//! the core client, and converts results and errors back. No logic of its own.

mod convert;
mod error;
mod fetch;
mod js_doc;
#[cfg(feature = "markdown-entry")]
mod markdown;
mod publisher;
mod types;

pub use publisher::Publisher;
