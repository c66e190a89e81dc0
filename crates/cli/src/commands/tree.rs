//! `ply tree`: the tree lab. A hand-made game tree (or a game, written out as
//! one) annotated by minimax or alpha-beta, drawn as text, JSON, dot or SVG.

use crate::args;
use crate::source::GameSource;
use anyhow::{Context, Result, bail};
use ply_api::lang::Lang;
use ply_api::tree::Evaluated;
use ply_core::Algorithm;
use ply_core::input::Input;
use ply_games::{GameVisitor, Playable};
use ply_tree::chance::{ChanceAlgorithm, annotate_chance};
use ply_tree::{
    ExpandOptions, ExplicitTree, GameTreeOptions, LeafPerspective, Limits, ParseOptions, TreeError,
    annotate, expand, expand_game, expand_strategy, expand_to_depth, render,
};
use std::io::Write;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:
  ply tree examples/trees/classic.txt
  ply tree examples/trees/classic.txt --trace
  ply tree examples/trees/four-ply.txt --algorithm minimax
  ply tree examples/trees/two-ply.txt --format svg > two-ply.svg
  echo '((3 12 8) (2 4 6) (14 5 2))' | ply tree - --json
  ply tree examples/trees/negamax.txt --leaf-perspective mover --algorithm negamax
  ply tree examples/trees/dice.txt                          (chance nodes: expectiminimax)
  ply tree examples/trees/backgammon.txt --algorithm star1 --trace
  ply tree tictactoe@XOX/OXO/... --format svg > endgame.svg
  ply tree mnk:3,2,3 --format dot | dot -Tpng > tree.png
  ply tree tictactoe --depth 2 --format svg > horizon.svg   (leaves: the evaluation, an estimate)
  ply tree tictactoe --depth 2 --symmetry                   (the textbook's three first moves)
  ply tree tictactoe@XOX/.O./X.. --depth-aware              (a quick win beats a slow one)
  ply tree race:10,2 --graph                                (count to 10's 11 positions, each a win or a loss)

FORMATS (detected from the first character; see docs/tree-format.md):
  text     one node per line, children indented:  'root', '  a = 3', '  = 5'
  bracket  ((3 12 8) (2 4 6) (14 5 2))
  json     {\"name\": \"root\", \"children\": [{\"value\": 3}, ...]}";

/// The tree lab: back up the values of a game tree with minimax or alpha-beta, and see every step.
///
/// FILE is a tree file (or - for standard input). If no such file exists and FILE names a game
/// (tictactoe, mnk:M,N,K, optionally GAME@POSITION), the game's tree from that position is written
/// out and searched instead: a finished game is worth 1 to MAX if MAX won, -1 if lost, 0 if drawn.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The tree file, - for standard input, or a game (GAME or GAME@POSITION).
    #[arg(value_name = "FILE", allow_hyphen_values = true, value_parser = args::Position)]
    input: String,
    /// The search that backs up the values [default: alphabeta; expectiminimax for a
    /// tree with chance nodes, which star1 and star2 search too].
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["minimax", "negamax", "alphabeta", "expectiminimax", "star1", "star2"]))]
    algorithm: Option<String>,
    /// How to draw the result [default: text].
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["text", "json", "dot", "svg"]))]
    format: Option<String>,
    /// Show the search step by step (text, JSON); number the nodes in visit order (SVG).
    #[arg(long)]
    trace: bool,
    /// Whose point of view leaf values are written from: the root player (max) or the player to move at the leaf (mover).
    #[arg(long, default_value = "max", value_parser = clap::builder::PossibleValuesParser::new(["max", "mover"]))]
    leaf_perspective: String,
    /// Refuse trees with more nodes than this (at least 1).
    #[arg(long, default_value_t = Limits::DEFAULT_MAX_NODES, value_name = "N", value_parser = args::whole::<usize>(1, usize::MAX as u64), allow_negative_numbers = true)]
    max_nodes: usize,
    /// Refuse trees deeper than this (at most 10000).
    #[arg(long, default_value_t = Limits::DEFAULT_MAX_DEPTH, value_name = "N", value_parser = args::whole::<u32>(0, u32::MAX as u64), allow_negative_numbers = true)]
    max_depth: u32,
    /// For a game: the position to start from (default: the start).
    #[arg(long, allow_hyphen_values = true, value_parser = args::Position)]
    position: Option<String>,
    /// Same as --format json.
    #[arg(long)]
    json: bool,
    /// For a game: write the tree down to this many plies only; a position still going
    /// there is a leaf named MOVE… and valued by the game's evaluation (an estimate;
    /// finished games are then worth 100, -100 and 0).
    #[arg(long, value_name = "N", value_parser = args::whole::<u32>(1, 10_000), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// For a game: value finished games by how soon they end, as the tic-tac-toe lessons
    /// do: a game won at depth D is worth N - D, N being one more than the deepest level
    /// of the tree (100 + N - D with --depth, above every estimate), so a quick win beats
    /// a slow one. Without it a win is worth 1 (100 with --depth), however late.
    #[arg(long)]
    depth_aware: bool,
    /// For a game: write once the moves that lead to the same position up to the
    /// board's symmetries (the first in move order), each child standing for the moves
    /// it replaces (drawn "×N" in pictures), as textbooks draw tic-tac-toe's three first moves.
    #[arg(long)]
    symmetry: bool,
    /// Draw pictures (svg, dot) of any size; without it a picture of more than 2,000
    /// nodes is refused (no one can read it).
    #[arg(long)]
    force: bool,
    /// SVG: draw each subtree alpha-beta never looked at as one small mark (its size).
    #[arg(long)]
    collapse_pruned: bool,
    /// The summary and every cut in words, in this language (en, sv, zh, el): text, the
    /// summary and the cuts in place of the summary line; JSON, the field `words`, as
    /// `/api/tree` answers a request with `"lang"`.
    #[arg(long, value_name = "LANG")]
    lang: Option<Lang>,
    /// For a game: print its graph of positions instead of its tree, to the same depth
    /// (each position once, with --symmetry once up to the board's symmetries, marked
    /// win, loss or draw for the player to move, and the moves between positions): as
    /// text, as JSON (--format json, the `graph` of /api/tree/game) or as dot.
    #[arg(long)]
    graph: bool,
}

