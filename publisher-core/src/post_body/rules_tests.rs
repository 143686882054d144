//! Each rule of the post editor's table, shown by a document that breaks it; the table as
//! the local service reads it (`local-service/post-rules.generated.json`) and the examples
//! its checker must judge alike (`local-service/test/post-rules-examples.generated.json`),
//! both rewritten by `UPDATE_POST_RULES=1 cargo test`.

use serde_json::{json, Value as Json};

use super::*;
use crate::error::ErrorKind;

const HOSTED: &str =
    "https://substack-post-media.s3.amazonaws.com/public/images/27b9cacf-e952-4a97-ba2b-3a8f3cafb023_1280x921.png";

fn doc(content: Json) -> Json {
    json!({"type": "doc", "content": content})
}

fn text(text: &str) -> Json {
    json!({"type": "text", "text": text})
}

fn para(content: Json) -> Json {
    json!({"type": "paragraph", "content": content})
}

fn image(attrs: Json) -> Json {
    json!({"type": "captionedImage", "content": [{"type": "image2", "attrs": attrs}]})
}

/// `path: reason` of every violation.
fn found(document: &Json) -> Vec<String> {
    unrendered(document)
        .into_iter()
        .map(|v| format!("{}: {}", v.path, v.reason))
        .collect()
}

/// The one violation of `document`, also as `check_post_document`'s error.
fn only(document: Json) -> String {
    let all = found(&document);
    assert_eq!(all.len(), 1, "{document}: {all:?}");
    let error = check_post_document(&document).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert_eq!(error.message, all[0]);
    all[0].clone()
}

fn passes(document: Json) {
    assert_eq!(found(&document), Vec::<String>::new(), "{document}");
    check_post_document(&document).unwrap();
}

#[test]
fn the_issue_s_example_reads_as_the_issue_gives_it() {
    let code = json!({"type": "codeBlock", "attrs": {"language": "rust"}, "content": [text("fn main() {}")]});
    let document = doc(json!([para(json!([text("a")])), para(json!([])), {"type": "horizontal_rule"}, code]));
    assert_eq!(
        only(document),
        r#"body.content[3]: "codeBlock" is not rendered by the post editor; write highlighted_code_block"#
    );
}

#[test]
fn camel_case_lists_are_not_rendered_and_each_is_named() {
    let item = json!({"type": "listItem", "content": [para(json!([text("x")]))]});
    assert_eq!(
        found(&doc(json!([
            {"type": "bulletList", "content": [item]},
            {"type": "orderedList", "content": [item]},
        ]))),
        [
            r#"body.content[0]: "bulletList" is not rendered by the post editor; write bullet_list"#,
            r#"body.content[0].content[0]: "listItem" is not rendered by the post editor; write list_item"#,
            r#"body.content[1]: "orderedList" is not rendered by the post editor; write ordered_list"#,
            r#"body.content[1].content[0]: "listItem" is not rendered by the post editor; write list_item"#,
        ]
    );
}

