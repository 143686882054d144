//! publisher-wasm: the wasm-bindgen boundary over `publisher_core`. It reads JS values
//! into the core's types ([`read`]), hands each method's call to the core client
//! ([`methods`]), sends the core's requests through `fetch` ([`fetch`]) and turns
//! results and errors back into JS values. No logic of its own: what is decided is
//! decided in the core, which builds and tests natively. The JS half of the boundary
//! (the `PublisherError` class, the `NoteBuilder`, the notes page, the fetch deadline)
//! is in `src/js/`.
//!
//! Everything here is for wasm32; a native build of this crate is empty.

#[cfg(target_arch = "wasm32")]
mod builder_state;
#[cfg(target_arch = "wasm32")]
mod draft_input;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(target_arch = "wasm32")]
mod js_doc;
#[cfg(all(target_arch = "wasm32", feature = "markdown-entry"))]
mod markdown;
#[cfg(target_arch = "wasm32")]
mod methods;
#[cfg(target_arch = "wasm32")]
mod note_builder;
#[cfg(target_arch = "wasm32")]
mod promise;
#[cfg(target_arch = "wasm32")]
mod publisher;
#[cfg(target_arch = "wasm32")]
mod publisher_error;
#[cfg(target_arch = "wasm32")]
mod read;
#[cfg(target_arch = "wasm32")]
mod types;

/// The JSON value the core's decoders read in wasm (V8's own); public for the wasm tests.
#[cfg(target_arch = "wasm32")]
pub use js_doc::JsDoc;
#[cfg(target_arch = "wasm32")]
pub use publisher::Publisher;

/// The allocator: talc instead of the standard library's dlmalloc, kilobytes smaller in
/// the wasm. Single-threaded wasm only (no `atomics`), which this package is.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