/// The most nodes of a picture (svg, dot) drawn without --force.
const PICTURE_NODES: usize = 2_000;

/// The memory one node takes from reading (or writing out) the tree to printing it:
/// the node, its name, the search's record of it and its share of the output, which is
/// held whole before it is written. Measured as the growth of the peak resident memory
/// from a Connect Four tree of 6 plies to one of 7 (137,257 to 960,793 nodes; chess to 4
/// plies, with longer names, within 10 %): text 228 bytes a node, of which 53 of output,
/// JSON 1231 (700), dot 335 (166), SVG 3476 (3060, each node's board drawn too). Under
/// an address-space limit the output counts up to three times: a string that doubles as
/// it grows holds its old and its new room at once. So: the rest, plus three times the
/// output, rounded up. A picture of more than [`PICTURE_NODES`] nodes is refused unless
/// `forced`, so below that only the tree and its search count, as for text (268 bytes a
/// node for SVG, whose nodes keep their boards).
fn bytes_per_node(format: &str, forced: bool) -> u64 {
    match format {
        "json" => 2816,
        "dot" if forced => 768,
        "svg" if forced => 10_240,
        _ => 384,
    }
}

/// The nodes the memory available holds, when fewer than `--max-nodes`: the tree is
/// then refused at that many nodes, with a message that says why.
#[derive(Clone, Copy)]
struct MemoryCap {
    /// The most nodes the memory holds.
    nodes: usize,
    /// The bytes available when the work started.
    available: u64,
    /// The bytes a node takes in the output format (see [`bytes_per_node`]).
    per_node: u64,
}

