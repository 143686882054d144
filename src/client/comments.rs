//! Comments: `getComments`, `getComment` (http-contract §4.4, §4.5).

use super::notes::ReaderComment;
use super::{Client, Doc};
use crate::args::{self, Arg};
use crate::error::Error;
use crate::http::{Host, Method};
use crate::operation::{Operation, Path, Query};
use crate::records::comment;
use crate::transport::Transport;

/// `GET <publication>/post/<id>/comments?offset&limit`: `{comments}`.
struct PostComments {
    post_id: u64,
    offset: Option<u64>,
    limit: Option<u64>,
}

impl Operation for PostComments {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    fn path(&self, path: &mut Path) {
        path.literal("post").segment(self.post_id).literal("comments");
    }
    fn query(&self, query: &mut Query) {
        query.opt("offset", self.offset).opt("limit", self.limit);
    }
}

impl<T: Transport> Client<T> {
    /// `getComments(postId, {offset, limit})`: `GET <publication>/api/v1/post/<id>/comments`,
    /// `offset`/`limit` sent when given; the list is cut to `limit` should the service
    /// ignore it.
    pub async fn get_comments(&self, post_id: &Arg, offset: &Arg, limit: &Arg) -> Result<Doc<T>, Error> {
        let post_id = args::id("postId", post_id)?;
        let offset = args::non_negative_integer("offset", offset)?;
        let limit = args::positive_integer("limit", limit)?;
        let request = PostComments { post_id, offset, limit };
        self.send(&request, |doc| comment::decode_comment_list(doc, limit))
            .await
    }

    /// `getComment(id)`: `GET <main>/api/v1/reader/comment/<id>`, the `item.comment`.
    pub async fn get_comment(&self, comment_id: &Arg) -> Result<Doc<T>, Error> {
        let id = args::id("commentId", comment_id)?;
        self.send(&ReaderComment { id }, comment::decode_reader_comment).await
    }
}
