//! The engine: a strong, general game-tree search for any [`Game`].
//!
//! One search function ([`search`](self) module, `Worker::search`) in the
//! Stockfish style, each feature a named, commented step: iterative deepening
//! with aspiration windows, principal variation search (null windows), a shared
//! lock-free [`TranspositionTable`], move ordering (table move, game hints,
//! killers, history), optional game hooks ([`SearchHooks`]), Lazy SMP on all
//! cores with busy moves deferred (simplified ABDADA), limits on depth, nodes and time with a stop flag ([`Limits`]), a
//! progress report after every iteration ([`SearchInfo`]), and an exact mode
//! that solves to the end of the game.
//!
//! | module | what lives there |
//! |---|---|
//! | [`limits`] | [`Limits`]: depth, nodes, time, stop flag, exact mode |
//! | [`known`] | [`WithKnownValues`]: an opening book or endgame table added to any hooks |
//! | [`tt`] | [`TranspositionTable`]: entry layout, buckets, replacement policy |
//! | [`ordering`] | how moves are ordered |
//! | `search` | the search function, quiescence, root search, iterative deepening, exact solve |
//! | `smp` | Lazy SMP: threads sharing the table, helpers started once the search is long enough |
//! | `busy` | which positions some thread is searching right now: deferral of busy moves |
//! | [`zobrist`] | hashing helpers: [`ZobristTable`], [`fx_hash`] |
//!
//! ```
//! use ply_core::engine::{DefaultHooks, Engine, Limits, Settings};
//! use ply_core::{Game, NoEvaluation, Outcome, Player};
//!
//! /// Take 1 or 2 from a pile; who takes the last one wins.
//! #[derive(Clone, Hash)]
//! struct Pile { left: u32, to_move: Player }
//! impl Game for Pile {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
//!     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=2).filter(|&t| t <= self.left)) }
//!     fn play(&mut self, take: u32) { self.left -= take; self.to_move = self.to_move.opponent(); }
//! }
//!
//! let mut engine = Engine::new(DefaultHooks, NoEvaluation, Settings::default());
//! let result = engine.search(&Pile { left: 20, to_move: Player::First }, &Limits::exact());
//! assert!(result.exact);
//! assert_eq!(result.score, ply_core::Score::win_in(13)); // take 2, then answer 3 - x: 7 rounds
//! assert_eq!(result.best, Some(2));
//! ```

mod busy;
pub mod known;
pub mod limits;
pub mod ordering;
mod search;
mod smp;
pub mod tt;
pub mod zobrist;

pub use crate::stop::Stop;
pub use known::{KnownValues, WithKnownValues};
pub use limits::{Limits, MAX_DEPTH};
pub use tt::{Bound, TranspositionTable, TtEntry};
pub use zobrist::{FxHasher, ZobristTable, fx_hash, splitmix64};

use crate::memory::MemoryError;
use crate::{Evaluator, Game, Score};
use std::hash::Hash;
use std::time::Duration;

/// What a game may tell the engine to search faster. Every method but `hash`
/// has a safe default; [`DefaultHooks`] provides `hash` for any `Hash` game.
///
/// The hooks are a separate value (not methods of the game) so that any game
/// runs on the engine unchanged with [`DefaultHooks`], while a game that wants
/// more speed supplies its own hooks type, which may carry tables.
///
/// Soundness contract: hooks may make the search faster, never change the
/// exact value. `non_losing_moves` and `value_bounds` must be true facts;
/// `null_move` and `reduction` are heuristics and are switched off in exact mode.
pub trait SearchHooks<G: Game>: Sync {
    /// A 64-bit key of the position (equal positions, equal keys; Zobrist or
    /// [`fx_hash`]). Two different positions with the same key are rare and
    /// may give a wrong value: use a well-mixed key.
    fn hash(&self, position: &G) -> u64;