impl MemoryCap {
    /// The cap for `max_nodes` nodes drawn in `format`, if the memory available holds fewer.
    fn of(max_nodes: usize, format: &str, forced: bool) -> Option<MemoryCap> {
        let available = ply_core::memory::available()?;
        let per_node = bytes_per_node(format, forced);
        let nodes = usize::try_from(available / per_node).unwrap_or(usize::MAX);
        (nodes < max_nodes).then_some(MemoryCap {
            nodes,
            available,
            per_node,
        })
    }

    /// `error` with its node limit told as the memory's, when that is the limit it met.
    fn explain(cap: Option<MemoryCap>, limits: Limits, error: TreeError) -> TreeError {
        match cap {
            Some(cap) if error.limit == Some("max_nodes") => {
                let said = limits.too_many_nodes(0, 0).message;
                let why = format!(
                    "the tree has more than {} nodes, as many as the memory available holds \
                     ({}, at about {} bytes a node)",
                    cap.nodes,
                    ply_core::memory::human_bytes(cap.available),
                    cap.per_node
                );
                TreeError {
                    message: error.message.replacen(&said, &why, 1),
                    ..error
                }
            }
            _ => error,
        }
    }
}

struct Expand<'a> {
    position: Option<&'a str>,
    limits: Limits,
    memory: Option<MemoryCap>,
    depth: Option<u32>,
    /// Keep each position's board, for a picture.
    boards: bool,
    /// Value finished games by their depth.
    depth_aware: bool,
    /// Write moves to positions equal up to symmetry once.
    symmetry: bool,
}

impl GameVisitor for Expand<'_> {
    type Output = Result<ExplicitTree>;

    fn visit<G: Playable>(self, start: G) -> Result<ExplicitTree> {
        let root = crate::report::position_or_start(&start, self.position)?;
        let name = root.position_string();
        let options = ExpandOptions {
            limits: self.limits,
            boards: self.boards,
        };
        let tree = if root.has_cycles() {
            if self.depth_aware || self.symmetry {
                bail!(
                    "--depth-aware and --symmetry do not apply: positions of {} repeat, so its \
                     tree is the solved strategy",
                    root.game_name()
                );
            }
            if self.depth.is_some() {
                bail!(
                    "--depth does not apply: positions of {} repeat, so its tree is the solved \
                     strategy, which is finite",
                    root.game_name()
                );
            }
            // Positions repeat: write out the solved strategy instead of every line of play.
            let table = crate::cyclic::solve_table(&root)?;
            expand_strategy(
                &root,
                &name,
                |pos, mv| pos.move_string(mv),
                |pos| table.score(pos),
                |pos| table.best_moves(pos).unwrap_or_default(),
                &options,
            )
        } else if self.depth_aware || self.symmetry {
            let evaluator = root.evaluator();
            let canonical = |pos: &G| pos.canonical().unwrap_or_else(|| pos.clone());
            let options = GameTreeOptions {
                expand: options,
                depth: self.depth,
                depth_aware: self.depth_aware,
            };
            expand_game(
                &root,
                &name,
                |pos, mv, _| pos.move_string(mv),
                |pos| ply_core::Evaluator::evaluate(&evaluator, pos),
                self.symmetry.then_some(&canonical as &dyn Fn(&G) -> G),
                &options,
            )
        } else if let Some(depth) = self.depth {
            let evaluator = root.evaluator();
            expand_to_depth(
                &root,
                &name,
                |pos, mv| pos.move_string(mv),
                depth,
                |pos| ply_core::Evaluator::evaluate(&evaluator, pos),
                &options,
            )
        } else {
            expand(&root, &name, |pos, mv| pos.move_string(mv), &options)
        };
        tree.map_err(|e| {
            let e = MemoryCap::explain(self.memory, self.limits, e);
            anyhow::anyhow!("{} from {}: {e}", root.game_name(), name)
        })
    }
}

