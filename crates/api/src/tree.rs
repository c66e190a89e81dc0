//! Evaluate a hand-made game tree: the tree lab's operation.
//!
//! A request holds the tree as text (any format `ply tree` reads: indented, bracket,
//! JSON), the algorithm, whose point of view the leaf values are written from, and
//! optionally a move order. The answer is exactly the JSON `ply tree --format json
//! --trace` prints for that tree (docs/tree-lab.md): every node's backed-up value,
//! bound and visit order, the cuts with their windows, the principal variation,
//! the visit trace and the summary.

use crate::ApiError;
use ply_core::Algorithm;
pub use ply_tree::Limits;
use ply_tree::{
    Annotation, ExplicitTree, LeafPerspective, MoveOrder, ParseOptions, TreeError, annotate, parse,
    render,
};
use serde::Deserialize;

/// What to evaluate: the request of `POST /api/tree`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TreeRequest {
    /// The tree, in any format the tree lab reads (docs/tree-format.md).
    pub tree: String,
    /// `minimax`, `negamax` or `alphabeta` (the default).
    #[serde(default)]
    pub algorithm: Option<String>,
    /// `max` (the default: leaf values are for MAX) or `mover` (for the player to
    /// move at the leaf, the negamax convention).
    #[serde(default)]
    pub leaf_perspective: Option<String>,
    /// `as_written` (the default), `best_first` or `worst_first`: each node's
    /// children sorted by their minimax value before the search.
    #[serde(default)]
    pub order: Option<String>,
}

impl TreeRequest {
    /// A request for `tree` with every option at its default.
    pub fn new(tree: impl Into<String>) -> TreeRequest {
        TreeRequest {
            tree: tree.into(),
            ..TreeRequest::default()
        }
    }
}

/// The limits on the trees a caller may send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeLimits {
    /// The most bytes of tree text.
    pub max_bytes: usize,
    /// The most nodes and the deepest level.
    pub tree: Limits,
}

impl Default for TreeLimits {
    /// The command line's limits: 256 MiB of text, a million nodes, 1,000 levels.
    fn default() -> TreeLimits {
        TreeLimits {
            max_bytes: Limits::MAX_INPUT_BYTES,
            tree: Limits::default(),
        }
    }
}

/// A tree read and searched: what every rendering of a request starts from.
pub struct Evaluated {
    /// The tree, in the order the request asked for.
    pub tree: ExplicitTree,
    /// The search's report on every node.
    pub run: Annotation,
}

/// A tree that does not read is a parse error at its line:column; one past a limit
/// names the limit (`max_tree_nodes`, `max_tree_depth`) instead of the command
/// line's option.
fn tree_error(error: TreeError) -> ApiError {
    let limit = match error.limit {
        Some("max_nodes") => "max_tree_nodes",
        Some("max_depth") => "max_tree_depth",
        Some(other) => other,
        None => return ApiError::parse(error.to_string()).at(error.line, error.column),
    };
    let message = match error.message.split_once(" (raise the limit") {
        Some((message, _)) => message,
        None => &error.message,
    };
    let place = TreeError {
        message: format!("{message} (limit {limit})"),
        ..error
    };
    ApiError::limit(limit, place.to_string())
}

/// Reads and searches the tree of `request`, within `limits`.
pub fn evaluate(request: &TreeRequest, limits: &TreeLimits) -> Result<Evaluated, ApiError> {
    if request.tree.len() > limits.max_bytes {
        return Err(ApiError::limit(
            "max_tree_bytes",
            format!(
                "the tree is {} bytes long, more than the {} allowed",
                request.tree.len(),
                limits.max_bytes
            ),
        ));
    }
    let algorithm: Algorithm = request
        .algorithm
        .as_deref()
        .unwrap_or("alphabeta")
        .parse()
        .map_err(ApiError::bad_request)?;
    let perspective = match request.leaf_perspective.as_deref().unwrap_or("max") {
        "max" => LeafPerspective::Max,
        "mover" => LeafPerspective::Mover,
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown leaf_perspective {}: max or mover",
                ply_core::text::excerpt(other)
            )));
        }
    };
    let order: MoveOrder = request
        .order
        .as_deref()
        .unwrap_or("as_written")
        .parse()
        .map_err(ApiError::bad_request)?;
    let options = ParseOptions {
        limits: limits.tree,
        perspective,
    };
    let tree = parse(&request.tree, &options)
        .map_err(tree_error)?
        .reordered(order);
    let run = annotate(&tree, algorithm);
    Ok(Evaluated { tree, run })
}

/// The answer to `POST /api/tree`: exactly the JSON text `ply tree --format json
/// --trace` prints for the request's tree.
pub fn evaluate_tree(request: &TreeRequest, limits: &TreeLimits) -> Result<String, ApiError> {
    let Evaluated { tree, run } = evaluate(request, limits)?;
    Ok(render::json_text(&tree, &run, true))
}

/// The request's tree drawn as an SVG picture (visit order numbered), as `ply tree
/// --format svg --trace` draws it.
pub fn tree_svg(request: &TreeRequest, limits: &TreeLimits) -> Result<String, ApiError> {
    let Evaluated { tree, run } = evaluate(request, limits)?;
    Ok(render::svg(&tree, &run, true))
}

/// A game written out as a tree: the request of `POST /api/tree/game`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameTreeRequest {
    /// The game's spec (`race:5,2`, `nim:1,2`, `tictactoe`).
    pub game: String,
    /// The position to start from, in the game's notation (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// Write the tree down to this many plies only; deeper positions are leaves
    /// valued by the game's evaluation (default: to the end of the game).
    #[serde(default)]
    pub depth: Option<u32>,
}

/// The answer to `POST /api/tree/game`.
#[derive(Clone, Debug, serde::Serialize, PartialEq, Eq)]
pub struct GameTree {
    /// The tree in bracket format, ready for [`TreeRequest::tree`].
    pub tree: String,
    /// Its nodes.
    pub nodes: usize,
}

/// The game of `request` written out as a tree, as `ply tree GAME@POSITION` does,
/// within `limits`.
pub fn game_tree(request: &GameTreeRequest, limits: &TreeLimits) -> Result<GameTree, ApiError> {
    struct Visit<'a>(&'a GameTreeRequest, &'a TreeLimits);
    impl ply_games::GameVisitor for Visit<'_> {
        type Output = Result<GameTree, ApiError>;
        fn visit<G: ply_games::Playable>(self, start: G) -> Self::Output {
            let (request, limits) = (self.0, self.1);
            let root = crate::games::position_or_start(&start, request.position.as_deref())?;
            if root.has_cycles() {
                return Err(ApiError::bad_request(format!(
                    "positions of {} repeat, so its tree never ends: `ply tree {}` draws its solved strategy",
                    root.game_name(),
                    request.game
                )));
            }
            let name = match root.position_string() {
                text if text.is_empty() => "start".to_string(),
                text => text,
            };
            let options = ply_tree::ExpandOptions {
                limits: limits.tree,
                boards: false,
            };
            let tree = match request.depth {
                Some(depth) => {
                    let eval = root.evaluator();
                    ply_tree::expand_to_depth(
                        &root,
                        &name,
                        |p, mv| p.move_string(mv),
                        depth,
                        |p| ply_core::Evaluator::evaluate(&eval, p),
                        &options,
                    )
                }
                None => ply_tree::expand(&root, &name, |p, mv| p.move_string(mv), &options),
            }
            .map_err(tree_error)?;
            Ok(GameTree {
                tree: tree.to_bracket(),
                nodes: tree.len(),
            })
        }
    }
    crate::games::with_spec(&request.game, Visit(request, limits))?
}