#[test]
fn what_the_editor_writes_passes() {
    passes(doc(json!([
        {"type": "heading", "attrs": {"level": 1}, "content": [text("T")]},
        {"type": "paragraph", "attrs": {"textAlign": null}, "content": [
            text("a"),
            {"type": "text", "text": "b", "marks": [{"type": "strong"}, {"type": "em"}, {"type": "code"}, {"type": "strikethrough"},
                {"type": "link", "attrs": {"href": "https://example.com/x", "target": "_blank"}}]},
            {"type": "hard_break"},
            {"type": "footnoteAnchor", "attrs": {"number": 1}},
        ]},
        {"type": "paragraph"},
        {"type": "bullet_list", "content": [{"type": "list_item", "content": [para(json!([text("i")])),
            {"type": "ordered_list", "attrs": {"start": 3}, "content": [{"type": "list_item", "content": [para(json!([text("j")]))]}]}]}]},
        {"type": "blockquote", "content": [para(json!([text("q")])), {"type": "blockquote", "content": [para(json!([text("qq")]))]}]},
        {"type": "highlighted_code_block", "attrs": {"language": "python", "nodeId": null}, "content": [text("print(1)\n")]},
        {"type": "highlighted_code_block", "attrs": {"language": "plaintext", "nodeId": null}},
        {"type": "code_block", "content": [text("old")]},
        {"type": "horizontal_rule"},
        {"type": "captionedImage", "content": [
            {"type": "image2", "attrs": {"src": HOSTED, "fullscreen": null, "imageSize": null, "height": 921, "width": 1280,
                "resizeWidth": null, "bytes": 123_141, "alt": null, "title": null, "type": "image/png", "href": null,
                "belowTheFold": false, "internalRedirect": null}},
            {"type": "caption", "content": [text("A caption")]},
        ]},
        {"type": "paywall"},
        {"type": "youtube2", "attrs": {"videoId": "dQw4w9WgXcQ"}},
        {"type": "footnote", "attrs": {"number": 1}, "content": [para(json!([text("note")]))]},
        {"type": "link", "attrs": {"href": "mailto:a@example.com"}},
    ])));
}

#[test]
fn nodes_the_table_does_not_know_pass_with_whatever_they_hold() {
    passes(doc(json!([
        {"type": "digestPostEmbed", "attrs": {"postId": 1, "anything": [1, {"x": null}]}, "content": [{"type": "weird"}, text("t")]},
        {"type": "button", "attrs": {"url": "%%checkout_url%%", "text": "Subscribe", "action": null, "class": "left"}},
        {"type": "subscribeWidget", "attrs": {"url": "%%checkout_url%%"}, "content": [para(json!([text("x")]))]},
        {"type": "latex_block", "attrs": {"persistentExpression": "x^2", "id": "a"}},
        {"type": "paragraph", "content": [text("a"), {"type": "substack_mention", "attrs": {"name": "x"}},
            {"type": "text", "text": "m", "marks": [{"type": "underline"}, {"type": "bold"}]}]},
    ])));
}

#[test]
fn the_rules_of_known_nodes_still_hold_inside_unknown_ones() {
    let inner = json!({"type": "digestPostEmbed", "content": [{"type": "codeBlock"}]});
    assert_eq!(
        only(doc(json!([inner]))),
        r#"body.content[0].content[0]: "codeBlock" is not rendered by the post editor; write highlighted_code_block"#
    );
}

#[test]
fn a_heading_needs_a_level_from_1_to_6() {
    for level in 1..=6 {
        passes(doc(
            json!([{"type": "heading", "attrs": {"level": level}, "content": [text("h")]}]),
        ));
    }
    for bad in [json!(0), json!(7), json!("2"), json!(2.5), json!(null)] {
        assert_eq!(
            only(doc(json!([{"type": "heading", "attrs": {"level": bad}}]))),
            "body.content[0].attrs.level: must be a whole number from 1 to 6"
        );
    }
    assert_eq!(
        only(doc(json!([{"type": "heading", "content": [text("h")]}]))),
        "body.content[0].attrs.level: is required"
    );
    assert_eq!(
        only(doc(json!([{"type": "heading", "attrs": 5}]))),
        "body.content[0].attrs.level: is required"
    );
}

#[test]
fn an_ordered_list_starts_at_a_whole_number() {
    let list = |start: Json| json!({"type": "ordered_list", "attrs": {"start": start}, "content": []});
    passes(doc(json!([list(json!(0)), list(json!(1_000_000_000))])));
    assert_eq!(
        only(doc(json!([list(json!("3"))]))),
        "body.content[0].attrs.start: must be a whole number from 0 to 1000000000"
    );
    assert_eq!(
        only(doc(json!([list(json!(-1))]))),
        "body.content[0].attrs.start: must be a whole number from 0 to 1000000000"
    );
}

