//! Evaluate a hand-made game tree: the tree lab's operation.
//!
//! A request holds the tree as text (any format `ply tree` reads: indented, bracket,
//! JSON), the algorithm, whose point of view the leaf values are written from, and
//! optionally a move order. The answer is exactly the JSON `ply tree --format json
//! --trace` prints for that tree (docs/tree-lab.md): every node's backed-up value,
//! bound and visit order, the cuts with their windows, the principal variation,
//! the visit trace and the summary. Asked for (`"picture": true`), the answer also
//! carries the tree drawn, for a page to show and draw on (`svg`), or why it is not
//! there (`svg_omitted`); and asked in a language (`"lang": "sv"`), the search told in
//! words in that language (`words`: the summary and every cut, [`TreeWords`]).

use crate::ApiError;
use crate::control::Control;
use crate::lang::Lang;
use ply_core::phrase::Phrase;
use ply_core::{Algorithm, PruningRule};
use ply_core::{Player, Score};
pub use ply_tree::Limits;
use ply_tree::chance::{ChanceAlgorithm, annotate_chance_until};
use ply_tree::{
    Annotation, ExplicitTree, LeafPerspective, MoveOrder, ParseOptions, TreeError, annotate_with,
    parse, render,
};
use serde::{Deserialize, Serialize};

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
    /// Alpha-beta's pruning rule: `ge` (the default: cut as soon as α ≥ β) or `gt`
    /// (cut only when a value passes the bound: a tie goes on).
    #[serde(default)]
    pub rule: Option<String>,
    /// With `true`, the answer also carries the tree drawn by ply's own renderer
    /// ([`Evaluated::picture`]) in a field `svg`; when the picture may not be drawn
    /// (`max_picture_nodes`, `max_answer_bytes`), a field `svg_omitted` says why, in
    /// the API's error shape, and the values come all the same.
    #[serde(default)]
    pub picture: bool,
    /// With `true`, the picture (`svg`, and `/api/tree/svg`'s) draws each subtree
    /// alpha-beta never looked at as one small mark, as `ply tree --collapse-pruned`
    /// does; the picture limit then counts the nodes drawn.
    #[serde(default)]
    pub collapse_pruned: bool,
    /// The picture drawn to this depth (the root's is 0): each node at it with children
    /// is drawn folded, its value as ever and a mark under it, `+N nodes`, for the N
    /// nodes below it (`ply_tree::render::Folding`). Absent: every level. The search
    /// and its values are the same.
    #[serde(default)]
    pub collapse_below: Option<u32>,
    /// With `collapse_below`: the paths (`"0.1"`, the root's `""`) of folded nodes drawn
    /// open all the same, one level more each (at most 4,096 paths of at most 4,096
    /// bytes each).
    #[serde(default)]
    pub expand: Vec<String>,
    /// A language (`en`, `sv`, `zh`, `el`): the answer then also carries the field
    /// `words`, the search told in that language ([`TreeWords`]). Absent: no `words`,
    /// and the answer is exactly the command line's JSON.
    #[serde(default, deserialize_with = "crate::words::optional_lang_field")]
    pub lang: Option<Lang>,
}

/// The levels a picture draws, as `collapse_below` and `expand` ask, refused (400) past
/// `ply_tree::render::FOLDING_PATHS` paths or a path past
/// `ply_tree::render::FOLDING_PATH_BYTES` bytes.
pub fn folding(
    collapse_below: Option<u32>,
    expand: &[String],
) -> Result<render::Folding, ApiError> {
    if expand.len() > render::FOLDING_PATHS {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.tree.expand_paths")
                .arg("count", expand.len())
                .arg("max", render::FOLDING_PATHS),
        ));
    }
    if let Some(path) = expand.iter().find(|p| p.len() > render::FOLDING_PATH_BYTES) {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.tree.expand_path_bytes")
                .arg("bytes", path.len())
                .arg("max", render::FOLDING_PATH_BYTES),
        ));
    }
    Ok(render::Folding {
        below: collapse_below.map(|d| d as usize),
        expand: expand.to_vec(),
    })
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

/// The limits on the trees a caller may send, and on the answers made of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeLimits {
    /// The most bytes of tree text.
    pub max_bytes: usize,
    /// The most nodes and the deepest level.
    pub tree: Limits,
    /// The most bytes of an answer (`max_answer_bytes`): the JSON of [`evaluate_tree`]
    /// (refused before it is made when its size, bounded from the tree, may pass it),
    /// the SVG of [`tree_svg`] and the tree text of [`game_tree`]. A tree's answer is
    /// far larger than the tree: 200 KB of text, a root and 99,998 leaves, make 49 MB
    /// of JSON with its trace.
    pub max_answer_bytes: u64,
    /// The most nodes of a picture (`max_picture_nodes`), as `ply tree --format svg`
    /// draws without `--force`: wider pictures are too big to read (100,000 leaves
    /// make one 7.7 million pixels wide).
    pub max_picture_nodes: usize,
    /// The longest a tree's search may take, in milliseconds (the server's
    /// `max_search_ms`); `None` (the command line's): as long as it takes. Only chance
    /// searches may take long on a tree within the other limits (Star2 doubles its work
    /// at each chance node of a chain); the others visit each node at most once.
    pub max_search_ms: Option<u64>,
}

impl TreeLimits {
    /// The command line's picture limit: the most nodes `ply tree` draws without `--force`.
    pub const PICTURE_NODES: usize = 2_000;
}

