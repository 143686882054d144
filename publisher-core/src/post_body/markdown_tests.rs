//! Each supported element and the exact JSON it becomes; each refused construct and the
//! sentence, with its line, that refuses it.

use super::*;
use crate::error::ErrorKind;
use crate::post_body::document::UploadedImage;

/// The document's JSON for `markdown`.
fn json(markdown: &str) -> String {
    match markdown_to_post_doc(markdown) {
        Ok(doc) => doc.to_json(),
        Err(error) => panic!("{markdown:?} was refused: {}", error.message),
    }
}

/// A document of these blocks, as JSON.
fn doc(blocks: &str) -> String {
    format!(r#"{{"type":"doc","content":[{blocks}]}}"#)
}

/// The sentence refusing `markdown`, checked to be an `invalid-argument`.
fn refusal(markdown: &str) -> String {
    match markdown_to_post_doc(markdown) {
        Ok(doc) => panic!("{markdown:?} was accepted: {}", doc.to_json()),
        Err(error) => {
            assert_eq!(error.kind, ErrorKind::InvalidArgument, "{markdown:?}");
            error.message
        }
    }
}

const P_ONE: &str = r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"one"}]}"#;
const P_TWO: &str = r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"two"}]}"#;

#[test]
fn headings_of_every_level_keep_their_level() {
    for level in 1..=6 {
        let hashes = "#".repeat(level);
        assert_eq!(
            json(&format!("{hashes} Title {level}")),
            doc(&format!(
                r#"{{"type":"heading","attrs":{{"level":{level}}},"content":[{{"type":"text","text":"Title {level}"}}]}}"#
            ))
        );
    }
    assert_eq!(
        json("Setext\n------"),
        doc(r#"{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Setext"}]}"#)
    );
}

#[test]
fn paragraphs_are_separate_and_a_soft_break_is_a_space() {
    assert_eq!(json("one\n\ntwo"), doc(&format!("{P_ONE},{P_TWO}")));
    assert_eq!(
        json("one\ntwo"),
        doc(r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"one two"}]}"#)
    );
}

#[test]
fn hard_breaks_are_hard_break_nodes() {
    let expected = doc(concat!(
        r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"one"},{"type":"hard_break"},"#,
        r#"{"type":"text","text":"two"},{"type":"hard_break"},{"type":"text","text":"three"}]}"#
    ));
    assert_eq!(json("one  \ntwo\\\nthree"), expected);
}

#[test]
fn bold_and_italic_are_strong_and_em() {
    assert_eq!(
        json("**b** *i* __b__ _i_ ***bi***"),
        doc(concat!(
            r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"b","marks":[{"type":"strong"}]},"#,
            r#"{"type":"text","text":" "},{"type":"text","text":"i","marks":[{"type":"em"}]},"#,
            r#"{"type":"text","text":" "},{"type":"text","text":"b","marks":[{"type":"strong"}]},"#,
            r#"{"type":"text","text":" "},{"type":"text","text":"i","marks":[{"type":"em"}]},"#,
            r#"{"type":"text","text":" "},{"type":"text","text":"bi","marks":[{"type":"strong"},{"type":"em"}]}]}"#
        ))
    );
}

#[test]
fn strikethrough_is_a_mark() {
    assert_eq!(
        json("~~gone~~ kept"),
        doc(concat!(
            r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"gone","marks":[{"type":"strikethrough"}]},"#,
            r#"{"type":"text","text":" kept"}]}"#
        ))
    );
}

#[test]
fn inline_code_is_a_code_mark_beside_the_others() {
    assert_eq!(
        json("use `x()` and **`y`**"),
        doc(concat!(
            r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"use "},"#,
            r#"{"type":"text","text":"x()","marks":[{"type":"code"}]},{"type":"text","text":" and "},"#,
            r#"{"type":"text","text":"y","marks":[{"type":"strong"},{"type":"code"}]}]}"#
        ))
    );
}

#[test]
fn links_are_link_marks_with_their_href() {
    assert_eq!(
        json("[site](https://e.test/a?b=1 \"T\") **[bold](https://e.test/b)** <me@e.test> [no target]()"),
        doc(concat!(
            r#"{"type":"paragraph","attrs":{"textAlign":null},"content":["#,
            r#"{"type":"text","text":"site","marks":[{"type":"link","attrs":{"href":"https://e.test/a?b=1"}}]},"#,
            r#"{"type":"text","text":" "},"#,
            r#"{"type":"text","text":"bold","marks":[{"type":"strong"},{"type":"link","attrs":{"href":"https://e.test/b"}}]},"#,
            r#"{"type":"text","text":" "},"#,
            r#"{"type":"text","text":"me@e.test","marks":[{"type":"link","attrs":{"href":"mailto:me@e.test"}}]},"#,
            r#"{"type":"text","text":" no target"}]}"#
        ))
    );
}