#[test]
fn a_youtube_node_holds_the_video_s_id_not_its_url() {
    let video = |attrs: Json| doc(json!([{"type": "youtube2", "attrs": attrs}]));
    passes(video(json!({"videoId": "dQw4w9WgXcQ"})));
    for bad in [
        json!("https://youtu.be/dQw4w9WgXcQ"),
        json!("watch?v=x"),
        json!(""),
        json!(42),
    ] {
        assert_eq!(
            only(video(json!({ "videoId": bad }))),
            "body.content[0].attrs.videoId: must be the video's id (youtube.com/watch?v=ID), not its URL"
        );
    }
    assert_eq!(only(video(json!({}))), "body.content[0].attrs.videoId: is required");
}

#[test]
fn footnotes_and_their_anchors_are_numbered_from_1() {
    let anchor = |number: Json| para(json!([text("a"), {"type": "footnoteAnchor", "attrs": {"number": number}}]));
    let note =
        |number: Json| json!({"type": "footnote", "attrs": {"number": number}, "content": [para(json!([text("n")]))]});
    passes(doc(json!([anchor(json!(1)), note(json!(1)), note(json!(1))])));
    assert_eq!(
        only(doc(json!([anchor(json!(0))]))),
        "body.content[0].content[1].attrs.number: must be a whole number from 1 to 1000000000"
    );
    assert_eq!(
        only(doc(json!([note(json!("1"))]))),
        "body.content[0].attrs.number: must be a whole number from 1 to 1000000000"
    );
    assert_eq!(
        only(doc(json!([{"type": "footnote", "content": []}]))),
        "body.content[0].attrs.number: is required"
    );
    assert_eq!(
        only(doc(
            json!([{"type": "footnote", "attrs": {"number": 1}, "content": [{"type": "heading", "attrs": {"level": 1}}]}])
        )),
        r#"body.content[0].content[0]: "heading" cannot be inside "footnote", which holds paragraph"#
    );
}

#[test]
fn a_post_holds_at_most_one_paywall() {
    passes(doc(json!([{"type": "paywall"}])));
    assert_eq!(
        only(doc(
            json!([{"type": "paywall"}, para(json!([text("x")])), {"type": "paywall"}])
        )),
        "body.content[2]: a second paywall: a post holds at most one"
    );
}

#[test]
fn an_image_is_one_the_service_hosts() {
    for src in [
        HOSTED,
        "https://bucketeer-e05bbc84-baa3-437e-9518-adb32be77984.s3.amazonaws.com/public/images/d03b9321_1511x189.png",
        "HTTPS://Substack-Post-Media.S3.amazonaws.com/public/images/x.png",
        "https://substackcdn.com/image/fetch/f_auto/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fx.png",
    ] {
        passes(doc(json!([image(json!({ "src": src }))])));
    }
    let refused = "body.content[0].content[0].attrs.src: is not an image the service hosts, and the editor does not show one from elsewhere: upload it and use the url the upload answers";
    for src in [
        json!("https://example.com/photo.jpg"),
        json!("http://substack-post-media.s3.amazonaws.com/public/images/x.png"),
        json!("https://substack-post-media.s3.amazonaws.com.evil.test/x.png"),
        json!("https://bucketeer-.s3.amazonaws.com/x.png"),
        json!("https://bucketeer-a.b.s3.amazonaws.com/x.png"),
        json!("https://evil.test/?https://substack-post-media.s3.amazonaws.com/"),
        json!("chart.png"),
        json!(null),
    ] {
        assert_eq!(only(doc(json!([image(json!({ "src": src }))]))), refused, "{src}");
    }
    assert_eq!(
        only(doc(json!([image(json!({}))]))),
        "body.content[0].content[0].attrs.src: is required"
    );
}

#[test]
fn an_image_still_to_be_uploaded_counts_as_hosted_before_its_upload() {
    let document = doc(json!([image(json!({"src": "chart.png"}))]));
    check_post_document_with_uploads(&document, &["chart.png".into()]).unwrap();
    assert!(check_post_document_with_uploads(&document, &["other.png".into()]).is_err());
}