impl Default for TreeLimits {
    /// The command line's limits: 256 MiB of text, a million nodes, 1,000 levels;
    /// answers of at most 256 MiB, pictures of at most 2,000 nodes.
    fn default() -> TreeLimits {
        TreeLimits {
            max_bytes: Limits::MAX_INPUT_BYTES,
            tree: Limits::default(),
            max_answer_bytes: Limits::MAX_INPUT_BYTES as u64,
            max_picture_nodes: TreeLimits::PICTURE_NODES,
            max_search_ms: None,
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
pub(crate) fn tree_error(error: TreeError) -> ApiError {
    let limit = match error.limit {
        Some("max_nodes") => "max_tree_nodes",
        Some("max_depth") => "max_tree_depth",
        Some(other) => other,
        None => {
            let (line, column, english) = (error.line, error.column, error.to_string());
            let said = crate::refusal::tree_phrase(error);
            return ApiError {
                error: english,
                ..ApiError::parse_said(said)
            }
            .at(line, column);
        }
    };
    // The tree's own words for its limit, with the API's name of it.
    let max = error.phrase.as_ref().and_then(|p| p.get("max")).cloned();
    let said = match (error.phrase.as_ref().map(|p| p.id), max) {
        (Some("errors.tree.too_many_nodes"), Some(max)) => {
            Some(Phrase::new("errors.tree.nodes").arg("max", max))
        }
        (Some("errors.tree.too_deep"), Some(max)) => {
            Some(Phrase::new("errors.tree.depth").arg("max", max))
        }
        _ => None,
    };
    if let Some(said) = said {
        let said = placed(error.line, error.column, said.arg("limit", limit));
        return ApiError::limit_said(limit, said);
    }
    let message = match error.message.split_once(" (raise the limit") {
        Some((message, _)) => message,
        None => &error.message,
    };
    // A limit of the tree's without words of its own: its English, at its place.
    let message = format!("{message} (limit {limit})");
    let said = placed(
        error.line,
        error.column,
        Phrase::new(crate::UNTRANSLATED).arg("detail", message),
    );
    ApiError::limit_said(limit, said)
}

/// The move order `name` names (`None`: as written), or its refusal.
fn move_order(name: Option<&str>) -> Result<MoveOrder, ApiError> {
    let name = name.unwrap_or("as_written");
    name.parse().map_err(|_: String| {
        ApiError::bad_request_said(
            Phrase::new("errors.tree.order").arg("text", ply_core::text::excerpt(name)),
        )
    })
}

/// The search `name` names (minimax, negamax, alphabeta), or its refusal.
pub(crate) fn algorithm_named(name: &str) -> Result<Algorithm, ApiError> {
    name.parse().map_err(|_: String| {
        ApiError::bad_request_said(
            Phrase::new("errors.tree.algorithm").arg("name", ply_core::text::excerpt(name)),
        )
    })
}

/// `phrase` at `line`:`column` of its text (as a [`TreeError`] writes it), or as it is
/// when it is at no place.
fn placed(line: u32, column: u32, phrase: Phrase) -> Phrase {
    if line == 0 {
        phrase
    } else {
        Phrase::new("errors.at")
            .arg("line", line)
            .arg("column", column)
            .arg("message", phrase)
    }
}

/// Reads and searches the tree of `request`, within `limits`. A tree with chance nodes
/// is refused here: [`evaluate_tree`] answers it ([`chance_answer`]).
pub fn evaluate(request: &TreeRequest, limits: &TreeLimits) -> Result<Evaluated, ApiError> {
    let tree = read_tree(request, limits)?;
    if tree.has_chance() {
        return Err(ApiError::bad_request_said(Phrase::new(
            "errors.tree.chance_elsewhere",
        )));
    }
    search(tree, request)
}

/// A request's tree searched: by a minimax search ([`Evaluated`], whose answer is made
/// by [`Evaluated::answer`] once its bound is counted), or by a chance search, whose
/// answer is made at once ([`chance_answer`]).
pub enum Searched {
    /// A tree without chance nodes, searched.
    Minimax(Box<Evaluated>),
    /// A tree with chance nodes: the answer to `POST /api/tree`.
    Chance(String),
}

/// Reads the tree of `request` once, within `limits`, and searches it: what `POST
/// /api/tree` answers, for either kind of tree.
pub fn search_request(request: &TreeRequest, limits: &TreeLimits) -> Result<Searched, ApiError> {
    search_request_with(request, limits, &Control::new())
}

/// [`search_request`], a chance search stopped when `control` is (a client gone) or
/// past `limits.max_search_ms`, and then refused (`max_search_ms`).
pub fn search_request_with(
    request: &TreeRequest,
    limits: &TreeLimits,
    control: &Control,
) -> Result<Searched, ApiError> {
    let tree = read_tree(request, limits)?;
    if tree.has_chance() {
        return chance_answer_with(&tree, request, limits, control).map(Searched::Chance);
    }
    search(tree, request).map(|evaluated| Searched::Minimax(Box::new(evaluated)))
}

/// Searches a tree without chance nodes with the request's algorithm.
fn search(tree: ExplicitTree, request: &TreeRequest) -> Result<Evaluated, ApiError> {
    let algorithm: Algorithm = match request.algorithm.as_deref() {
        None => Algorithm::AlphaBeta,
        Some(name @ ("expectiminimax" | "star1" | "star2")) => {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.tree.needs_chance").arg("name", name),
            ));
        }
        Some(name) => algorithm_named(name)?,
    };
    let run = annotate_with(&tree, algorithm, pruning_rule(request.rule.as_deref())?);
    Ok(Evaluated { tree, run })
}

/// Alpha-beta's pruning rule a request names: `ge` (the default) or `gt`.
pub fn pruning_rule(name: Option<&str>) -> Result<PruningRule, ApiError> {
    match name {
        None => Ok(PruningRule::Ge),
        Some(name) => PruningRule::from_name(name).ok_or_else(|| {
            ApiError::bad_request_said(
                Phrase::new("errors.tree.rule").arg("name", ply_core::text::excerpt(name)),
            )
        }),
    }
}

/// A tree with chance nodes searched by the request's chance search (expectiminimax
/// unless `star1` or `star2`): the JSON `ply tree --format json --trace` prints for it.
/// A picture asked for comes in the field `svg` (chance nodes drawn as circles, each
/// outcome with its probability), or is left out with the reason (`svg_omitted`) past
/// the picture and answer limits; asked in a language, the search told in words in
/// the field `words` ([`crate::words::chance_words`]), within the answer limit.
pub fn chance_answer(
    tree: &ExplicitTree,
    request: &TreeRequest,
    limits: &TreeLimits,
) -> Result<String, ApiError> {
    chance_answer_with(tree, request, limits, &Control::new())
}

/// [`chance_answer`], the search stopped when `control` is or past
/// `limits.max_search_ms`, and then refused (`max_search_ms`).
pub fn chance_answer_with(
    tree: &ExplicitTree,
    request: &TreeRequest,
    limits: &TreeLimits,
    control: &Control,
) -> Result<String, ApiError> {
    let run = chance_run(tree, request, limits, control)?;
    // Sized before it is made: a deep tree's JSON takes its depth's bytes a line.
    let mut text =
        render::chance_json_text_sized(tree, &run, true, |bytes| answer_fits(tree, bytes, limits))?;
    if let Some(lang) = request.lang {
        text = with_words(text, &crate::words::chance_words(lang, tree, &run));
        check_answer_bytes("answer with its words", text.len(), limits)?;
    }
    if !request.picture {
        return Ok(text);
    }
    let field = chance_picture(tree, &run, limits).and_then(|svg| {
        let svg = serde_json::to_string(&svg).unwrap_or_default();
        let bytes = text.len() + svg.len() + 10;
        if bytes as u64 > limits.max_answer_bytes {
            return Err(picture_bytes(bytes, limits));
        }
        Ok(("svg", svg))
    });
    let (key, value) = field.unwrap_or_else(|refusal| {
        (
            "svg_omitted",
            serde_json::to_string(&refusal).unwrap_or_default(),
        )
    });
    Ok(with_field(text, key, &value))
}

/// The chance search the request names (expectiminimax unless `star1` or `star2`) of
/// `tree`; the searches that cannot take chance nodes are refused, and one stopped by
/// `control` or past `limits.max_search_ms` is refused with that limit.
fn chance_run(
    tree: &ExplicitTree,
    request: &TreeRequest,
    limits: &TreeLimits,
    control: &Control,
) -> Result<ply_tree::chance::ChanceRun, ApiError> {
    let algorithm: ChanceAlgorithm = match request.algorithm.as_deref() {
        None => ChanceAlgorithm::Expectiminimax,
        Some(name) => name.parse().map_err(|_| {
            ApiError::bad_request_said(
                Phrase::new("errors.tree.chance_algorithm")
                    .arg("name", ply_core::text::excerpt(name)),
            )
        })?,
    };
    let stop = match limits.max_search_ms {
        Some(ms) => control.stop_after(std::time::Duration::from_millis(ms)),
        None => control.linked(),
    };
    annotate_chance_until(tree, algorithm, None, &stop).map_err(|error| match error {
        ply_core::chance::ChanceError::Stopped => {
            let name = algorithm.name();
            let advice = match algorithm {
                ChanceAlgorithm::Expectiminimax => Phrase::new("errors.tree.advice_smaller"),
                _ => Phrase::new("errors.tree.advice_expectiminimax"),
            };
            let message = match limits.max_search_ms {
                Some(ms) => Phrase::new("errors.tree.search_time")
                    .arg("name", name)
                    .arg("ms", ms)
                    .arg("advice", advice),
                None => Phrase::new("errors.tree.search_stopped").arg("name", name),
            };
            ApiError::limit_said("max_search_ms", message)
        }
        error => crate::refusal::chance(error),
    })
}

/// The picture of a chance search as `/api/tree` carries it: the tree alone, each
/// node's visit order beside it (`ply_tree::render::chance_svg`), refused past
/// `max_picture_nodes` nodes or, once drawn, past `max_answer_bytes`.
fn chance_picture(
    tree: &ExplicitTree,
    run: &ply_tree::chance::ChanceRun,
    limits: &TreeLimits,
) -> Result<String, ApiError> {
    if tree.len() > limits.max_picture_nodes {
        return Err(picture_too_big(tree.len(), limits.max_picture_nodes));
    }

    let options = render::SvgOptions {
        visit_order: true,
        collapse_pruned: false,
        frame: false,
    };
    let svg = render::chance_svg(tree, run, &options);
    check_answer_bytes("picture", svg.len(), limits)?;
    Ok(svg)
}

/// Reads the tree of `request`, within `limits`, in the order it asks for.
fn read_tree(request: &TreeRequest, limits: &TreeLimits) -> Result<ExplicitTree, ApiError> {
    if request.tree.len() > limits.max_bytes {
        return Err(ApiError::limit_said(
            "max_tree_bytes",
            Phrase::new("errors.tree.bytes")
                .arg("bytes", request.tree.len())
                .arg("max", limits.max_bytes),
        ));
    }
    let perspective = match request.leaf_perspective.as_deref().unwrap_or("max") {
        "max" => LeafPerspective::Max,
        "mover" => LeafPerspective::Mover,
        other => {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.tree.unknown_perspective")
                    .arg("text", ply_core::text::excerpt(other)),
            ));
        }
    };
    let order = move_order(request.order.as_deref())?;
    let options = ParseOptions {
        limits: limits.tree,
        perspective,
    };
    let tree = parse(&request.tree, &options).map_err(tree_error)?;
    if tree.has_chance() && order != MoveOrder::AsWritten {
        return Err(ApiError::bad_request_said(Phrase::new(
            "errors.tree.chance_order",
        )));
    }
    Ok(tree.reordered(order))
}

