//! Every kind of bad input is an error that says where, never a panic.

use ply_tree::{LeafPerspective, Limits, ParseOptions, parse};

fn error(text: &str) -> String {
    error_with(text, ParseOptions::default())
}

fn error_with(text: &str, options: ParseOptions) -> String {
    match parse(text, &options) {
        Ok(tree) => panic!("{text:?} parsed as {}", tree.to_bracket()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn text_format_errors() {
    for (text, expected) in [
        ("", "1:1: the tree is empty: write at least one node"),
        (
            "# only a comment\n\n",
            "1:1: the tree is empty: write at least one node",
        ),
        (
            "root\n  a = 3\n  b\n",
            "3:3: leaf 'b' has no value (write it as 'b = 3')",
        ),
        (
            "root\n  -\n",
            "2:3: leaf '#2' has no value (write it as '#2 = 3')",
        ),
        (
            "root = 4\n  a = 3\n",
            "1:8: 'root' has children, so it cannot have a value: only leaves have values",
        ),
        (
            "root\n    a = 3\n  b = 4\n",
            "3:3: bad indentation: 2 columns matches no outer level (those are at 0 and 4)",
        ),
        (
            "root\n  a = 3\n\tb = 4\n",
            "3:1: bad indentation: a tab here, but line 2 indents with spaces; use one or the other",
        ),
        (
            "root\n  a = x3\n",
            "2:7: 'x3' is not a number (write an integer or a decimal such as 2.5)",
        ),
        ("root\n  a = \n", "2:6: missing value after '='"),
        ("root\n  a = 3 4\n", "2:9: unexpected '4' after the value"),
        (
            "root\n  a b = 3\n",
            "2:5: unexpected 'b' after 'a': one node per line, written 'name', 'name = value' or '= value'",
        ),
        (
            "root\n  a = 3\nother\n",
            "3:1: a second root: a tree has one root, indent this line under it",
        ),
        (
            "  root\n    a = 1\n b = 2\n",
            "3:2: bad indentation: this line is indented less than the root (line 1)",
        ),
        (
            "root\n  a = 0.0001\n",
            "2:7: '0.0001' has more than 3 decimal places (values are exact to 0.001)",
        ),
        (
            "root\n  a = 1e3\n",
            "2:7: '1e3' has an exponent: write the number out in full (e.g. 2.5)",
        ),
        (
            "root\n  a(1) = 3\n",
            "2:4: unexpected '(' in the name 'a(1)' (names cannot contain spaces or any of = # ( ) , { } [ ] \")",
        ),
        (
            "root\n\u{a0} a = 3\n",
            "2:1: bad indentation: indent with spaces or tabs, not U+00A0",
        ),
        (
            "root\n  a = 999999999\n",
            "2:7: '999999999' is too large (values must lie within ±998999999)",
        ),
        (
            "root\n  a = 998999999\n  b = 0.5\n",
            "2:7: value 998999999 is too large: with values given to 0.1 the limit is ±99899999.9",
        ),
    ] {
        assert_eq!(error(text), expected, "{text:?}");
    }
}

#[test]
fn bracket_format_errors() {
    for (text, expected) in [
        (
            "((3 12 8) (2 4 6) (14 5 2)",
            "1:27: missing ')': the '(' at line 1, column 1 is never closed",
        ),
        (
            "((3 12 8) () (14 5 2))",
            "1:12: empty group '#6': an inner node needs at least one child",
        ),
        (
            "((3 12 8) (2 x 6))",
            "1:14: unknown token 'x': a name may only follow '(' or come before '=' (name=3)",
        ),
        (
            "((3 12) 4) 5",
            "1:12: unexpected '5' after the end of the tree (the root's ')' is already closed)",
        ),
        ("((3 12) 4))", "1:11: unmatched ')'"),
        (
            "((1 2) [3])",
            "1:8: a tag with no node after it: a tag goes just before the leaf or '(' it is for (groups are written with '(' and ')', not '[' and ']')",
        ),
        ("(a= (1))", "1:5: missing value after 'a='"),
        ("(a=)", "1:4: missing value after 'a='"),
        ("(= 2)", "1:2: unexpected '=': write a named leaf as name=3"),
        ("(1 = 2)", "1:2: '1' is a number, so it cannot name a leaf"),
        ("(3=4)", "1:2: '3' is a number, so it cannot name a leaf"),
        ("(1 2.25.1)", "1:4: '2.25.1' is not a number"),
        (
            "(\n  (1 2)\n  (3 x=y))",
            "3:8: 'y' is not a number (write an integer or a decimal such as 2.5)",
        ),
    ] {
        assert_eq!(error(text), expected, "{text:?}");
    }
}

#[test]
fn json_errors() {
    for (text, expected) in [
        (
            r#"{"name": "r", "children": [{"name": "a"}]}"#,
            "1:41: leaf 'a' has no value (give it \"value\": 3, or \"children\": [...])",
        ),
        (
            "{\"name\": \"r\",\n \"children\": [{\"value\": 3, \"children\": [{\"value\": 1}]}]}",
            "2:55: a node has both \"value\" and \"children\": only leaves have values",
        ),
        (
            r#"{"name": "r", "childs": []}"#,
            "1:22: unknown field `childs`, expected one of `name`, `value`, `children`, `kind`, `probability`",
        ),
        (
            r#"{"children": []}"#,
            "1:1: a node has an empty \"children\" list",
        ),
        (
            r#"{"value": "3"}"#,
            "1:13: invalid type: string \"3\", expected a JSON number",
        ),
        (r#"{"value": 3"#, "1:11: EOF while parsing an object"),
        (r#"{"value": 3} {"value": 4}"#, "1:14: trailing characters"),
    ] {
        assert_eq!(error(text), expected, "{text:?}");
    }
}

#[test]
fn windows_files_read_like_any_other() {
    let options = ParseOptions::default();
    let unix = parse("root\n  a = 3\n  b = 4\n", &options).unwrap();
    assert_eq!(
        parse("\u{feff}root\r\n  a = 3\r\n  b = 4\r\n", &options).unwrap(),
        unix
    );
    assert_eq!(parse("\u{feff}(root a=3 b=4)", &options).unwrap(), unix);
}

#[test]
fn limits() {
    let small = |max_nodes, max_depth| ParseOptions {
        limits: Limits {
            max_nodes,
            max_depth,
        },
        perspective: LeafPerspective::Max,
    };
    assert_eq!(
        error_with("((1 2) (3 4))", small(6, 10)),
        "1:11: the tree has more than 6 nodes (raise the limit with --max-nodes)"
    );
    assert!(parse("((1 2) (3 4))", &small(7, 10)).is_ok());
    assert_eq!(
        error_with("root\n  a\n    b\n      = 1\n", small(100, 2)),
        "4:7: the tree goes deeper than depth 2 (raise the limit with --max-depth)"
    );
    assert_eq!(
        error_with(
            r#"{"children": [{"children": [{"value": 1}]}]}"#,
            small(100, 1)
        ),
        "the tree goes deeper than depth 1 (raise the limit with --max-depth)"
    );
    // Deep nesting is refused by the limit, not by the stack.
    let deep = "(".repeat(200_000) + "1" + &")".repeat(200_000);
    assert_eq!(
        error(&deep),
        "1:1002: the tree goes deeper than depth 1000 (raise the limit with --max-depth)"
    );
    let deep_json = "{\"children\": [".repeat(5_000) + "{\"value\": 1}" + &"]}".repeat(5_000);
    assert!(error(&deep_json).contains("recursion limit exceeded"));
}

mod no_panic {
    use ply_core::Algorithm;
    use ply_tree::{ParseOptions, annotate, parse, render};
    use proptest::prelude::*;

    /// Text made of the characters that matter to the three formats, and a few that do not.
    fn tree_like() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("("),
                Just(")"),
                Just(" "),
                Just("  "),
                Just("\t"),
                Just("\n"),
                Just("="),
                Just("#"),
                Just("-"),
                Just("."),
                Just("1"),
                Just("23"),
                Just("a"),
                Just("b7"),
                Just(","),
                Just("{"),
                Just("}"),
                Just("["),
                Just("]"),
                Just("[chance]"),
                Just("[1/2]"),
                Just("[max]"),
                Just("[0.5]"),
                Just("\""),
                Just(":"),
                Just("\"value\""),
                Just("\"children\""),
                Just("\"name\""),
                Just("\u{2212}"),
                Just("é"),
                Just("\r"),
                Just("e5"),
                Just("0.0001"),
            ],
            0..40,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn any_text_is_read_or_refused_with_a_place(text in tree_like()) {
            match parse(&text, &ParseOptions::default()) {
                Ok(tree) => {
                    let run = annotate(&tree, Algorithm::AlphaBeta);
                    let _ = (render::text(&tree, &run), render::svg(&tree, &run, true));
                }
                Err(error) => prop_assert!(!error.message.is_empty()),
            }
        }
    }
}