#[test]
fn an_image_s_attributes_have_the_editor_s_types() {
    for (attrs, says) in [
        (
            json!({"src": HOSTED, "width": "1280"}),
            "attrs.width: must be a number or null",
        ),
        (
            json!({"src": HOSTED, "height": true}),
            "attrs.height: must be a number or null",
        ),
        (
            json!({"src": HOSTED, "bytes": "12"}),
            "attrs.bytes: must be a number or null",
        ),
        (json!({"src": HOSTED, "alt": 1}), "attrs.alt: must be a string or null"),
        (
            json!({"src": HOSTED, "title": []}),
            "attrs.title: must be a string or null",
        ),
        (
            json!({"src": HOSTED, "type": {}}),
            "attrs.type: must be a string or null",
        ),
        (
            json!({"src": HOSTED, "href": 3}),
            "attrs.href: must be a string or null",
        ),
        (
            json!({"src": HOSTED, "belowTheFold": null}),
            "attrs.belowTheFold: must be true or false",
        ),
    ] {
        assert_eq!(
            only(doc(json!([image(attrs)]))),
            format!("body.content[0].content[0].{says}")
        );
    }
}

#[test]
fn a_paragraph_and_a_code_block_have_the_editor_s_attribute_types() {
    assert_eq!(
        only(doc(json!([{"type": "paragraph", "attrs": {"textAlign": 1}}]))),
        "body.content[0].attrs.textAlign: must be a string or null"
    );
    for key in ["language", "nodeId"] {
        assert_eq!(
            only(doc(json!([{"type": "highlighted_code_block", "attrs": { key: 5 }}]))),
            format!("body.content[0].attrs.{key}: must be a string or null")
        );
    }
}

#[test]
fn a_link_goes_to_an_absolute_http_https_or_mailto_url() {
    let link = |href: Json| {
        doc(json!([para(
            json!([{"type": "text", "text": "x", "marks": [{"type": "em"}, {"type": "link", "attrs": {"href": href}}]}])
        )]))
    };
    for href in [
        "https://example.com",
        "http://a.b/c?d#e",
        "HTTPS://X.Y",
        "mailto:a@example.com",
    ] {
        passes(link(json!(href)));
    }
    let refused = "body.content[0].content[0].marks[1].attrs.href: must be an absolute http, https or mailto URL; a relative link goes nowhere";
    for href in [
        json!("/bar"),
        json!("bar.html"),
        json!("#top"),
        json!("//example.com/x"),
        json!("https:/x"),
        json!("https:///x"),
        json!("https://"),
        json!("mailto:"),
        json!("javascript:alert(1)"),
        json!("ftp://example.com"),
        json!(7),
    ] {
        assert_eq!(only(link(href.clone())), refused, "{href}");
    }
    assert_eq!(
        only(doc(json!([para(
            json!([{"type": "text", "text": "x", "marks": [{"type": "link"}]}])
        )]))),
        "body.content[0].content[0].marks[0].attrs.href: is required"
    );
}

#[test]
fn a_text_node_has_text() {
    for bad in [
        json!({"type": "text", "text": ""}),
        json!({"type": "text"}),
        json!({"type": "text", "text": 1}),
    ] {
        assert_eq!(
            only(doc(json!([para(json!([bad]))]))),
            "body.content[0].content[0].text: must be a non-empty string"
        );
    }
}