impl Evaluated {
    /// An upper bound on the bytes of [`Evaluated::json_answer`], from the tree and
    /// the search alone (`ply_tree::render::json_text_bound`), refused with
    /// `max_answer_bytes` when it passes `limits`: a caller that holds answers (a
    /// server) may count this many bytes for the answer before making it.
    pub fn json_answer_bound(&self, limits: &TreeLimits) -> Result<u64, ApiError> {
        let bound = render::json_text_bound(&self.tree, &self.run, true);
        if bound > limits.max_answer_bytes {
            return Err(answer_too_big(self.tree.len(), bound, limits));
        }
        Ok(bound)
    }

    /// The JSON text `ply tree --format json --trace` prints, refused before it is made
    /// when it may take more than `limits.max_answer_bytes`.
    pub fn json_answer(&self, limits: &TreeLimits) -> Result<String, ApiError> {
        self.json_answer_bound(limits)?;
        Ok(render::json_text(&self.tree, &self.run, true))
    }

    /// The picture `ply tree --format svg --trace` draws, refused before it is drawn
    /// when it has more than `limits.max_picture_nodes` nodes, and after when its
    /// text (long names) takes more than `limits.max_answer_bytes`.
    pub fn svg_answer(&self, limits: &TreeLimits) -> Result<String, ApiError> {
        self.svg_answer_with(limits, false)
    }

    /// [`Evaluated::svg_answer`], with the subtrees alpha-beta never looked at drawn as
    /// one mark each when `collapse_pruned` (`ply tree --format svg --trace
    /// --collapse-pruned`); the picture limit then counts the nodes drawn.
    pub fn svg_answer_with(
        &self,
        limits: &TreeLimits,
        collapse_pruned: bool,
    ) -> Result<String, ApiError> {
        self.check_picture_nodes(limits, collapse_pruned)?;
        let svg = render::svg_with(&self.tree, &self.run, true, collapse_pruned);
        check_answer_bytes("picture", svg.len(), limits)?;
        Ok(svg)
    }

    /// The nodes a picture draws: all of them, or with `collapse_pruned` those whose
    /// parent was looked at (a pruned subtree is one mark, at its top).
    pub fn drawn_nodes(&self, collapse_pruned: bool) -> usize {
        if !collapse_pruned {
            return self.tree.len();
        }
        (0..self.tree.len())
            .filter(|&id| {
                let parent = self.tree.node(id as ply_tree::NodeId).parent;
                !parent.is_some_and(|p| self.run.nodes[p as usize].pruned)
            })
            .count()
    }
}

/// A drawing of a searched tree that a library makes on request (the C library and the
/// Python package draw without the server's answer limits, so only the memory bounds them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// The JSON of `ply tree --format json --trace`.
    Json,
    /// The SVG picture of `ply tree --format svg --trace`.
    Svg,
}

impl Drawing {
    /// What the drawing is called in a refusal.
    fn what(self) -> &'static str {
        match self {
            Drawing::Json => "the JSON",
            Drawing::Svg => "the SVG picture",
        }
    }

    /// The bytes a drawing may take while it is made, for each node and each step of
    /// the search's trace, beyond its names. The nodes' figures are those `ply tree`
    /// counts for the same drawings (docs/reliability.md); a root of 200,000 leaves
    /// measured about 1,000 bytes a node and its step for the JSON with its trace, and
    /// 700 for the SVG picture.
    fn bytes_per_node_and_step(self) -> (u64, u64) {
        match self {
            Drawing::Json => (2816, 300),
            Drawing::Svg => (10_240, 0),
        }
    }
}

/// How many times a drawing writes each name's bytes, at most.
const NAME_COPIES: u64 = 8;

impl Evaluated {
    /// Refuses (`memory`) to make `drawing` when the memory it would take is not there:
    /// a tree within the node limit may still be a million leaves, whose drawings take
    /// gigabytes.
    pub fn check_drawing_memory(&self, drawing: Drawing) -> Result<(), ApiError> {
        let nodes = self.tree.len() as u64;
        let names: u64 = (0..self.tree.len())
            .map(|id| self.tree.node(id as ply_tree::NodeId).name.len() as u64)
            .sum();
        let (per_node, per_step) = drawing.bytes_per_node_and_step();
        let bytes = nodes
            .saturating_mul(per_node)
            .saturating_add((self.run.steps.len() as u64).saturating_mul(per_step))
            .saturating_add(names.saturating_mul(NAME_COPIES));
        ply_core::memory::check(
            || format!("{} of a tree of {nodes} nodes", drawing.what()),
            bytes,
        )
        .map_err(|e| {
            let what = Phrase::new("errors.memory.drawing")
                .arg(
                    "drawing",
                    Phrase::new(match drawing {
                        Drawing::Json => "errors.memory.the_json",
                        Drawing::Svg => "errors.memory.the_svg",
                    }),
                )
                .arg("nodes", nodes);
            ApiError::limit_said("memory", crate::refusal::memory_phrase_of(what, &e))
        })
    }

    /// `drawing` of the tree with its trace, as `ply tree --format json|svg --trace`
    /// prints it, made only when [`Evaluated::check_drawing_memory`] finds its memory.
    pub fn draw(&self, drawing: Drawing) -> Result<String, ApiError> {
        self.check_drawing_memory(drawing)?;
        Ok(match drawing {
            Drawing::Json => render::json_text(&self.tree, &self.run, true),
            Drawing::Svg => render::svg(&self.tree, &self.run, true),
        })
    }
}

/// The most bytes the field `svg_omitted` takes: its name and a refusal's one line.
const OMITTED_BYTES: u64 = 1_024;

impl Evaluated {
    /// The picture `/api/tree` carries when asked (`"picture": true`): the tree alone,
    /// without the title and legend (a page writes its own), each node's visit order
    /// beside it, every node, edge and cut carrying its path in the tree for the page
    /// to find (`data-path`, see `ply_tree::render::svg_drawing`). Refused, as
    /// `/api/tree/svg` is, past `max_picture_nodes` nodes, or past `max_answer_bytes`
    /// once drawn.
    pub fn picture(&self, limits: &TreeLimits) -> Result<String, ApiError> {
        self.picture_with(limits, false)
    }

    /// [`Evaluated::picture`], with the subtrees alpha-beta never looked at drawn as
    /// one mark each when `collapse_pruned` (the field `collapse_pruned` of
    /// `/api/tree`); the picture limit then counts the nodes drawn.
    pub fn picture_with(
        &self,
        limits: &TreeLimits,
        collapse_pruned: bool,
    ) -> Result<String, ApiError> {
        self.picture_folded(limits, collapse_pruned, &render::Folding::default())
    }

    /// [`Evaluated::picture_with`], drawn to the levels `folding` asks (the fields
    /// `collapse_below` and `expand` of `/api/tree`).
    pub fn picture_folded(
        &self,
        limits: &TreeLimits,
        collapse_pruned: bool,
        folding: &render::Folding,
    ) -> Result<String, ApiError> {
        self.check_picture_nodes(limits, collapse_pruned)?;
        self.check_drawing_memory(Drawing::Svg)?;
        let options = render::SvgOptions {
            visit_order: true,
            collapse_pruned,
            frame: false,
        };
        let svg = render::svg_folded(&self.tree, &self.run, &options, folding);
        check_answer_bytes("picture", svg.len(), limits)?;
        Ok(svg)
    }

