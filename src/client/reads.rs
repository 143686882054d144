//! The workflow node's reads (interface §4.1) that page on the service's cursors:
//! posts and notes of any profile, by handle or by user id.

use super::{Client, Doc};
use crate::error::Error;
use crate::http::{Host, Method};
use crate::json::{check_fields, expect_array, string_field, Field, FieldType, JsonDoc};
use crate::operation::{Operation, Path, Query};
use crate::params::{Slug, UserId};
use crate::records::{note, post, profile};
use crate::transport::Transport;

/// The default `limit` of the profile reads (interface §8).
pub const DEFAULT_READ_LIMIT: u64 = 100;
/// Page size asked of `profile/posts`: the largest value seen accepted there.
const PROFILE_POSTS_PAGE: u64 = 50;
/// A feed that keeps answering empty pages with new cursors is given up after this
/// many in a row rather than walked for ever.
const MAX_EMPTY_PAGES: u32 = 5;

/// `{limit, offset}` of the node's reads, with its defaults (limit 100, offset 0).
pub struct ReadParams {
    /// Posts wanted.
    pub limit: u64,
    /// Posts to skip.
    pub offset: u64,
}

/// `GET <main>/profile/posts?profile_user_id&limit&cursor`: `{posts, nextCursor}`.
struct ProfilePosts<'a> {
    user_id: UserId,
    limit: u64,
    cursor: Option<&'a str>,
}

impl Operation for ProfilePosts<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
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
    fn path(&self, path: &mut Path) {
        path.literal("reader/feed/profile").segment(self.user_id);
    }
    fn query(&self, query: &mut Query) {
        query.opt("types", self.types).opt("cursor", self.cursor);
    }
}

fn as_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
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
        let id = self.user_id_of(handle).await?;
        self.posts_of_user(id, params).await
    }

    /// `getPostsById(userId, {limit, offset})`: `GET <main>/api/v1/profile/posts?profile_user_id&limit`
    /// then `&cursor`. The service refuses `offset` there (400), so it is never sent:
    /// posts are skipped here. Restacks are not the user's posts and are left out.
    pub async fn get_posts_by_id(&self, user_id: UserId, params: &ReadParams) -> Result<Doc<T>, Error> {
        self.posts_of_user(user_id, params).await
    }

    async fn posts_of_user(&self, user_id: UserId, params: &ReadParams) -> Result<Doc<T>, Error> {
        let mut to_skip = params.offset;
        let mut posts = Vec::new();
        let mut cursor: Option<String> = None;
        let mut empty_pages: u32 = 0;
        while (posts.len() as u64) < params.limit {
            let wanted = params
                .limit
                .saturating_sub(posts.len() as u64)
                .saturating_add(to_skip)
                .min(PROFILE_POSTS_PAGE);
            let request = ProfilePosts {
                user_id,
                limit: wanted,
                cursor: cursor.as_deref(),
            };
            let sent = cursor.clone();
            let (mut page, next) = self
                .send(&request, |page| {
                    check_fields(
                        &page,
                        &[
                            Field::required("posts", FieldType::Array),
                            Field::optional("nextCursor", FieldType::String),
                        ],
                        &|| "the profile posts page".to_string(),
                    )?;
                    let next = string_field(&page, "nextCursor").filter(|c| !c.is_empty() && Some(c) != sent.as_ref());
                    let posts = page.into_field("posts").unwrap_or_else(Doc::<T>::null);
                    Ok((posts, next))
                })
                .await?;
            let len = expect_array(&page, "`posts`")?;
            empty_pages = if len == 0 { empty_pages.saturating_add(1) } else { 0 };
            for index in 0..len {
                let Some(mut item) = page.take_item(index) else {
                    continue;
                };
                let kind = string_field(&item, "type");
                if !kind.is_some_and(|kind| post::POST_TYPES.contains(&kind.as_str())) {
                    continue;
                }
                if to_skip > 0 {
                    to_skip = to_skip.saturating_sub(1);
                    continue;
                }
                post::decode_post(&mut item, &|| {
                    format!("post [{index}] of the profile posts of user {user_id}")
                })?;
                posts.push(item);
                if posts.len() as u64 >= params.limit {
                    break;
                }
            }
            match next {
                Some(next) if empty_pages < MAX_EMPTY_PAGES => cursor = Some(next),
                _ => break,
            }
        }
        posts.truncate(as_usize(params.limit));
        Ok(Doc::<T>::new_array(posts))
    }

    /// `getNotesBySlug(handle, {limit})`: the handle's id, then [`Self::get_notes_by_id`].
    pub async fn get_notes_by_slug(&self, handle: &Slug, limit: u64) -> Result<Doc<T>, Error> {
        let id = self.user_id_of(handle).await?;
        self.notes_of_user(id, limit).await
    }

    /// `getNotesById(userId, {limit})`: `GET <main>/api/v1/reader/feed/profile/<id>?types=note`
    /// then `&cursor`, until `limit` notes (items with a comment) or the end.
    pub async fn get_notes_by_id(&self, user_id: UserId, limit: u64) -> Result<Doc<T>, Error> {
        self.notes_of_user(user_id, limit).await
    }

    async fn notes_of_user(&self, user_id: UserId, limit: u64) -> Result<Doc<T>, Error> {
        let mut notes = Vec::new();
        let mut cursor: Option<String> = None;
        let mut empty_pages: u32 = 0;
        while (notes.len() as u64) < limit {
            let request = ProfileFeed {
                user_id,
                types: Some("note"),
                cursor: cursor.as_deref(),
            };
            let sent = cursor.clone();
            let (mut items, next) = self
                .send(&request, |page| {
                    let checked = note::check_feed_page(&page, "the profile notes page", sent.as_deref())?;
                    Ok((
                        page.into_field("items").unwrap_or_else(Doc::<T>::null),
                        checked.next_cursor,
                    ))
                })
                .await?;
            let len = items.array_len().unwrap_or(0);
            empty_pages = if len == 0 { empty_pages.saturating_add(1) } else { 0 };
            for index in 0..len {
                let Some(item) = items.take_item(index) else {
                    continue;
                };
                if note::is_note(&item) {
                    notes.push(item);
                    if notes.len() as u64 >= limit {
                        break;
                    }
                }
            }
            match next {
                Some(next) if empty_pages < MAX_EMPTY_PAGES => cursor = Some(next),
                _ => break,
            }
        }
        Ok(Doc::<T>::new_array(notes))
    }
}