#[test]
fn each_node_stands_where_the_editor_puts_it() {
    for (content, says) in [
        (
            json!([text("loose")]),
            r#"body.content[0]: "text" cannot be inside "doc", which holds blocks"#,
        ),
        (
            json!([{"type": "hard_break"}]),
            r#"body.content[0]: "hard_break" cannot be inside "doc", which holds blocks"#,
        ),
        (
            json!([{"type": "footnoteAnchor", "attrs": {"number": 1}}]),
            r#"body.content[0]: "footnoteAnchor" cannot be inside "doc", which holds blocks"#,
        ),
        (
            json!([{"type": "doc"}]),
            r#"body.content[0]: "doc" cannot be inside "doc", which holds blocks"#,
        ),
        (
            json!([para(json!([para(json!([]))]))]),
            r#"body.content[0].content[0]: "paragraph" cannot be inside "paragraph", which holds inline nodes"#,
        ),
        (
            json!([{"type": "heading", "attrs": {"level": 2}, "content": [{"type": "paywall"}]}]),
            r#"body.content[0].content[0]: "paywall" cannot be inside "heading", which holds inline nodes"#,
        ),
        (
            json!([{"type": "bullet_list", "content": [para(json!([]))]}]),
            r#"body.content[0].content[0]: "paragraph" cannot be inside "bullet_list", which holds list_item"#,
        ),
        (
            json!([{"type": "ordered_list", "content": [para(json!([]))]}]),
            r#"body.content[0].content[0]: "paragraph" cannot be inside "ordered_list", which holds list_item"#,
        ),
        (
            json!([{"type": "bullet_list", "content": [{"type": "list_item", "content": [{"type": "highlighted_code_block"}]}]}]),
            r#"body.content[0].content[0].content[0]: "highlighted_code_block" cannot be inside "list_item", which holds paragraph, bullet_list, ordered_list"#,
        ),
        (
            json!([{"type": "highlighted_code_block", "content": [{"type": "hard_break"}]}]),
            r#"body.content[0].content[0]: "hard_break" cannot be inside "highlighted_code_block", which holds text"#,
        ),
        (
            json!([{"type": "code_block", "content": [para(json!([]))]}]),
            r#"body.content[0].content[0]: "paragraph" cannot be inside "code_block", which holds text"#,
        ),
        (
            json!([{"type": "horizontal_rule", "content": [text("x")]}]),
            r#"body.content[0].content[0]: "text" cannot be inside "horizontal_rule", which holds nothing"#,
        ),
        (
            json!([para(json!([{"type": "hard_break", "content": [text("x")]}]))]),
            r#"body.content[0].content[0].content[0]: "text" cannot be inside "hard_break", which holds nothing"#,
        ),
        (
            json!([para(json!([{"type": "text", "text": "x", "content": [text("y")]}]))]),
            r#"body.content[0].content[0].content[0]: "text" cannot be inside "text", which holds nothing"#,
        ),
        (
            json!([{"type": "captionedImage", "content": [para(json!([]))]}]),
            r#"body.content[0].content[0]: "paragraph" cannot be inside "captionedImage", which holds image2, caption"#,
        ),
        (
            json!([{"type": "captionedImage", "content": [{"type": "image2", "attrs": {"src": HOSTED}, "content": [text("x")]}]}]),
            r#"body.content[0].content[0].content[0]: "text" cannot be inside "image2", which holds nothing"#,
        ),
        (
            json!([{"type": "captionedImage", "content": [{"type": "caption", "content": [para(json!([]))]}]}]),
            r#"body.content[0].content[0].content[0]: "paragraph" cannot be inside "caption", which holds inline nodes"#,
        ),
        (
            json!([{"type": "paywall", "content": [text("x")]}]),
            r#"body.content[0].content[0]: "text" cannot be inside "paywall", which holds nothing"#,
        ),
        (
            json!([{"type": "youtube2", "attrs": {"videoId": "x"}, "content": [text("x")]}]),
            r#"body.content[0].content[0]: "text" cannot be inside "youtube2", which holds nothing"#,
        ),
        (
            json!([{"type": "blockquote", "content": [text("x")]}]),
            r#"body.content[0].content[0]: "text" cannot be inside "blockquote", which holds blocks"#,
        ),
    ] {
        assert_eq!(only(doc(content)), says);
    }
}

#[test]
fn what_is_not_a_node_is_named() {
    for bad in [
        json!("text"),
        json!(null),
        json!([]),
        json!({"text": "x"}),
        json!({"type": 3}),
    ] {
        assert_eq!(
            only(doc(json!([bad]))),
            "body.content[0]: is not a node: a node is an object with a string type"
        );
    }
    assert_eq!(
        only(json!({"type": "doc", "content": {"0": para(json!([]))}})),
        "body.content: must be an array of nodes"
    );
    for root in [json!(null), json!({"type": "paragraph"}), json!([]), json!("doc")] {
        assert_eq!(
            only(root),
            r#"body: must be a post document (an object with type "doc")"#
        );
    }
    passes(json!({"type": "doc"}));
    passes(doc(json!([])));
}