    /// Refuses a picture of more than `limits.max_picture_nodes` nodes.
    fn check_picture_nodes(
        &self,
        limits: &TreeLimits,
        collapse_pruned: bool,
    ) -> Result<(), ApiError> {
        let nodes = self.drawn_nodes(collapse_pruned);
        if nodes > limits.max_picture_nodes {
            return Err(picture_too_big(nodes, limits.max_picture_nodes));
        }
        Ok(())
    }

    /// An upper bound on the bytes of [`Evaluated::answer`] for `request`, refused
    /// (`max_answer_bytes`) as [`Evaluated::json_answer_bound`] is: the values' JSON,
    /// and when a picture is asked the most its field may take (a picture that would
    /// not fit is left out, so the values always come).
    pub fn answer_bound(
        &self,
        request: &TreeRequest,
        limits: &TreeLimits,
    ) -> Result<u64, ApiError> {
        let json = self.json_answer_bound(limits)?;
        let json = match request.lang {
            Some(_) => {
                let with_words = json.saturating_add(self.words_bound());
                if with_words > limits.max_answer_bytes {
                    return Err(ApiError::limit_said(
                        "max_answer_bytes",
                        Phrase::new("errors.tree.answer_words_bytes")
                            .arg("nodes", self.tree.len())
                            .arg("bytes", with_words)
                            .arg("max", limits.max_answer_bytes),
                    ));
                }
                with_words
            }
            None => json,
        };
        if !request.picture {
            return Ok(json);
        }
        let picture = if self.drawn_nodes(request.collapse_pruned) > limits.max_picture_nodes {
            0
        } else {
            // Written as a JSON string, each byte of the picture takes at most two
            // (a quote or a line break escaped), and the field is never let past the
            // answer limit.
            render::svg_bound(&self.tree)
                .saturating_mul(2)
                .saturating_add(16)
                .min(limits.max_answer_bytes)
        };
        Ok(json.saturating_add(picture.max(OMITTED_BYTES)))
    }

    /// The answer to `POST /api/tree` for `request`: [`Evaluated::json_answer`], and
    /// with `"picture": true` the field `svg` ([`Evaluated::picture`]) or, when the
    /// picture may not be drawn or would take the answer past `max_answer_bytes`, the
    /// field `svg_omitted` (the refusal, in the API's error shape).
    pub fn answer(&self, request: &TreeRequest, limits: &TreeLimits) -> Result<String, ApiError> {
        let mut json = self.json_answer(limits)?;
        if let Some(lang) = request.lang {
            json = with_words(json, &self.words(lang));
        }
        if !request.picture {
            return Ok(json);
        }
        let folding = folding(request.collapse_below, &request.expand)?;
        let field = self
            .picture_folded(limits, request.collapse_pruned, &folding)
            .and_then(|svg| {
                let text = serde_json::to_string(&svg).unwrap_or_default();
                let bytes = json.len() + text.len() + 10;
                if bytes as u64 > limits.max_answer_bytes {
                    return Err(picture_bytes(bytes, limits));
                }
                Ok(("svg", text))
            });
        let (key, value) = field.unwrap_or_else(|refusal| {
            (
                "svg_omitted",
                serde_json::to_string(&refusal).unwrap_or_default(),
            )
        });
        Ok(with_field(json, key, &value))
    }
}

/// The search told in words, in one language: the field `words` of `/api/tree`'s answer
/// when the request names a language. The same sentences the tree lab writes under its
/// picture, from the same catalog (`tree.summary`, `tree.cut.alpha`, `tree.cut.beta`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TreeWords {
    /// The search in one sentence: "Alpha-beta: value 3, best b; 10 nodes visited, 7
    /// leaves evaluated, 2 cutoffs, 2 leaves never looked at."
    pub summary: String,
    /// Every cut, in the tree's reading order: "α-cut at c: 2 ≤ α = 3: MAX has 3
    /// elsewhere; never looked at: 4, 6."
    pub cuts: Vec<String>,
}

/// The bytes a number takes in [`TreeWords`], at most (an `f64` written in full).
const WORDS_NUMBER_BYTES: u64 = 32;

/// The most bytes the message `id` takes in any language, before its placeholders are
/// filled.
fn longest_message(id: &str) -> u64 {
    Lang::ALL
        .iter()
        .filter_map(|lang| lang.catalog().get(id))
        .map(|message| match message {
            crate::lang::Message::Text(text) => text.len(),
            crate::lang::Message::Plural(forms) => {
                forms.values().map(String::len).max().unwrap_or(0)
            }
        })
        .max()
        .unwrap_or(id.len()) as u64
}

impl Evaluated {
    /// A number of the tree as the tree lab writes it: `3`, `2.5`; an infinite one as
    /// `infinite` says (`−∞` or `+∞`).
    fn number(&self, score: Score, infinite: &str) -> String {
        match self.tree.json_score(score) {
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(whole) => whole.to_string(),
                None => n.as_f64().map_or_else(|| n.to_string(), |f| f.to_string()),
            },
            _ => infinite.to_string(),
        }
    }

    /// How the words call a node: its name, or for a leaf the tree gave no name its
    /// value (its made-up name `#8` is only its place in reading order).
    fn label(&self, id: ply_tree::NodeId) -> String {
        let node = self.tree.node(id);
        match node.value {
            Some(value) if node.is_leaf() && (!node.named || node.name.starts_with('#')) => {
                self.number(Score::from_raw(value), "")
            }
            _ => node.name.clone(),
        }
    }

    /// The search told in words in `lang` ([`TreeWords`]).
    pub fn words(&self, lang: Lang) -> TreeWords {
        let (tree, run) = (&self.tree, &self.run);
        let algorithm = match run.algorithm {
            Algorithm::Minimax => "tree.algorithm.name.minimax",
            Algorithm::Negamax => "tree.algorithm.name.negamax",
            Algorithm::AlphaBeta => "tree.algorithm.name.alphabeta",
        };
        // The tree in reading order.
        let mut order = Vec::with_capacity(tree.len());
        let mut stack = vec![tree.root()];
        while let Some(id) = stack.pop() {
            order.push(id);
            stack.extend(tree.children(id).iter().rev());
        }
        let pruned_leaves = order
            .iter()
            .filter(|&&id| tree.node(id).is_leaf() && run.nodes[id as usize].pruned)
            .count();
        let best = match run.best {
            Some(best) => tree.node(best).name.clone(),
            None => lang.say("tree.summary.best.none", &[]),
        };
        let summary = lang.say(
            "tree.summary",
            &[
                ("algorithm", &lang.say(algorithm, &[])),
                ("value", &self.number(run.value, "∞")),
                ("best", &best),
                (
                    "nodes",
                    &lang.say("tree.summary.nodes", &[("count", &run.stats.nodes)]),
                ),
                (
                    "leaves",
                    &lang.say("tree.summary.leaves", &[("count", &run.stats.leaves)]),
                ),
                (
                    "cutoffs",
                    &lang.say("tree.summary.cutoffs", &[("count", &run.cutoffs)]),
                ),
                (
                    "pruned",
                    &lang.say("tree.summary.pruned", &[("count", &pruned_leaves)]),
                ),
            ],
        );
        let separator = lang.say("tree.list.separator", &[]);
        let cuts = order
            .iter()
            .filter_map(|&id| {
                let cut = run.nodes[id as usize].cutoff.as_ref()?;
                let node = &tree.node(id).name;
                let pruned = cut
                    .pruned
                    .iter()
                    .map(|&p| self.label(p))
                    .collect::<Vec<_>>()
                    .join(&separator);
                let value = self.number(cut.value, "∞");
                // At a MIN node the value fell to α: MAX has α elsewhere (an α-cut); at
                // a MAX node it rose to β (a β-cut).
                Some(if tree.node(id).mover == Player::Second {
                    let alpha = self.number(cut.window.alpha, "−∞");
                    lang.say(
                        "tree.cut.alpha",
                        &[
                            ("node", node),
                            ("value", &value),
                            ("alpha", &alpha),
                            ("elsewhere", &alpha),
                            ("pruned", &pruned),
                        ],
                    )
                } else {
                    let beta = self.number(cut.window.beta, "+∞");
                    lang.say(
                        "tree.cut.beta",
                        &[
                            ("node", node),
                            ("value", &value),
                            ("beta", &beta),
                            ("elsewhere", &beta),
                            ("pruned", &pruned),
                        ],
                    )
                })
            })
            .collect();
        TreeWords { summary, cuts }
    }

    /// An upper bound on the bytes the field `words` ([`Evaluated::words`], written as
    /// JSON) adds to an answer, in any language, from the tree alone: each name is
    /// counted with its JSON escapes (at most 6 bytes a byte) as often as the words may
    /// name it (its cut, the summary's best, a cut's list), and each number at its widest.
    pub fn words_bound(&self) -> u64 {
        let (tree, run) = (&self.tree, &self.run);
        let name = |id: ply_tree::NodeId| (tree.node(id).name.len() as u64).saturating_mul(6);
        let separator = longest_message("tree.list.separator") * 6;
        let summary = longest_message("tree.summary")
            + ["nodes", "leaves", "cutoffs", "pruned"]
                .iter()
                .map(|part| longest_message(&format!("tree.summary.{part}")))
                .sum::<u64>()
            + ["minimax", "negamax", "alphabeta"]
                .iter()
                .map(|a| longest_message(&format!("tree.algorithm.name.{a}")))
                .max()
                .unwrap_or(0)
            + longest_message("tree.summary.best.none")
            + run.best.map_or(0, name)
            + 5 * WORDS_NUMBER_BYTES;
        let cut = longest_message("tree.cut.alpha").max(longest_message("tree.cut.beta"))
            + 4 * WORDS_NUMBER_BYTES;
        let mut bytes = 64 + summary * 6;
        for (id, report) in run.nodes.iter().enumerate() {
            if let Some(c) = &report.cutoff {
                bytes = bytes
                    .saturating_add(cut * 6 + 8)
                    .saturating_add(name(id as ply_tree::NodeId));
                for &p in &c.pruned {
                    bytes = bytes
                        .saturating_add(name(p).max(WORDS_NUMBER_BYTES))
                        .saturating_add(separator);
                }
            }
        }
        bytes
    }
}

