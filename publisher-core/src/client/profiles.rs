//! Profiles and following (http-contract §4.8–§4.12).

use std::cell::Cell;

use futures_util::stream::{self, StreamExt};

use super::limit::{slot, RequestLimit};
use super::user_feeds::ProfileFeed;
use super::{Client, Doc};
use crate::error::messages;
use crate::error::{Error, ErrorKind};
use crate::http::operation::{Operation, Path};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::{Id, Slug, UserId};
use crate::json::JsonDoc;
use crate::records::schema::expect_array;
use crate::records::{feed, profile};

/// One followed user's id and full profile, or why it could not be read.
type UserResult<T> = (UserId, Result<Doc<T>, Error>);

/// `GET <main>/user/<handle>/public_profile`.
pub(crate) struct PublicProfile<'a> {
    handle: &'a Slug,
}

impl Operation for PublicProfile<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "user/<handle>/public_profile";
    fn path(&self, path: &mut Path) {
        path.literal("user").segment(self.handle).literal("public_profile");
    }
}

/// `GET <main>/user/<id>/profile`: the public profile of a user by id.
pub(crate) struct ProfileById {
    user_id: UserId,
}

impl Operation for ProfileById {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "user/<userId>/profile";
    fn path(&self, path: &mut Path) {
        path.literal("user").segment(self.user_id).literal("profile");
    }
}

/// `GET <main>/feed/following`: the ids the account follows.
pub(crate) struct FollowingIds;

impl Operation for FollowingIds {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "feed/following";
    fn path(&self, path: &mut Path) {
        path.literal("feed/following");
    }
}