#[test]
fn deep_nesting_is_reported_not_followed() {
    let mut node = para(json!([text("deep")]));
    for _ in 0..300 {
        node = json!({"type": "blockquote", "content": [node]});
    }
    let deep = doc(json!([node]));
    let all = found(&deep);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].ends_with(": nodes nested more than 100 deep are not checked"),
        "{}",
        all[0]
    );
    assert_eq!(all[0].matches(".content[0]").count(), MAX_DEPTH);
    // 99 quotes under the doc hold their paragraph and text within the cap.
    let mut fine = para(json!([text("ok")]));
    for _ in 0..(MAX_DEPTH - 2) {
        fine = json!({"type": "blockquote", "content": [fine]});
    }
    passes(doc(json!([fine])));
}

#[test]
fn the_check_stops_at_the_first_violation_and_the_list_has_them_all_in_order() {
    let document = doc(json!([
        {"type": "codeBlock"},
        {"type": "heading", "attrs": {"level": 9}},
        image(json!({"src": "https://example.com/a.png"})),
    ]));
    let all = unrendered(&document);
    assert_eq!(
        all.iter().map(|v| v.path.as_str()).collect::<Vec<_>>(),
        [
            "body.content[0]",
            "body.content[1].attrs.level",
            "body.content[2].content[0].attrs.src"
        ]
    );
    assert_eq!(
        check_post_document(&document).unwrap_err().message,
        format!("{}: {}", all[0].path, all[0].reason)
    );
}

#[test]
fn urls_are_read_by_hand_as_the_rules_say() {
    assert!(is_absolute_href("https://a"));
    assert!(!is_absolute_href("https:"));
    assert!(!is_absolute_href("https"));
    assert!(is_absolute_href("MailTo:x"));
    assert!(is_hosted_image("https://substackcdn.com"));
    assert!(is_hosted_image("https://substackcdn.com#x"));
    assert!(!is_hosted_image("https://substackcdn.com.evil"));
    assert!(!is_hosted_image("https://substackcdn.co"));
    assert!(!is_hosted_image("https:/"));
    assert!(!is_hosted_image("é"));
    assert!(is_hosted_image("https://bucketeer-A-1.s3.amazonaws.com/x"));
    assert!(!is_hosted_image("https://bucketeer-a_1.s3.amazonaws.com/x"));
    assert!(!is_hosted_image("https://xbucketeer-a.s3.amazonaws.com/x"));
}

#[cfg(feature = "markdown")]
mod markdown {
    use super::super::*;
    use crate::post_body::markdown::markdown_to_post_doc;

    /// Markdown only ever makes documents the editor renders.
    #[test]
    fn every_document_the_markdown_makes_keeps_the_rules() {
        let inputs = [
            crate::post_body::markdown::tests::ARTICLE,
            "- one\n-",
            "> one\n>\n> > two",
            "1. a\n   - b\n     - c\n",
            "```\n```\n",
            "    indented\n",
            "Text with a [link](https://example.com) and ![img](pic.png).",
            &(">".repeat(32) + " deep"),
            &(0..16).map(|depth| format!("{}- level {depth}\n", "  ".repeat(depth))).collect::<String>(),
            "Code:\n\n```rs\nfn main() {}\n```\n\n<!-- paywall -->\n\nhttps://youtu.be/dQw4w9WgXcQ\n\nA note.[^1]\n\n[^1]: The note.",
        ];
        for markdown in inputs {
            let doc = markdown_to_post_doc(markdown).unwrap();
            let uploads = doc.image_sources();
            let parsed: serde_json::Value = serde_json::from_str(&doc.to_json()).unwrap();
            let mut walk = Walk::new(&uploads, false);
            walk.root(&parsed);
            assert_eq!(walk.found, [], "{markdown:?}");
            check_written::<serde_json::Value>(&doc, &uploads).unwrap();
        }
    }
}