/// `json` (the text `ply_tree::render::json_text` writes) with the field `words` at
/// its end, as `/api/tree` answers a request that names a language (and `ply tree
/// --format json --lang` prints).
pub fn with_words(json: String, words: &TreeWords) -> String {
    let words = serde_json::to_string(words).unwrap_or_default();
    with_field(json, "words", &words)
}

/// `json` (an object as `ply_tree::render::json_text` writes it: pretty-printed or on
/// one line, a line break after it) with one more field at its end, written the same way.
fn with_field(mut json: String, key: &str, value: &str) -> String {
    if json.ends_with("\n}\n") {
        json.truncate(json.len() - 3);
        json.push_str(&format!(",\n  \"{key}\": {value}\n}}\n"));
    } else {
        let end = json.trim_end().len() - 1;
        json.truncate(end);
        json.push_str(&format!(",\"{key}\":{value}}}\n"));
    }
    json
}

/// Refuses the answer for `tree` when it may take `bytes` bytes (a bound, or its exact
/// length) past `limits.max_answer_bytes`, before it is made.
fn answer_fits(tree: &ExplicitTree, bytes: u64, limits: &TreeLimits) -> Result<(), ApiError> {
    if bytes > limits.max_answer_bytes {
        return Err(answer_too_big(tree.len(), bytes, limits));
    }
    Ok(())
}

/// The refusal of an answer for a tree of `nodes` nodes that may take `bytes` bytes.
fn answer_too_big(nodes: usize, bytes: u64, limits: &TreeLimits) -> ApiError {
    ApiError::limit_said(
        "max_answer_bytes",
        Phrase::new("errors.tree.answer_bytes")
            .arg("nodes", nodes)
            .arg("bytes", bytes)
            .arg("max", limits.max_answer_bytes),
    )
}

/// The refusal of a picture of `nodes` nodes, past `max` (limit `max_picture_nodes`).
fn picture_too_big(nodes: usize, max: usize) -> ApiError {
    ApiError::limit_said(
        "max_picture_nodes",
        Phrase::new("errors.tree.picture_nodes")
            .arg("nodes", nodes)
            .arg("max", max),
    )
}

/// The refusal of values and a picture that take `bytes` bytes together, past
/// `max_answer_bytes` (the values then come without the picture).
fn picture_bytes(bytes: usize, limits: &TreeLimits) -> ApiError {
    ApiError::limit_said(
        "max_answer_bytes",
        Phrase::new("errors.tree.picture_bytes")
            .arg("bytes", bytes)
            .arg("max", limits.max_answer_bytes),
    )
}

/// Refuses an answer (`what`) of `bytes` bytes past `limits.max_answer_bytes`.
pub(crate) fn check_answer_bytes(
    what: &str,
    bytes: usize,
    limits: &TreeLimits,
) -> Result<(), ApiError> {
    if bytes as u64 > limits.max_answer_bytes {
        let part = match what {
            "tree" => Phrase::new("errors.answer.tree"),
            "tree and its search" => Phrase::new("errors.answer.tree_search"),
            "tree and its graph" => Phrase::new("errors.answer.tree_graph"),
            "picture" => Phrase::new("errors.answer.picture"),
            "answer with its words" => Phrase::new("errors.answer.with_words"),
            other => Phrase::new(crate::UNTRANSLATED).arg("detail", other),
        };
        return Err(ApiError::limit_said(
            "max_answer_bytes",
            Phrase::new("errors.answer.bytes")
                .arg("what", part)
                .arg("bytes", bytes)
                .arg("max", limits.max_answer_bytes),
        ));
    }
    Ok(())
}

/// The answer to `POST /api/tree`: exactly the JSON text `ply tree --format json
/// --trace` prints for the request's tree (with its picture when asked, see
/// [`Evaluated::answer`]), refused (`max_answer_bytes`) before it is made when it may
/// be larger than `limits` allow.
pub fn evaluate_tree(request: &TreeRequest, limits: &TreeLimits) -> Result<String, ApiError> {
    let tree = read_tree(request, limits)?;
    if tree.has_chance() {
        return chance_answer(&tree, request, limits);
    }
    let evaluated = search(tree, request)?;
    evaluated.answer_bound(request, limits)?;
    evaluated.answer(request, limits)
}

/// The request's tree drawn as an SVG picture (visit order numbered), as `ply tree
/// --format svg --trace` draws it, within `limits` (`max_picture_nodes`,
/// `max_answer_bytes`).
pub fn tree_svg(request: &TreeRequest, limits: &TreeLimits) -> Result<String, ApiError> {
    tree_svg_with(request, limits, &Control::new())
}

/// [`tree_svg`], a chance search stopped when `control` is (a client gone) or past
/// `limits.max_search_ms`, and then refused (`max_search_ms`).
pub fn tree_svg_with(
    request: &TreeRequest,
    limits: &TreeLimits,
    control: &Control,
) -> Result<String, ApiError> {
    let tree = read_tree(request, limits)?;
    if tree.has_chance() {
        let run = chance_run(&tree, request, limits, control)?;
        if tree.len() > limits.max_picture_nodes {
            // The same refusal as the picture of `/api/tree`.
            chance_picture(&tree, &run, limits)?;
        }
        let options = render::SvgOptions {
            visit_order: true,
            ..render::SvgOptions::default()
        };
        let svg = render::chance_svg(&tree, &run, &options);
        check_answer_bytes("picture", svg.len(), limits)?;
        return Ok(svg);
    }
    search(tree, request)?.svg_answer_with(limits, request.collapse_pruned)
}

