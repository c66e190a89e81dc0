//! How positions and moves are written: parsing with errors that say where, and printing.

use ply_core::engine::{DefaultHooks, HooksVisitor};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Evaluator, Game};
use std::fmt::Debug;
use std::hash::Hash;

/// A position, move or game name that could not be read; the message says what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotationError(
    pub String,
    /// What is wrong as a message id of the catalogs' `errors` area and its parts, for
    /// a front end that says it in another language (the message is its English, from
    /// [`ERRORS`]); `None` for an error not yet given one.
    pub Option<Phrase>,
);

/// The English of the notation errors that carry a [`Phrase`]: (id, template). The
/// English catalog (`errors.json`) has exactly these texts; `ply-api`'s tests check.
pub const ERRORS: &[(&str, &str)] = &[
    (
        "errors.game.unknown",
        "unknown game {spec} (known: {known})",
    ),
    (
        "errors.game.pig_goal",
        "pig: the goal must be from 1 to {max}, not {goal} (e.g. pig:20)",
    ),
    (
        "errors.game.pig_goal_number",
        "pig: the goal {goal} is not a whole number: write pig:N, N from 1 to {max} (e.g. pig:20)",
    ),
    (
        "errors.game.mnk_needs",
        "mnk needs its size: mnk:M,N,K (e.g. mnk:4,4,4)",
    ),
    (
        "errors.game.nim_needs",
        "{name} needs its piles: {name}:a,b,c (e.g. {name}:3,4,5)",
    ),
    (
        "errors.game.bash_needs",
        "bash needs its pile and largest take: bash:N,M (e.g. bash:21,3)",
    ),
    (
        "errors.game.wythoff_needs",
        "wythoff needs its two piles: wythoff:a,b (e.g. wythoff:4,7)",
    ),
    (
        "errors.game.subtraction_needs",
        "subtraction needs its piles and take set: subtraction:N;S (e.g. subtraction:20;1,3,4)",
    ),
    (
        "errors.game.pursuit_needs",
        "{name} needs a graph: {name}:GRAPH[,cops=K] (GRAPH: path:N, cycle:N, grid:WxH, tree:P1,P2,..., petersen, file:PATH)",
    ),
    (
        "errors.game.dice",
        "{spec} is a dice game: `ply solve`, `ply analyze`, `ply play` and `ply tree` take it (solved by value iteration, searched with chance nodes, played with a die, written out with chance nodes), not this command's searches, which know no chance",
    ),
    (
        "errors.game.not_whole",
        "{game}: {field} {text} is not a non-negative whole number",
    ),
    ("errors.detail", "{detail}"),
    ("errors.play.move", "move {number} ({text}): {message}"),
    (
        "errors.game.no_move",
        "the game is over: no move can be played",
    ),
    (
        "errors.connect4.empty_board",
        "connect4: the board needs at least one column and one row",
    ),
    (
        "errors.connect4.too_large",
        "connect4: a {width}x{height} board is too large (at most {max} columns and W*(H+1) <= 64)",
    ),
    (
        "errors.connect4.size",
        "connect4: expected the size as WxH (columns x rows, e.g. 7x6), got {args}",
    ),
    (
        "errors.connect4.outside",
        "column {column} is outside 1-{width}",
    ),
    (
        "errors.connect4.not_a_column_number",
        "not a column number (write the columns played, 1-{width}, e.g. 4453)",
    ),
    (
        "errors.connect4.over_after",
        "the game is already over ({how} after move {number})",
    ),
    ("errors.connect4.won", "won"),
    ("errors.connect4.drawn", "drawn"),
    ("errors.connect4.full", "column {column} is full"),
    (
        "errors.connect4.not_a_column",
        "{text} is not a column (1-{width})",
    ),
    (
        "errors.chess.fen_fields",
        "a FEN has 6 fields (pieces, side to move, castling, en passant, halfmove clock, move number), {fen} has {fields}",
    ),
    ("errors.chess.fen", "FEN {fen}: {words}"),
    ("errors.chess.fen960", "FEN {fen} (Chess960): {words}"),
    (
        "errors.chess.not_uci",
        "{text} is not a legal move in UCI notation here ({player} to move)",
    ),
    ("errors.chess.listed", "{count} moves listed: at most {max}"),
    (
        "errors.chess.list_move",
        "move {number} of the list: {message}",
    ),
    (
        "errors.chess.not_legal",
        "{text} is not a legal move here ({player} to move; write e2e4 or e4, Nf3, O-O, e8=Q)",
    ),
    ("errors.of_game", "{game}: {message}"),
    (
        "errors.piles.too_many",
        "{count} piles are too many (at most {max})",
    ),
    (
        "errors.piles.too_big",
        "pile {pile} has {size} objects (at most {max})",
    ),
    (
        "errors.piles.nothing",
        "{game}: expected pile sizes separated by commas (e.g. 3,4,5), got nothing",
    ),
    (
        "errors.piles.not_whole",
        "{game}: pile {pile} {text} is not a non-negative whole number",
    ),
    (
        "errors.piles.not_a_move",
        "{text} is not a move: write pile:amount, e.g. 2:3 takes 3 from pile 2",
    ),
    ("errors.piles.move", "move {text}: {message}"),
    (
        "errors.piles.not_pile_number",
        "pile {pile} is not a pile number",
    ),
    (
        "errors.piles.no_pile",
        "there is no pile {pile} (piles are numbered 1 to {count})",
    ),
    (
        "errors.piles.amount",
        "amount {amount} is not a whole number",
    ),
    ("errors.piles.at_least_one", "take at least one object"),
    (
        "errors.piles.cannot_take",
        "cannot take {amount} from pile {pile}, which has {size}",
    ),
    ("errors.game.not_legal", "{text} is not a legal move here"),
    (
        "errors.mnk.at_least_one",
        "mnk: m, n and k must be at least 1",
    ),
    (
        "errors.mnk.too_large",
        "mnk: a {m}x{n} board is too large (at most 26 columns, 26 rows and 64 cells)",
    ),
    (
        "errors.mnk.k_too_long",
        "mnk: k = {k} cannot fit on a {m}x{n} board (nobody could ever win)",
    ),
    (
        "errors.mnk.size",
        "mnk: expected three numbers M,N,K (columns, rows, in a row), got {args}",
    ),
    (
        "errors.mnk.rows",
        "position {text} has {rows} rows separated by '/', the board has {n}",
    ),
    (
        "errors.mnk.row_cells",
        "row {row} ({text}) has {cells} cells, the board has {m} columns",
    ),
    (
        "errors.mnk.character",
        "unexpected character {character} at column {column} of {text} (use X, O and '.')",
    ),
    (
        "errors.mnk.cells",
        "position {text} has {given} cells, a {m}x{n} board has {cells}",
    ),
    (
        "errors.mnk.counts",
        "impossible counts: {xs} X and {os} O (X moves first, so X has as many stones as O or one more)",
    ),
    (
        "errors.mnk.both_lines",
        "impossible position: both X and O have a line",
    ),
    (
        "errors.mnk.x_line",
        "impossible position: X has a line but O moved after it",
    ),
    (
        "errors.mnk.o_line",
        "impossible position: O has a line but X moved after it",
    ),
    (
        "errors.mnk.cell_off",
        "cell {number} is off the board (cells are 1 to {cells})",
    ),
    (
        "errors.mnk.off_board",
        "{text} is off the board (columns a-{last_column}, rows 1-{n})",
    ),
    (
        "errors.mnk.not_a_cell",
        "{text} is not a cell: write a column letter and a row number (b2) or a number 1-{cells}",
    ),
    ("errors.mnk.taken", "{cell} is already taken"),
    (
        "errors.race.target_zero",
        "race: the target N must be at least 1",
    ),
    (
        "errors.race.step_zero",
        "race: the largest step K must be at least 1",
    ),
    (
        "errors.race.target_too_big",
        "race: the target N is {target} (at most {max})",
    ),
    (
        "errors.race.size",
        "race: expected two numbers N,K (target, largest step), got {args}",
    ),
    (
        "errors.race.total",
        "race: total {total} is not a non-negative whole number",
    ),
    (
        "errors.race.beyond",
        "race: total {total} is beyond the target {target}",
    ),
    (
        "errors.race.not_amount",
        "{text} is not an amount to add (1 to {max})",
    ),
    ("errors.race.add", "add 1 to {max}, not {add}"),
    (
        "errors.race.pass",
        "adding {add} would pass {target} (the total is {total})",
    ),
    (
        "errors.bash.take_zero",
        "bash: the largest take M must be at least 1",
    ),
    (
        "errors.bash.pile_too_big",
        "bash: the pile N has {pile} objects (at most {max})",
    ),
    (
        "errors.bash.size",
        "bash: expected two numbers N,M (pile, largest take), got {args}",
    ),
    (
        "errors.bash.pile",
        "bash: pile {pile} is not a non-negative whole number",
    ),
    (
        "errors.bash.take",
        "take 1 to {max} at a time, not {amount}",
    ),
    (
        "errors.wythoff.size",
        "wythoff: expected two pile sizes a,b, got {count} in {args}",
    ),
    (
        "errors.wythoff.not_a_move",
        "{text} is not a move: write 1:k, 2:k or both:k (k the number to take)",
    ),
    (
        "errors.wythoff.cannot_take",
        "cannot take {amount}, the piles are {a} and {b}",
    ),
    (
        "errors.wythoff.not_a_pile",
        "{pile} is not a pile (write 1, 2 or both)",
    ),
    (
        "errors.subtraction.empty_set",
        "{game}: the take set S is empty (write it after ';', e.g. 20;1,3,4)",
    ),
    (
        "errors.subtraction.zero",
        "{game}: take size {number} of the set is 0 (every take must be at least 1)",
    ),
    (
        "errors.subtraction.not_whole",
        "{game}: take size {number} of the set, {text}, is not a whole number",
    ),
    (
        "errors.subtraction.too_many",
        "{game}: the take set has {count} sizes (at most {max})",
    ),
    (
        "errors.subtraction.spec",
        "subtraction: expected piles;set, e.g. subtraction:20;1,3,4 (got {args})",
    ),
    (
        "errors.subtraction.no_pile",
        "subtraction: give at least one pile",
    ),
    (
        "errors.subtraction.too_big",
        "subtraction: pile {pile} has {size} objects (at most {max})",
    ),
    (
        "errors.subtraction.not_in_set",
        "{amount} is not in the take set {set}",
    ),
    (
        "errors.graph.no_vertices",
        "{family}: a graph needs at least one vertex",
    ),
    (
        "errors.graph.too_many",
        "{family}: {count} vertices is too many (at most {max})",
    ),
    (
        "errors.graph.cycle_short",
        "cycle: a cycle needs at least 3 vertices, not {n} (use path:{n})",
    ),
    (
        "errors.graph.grid_empty",
        "grid: width and height must be at least 1",
    ),
    (
        "errors.graph.grid_wide",
        "grid: {width} columns is too many (at most 26)",
    ),
    (
        "errors.graph.tree_parent",
        "tree: parent {parent} of vertex {child} (entry {child}) must be a smaller vertex (0..{last})",
    ),
    (
        "errors.graph.one_number",
        "{family}: expected one number, got {args}",
    ),
    (
        "errors.graph.grid_size",
        "grid: expected WIDTHxHEIGHT (e.g. grid:3x3), got {args}",
    ),
    (
        "errors.graph.unreadable",
        "file:{path}: cannot read the graph file: {reason}",
    ),
    (
        "errors.graph.needs_grid",
        "grid needs an argument: grid:WxH (e.g. grid:3x3)",
    ),
    (
        "errors.graph.needs_tree",
        "tree needs an argument: tree:P1,P2,... (the parent of each vertex 1, 2, ...; e.g. tree:0,0,1)",
    ),
    (
        "errors.graph.needs_file",
        "file needs an argument: file:PATH (an edge list)",
    ),
    (
        "errors.graph.needs_number",
        "{family} needs an argument: the number of vertices (e.g. path:5)",
    ),
    (
        "errors.graph.unknown",
        "unknown graph {spec} (known: path:N, cycle:N, grid:WxH, tree:P1,P2,..., petersen, file:PATH)",
    ),
    ("errors.graph.text", "{source}:{line}:{column}: {reason}"),
    ("errors.graph.line", "{source}: line {line}: {message}"),
    (
        "errors.graph.header_late",
        "the 'vertices N' header must come before every edge",
    ),
    (
        "errors.graph.header_fields",
        "expected 'vertices N', found {count} fields",
    ),
    (
        "errors.graph.header_count",
        "'vertices N': the count {count} is not a whole number",
    ),
    (
        "errors.graph.header_range",
        "'vertices {count}': a graph has 1 to {max} vertices",
    ),
    (
        "errors.graph.line_fields",
        "expected an edge 'U V' or a vertex 'V', found {count} fields",
    ),
    (
        "errors.graph.undeclared",
        "no vertex {name} (the header declares vertices 0..{last})",
    ),
    (
        "errors.graph.vertex_limit",
        "vertex {name} would be vertex {number}: at most {max} are allowed",
    ),
    (
        "errors.graph.loop",
        "a loop from {name} to itself is not allowed",
    ),
    (
        "errors.graph.name_long",
        "vertex name {name} is longer than {max} characters",
    ),
    (
        "errors.graph.name_chars",
        "vertex name {name} contains {character} (use letters, digits, '_' and '-')",
    ),
    (
        "errors.graph.name_dash",
        "'-' alone is not a vertex name (it means 'nobody placed yet')",
    ),
    (
        "errors.graph.name_reserved",
        "'vertices' is reserved for the header line",
    ),
    ("errors.graph.empty", "{source}: the graph has no vertices"),
    (
        "errors.pursuit.cops_number",
        "{game}: cops={cops}: the number of cops must be a whole number",
    ),
    (
        "errors.pursuit.cops_range",
        "{game}: cops={cops}: there must be 1 to {max} cops",
    ),
    (
        "errors.pursuit.cops",
        "{game}: there must be 1 to {max} cops",
    ),
    ("errors.pursuit.what.cops_field", "cops field"),
    ("errors.pursuit.what.fugitive_field", "fugitive field"),
    ("errors.pursuit.what.possible_field", "possible field"),
    ("errors.pursuit.what.cop_move", "cop move"),
    ("errors.pursuit.what.fugitive_move", "fugitive move"),
    (
        "errors.pursuit.no_vertex",
        "{what}: no vertex {name} in {graph} (vertices: {known})",
    ),
    (
        "errors.pursuit.names_one",
        "{what}: expected {cops} vertex name separated by commas (one per cop), found {found}",
    ),
    (
        "errors.pursuit.names",
        "{what}: expected {cops} vertex names separated by commas (one per cop), found {found}",
    ),
    (
        "errors.pursuit.fields_one",
        "expected COPS/FUGITIVE/SIDE (e.g. '0/2/c'), found {count} field separated by '/'",
    ),
    (
        "errors.pursuit.fields",
        "expected COPS/FUGITIVE/SIDE (e.g. '0/2/c'), found {count} fields separated by '/'",
    ),
    (
        "errors.pursuit.hidden_fields_one",
        "expected COPS/POSSIBLE (e.g. '0/2,3,4' or '-/*'), found {count} field separated by '/'",
    ),
    (
        "errors.pursuit.hidden_fields",
        "expected COPS/POSSIBLE (e.g. '0/2,3,4' or '-/*'), found {count} fields separated by '/'",
    ),
    (
        "errors.pursuit.side",
        "side field: {text} is neither 'c' (cops to move) nor 'f' (fugitive to move)",
    ),
    (
        "errors.pursuit.unplaced",
        "before the cops are placed, the fugitive is not placed either and the cops are to move ('-/-/c')",
    ),
    (
        "errors.pursuit.fugitive_next",
        "once the cops are placed, the fugitive places itself next (side 'f')",
    ),
    (
        "errors.pursuit.caught",
        "the game is over: the fugitive is caught",
    ),
    (
        "errors.pursuit.cop_move",
        "{text} is not a legal cop move from {from}: each cop stays or moves along one edge",
    ),
    (
        "errors.pursuit.fugitive_move",
        "the fugitive on {from} can only stay or move along one edge, not to {to}",
    ),
    (
        "errors.pursuit.possible_cop",
        "possible field: vertex {vertex} holds a cop, so the fugitive cannot be there",
    ),
    (
        "errors.pursuit.search_over",
        "the search is over: the fugitive cannot be anywhere",
    ),
    (
        "errors.connect4.score_number",
        "score {text} is not a whole number (write `moves score`, e.g. `4453 -2`)",
    ),
    (
        "errors.connect4.after_score",
        "unexpected {text} after the score (one position per line: `moves` or `moves score`)",
    ),
    ("errors.chess.white", "White"),
    ("errors.chess.black", "Black"),
];