/// The tree of a game, when FILE names no file to read (`found` says what it is instead).
fn load_game(
    args: &Args,
    games: &impl GameSource,
    limits: Limits,
    memory: Option<MemoryCap>,
    found: std::io::Result<std::fs::Metadata>,
) -> Result<ExplicitTree> {
    let (game, position) = match args.input.split_once('@') {
        Some((game, position)) => (game, Some(position)),
        None => (args.input.as_str(), args.position.as_deref()),
    };
    if args.position.is_some() && position != args.position.as_deref() {
        bail!("give the position either as GAME@POSITION or with --position, not both");
    }
    // Pig is a game with dice: written out with chance nodes from its exact solution.
    if let Some(goal) = ply_api::pig::spec_goal(game) {
        if args.symmetry {
            bail!("--symmetry: Pig's positions have no symmetry to fold");
        }
        let goal = goal?;
        let depth = args.depth.unwrap_or(ply_api::pig::TREE_DEPTH);
        // Built node by node within the limits (its text is never made here), a tree
        // past them refused as other games' are.
        return ply_api::pig::expanded_tree(goal, position, depth, limits)?.map_err(|e| {
            let e = MemoryCap::explain(memory, limits, e);
            let from = ply_api::pig::position(goal, position)
                .map(|state| state.to_string())
                .unwrap_or_default();
            let from = from.split_once(':').map_or(from.as_str(), |(_, rest)| rest);
            anyhow::anyhow!("{game} from {from}: {e}")
        });
    }
    let expand = Expand {
        position,
        limits,
        memory,
        depth: args.depth,
        boards: args.format.as_deref() == Some("svg") && !args.json,
        depth_aware: args.depth_aware,
        symmetry: args.symmetry,
    };
    match games.visit(game, expand) {
        Ok(tree) => tree,
        Err(not_a_game) => match found {
            Ok(_) => bail!(
                "{}: is a directory (give a tree file, - for standard input, or a game)",
                args.input
            ),
            Err(_) if args.input.contains([':', '@']) => bail!("{not_a_game}"),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                bail!("{}: no such file (nor a game: {not_a_game})", args.input)
            }
            Err(e) => bail!("{}: {e} (nor a game: {not_a_game})", args.input),
        },
    }
}

/// The node and depth limits for a tree drawn in `format`, the node limit lowered to what
/// the memory available holds, if that is less, and the memory's cap then. Measured as
/// the tree is about to be made, on the thread whose stack is already taken (and after a
/// file's text is read): a tree that would outgrow the memory is refused as it reaches
/// that many nodes, not by the allocator.
fn tree_limits(args: &Args, format: &str) -> (Limits, Option<MemoryCap>) {
    let memory = MemoryCap::of(args.max_nodes, format, args.force);
    let limits = Limits {
        max_nodes: memory.map_or(args.max_nodes, |cap| cap.nodes),
        max_depth: args.max_depth,
    };
    (limits, memory)
}

/// Reads the tree from a file, standard input or a game.
fn load(args: &Args, games: &impl GameSource, format: &str) -> Result<ExplicitTree> {
    let perspective = match args.leaf_perspective.as_str() {
        "mover" => LeafPerspective::Mover,
        _ => LeafPerspective::Max,
    };
    let input = if args.input == "-" {
        Input::stdin()
    } else {
        // Anything that exists and is not a directory is read: a file, a pipe
        // (`<(...)`, /dev/stdin, /dev/fd/N), a device; the size cap bounds them all.
        let found = std::fs::metadata(&args.input);
        match &found {
            Ok(metadata) if !metadata.is_dir() && !games.names_a_game(&args.input) => {
                Input::open(&args.input)?
            }
            _ => {
                let (limits, memory) = tree_limits(args, format);
                return load_game(args, games, limits, memory, found);
            }
        }
    };
    let label = input.name().to_string();
    let text = input.read_text(Limits::MAX_INPUT_BYTES as u64, "a tree file")?;
    // After the text is read: it holds up to 256 MiB of the memory.
    let (limits, memory) = tree_limits(args, format);
    let options = ParseOptions {
        limits,
        perspective,
    };
    ply_tree::parse(&text, &options).map_err(|e| {
        let e = MemoryCap::explain(memory, limits, e);
        if e.line == 0 {
            anyhow::anyhow!("{label}: {}", e.message)
        } else {
            anyhow::anyhow!("{label}:{e}")
        }
    })
}