#[test]
fn a_link_that_runs_code_is_refused() {
    for target in [
        "javascript:alert(1)",
        "JavaScript:x",
        "<java\tscript:x>",
        "data:text/html,hi",
        "<vbscript:x>",
    ] {
        let message = refusal(&format!("text\n\n[a]({target})"));
        assert!(message.starts_with("Markdown line 3: the link to \""), "{message}");
        assert!(
            message.ends_with("runs code, which a post may not link to"),
            "{message}"
        );
    }
    assert!(json("[a](https://e.test/javascript:)").contains(r#""href":"https://e.test/javascript:""#));
}

#[test]
fn bullet_lists_are_bullet_list_and_list_item() {
    assert_eq!(
        json("- one\n- two"),
        doc(&format!(
            r#"{{"type":"bullet_list","content":[{{"type":"list_item","content":[{P_ONE}]}},{{"type":"list_item","content":[{P_TWO}]}}]}}"#
        ))
    );
}

#[test]
fn ordered_lists_are_ordered_list_with_a_start_other_than_one() {
    let items = format!(r#"[{{"type":"list_item","content":[{P_ONE}]}},{{"type":"list_item","content":[{P_TWO}]}}]"#);
    assert_eq!(
        json("1. one\n2. two"),
        doc(&format!(r#"{{"type":"ordered_list","content":{items}}}"#))
    );
    assert_eq!(
        json("3. one\n4. two"),
        doc(&format!(
            r#"{{"type":"ordered_list","attrs":{{"start":3}},"content":{items}}}"#
        ))
    );
}

#[test]
fn nested_lists_are_inside_their_item_after_its_paragraph() {
    assert_eq!(
        json("- one\n  1. two\n     - three\n- four"),
        doc(concat!(
            r#"{"type":"bullet_list","content":["#,
            r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"one"}]},"#,
            r#"{"type":"ordered_list","content":["#,
            r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"two"}]},"#,
            r#"{"type":"bullet_list","content":["#,
            r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"three"}]}]}"#,
            r#"]}]}]}]},"#,
            r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"four"}]}]}]}"#
        ))
    );
}

#[test]
fn a_loose_list_item_holds_each_of_its_paragraphs() {
    assert_eq!(
        json("- one\n\n  two"),
        doc(&format!(
            r#"{{"type":"bullet_list","content":[{{"type":"list_item","content":[{P_ONE},{P_TWO}]}}]}}"#
        ))
    );
}

#[test]
fn an_empty_list_item_holds_an_empty_paragraph() {
    assert_eq!(
        json("- one\n-"),
        doc(&format!(
            r#"{{"type":"bullet_list","content":[{{"type":"list_item","content":[{P_ONE}]}},{{"type":"list_item","content":[{{"type":"paragraph","attrs":{{"textAlign":null}}}}]}}]}}"#
        ))
    );
}

#[test]
fn blockquotes_hold_their_blocks_nested_quotes_too() {
    assert_eq!(
        json("> one\n>\n> > two"),
        doc(&format!(
            r#"{{"type":"blockquote","content":[{P_ONE},{{"type":"blockquote","content":[{P_TWO}]}}]}}"#
        ))
    );
}

