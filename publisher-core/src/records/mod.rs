//! The service's records, each declared once with [`record!`](crate::record) (its
//! checks, TypeScript and documentation), and their decoders, one module per resource.
//! A decoder checks every field the interface names, derives the fields the interface
//! adds, and leaves the further fields the service sends untouched.

pub mod comment;
pub mod draft;
pub mod feed;
pub mod note;
pub mod post;
pub mod profile;
pub mod publish;
pub mod schema;

use crate::records::schema::Record;

/// Every record of the package's API, in the order of the interface.
pub const ALL: &[&Record] = &[
    &post::PublisherPost,
    &post::PublisherSearchResult,
    &comment::PublisherCommentAuthor,
    &comment::PublisherComment,
    &note::PublisherContextUser,
    &note::PublisherNoteContext,
    &note::PublisherNoteComment,
    &note::PublisherNote,
    &feed::PublisherUserProfile,
    &profile::PublisherPublication,
    &profile::PublisherPublicationUser,
    &profile::PublisherPrimaryPublication,
    &profile::PublisherPublicProfile,
    &profile::PublisherFullProfile,
    &publish::PublishNoteResponse,
    &draft::PublisherDraft,
    &draft::DraftCheck,
];
#[cfg(test)]
mod js_tests;