    /// The key ([`SearchHooks::hash`]) of the position after `mv`, if the game can
    /// compute it cheaply without making the move. The search then prefetches
    /// the children's table buckets while it orders the moves, so their probes
    /// find them in the cache. Default `None`: no prefetch.
    #[inline]
    fn hash_after(&self, _position: &G, _mv: G::Move) -> Option<u64> {
        None
    }

    /// A small code of a move (`< 65535`), the same in every position, for the
    /// table's best move and the history heuristic (e.g. a column, a from-to
    /// pair). `None` (the default): the table remembers the move's index in the
    /// generated list and the history heuristic is off.
    #[inline]
    fn move_code(&self, _position: &G, _mv: G::Move) -> Option<u16> {
        None
    }

    /// How promising a move looks (higher first), e.g. threats made or material
    /// captured. Outranks killers and history, not the table move. Default 0.
    #[inline]
    fn order_hint(&self, _position: &G, _mv: G::Move) -> i32 {
        0
    }

    /// The exact value of `position` when it is known without search: an
    /// opening book, an endgame table. Node-relative (`Score::win_in(3)`: the
    /// side to move wins with its second move from here) and game-theoretic,
    /// so it ends the node in every mode, at any depth. Called at every node
    /// before anything else is computed: keep the miss cheap (e.g. look up only
    /// positions with few stones). Default `None`.
    #[inline]
    fn known_value(&self, _position: &G) -> Option<Score> {
        None
    }

    /// Fills `moves` with the moves worth searching, or decides the node at once.
    ///
    /// Returns `Some(score)` (node-relative: `Score::win_in(1)` is "I win with my
    /// next move") when the value is known without search, e.g. an immediate win,
    /// or `Score::loss_in(2)` when every move lets the opponent win at once.
    /// Otherwise it may leave out moves that lose at once, as long as at least
    /// one move remains. Default: every legal move, in generation order.
    #[inline]
    fn non_losing_moves(&self, position: &G, moves: &mut Vec<G::Move>) -> Option<Score> {
        position.generate_moves(moves);
        None
    }

    /// The worst and best values still reachable from this (unfinished) position,
    /// node-relative, e.g. "no win before my next move but one" or "the board
    /// fills in 9 plies". The search narrows its window to them. Default: no bound.
    ///
    /// Called right after [`SearchHooks::non_losing_moves`] returned `None` for the
    /// same position, so it may rely on what that established (no immediate win,
    /// no immediate loss).
    #[inline]
    fn value_bounds(&self, _position: &G) -> (Score, Score) {
        (-Score::INFINITY, Score::INFINITY)
    }

    /// Whether killer moves and the history heuristic break ties between moves
    /// with equal hints. Turn off when the game's generation order is the better
    /// tie-break (Connect Four: centre first; killers and history doubled the
    /// nodes of Pons' Test_L2_R1 set). Default: on.
    #[inline]
    fn killers_and_history(&self) -> bool {
        true
    }

    /// At fixed depth: nodes with fewer plies to go than this try their moves in
    /// generation order behind the table move, with no hints computed and no
    /// selection (and, one ply above the horizon, no killers or history either).
    /// Raise it when a hint costs about as much as the nodes it saves near the
    /// horizon (Connect Four: 3, a threat count per move; at depths 8-12, 6-8 % less
    /// time for 9-13 % more nodes). Default: 2 (right above the horizon the children
    /// are leaves, about as cheap as a hint; Connect Four with killers and history:
    /// 8 % fewer nodes and a quarter less time than ordering them there). Return 1
    /// for a game whose leaves are expensive (a quiescence search of captures).
    #[inline]
    fn order_hint_min_depth(&self) -> u32 {
        2
    }

    /// What exact mode may assume about the values reachable from `position`,
    /// so that its null-window probes ask only about values that can occur
    /// (see [`ExactScale`]). Default `None`: probes halve the raw score range.
    ///
    /// Returning `Some` promises that the game ends only in a win, a loss or a
    /// draw (no payoffs) within `max_plies` plies.
    #[inline]
    fn exact_scale(&self, _position: &G) -> Option<ExactScale> {
        None
    }