#[test]
fn fenced_code_blocks_are_highlighted_code_blocks_with_a_highlight_js_language() {
    assert_eq!(
        json("```rust title=x\nfn main() {}\n  \"x\"\n```"),
        doc(concat!(
            r#"{"type":"highlighted_code_block","attrs":{"language":"rust","nodeId":null},"#,
            r#""content":[{"type":"text","text":"fn main() {}\n  \"x\""}]}"#
        ))
    );
    for (fence, language) in [
        ("js", "javascript"),
        ("Py", "python"),
        ("sh", "bash"),
        ("yml", "yaml"),
        ("C++", "cpp"),
    ] {
        assert!(
            json(&format!("```{fence}\nx\n```")).contains(&format!(r#""language":"{language}""#)),
            "{fence}"
        );
    }
}

#[test]
fn a_code_block_without_a_language_is_plaintext() {
    assert_eq!(
        json("~~~\nplain\n~~~"),
        doc(concat!(
            r#"{"type":"highlighted_code_block","attrs":{"language":"plaintext","nodeId":null},"#,
            r#""content":[{"type":"text","text":"plain"}]}"#
        ))
    );
}

#[test]
fn indented_code_blocks_are_plaintext() {
    assert_eq!(
        json("    a\n    b"),
        doc(concat!(
            r#"{"type":"highlighted_code_block","attrs":{"language":"plaintext","nodeId":null},"#,
            r#""content":[{"type":"text","text":"a\nb"}]}"#
        ))
    );
}

#[test]
fn an_empty_code_block_has_no_text_node() {
    assert_eq!(
        json("```js\n```"),
        doc(r#"{"type":"highlighted_code_block","attrs":{"language":"javascript","nodeId":null}}"#)
    );
}

#[test]
fn horizontal_rules_are_horizontal_rule() {
    assert_eq!(
        json("one\n\n---\n\ntwo\n\n***"),
        doc(&format!(
            r#"{P_ONE},{{"type":"horizontal_rule"}},{P_TWO},{{"type":"horizontal_rule"}}"#
        ))
    );
}

/// A `captionedImage` whose `image2` has the editor's attributes, none uploaded yet.
fn image(src: &str, alt: &str, caption: Option<&str>) -> String {
    let alt = if alt.is_empty() {
        "null".to_string()
    } else {
        format!("\"{alt}\"")
    };
    let title = caption.map_or("null".to_string(), |title| format!("\"{title}\""));
    let mut out = format!(
        concat!(
            r#"{{"type":"captionedImage","content":[{{"type":"image2","attrs":{{"src":"{}","fullscreen":null,"imageSize":null,"#,
            r#""height":null,"width":null,"resizeWidth":null,"bytes":null,"alt":{},"title":{},"type":null,"#,
            r#""href":null,"belowTheFold":false,"internalRedirect":null}}}}"#
        ),
        src, alt, title
    );
    if let Some(caption) = caption {
        out.push_str(&format!(
            r#",{{"type":"caption","content":[{{"type":"text","text":"{caption}"}}]}}"#
        ));
    }
    out.push_str("]}");
    out
}

#[test]
fn an_image_without_a_title_is_a_captioned_image_without_caption() {
    assert_eq!(json("![A *cat*](cat.png)"), doc(&image("cat.png", "A cat", None)));
    assert_eq!(
        json("![](https://e.test/c.png)"),
        doc(&image("https://e.test/c.png", "", None))
    );
}

#[test]
fn an_images_title_is_its_caption() {
    assert_eq!(
        json("![A cat](cat.png \"Our cat, asleep\")"),
        doc(&image("cat.png", "A cat", Some("Our cat, asleep")))
    );
}

#[test]
fn an_image_inside_a_paragraph_is_lifted_out_and_splits_it() {
    let image = image("x.png", "x", None);
    assert_eq!(
        json("**one** ![x](x.png) two"),
        doc(&format!(
            r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"one","marks":[{{"type":"strong"}}]}}]}},{image},{P_TWO}"#
        ))
    );
    // No empty paragraph is left on either side, nor one of a line break alone.
    assert_eq!(json("![x](x.png)\ntwo"), doc(&format!("{image},{P_TWO}")));
    assert_eq!(json("one  \n![x](x.png)"), doc(&format!("{P_ONE},{image}")));
    assert_eq!(json("![x](x.png) ![x](x.png)"), doc(&format!("{image},{image}")));
}

#[test]
fn an_uploaded_image_carries_the_uploads_answer() {
    let mut doc = markdown_to_post_doc("![a](cover.png)\n\n> ![b](chart.png)\n\n![c](cover.png \"C\")").unwrap();
    assert_eq!(doc.image_sources(), ["cover.png", "chart.png", "cover.png"]);
    let uploaded = UploadedImage {
        url: "https://cdn.test/1.png".into(),
        width: Some(1456),
        height: Some(182),
        bytes: Some(12122),
        content_type: Some("image/png".into()),
    };
    assert_eq!(doc.set_uploaded("cover.png", &uploaded), 2);
    assert_eq!(
        doc.image_sources(),
        ["https://cdn.test/1.png", "chart.png", "https://cdn.test/1.png"]
    );
    let json = doc.to_json();
    assert!(
        json.contains(concat!(
            r#"{"type":"image2","attrs":{"src":"https://cdn.test/1.png","fullscreen":null,"imageSize":null,"#,
            r#""height":182,"width":1456,"resizeWidth":null,"bytes":12122,"alt":"c","title":"C","type":"image/png","#,
            r#""href":null,"belowTheFold":false,"internalRedirect":null}}"#
        )),
        "{json}"
    );
    assert!(json.contains(&image("chart.png", "b", None)), "{json}");
    assert_eq!(doc.set_uploaded("missing.png", &uploaded), 0);
}

