//! The SVG pictures, checked as a reader sees them: no label runs into another
//! label or into another node, nodes do not overlap, game trees show their boards,
//! and every picture renders to PNG in a real SVG renderer (rsvg-convert, when the
//! machine has it: the PNGs are left in the test's target folder to be looked at).

use ply_core::{Algorithm, Game, Player};
use ply_games::{Chess, Connect4, Mnk, Nim, Notation};
use ply_tree::render::SvgOptions;
use ply_tree::value::Decimal;
use ply_tree::{
    ExpandOptions, ExplicitTree, LeafPerspective, Limits, TreeBuilder, annotate, expand,
    expand_to_depth, parse, render,
};
use std::collections::BTreeMap;

/// A box on the page: left, top, right, bottom.
#[derive(Clone, Copy, Debug)]
struct Area(f64, f64, f64, f64);

impl Area {
    fn overlaps(&self, other: &Area) -> bool {
        // Touching is fine; a tenth of a pixel of rounding is forgiven.
        let e = 0.1;
        self.0 < other.2 - e && other.0 < self.2 - e && self.1 < other.3 - e && other.1 < self.3 - e
    }

    fn contains(&self, other: &Area) -> bool {
        self.0 <= other.0 && other.2 <= self.2 && self.1 <= other.3 && other.1 <= self.3
    }
}

fn number(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"))
        .parse()
        .unwrap()
}

/// How wide a text is drawn in DejaVu Sans, at most: 0.64 of the size for ASCII,
/// 0.9 for the rest (symbols such as ≥ and ∞, Greek letters).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| if c.is_ascii() { 0.64 } else { 0.9 })
        .sum::<f64>()
        * size
}

/// The labels (their text and box) and the nodes' shapes of a picture.
fn areas(svg: &str) -> (Vec<(String, Area)>, Vec<Area>) {
    let document = roxmltree::Document::parse(svg).expect("the picture is XML");
    let mut labels = Vec::new();
    let mut shapes = Vec::new();
    for node in document.descendants() {
        // A label's second class says which label it is (`label value`, `label name`).
        let class = node
            .attribute("class")
            .and_then(|c| c.split_whitespace().next());
        match (node.tag_name().name(), class) {
            ("text", Some("label")) => {
                let text: String = node
                    .children()
                    .filter(|c| c.is_text())
                    .filter_map(|c| c.text())
                    .collect();
                let (x, y, size) = (
                    number(node, "x"),
                    number(node, "y"),
                    number(node, "font-size"),
                );
                let width = text_width(&text, size);
                let left = match node.attribute("text-anchor") {
                    Some("middle") => x - width / 2.0,
                    Some("end") => x - width,
                    _ => x,
                };
                // From the top of the capitals to the bottom of the descenders.
                labels.push((
                    text,
                    Area(left, y - 0.8 * size, left + width, y + 0.25 * size),
                ));
            }
            ("rect", Some("node")) => {
                let (x, y) = (number(node, "x"), number(node, "y"));
                shapes.push(Area(
                    x,
                    y,
                    x + number(node, "width"),
                    y + number(node, "height"),
                ));
            }
            ("circle", Some("node")) => {
                let (x, y, r) = (number(node, "cx"), number(node, "cy"), number(node, "r"));
                shapes.push(Area(x - r, y - r, x + r, y + r));
            }
            ("polygon", Some("node")) => {
                let points: Vec<f64> = node
                    .attribute("points")
                    .unwrap()
                    .split([' ', ','])
                    .map(|p| p.parse().unwrap())
                    .collect();
                let xs = points.iter().step_by(2);
                let ys = points.iter().skip(1).step_by(2);
                shapes.push(Area(
                    xs.clone().copied().fold(f64::INFINITY, f64::min),
                    ys.clone().copied().fold(f64::INFINITY, f64::min),
                    xs.copied().fold(f64::NEG_INFINITY, f64::max),
                    ys.copied().fold(f64::NEG_INFINITY, f64::max),
                ));
            }
            _ => {}
        }
    }
    (labels, shapes)
}

/// Every way of drawing a tree: each algorithm, with and without the visit order,
/// with and without pruned subtrees collapsed, with and without the title and legend.
fn drawings(tree: &ExplicitTree) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for algorithm in Algorithm::ALL {
        let run = annotate(tree, algorithm);
        for visit_order in [false, true] {
            for collapse_pruned in [false, true] {
                for frame in [true, false] {
                    let options = SvgOptions {
                        visit_order,
                        collapse_pruned,
                        frame,
                    };
                    out.push((
                        format!("{algorithm} {options:?}"),
                        render::svg_drawing(tree, &run, &options),
                    ));
                }
            }
        }
    }
    out
}