/// The documents whose violations the local service's checker must list alike.
fn examples() -> Vec<Json> {
    vec![
        doc(json!([{"type": "codeBlock", "attrs": {"language": "js"}, "content": [text("x")]}])),
        doc(
            json!([{"type": "bulletList", "content": [{"type": "listItem", "content": [para(json!([text("x")]))]}]},
            {"type": "orderedList", "content": []}]),
        ),
        doc(
            json!([{"type": "heading", "attrs": {"level": 7}}, {"type": "heading"}, {"type": "heading", "attrs": {"level": 2.5}}]),
        ),
        doc(json!([{"type": "ordered_list", "attrs": {"start": -1}, "content": [para(json!([]))]}])),
        doc(json!([{"type": "youtube2", "attrs": {"videoId": "https://youtu.be/x"}}, {"type": "youtube2"}])),
        doc(
            json!([para(json!([text("a"), {"type": "footnoteAnchor", "attrs": {"number": 0}}])),
            {"type": "footnote", "attrs": {"number": "1"}, "content": [{"type": "heading", "attrs": {"level": 1}}]}]),
        ),
        doc(json!([{"type": "paywall"}, {"type": "paywall"}, {"type": "paywall", "content": [text("x")]}])),
        doc(
            json!([image(json!({"src": "https://example.com/a.png"})), image(json!({"src": HOSTED, "width": "1", "belowTheFold": 0, "alt": 1})),
            image(json!({})), {"type": "captionedImage", "content": [para(json!([]))]}]),
        ),
        doc(json!([para(
            json!([{"type": "text", "text": "x", "marks": [{"type": "link", "attrs": {"href": "/bar"}}, {"type": "link"}, {"type": "bold"}, 3]}])
        )])),
        doc(json!([para(json!([{"type": "text", "text": ""}, {"type": "text"}])), text("loose"), "junk", {"type": 1}])),
        doc(
            json!([{"type": "digestPostEmbed", "content": [{"type": "codeBlock"}, "x"]}, {"type": "button", "attrs": {"url": "%%checkout_url%%"}}]),
        ),
        doc(json!([{"type": "bullet_list", "content": [{"type": "list_item", "content": [{"type": "blockquote"}]}]}])),
        doc(
            json!([{"type": "highlighted_code_block", "attrs": {"language": 1, "nodeId": null}, "content": [{"type": "hard_break"}]}]),
        ),
        doc(json!([{"type": "paragraph", "attrs": {"textAlign": 0}, "content": {"x": 1}}])),
        json!({"type": "doc", "content": [{"type": "doc"}]}),
        json!({"type": "nope"}),
        json!(null),
        {
            let mut node = para(json!([text("deep")]));
            for _ in 0..120 {
                node = json!({"type": "blockquote", "content": [node]});
            }
            doc(json!([node]))
        },
        doc(
            json!([{"type": "paragraph", "attrs": {"textAlign": null}, "content": [text("ok")]},
            {"type": "highlighted_code_block", "attrs": {"language": "plaintext", "nodeId": null}, "content": [text("x")]}]),
        ),
    ]
}

fn value_json(value: Value) -> Json {
    let kind = match value {
        Value::TextOrNull => "text-or-null",
        Value::Integer { .. } => "integer",
        Value::NumberOrNull => "number-or-null",
        Value::Flag => "flag",
        Value::VideoId => "video-id",
        Value::HostedImage => "hosted-image",
        Value::AbsoluteHref => "absolute-href",
    };
    let mut out = json!({"value": kind, "requirement": requirement(value)});
    if let Value::Integer { min, max } = value {
        out["min"] = json!(min);
        out["max"] = json!(max);
    }
    out
}