    /// Moves that must be searched beyond the depth limit (captures, threats to
    /// be answered), so the evaluation only sees quiet positions. Default: none.
    #[inline]
    fn noisy_moves(&self, _position: &G, _moves: &mut Vec<G::Move>) {}

    /// True when the side to move may not "stand pat" on the evaluation beyond the horizon
    /// (chess: in check, where doing nothing is not an option): quiescence then searches
    /// every move instead of the noisy ones only. Default: false.
    #[inline]
    fn no_stand_pat(&self, _position: &G) -> bool {
        false
    }

    /// Plies to add to the search of `child`, reached from `position` by `mv`: moves
    /// that must be looked at deeper than the others (chess: a check, whose answers are
    /// few and forced). Heuristic mode only; no extension applies beyond a fixed ply, so
    /// the search always ends. A move extended is never reduced. Default: 0.
    #[inline]
    fn extension(&self, _position: &G, _mv: G::Move, _child: &G) -> u32 {
        0
    }

    /// Reverse futility pruning: the margin by which the evaluation of `position` must
    /// exceed beta, `depth` plies from the horizon, for the search to take it as a
    /// fail-high without searching (the side to move is so far ahead that no move of the
    /// opponent's in `depth` plies is expected to bring it back). `None` (the default): no
    /// such pruning here (chess: in check, or too far from the horizon). Heuristic mode,
    /// off the principal variation.
    #[inline]
    fn futility_margin(&self, _position: &G, _depth: u32) -> Option<Score> {
        None
    }

    /// The position with the side to move passing, if passing is a safe
    /// heuristic here (no zugzwang). Enables null-move pruning. Default: `None`.
    #[inline]
    fn null_move(&self, _position: &G) -> Option<G> {
        None
    }

    /// Futility pruning of quiet moves near the horizon (heuristic mode): at `depth`
    /// plies from the horizon, the margin by which the static evaluation may fall short
    /// of alpha before the node skips its quiet moves ([`SearchHooks::is_quiet`]): no
    /// quiet move is expected to win that much back. `None` (the default): no move is
    /// skipped here (chess: in check, or far from the horizon). The first move, the table
    /// move and moves the game extends are always searched, and nothing is skipped while
    /// every move searched loses by force.
    #[inline]
    fn quiet_move_margin(&self, _position: &G, _depth: u32) -> Option<Score> {
        None
    }

    /// Whether `mv`, which reaches `child`, is quiet (chess: no capture, no promotion):
    /// futility pruning ([`SearchHooks::quiet_move_margin`]) may skip it, and with killers
    /// and history on, a quiet move searched before another move cuts loses history (it
    /// comes later next time). Default: false (no move is quiet).
    #[inline]
    fn is_quiet(&self, _position: &G, _mv: G::Move, _child: &G) -> bool {
        false
    }

    /// Late-move pruning (heuristic mode, off the principal variation): `depth` plies from
    /// the horizon, the number of moves after which the node skips its quiet moves
    /// ([`SearchHooks::is_quiet`]): with good ordering, a quiet move that late rarely
    /// matters. `None` (the default): none is skipped. The first move, the table move and
    /// moves the game extends are always searched, and nothing is skipped while every move
    /// searched loses by force.
    #[inline]
    fn late_move_limit(&self, _position: &G, _depth: u32) -> Option<usize> {
        None
    }

    /// Singular extensions (heuristic mode): `depth` plies from the horizon, how far below
    /// the table move's stored lower bound every other move must stay, searched at half
    /// the depth, for the table move to be searched one ply deeper (it is then the only
    /// good move, and a mistake in its line costs the most). When the other moves reach
    /// that value and it is at or above beta, the node fails high at once. `None`: no
    /// test here. Default: `None`.
    #[inline]
    fn singular_margin(&self, _position: &G, _depth: u32) -> Option<Score> {
        None
    }

