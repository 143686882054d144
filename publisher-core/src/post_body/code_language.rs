//! The language of a code block as the post editor names it: highlight.js's lowercase
//! name. The editor renders a name it does not know as plain text, so the usual aliases
//! of a fence (`js`, `py`, `sh`, …) are mapped to the names they stand for.

#![deny(missing_docs)]

/// The editor's default language, and the one of a block without any.
pub const PLAIN_TEXT: &str = "plaintext";

/// Alias → highlight.js name, for the aliases writers put on fences.
const ALIASES: &[(&str, &str)] = &[
    ("js", "javascript"),
    ("jsx", "javascript"),
    ("mjs", "javascript"),
    ("cjs", "javascript"),
    ("node", "javascript"),
    ("ts", "typescript"),
    ("tsx", "typescript"),
    ("mts", "typescript"),
    ("cts", "typescript"),
    ("py", "python"),
    ("py3", "python"),
    ("python3", "python"),
    ("gyp", "python"),
    ("sh", "bash"),
    ("shell", "bash"),
    ("zsh", "bash"),
    ("yml", "yaml"),
    ("rb", "ruby"),
    ("gemspec", "ruby"),
    ("rs", "rust"),
    ("md", "markdown"),
    ("mkd", "markdown"),
    ("mkdown", "markdown"),
    ("html", "xml"),
    ("xhtml", "xml"),
    ("svg", "xml"),
    ("rss", "xml"),
    ("atom", "xml"),
    ("plist", "xml"),
    ("c++", "cpp"),
    ("cc", "cpp"),
    ("cxx", "cpp"),
    ("hpp", "cpp"),
    ("hh", "cpp"),
    ("hxx", "cpp"),
    ("h++", "cpp"),
    ("h", "c"),
    ("cs", "csharp"),
    ("c#", "csharp"),
    ("kt", "kotlin"),
    ("kts", "kotlin"),
    ("golang", "go"),
    ("ps", "powershell"),
    ("ps1", "powershell"),
    ("pwsh", "powershell"),
    ("docker", "dockerfile"),
    ("make", "makefile"),
    ("mk", "makefile"),
    ("mak", "makefile"),
    ("pl", "perl"),
    ("pm", "perl"),
    ("hs", "haskell"),
    ("ex", "elixir"),
    ("exs", "elixir"),
    ("erl", "erlang"),
    ("clj", "clojure"),
    ("objc", "objectivec"),
    ("obj-c", "objectivec"),
    ("mm", "objectivec"),
    ("tex", "latex"),
    ("text", "plaintext"),
    ("txt", "plaintext"),
    ("plain", "plaintext"),
    ("vb", "vbnet"),
    ("fs", "fsharp"),
    ("ml", "ocaml"),
    ("patch", "diff"),
    ("bat", "dos"),
    ("cmd", "dos"),
    ("proto", "protobuf"),
    ("toml", "ini"),
    ("gql", "graphql"),
    ("jl", "julia"),
    ("sc", "scala"),
    ("nginxconf", "nginx"),
    ("apacheconf", "apache"),
    ("console", "shell"),
];

/// The highlight.js name for a fence's info string: its first word, lowercase, with its
/// alias mapped; `plaintext` when there is none.
pub fn highlight_name(info: &str) -> String {
    let Some(word) = info.split_whitespace().next() else {
        return PLAIN_TEXT.to_string();
    };
    let word = word.to_ascii_lowercase();
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == word)
        .map_or(word, |(_, name)| (*name).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_become_highlight_js_names() {
        for (info, name) in [
            ("js", "javascript"),
            ("TS", "typescript"),
            ("py title=x", "python"),
            ("sh", "bash"),
            ("shell", "bash"),
            ("zsh", "bash"),
            ("yml", "yaml"),
            ("rb", "ruby"),
            ("rs", "rust"),
            ("md", "markdown"),
            ("html", "xml"),
            ("C++", "cpp"),
            ("hpp", "cpp"),
            ("c#", "csharp"),
            ("kt", "kotlin"),
            ("golang", "go"),
            ("ps1", "powershell"),
            ("txt", "plaintext"),
        ] {
            assert_eq!(highlight_name(info), name, "{info}");
        }
    }

    #[test]
    fn names_are_kept_lowercase_and_no_language_is_plain_text() {
        assert_eq!(highlight_name("Rust"), "rust");
        assert_eq!(highlight_name("python"), "python");
        assert_eq!(highlight_name("unknownlang"), "unknownlang");
        assert_eq!(highlight_name(""), "plaintext");
        assert_eq!(highlight_name("  "), "plaintext");
    }
}
