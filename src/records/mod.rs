//! Decoders of the service's records, one module per resource. Each checks every
//! field the interface names, derives the fields the interface adds, and leaves the
//! further fields the service sends untouched.

pub mod comment;
pub mod note;
pub mod post;
pub mod profile;
pub mod publish;