impl<T: Transport> Client<T> {
    /// `getUserProfile(userId)`: `GET <main>/api/v1/reader/feed/profile/<id>`.
    pub async fn get_user_profile(&self, user_id: UserId) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getUserProfile");
        self.activity_feed(user_id).await
    }

    async fn activity_feed(&self, user_id: UserId) -> Result<Doc<T>, Error> {
        let request = ProfileFeed {
            user_id,
            types: None,
            cursor: None,
        };
        self.send(&request, |feed| {
            feed::check_feed_page(&feed, "the user profile", None)?;
            Ok(feed)
        })
        .await
    }

    /// `getPublicProfile(handle)`: `GET <main>/api/v1/user/<handle>/public_profile`.
    pub async fn get_public_profile(&self, handle: &Slug) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getPublicProfile");
        self.public_profile(handle).await
    }

    pub(crate) async fn public_profile(&self, handle: &Slug) -> Result<Doc<T>, Error> {
        self.send(&PublicProfile { handle }, |profile| {
            profile::check_public_profile(&profile, &format!("the public profile of {:?}", handle.as_str()))?;
            Ok(profile)
        })
        .await
    }

    /// `getFullProfileBySlug(handle)`: the public profile, then its activity feed,
    /// merged as `{...publicProfile, userProfile}`.
    pub async fn get_full_profile_by_slug(&self, handle: &Slug) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getFullProfileBySlug");
        let mut public = self.public_profile(handle).await?;
        let id = profile::profile_id(&public).ok_or_else(|| {
            Error::invalid_response(format!("the public profile of {:?} has no usable id", handle.as_str()))
        })?;
        public.set("userProfile", self.activity_feed(id).await?);
        Ok(public)
    }

    /// `getFullProfileById(userId)`: the activity feed, the handle found in it, the
    /// public profile. A user the feed does not name (no activity) is read from
    /// `GET <main>/api/v1/user/<id>/profile` instead, so every user has a result.
    pub async fn get_full_profile_by_id(&self, user_id: UserId) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getFullProfileById");
        self.full_profile_by_id(user_id, None).await
    }

    /// Each request (with its retries) waits for a slot of `limit`, when given.
    async fn full_profile_by_id(&self, id: UserId, limit: Option<&RequestLimit>) -> Result<Doc<T>, Error> {
        let feed = {
            let _slot = slot(limit).await;
            self.activity_feed(id).await?
        };
        let by_handle = match profile::handle_in_feed(&feed, id).map(Slug::from_service) {
            Some(handle) => {
                let _slot = slot(limit).await;
                match self.public_profile(&handle).await {
                    Ok(profile) => Some(profile),
                    // A renamed handle answers 404: the id still finds the user.
                    Err(error) if error.status == Some(404) => None,
                    Err(error) => return Err(error),
                }
            }
            None => None,
        };
        let mut full = match by_handle {
            Some(profile) => profile,
            None => {
                let _slot = slot(limit).await;
                self.send(&ProfileById { user_id: id }, |profile| {
                    profile::check_public_profile(&profile, &format!("the profile of user {id}"))?;
                    Ok(profile)
                })
                .await?
            }
        };
        full.set("userProfile", feed);
        Ok(full)
    }

    /// `getFollowingIds()`: `GET <main>/api/v1/feed/following`, the ids as sent (the
    /// service lists the caller's own id too, first).
    pub async fn get_following_ids(&self) -> Result<Vec<UserId>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getFollowingIds");
        self.send(&FollowingIds, |ids| {
            let len = expect_array(&ids, "the following list")?;
            (0..len)
                .map(|index| {
                    let value = ids.with_item(index, |id| id.as_f64()).flatten();
                    value.and_then(UserId::from_f64).ok_or_else(|| {
                        Error::invalid_response(format!("the following list: item [{index}] is not a user id"))
                    })
                })
                .collect()
        })
        .await
    }

    /// `getFollowingProfiles()`: the full profile of every followed user (2 requests
    /// each), in the order of the ids, with `progress(done, total)` as users finish.
    /// At most `concurrency` requests are in flight: the bound is on requests, not
    /// users, so a slot that one user's first request frees goes to whichever request
    /// is ready next, and no slot idles while a user is between its two requests. Up
    /// to twice as many users as slots are under way, so that one is always ready, and
    /// a user that finished makes room for the next at once: one slow user does not
    /// hold the others back.
    /// Never fewer profiles than ids: when some users fail, the error names each of them.
    pub async fn get_following_profiles(&self, progress: &dyn Fn(usize, usize)) -> Result<Vec<Doc<T>>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getFollowingProfiles");
        let ids = self.get_following_ids().await?;
        let total = ids.len();
        let done = Cell::new(0usize);
        progress(0, total);
        let concurrency = self.config().concurrency();
        let limit = RequestLimit::new(concurrency);
        // Answers are taken as they come and put back in id order: a user that finished
        // leaves its place among the 2 × concurrency under way, so one slow user does
        // not hold the others back.
        let mut results: Vec<Option<UserResult<T>>> = std::iter::repeat_with(|| None).take(total).collect();
        stream::iter(ids.into_iter().enumerate())
            .map(|(index, id)| {
                let (done, limit) = (&done, &limit);
                async move {
                    let result = self.full_profile_by_id(id, Some(limit)).await;
                    done.set(done.get().saturating_add(1));
                    progress(done.get(), total);
                    (index, id, result)
                }
            })
            .buffer_unordered(concurrency.saturating_mul(2))
            .for_each(|(index, id, result)| {
                if let Some(place) = results.get_mut(index) {
                    *place = Some((id, result));
                }
                std::future::ready(())
            })
            .await;
        let mut profiles = Vec::with_capacity(total);
        let mut failures = Vec::new();
        for (id, result) in results.into_iter().flatten() {
            match result {
                Ok(profile) => profiles.push(profile),
                Err(error) => failures.push((id, error)),
            }
        }
        let Some((_, first)) = failures.first() else {
            return Ok(profiles);
        };
        let kind = first.kind;
        let status = first.status;
        let failed_ids: Vec<String> = failures.iter().map(|(id, _)| id.to_string()).collect();
        let mut error = Error::new(
            if kind == ErrorKind::InvalidArgument {
                ErrorKind::InvalidResponse
            } else {
                kind
            },
            messages::following_failures(&failed_ids, total, &first.message),
        );
        error.status = status;
        Err(error)
    }
}