/// A game written out as a tree: the request of `POST /api/tree/game`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
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
    /// The request's language (`en`, the default, `sv`, `zh`, `el`): the players'
    /// names are said in it, and the search ([`GameTreeRequest::search`]) tells itself
    /// in it (its field `words`) when a language is named.
    #[serde(default, deserialize_with = "crate::words::optional_lang_field")]
    pub lang: Option<Lang>,
    /// Value finished games by their depth (default `true`): a game won at depth d is
    /// worth N − d, N being one more than the deepest level of the tree
    /// ([`GameTree::longest`]); in a tree cut at a depth, 100 + N − d, above every
    /// estimate. With `false`: 1 (100 in a cut tree), as `ply tree` values them.
    #[serde(default = "yes")]
    pub depth_aware: bool,
    /// Write once the children of a node that lead to the same position up to the
    /// board's symmetries (the first in move order), each standing for the moves it
    /// replaces (default `false`).
    #[serde(default)]
    pub symmetry: bool,
    /// Also search the tree, and answer with the search ([`GameTree::search`]):
    /// exactly what `/api/tree` answers for the tree with the fields below.
    #[serde(default)]
    pub search: bool,
    /// The search's algorithm, as [`TreeRequest::algorithm`].
    #[serde(default)]
    pub algorithm: Option<String>,
    /// The search's move order, as [`TreeRequest::order`].
    #[serde(default)]
    pub order: Option<String>,
    /// Alpha-beta's pruning rule, as [`TreeRequest::rule`].
    #[serde(default)]
    pub rule: Option<String>,
    /// Only `max`: a game's leaves are valued for MAX, the player at the root.
    #[serde(default)]
    pub leaf_perspective: Option<String>,
    /// The search with its picture, as [`TreeRequest::picture`]; the game's positions
    /// are drawn in the nodes (for games that draw them).
    #[serde(default)]
    pub picture: bool,
    /// The picture with pruned subtrees collapsed, as [`TreeRequest::collapse_pruned`].
    #[serde(default)]
    pub collapse_pruned: bool,
    /// The picture drawn to this depth, as [`TreeRequest::collapse_below`].
    #[serde(default)]
    pub collapse_below: Option<u32>,
    /// Folded nodes drawn open, as [`TreeRequest::expand`].
    #[serde(default)]
    pub expand: Vec<String>,
    /// Also answer with the game's graph of positions to the same depth
    /// ([`GameTree::graph`]): each position once, equal up to symmetry with
    /// [`GameTreeRequest::symmetry`], with its value and the moves between positions.
    #[serde(default)]
    pub graph: bool,
}

/// `true`, the default of [`GameTreeRequest::depth_aware`].
fn yes() -> bool {
    true
}

impl Default for GameTreeRequest {
    /// No game; every option at its default (depth-aware values, no symmetry, no search).
    fn default() -> GameTreeRequest {
        GameTreeRequest {
            game: String::new(),
            position: None,
            depth: None,
            lang: None,
            depth_aware: true,
            symmetry: false,
            search: false,
            algorithm: None,
            order: None,
            rule: None,
            leaf_perspective: None,
            picture: false,
            collapse_pruned: false,
            collapse_below: None,
            expand: Vec::new(),
            graph: false,
        }
    }
}

/// The answer to `POST /api/tree/game`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameTree {
    /// The tree as text, ready for [`TreeRequest::tree`]: in the bracket format, or in
    /// the indented text format when some name would read as a number in brackets (a
    /// race's running totals), as [`GameTree::format`] says.
    pub tree: String,
    /// Its nodes.
    pub nodes: usize,
    /// `"bracket"` or `"indented"`: the format of [`GameTree::tree`].
    pub format: &'static str,
    /// Whether finished games are valued by their depth ([`GameTreeRequest::depth_aware`]).
    pub depth_aware: bool,
    /// N, one more than the deepest level of the tree, when finished games are valued
    /// by their depth; `None` otherwise.
    pub longest: Option<u32>,
    /// Whether moves to positions equal up to symmetry were written once.
    pub symmetry: bool,
    /// The game's names for its two players, first (MAX at the root when the first
    /// player is to move) and second, in the request's language.
    pub players: [String; 2],
    /// Which of [`GameTree::players`] is to move at the root (MAX), as it is named there.
    pub to_move: String,
    /// With `"search": true`: the answer `/api/tree` gives for [`GameTree::tree`] with
    /// the request's algorithm, order, picture, collapse_pruned and lang, the picture
    /// drawing each node's position (for games that draw them) and how many moves a
    /// node stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<Box<serde_json::value::RawValue>>,
    /// With `"graph": true`: the game's graph of positions
    /// ([`crate::position_graph::position_graph`]), from the same position to the same
    /// depth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<crate::position_graph::PositionGraph>,
}

/// How the nodes of a written-out game are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeNames {
    /// As the game names them: by the position where it has a label for it
    /// ([`ply_games::Playable::tree_label`], a race's running totals), else by the move.
    Game,
    /// By the move that leads to them, whatever the game (the practice exercises,
    /// which read the moves back from the names).
    Moves,
}

/// The game of `request` written out as a tree, as `ply tree GAME@POSITION` does (but
/// with the request's depth-aware values, symmetry and names), within `limits` (its
/// nodes as it is made, its text's bytes after, the search's answer as `/api/tree`'s).
pub fn game_tree(request: &GameTreeRequest, limits: &TreeLimits) -> Result<GameTree, ApiError> {
    written_game_tree(request, limits, NodeNames::Game)
}

/// [`game_tree`], with its nodes named as `names` says.
pub(crate) fn written_game_tree(
    request: &GameTreeRequest,
    limits: &TreeLimits,
    names: NodeNames,
) -> Result<GameTree, ApiError> {
    if let Some(goal) = crate::pig::spec_goal(&request.game) {
        if request.graph {
            return Err(ApiError::bad_request_said(Phrase::new(
                "errors.tree.pig_graph",
            )));
        }
        return crate::pig::game_tree(goal?, request, limits);
    }
    struct Visit<'a>(&'a GameTreeRequest, &'a TreeLimits, NodeNames);
    impl ply_games::GameVisitor for Visit<'_> {
        type Output = Result<GameTree, ApiError>;
        fn visit<G: ply_games::Playable>(self, start: G) -> Self::Output {
            let (request, limits, names) = (self.0, self.1, self.2);
            if let Some(perspective) = request.leaf_perspective.as_deref()
                && perspective != "max"
            {
                return Err(ApiError::bad_request_said(
                    Phrase::new("errors.tree.leaf_perspective")
                        .arg("text", ply_core::text::excerpt(perspective)),
                ));
            }
            let root = crate::games::position_or_start(&start, request.position.as_deref())?;
            if root.has_cycles() {
                return Err(ApiError::bad_request_said(
                    Phrase::new("errors.tree.cycles")
                        .arg("game", root.game_name())
                        .arg("spec", request.game.as_str()),
                ));
            }
            let labels = names == NodeNames::Game;
            let name = match (
                labels.then(|| root.tree_label()).flatten(),
                root.position_string(),
            ) {
                (Some(label), _) => label,
                (None, text) if text.is_empty() => "start".to_string(),
                (None, text) => text,
            };
            let options = ply_tree::GameTreeOptions {
                expand: ply_tree::ExpandOptions {
                    limits: limits.tree,
                    boards: request.search && request.picture,
                },
                depth: request.depth,
                depth_aware: request.depth_aware,
            };
            let eval = root.evaluator();
            let canonical = |p: &G| p.canonical().unwrap_or_else(|| p.clone());
            let tree = ply_tree::expand_game(
                &root,
                &name,
                |p: &G, mv, reached: &G| match labels.then(|| reached.tree_label()).flatten() {
                    Some(label) => label,
                    None => p.move_string(mv),
                },
                |p| ply_core::Evaluator::evaluate(&eval, p),
                request.symmetry.then_some(&canonical as &dyn Fn(&G) -> G),
                &options,
            )
            .map_err(tree_error)?;
            let (text, format) = tree.to_written();
            check_answer_bytes("tree", text.len(), limits)?;
            let lang = request.lang.unwrap_or_default();
            let players = [ply_core::Player::First, ply_core::Player::Second]
                .map(|p| crate::words::player_text_in(lang, &root.player_name(p)));
            let search = if request.search {
                let answer = search_game_tree(request, &tree, &text, limits)?;
                check_answer_bytes("tree and its search", text.len() + answer.len(), limits)?;
                Some(
                    serde_json::value::RawValue::from_string(answer.trim_end().to_string())
                        .map_err(crate::refusal::json_library)?,
                )
            } else {
                None
            };
            let graph = if request.graph {
                let graph = crate::position_graph::position_graph(
                    &root,
                    request.depth,
                    request.symmetry,
                    limits,
                    &Control::new(),
                )?;
                let bytes = serde_json::to_string(&graph).map_or(0, |json| json.len());
                let search = search.as_ref().map_or(0, |answer| answer.get().len());
                check_answer_bytes("tree and its graph", text.len() + search + bytes, limits)?;
                Some(graph)
            } else {
                None
            };
            Ok(GameTree {
                nodes: tree.len(),
                tree: text,
                format,
                depth_aware: request.depth_aware,
                longest: request.depth_aware.then(|| tree.height() + 1),
                symmetry: request.symmetry,
                to_move: players[root.to_move().index()].clone(),
                players,
                search,
                graph,
            })
        }
    }
    crate::games::with_spec(&request.game, Visit(request, limits, names))?
}

