//! The operations as data, from their declarations ([`super::operations`]): what the
//! tests and the package README read. This module's tests write it out as
//! `js-tests/shared/operations.generated.json` and as the method table of
//! `pkg-template/README.md`, and fail when either is out of date
//! (`UPDATE_OPERATIONS=1 cargo test` rewrites them).

/// One parameter of an operation.
#[derive(Debug, Clone, Copy)]
pub struct ParamInfo {
    /// Its name in the `.d.ts`.
    pub name: &'static str,
    /// Its name in error messages.
    pub label: &'static str,
    /// Whether it may be left out.
    pub optional: bool,
    /// Its TypeScript type.
    pub typescript: &'static str,
}

/// One operation of the `Publisher` class.
#[derive(Debug, Clone, Copy)]
pub struct OperationInfo {
    /// The JS method's name.
    pub name: &'static str,
    /// What it does (the `.d.ts` comment).
    pub doc: &'static str,
    /// Its parameters, before the call options.
    pub params: &'static [ParamInfo],
    /// The TypeScript type of its call options.
    pub options: &'static str,
    /// The TypeScript type of its result (a promise).
    pub returns: &'static str,
    /// The requests it makes (`P` the publication host, `M` the main host).
    pub route: &'static str,
    /// Whether a failed request may be sent again.
    pub delivery: &'static str,
    /// How it pages, when it does.
    pub paging: &'static str,
    /// The record its answer is checked against; empty when none.
    pub decodes: &'static str,
}

macro_rules! optional {
    (opt) => {
        true
    };
    (req) => {
        false
    };
}

