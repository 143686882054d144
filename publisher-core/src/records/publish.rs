//! What publishing a note returns (§2.11), and its check. The note sent is built in
//! [`crate::notes::composer`] and [`crate::notes::document`].

use crate::error::Error;
use crate::json::JsonDoc;
use crate::record;
use crate::records::schema::check;

record! {
    /// What publishing returns (interface §2.11), with the service's further fields.
    pub PublishNoteResponse (open) {
        required "id": Integer,
        required "body": String,
        /// The body as the service stored it (may hold node types beyond NoteBodyJson's);
        /// null for a note of attachments only.
        optional "body_json": Object,
        required "date": String,
        required "name": String,
        optional "photo_url": String,
        required "reactions": Object as "Record<string, number>",
    }
}

/// Checks a `PublishNoteResponse`.
pub fn check_publish_response<D: JsonDoc>(response: &D) -> Result<(), Error> {
    check(response, &PublishNoteResponse, &|| "the published note".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fixture;

    #[test]
    fn the_publish_response_checks() {
        check_publish_response(&fixture("publish-response.json")).unwrap();
    }

    #[test]
    fn a_publish_response_without_its_id_or_date_is_refused() {
        for field in ["id", "body", "date", "name", "reactions"] {
            let mut response = fixture("publish-response.json");
            response.as_object_mut().unwrap().remove(field);
            let error = check_publish_response(&response).unwrap_err();
            assert!(error.message.contains(&format!("`{field}`")), "{}", error.message);
        }
    }
}