/// `--graph`: the game's graph of positions, as `/api/tree/game` answers it with
/// `"graph": true` (within --max-nodes positions and moves, and --max-depth), printed as
/// text, JSON or dot.
fn run_graph(args: &Args, games: &impl GameSource) -> Result<ExitCode> {
    let from_file = !games.names_a_game(&args.input)
        && (args.input == "-" || std::path::Path::new(&args.input).is_file());
    if from_file {
        bail!("--graph applies to a game (FILE is a game spec), not to a tree file");
    }
    let (game, position) = match args.input.split_once('@') {
        Some((game, position)) => (game, Some(position)),
        None => (args.input.as_str(), args.position.as_deref()),
    };
    let format = if args.json {
        "json"
    } else {
        args.format.as_deref().unwrap_or("text")
    };
    if format == "svg" || args.trace {
        bail!("--graph prints text, JSON or dot: not --format svg, nor --trace");
    }
    if games.chance_game(game).is_some() {
        bail!("--graph: Pig's tree has chance nodes, and no graph of positions");
    }
    let visit = GraphOf {
        position,
        depth: args.depth,
        symmetry: args.symmetry,
        limits: ply_api::tree::TreeLimits {
            tree: Limits {
                max_nodes: args.max_nodes,
                max_depth: args.max_depth,
            },
            ..ply_api::tree::TreeLimits::default()
        },
    };
    let graph = games
        .visit(game, visit)
        .map_err(|e| anyhow::anyhow!("{e}"))??;
    let output = match format {
        "json" => {
            serde_json::to_string_pretty(&graph).context("cannot write the graph as JSON")? + "\n"
        }
        "dot" => graph_dot(&graph),
        _ => graph_text(game, &graph),
    };
    match std::io::stdout().lock().write_all(output.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write the output")
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// Makes a game's graph of positions (`--graph`).
struct GraphOf<'a> {
    position: Option<&'a str>,
    depth: Option<u32>,
    symmetry: bool,
    limits: ply_api::tree::TreeLimits,
}

impl GameVisitor for GraphOf<'_> {
    type Output = Result<ply_api::position_graph::PositionGraph>;

    fn visit<G: Playable>(self, start: G) -> Self::Output {
        let root = crate::report::position_or_start(&start, self.position)?;
        if root.has_cycles() {
            bail!(
                "--graph: positions of {} repeat, so its values come from its solved strategy \
                 (ply tree {} draws it)",
                root.game_name(),
                root.game_name()
            );
        }
        let control = ply_api::control::Control::new();
        ply_api::position_graph::position_graph(
            &root,
            self.depth,
            self.symmetry,
            &self.limits,
            &control,
        )
        .map_err(|e| {
            let message = e
                .error
                .replace(
                    "(limit max_tree_nodes)",
                    "(raise the limit with --max-nodes)",
                )
                .replace(
                    "(limit max_tree_depth)",
                    "(raise the limit with --max-depth)",
                )
                .replace(
                    "ask for fewer plies (depth)",
                    "give fewer plies (--depth N)",
                );
            anyhow::anyhow!("{message}")
        })
    }
}

/// A position's value as the graph's text says it.
fn graph_value(position: &ply_api::position_graph::GraphPosition) -> &'static str {
    position.value.unwrap_or("not solved")
}

/// The graph as text: a line a position, its value for the player to move and its moves.
fn graph_text(game: &str, graph: &ply_api::position_graph::PositionGraph) -> String {
    let mut out = format!(
        "{game}: {} positions and {} moves between them; each position's value is for the \
         player to move\n",
        graph.positions.len(),
        graph.moves.len()
    );
    let width = graph
        .positions
        .iter()
        .map(|p| p.label.chars().count())
        .max()
        .unwrap_or(0);
    for (index, position) in graph.positions.iter().enumerate() {
        let moves: Vec<String> = graph
            .moves
            .iter()
            .filter(|m| m.from == index)
            .map(|m| {
                let times = if m.moves > 1 {
                    format!(" x{}", m.moves)
                } else {
                    String::new()
                };
                format!("{}{times} -> {}", m.name, graph.positions[m.to].label)
            })
            .collect();
        let rest = if position.end {
            "game over".to_string()
        } else if position.cut {
            "depth reached".to_string()
        } else {
            moves.join(", ")
        };
        let label = &position.label;
        out.push_str(&format!(
            "{label:<width$}  {:<10}  {rest}\n",
            graph_value(position)
        ));
    }
    out
}

