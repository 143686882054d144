//! Comments: `getComments`, `getComment` (http-contract §4.4, §4.5).

use super::notes::ReaderComment;
use super::{Client, Doc};
use crate::error::Error;
use crate::http::operation::{Operation, Path, Query};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::{CommentId, Id, PostId};
pub use crate::params::CommentsParams;
use crate::records::comment;

/// `GET <publication>/post/<id>/comments?offset&limit`: `{comments}`.
pub(crate) struct PostComments<'a> {
    post_id: PostId,
    params: &'a CommentsParams,
}

impl Operation for PostComments<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "post/<postId>/comments?offset&limit";
    fn path(&self, path: &mut Path) {
        path.literal("post").segment(self.post_id).literal("comments");
    }
    fn query(&self, query: &mut Query) {
        query.opt("offset", self.params.offset).opt("limit", self.params.limit);
    }
}

impl<T: Transport> Client<T> {
    /// `getComments(postId, {offset, limit})`: `GET <publication>/api/v1/post/<id>/comments`,
    /// `offset`/`limit` sent when given; the list is cut to `limit` should the service
    /// ignore it.
    pub async fn get_comments(&self, post_id: PostId, params: &CommentsParams) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getComments");
        let request = PostComments { post_id, params };
        self.send(&request, |doc| comment::decode_comment_list(doc, params.limit))
            .await
    }

    /// `getComment(id)`: `GET <main>/api/v1/reader/comment/<id>`, the `item.comment`.
    pub async fn get_comment(&self, id: CommentId) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getComment");
        self.send(&ReaderComment { id: id.get() }, comment::decode_reader_comment)
            .await
    }
}