    /// A code below 1024 for `mv` as a follow-up (chess: the piece moved, its colour and
    /// the square it goes to): the history of quiet moves that refuted others is also
    /// kept per move they answered. Default: `None`.
    #[inline]
    fn continuation_code(&self, _position: &G, _mv: G::Move) -> Option<u16> {
        None
    }

    /// Whether `mv` is so unpromising `depth` plies from the horizon that the search may
    /// skip it without a look (chess: a move that loses material to the exchanges on its
    /// square, by more than a margin that grows with the depth). Heuristic mode; never the
    /// first move, the table move or a move the game extends, and nothing is skipped while
    /// every move searched loses by force. Default: false.
    #[inline]
    fn unpromising(&self, _position: &G, _mv: G::Move, _depth: u32) -> bool {
        false
    }

    /// Plies to cut from the search of the `move_number`-th move (from 0) at
    /// `depth`: late, unpromising moves get a shallower look and a full one only
    /// if they surprise. Default: 0.
    #[inline]
    fn reduction(&self, _position: &G, _mv: G::Move, _depth: u32, _move_number: usize) -> u32 {
        0
    }

    /// Plies added from one iteration of iterative deepening to the next. 2 for a
    /// game whose evaluation swings with the side to move at the horizon (Connect
    /// Four's threat count): every iteration then ends on the same side's move, so
    /// the previous one's table and ordering fit the next, and the odd depths,
    /// costly and of little use to the even ones, are skipped (Connect Four at
    /// depths 8-12: about half the nodes). The last iteration is still the depth
    /// asked for. Default: 1.
    #[inline]
    fn iteration_step(&self) -> u32 {
        1
    }
}

/// The hooks of a game that gives none: a key from its `Hash` implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultHooks;

impl<G: Game + Hash> SearchHooks<G> for DefaultHooks {
    #[inline]
    fn hash(&self, position: &G) -> u64 {
        fx_hash(position)
    }
}

/// Code that runs the engine with a game's own hooks, whatever their type
/// (see `ply_games::Playable::with_search_hooks`).
pub trait HooksVisitor<G: Game> {
    /// What the visit returns.
    type Output;
    /// Runs the caller's code with the game's hooks (a concrete type: no dynamic dispatch).
    fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output;
}

/// The values a position can take, for exact mode's probes: the decisive
/// scores within `max_plies` (every second one when a side wins only with its
/// own moves) and the draw. Probes then step through these values only, biased
/// towards the quick results, which take the fewest nodes to prove (Pons'
/// Connect Four solver probes the same way on its score scale).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactScale {
    /// The game ends within this many plies from the position.
    pub max_plies: u32,
    /// A side wins only by its own move: from the position, wins come at odd
    /// distances and losses at even ones (Connect Four, tic-tac-toe).
    pub wins_on_own_move: bool,
}

/// How exact mode narrows down the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExactStrategy {
    /// A series of null-window searches that halve the range of possible values
    /// (draw or not, win or not, then the distance): each one prunes far more
    /// than a full window, and the table carries the work between them.
    #[default]
    Bisection,
    /// One search with a full window.
    FullWindow,
}

/// Default of [`Settings::helper_start_nodes`]: starting a helper thread and waiting for
/// it to notice the end costs about 35 µs on an idle machine and up to 2 ms on a loaded
/// one, more than a search of a few thousand nodes takes. Connect Four, Pons' sets, two
/// threads against one: with 1024, Test_L2_R1 (371 nodes a position, a few of them past
/// 1024) took 1.6-2.3x the time of one thread; with 4096, 1.1-1.3x, while Test_L2_R2
/// (36,000 nodes) stays faster than one thread (2.5 against 2.8-3.4 ms).
pub const HELPER_START_NODES: u64 = 4096;