#[test]
fn empty_markdown_is_refused() {
    for markdown in ["", "   ", "\n\t\n  \n"] {
        assert_eq!(refusal(markdown), "the Markdown is empty: a post needs some text");
    }
    assert_eq!(
        refusal("[a]: https://e.test/"),
        "the Markdown has nothing to put in a post: it holds only link definitions or empty elements"
    );
}

#[test]
fn raw_html_blocks_are_refused_with_their_line() {
    assert_eq!(
        refusal("# Title\n\n<div class=\"x\">\nhi\n</div>"),
        "Markdown line 3: raw HTML (`<div class=\"x\">`) is not supported in a post; write it in Markdown"
    );
    assert!(refusal("a\n\n<!-- note -->").starts_with("Markdown line 3: raw HTML (`<!-- note -->`)"));
    assert!(refusal("a\n\n<!-- paywall --> <!-- paywall -->").starts_with("Markdown line 3: raw HTML"));
}

#[test]
fn inline_html_is_refused_with_its_line() {
    assert_eq!(
        refusal("one\ntwo <span>x</span>"),
        "Markdown line 2: raw HTML (`<span>`) is not supported in a post; write it in Markdown"
    );
}

#[test]
fn tables_are_refused_with_their_line() {
    assert_eq!(
        refusal("Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |"),
        "Markdown line 3: tables are not supported in a post; write the table as a list or an image"
    );
}

/// A paragraph of this text.
fn para(text: &str) -> String {
    format!(r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"{text}"}}]}}"#)
}

/// A `footnoteAnchor`.
fn anchor(number: u32) -> String {
    format!(r#"{{"type":"footnoteAnchor","attrs":{{"number":{number}}}}}"#)
}

/// A `footnote` of one paragraph.
fn footnote(number: u32, text: &str) -> String {
    format!(
        r#"{{"type":"footnote","attrs":{{"number":{number}}},"content":[{}]}}"#,
        para(text)
    )
}

#[test]
fn footnotes_are_anchors_and_notes_at_the_end_numbered_by_first_reference() {
    // Defined in another order than referred to, one definition before its reference.
    let markdown = "[^b]: Note B.\n\nOne[^a] two[^b].\n\n## After\n\n[^a]: Note A.\n";
    assert_eq!(
        json(markdown),
        doc(&format!(
            concat!(
                r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"One"}},{},"#,
                r#"{{"type":"text","text":" two"}},{},{{"type":"text","text":"."}}]}},"#,
                r#"{{"type":"heading","attrs":{{"level":2}},"content":[{{"type":"text","text":"After"}}]}},{},{}"#
            ),
            anchor(1),
            anchor(2),
            footnote(1, "Note A."),
            footnote(2, "Note B.")
        ))
    );
}

#[test]
fn a_footnote_referred_to_twice_is_repeated_with_its_own_number() {
    assert_eq!(
        json("A[^x] b[^y] c[^X]\n\n[^x]: Ex.\n\n[^y]: Why.\n"),
        doc(&format!(
            concat!(
                r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"A"}},{},"#,
                r#"{{"type":"text","text":" b"}},{},{{"type":"text","text":" c"}},{}]}},{},{},{}"#
            ),
            anchor(1),
            anchor(2),
            anchor(3),
            footnote(1, "Ex."),
            footnote(2, "Why."),
            footnote(3, "Ex.")
        ))
    );
}

#[test]
fn a_footnote_holds_paragraphs_and_may_be_empty() {
    assert_eq!(
        json("A[^n]\n\n[^n]: One.\n\n    Two.\n"),
        doc(&format!(
            r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"A"}},{}]}},{{"type":"footnote","attrs":{{"number":1}},"content":[{},{}]}}"#,
            anchor(1),
            para("One."),
            para("Two.")
        ))
    );
    assert!(json("A[^n]\n\n[^n]:\n").ends_with(
        r#"{"type":"footnote","attrs":{"number":1},"content":[{"type":"paragraph","attrs":{"textAlign":null}}]}]}"#
    ));
}

#[test]
fn footnotes_without_their_other_half_are_refused_with_their_line() {
    assert_eq!(
        refusal("one\n\ntwo[^1]"),
        "Markdown line 3: the footnote [^1] has no definition; add a line \"[^1]: the note\" after the paragraph, or write \\[^1] for the brackets as text"
    );
    assert_eq!(
        refusal("one[^a]\n\n[^a]: A\n\n[^n]: a definition alone"),
        "Markdown line 5: the footnote [^n] is never referred to; refer to it with [^n] in the text, or remove it"
    );
    assert_eq!(
        refusal("one[^a]\n\n[^a]: A\n\n[^a]: again"),
        "Markdown line 5: the footnote [^a] is defined twice (first on line 3); keep one definition"
    );
    // Brackets that are not a footnote stay text.
    assert_eq!(json("\\[^1] [^ x] [x]"), doc(&para("[^1] [^ x] [x]")));
}

