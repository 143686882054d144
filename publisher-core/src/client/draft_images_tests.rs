use super::*;
use crate::client::drafts::DraftInput;
use crate::error::ErrorKind;
use crate::post_body::markdown::markdown_to_post_doc;
use crate::test_support::{block_on, FakeTransport};
use serde_json::{json, Value};

const HOST: &str = "localpub.substack.com";
/// A 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49,
    0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x64, 0x60, 0xf8, 0x5f, 0x0f, 0x00, 0x02, 0x87, 0x01, 0x80, 0xeb, 0x47, 0xba,
    0x92, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];
const HOSTED: &str = "https://substack-post-media.s3.amazonaws.com/public/images/0e1f_640x480.png";
const UPLOAD_ANSWER: &str = r#"{"id":5,"url":"https://substack-post-media.s3.amazonaws.com/public/images/up_1x1.png","contentType":"image/png","bytes":70,"imageWidth":1,"imageHeight":1}"#;

fn written(markdown: &str) -> DraftInput {
    DraftInput {
        title: Some("Weekly".into()),
        body: Some(PostBody::Written {
            doc: markdown_to_post_doc(markdown).unwrap(),
            markdown: markdown.into(),
        }),
        ..DraftInput::default()
    }
}

fn draft_answer() -> String {
    json!({"id": 900, "draft_title": "Weekly", "draft_updated_at": "2023-11-14T22:13:21.000Z"}).to_string()
}

