//! Each supported element and the exact JSON it becomes; each refused construct and the
//! sentence, with its line, that refuses it.

use super::*;
use crate::error::ErrorKind;

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

const P_ONE: &str = r#"{"type":"paragraph","content":[{"type":"text","text":"one"}]}"#;
const P_TWO: &str = r#"{"type":"paragraph","content":[{"type":"text","text":"two"}]}"#;

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
        doc(r#"{"type":"paragraph","content":[{"type":"text","text":"one two"}]}"#)
    );
}

#[test]
fn hard_breaks_are_hard_break_nodes() {
    let expected = doc(concat!(
        r#"{"type":"paragraph","content":[{"type":"text","text":"one"},{"type":"hard_break"},"#,
        r#"{"type":"text","text":"two"},{"type":"hard_break"},{"type":"text","text":"three"}]}"#
    ));
    assert_eq!(json("one  \ntwo\\\nthree"), expected);
}

#[test]
fn bold_and_italic_are_strong_and_em() {
    assert_eq!(
        json("**b** *i* __b__ _i_ ***bi***"),
        doc(concat!(
            r#"{"type":"paragraph","content":[{"type":"text","text":"b","marks":[{"type":"strong"}]},"#,
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
            r#"{"type":"paragraph","content":[{"type":"text","text":"gone","marks":[{"type":"strikethrough"}]},"#,
            r#"{"type":"text","text":" kept"}]}"#
        ))
    );
}

#[test]
fn inline_code_is_a_code_mark_beside_the_others() {
    assert_eq!(
        json("use `x()` and **`y`**"),
        doc(concat!(
            r#"{"type":"paragraph","content":[{"type":"text","text":"use "},"#,
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
            r#"{"type":"paragraph","content":["#,
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
            r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"one"}]},"#,
            r#"{"type":"ordered_list","content":["#,
            r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"two"}]},"#,
            r#"{"type":"bullet_list","content":["#,
            r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"three"}]}]}"#,
            r#"]}]}]}]},"#,
            r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"four"}]}]}]}"#
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
            r#"{{"type":"bullet_list","content":[{{"type":"list_item","content":[{P_ONE}]}},{{"type":"list_item","content":[{{"type":"paragraph"}}]}}]}}"#
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
fn fenced_code_blocks_keep_their_language_and_text() {
    assert_eq!(
        json("```rust title=x\nfn main() {}\n  \"x\"\n```"),
        doc(
            r#"{"type":"codeBlock","attrs":{"language":"rust"},"content":[{"type":"text","text":"fn main() {}\n  \"x\""}]}"#
        )
    );
    assert_eq!(
        json("~~~\nplain\n~~~"),
        doc(r#"{"type":"codeBlock","attrs":{"language":null},"content":[{"type":"text","text":"plain"}]}"#)
    );
}

#[test]
fn indented_code_blocks_have_no_language() {
    assert_eq!(
        json("    a\n    b"),
        doc(r#"{"type":"codeBlock","attrs":{"language":null},"content":[{"type":"text","text":"a\nb"}]}"#)
    );
}

#[test]
fn an_empty_code_block_has_no_text_node() {
    assert_eq!(
        json("```js\n```"),
        doc(r#"{"type":"codeBlock","attrs":{"language":"js"}}"#)
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

#[test]
fn an_image_without_a_title_is_a_captioned_image_without_caption() {
    assert_eq!(
        json("![A *cat*](cat.png)"),
        doc(
            r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"cat.png","alt":"A cat","title":null}}]}"#
        )
    );
    assert_eq!(
        json("![](https://e.test/c.png)"),
        doc(
            r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"https://e.test/c.png","alt":null,"title":null}}]}"#
        )
    );
}

#[test]
fn an_images_title_is_its_caption() {
    assert_eq!(
        json("![A cat](cat.png \"Our cat, asleep\")"),
        doc(concat!(
            r#"{"type":"captionedImage","content":["#,
            r#"{"type":"image2","attrs":{"src":"cat.png","alt":"A cat","title":"Our cat, asleep"}},"#,
            r#"{"type":"caption","content":[{"type":"text","text":"Our cat, asleep"}]}]}"#
        ))
    );
}

#[test]
fn an_image_inside_a_paragraph_is_lifted_out_and_splits_it() {
    let image =
        r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"x.png","alt":"x","title":null}}]}"#;
    assert_eq!(
        json("**one** ![x](x.png) two"),
        doc(&format!(
            r#"{{"type":"paragraph","content":[{{"type":"text","text":"one","marks":[{{"type":"strong"}}]}}]}},{image},{P_TWO}"#
        ))
    );
    // No empty paragraph is left on either side, nor one of a line break alone.
    assert_eq!(json("![x](x.png)\ntwo"), doc(&format!("{image},{P_TWO}")));
    assert_eq!(json("one  \n![x](x.png)"), doc(&format!("{P_ONE},{image}")));
    assert_eq!(json("![x](x.png) ![x](x.png)"), doc(&format!("{image},{image}")));
    // In a list item, the image stays in the item.
    assert_eq!(
        json("- one ![x](x.png)"),
        doc(&format!(
            r#"{{"type":"bullet_list","content":[{{"type":"list_item","content":[{P_ONE},{image}]}}]}}"#
        ))
    );
}