/// In the table's order, which is the order the checks report in.
fn attrs_json(attrs: &[Attr]) -> Json {
    attrs
        .iter()
        .map(|attr| {
            let mut rule = value_json(attr.value);
            rule["name"] = json!(attr.name);
            rule["required"] = json!(attr.required);
            rule
        })
        .collect()
}

fn evidence(name: &str) -> &'static str {
    EVIDENCE
        .iter()
        .find(|(named, _)| *named == name)
        .map(|(_, sources)| *sources)
        .unwrap()
}

#[test]
fn every_rule_names_its_evidence() {
    let names: Vec<&str> = (NODES.iter().map(|rule| rule.name))
        .chain(UNRENDERED.iter().map(|gone| gone.name))
        .chain(MARKS.iter().map(|mark| mark.name))
        .collect();
    assert_eq!(EVIDENCE.iter().map(|(name, _)| *name).collect::<Vec<_>>(), names);
}

fn rules_json() -> String {
    let nodes: serde_json::Map<String, Json> = NODES
        .iter()
        .map(|rule| {
            let role = match rule.role {
                Role::Document => "document",
                Role::Block => "block",
                Role::Inline => "inline",
            };
            let content = match rule.content {
                Content::Nothing => json!("nothing"),
                Content::Inline => json!("inline"),
                Content::Text => json!("text"),
                Content::Blocks => json!("blocks"),
                Content::Only(names) => json!(names),
            };
            let mut holds = String::new();
            push_holds(&mut holds, rule.content);
            (
                rule.name.to_string(),
                json!({"role": role, "attrs": attrs_json(rule.attrs), "content": content, "holds": holds, "evidence": evidence(rule.name)}),
            )
        })
        .collect();
    let gone: serde_json::Map<String, Json> = UNRENDERED
        .iter()
        .map(|gone| {
            (
                gone.name.to_string(),
                json!({"write": gone.write, "evidence": evidence(gone.name)}),
            )
        })
        .collect();
    let marks: serde_json::Map<String, Json> = MARKS
        .iter()
        .map(|mark| (mark.name.to_string(), json!({"attrs": attrs_json(mark.attrs)})))
        .collect();
    let mut text = serde_json::to_string_pretty(&json!({
        "note": "The post editor's rules (http-contract-drafts §4), generated from publisher-core/src/post_body/rules.rs by cargo test (UPDATE_POST_RULES=1 rewrites it); do not edit.",
        "root": "body",
        "maxDepth": MAX_DEPTH,
        "hostedImageHosts": HOSTED_IMAGE_HOSTS,
        "hrefSchemes": HREF_SCHEMES,
        "atMostOne": AT_MOST_ONE,
        "unrendered": gone,
        "nodes": nodes,
        "marks": marks,
    }))
    .unwrap();
    text.push('\n');
    text
}

fn examples_json() -> String {
    let examples: Vec<Json> = examples()
        .into_iter()
        .map(|document| {
            let found: Vec<Json> = unrendered(&document)
                .into_iter()
                .map(|v| json!({"path": v.path, "reason": v.reason}))
                .collect();
            json!({"document": document, "unrendered": found})
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&json!({
        "note": "Documents and what the core's check_post_document lists for each (publisher-core/src/post_body/rules_tests.rs; UPDATE_POST_RULES=1 cargo test rewrites it).",
        "examples": examples,
    }))
    .unwrap();
    text.push('\n');
    text
}

#[test]
fn the_local_service_reads_the_current_rules() {
    crate::test_support::check_generated(
        "local-service/post-rules.generated.json",
        &rules_json(),
        "UPDATE_POST_RULES",
    );
    crate::test_support::check_generated(
        "local-service/test/post-rules-examples.generated.json",
        &examples_json(),
        "UPDATE_POST_RULES",
    );
}

#[test]
fn every_example_shows_a_violation_but_the_last_which_passes() {
    let all = examples();
    let (last, rest) = all.split_last().unwrap();
    for example in rest {
        assert!(!unrendered(example).is_empty(), "{example}");
    }
    assert_eq!(unrendered(last), []);
}