/// The graph for Graphviz: each position with its value, each move an arrow.
fn graph_dot(graph: &ply_api::position_graph::PositionGraph) -> String {
    let quoted = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::from("digraph positions {\n  node [shape=box, style=rounded];\n");
    for (index, position) in graph.positions.iter().enumerate() {
        out.push_str(&format!(
            "  p{index} [label=\"{}\\n{}\"];\n",
            quoted(&position.label),
            graph_value(position)
        ));
    }
    for m in &graph.moves {
        let times = if m.moves > 1 {
            format!(" x{}", m.moves)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  p{} -> p{} [label=\"{}{times}\"];\n",
            m.from,
            m.to,
            quoted(&m.name)
        ));
    }
    out.push_str("}\n");
    out
}

/// The options that cannot apply to this input, refused before any work.
fn refuse_what_does_not_apply(args: &Args, games: &impl GameSource) -> Result<()> {
    if args.max_depth > Limits::HARD_MAX_DEPTH {
        bail!(
            "--max-depth {} is too deep (at most {})",
            args.max_depth,
            Limits::HARD_MAX_DEPTH
        );
    }
    // The same test as `load`: a file (or standard input), else a game.
    let from_file = !games.names_a_game(&args.input)
        && (args.input == "-" || std::path::Path::new(&args.input).is_file());
    if from_file && args.depth.is_some() {
        bail!("--depth applies to a game (FILE is a game spec), not to a tree file");
    }
    if from_file && (args.depth_aware || args.symmetry) {
        let flag = if args.depth_aware {
            "--depth-aware"
        } else {
            "--symmetry"
        };
        bail!("{flag} applies to a game (FILE is a game spec), not to a tree file");
    }
    if from_file && args.position.is_some() {
        bail!("--position applies to a game (FILE is a game spec), not to a tree file");
    }
    if !from_file && args.leaf_perspective == "mover" {
        bail!("--leaf-perspective mover applies to tree files: a game's leaves are scored for MAX");
    }
    match args.format.as_deref() {
        Some(format) if args.json && format != "json" => {
            bail!("--json is --format json: it cannot be used with --format {format}")
        }
        Some(format) if args.collapse_pruned && format != "svg" => {
            bail!("--collapse-pruned applies to --format svg, not to --format {format}")
        }
        None if args.collapse_pruned => {
            bail!("--collapse-pruned applies to --format svg")
        }
        Some("dot") if args.trace => {
            bail!("--trace applies to the text, JSON and SVG formats, not to --format dot")
        }
        Some(format @ ("dot" | "svg")) if args.lang.is_some() => {
            bail!("--lang applies to the text and JSON formats, not to --format {format}")
        }
        _ => Ok(()),
    }
}

