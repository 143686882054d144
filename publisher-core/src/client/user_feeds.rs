//! The profile reads of interface §4.1 (the workflow node's operations): posts and
//! notes of any profile, by handle or by user id, paged on the service's cursors.

use super::paging::{self, Page, Position, Walk};
use super::{Client, Doc};
use crate::error::Error;
use crate::http::operation::{Operation, Path, Query};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::{Slug, UserId};
use crate::json::{string_field, JsonDoc};
use crate::records::schema::check_shallow;
use crate::records::{feed, note, post, profile};

pub use crate::params::{ReadParams, DEFAULT_READ_LIMIT};
/// Page size asked of `profile/posts`: the largest value seen accepted there.
const PROFILE_POSTS_PAGE: u64 = 50;

/// `GET <main>/profile/posts?profile_user_id&limit&cursor`: `{posts, nextCursor}`.
pub(crate) struct ProfilePosts<'a> {
    user_id: UserId,
    limit: u64,
    cursor: Option<&'a str>,
}

impl Operation for ProfilePosts<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "profile/posts?profile_user_id&limit&cursor";
    fn path(&self, path: &mut Path) {
        path.literal("profile/posts");
    }
    fn query(&self, query: &mut Query) {
        query
            .set("profile_user_id", self.user_id)
            .set("limit", self.limit)
            .opt("cursor", self.cursor);
    }
}

/// `GET <main>/reader/feed/profile/<id>?types&cursor`: a user's activity feed page.
pub(crate) struct ProfileFeed<'a> {
    pub(crate) user_id: UserId,
    /// `note` for notes only; `None` for every kind of activity.
    pub(crate) types: Option<&'static str>,
    pub(crate) cursor: Option<&'a str>,
}

impl Operation for ProfileFeed<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "reader/feed/profile/<userId>?types&cursor";
    fn path(&self, path: &mut Path) {
        path.literal("reader/feed/profile").segment(self.user_id);
    }
    fn query(&self, query: &mut Query) {
        query.opt("types", self.types).opt("cursor", self.cursor);
    }
}

impl<T: Transport> Client<T> {
    async fn user_id_of(&self, handle: &Slug) -> Result<UserId, Error> {
        let public = self.public_profile(handle).await?;
        profile::profile_id(&public).ok_or_else(|| {
            Error::invalid_response(format!("the public profile of {:?} has no usable id", handle.as_str()))
        })
    }

    /// `getPostsBySlug(handle, {limit, offset})`: the handle's id, then [`Self::get_posts_by_id`].
    pub async fn get_posts_by_slug(&self, handle: &Slug, params: &ReadParams) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getPostsBySlug");
        let id = self.user_id_of(handle).await?;
        self.posts_of_user(id, params).await
    }

    /// `getPostsById(userId, {limit, offset})`: `GET <main>/api/v1/profile/posts?profile_user_id&limit`
    /// then `&cursor`. The service refuses `offset` there (400), so it is never sent:
    /// posts are skipped here. Restacks are not the user's posts and are left out.
    pub async fn get_posts_by_id(&self, user_id: UserId, params: &ReadParams) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getPostsById");
        self.posts_of_user(user_id, params).await
    }

    async fn posts_of_user(&self, user_id: UserId, params: &ReadParams) -> Result<Doc<T>, Error> {
        let walk = Walk {
            limit: params.limit,
            skip: params.offset,
            page_size: Some(PROFILE_POSTS_PAGE),
        };
        let read = |position: Position, wanted: Option<u64>| async move {
            let sent = match position {
                Position::Cursor(cursor) => cursor,
                Position::Offset(_) => None,
            };
            let request = ProfilePosts {
                user_id,
                limit: wanted.unwrap_or(PROFILE_POSTS_PAGE),
                cursor: sent.as_deref(),
            };
            self.send(&request, |page| {
                check_shallow(&page, &post::ProfilePostsPage, &|| "the profile posts page".to_string())?;
                let next_cursor =
                    string_field(&page, "nextCursor").filter(|c| !c.is_empty() && Some(c) != sent.as_ref());
                let posts = page.into_field("posts").unwrap_or_else(Doc::<T>::null);
                Ok(Page {
                    page: posts,
                    next_cursor,
                })
            })
            .await
        };
        // Restacks are not the user's posts: they neither count nor are skipped.
        let is_post =
            |item: &Doc<T>| string_field(item, "type").is_some_and(|kind| post::POST_TYPES.contains(&kind.as_str()));
        let decode = |item: &mut Doc<T>, index: usize| {
            post::decode_post(item, &|| {
                format!("post [{index}] of the profile posts of user {user_id}")
            })
        };
        let posts = paging::collect(walk, Position::Cursor(None), "`posts`", read, is_post, decode).await?;
        Ok(Doc::<T>::new_array(posts))
    }

    /// `getNotesBySlug(handle, {limit})`: the handle's id, then [`Self::get_notes_by_id`].
    pub async fn get_notes_by_slug(&self, handle: &Slug, limit: u64) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getNotesBySlug");
        let id = self.user_id_of(handle).await?;
        self.notes_of_user(id, limit).await
    }

    /// `getNotesById(userId, {limit})`: `GET <main>/api/v1/reader/feed/profile/<id>?types=note`
    /// then `&cursor`, until `limit` notes (items with a comment) or the end.
    pub async fn get_notes_by_id(&self, user_id: UserId, limit: u64) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getNotesById");
        self.notes_of_user(user_id, limit).await
    }

    async fn notes_of_user(&self, user_id: UserId, limit: u64) -> Result<Doc<T>, Error> {
        let walk = Walk {
            limit,
            skip: 0,
            page_size: None,
        };
        let read = |position: Position, _wanted: Option<u64>| async move {
            let sent = match position {
                Position::Cursor(cursor) => cursor,
                Position::Offset(_) => None,
            };
            let request = ProfileFeed {
                user_id,
                types: Some("note"),
                cursor: sent.as_deref(),
            };
            self.send(&request, |page| {
                let checked = feed::check_feed_page(&page, "the profile notes page", sent.as_deref())?;
                Ok(Page {
                    page: page.into_field("items").unwrap_or_else(Doc::<T>::null),
                    next_cursor: checked.next_cursor,
                })
            })
            .await
        };
        let notes = paging::collect(walk, Position::Cursor(None), "`items`", read, note::is_note, |_, _| {
            Ok(())
        })
        .await?;
        Ok(Doc::<T>::new_array(notes))
    }
}
