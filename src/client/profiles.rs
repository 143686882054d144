//! Profiles and following (http-contract §4.8–§4.12).

use std::cell::Cell;

use futures_util::stream::{self, StreamExt};

use super::{Client, Doc};
use crate::args::{self, Arg};
use crate::error::{Error, ErrorKind};
use crate::error_message;
use crate::json::{expect_array, JsonDoc};
use crate::records::{note, profile};
use crate::request::{Endpoint, Host};
use crate::transport::Transport;

impl<T: Transport> Client<T> {
    /// `getUserProfile(userId)`: `GET <main>/api/v1/reader/feed/profile/<id>`.
    pub async fn get_user_profile(&self, user_id: &Arg) -> Result<Doc<T>, Error> {
        let id = args::id("userId", user_id)?;
        self.activity_feed(id).await
    }

    async fn activity_feed(&self, user_id: u64) -> Result<Doc<T>, Error> {
        self.fetch(
            Endpoint::get(Host::Main, &["reader", "feed", "profile", &user_id.to_string()]),
            |feed| {
                note::check_feed_page(&feed, "the user profile", None)?;
                Ok(feed)
            },
        )
        .await
    }

    /// `getPublicProfile(handle)`: `GET <main>/api/v1/user/<handle>/public_profile`.
    pub async fn get_public_profile(&self, handle: &Arg) -> Result<Doc<T>, Error> {
        let handle = args::slug("handle", handle)?;
        self.public_profile(&handle).await
    }

    pub(crate) async fn public_profile(&self, handle: &str) -> Result<Doc<T>, Error> {
        self.fetch(
            Endpoint::get(Host::Main, &["user", handle, "public_profile"]),
            |profile| {
                profile::check_public_profile(&profile, &format!("the public profile of {handle:?}"))?;
                Ok(profile)
            },
        )
        .await
    }

    /// `getFullProfileBySlug(handle)`: the public profile, then its activity feed,
    /// merged as `{...publicProfile, userProfile}`.
    pub async fn get_full_profile_by_slug(&self, handle: &Arg) -> Result<Doc<T>, Error> {
        let handle = args::slug("handle", handle)?;
        let mut public = self.public_profile(&handle).await?;
        let id = profile::profile_id(&public)
            .ok_or_else(|| Error::invalid_response(format!("the public profile of {handle:?} has no usable id")))?;
        public.set("userProfile", self.activity_feed(id).await?);
        Ok(public)
    }

    /// `getFullProfileById(userId)`: the activity feed, the handle found in it, the
    /// public profile. A user the feed does not name (no activity) is read from
    /// `GET <main>/api/v1/user/<id>/profile` instead, so every user has a result.
    pub async fn get_full_profile_by_id(&self, user_id: &Arg) -> Result<Doc<T>, Error> {
        let id = args::id("userId", user_id)?;
        self.full_profile_by_id(id).await
    }

    async fn full_profile_by_id(&self, id: u64) -> Result<Doc<T>, Error> {
        let feed = self.activity_feed(id).await?;
        let by_handle = match profile::handle_in_feed(&feed, id) {
            Some(handle) => match self.public_profile(&handle).await {
                Ok(profile) => Some(profile),
                // A renamed handle answers 404: the id still finds the user.
                Err(error) if error.status == Some(404) => None,
                Err(error) => return Err(error),
            },
            None => None,
        };
        let mut full = match by_handle {
            Some(profile) => profile,
            None => {
                self.fetch(
                    Endpoint::get(Host::Main, &["user", &id.to_string(), "profile"]),
                    |profile| {
                        profile::check_public_profile(&profile, &format!("the profile of user {id}"))?;
                        Ok(profile)
                    },
                )
                .await?
            }
        };
        full.set("userProfile", feed);
        Ok(full)
    }

    /// `getFollowingIds()`: `GET <main>/api/v1/feed/following`, the ids as sent (the
    /// service lists the caller's own id too, first).
    pub async fn get_following_ids(&self) -> Result<Vec<u64>, Error> {
        self.fetch(Endpoint::get(Host::Main, &["feed", "following"]), |ids| {
            let len = expect_array(&ids, "the following list")?;
            (0..len)
                .map(|index| {
                    let value = ids.with_item(index, |id| id.as_f64()).flatten();
                    value.and_then(|n| args::id("id", &Arg::Number(n)).ok()).ok_or_else(|| {
                        Error::invalid_response(format!("the following list: item [{index}] is not a user id"))
                    })
                })
                .collect()
        })
        .await
    }

    /// `getFollowingProfiles()`: the full profile of every followed user, in the
    /// order of the ids, at most `concurrency` users at a time (2 requests each), with
    /// `progress(done, total)` as users finish. Never fewer profiles than ids: when
    /// some users fail, the error names each of them.
    pub async fn get_following_profiles(&self, progress: &dyn Fn(usize, usize)) -> Result<Vec<Doc<T>>, Error> {
        let ids = self.get_following_ids().await?;
        let total = ids.len();
        let done = Cell::new(0usize);
        progress(0, total);
        let results: Vec<(u64, Result<Doc<T>, Error>)> = stream::iter(ids)
            .map(|id| {
                let done = &done;
                async move {
                    let result = self.full_profile_by_id(id).await;
                    done.set(done.get().saturating_add(1));
                    progress(done.get(), total);
                    (id, result)
                }
            })
            .buffered(self.config().concurrency())
            .collect()
            .await;
        let mut profiles = Vec::with_capacity(total);
        let mut failures = Vec::new();
        for (id, result) in results {
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
            error_message::following_failures(&failed_ids, total, &first.message),
        );
        error.status = status;
        Err(error)
    }
}