fn run_on_big_stack(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    let format = if args.json {
        "json"
    } else {
        args.format.as_deref().unwrap_or("text")
    };
    let tree = load(&args, games, format)?;
    if tree.has_chance() {
        return run_chance(&args, &tree, format);
    }
    let algorithm: Algorithm = match args.algorithm.as_deref() {
        None => Algorithm::AlphaBeta,
        Some(name @ ("expectiminimax" | "star1" | "star2")) => bail!(
            "{name} searches trees with chance nodes, and this tree has none: use minimax, negamax or alphabeta"
        ),
        Some(name) => name.parse().map_err(anyhow::Error::msg)?,
    };
    let run = annotate(&tree, algorithm);
    let evaluated = Evaluated { tree, run };
    let words = args.lang.map(|lang| evaluated.words(lang));
    // The drawing's own words: the language asked for, else English.
    let text_words = args.lang.unwrap_or_default();
    let (tree, run) = (&evaluated.tree, &evaluated.run);
    let picture = matches!(format, "svg" | "dot");
    // The nodes drawn: with --collapse-pruned (SVG), a pruned subtree is one mark.
    let drawn = if args.collapse_pruned {
        (0..tree.len())
            .filter(|&id| {
                let parent = tree.node(id as u32).parent;
                !parent.is_some_and(|p| run.nodes[p as usize].pruned)
            })
            .count()
    } else {
        tree.len()
    };
    if picture && drawn > PICTURE_NODES && !args.force {
        let collapse =
            if run.cutoffs > 0 && !args.collapse_pruned && args.format.as_deref() == Some("svg") {
                ", --collapse-pruned"
            } else {
                ""
            };
        bail!(
            "a picture of {drawn} nodes is too big to read (at most {PICTURE_NODES} without --force): \
             draw fewer with --depth N{collapse}, or from a later position (GAME@POSITION)"
        );
    }
    // Sized before it is made: a tree within its node limit may be deep, and a line of
    // its text is indented by its depth.
    let bytes = match format {
        "json" => 0, // sized as it is made
        "dot" => render::count(|out| render::write_dot(tree, run, out)),
        "svg" => render::svg_bound(tree),
        _ => {
            let steps = if args.trace {
                render::count(|out| render::write_trace_in(tree, run, &text_words, out))
            } else {
                0
            };
            let words = words.as_ref().map_or(0, |words| {
                words.summary.len() + words.cuts.iter().map(|cut| cut.len() + 3).sum::<usize>()
            });
            render::count(|out| render::write_text_in(tree, run, &text_words, out))
                + steps
                + words as u64
                + 1024
        }
    };
    // Text and dot are written into a string of their size; a picture grows as it is drawn.
    let held = if format == "svg" {
        bytes.saturating_mul(GROWTH)
    } else {
        bytes
    };
    check_drawing(tree, format, held)?;
    let room = usize::try_from(bytes).unwrap_or(0);
    let output = match format {
        "json" => {
            let json = render::json_text_sized(tree, run, args.trace, |bytes| {
                check_drawing(tree, format, bytes)
            })?;
            match &words {
                Some(words) => ply_api::tree::with_words(json, words),
                None => json,
            }
        }
        "dot" => {
            let mut out = String::with_capacity(room);
            render::write_dot(tree, run, &mut out);
            out
        }
        "svg" => render::svg_with(tree, run, args.trace, args.collapse_pruned),
        _ => {
            let mut out = String::with_capacity(room);
            render::write_text_in(tree, run, &text_words, &mut out);
            if args.trace {
                out.push('\n');
                out.push_str(&text_words.say("tree.text.steps", &[]));
                out.push('\n');
                render::write_trace_in(tree, run, &text_words, &mut out);
            }
            out.push('\n');
            match &words {
                Some(words) => {
                    out.push_str(&words.summary);
                    for cut in &words.cuts {
                        out.push_str("\n  ");
                        out.push_str(cut);
                    }
                }
                None => out.push_str(&render::summary(tree, run)),
            }
            out.push('\n');
            out
        }
    };
    // A reader that stops early (`| head`) is not an error.
    match std::io::stdout().lock().write_all(output.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write the output")
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// How many times its length a picture may take while it is drawn (its size is bounded,
/// not counted, so it is not written into a string of its size): a string that doubles
/// as it grows holds its old and its new room at once.
const GROWTH: u64 = 3;

/// Refuses to draw `tree` in `format` when the drawing takes `bytes` bytes (what it
/// holds while it is made) and the memory available does not hold them: a tree within
/// its node limit may still be deep, and each line of its text is indented by its depth
/// (a chain of 10,000 levels, each with a leaf beside it, draws 300 MB of text from
/// 20,001 nodes).
fn check_drawing(tree: &ExplicitTree, format: &str, bytes: u64) -> Result<()> {
    ply_core::memory::check(
        || {
            format!(
                "drawing a tree of {} nodes {} levels deep as {format}",
                tree.len(),
                tree.height()
            )
        },
        bytes,
    )
    .map_err(|e| anyhow::anyhow!("{e}: draw fewer levels (--depth N) or a smaller tree"))
}

/// A tree with chance nodes: expectiminimax (or Star1, Star2), drawn as text, JSON or
/// an SVG picture.
fn run_chance(args: &Args, tree: &ExplicitTree, format: &str) -> Result<ExitCode> {
    let algorithm: ChanceAlgorithm = match args.algorithm.as_deref() {
        None => ChanceAlgorithm::Expectiminimax,
        Some(name) => name.parse().map_err(|_| {
            anyhow::anyhow!(
                "this tree has chance nodes, which {name} cannot search: use expectiminimax, star1 or star2"
            )
        })?,
    };
    if (format == "svg" || format == "dot") && tree.len() > PICTURE_NODES && !args.force {
        bail!(
            "a picture of {} nodes is too big to read (at most {PICTURE_NODES} without --force): draw a smaller tree",
            tree.len()
        );
    }
    let run = annotate_chance(tree, algorithm, None).map_err(|error| anyhow::anyhow!("{error}"))?;
    // With --lang, the search told in words, as /api/tree tells it (`words`).
    let words = args
        .lang
        .map(|lang| ply_api::words::chance_words(lang, tree, &run));
    let text_words = args.lang.unwrap_or_default();
    // Sized before it is made, as a tree without chance nodes.
    let bytes = match format {
        "json" => 0, // sized as it is made
        "dot" => render::count(|out| render::write_chance_dot(tree, &run, out)),
        "svg" => render::svg_bound(tree),
        _ => {
            let steps = if args.trace {
                render::count(|out| render::write_chance_trace_in(tree, &run, &text_words, out))
            } else {
                0
            };
            let words = words.as_ref().map_or(0, |words| {
                words.summary.len() + words.cuts.iter().map(|cut| cut.len() + 3).sum::<usize>()
            });
            render::count(|out| render::write_chance_text(tree, &run, out))
                + steps
                + words as u64
                + 1024
        }
    };
    let held = if format == "svg" {
        bytes.saturating_mul(GROWTH)
    } else {
        bytes
    };
    check_drawing(tree, format, held)?;
    let room = usize::try_from(bytes).unwrap_or(0);
    let output = if format == "json" {
        let json = render::chance_json_text_sized(tree, &run, args.trace, |bytes| {
            check_drawing(tree, format, bytes)
        })?;
        match &words {
            Some(words) => ply_api::tree::with_words(json, words),
            None => json,
        }
    } else if format == "dot" {
        let mut out = String::with_capacity(room);
        render::write_chance_dot(tree, &run, &mut out);
        out
    } else if format == "svg" {
        let options = render::SvgOptions {
            visit_order: args.trace,
            ..render::SvgOptions::default()
        };
        render::chance_svg(tree, &run, &options)
    } else {
        let mut out = String::with_capacity(room);
        if let Some(words) = &words {
            // The summary and the cuts in words in place of the summary line.
            render::write_chance_text_in(tree, &run, &text_words, &mut out);
            out.push_str(&words.summary);
            for cut in &words.cuts {
                out.push_str("\n  ");
                out.push_str(cut);
            }
            out.push('\n');
        } else {
            render::write_chance_text(tree, &run, &mut out);
        }
        if args.trace {
            out.push('\n');
            out.push_str(&text_words.say("tree.text.steps", &[]));
            out.push('\n');
            render::write_chance_trace_in(tree, &run, &text_words, &mut out);
        }
        out
    };
    match std::io::stdout().lock().write_all(output.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write the output")
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    // Before the thread: its stack is sized from --max-depth.
    refuse_what_does_not_apply(&args, games)?;
    if args.graph {
        return run_graph(&args, games);
    }
    // The searches recurse once per level of the tree: give deep trees the stack they need.
    let stack = (32 << 20) + args.max_depth as usize * 2048;
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("tree".into())
            .stack_size(stack)
            .spawn_scoped(scope, move || run_on_big_stack(args, games))
            .context("cannot start the search thread")?
            .join()
            .unwrap_or_else(|_| bail!("the tree search failed unexpectedly"))
    })
}