/// The `image2` attributes of the body sent in the create request.
fn sent_images(client: &Client<FakeTransport>) -> Vec<Value> {
    let create = client
        .transport()
        .sent()
        .into_iter()
        .find(|request| request.url.ends_with("/drafts"))
        .unwrap();
    let request: Value = serde_json::from_str(create.body.as_deref().unwrap()).unwrap();
    let body: Value = serde_json::from_str(request["draft_body"].as_str().unwrap()).unwrap();
    body["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|block| block["type"] == "captionedImage")
        .map(|block| block["content"][0]["attrs"].clone())
        .collect()
}

fn uploads(client: &Client<FakeTransport>) -> usize {
    client
        .transport()
        .sent()
        .iter()
        .filter(|request| request.url.ends_with("/image"))
        .count()
}

#[test]
fn a_web_image_is_downloaded_uploaded_and_sent_with_the_uploads_url_size_and_type() {
    let client = FakeTransport::client(Some(HOST));
    client
        .transport()
        .serve("https://example.com/photo.png", 200, Some("image/png"), PNG);
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(200, UPLOAD_ANSWER);
    client.transport().reply(200, &draft_answer());
    let input = written("Look:\n\n![A photo](https://example.com/photo.png)");
    block_on(client.create_draft(&input)).unwrap();
    assert_eq!(
        client.transport().downloaded(),
        [("https://example.com/photo.png".to_string(), MAX_DOWNLOAD_BYTES)]
    );
    let images = sent_images(&client);
    assert_eq!(images.len(), 1);
    let image = &images[0];
    assert_eq!(
        image["src"],
        "https://substack-post-media.s3.amazonaws.com/public/images/up_1x1.png"
    );
    assert_eq!(
        [&image["width"], &image["height"], &image["bytes"], &image["type"]],
        [&json!(1), &json!(1), &json!(70), &json!("image/png")]
    );
    assert_eq!(image["alt"], "A photo");
}

#[test]
fn an_image_already_on_the_services_host_is_kept_and_a_url_used_twice_is_fetched_once() {
    let client = FakeTransport::client(Some(HOST));
    client.transport().serve("https://example.com/a.png", 200, None, PNG);
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(200, UPLOAD_ANSWER);
    client.transport().reply(200, &draft_answer());
    let input = written(&format!(
        "![a](https://example.com/a.png)\n\n![kept]({HOSTED})\n\n![again](https://example.com/a.png)"
    ));
    block_on(client.create_draft(&input)).unwrap();
    assert_eq!(client.transport().downloaded().len(), 1);
    assert_eq!(uploads(&client), 1);
    let sources: Vec<Value> = sent_images(&client).iter().map(|image| image["src"].clone()).collect();
    let uploaded = "https://substack-post-media.s3.amazonaws.com/public/images/up_1x1.png";
    assert_eq!(sources, [json!(uploaded), json!(HOSTED), json!(uploaded)]);
}

#[test]
fn a_named_image_takes_the_size_and_type_of_its_upload() {
    let client = FakeTransport::client(Some(HOST));
    client.transport().reply(200, r#"{"id":77}"#);
    client.transport().reply(
        200,
        r#"{"url":"https://substack-post-media.s3.amazonaws.com/public/images/c_800x600.png","imageWidth":800,"imageHeight":600}"#,
    );
    client.transport().reply(200, &draft_answer());
    let mut input = written("![Chart](chart.png)");
    input.images = vec![("chart.png".into(), ImageData::from_bytes(PNG, None).unwrap())];
    block_on(client.create_draft(&input)).unwrap();
    let image = &sent_images(&client)[0];
    // Width and height from the answer; bytes and type, which it lacks, from the image itself.
    assert_eq!(
        [&image["width"], &image["height"], &image["bytes"], &image["type"]],
        [&json!(800), &json!(600), &json!(PNG.len()), &json!("image/png")]
    );
    assert!(client.transport().downloaded().is_empty());
}

#[test]
fn an_image_that_cannot_be_downloaded_refuses_the_call_naming_it_and_its_line_before_any_upload() {
    let big = vec![0u8; MAX_DOWNLOAD_BYTES + 1];
    // The URL, what the web answers (status, type, bytes), and the reason the error gives.
    type Case<'a> = (&'a str, u16, Option<&'a str>, &'a [u8], &'a str);
    let cases: [Case; 4] = [
        ("https://example.com/gone.png", 404, None, PNG, "HTTP 404"),
        (
            "https://example.com/page.png",
            200,
            Some("text/html"),
            b"<html>Sign in</html>",
            "it is not a PNG, JPEG, GIF or WebP image, it was sent as text/html",
        ),
        ("https://example.com/huge.png", 200, None, &big, "larger than 10 MB"),
        ("https://example.com/empty.png", 200, None, b"", "not a PNG"),
    ];
    for (url, status, content_type, bytes, why) in cases {
        let client = FakeTransport::client(Some(HOST));
        client.transport().serve("https://example.com/fine.png", 200, None, PNG);
        client.transport().serve(url, status, content_type, bytes);
        client.transport().reply(200, r#"{"id":77}"#);
        let input = written(&format!(
            "Intro\n\n![fine](https://example.com/fine.png)\n\n![bad]({url})"
        ));
        let error = block_on(client.create_draft(&input)).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument, "{url}");
        assert!(
            error.message.starts_with(&format!(
                "the Markdown image {url:?} (Markdown line 5) could not be downloaded"
            )),
            "{}",
            error.message
        );
        assert!(error.message.contains(why), "{why}: {}", error.message);
        assert_eq!(uploads(&client), 0, "{url}: nothing uploaded");
        assert!(
            client
                .transport()
                .sent()
                .iter()
                .all(|request| request.method.as_str() == "GET"),
            "{url}: nothing written"
        );
    }
    // No answer at all.
    let client = FakeTransport::client(Some(HOST));
    client.transport().reply(200, r#"{"id":77}"#);
    let error = block_on(client.create_draft(&written("![x](https://nowhere.test/x.png)"))).unwrap_err();
    assert!(error.message.contains("ENOTFOUND"), "{}", error.message);
    assert!(error.message.contains("(Markdown line 1)"), "{}", error.message);
}

#[test]
fn with_downloads_off_a_web_image_is_refused_before_anything_is_sent() {
    let client = FakeTransport::client(Some(HOST));
    let mut input = written("Text\n\n![x](https://example.com/x.png)");
    input.download_images = false;
    let error = block_on(client.create_draft(&input)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(
        error.message.starts_with(
            "the Markdown image \"https://example.com/x.png\" (Markdown line 3) is not on the service's image host"
        ),
        "{}",
        error.message
    );
    assert!(client.transport().sent().is_empty());
    assert!(client.transport().downloaded().is_empty());
}

#[test]
fn named_images_are_checked_against_the_markdown_before_anything_is_sent() {
    for (images, says) in [
        (
            vec!["chart.png", "other.png"],
            "draft.images[\"other.png\"] is not used",
        ),
        (
            vec![],
            "the Markdown image \"chart.png\" (Markdown line 3) is neither an http(s) URL nor a name",
        ),
    ] {
        let client = FakeTransport::client(Some(HOST));
        let mut input = written("Text\n\n![Chart](chart.png)");
        input.images = images
            .into_iter()
            .map(|name| (name.to_string(), ImageData::from_bytes(PNG, None).unwrap()))
            .collect();
        let error = block_on(client.create_draft(&input)).unwrap_err();
        assert!(error.message.starts_with(says), "{}", error.message);
        assert!(client.transport().sent().is_empty());
    }
    let client = FakeTransport::client(Some(HOST));
    let input = DraftInput {
        title: Some("Weekly".into()),
        images: vec![("chart.png".into(), ImageData::from_bytes(PNG, None).unwrap())],
        ..DraftInput::default()
    };
    let error = block_on(client.create_draft(&input)).unwrap_err();
    assert!(error.message.contains("no Markdown"), "{}", error.message);
}

#[test]
fn an_update_hosts_its_web_images_too() {
    let client = FakeTransport::client(Some(HOST));
    client
        .transport()
        .serve("https://example.com/photo.png", 200, None, PNG);
    client.transport().reply(200, UPLOAD_ANSWER);
    client.transport().reply(200, &draft_answer());
    let mut changes = written("![p](https://example.com/photo.png)");
    changes.title = None;
    block_on(client.update_draft(crate::ids::Id::from_f64(900.0).unwrap(), &changes, None)).unwrap();
    let put = client.transport().sent().pop().unwrap();
    assert!(put.body.unwrap().contains("up_1x1.png"));
}

#[test]
fn an_upload_answered_off_the_services_image_host_stops_the_call_before_the_draft() {
    let client = FakeTransport::client(Some(HOST));
    client.transport().reply(200, r#"{"id":77}"#);
    client
        .transport()
        .reply(200, r#"{"url":"https://elsewhere.test/c.png"}"#);
    let mut input = written("![Chart](chart.png)");
    input.images = vec![("chart.png".into(), ImageData::from_bytes(PNG, None).unwrap())];
    let error = block_on(client.create_draft(&input)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidResponse);
    assert!(error.message.contains("not on its image host"), "{}", error.message);
    assert!(client
        .transport()
        .sent()
        .iter()
        .all(|request| !request.url.ends_with("/drafts")));
}