/// Engine settings that do not depend on the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Search threads (Lazy SMP with busy moves deferred). 1: single-threaded, on the
    /// caller's thread. The engine runs at most [`crate::threads::most`].
    pub threads: usize,
    /// With several threads, the helpers start only once the main thread has searched
    /// this many nodes (0: at once), so a short search costs no thread start.
    pub helper_start_nodes: u64,
    /// Transposition table size in MiB; 0: no table.
    pub hash_mib: usize,
    /// Principal variation search: null windows after the first move (off: plain alpha-beta).
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// How exact mode searches.
    pub exact_strategy: ExactStrategy,
    /// With [`ExactStrategy::Bisection`], positions the game says end within this many
    /// plies ([`SearchHooks::exact_scale`]) are solved with one full-window search:
    /// there, repeating the root for every probe costs more than the wider window.
    /// 0: always bisect.
    pub full_window_plies: u32,
    /// In exact mode, prove the whole principal variation to the end (off: only the best move).
    /// The proof past the first move may cost twice the value search or twice
    /// `exact_pv_min_nodes`, whichever is more; beyond that the line stops short of the
    /// end (only where a book or a warm table made the value much cheaper than its line).
    pub exact_pv: bool,
    /// See `exact_pv`.
    pub exact_pv_min_nodes: u64,
    /// Enhanced transposition cutoffs: before searching a node with a large subtree, look
    /// its children up in the table; one that already refutes the window ends the node.
    pub transposition_cutoffs: bool,
    /// At fixed depth, when the moves one ply above the horizon keep generation order
    /// (no killers or history, `SearchHooks::order_hint_min_depth` above 1), such nodes
    /// off the principal variation run a lean loop of the same steps (the most numerous
    /// interior nodes: Connect Four at depths 8-12, 7 % fewer instructions and time).
    /// Off: the general search, for checking one against the other (same values,
    /// same nodes).
    pub lean_frontier: bool,
    /// The table keeps track of the buckets its stores write, so that
    /// [`Engine::clear`] empties only those ([`TranspositionTable::track_writes`]): for
    /// many small searches in a row, each from a cleared table. Results are the same.
    pub track_writes: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            helper_start_nodes: HELPER_START_NODES,
            hash_mib: 16,
            pvs: true,
            aspiration: true,
            exact_strategy: ExactStrategy::Bisection,
            full_window_plies: 20,
            exact_pv: true,
            exact_pv_min_nodes: 1 << 16,
            transposition_cutoffs: true,
            lean_frontier: true,
            track_writes: false,
        }
    }
}

impl Settings {
    /// These settings with `threads` search threads (at least 1, at most what this build
    /// runs: [`crate::threads::most`]).
    pub fn with_threads(mut self, threads: usize) -> Settings {
        self.threads = crate::threads::capped(threads);
        self
    }

    /// These settings with a transposition table of `mib` MiB.
    pub fn with_hash(mut self, mib: usize) -> Settings {
        self.hash_mib = mib;
        self
    }
}

/// A report after each completed iteration (in exact mode: after each probe).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// The iteration's depth (exact mode: the deepest ply reached).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The root value for the side to move (in exact mode probes: the bound proved so far).
    pub score: Score,
    /// What `score` is: exact, or a lower/upper bound (exact-mode probes).
    pub bound: Bound,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Per mille of the transposition table holding this search's results (0 without a
    /// table), as UCI's `hashfull` reports it.
    pub hashfull: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let secs = self.time.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Work counters of a search, all threads together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Nodes entered, the root included.
    pub nodes: u64,
    /// Positions scored without expanding them (finished, evaluated, or decided by a hook).
    pub leaves: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
    /// Nodes answered by the transposition table.
    pub tt_cutoffs: u64,
}

/// The counters the textbook searches report too (the table's cutoffs are the engine's own).
impl From<EngineStats> for crate::SearchStats {
    fn from(stats: EngineStats) -> Self {
        crate::SearchStats {
            nodes: stats.nodes,
            leaves: stats.leaves,
            cutoffs: stats.cutoffs,
        }
    }
}