macro_rules! operation_list {
    ($(
        $(#[doc = $doc:literal])*
        $js:ident => $rust:ident ( $( $pname:ident $label:literal : $req:ident $pty:ty = $pts:literal ),* )
            options $opts:literal -> $ret:literal
            [route $route:literal, delivery $delivery:literal, paging $paging:literal, decodes $decodes:literal]
            |$client:ident $(, $ctx:ident)?| $body:expr;
    )*) => {
        /// Every operation, in declaration order.
        pub const OPERATIONS: &[OperationInfo] = &[$(
            OperationInfo {
                name: stringify!($js),
                doc: concat!($($doc),*),
                params: &[$(ParamInfo {
                    name: stringify!($pname),
                    label: $label,
                    optional: optional!($req),
                    typescript: $pts,
                }),*],
                options: $opts,
                returns: $ret,
                route: $route,
                delivery: $delivery,
                paging: $paging,
                decodes: $decodes,
            },
        )*];
    };
}

crate::with_operations!(operation_list);

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use serde_json::{json, Value};

    use super::*;

    /// The operation named `name`.
    fn find(name: &str) -> Option<&'static OperationInfo> {
        OPERATIONS.iter().find(|operation| operation.name == name)
    }

    /// How the README and the JSON list render an operation.
    impl OperationInfo {
        /// The doc as one line.
        fn summary(&self) -> String {
            self.doc.split_whitespace().collect::<Vec<_>>().join(" ")
        }

        /// The signature as the README shows it: `getComments(postId, params?: CommentParams, options?)`.
        fn signature(&self) -> String {
            let params: Vec<String> = self
                .params
                .iter()
                .map(|param| {
                    let optional = if param.optional { "?" } else { "" };
                    match param.typescript.trim_end_matches(" | null") {
                        "number" | "string" => format!("{}{optional}", param.label),
                        object => format!("{}{optional}: {object}", param.name),
                    }
                })
                .chain(["options?".to_string()])
                .collect();
            format!("{}({})", self.name, params.join(", "))
        }

        /// The record or value the promise resolves with.
        fn resolves(&self) -> &'static str {
            self.returns
                .strip_prefix("Promise<")
                .and_then(|inner| inner.strip_suffix('>'))
                .unwrap_or(self.returns)
        }
    }

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    /// `js-tests/shared/operations.generated.json`.
    fn operations_json() -> String {
        let operations: Vec<Value> = OPERATIONS
            .iter()
            .map(|operation| {
                json!({
                    "name": operation.name,
                    "summary": operation.summary(),
                    "params": operation.params.iter().map(|param| json!({
                        "name": param.name,
                        "label": param.label,
                        "optional": param.optional,
                        "type": param.typescript,
                    })).collect::<Vec<_>>(),
                    "options": operation.options,
                    "resolves": operation.resolves(),
                    "route": operation.route,
                    "delivery": operation.delivery,
                    "paging": operation.paging,
                    "decodes": operation.decodes,
                })
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&json!({
            "note": "Generated from src/api/operations.rs by cargo test; do not edit.",
            "operations": operations,
        }))
        .unwrap();
        text.push('\n');
        text
    }

    const TABLE_BEGIN: &str = "<!-- methods: generated from src/api/operations.rs by cargo test; do not edit -->\n";
    const TABLE_END: &str = "<!-- end of the generated methods -->\n";

    /// The method table of the package README.
    fn readme_table() -> String {
        let mut table = String::from("| method | request | paging | delivery | returns |\n|---|---|---|---|---|\n");
        for operation in OPERATIONS {
            table.push_str(&format!(
                "| `{}` | {} | {} | {} | `{}` |\n",
                operation.signature(),
                operation.route,
                operation.paging,
                operation.delivery,
                operation.resolves(),
            ));
        }
        table
    }

    /// Compares `path` with `expected`, or rewrites it under `UPDATE_OPERATIONS=1`.
    fn check_generated(path: &PathBuf, expected: &str) {
        let current = std::fs::read_to_string(path).unwrap_or_default();
        if current == expected {
            return;
        }
        if std::env::var_os("UPDATE_OPERATIONS").is_some() {
            std::fs::write(path, expected).unwrap();
            return;
        }
        panic!(
            "{} is out of date with src/api/operations.rs: run UPDATE_OPERATIONS=1 cargo test",
            path.display()
        );
    }

    #[test]
    fn the_list_of_operations_is_up_to_date() {
        check_generated(
            &root().join("js-tests/shared/operations.generated.json"),
            &operations_json(),
        );
    }

    #[test]
    fn the_readme_method_table_is_up_to_date() {
        let path = root().join("pkg-template/README.md");
        let readme = std::fs::read_to_string(&path).unwrap();
        let start = readme
            .find(TABLE_BEGIN)
            .expect("the README has the method table's start marker")
            + TABLE_BEGIN.len();
        let end = readme
            .find(TABLE_END)
            .expect("the README has the method table's end marker");
        let expected = format!("{}{}{}", &readme[..start], readme_table(), &readme[end..]);
        check_generated(&path, &expected);
    }

    #[test]
    fn every_operation_is_declared_once_with_a_doc_a_route_and_a_promise() {
        let mut names: Vec<&str> = OPERATIONS.iter().map(|operation| operation.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), OPERATIONS.len(), "an operation is declared twice");
        for operation in OPERATIONS {
            assert!(!operation.summary().is_empty(), "{} has no doc", operation.name);
            assert!(!operation.route.is_empty(), "{} has no route", operation.name);
            assert!(operation.returns.starts_with("Promise<"), "{}", operation.name);
            assert!(
                ["repeatable", "at most once"].contains(&operation.delivery),
                "{}",
                operation.name
            );
        }
        assert_eq!(
            find("getComments").unwrap().signature(),
            "getComments(postId, params?: CommentParams, options?)"
        );
        assert_eq!(find("getFollowingIds").unwrap().resolves(), "number[]");
        assert!(find("getNothing").is_none());
    }

    #[test]
    fn decoded_records_are_records_of_the_package() {
        let records: Vec<&str> = crate::records::ALL.iter().map(|record| record.name).collect();
        for operation in OPERATIONS.iter().filter(|operation| !operation.decodes.is_empty()) {
            let record = operation.decodes.trim_end_matches("[]");
            assert!(
                records.contains(&record) || record == "number",
                "{} decodes {record}, which is no record",
                operation.name
            );
        }
    }
}