#[test]
fn image_sources_and_their_replacement_reach_images_in_lists() {
    let mut doc = markdown_to_post_doc("![a](cover.png)\n\n- ![b](chart.png)\n\n![c](cover.png)").unwrap();
    assert_eq!(doc.image_sources(), ["cover.png", "chart.png", "cover.png"]);
    assert_eq!(doc.replace_image_source("cover.png", "https://cdn.test/1.png"), 2);
    assert!(doc.to_json().contains(r#""src":"https://cdn.test/1.png""#));
    assert!(!doc.to_json().contains("cover.png"));
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

#[test]
fn footnotes_are_refused_with_their_line() {
    let footnotes = "footnotes are not supported in a post; write the note in the text or as a link";
    assert_eq!(
        refusal("one\n\ntwo[^1]\n\n[^1]: the note"),
        format!("Markdown line 3: {footnotes}")
    );
    assert_eq!(
        refusal("one\n\n[^n]: a definition alone"),
        format!("Markdown line 3: {footnotes}")
    );
}

#[test]
fn constructs_the_parser_is_not_asked_for_stay_text() {
    // Task lists, math, definition lists, superscript: their options are off, so what
    // they would read is kept as it was written, never dropped.
    assert_eq!(
        json("- [ ] todo"),
        doc(
            r#"{"type":"bullet_list","content":[{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"[ ] todo"}]}]}]}"#
        )
    );
    assert_eq!(
        json("$x^2$\n: def"),
        doc(r#"{"type":"paragraph","content":[{"type":"text","text":"$x^2$ : def"}]}"#)
    );
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
    assert!(refusal(&("- ".repeat(20_000) + "deep")).contains("nested more than 32 deep"));
    // 32 levels are fine.
    let ok = ">".repeat(32) + " deep";
    assert!(json(&ok).contains("deep"));
    for markdown in [
        "*".repeat(50_000) + "x",
        "[".repeat(20_000) + "x",
        "a\n".repeat(100_000),
    ] {
        assert!(markdown_to_post_doc(&markdown).is_ok());
    }
}

/// A Markdown article with every supported element.
pub(crate) const ARTICLE: &str = "# The weekly issue

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
print(\"hi\")
```

    indented code

---

A photo ![A lake](lake.png \"The lake at dawn\") between words.

![Chart](chart.png)

#### Four

##### Five

###### Six
";

#[test]
fn an_article_with_every_element_becomes_this_exact_document() {
    let expected = concat!(
        r#"{"type":"doc","content":["#,
        r#"{"type":"heading","attrs":{"level":1},"content":[{"type":"text","text":"The weekly issue"}]},"#,
        r#"{"type":"paragraph","content":[{"type":"text","text":"An "},{"type":"text","text":"opening","marks":[{"type":"em"}]},"#,
        r#"{"type":"text","text":" paragraph with "},{"type":"text","text":"bold","marks":[{"type":"strong"}]},"#,
        r#"{"type":"text","text":", "},{"type":"text","text":"struck","marks":[{"type":"strikethrough"}]},"#,
        r#"{"type":"text","text":", "},{"type":"text","text":"code","marks":[{"type":"code"}]},"#,
        r#"{"type":"text","text":" and a "},{"type":"text","text":"link","marks":[{"type":"link","attrs":{"href":"https://example.test/"}}]},"#,
        r#"{"type":"text","text":". A soft break, and a hard one:"},{"type":"hard_break"},{"type":"text","text":"here."}]},"#,
        r#"{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Lists"}]},"#,
        r#"{"type":"bullet_list","content":["#,
        r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"first"}]}]},"#,
        r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"second"}]},"#,
        r#"{"type":"ordered_list","content":["#,
        r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"nested one"}]}]},"#,
        r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"nested two"}]}]}]}]}]},"#,
        r#"{"type":"ordered_list","attrs":{"start":3},"content":["#,
        r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"three"}]}]},"#,
        r#"{"type":"list_item","content":[{"type":"paragraph","content":[{"type":"text","text":"four"}]}]}]},"#,
        r#"{"type":"heading","attrs":{"level":3},"content":[{"type":"text","text":"Quote and code"}]},"#,
        r#"{"type":"blockquote","content":[{"type":"paragraph","content":[{"type":"text","text":"Quoted "},"#,
        r#"{"type":"text","text":"words","marks":[{"type":"strong"}]},{"type":"text","text":"."}]}]},"#,
        r#"{"type":"codeBlock","attrs":{"language":"python"},"content":[{"type":"text","text":"print(\"hi\")"}]},"#,
        r#"{"type":"codeBlock","attrs":{"language":null},"content":[{"type":"text","text":"indented code"}]},"#,
        r#"{"type":"horizontal_rule"},"#,
        r#"{"type":"paragraph","content":[{"type":"text","text":"A photo"}]},"#,
        r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"lake.png","alt":"A lake","title":"The lake at dawn"}},"#,
        r#"{"type":"caption","content":[{"type":"text","text":"The lake at dawn"}]}]},"#,
        r#"{"type":"paragraph","content":[{"type":"text","text":"between words."}]},"#,
        r#"{"type":"captionedImage","content":[{"type":"image2","attrs":{"src":"chart.png","alt":"Chart","title":null}}]},"#,
        r#"{"type":"heading","attrs":{"level":4},"content":[{"type":"text","text":"Four"}]},"#,
        r#"{"type":"heading","attrs":{"level":5},"content":[{"type":"text","text":"Five"}]},"#,
        r#"{"type":"heading","attrs":{"level":6},"content":[{"type":"text","text":"Six"}]}]}"#
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