/// The answer `/api/tree` gives for `text`, the tree `written` out as text, with the
/// search options of `request`; the picture draws `written`'s boards and counts.
fn search_game_tree(
    request: &GameTreeRequest,
    written: &ExplicitTree,
    text: &str,
    limits: &TreeLimits,
) -> Result<String, ApiError> {
    let tree_request = TreeRequest {
        tree: text.to_string(),
        algorithm: request.algorithm.clone(),
        leaf_perspective: None,
        order: request.order.clone(),
        rule: request.rule.clone(),
        picture: request.picture,
        collapse_pruned: request.collapse_pruned,
        collapse_below: request.collapse_below,
        expand: request.expand.clone(),
        lang: request.lang,
    };
    let order = move_order(tree_request.order.as_deref())?;
    let algorithm = algorithm_named(tree_request.algorithm.as_deref().unwrap_or("alphabeta"))?;
    // The text read back, as /api/tree reads it (its names as written), with the
    // boards and counts of the tree it was written from.
    let options = ParseOptions {
        limits: limits.tree,
        perspective: LeafPerspective::Max,
    };
    let tree = parse(text, &options)
        .map_err(tree_error)?
        .with_drawing_of(written)
        .reordered(order);
    let run = annotate_with(
        &tree,
        algorithm,
        pruning_rule(tree_request.rule.as_deref())?,
    );
    let evaluated = Evaluated { tree, run };
    evaluated.answer_bound(&tree_request, limits)?;
    evaluated.answer(&tree_request, limits)
}

/// What to count: the request of `POST /api/tree/count`, the whole game tree below a
/// position as `ply count` counts it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameCountRequest {
    /// The game's spec (`tictactoe`, `mnk:3,3,3`, `nim:1,2,3`).
    pub game: String,
    /// The position to count from, in the game's notation (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// The request's language (`en`, the default, `sv`, `zh`, `el`): the players' names
    /// are said in it.
    #[serde(default, deserialize_with = "crate::words::optional_lang_field")]
    pub lang: Option<Lang>,
}

/// The answer to `POST /api/tree/count`: the figures `ply count --json` prints for the
/// tree below the position (every move sequence to the end of the game), and the limit
/// on the trees the lab writes out, so that a page can say why a tree is not drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameCount {
    /// The game's name, as `ply count` prints it.
    pub game: String,
    /// Every node of the tree, the root included.
    pub nodes: u64,
    /// Finished games: the leaves of the tree.
    pub games: u64,
    /// Finished games the first player won.
    pub first_player_wins: u64,
    /// Finished games the second player won.
    pub second_player_wins: u64,
    /// Finished games drawn.
    pub draws: u64,
    /// Distinct positions reachable (the root included); `None` (null) when there are
    /// more than [`COUNT_POSITIONS`] to keep.
    pub positions: Option<u64>,
    /// Distinct positions up to the board's symmetries, for games with symmetries
    /// (absent otherwise; null past [`COUNT_POSITIONS`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions_up_to_symmetry: Option<Option<u64>>,
    /// The game's names for its first and second player, in the request's language.
    pub players: [String; 2],
    /// The most nodes of a tree the lab writes out and draws here (`max_tree_nodes`).
    pub max_tree_nodes: usize,
}

/// The most nodes [`game_count`] walks: a bigger tree is refused (`max_count_nodes`).
/// Tic-tac-toe's 549,946 take about 20 ms.
pub const COUNT_NODES: u64 = 1 << 22;

/// The most distinct positions [`game_count`] keeps to count them; past it the count of
/// positions is left out (null).
pub const COUNT_POSITIONS: u64 = 1 << 20;

/// The most bytes the positions kept to count them may take, whatever the game.
const COUNT_POSITION_BYTES: u64 = 64 << 20;

/// Random games behind the estimate of a tree's size before it is counted, and the most
/// positions they visit: a tree estimated at more than four times [`COUNT_NODES`] is
/// refused at once, before any count.
const COUNT_ESTIMATE_WALKS: u32 = 400;
const COUNT_ESTIMATE_VISITS: u64 = 40_000;

/// The refusal of a tree too big to count here.
fn too_many_to_count(game: &str) -> ApiError {
    ApiError::limit_said(
        "max_count_nodes",
        Phrase::new("errors.count.nodes")
            .arg("game", ply_core::text::excerpt(game))
            .arg("max", COUNT_NODES),
    )
}

