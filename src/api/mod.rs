//! The JS API, declared once: the operations ([`operations`]: name, parameters,
//! result, route, delivery, paging, doc), their parameter objects ([`params`]) and the
//! rules that check a caller's values ([`args`]). The boundary (`crate::wasm`) derives
//! the exported methods from these declarations; [`list`] derives the list of
//! operations that the tests and the package README read.

pub mod args;
pub mod list;
#[macro_use]
pub mod operations;
pub mod params;