#[test]
fn a_footnote_where_the_editor_cannot_hold_one_is_refused() {
    assert_eq!(
        refusal("A[^a]\n\n[^a]: B[^b]\n\n[^b]: C"),
        "Markdown line 3: a footnote inside a footnote is not supported in a post; write the note in its text"
    );
    assert_eq!(
        refusal("A[^a]\n\n[^a]: B\n\n    ```\n    code\n    ```\n\n    - list"),
        "Markdown line 5: a code block inside a footnote is not supported in a post (a footnote holds paragraphs); put the code block in the text"
    );
    assert!(refusal("A[^a]\n\n[^a]: B\n\n    - item").starts_with("Markdown line 5: a list inside a footnote"));
}

#[test]
fn task_lists_are_refused_and_math_stays_text() {
    assert_eq!(
        refusal("Intro\n\n- [ ] todo"),
        "Markdown line 3: task lists are not supported in a post; write the items as a plain list"
    );
    // Math, definition lists, superscript: their options are off (a price in dollars is
    // not a formula), so what they would read is kept as written, never dropped.
    assert_eq!(json("$x^2$\n: def"), doc(&para("$x^2$ : def")));
}

#[test]
fn images_where_a_post_cannot_show_them_are_refused_with_their_line() {
    assert_eq!(
        refusal("a\n[![x](x.png)](https://e.test)"),
        "Markdown line 2: an image inside a link is not supported in a post; put the link beside the image"
    );
    assert_eq!(
        refusal("\n# A ![x](x.png)"),
        "Markdown line 2: an image inside a heading is not supported in a post; put the image on a line of its own"
    );
    assert_eq!(
        refusal("![x]()"),
        "Markdown line 1: an image without an address is not supported in a post; give its URL or the name of one of the draft's images"
    );
}

#[test]
fn deep_nesting_is_refused_and_long_input_does_not_overflow() {
    let deep = ">".repeat(50_000) + " deep";
    assert!(refusal(&deep).starts_with("Markdown line 1: lists and quotes nested more than 32 deep"));
    let deep_list: String = (0..40).map(|depth| format!("{}- x\n", "  ".repeat(depth))).collect();
    assert!(refusal(&deep_list).contains("nested more than 32 deep"));
    // 32 levels are fine.
    let ok = ">".repeat(32) + " deep";
    assert!(json(&ok).contains("deep"));
    for markdown in [
        "*".repeat(50_000) + "x",
        "[".repeat(20_000) + "x",
        "a\n".repeat(100_000),
        "- ".repeat(20_000) + "deep",
    ] {
        let _ = markdown_to_post_doc(&markdown);
    }
    for markdown in [
        "*".repeat(50_000) + "x",
        "[".repeat(20_000) + "x",
        "a\n".repeat(100_000),
    ] {
        assert!(markdown_to_post_doc(&markdown).is_ok());
    }
}

/// A Markdown article with every construct of the dialect.
pub(crate) const ARTICLE: &str = r##"# The weekly issue

