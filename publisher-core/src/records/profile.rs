//! `PublisherPublicProfile` (§2.9) and the pieces of `PublisherFullProfile` (§2.10):
//! the service objects unchanged (http-contract §6.5), checked.

use crate::error::Error;
use crate::ids::{Id, UserId};
use crate::json::JsonDoc;
use crate::record;
use crate::records::feed::PublisherUserProfile;
use crate::records::schema::check;

record! {
    /// A publication as profiles name it.
    pub PublisherPublication (open) {
        required "id": Integer,
        required "name": String,
        required "subdomain": String,
        optional "logo_url": String,
    }
}

record! {
    /// A user's role in a publication.
    pub PublisherPublicationUser (open) {
        required "id": Integer,
        required "role": String,
        required "publication": Record<PublisherPublication>,
    }
}

record! {
    /// The publication a profile names first.
    pub PublisherPrimaryPublication (open) {
        required "id": Integer,
        required "name": String,
    }
}

record! {
    /// A public profile (interface §2.9).
    pub PublisherPublicProfile (open) nest ": ", {
        required "id": Integer,
        required "name": String,
        required "handle": String,
        optional "photo_url": String,
        optional "bio": String,
        /// e.g. "88".
        required "subscriberCount": String,
        required "subscriberCountNumber": Number,
        /// e.g. "88 subscribers".
        optional "subscriberCountString": String,
        optional "primaryPublication": Record<PublisherPrimaryPublication>,
        required "publicationUsers": List<PublisherPublicationUser>,
    }
}

record! {
    /// A public profile with the user's activity feed (interface §2.10).
    pub PublisherFullProfile () extends PublisherPublicProfile {
        derived "userProfile": Record<PublisherUserProfile>,
    }
}

/// Checks a public profile (`user/{handle}/public_profile`, or `user/{id}/profile`).
pub fn check_public_profile<D: JsonDoc>(profile: &D, label: &str) -> Result<(), Error> {
    check(profile, &PublisherPublicProfile, &|| label.to_string())
}

/// The id of a checked profile.
pub fn profile_id<D: JsonDoc>(profile: &D) -> Option<UserId> {
    crate::json::number_field(profile, "id").and_then(UserId::from_f64)
}

/// Scans a checked activity feed for a user's handle: `context.users[]` entries whose
/// id is `user_id`.
pub fn handle_in_feed<D: JsonDoc>(feed: &D, user_id: UserId) -> Option<String> {
    let count = feed
        .with_field("items", |items| items.array_len())
        .flatten()
        .unwrap_or(0);
    (0..count).find_map(|index| {
        feed.with_field("items", |items| {
            items.with_item(index, |item| {
                item.with_field("context", |context| {
                    context.with_field("users", |users| {
                        let count = users.array_len().unwrap_or(0);
                        (0..count).find_map(|u| {
                            users
                                .with_item(u, |user| {
                                    let id = crate::json::number_field(user, "id");
                                    #[allow(clippy::cast_precision_loss)]
                                    let matches = id == Some(user_id.get() as f64);
                                    if matches {
                                        crate::json::string_field(user, "handle")
                                    } else {
                                        None
                                    }
                                })
                                .flatten()
                        })
                    })
                })
            })
        })
        .flatten()
        .flatten()
        .flatten()
        .flatten()
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::records::feed::check_feed_page;
    use crate::test_support::fixture;
    use serde_json::json;

    #[test]
    fn public_profiles_check() {
        let public = fixture("public-profile.json");
        check_public_profile(&public, "public profile").unwrap();
        assert_eq!(profile_id(&public).map(Id::get), public["id"].as_u64());
        check_public_profile(&fixture("user-profile.json"), "profile by id").unwrap();
    }

    #[test]
    fn the_handle_is_found_in_the_activity_feed() {
        let feed = fixture("profile-feed.json");
        check_feed_page(&feed, "feed", None).unwrap();
        let user = &feed["items"][0]["context"]["users"][0];
        let handle = handle_in_feed(&feed, UserId::from_f64(user["id"].as_f64().unwrap()).unwrap()).unwrap();
        assert_eq!(
            handle,
            feed["items"][0]["context"]["users"][0]["handle"].as_str().unwrap()
        );
        assert_eq!(handle_in_feed(&feed, UserId::from_f64(1.0).unwrap()), None);
    }

    #[test]
    fn a_profile_with_a_broken_membership_names_it() {
        let mut public = fixture("public-profile.json");
        public["publicationUsers"][0]["publication"]["subdomain"] = json!(5);
        let error = check_public_profile(&public, "public profile").unwrap_err();
        assert!(
            error
                .message
                .contains("publicationUsers[0].publication: field `subdomain`"),
            "{}",
            error.message
        );
    }
}