/// The whole game tree below the request's position counted, as `ply count` counts it:
/// nodes, finished games by result, distinct positions (and up to symmetry). A tree
/// whose size, estimated first from random games, is far past [`COUNT_NODES`] is refused
/// at once; one that turns out past it while it is counted is refused then
/// (`max_count_nodes`); games whose positions repeat are refused (their tree never
/// ends). `limits` gives the answer's `max_tree_nodes`.
pub fn game_count(request: &GameCountRequest, limits: &TreeLimits) -> Result<GameCount, ApiError> {
    use ply_core::count::{count_positions_with, count_tree_with, estimate_tree_size};
    use std::ops::ControlFlow;
    if crate::pig::spec_goal(&request.game).is_some() {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.count.dice").arg("spec", ply_core::text::excerpt(&request.game)),
        ));
    }
    struct Visit<'a>(&'a GameCountRequest, &'a TreeLimits);
    impl ply_games::GameVisitor for Visit<'_> {
        type Output = Result<GameCount, ApiError>;
        fn visit<G: ply_games::Playable>(self, start: G) -> Self::Output {
            let (request, limits) = (self.0, self.1);
            let root = crate::games::position_or_start(&start, request.position.as_deref())?;
            if root.has_cycles() {
                return Err(ApiError::bad_request_said(
                    Phrase::new("errors.count.cycles").arg("game", root.game_name()),
                ));
            }
            crate::resources::check_search(&root, None)?;
            // Sized first, as `ply count` does: a tree far too big is refused at once.
            let mut seed = 0x706c_7920_636f_756e_u64;
            let estimate =
                estimate_tree_size(&root, COUNT_ESTIMATE_WALKS, COUNT_ESTIMATE_VISITS, |n| {
                    // (xorshift: the same estimate for the same position, everywhere.)
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed % n as u64) as usize
                });
            if estimate.nodes > 4.0 * COUNT_NODES as f64 {
                return Err(too_many_to_count(&request.game));
            }
            let tree = count_tree_with(&root, |c| {
                if c.nodes >= COUNT_NODES {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .map_err(|_| too_many_to_count(&request.game))?;
            let per_position = 2 * std::mem::size_of::<G>() as u64 + 16;
            let most = COUNT_POSITIONS.min(COUNT_POSITION_BYTES / per_position);
            let positions_of = |canonical: &dyn Fn(&G) -> G| {
                count_positions_with(&root, canonical, |n| {
                    if n as u64 >= most {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .ok()
                .map(|n| n as u64)
            };
            let positions = positions_of(&G::clone);
            let symmetric = root
                .canonical()
                .map(|_| positions_of(&|p: &G| p.canonical().unwrap_or_else(|| p.clone())));
            let lang = request.lang.unwrap_or_default();
            Ok(GameCount {
                game: root.game_name(),
                nodes: tree.nodes,
                games: tree.games,
                first_player_wins: tree.first_player_wins,
                second_player_wins: tree.second_player_wins,
                draws: tree.draws,
                positions,
                positions_up_to_symmetry: symmetric,
                players: [ply_core::Player::First, ply_core::Player::Second]
                    .map(|p| crate::words::player_text_in(lang, &root.player_name(p))),
                max_tree_nodes: limits.tree.max_nodes,
            })
        }
    }
    crate::games::with_spec(&request.game, Visit(request, limits))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    /// A root and `leaves` leaves.
    fn fan(leaves: usize) -> TreeRequest {
        TreeRequest::new(format!("(a {})", "1 ".repeat(leaves)))
    }

    #[test]
    fn a_json_answer_past_its_limit_is_refused_before_it_is_made() {
        // 200 KB of text whose answer is 49 MB: refused from its bound.
        let limits = TreeLimits {
            max_answer_bytes: 16 << 20,
            ..TreeLimits::default()
        };
        let error = evaluate_tree(&fan(99_998), &limits).unwrap_err();
        assert_eq!(
            (error.kind, error.limit),
            (ErrorKind::Limit, Some("max_answer_bytes"))
        );
        assert!(
            error
                .error
                .starts_with("the answer for a tree of 99999 nodes may take "),
            "{}",
            error.error
        );
        assert!(error.error.ends_with(
            " bytes, more than the 16777216 an answer may take (limit max_answer_bytes): send a smaller tree"
        ));
        // The bound is what the caller may count on: the answer made is within it.
        let small = evaluate(&fan(100), &limits).unwrap();
        let bound = small.json_answer_bound(&limits).unwrap();
        assert!(small.json_answer(&limits).unwrap().len() as u64 <= bound);
    }

    #[test]
    fn pictures_are_bounded_by_their_nodes_as_on_the_command_line() {
        let limits = TreeLimits::default();
        assert!(tree_svg(&fan(1_999), &limits).unwrap().starts_with("<svg"));
        let error = tree_svg(&fan(2_000), &limits).unwrap_err();
        assert_eq!(error.limit, Some("max_picture_nodes"));
        assert_eq!(
            error.error,
            "a picture of 2001 nodes is too big to read (at most 2000, limit max_picture_nodes): \
             draw a smaller tree, or ask /api/tree for its values"
        );
        // Few nodes, long names: refused once drawn, by its bytes.
        let long = TreeRequest::new(format!("(a ({} 1) 2)", "b".repeat(10_000)));
        let tight = TreeLimits {
            max_answer_bytes: 10_000,
            ..limits
        };
        let error = tree_svg(&long, &tight).unwrap_err();
        assert_eq!(error.limit, Some("max_answer_bytes"));
        assert!(
            error.error.starts_with("the picture takes "),
            "{}",
            error.error
        );
    }

    /// The answer's JSON for `request`, and its bytes checked against its bound.
    fn answer_of(request: &TreeRequest, limits: &TreeLimits) -> serde_json::Value {
        let evaluated = evaluate(request, limits).unwrap();
        let bound = evaluated.answer_bound(request, limits).unwrap();
        let text = evaluate_tree(request, limits).unwrap();
        assert!(text.len() as u64 <= bound, "{} > {bound}", text.len());
        assert!(text.ends_with("}\n"));
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn a_picture_drawn_to_a_depth_folds_the_levels_below_and_keeps_the_values() {
        let classic = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";
        let limits = TreeLimits::default();
        let whole = answer_of(
            &TreeRequest {
                picture: true,
                ..TreeRequest::new(classic)
            },
            &limits,
        );
        let request = TreeRequest {
            picture: true,
            collapse_below: Some(1),
            expand: vec!["2".into()],
            ..TreeRequest::new(classic)
        };
        let mut folded = answer_of(&request, &limits);
        let svg = folded["svg"].as_str().unwrap().to_string();
        // The root, b and c folded over their 3 leaves each, d opened over its 3.
        assert_eq!(svg.matches("<g id=\"node").count(), 7);
        assert_eq!(
            svg.matches(r#"class="label folded-count" data-count="3""#)
                .count(),
            2
        );
        // Apart from the picture, the answer is the same.
        let mut plain = whole.clone();
        plain.as_object_mut().unwrap().remove("svg");
        folded.as_object_mut().unwrap().remove("svg");
        assert_eq!(folded, plain);

        let many = TreeRequest {
            expand: vec![String::new(); 4_097],
            ..request.clone()
        };
        let error = evaluate_tree(&many, &limits).unwrap_err();
        assert_eq!(
            error.error,
            "expand names 4097 paths, more than the 4096 a picture opens"
        );
        let long = TreeRequest {
            expand: vec!["0.".repeat(2_049)],
            ..request
        };
        let error = evaluate_tree(&long, &limits).unwrap_err();
        assert_eq!(
            error.error,
            "a path of expand takes 4098 bytes, more than the 4096 of the deepest path drawn"
        );
    }

    #[test]
    fn a_picture_comes_with_the_values_when_asked() {
        let classic = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";
        let limits = TreeLimits::default();
        let plain = evaluate_tree(&TreeRequest::new(classic), &limits).unwrap();
        let request = TreeRequest {
            picture: true,
            ..TreeRequest::new(classic)
        };
        let mut json = answer_of(&request, &limits);
        let svg = json["svg"].as_str().unwrap().to_string();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains(r#"<g id="node-1.1" class="node leaf pruned" data-path="1.1">"#));
        // The tree alone: no title, no legend.
        assert!(!svg.contains("alphabeta: value 3"));
        assert!(!svg.contains("principal variation"));
        assert_eq!(
            svg,
            evaluate(&request, &limits)
                .unwrap()
                .picture(&limits)
                .unwrap()
        );
        // Apart from the picture, the answer is the one without it, field for field.
        json.as_object_mut().unwrap().remove("svg");
        assert_eq!(
            json,
            serde_json::from_str::<serde_json::Value>(&plain).unwrap()
        );
        assert_eq!(json["value"], 3);
        // Without the field, not a byte changes.
        assert!(!plain.contains("\"svg"));
        // A tree deeper than the pretty-printed ones: its answer is one line, and the
        // picture joins it there.
        let mut chain = String::from("1");
        for _ in 0..60 {
            chain = format!("({chain} 2)");
        }
        let deep = answer_of(
            &TreeRequest {
                picture: true,
                ..TreeRequest::new(chain)
            },
            &limits,
        );
        assert!(deep["svg"].as_str().unwrap().starts_with("<svg"));
        assert_eq!(deep["value"], 2);
    }

    #[test]
    fn a_picture_past_its_limits_is_left_out_and_the_values_come() {
        let limits = TreeLimits::default();
        let request = TreeRequest {
            picture: true,
            ..fan(2_000)
        };
        let json = answer_of(&request, &limits);
        assert!(json.get("svg").is_none());
        assert_eq!(json["value"], 1);
        assert_eq!(
            json["svg_omitted"],
            serde_json::json!({
                "error": "a picture of 2001 nodes is too big to read (at most 2000, limit \
                          max_picture_nodes): draw a smaller tree, or ask /api/tree for its values",
                "kind": "limit",
                "limit": "max_picture_nodes",
            })
        );
        // Values that fit, and a picture that would take the answer past its limit.
        let small = TreeRequest {
            picture: true,
            ..fan(100)
        };
        let values = evaluate(&small, &limits)
            .unwrap()
            .json_answer_bound(&limits)
            .unwrap();
        let tight = TreeLimits {
            max_answer_bytes: values + 2_000,
            ..limits
        };
        let json = answer_of(&small, &tight);
        assert!(json.get("svg").is_none());
        assert_eq!(json["svg_omitted"]["limit"], "max_answer_bytes");
        assert_eq!(json["leaves_evaluated"], 100);
    }

    #[test]
    fn a_game_tree_past_the_answer_limit_is_refused() {
        let request = GameTreeRequest {
            game: "race:3,2".into(),
            ..GameTreeRequest::default()
        };
        let tree = game_tree(&request, &TreeLimits::default()).unwrap();
        let tight = TreeLimits {
            max_answer_bytes: tree.tree.len() as u64 - 1,
            ..TreeLimits::default()
        };
        let error = game_tree(&request, &tight).unwrap_err();
        assert_eq!(error.limit, Some("max_answer_bytes"));
        assert_eq!(
            error.error,
            format!(
                "the tree takes {} bytes, more than the {} an answer may take (limit max_answer_bytes)",
                tree.tree.len(),
                tree.tree.len() - 1
            )
        );
    }
}