impl NotationError {
    /// The error `phrase` says, its English from [`ERRORS`]. Every error of the games
    /// here is said by an id of [`ERRORS`] with its numbers and names as parts, so that a
    /// front end says it in its reader's language; there is no constructor from free text.
    /// A game outside this crate whose words are not in the catalogs says its English as
    /// the part of `errors.detail` (`Phrase::new("errors.detail").arg("detail", text)`).
    pub fn said(phrase: Phrase) -> NotationError {
        NotationError(phrase.english(ERRORS), Some(phrase))
    }
}

/// Reading and writing a game's positions and moves.
pub trait Notation: Game {
    /// The name of this game as written on the command line (`tictactoe`, `mnk:4,4,4`).
    fn game_name(&self) -> String;

    /// Reads a position of the same game as `self` (the board size comes from `self`).
    fn parse_position(&self, text: &str) -> Result<Self, NotationError>;

    /// Writes this position so that [`Notation::parse_position`] reads it back.
    fn position_string(&self) -> String;

    /// Reads a move and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// Writes a move the way [`Notation::parse_move`] reads it.
    fn move_string(&self, mv: Self::Move) -> String;

    /// The position drawn for a terminal, with coordinates.
    fn render(&self) -> String;

    /// One line that tells a person how to write a move.
    fn move_help(&self) -> String;