An *opening* paragraph with **bold**, ~~struck~~, `code` and a [link](https://example.test/).
A soft break, and a hard one:  
here.

## Lists

- first
- second
  1. nested one
  2. nested two

3. three
4. four

### Quote and code

> Quoted **words**.

```python
print("hi")
```

    indented code

---

A photo ![A lake](lake.png "The lake at dawn") between words.

![Chart](chart.png)

#### Four

##### Five

###### Six

<!-- paywall -->

For subscribers, a video:

https://www.youtube.com/watch?v=dQw4w9WgXcQ

A claim[^source] and a mention <!-- publisher-node {"type":"substack_mentions","attrs":{"name":"A"}} --> inline.

<!-- publisher-node {"type":"button","attrs":{"url":"%%checkout_url%%","text":"Subscribe"}} -->

[^source]: Where it comes from.
"##;

#[test]
fn an_article_with_every_element_becomes_this_exact_document() {
    let expected = concat!(
        r#"{"type":"doc","content":["#,
        r#"{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"The weekly issue"}]},"#,
        r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"An "},{"type":"text","text":"opening","marks":[{"type":"em"}]},"#,
        r#"{"type":"text","text":" paragraph with "},{"type":"text","text":"bold","marks":[{"type":"strong"}]},"#,
        r#"{"type":"text","text":", "},{"type":"text","text":"struck","marks":[{"type":"strikethrough"}]},"#,
        r#"{"type":"text","text":", "},{"type":"text","text":"code","marks":[{"type":"code"}]},"#,
        r#"{"type":"text","text":" and a "},{"type":"text","text":"link","marks":[{"type":"link","attrs":{"href":"https://example.test/"}}]},"#,
        r#"{"type":"text","text":". A soft break, and a hard one:"},{"type":"hard_break"},{"type":"text","text":"here."}]},"#,
        r#"{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Lists"}]},"#,
        r#"{"type":"bullet_list","content":["#,
        r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"first"}]}]},"#,
        r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"second"}]},"#,
        r#"{"type":"ordered_list","content":["#,
        r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"nested one"}]}]},"#,
        r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"nested two"}]}]}]}]}]},"#,
        r#"{"type":"ordered_list","attrs":{"start":3},"content":["#,
        r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"three"}]}]},"#,
        r#"{"type":"list_item","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"four"}]}]}]},"#,
        r#"{"type":"heading","attrs":{"level":3},"content":[{"type":"text","text":"Quote and code"}]},"#,
        r#"{"type":"blockquote","content":[{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"Quoted "},"#,
        r#"{"type":"text","text":"words","marks":[{"type":"strong"}]},{"type":"text","text":"."}]}]},"#,
        r#"{"type":"highlighted_code_block","attrs":{"language":"python","nodeId":null},"content":[{"type":"text","text":"print(\"hi\")"}]},"#,
        r#"{"type":"highlighted_code_block","attrs":{"language":"plaintext","nodeId":null},"content":[{"type":"text","text":"indented code"}]},"#,
        r#"{"type":"horizontal_rule"},"#,
        r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"A photo"}]},"#,
        r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"lake.png","fullscreen":null,"imageSize":null,"#,
        r#""height":null,"width":null,"resizeWidth":null,"bytes":null,"alt":"A lake","title":"The lake at dawn","type":null,"#,
        r#""href":null,"belowTheFold":false,"internalRedirect":null}},"#,
        r#"{"type":"caption","content":[{"type":"text","text":"The lake at dawn"}]}]},"#,
        r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"between words."}]},"#,
        r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"chart.png","fullscreen":null,"imageSize":null,"#,
        r#""height":null,"width":null,"resizeWidth":null,"bytes":null,"alt":"Chart","title":null,"type":null,"#,
        r#""href":null,"belowTheFold":false,"internalRedirect":null}}]},"#,
        r#"{"type":"heading","attrs":{"level":4},"content":[{"type":"text","text":"Four"}]},"#,
        r#"{"type":"heading","attrs":{"level":5},"content":[{"type":"text","text":"Five"}]},"#,
        r#"{"type":"heading","attrs":{"level":6},"content":[{"type":"text","text":"Six"}]},"#,
        r#"{"type":"paywall"},"#,
        r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"For subscribers, a video:"}]},"#,
        r#"{"type":"youtube2","attrs":{"videoId":"dQw4w9WgXcQ"}},"#,
        r#"{"type":"paragraph","attrs":{"textAlign":null},"content":[{"type":"text","text":"A claim"},"#,
        r#"{"type":"footnoteAnchor","attrs":{"number":1}},{"type":"text","text":" and a mention "},"#,
        r#"{"type":"substack_mentions","attrs":{"name":"A"}},{"type":"text","text":" inline."}]},"#,
        r#"{"type":"button","attrs":{"url":"%%checkout_url%%","text":"Subscribe"}},"#,
        r#"{"type":"footnote","attrs":{"number":1},"content":[{"type":"paragraph","attrs":{"textAlign":null},"#,
        r#""content":[{"type":"text","text":"Where it comes from."}]}]}]}"#
    );
    assert_eq!(json(ARTICLE), expected);
}

#[test]
fn a_long_piece_of_html_is_quoted_by_its_first_forty_characters() {
    let long = format!("<div class=\"{}\">x</div>", "a".repeat(60));
    let quoted: String = long.chars().take(40).collect();
    assert_eq!(
        refusal(&long),
        format!("Markdown line 1: raw HTML (`{quoted}…`) is not supported in a post; write it in Markdown")
    );
}

/// The JSON for `markdown` converted with this base URL.
fn json_with_base(markdown: &str, base: &str) -> String {
    let options = PostMarkdownOptions {
        base_url: Some(base.to_string()),
    };
    match markdown_to_post_doc_with(markdown, &options) {
        Ok(doc) => doc.to_json(),
        Err(error) => panic!("{markdown:?} was refused: {}", error.message),
    }
}

/// A paragraph of one linked text.
fn linked(text: &str, href: &str) -> String {
    doc(&format!(
        r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"{text}","marks":[{{"type":"link","attrs":{{"href":"{href}"}}}}]}}]}}"#
    ))
}

