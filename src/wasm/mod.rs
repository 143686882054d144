//! The wasm-bindgen boundary: converts JS values into the core's types, forwards to
//! the core client, and converts results and errors back. No logic of its own.

#[cfg(target_arch = "wasm32")]
mod call;
#[cfg(target_arch = "wasm32")]
mod convert;
#[cfg(target_arch = "wasm32")]
mod draft;
#[cfg(target_arch = "wasm32")]
mod error;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(target_arch = "wasm32")]
mod js_doc;
#[cfg(all(target_arch = "wasm32", feature = "markdown-entry"))]
mod markdown;
#[cfg(target_arch = "wasm32")]
mod note_builder;
#[cfg(target_arch = "wasm32")]
mod operations;
#[cfg(target_arch = "wasm32")]
mod publisher;
#[cfg(target_arch = "wasm32")]
mod types;

#[cfg(target_arch = "wasm32")]
pub use publisher::Publisher;
