//! `PublisherPublicProfile` (§2.9) and the pieces of `PublisherFullProfile` (§2.10):
//! the service objects unchanged (http-contract §6.5), checked.

use crate::error::Error;
use crate::json::{check_fields, Field, FieldType, JsonDoc};
use crate::params::{Id, UserId};

const PUBLIC_PROFILE_FIELDS: &[Field] = &[
    Field::required("id", FieldType::Integer),
    Field::required("name", FieldType::String),
    Field::required("handle", FieldType::String),
    Field::optional("photo_url", FieldType::String),
    Field::optional("bio", FieldType::String),
    Field::required("subscriberCount", FieldType::String),
    Field::required("subscriberCountNumber", FieldType::Number),
    Field::optional("subscriberCountString", FieldType::String),
    Field::optional("primaryPublication", FieldType::Object),
    Field::required("publicationUsers", FieldType::Array),
];

const PUBLICATION_USER_FIELDS: &[Field] = &[
    Field::required("id", FieldType::Integer),
    Field::required("role", FieldType::String),
    Field::required("publication", FieldType::Object),
];

const PUBLICATION_FIELDS: &[Field] = &[
    Field::required("id", FieldType::Integer),
    Field::required("name", FieldType::String),
    Field::required("subdomain", FieldType::String),
    Field::optional("logo_url", FieldType::String),
];

const PRIMARY_PUBLICATION_FIELDS: &[Field] = &[
    Field::required("id", FieldType::Integer),
    Field::required("name", FieldType::String),
];

/// Checks a public profile (`user/{handle}/public_profile`, or `user/{id}/profile`).
pub fn check_public_profile<D: JsonDoc>(profile: &D, label: &str) -> Result<(), Error> {
    check_fields(profile, PUBLIC_PROFILE_FIELDS, &|| label.to_string())?;
    let count = profile
        .with_field("publicationUsers", |list| list.array_len())
        .flatten()
        .unwrap_or(0);
    for index in 0..count {
        profile
            .with_field("publicationUsers", |list| {
                list.with_item(index, |membership| -> Result<(), Error> {
                    let what = || format!("{label}: publicationUsers[{index}]");
                    check_fields(membership, PUBLICATION_USER_FIELDS, &what)?;
                    membership
                        .with_field("publication", |publication| {
                            check_fields(publication, PUBLICATION_FIELDS, &|| format!("{}.publication", what()))
                        })
                        .unwrap_or(Ok(()))
                })
            })
            .flatten()
            .unwrap_or(Ok(()))?;
    }
    profile
        .with_field("primaryPublication", |publication| {
            if publication.kind() == crate::json::JsonKind::Object {
                check_fields(publication, PRIMARY_PUBLICATION_FIELDS, &|| {
                    format!("{label}: primaryPublication")
                })
            } else {
                Ok(())
            }
        })
        .unwrap_or(Ok(()))
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
    use crate::records::note::check_feed_page;
    use crate::test_support::real_sample;
    use serde_json::json;

    #[test]
    fn the_real_public_profiles_check() {
        let public = real_sample("user/jakubslys/public_profile.json");
        check_public_profile(&public, "public profile").unwrap();
        assert_eq!(profile_id(&public).map(Id::get), Some(254824415));
        check_public_profile(&real_sample("user/282291554/profile.json"), "profile by id").unwrap();
    }

    #[test]
    fn the_handle_is_found_in_the_real_activity_feed() {
        let feed = real_sample("reader/feed/profile/282291554.json");
        check_feed_page(&feed, "feed", None).unwrap();
        let handle = handle_in_feed(&feed, UserId::from_f64(282291554.0).unwrap()).unwrap();
        assert_eq!(
            handle,
            feed["items"][0]["context"]["users"][0]["handle"].as_str().unwrap()
        );
        assert_eq!(handle_in_feed(&feed, UserId::from_f64(1.0).unwrap()), None);
    }

    #[test]
    fn a_profile_with_a_broken_membership_names_it() {
        let mut public = real_sample("user/jakubslys/public_profile.json");
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