#[test]
fn a_relative_link_is_refused_with_its_line_and_the_way_out() {
    for target in ["/bar", "bar.html", "#x", "?q", "//host/x", "../up"] {
        assert_eq!(
            refusal(&format!("Intro\n\n[docs]({target})")),
            format!("Markdown line 3: the link to \"{target}\" is relative, and leads nowhere from an email or another site; write the full address (https://…), or give baseUrl to resolve relative links against"),
        );
    }
    // A reference definition's target too.
    assert!(refusal("[a][r]\n\n[r]: /x").starts_with("Markdown line 1: the link to \"/x\" is relative"));
}

#[test]
fn a_relative_link_is_resolved_against_the_base_url() {
    let base = "https://e.test/blog/post?p=1";
    for (target, href) in [
        ("/bar", "https://e.test/bar"),
        ("bar.html", "https://e.test/blog/bar.html"),
        ("#x", "https://e.test/blog/post?p=1#x"),
        ("?q", "https://e.test/blog/post?q"),
        ("../up", "https://e.test/up"),
        ("//cdn.test/x", "https://cdn.test/x"),
        ("http://other.test/", "http://other.test/"),
    ] {
        assert_eq!(
            json_with_base(&format!("[a]({target})"), base),
            linked("a", href),
            "{target}"
        );
    }
    // The wrapper is the same as no base URL.
    assert_eq!(
        markdown_to_post_doc_with("[a](https://e.test/)", &PostMarkdownOptions::default()).unwrap(),
        markdown_to_post_doc("[a](https://e.test/)").unwrap()
    );
}

#[test]
fn a_base_url_that_is_not_absolute_http_is_refused() {
    for base in ["/blog/", "e.test", "ftp://e.test/", "https://", "javascript:x"] {
        let options = PostMarkdownOptions {
            base_url: Some(base.to_string()),
        };
        let error = markdown_to_post_doc_with("[a](/b)", &options).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument);
        assert_eq!(
            error.message,
            format!("baseUrl {base:?} must be an absolute http or https URL, such as \"https://example.com/blog/\"")
        );
    }
}

#[test]
fn a_link_of_another_scheme_is_refused_even_with_a_base_url() {
    assert_eq!(
        refusal("[call](tel:123)"),
        "Markdown line 1: the link to \"tel:123\" is a tel: link, which a post does not link to; use an http, https or mailto address"
    );
    let options = PostMarkdownOptions {
        base_url: Some("https://e.test/".into()),
    };
    let error = markdown_to_post_doc_with("[a](javascript:x)", &options).unwrap_err();
    assert!(
        error.message.ends_with("runs code, which a post may not link to"),
        "{}",
        error.message
    );
}

#[test]
fn a_list_item_holds_its_text_then_paragraphs_and_lists_only() {
    for (markdown, what, it) in [
        ("- one\n\n  ```\n  code\n  ```", "a code block", "the code block"),
        ("- one\n\n      indented", "a code block", "the code block"),
        ("- > quoted", "a quote", "the quote"),
        ("- # Title", "a heading", "the heading"),
        ("- one\n\n  ---", "a horizontal rule", "the rule"),
        ("- ![x](x.png)", "an image", "the image"),
        ("- one\n\n  <!-- paywall -->", "the paywall line", "the paywall line"),
        (
            "- one\n\n  <!-- publisher-node {\"type\":\"x\"} -->",
            "a publisher-node marker",
            "the marker",
        ),
    ] {
        let message = refusal(&format!("Intro\n\n{markdown}"));
        assert!(
            message.ends_with(&format!(
                "{what} inside a list item is not supported in a post (an item holds text and nested lists); put {it} after the list"
            )),
            "{markdown:?}: {message}"
        );
        assert!(message.starts_with("Markdown line "), "{message}");
    }
    assert_eq!(
        refusal("Intro\n\n- one\n\n  ```\n  code\n  ```"),
        "Markdown line 5: a code block inside a list item is not supported in a post (an item holds text and nested lists); put the code block after the list"
    );
    assert_eq!(
        refusal("- - nested first"),
        "Markdown line 1: a list item that starts with a nested list is not supported in a post (an item starts with its text); write the item's text before the nested list"
    );
    // In a quote, blocks stay allowed.
    assert!(json("> ```\n> code\n> ```").contains("highlighted_code_block"));
}