    /// [`Notation::render`] with its words said by `say`, which says a [`Phrase`] of the
    /// catalogs of words (ids `boards.text.*`) in a front end's language: the same
    /// drawing, its sentences in that language. The default is [`Notation::render`], for
    /// a game whose drawing has no words (a board and its coordinates).
    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let _ = say;
        self.render()
    }

    /// [`Notation::move_help`] as a [`Phrase`] of the catalogs of words (ids
    /// `boards.help.*`), for a front end that says it in its reader's language; `None`
    /// where the game has no such phrase (its help is then said in English).
    fn move_help_phrase(&self) -> Option<Phrase> {
        None
    }

    /// The name of the player to move, as people say it ("X", "first player").
    fn player_name(&self, player: ply_core::Player) -> String {
        match player {
            ply_core::Player::First => "first player".into(),
            ply_core::Player::Second => "second player".into(),
        }
    }
}

/// The most positions (by [`ply_core::Game::bounds`]) a game may have for `ply solve`
/// to use a textbook search by default: 3^12, every board of 12 cells (a 4x3 m,n,k
/// game, solved by alpha-beta in about 0.2 s; 4x4 took 11 s, against 0.1 s for the engine).
pub const TEXTBOOK_POSITIONS: u64 = 531_441;

/// Everything the `ply` binary needs from a game: notation, an evaluation for
/// depth-limited play, and optional extras (symmetry, explanations).
pub trait Playable: Notation + Hash + Eq + Debug + Send + Sync + 'static {
    /// The evaluation used by depth-limited search.
    type Eval: Evaluator<Self> + Clone + Send + Sync;

    /// The evaluation for this game.
    fn evaluator(&self) -> Self::Eval;

    /// The representative of this position's symmetry class, for games with symmetries.
    fn canonical(&self) -> Option<Self> {
        None
    }

    /// The name of this position's node in a written-out game tree, for games whose
    /// positions are best named by themselves (race: the running total), rather than
    /// by the move that leads there. Default: `None` (nodes are named by their move).
    fn tree_label(&self) -> Option<String> {
        None
    }

    /// This position as a graph of positions files it when symmetries are not used:
    /// what makes it the position it is to a player, for games where that is less than
    /// the whole state (race: the running total, whoever is to move, since the game is
    /// impartial and the total alone decides who wins). Positions with equal keys must
    /// have the same value for the player to move and the same moves. Default: `None`,
    /// the position itself.
    fn position_key(&self) -> Option<Self> {
        None
    }

    /// True for games with few distinct positions but a huge tree (Nim and the
    /// other taking games: the same piles are reached in countless orders).
    /// `ply solve` and `ply play` then default to the memoised exact solver
    /// ([`ply_core::solve::Solver`]) instead of plain tree search.
    fn memoised_solve(&self) -> bool {
        false
    }

    /// Why a move is good (or why nothing is), where the game's theory can say it: a
    /// [`Phrase`] of the catalogs of words (ids `explain.*`), which a front end says in
    /// its reader's language (`ply_api::explain::phrase`).
    fn explain_move(&self, _mv: Self::Move) -> Option<Phrase> {
        None
    }

    /// Runs `visitor` with this game's engine hooks (`ply_core::engine::SearchHooks`).
    /// The default hands over [`DefaultHooks`] (a key from the `Hash` implementation,
    /// no other hook); a game overrides this to plug in its own, faster hooks.
    fn with_search_hooks<V: HooksVisitor<Self>>(&self, visitor: V) -> V::Output {
        visitor.visit(DefaultHooks)
    }

    /// True for games too large for the textbook searches: `ply solve` then uses
    /// the engine's exact mode (transposition table, pruning hooks) by default, and
    /// `ply play` the engine within a time budget. The default: games without cycles
    /// and without a memoised solve whose positions may number more than
    /// [`TEXTBOOK_POSITIONS`] (by [`ply_core::Game::bounds`]), where the textbook
    /// searches, which forget every position they leave, take seconds to hours.
    fn prefers_engine(&self) -> bool {
        !self.memoised_solve()
            && !self.has_cycles()
            && self
                .bounds()
                .positions
                .is_some_and(|positions| positions > TEXTBOOK_POSITIONS)
    }
    /// True when positions can repeat (players may walk in circles): depth-first search
    /// would never finish, so `ply solve` and `ply play` solve such games with the
    /// retrograde solver ([`ply_core::RetrogradeTable`]) instead.
    fn has_cycles(&self) -> bool {
        false
    }

    /// At least how many moves between the positions reachable from this one retrograde
    /// analysis stores (it keeps every move of every position it reaches that is not
    /// finished), when the game can tell without exploring them. With
    /// [`ply_core::GameBounds::min_positions`], what lets a solver refuse at once a table
    /// that cannot fit: the hidden pursuit's positions may be few and its moves many
    /// (`pursuit-hidden:grid:8x8,cops=4`: 766,481 positions and at least 124,912,270
    /// moves from the start). Default: `None`, nothing known.
    fn min_retrograde_moves(&self) -> Option<u64> {
        None
    }

    /// This game's own score of an exact value, when it has a convention of its own
    /// (Connect Four: Pascal Pons' score, `ply_games::connect4::score`). Default: none.
    fn conventional_score(&self, _value: ply_core::Score) -> Option<i32> {
        None
    }

    /// True when [`Playable::conventional_score`] applies to this game.
    fn has_conventional_score(&self) -> bool {
        false
    }

    /// The exact value of this position read from an opening book of its game, if the
    /// book holds it (Connect Four's books, made by `ply book`). Default: no book
    /// answers for the game.
    fn book_value(&self, _book: &crate::connect4::OpeningBook) -> Option<ply_core::Score> {
        None
    }

    /// True when this game has opening books ([`Playable::book_value`]).
    fn has_books(&self) -> bool {
        false
    }

    /// The opening book that ships with ply for this game's board, if there is one
    /// (Connect Four 7x6: `books/connect4.book`, built into the library). Default: none.
    fn shipped_book(&self) -> Option<std::sync::Arc<crate::connect4::OpeningBook>> {
        None
    }

    /// This position as a Connect Four board (of any size), for what only Connect Four
    /// offers: test sets in Pascal Pons' format (`--batch`, `ply bench`, `ply gen`), books
    /// (`ply book`) and the weak solve. Default: none (the game is not Connect Four).
    fn as_connect4(&self) -> Option<&crate::Connect4> {
        None
    }

    /// Extra facts for `ply solve` (text and `--json`) once this position is solved:
    /// `value` is its exact value for the side to move, `line` the best play from it.
    /// Each entry is a JSON field name and its value (pursuit games: `cops_win`, `capture_time`).
    fn solve_fields(
        &self,
        _value: ply_core::Score,
        _line: &[Self::Move],
    ) -> Vec<(&'static str, FieldValue)> {
        Vec::new()
    }
}

/// The value of an extra `ply solve` field (see [`Playable::solve_fields`]), kept free of
/// any JSON library: the binary turns it into JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldValue {
    /// No value.
    Null,
    /// Yes or no.
    Bool(bool),
    /// A whole number.
    Number(u64),
    /// Text.
    Text(String),
    /// A list of texts.
    List(Vec<String>),
}

/// Parses a move and checks it against the legal moves (a helper for implementations).
pub fn legal_or_error<G: Game>(
    position: &G,
    mv: G::Move,
    text: &str,
) -> Result<G::Move, NotationError> {
    if position.outcome().is_some() {
        return Err(NotationError::said(Phrase::new("errors.game.no_move")));
    }
    if position.legal_moves().contains(&mv) {
        Ok(mv)
    } else {
        Err(NotationError::said(
            Phrase::new("errors.game.not_legal").arg("text", excerpt(text)),
        ))
    }
}