/// No label overlaps another label, a node it does not belong to, and no node another.
fn assert_readable(what: &str, svg: &str) {
    let (labels, shapes) = areas(svg);
    assert!(!shapes.is_empty(), "{what}: no nodes found");
    for (i, (text, area)) in labels.iter().enumerate() {
        for (other, other_area) in &labels[i + 1..] {
            assert!(
                !area.overlaps(other_area),
                "{what}: labels {text:?} {area:?} and {other:?} {other_area:?} overlap"
            );
        }
        for shape in &shapes {
            assert!(
                shape.contains(area) || !area.overlaps(shape),
                "{what}: label {text:?} {area:?} runs into a node {shape:?}"
            );
        }
    }
    for (i, shape) in shapes.iter().enumerate() {
        for other in &shapes[i + 1..] {
            assert!(
                !shape.overlaps(other),
                "{what}: nodes {shape:?} and {other:?} overlap"
            );
        }
    }
}

fn example(name: &str) -> ExplicitTree {
    let path = format!("{}/../../examples/trees/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let options = ply_tree::ParseOptions {
        perspective: if name == "negamax.txt" {
            ply_tree::LeafPerspective::Mover
        } else {
            ply_tree::LeafPerspective::Max
        },
        ..Default::default()
    };
    parse(&text, &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

const EXAMPLES: [&str; 6] = [
    "two-ply.txt",
    "four-ply.txt",
    "classic.txt",
    "classic.json",
    "decimals.txt",
    "negamax.txt",
];

fn tic_tac_toe_from(position: &str) -> ExplicitTree {
    let start = Mnk::tic_tac_toe().parse_position(position).unwrap();
    let options = ExpandOptions {
        boards: true,
        ..ExpandOptions::default()
    };
    expand(&start, position, |p, mv| p.move_string(mv), &options).unwrap()
}

fn connect_four_to_depth(position: &str, depth: u32) -> ExplicitTree {
    let start = Connect4::standard().parse_position(position).unwrap();
    let options = ExpandOptions {
        boards: true,
        ..ExpandOptions::default()
    };
    let eval = ply_games::connect4::Connect4Eval;
    expand_to_depth(
        &start,
        position,
        |p, mv| p.move_string(mv),
        depth,
        |p| ply_core::Evaluator::evaluate(&eval, p),
        &options,
    )
    .unwrap()
}

#[test]
fn the_examples_labels_never_overlap() {
    for name in EXAMPLES {
        for (how, svg) in drawings(&example(name)) {
            assert_readable(&format!("{name}, {how}"), &svg);
        }
    }
}

#[test]
fn random_trees_labels_never_overlap() {
    // Random shapes, names of every length, values of every width, cuts everywhere.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for round in 0..60 {
        fn grow(next: &mut impl FnMut(u64) -> u64, depth: u32, count: &mut u32, out: &mut String) {
            *count += 1;
            let name: String = (0..next(9))
                .map(|i| (b'a' + ((i + *count as u64) % 26) as u8) as char)
                .collect();
            let name = if name.is_empty() {
                String::new()
            } else {
                format!("{name}{count}")
            };
            let children = if depth >= 5 { 0 } else { next(4) };
            if children == 0 {
                let value = next(2_000) as i64 - 1_000;
                if name.is_empty() {
                    out.push_str(&value.to_string());
                } else {
                    out.push_str(&format!("{name}={value}"));
                }
                return;
            }
            out.push('(');
            out.push_str(if name.is_empty() { "_" } else { &name });
            for _ in 0..children {
                out.push(' ');
                grow(next, depth + 1, count, out);
            }
            out.push(')');
        }
        let mut text = String::new();
        let mut count = 0;
        grow(&mut next, 0, &mut count, &mut text);
        if !text.starts_with('(') {
            continue;
        }
        let tree = parse(&text, &Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        for (how, svg) in drawings(&tree) {
            assert_readable(&format!("random tree {round} {text}, {how}"), &svg);
        }
    }
}

#[test]
fn game_trees_draw_their_boards_and_stay_readable() {
    // Tic-tac-toe near its end: X and O marks on 3x3 boards, one board per node.
    let tree = tic_tac_toe_from("XOX/.O./...");
    assert!(tree.diagram(tree.root()).is_some());
    let run = annotate(&tree, Algorithm::AlphaBeta);
    let svg = render::svg(&tree, &run, true);
    assert_readable("tic-tac-toe XOX/.O./...", &svg);
    // Every node is a framed board (206 of them) and the root's board shows its 4 stones.
    assert_eq!(tree.len(), 206);
    let (_, shapes) = areas(&svg);
    assert_eq!(shapes.len(), 206);
    let root = tree.diagram(tree.root()).unwrap();
    assert_eq!(root.to_string(), "XOX\n.O.\n...");
    // Marks drawn: X as two strokes (a path), O as a circle; 4 stones at the root,
    // and each child one more: the picture has at least 206 * 4 stones.
    let marks =
        svg.matches(r##"stroke="#1d4477""##).count() + svg.matches(r##"stroke="#a4461b""##).count();
    assert!(marks >= 206 * 4, "{marks} marks");
    // The stone just played is highlighted in every node but the root.
    assert_eq!(svg.matches(r##"fill="#ffe98a""##).count(), 205);

    // Connect Four two plies deep: 7x6 boards of discs.
    let tree = connect_four_to_depth("4444", 2);
    assert_eq!(tree.len(), 1 + 7 + 49);
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::AlphaBeta), false);
    assert_readable("connect four 4444 depth 2", &svg);
    // 57 boards of 42 cells, each a disc.
    assert_eq!(svg.matches("<circle").count(), 57 * 42);
    let root = tree.diagram(tree.root()).unwrap();
    assert_eq!(root.rows(), 6);
    assert_eq!(root.columns(), 7);
    assert_eq!(root.stone(5, 3), Some(Player::First));
    assert_eq!(root.stone(2, 3), Some(Player::Second));
    assert_eq!(root.stone(1, 3), None);
}

#[test]
fn a_tree_without_boards_asked_keeps_none() {
    let start = Mnk::tic_tac_toe().parse_position("XOX/OXO/...").unwrap();
    let tree = expand(
        &start,
        "p",
        |p, mv| p.move_string(mv),
        &ExpandOptions::default(),
    )
    .unwrap();
    assert!((0..tree.len()).all(|id| tree.diagram(id as u32).is_none()));
    assert!(start.diagram().is_some());
}

/// The size `rsvg-convert` gave a PNG, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn every_picture_renders_to_png() {
    let converter = std::process::Command::new("rsvg-convert")
        .arg("--version")
        .output();
    if converter.is_err() {
        eprintln!(
            "SKIPPED every_picture_renders_to_png: rsvg-convert is not installed \
             (Debian: apt-get install librsvg2-bin)"
        );
        return;
    }
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pictures");
    std::fs::create_dir_all(&folder).unwrap();
    let mut pictures: Vec<(String, String)> = EXAMPLES
        .iter()
        .map(|name| {
            let tree = example(name);
            let run = annotate(&tree, Algorithm::AlphaBeta);
            (name.replace('.', "-"), render::svg(&tree, &run, true))
        })
        .collect();
    let tree = tic_tac_toe_from("XOX/.O./...");
    let run = annotate(&tree, Algorithm::AlphaBeta);
    pictures.push((
        "tictactoe".into(),
        render::svg_with(&tree, &run, false, true),
    ));
    let tree = connect_four_to_depth("4444", 2);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    pictures.push((
        "connect4".into(),
        render::svg_with(&tree, &run, false, true),
    ));
    let tree = chess_to_depth("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 1);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    pictures.push(("chess".into(), render::svg(&tree, &run, false)));
    let tree = nim(&[1, 2, 3]);
    let run = annotate(&tree, Algorithm::Negamax);
    pictures.push(("nim-negamax".into(), render::svg(&tree, &run, false)));
    let tree = example("four-ply.txt");
    let run = annotate(&tree, Algorithm::Negamax);
    pictures.push(("four-ply-negamax".into(), render::svg(&tree, &run, false)));
    for (name, svg) in pictures {
        let svg_path = folder.join(format!("{name}.svg"));
        let png_path = folder.join(format!("{name}.png"));
        std::fs::write(&svg_path, &svg).unwrap();
        let status = std::process::Command::new("rsvg-convert")
            .arg(&svg_path)
            .arg("-o")
            .arg(&png_path)
            .status()
            .unwrap();
        assert!(status.success(), "{name}: rsvg-convert failed");
        let (width, height) = png_size(&std::fs::read(&png_path).unwrap());
        let document = roxmltree::Document::parse(&svg).unwrap();
        let root = document.root_element();
        assert_eq!(width as f64, number(root, "width"), "{name}");
        assert_eq!(height as f64, number(root, "height"), "{name}");
        eprintln!("{name}: {width}x{height} px, {}", png_path.display());
    }
}

/// The pictures in docs/tree-lab.md are what ply draws today: each is compared with a
/// fresh drawing (`PLY_UPDATE_PICTURES=1 cargo test -p ply-tree --test pictures`
/// rewrites them after a change of the drawing).
#[test]
fn the_docs_pictures_are_current() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
    let alpha_beta = |tree: &ExplicitTree| annotate(tree, Algorithm::AlphaBeta);
    // (file, command that draws it, drawing)
    let pictures = [
        (
            "classic.svg",
            "ply tree examples/trees/classic.txt --format svg --trace",
            {
                let tree = example("classic.txt");
                render::svg(&tree, &alpha_beta(&tree), true)
            },
        ),
        (
            "four-ply.svg",
            "ply tree examples/trees/four-ply.txt --format svg --trace",
            {
                let tree = example("four-ply.txt");
                render::svg(&tree, &alpha_beta(&tree), true)
            },
        ),
        (
            "tictactoe.svg",
            "ply tree 'tictactoe@XOX/.O./X..' --format svg --trace",
            {
                let tree = tic_tac_toe_from("XOX/.O./X..");
                render::svg(&tree, &alpha_beta(&tree), true)
            },
        ),
    ];
    let update = std::env::var_os("PLY_UPDATE_PICTURES").is_some();
    for (file, command, svg) in pictures {
        let path = docs.join(file);
        if update {
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        let shipped = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            shipped == svg,
            "docs/img/{file} is not what `{command}` draws today: \
             PLY_UPDATE_PICTURES=1 cargo test -p ply-tree --test pictures rewrites it"
        );
    }
}

/// The classic tree, its inner nodes named.
const CLASSIC_NAMED: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/// What a page reads from a picture: for each element of `tag` whose first class is
/// `class`, its `data-path` and its other classes.
fn hooks(svg: &str, tag: &str, class: &str) -> Vec<(String, String)> {
    let document = roxmltree::Document::parse(svg).expect("the picture is XML");
    document
        .descendants()
        .filter(|n| n.tag_name().name() == tag)
        .filter_map(|n| {
            let mut classes = n.attribute("class")?.split_whitespace();
            if classes.next() != Some(class) {
                return None;
            }
            let path = n.attribute("data-path").unwrap_or("(none)").to_string();
            Some((path, classes.collect::<Vec<_>>().join(" ")))
        })
        .collect()
}

/// The paths of the hooks that carry `flag`.
fn with_flag(hooks: &[(String, String)], flag: &str) -> Vec<String> {
    hooks
        .iter()
        .filter(|(_, classes)| classes.split(' ').any(|c| c == flag))
        .map(|(path, _)| path.clone())
        .collect()
}

#[test]
fn every_part_of_a_node_carries_its_path_for_a_page() {
    // The classic tree under alpha-beta: a = 3 through b and its leaf 3; c cuts after
    // its leaf 2 (2 ≤ α = 3), so its leaves 4 and 6 (paths 1.1 and 1.2) are never read.
    let tree = parse(CLASSIC_NAMED, &Default::default()).unwrap();
    let run = annotate(&tree, Algorithm::AlphaBeta);
    let options = SvgOptions {
        visit_order: true,
        frame: false,
        ..SvgOptions::default()
    };
    let svg = render::svg_drawing(&tree, &run, &options);
    let nodes = hooks(&svg, "g", "node");
    let kinds: BTreeMap<&str, &str> = nodes
        .iter()
        .map(|(path, classes)| (path.as_str(), classes.split(' ').next().unwrap()))
        .collect();
    let expected: BTreeMap<&str, &str> = [
        ("", "max"),
        ("0", "min"),
        ("0.0", "leaf"),
        ("0.1", "leaf"),
        ("0.2", "leaf"),
        ("1", "min"),
        ("1.0", "leaf"),
        ("1.1", "leaf"),
        ("1.2", "leaf"),
        ("2", "min"),
        ("2.0", "leaf"),
        ("2.1", "leaf"),
        ("2.2", "leaf"),
    ]
    .into_iter()
    .collect();
    assert_eq!(kinds, expected);
    assert_eq!(nodes.len(), 13, "one group per node");
    assert_eq!(with_flag(&nodes, "pv"), ["", "0", "0.0"]);
    assert_eq!(with_flag(&nodes, "pruned"), ["1.1", "1.2"]);
    assert_eq!(with_flag(&nodes, "cut"), ["1"]);
    assert_eq!(with_flag(&nodes, "visited").len(), 11);
    assert!(!with_flag(&nodes, "visited").contains(&"1.1".to_string()));
    // Stable ids, from the paths.
    assert!(svg.contains(r#"<g id="node" class="node max pv visited" data-path="">"#));
    assert!(svg.contains(r#"<g id="node-1.2" class="node leaf pruned" data-path="1.2">"#));
    // The edges into every node but the root; red into b and its leaf 3, grey and cut
    // across into 4 and 6.
    let edges = hooks(&svg, "line", "edge");
    assert_eq!(edges.len(), 12);
    assert_eq!(with_flag(&edges, "pv"), ["0", "0.0"]);
    assert_eq!(with_flag(&edges, "pruned"), ["1.1", "1.2"]);
    let marks: Vec<String> = hooks(&svg, "line", "cut-mark")
        .into_iter()
        .map(|h| h.0)
        .collect();
    assert_eq!(marks, ["1.1", "1.1", "1.2", "1.2"]);
    // The window of c's cut, α over β, under c.
    let windows = hooks(&svg, "text", "label");
    let window: Vec<&(String, String)> = windows.iter().filter(|(_, c)| c == "window").collect();
    assert_eq!(window.len(), 2);
    assert!(window.iter().all(|(path, _)| path == "1"));
    assert!(svg.contains(">α=3<title>") && svg.contains(">β=+∞<title>"));
    // Each inner node's value, each name and each visit number is a label of its own.
    assert_eq!(svg.matches(r#"class="label value""#).count(), 13);
    assert_eq!(svg.matches(r#"class="label name""#).count(), 4);
    assert_eq!(svg.matches(r#"class="label order""#).count(), 11);
}

#[test]
fn without_its_frame_the_picture_is_the_tree_alone() {
    let tree = parse(CLASSIC_NAMED, &Default::default()).unwrap();
    let run = annotate(&tree, Algorithm::AlphaBeta);
    let framed = render::svg(&tree, &run, true);
    let bare = render::svg_drawing(
        &tree,
        &run,
        &SvgOptions {
            visit_order: true,
            frame: false,
            ..SvgOptions::default()
        },
    );
    // The title and the legend are the framed picture's only.
    assert!(framed.contains(">alphabeta: value 3, best b (child 1 of 3)</text>"));
    assert!(framed.contains(">principal variation</text>"));
    assert!(!bare.contains("alphabeta"));
    assert!(!bare.contains("principal variation"));
    // The same tree drawn in the same places, 62 px higher (the title's room), and no
    // wider than the tree: 700 px (the legend's width) framed.
    let size = |svg: &str| {
        let document = roxmltree::Document::parse(svg).unwrap();
        let root = document.root_element();
        (number(root, "width"), number(root, "height"))
    };
    let (framed_width, framed_height) = size(&framed);
    let (bare_width, bare_height) = size(&bare);
    assert_eq!(framed_width, 700.0);
    assert!(bare_width < 700.0, "{bare_width}");
    assert_eq!(framed_height - bare_height, 62.0 + 110.0 - 36.0);
    let leaf = |svg: &str| {
        let document = roxmltree::Document::parse(svg).unwrap();
        let rect = document
            .descendants()
            .find(|n| n.has_tag_name("rect") && n.attribute("class") == Some("node"))
            .unwrap();
        (number(rect, "x"), number(rect, "y"))
    };
    let (fx, fy) = leaf(&framed);
    let (bx, by) = leaf(&bare);
    assert_eq!((fx, fy - by), (bx, 62.0));
}

#[test]
fn the_picture_is_never_longer_than_its_bound() {
    let mut trees = vec![
        example("classic.txt"),
        example("four-ply.txt"),
        example("decimals.txt"),
        tic_tac_toe_from("XOX/.O./..."),
        connect_four_to_depth("4444", 2),
        chess_to_depth("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 1),
        nim(&[1, 2, 3]),
    ];
    // Names that grow when written out: quotes and ampersands are five bytes more each.
    trees.push(
        parse(
            r#"{"name": "r\"'&<>", "children": [
                {"name": "\"\"\"\"", "children": [{"value": 3}, {"value": -2147483}]},
                {"name": "&&&&", "children": [{"name": "''''", "value": 2147483}, {"value": 5}]}
            ]}"#,
            &Default::default(),
        )
        .unwrap(),
    );
    // A chain 1,000 levels deep: long paths.
    let mut chain = String::from("1");
    for _ in 0..999 {
        chain = format!("(x {chain} 2)");
    }
    trees.push(parse(&chain, &Default::default()).unwrap());
    for tree in &trees {
        let bound = render::svg_bound(tree);
        for (how, svg) in drawings(tree) {
            assert!(
                svg.len() as u64 <= bound,
                "{how}: {} bytes, bound {bound}",
                svg.len()
            );
        }
    }
    // And the bound is not far off: the classic tree takes a fifth of it, or more.
    let classic = &trees[0];
    let svg = render::svg(classic, &annotate(classic, Algorithm::AlphaBeta), true);
    assert!(svg.len() as u64 * 5 >= render::svg_bound(classic));
}

/// The width a picture says it has.
fn width_of(svg: &str) -> f64 {
    let document = roxmltree::Document::parse(svg).unwrap();
    number(document.root_element(), "width")
}

#[test]
fn the_tic_tac_toe_picture_is_compact() {
    // `ply tree 'tictactoe@XOX/.O./...' --format svg`: 206 boards, 80 of them in the
    // widest row. Each board's move is written in its frame, above the board, instead
    // of beside it, boards are 33 px, and boards stand 8 px apart: 3,864 px wide, where
    // it was 6,039 with the moves beside 36 px boards, 12 px apart.
    let tree = tic_tac_toe_from("XOX/.O./...");
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::AlphaBeta), false);
    assert_eq!(width_of(&svg), 3864.0);
    assert_readable("tic-tac-toe XOX/.O./...", &svg);
    // Every move (and the root's position) is still written, in its frame.
    assert_eq!(svg.matches(r#"class="label name""#).count(), 206);
}

/// For each node group (by path) of a picture, the texts of its labels of `kind`.
fn labels_by_path(svg: &str, kind: &str) -> BTreeMap<String, String> {
    let document = roxmltree::Document::parse(svg).unwrap();
    let mut out = BTreeMap::new();
    for group in document.descendants().filter(|n| n.has_tag_name("g")) {
        let Some(path) = group.attribute("data-path") else {
            continue;
        };
        for text in group.children().filter(|n| n.has_tag_name("text")) {
            let class = text.attribute("class").unwrap_or("");
            if class.split(' ').any(|c| c == kind) {
                let words: String = text
                    .children()
                    .filter(|c| c.is_text())
                    .filter_map(|c| c.text())
                    .collect();
                out.insert(path.to_string(), words);
            }
        }
    }
    out
}

/// The row labels, top to bottom: (data-player, data-view, text).
fn row_labels(svg: &str) -> Vec<(String, String, String)> {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("row-label"))
        .map(|n| {
            (
                n.attribute("data-player").unwrap().to_string(),
                n.attribute("data-view").unwrap().to_string(),
                n.text().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn negamax_is_drawn_for_the_player_to_move() {
    // The four-ply lesson tree: MAX values root 5, node 2 = 5, node 3 = 5, 3a = 1,
    // node 18 = 2, 19 = 2, 19a = 2. Negamax writes each for the player to move there:
    // negated where the second player moves (rows 1 and 3), as is at the leaves (row
    // 4, the first player's).
    let tree = example("four-ply.txt");
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::Negamax), false);
    assert_readable("four-ply negamax", &svg);
    let values = labels_by_path(&svg, "value");
    let at = |path: &str| values[path].as_str();
    assert_eq!(
        [at(""), at("0"), at("0.0"), at("0.0.0"), at("0.0.0.0")],
        ["5", "-5", "5", "-1", "1"]
    );
    assert_eq!([at("1"), at("1.0"), at("1.0.0")], ["-2", "2", "-2"]);
    // One shape for both players: a circle per inner node (29), a box per leaf (22), no
    // triangle.
    assert_eq!(svg.matches(r#"<circle class="node""#).count(), 29);
    assert_eq!(svg.matches(r#"<rect class="node""#).count(), 22);
    assert_eq!(svg.matches(r#"<polygon class="node""#).count(), 0);
    // Circles coloured by the player to move: blue for the first, orange for the second.
    assert!(svg.contains(
        r##"<g id="node-0.0" class="node max pv visited" data-path="0.0"><title>3 (first to move), depth 2</title><circle class="node""##
    ));
    assert!(svg.contains(r##"fill="#fbe5d2" stroke="#8a4b16" stroke-width="1.5"/>"##));
    // The rows say who moves.
    let rows = row_labels(&svg);
    let first = (
        "first".to_string(),
        "negamax".to_string(),
        "first to move".to_string(),
    );
    let second = (
        "second".to_string(),
        "negamax".to_string(),
        "second to move".to_string(),
    );
    assert_eq!(rows, [first.clone(), second.clone(), first, second]);
    assert!(svg.contains(">leaf (value for the player to move)</text>"));

    // Minimax and alpha-beta keep MAX's view: the same nodes worth 5, 5, 5, 1 and 1.
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let svg = render::svg(&tree, &annotate(&tree, algorithm), false);
        let values = labels_by_path(&svg, "value");
        assert_eq!(values["0"], "5");
        assert_eq!(values["0.0.0"], "1");
        assert_eq!(svg.matches(r#"<circle class="node""#).count(), 0);
        let rows: Vec<String> = row_labels(&svg)
            .into_iter()
            .map(|(player, view, text)| format!("{player} {view} {text}"))
            .collect();
        assert_eq!(
            rows,
            [
                "first minimax MAX",
                "second minimax MIN",
                "first minimax MAX",
                "second minimax MIN"
            ]
        );
    }

    // A leaf where the second player moves is written for that player: 5 for MAX is
    // -5 for MIN.
    let tree = parse("(a (b 3 12) 5)", &Default::default()).unwrap();
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::Negamax), false);
    let values = labels_by_path(&svg, "value");
    assert_eq!(values["1"], "-5");
    assert_eq!(values["0"], "-3");
    assert_eq!(values[""], "5");
}

fn nim(piles: &[u32]) -> ExplicitTree {
    let start = Nim::new(piles).unwrap();
    let options = ExpandOptions {
        boards: true,
        ..ExpandOptions::default()
    };
    expand(&start, "piles", |p, mv| p.move_string(mv), &options).unwrap()
}

fn chess_to_depth(fen: &str, depth: u32) -> ExplicitTree {
    let start = Chess::from_fen(fen).unwrap();
    let options = ExpandOptions {
        boards: true,
        ..ExpandOptions::default()
    };
    let eval = ply_games::chess::Material;
    expand_to_depth(
        &start,
        "root",
        |p, mv| p.move_string(mv),
        depth,
        |p| ply_core::Evaluator::evaluate(&eval, p),
        &options,
    )
    .unwrap()
}

/// The elements of the group of the node at `path`, as `tag` and attribute pairs.
fn group_elements(svg: &str, path: &str, tag: &str) -> Vec<Vec<(String, String)>> {
    let document = roxmltree::Document::parse(svg).unwrap();
    let group = document
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("data-path") == Some(path))
        .unwrap();
    group
        .descendants()
        .filter(|n| n.has_tag_name(tag))
        .map(|n| {
            n.attributes()
                .map(|a| (a.name().to_string(), a.value().to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn chessboards_and_counters_are_drawn_in_their_nodes() {
    // The chess lesson's position, one ply: the root and White's 14 moves, each a board.
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    let tree = chess_to_depth(fen, 1);
    assert_eq!(tree.len(), 15);
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::AlphaBeta), true);
    for (how, drawing) in drawings(&tree) {
        assert_readable(&format!("chess depth 1, {how}"), &drawing);
    }
    assert_eq!(svg.matches(r#"class="node max board"#).count(), 1);
    // The root's board: 32 dark squares in one path, 4 pieces as letters in discs
    // (White's king and rook, Black's king and rook) and 6 pawns as small discs; each
    // side's discs one path and its letters one text, so that a board is a handful of
    // elements (a tree of 900 boards was 55,000 elements, and took seconds to show).
    let letters: Vec<(String, String)> = group_elements(&svg, "", "text")
        .into_iter()
        .filter(|attributes| attributes.iter().all(|(name, _)| name != "class"))
        .map(|attributes| {
            let get = |key: &str| {
                attributes
                    .iter()
                    .find(|(name, _)| name == key)
                    .unwrap()
                    .1
                    .clone()
            };
            (get("fill"), get("x"))
        })
        .collect();
    // White's letters dark on white discs (a5 and b4: a file apart), Black's white on
    // dark (h5 and h4: one file).
    let columns = |xs: &str| {
        let xs: Vec<f64> = xs.split(' ').map(|x| x.parse().unwrap()).collect();
        let left = xs.iter().copied().fold(f64::INFINITY, f64::min);
        xs.iter()
            .map(|x| ((x - left) / 10.0).round() as u32)
            .collect::<Vec<_>>()
    };
    assert_eq!(letters.len(), 2);
    assert_eq!(letters[0].0, "#111");
    assert_eq!(letters[1].0, "white");
    assert_eq!(columns(&letters[0].1), [0, 1]);
    assert_eq!(columns(&letters[1].1), [0, 0]);
    assert_eq!(group_elements(&svg, "", "circle").len(), 0);
    let discs: Vec<String> = group_elements(&svg, "", "path")
        .into_iter()
        .filter(|a| a.iter().any(|(n, v)| n == "stroke" && v == "#111"))
        .map(|a| a.into_iter().find(|(n, _)| n == "d").unwrap().1)
        .collect();
    assert_eq!(discs.len(), 2);
    let count = |d: &str, what: &str| d.matches(what).count();
    // White: K, R and the pawns b5, e2, g2; Black: k, r and the pawns c7, d6, f4.
    assert_eq!(discs.iter().map(|d| count(d, "M")).sum::<usize>(), 10);
    assert_eq!(
        discs.iter().map(|d| count(d, "a2.4 2.4")).sum::<usize>(),
        6 * 2
    );
    // Rank 8 is the top row: the letters are written in the board's order.
    let document = roxmltree::Document::parse(&svg).unwrap();
    let root = document
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("data-path") == Some(""))
        .unwrap();
    let text: Vec<String> = root
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class").is_none())
        .map(|n| n.text().unwrap().to_string())
        .collect();
    assert_eq!(text, ["KR", "RK"]);
    // A move's board highlights its two squares (b4 to f4: Rxf4+ takes on f4; a leaf
    // at the horizon is named with `…`).
    let first = tree.children(tree.root())[0];
    assert_eq!(tree.node(first).name, "Rxf4+…");
    let highlights = group_elements(&svg, "0", "rect")
        .into_iter()
        .filter(|a| a.iter().any(|(n, v)| n == "fill" && v == "#ffe98a"))
        .count();
    assert_eq!(highlights, 2);

    // Nim with piles 1 and 2: a row of counters per pile, 3 counters at the root; the
    // move "take 2 from pile 2" leaves 1 and 0: one counter, and two rings where the
    // counters were taken (the board drawn as wide as the root's, though the position's
    // own diagram is one column wide).
    let tree = nim(&[1, 2]);
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::AlphaBeta), false);
    for (how, drawing) in drawings(&tree) {
        assert_readable(&format!("nim 1,2, {how}"), &drawing);
    }
    let counters = |path: &str| {
        let circles = group_elements(&svg, path, "circle");
        let filled = |colour: &str| {
            circles
                .iter()
                .filter(|a| a.iter().any(|(n, v)| n == "fill" && v == colour))
                .count()
        };
        (filled("#8a5a2b"), filled("#ffe98a"))
    };
    assert_eq!(counters(""), (3, 0));
    let taken_two = tree
        .children(tree.root())
        .iter()
        .position(|&c| {
            let board = tree.diagram(c).unwrap();
            board.to_string() == "X\n."
        })
        .unwrap();
    assert_eq!(counters(&taken_two.to_string()), (1, 2));
}

#[test]
fn a_node_standing_for_several_moves_says_how_many() {
    // (r (a 1 2) b=3 c=0): a stands for 4 moves, b for 2, c for 1.
    let mut builder = TreeBuilder::new(Limits::default());
    let r = builder.push(None, Some("r".into()), 0, 0).unwrap();
    let a = builder.push(Some(r), Some("a".into()), 0, 0).unwrap();
    for v in [1, 2] {
        let leaf = builder.push(Some(a), None, 0, 0).unwrap();
        builder.set_value(
            leaf,
            Decimal {
                mantissa: v,
                decimals: 0,
            },
            0,
            0,
        );
    }
    for (name, v) in [("b", 3), ("c", 0)] {
        let leaf = builder.push(Some(r), Some(name.into()), 0, 0).unwrap();
        builder.set_value(
            leaf,
            Decimal {
                mantissa: v,
                decimals: 0,
            },
            0,
            0,
        );
    }
    builder.set_stands_for(a, 4);
    builder.set_stands_for(4, 2);
    let tree = builder.finish(LeafPerspective::Max).unwrap();
    for (how, svg) in drawings(&tree) {
        assert_readable(&format!("stands for, {how}"), &svg);
        let marks = labels_by_path(&svg, "stands-for");
        let expected: BTreeMap<String, String> = [("0", "×4"), ("1", "×2")]
            .into_iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect();
        assert_eq!(marks, expected, "{how}");
    }
    let svg = render::svg(&tree, &annotate(&tree, Algorithm::Minimax), false);
    assert!(svg.contains(": one child drawn for N moves that lead to the same position"));
    let json = render::json(&tree, &annotate(&tree, Algorithm::Minimax), false);
    assert_eq!(json["root"]["children"][0]["stands_for"], 4);
    assert_eq!(json["root"]["children"][1]["stands_for"], 2);
    assert!(json["root"]["children"][2].get("stands_for").is_none());
    assert!(json["root"].get("stands_for").is_none());
}

/// The counts written under the folded nodes, by path.
fn folded_counts(svg: &str) -> BTreeMap<String, String> {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|n| n.attribute("class") == Some("label folded-count"))
        .map(|n| {
            let group = n.parent().unwrap();
            (
                group.attribute("data-path").unwrap().to_string(),
                n.attribute("data-count").unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_wide_tree_drawn_to_a_depth_folds_the_levels_below() {
    // Three levels of two children: 1 + 2 + 4 + 8 = 15 nodes.
    let tree = parse(
        "(((3 12) (8 2)) ((4 6) (14 5)))",
        &ply_tree::ParseOptions::default(),
    )
    .unwrap();
    let run = annotate(&tree, Algorithm::Minimax);
    let options = SvgOptions {
        visit_order: true,
        frame: false,
        ..SvgOptions::default()
    };
    let draw = |below: Option<usize>, expand: &[&str]| {
        let folding = render::Folding {
            below,
            expand: expand.iter().map(|p| p.to_string()).collect(),
        };
        render::svg_folded(&tree, &run, &options, &folding)
    };
    let nodes = |svg: &str| hooks(svg, "g", "node").len();

    let whole = draw(None, &[]);
    assert_eq!(nodes(&whole), 15);
    assert!(folded_counts(&whole).is_empty());
    assert_eq!(whole, render::svg_drawing(&tree, &run, &options));

    // The root and its two children, each standing for the 6 nodes under it.
    let two = draw(Some(1), &[]);
    assert_eq!(nodes(&two), 3);
    assert_eq!(
        with_flag(&hooks(&two, "g", "node"), "folded"),
        vec!["0".to_string(), "1".to_string()]
    );
    assert_eq!(
        folded_counts(&two),
        BTreeMap::from([("0".into(), "6".into()), ("1".into(), "6".into())])
    );
    assert!(two.contains(">+6 nodes</text>"));
    // The values stay: MIN's children min(12, 8) = 8 and min(6, 14) = 6, MAX's root 8.
    assert_eq!(
        labels_by_path(&two, "value"),
        BTreeMap::from([
            ("".into(), "8".into()),
            ("0".into(), "8".into()),
            ("1".into(), "6".into())
        ])
    );
    assert!(width_of(&two) < width_of(&whole));
    assert_readable("folded at depth 1", &two);

    // The first child opened: its two children drawn, each folded over its 2 leaves.
    let opened = draw(Some(1), &["0"]);
    assert_eq!(nodes(&opened), 5);
    assert_eq!(
        folded_counts(&opened),
        BTreeMap::from([
            ("0.0".into(), "2".into()),
            ("0.1".into(), "2".into()),
            ("1".into(), "6".into())
        ])
    );
    assert_readable("opened at 0", &opened);

    // Depth 0: the root alone, over 14 nodes; depth 3 (the leaves): every node.
    assert_eq!(nodes(&draw(Some(0), &[])), 1);
    assert_eq!(folded_counts(&draw(Some(0), &[]))[""], "14");
    assert_eq!(nodes(&draw(Some(3), &[])), 15);
    assert_eq!(nodes(&draw(Some(2), &[])), 7);
}