#[test]
fn the_paywall_line_is_a_paywall_node_and_one_only() {
    assert_eq!(
        json("one\n\n<!-- paywall -->\n\ntwo"),
        doc(&format!(r#"{P_ONE},{{"type":"paywall"}},{P_TWO}"#))
    );
    assert_eq!(json("one\n<!--paywall-->\ntwo"), json("one\n\n<!-- paywall -->\n\ntwo"));
    assert_eq!(
        refusal("<!-- paywall -->\n\none\n\n<!-- paywall -->"),
        "Markdown line 5: a post has one paywall, and this is a second (the first is on line 1); remove one"
    );
    assert_eq!(
        refusal("one <!-- paywall --> two"),
        "Markdown line 1: the paywall line must be on a line of its own, with blank lines around it"
    );
    assert_eq!(
        refusal("> <!-- paywall -->"),
        "Markdown line 1: the paywall line is not supported inside a quote; put it on a line of its own between paragraphs"
    );
}

#[test]
fn a_youtube_url_alone_in_a_paragraph_is_the_video() {
    let video = doc(r#"{"type":"youtube2","attrs":{"videoId":"dQw4w9WgXcQ"}}"#);
    for markdown in [
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "<https://youtu.be/dQw4w9WgXcQ>",
        "[https://www.youtube.com/shorts/dQw4w9WgXcQ](https://www.youtube.com/shorts/dQw4w9WgXcQ)",
        "  https://www.youtube.com/embed/dQw4w9WgXcQ  ",
    ] {
        assert_eq!(json(markdown), video, "{markdown}");
    }
    // A link with its own text, a URL among words, a channel, a quoted video: links or text.
    assert_eq!(
        json("[Watch](https://youtu.be/dQw4w9WgXcQ)"),
        linked("Watch", "https://youtu.be/dQw4w9WgXcQ")
    );
    assert_eq!(
        json("See https://youtu.be/dQw4w9WgXcQ"),
        doc(&para("See https://youtu.be/dQw4w9WgXcQ"))
    );
    assert_eq!(
        json("<https://www.youtube.com/@channel>"),
        linked("https://www.youtube.com/@channel", "https://www.youtube.com/@channel")
    );
    assert!(!json("> https://youtu.be/dQw4w9WgXcQ").contains("youtube2"));
    assert!(!json("**https://youtu.be/dQw4w9WgXcQ**").contains("youtube2"));
}

#[test]
fn a_marker_becomes_the_identical_node_as_a_block_or_inline() {
    let node = r#"{"type":"digestPostEmbed","attrs":{"title":"a \u003e b","ids":[1,2]},"content":[]}"#;
    assert_eq!(json(&format!("<!-- publisher-node {node} -->")), doc(node));
    assert_eq!(
        json(&format!("> <!-- publisher-node {node} -->")),
        doc(&format!(r#"{{"type":"blockquote","content":[{node}]}}"#))
    );
    let inline = r#"{"type":"substack_mentions","attrs":{"id":7}}"#;
    assert_eq!(
        json(&format!("Hi <!-- publisher-node {inline} -->!")),
        doc(&format!(
            r#"{{"type":"paragraph","attrs":{{"textAlign":null}},"content":[{{"type":"text","text":"Hi "}},{inline},{{"type":"text","text":"!"}}]}}"#
        ))
    );
}

#[test]
fn a_malformed_marker_is_refused_with_its_line() {
    for (marker, why) in [
        ("{\"type\":1}", "its JSON must be an object with a string \"type\""),
        ("{\"type\":\"x\"", "its JSON is malformed"),
        ("[]", "its JSON must be an object with a string \"type\""),
        ("{\"type\":\"x\"} x", "its JSON has text after the node"),
    ] {
        let expected = format!(
            "Markdown line 3: the publisher-node marker is not a node: {why}; write <!-- publisher-node {{\"type\":…}} --> with the node's JSON"
        );
        assert_eq!(refusal(&format!("one\n\n<!-- publisher-node {marker} -->")), expected);
        assert_eq!(
            refusal(&format!("one\n\ntwo <!-- publisher-node {marker} --> three")),
            expected
        );
    }
}

#[test]
fn the_options_are_read_from_a_callers_base_url() {
    assert_eq!(
        PostMarkdownOptions::from_base_url("options.baseUrl", &Arg::Missing).unwrap(),
        PostMarkdownOptions::default()
    );
    assert_eq!(
        PostMarkdownOptions::from_base_url("options.baseUrl", &Arg::Str("https://e.test/".into()))
            .unwrap()
            .base_url
            .as_deref(),
        Some("https://e.test/")
    );
    assert_eq!(
        PostMarkdownOptions::from_base_url("options.baseUrl", &Arg::Number(1.0))
            .unwrap_err()
            .message,
        "options.baseUrl must be a string, got the number 1"
    );
}
