//! Comments: `getComments`, `getComment` (http-contract §4.4, §4.5).

use super::{Client, Doc};
use crate::args::{self, Arg};
use crate::error::Error;
use crate::records::comment;
use crate::request::{Endpoint, Host};
use crate::transport::Transport;

impl<T: Transport> Client<T> {
    /// `getComments(postId, {offset, limit})`: `GET <publication>/api/v1/post/<id>/comments`,
    /// `offset`/`limit` sent when given; the list is cut to `limit` should the service
    /// ignore it.
    pub async fn get_comments(&self, post_id: &Arg, offset: &Arg, limit: &Arg) -> Result<Doc<T>, Error> {
        let post_id = args::id("postId", post_id)?;
        let offset = args::non_negative_integer("offset", offset)?;
        let limit = args::positive_integer("limit", limit)?;
        let endpoint = Endpoint::get(Host::Publication, &["post", &post_id.to_string(), "comments"])
            .query("offset", offset)
            .query("limit", limit);
        self.fetch(endpoint, |doc| comment::decode_comment_list(doc, limit))
            .await
    }

    /// `getComment(id)`: `GET <main>/api/v1/reader/comment/<id>`, the `item.comment`.
    pub async fn get_comment(&self, comment_id: &Arg) -> Result<Doc<T>, Error> {
        let id = args::id("commentId", comment_id)?;
        self.fetch(
            Endpoint::get(Host::Main, &["reader", "comment", &id.to_string()]),
            comment::decode_reader_comment,
        )
        .await
    }
}
