//! The figures docs/connect4.md quotes still come out: node counts (exact and repeatable,
//! unlike times) of the opening-book example and of the small books in its table. A
//! change that moves them fails here, and the doc is updated with the new figures.

mod common;
use common::bounded::Bounded;

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/connect4.md");
    std::fs::read_to_string(path).expect("docs/connect4.md")
}

/// The number in `text` between `before` and `after` (digits and commas).
fn number_between(text: &str, before: &str, after: &str) -> u64 {
    let start = text
        .find(before)
        .unwrap_or_else(|| panic!("no {before:?} in the doc"))
        + before.len();
    let rest = &text[start..];
    let end = rest
        .find(after)
        .unwrap_or_else(|| panic!("no {after:?} after {before:?}"));
    rest[..end]
        .trim()
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("{:?}", &rest[..end]))
}

fn book_json(spec: &str, depth: &str, file: &std::path::Path) -> serde_json::Value {
    let out = Bounded::new(&[
        "book",
        spec,
        "--depth",
        depth,
        "--output",
        file.to_str().unwrap(),
        "--json",
    ])
    .memory_mib(2048)
    .seconds(120)
    .run();
    out.assert_code(0);
    out.json()
}

#[test]
fn the_opening_book_example_gives_the_quoted_nodes() {
    let doc = doc();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let book = dir.join("doc_figures_5x4.book");
    let built = book_json("connect4:5x4", "6", &book);
    let line = doc
        .lines()
        .find(|l| l.starts_with("connect4:5x4: ") && l.contains("with at most 6 stones"))
        .expect("the book example");
    assert_eq!(
        built["nodes"].as_u64(),
        Some(number_between(line, "s (", " nodes)"))
    );
    assert_eq!(
        built["positions"].as_u64(),
        Some(number_between(
            &doc,
            "connect4:5x4: ",
            " positions with at most 6"
        ))
    );
    let with_book = Bounded::new(&[
        "solve",
        "connect4:5x4",
        "--book",
        book.to_str().unwrap(),
        "--json",
    ])
    .memory_mib(2048)
    .run()
    .json();
    let without = Bounded::new(&["solve", "connect4:5x4", "--no-book", "--json"])
        .memory_mib(2048)
        .run()
        .json();
    let example = &doc[doc.find("$ ply solve connect4:5x4 --json").unwrap()..];
    assert_eq!(
        with_book["nodes"].as_u64(),
        Some(number_between(example, "\"nodes\": ", ","))
    );
    let example = &doc[doc
        .find("$ ply solve connect4:5x4 --no-book --json")
        .unwrap()..];
    assert_eq!(
        without["nodes"].as_u64(),
        Some(number_between(example, "\"nodes\": ", ","))
    );
}

#[test]
fn the_book_table_gives_the_quoted_records_and_nodes() {
    let doc = doc();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    // The small boards of the table (the larger take seconds each in a test build).
    for (spec, depth) in [("4x4", "8"), ("5x4", "6"), ("5x4", "8"), ("4x5", "8")] {
        let row = format!("| `ply book connect4:{spec} --depth {depth}` | ");
        let line = doc
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("no row {row}"));
        let cells: Vec<u64> = line
            .split('|')
            .map(|c| c.trim().replace(',', ""))
            .filter_map(|c| c.parse().ok())
            .collect();
        let book = dir.join(format!("doc_figures_{spec}_{depth}.book"));
        let built = book_json(&format!("connect4:{spec}"), depth, &book);
        assert_eq!(
            (built["positions"].as_u64(), built["nodes"].as_u64()),
            (Some(cells[0]), Some(cells[1])),
            "{line}"
        );
    }
}