/// The answer of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineResult<M> {
    /// The root value for the side to move.
    pub score: Score,
    /// The best move: always a legal move when the root is not finished, even
    /// if the search was stopped at once (then the first move in the engine's order).
    pub best: Option<M>,
    /// The principal variation from the root: the line both sides are expected to play (exact mode: proved).
    pub pv: Vec<M>,
    /// Deepest completed iteration (exact mode: the length of the proved line).
    pub depth: u32,
    /// The deepest ply any line reached (quiescence and extensions included).
    pub seldepth: u32,
    /// Work counters, all threads together.
    pub stats: EngineStats,
    /// Wall time of the search.
    pub time: Duration,
    /// Every completed iteration (exact mode: every probe), in order.
    pub iterations: Vec<SearchInfo<M>>,
    /// True when `score` is the game-theoretic value (exact mode, not interrupted,
    /// or a heuristic search that proved a win or loss within its depth).
    pub exact: bool,
    /// True when a limit other than depth (nodes, time, stop flag) ended the search.
    pub stopped: bool,
}

/// A search engine for one game: hooks, evaluation, settings and the table.
///
/// The table persists between searches (clear it with [`Engine::clear`]).
pub struct Engine<G: Game, H: SearchHooks<G>, E: Evaluator<G>> {
    hooks: H,
    eval: E,
    settings: Settings,
    table: Option<TranspositionTable>,
    /// The main thread's move lists, reused by the next search.
    buffers: search::Buffers<G::Move>,
    /// With several threads: the positions being searched right now (see `busy`).
    busy: Option<busy::BusyTable>,
    _game: std::marker::PhantomData<fn(&G)>,
}

impl<G: Game + Sync, H: SearchHooks<G>, E: Evaluator<G> + Sync> Engine<G, H, E> {
    /// An engine with its table of `settings.hash_mib` MiB.
    ///
    /// # Panics
    /// When the table's memory cannot be had; [`Engine::try_new`] says so instead.
    pub fn new(hooks: H, eval: E, settings: Settings) -> Self {
        Engine::try_new(hooks, eval, settings).unwrap_or_else(|error| panic!("{error}"))
    }

    /// An engine, or an error when its table needs more memory than there is
    /// (checked before anything is allocated; see [`crate::memory`]).
    pub fn try_new(hooks: H, eval: E, settings: Settings) -> Result<Self, MemoryError> {
        // Where there are no threads (WebAssembly), several are one: the settings say
        // what the engine runs.
        let settings = Settings {
            threads: settings.threads.min(crate::threads::most()),
            ..settings
        };
        let table = match settings.hash_mib {
            0 => None,
            mib => Some(
                TranspositionTable::try_new(mib)
                    .map_err(|error| MemoryError {
                        what: format!("the transposition table (--hash {mib})"),
                        ..error
                    })
                    .map(|table| {
                        if settings.track_writes {
                            table.track_writes()
                        } else {
                            table
                        }
                    })?,
            ),
        };
        let busy = (settings.threads > 1).then(|| busy::BusyTable::new(busy::BUSY_SLOTS));
        Ok(Engine {
            hooks,
            eval,
            settings,
            table,
            buffers: Default::default(),
            busy,
            _game: std::marker::PhantomData,
        })
    }

    /// The settings the engine was made with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The game's hooks the engine searches with.
    pub fn hooks(&self) -> &H {
        &self.hooks
    }

    /// The transposition table, if there is one.
    pub fn table(&self) -> Option<&TranspositionTable> {
        self.table.as_ref()
    }

    /// Forgets every stored result and the move-ordering history (a fresh table, as
    /// before the first search).
    pub fn clear(&mut self) {
        if let Some(table) = &self.table {
            table.clear();
        }
        self.buffers.forget_history();
    }

    /// Searches `root` within `limits`.
    pub fn search(&mut self, root: &G, limits: &Limits) -> EngineResult<G::Move> {
        self.search_with(root, limits, |_| {})
    }

    /// Searches `root` within `limits`, calling `progress` after every iteration
    /// (from the calling thread).
    pub fn search_with<F: FnMut(&SearchInfo<G::Move>)>(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: F,
    ) -> EngineResult<G::Move> {
        smp::search(self, root, limits, progress)
    }
}
