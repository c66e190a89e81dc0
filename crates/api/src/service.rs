//! The JSON API as one function: a path and a request body in, a status and a body out,
//! exactly what `ply serve` answers for `POST path` (`GET` for `/api/health` and
//! `/api/games`).
//!
//! Every front end that speaks the API answers through [`Service`], so none of them can
//! drift from the others: the HTTP server adds only what HTTP needs (connections,
//! timeouts, how many requests run at once, the bytes held for slow clients), and the
//! WebAssembly module, which has no HTTP layer, calls [`Service::answer`] as it is. What
//! the API answers (docs/api.md) is decided here: which path is which operation, how the
//! body is read and refused, the limits each operation gets, and the status of each
//! refusal.
//!
//! ```
//! use ply_api::control::Control;
//! use ply_api::service::{Service, ServiceLimits};
//!
//! let service = Service::new(ServiceLimits::default(), None);
//! let answer = service.answer("/api/tree", br#"{"tree": "(a (b 3 12 8) (c 2 4 6))"}"#, &Control::new());
//! assert_eq!((answer.status, answer.content_type), (200, "application/json"));
//! let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
//! assert_eq!(json["value"], 3);
//!
//! let refused = service.answer("/api/tree", b"{\"tree\": 3}", &Control::new());
//! assert_eq!(refused.status, 400);
//! assert!(refused.body.contains(r#""kind":"bad_request""#));
//! ```

use crate::analyze::AnalyzeRequest;
use crate::control::Control;
use crate::lang::Lang;
use crate::play::{GameRequest, PlayLimits};
use crate::practice::{CheckRequest, PracticeRequest};
use crate::solve::{BookRef, SolveRequest};
use crate::tree::{GameTreeRequest, TreeLimits, TreeRequest};
use crate::{ApiError, ErrorKind};
use ply_core::phrase::Phrase;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The limits of the API's answers: those that decide what a request is answered,
/// wherever it is answered. (The server has more, of its own: how many requests run at
/// once, how many bytes it holds for clients, how long it waits for them.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServiceLimits {
    /// The most bytes of a request's body (`max_body_bytes`); a longer one is refused
    /// with 413.
    pub max_body_bytes: usize,
    /// The most nodes of a tree (`max_tree_nodes`).
    pub max_tree_nodes: usize,
    /// The deepest level of a tree (`max_tree_depth`).
    pub max_tree_depth: u32,
    /// The longest a search may run, in milliseconds (`max_search_ms`); a request
    /// asking for more is refused with 422. A tree's search (`/api/tree`,
    /// `/api/tree/svg`) gets as long, and is refused with 422 when not done in it.
    pub max_search_ms: u64,
    /// The most nodes a search may visit (`max_search_nodes`).
    pub max_search_nodes: u64,
    /// The most bytes of one answer made of a tree (`max_answer_bytes`): the JSON of
    /// `/api/tree` is refused with 413 before it is made when its size, bounded from
    /// the tree, may pass it (that of `/api/practice/check` once made).
    pub max_answer_bytes: u64,
    /// The most nodes of a picture (`max_picture_nodes`), `/api/tree/svg`; 413 past it.
    pub max_picture_nodes: usize,
}

impl Default for ServiceLimits {
    /// The server's defaults (`ply serve`): 1 MiB bodies, trees of 100,000 nodes and
    /// 1,000 levels, searches of 10 s and 100 million nodes, tree answers of 16 MiB and
    /// pictures of 2,000 nodes.
    fn default() -> ServiceLimits {
        ServiceLimits {
            max_body_bytes: 1 << 20,
            max_tree_nodes: 100_000,
            max_tree_depth: 1_000,
            max_search_ms: 10_000,
            max_search_nodes: 100_000_000,
            max_answer_bytes: 16 << 20,
            max_picture_nodes: TreeLimits::PICTURE_NODES,
        }
    }
}

impl ServiceLimits {
    /// The limits the tree operations get.
    pub fn tree_limits(&self) -> TreeLimits {
        TreeLimits {
            max_bytes: self.max_body_bytes,
            tree: crate::tree::Limits {
                max_nodes: self.max_tree_nodes,
                max_depth: self.max_tree_depth,
            },
            max_answer_bytes: self.max_answer_bytes,
            max_picture_nodes: self.max_picture_nodes,
            max_search_ms: Some(self.max_search_ms),
        }
    }

    /// The limits the play operations get, the engine reading `book`.
    pub fn play_limits(&self, book: Option<&BookRef>) -> PlayLimits {
        PlayLimits {
            max_ms: self.max_search_ms,
            max_nodes: self.max_search_nodes,
            book: book.map(|b| b.book.clone()),
            ..PlayLimits::default()
        }
    }

    /// The time a solve gets when its request names none: the play operations' default,
    /// within `max_search_ms`.
    pub fn solve_default_ms(&self) -> u64 {
        PlayLimits::default().default_ms.min(self.max_search_ms)
    }
}

/// How an endpoint is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `GET`: the endpoint reads no body.
    Get,
    /// `POST`: the endpoint reads a JSON body.
    Post,
}

/// What a request asks of the machine: a caller that answers many requests at once
/// (the server) bounds each kind on its own, so that a long search never holds up a
/// tree, nor a crowd of trees a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Little: a list, a game's state.
    Light,
    /// A tree read, searched and drawn (`/api/tree`, `/api/tree/svg`,
    /// `/api/tree/game`, and the exercises of `/api/practice` and
    /// `/api/practice/check`, made of small trees): its memory grows with the tree.
    Tree,
    /// A search of a game (`/api/solve`, `/api/analyze`, `/api/play/analysis`,
    /// `/api/play/engine`): up to `max_search_ms` of a core.
    Search,
}

/// One endpoint of the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// Its path.
    pub path: &'static str,
    /// How it is asked.
    pub method: Method,
}

/// Every endpoint of the API (docs/api.md).
pub const ENDPOINTS: &[Endpoint] = &[
    endpoint("/api/health", Method::Get),
    endpoint("/api/games", Method::Get),
    endpoint("/api/tree", Method::Post),
    endpoint("/api/tree/svg", Method::Post),
    endpoint("/api/tree/game", Method::Post),
    endpoint("/api/tree/count", Method::Post),
    endpoint("/api/solve", Method::Post),
    endpoint("/api/analyze", Method::Post),
    endpoint("/api/play/state", Method::Post),
    endpoint("/api/play/analysis", Method::Post),
    endpoint("/api/play/engine", Method::Post),
    endpoint("/api/play/pig", Method::Post),
    endpoint("/api/practice", Method::Post),
    endpoint("/api/practice/check", Method::Post),
];

const fn endpoint(path: &'static str, method: Method) -> Endpoint {
    Endpoint { path, method }
}

/// The content type of JSON answers (every answer but a picture's).
pub const JSON: &str = "application/json";
/// The content type of `/api/tree/svg`'s pictures.
pub const SVG: &str = "image/svg+xml";

/// An answer: an HTTP status and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status: 200, or the refusal's (see [`status_of`]).
    pub status: u16,
    /// [`JSON`], or [`SVG`] for a picture.
    pub content_type: &'static str,
    /// The JSON text (or the SVG text of a picture); a refusal is
    /// `{"error", "kind", "limit"?, "line"?, "column"?}`.
    pub body: String,
}

impl Answer {
    /// The answer refusing a request with `error`.
    pub fn refusal(error: &ApiError) -> Answer {
        Answer {
            status: status_of(error),
            content_type: JSON,
            // (An error is strings and numbers: its JSON is always made.)
            body: serde_json::to_string(error).unwrap_or_default(),
        }
    }

    /// `value` as a JSON answer (200).
    fn json<T: Serialize>(value: &T) -> Answer {
        match serde_json::to_string(value) {
            Ok(body) => Answer {
                status: 200,
                content_type: JSON,
                body,
            },
            Err(_) => internal_error(),
        }
    }
}

/// The HTTP status of a refusal: 413 for a request or an answer too big (body, tree,
/// answer, picture, memory), 422 for a search past its budget (`max_search_ms`,
/// `max_search_nodes`), 400 for anything else a request gets wrong; and for the
/// server's own limits, 429 when every search slot or tree job slot is taken
/// (`max_searches`, `max_tree_jobs`), 503 when the answers held for clients leave no
/// room (`max_unsent_bytes`), 408 for a body that does not arrive in time
/// (`client_timeout_ms`).
pub fn status_of(error: &ApiError) -> u16 {
    match (error.kind, error.limit) {
        (ErrorKind::Limit, Some("max_searches" | "max_tree_jobs")) => 429,
        (ErrorKind::Limit, Some("max_unsent_bytes")) => 503,
        (ErrorKind::Limit, Some("client_timeout_ms")) => 408,
        (ErrorKind::Limit, Some("max_search_ms" | "max_search_nodes")) => 422,
        (ErrorKind::Limit, _) => 413,
        _ => 400,
    }
}

/// The answer to a request that met a bug in ply (a panic): 500, kind `internal`, its
/// `message` in English.
pub fn internal_error() -> Answer {
    internal_error_in(Lang::En)
}

/// [`internal_error`], its `message` in `lang` (id `errors.internal`); `error` stays English.
pub fn internal_error_in(lang: Lang) -> Answer {
    let body = serde_json::json!({
        "error": "internal error (a bug in ply: please report it)",
        "kind": "internal",
        "message": lang.say("errors.internal", &[]),
    });
    Answer {
        status: 500,
        content_type: JSON,
        body: body.to_string(),
    }
}

/// The answer to a path that is neither an endpoint nor a page: 404, in the API's error
/// shape, the path quoted back shortened (a request may be any size).
pub fn not_found(path: &str) -> Answer {
    not_found_in(path, Lang::En)
}

/// [`not_found`], its `message` in `lang`.
pub fn not_found_in(path: &str, lang: Lang) -> Answer {
    let mut shown: String = path.chars().take(80).collect();
    if path.chars().count() > 80 {
        shown.push('…');
    }
    let error = ApiError::bad_request_said(Phrase::new("errors.not_found").arg("path", shown));
    Answer {
        status: 404,
        ..Answer::refusal(&error.in_lang(lang))
    }
}

/// The language a request's body names in its field `lang` (`"sv"`, `"sv-SE"`), read
/// leniently, whatever else the body holds or gets wrong: English for a body that is not
/// a JSON object, names no language, or one ply does not speak.
pub fn request_lang(body: &[u8]) -> Lang {
    #[derive(serde::Deserialize)]
    struct Named {
        #[serde(default)]
        lang: Option<serde_json::Value>,
    }
    match serde_json::from_slice::<Named>(body) {
        Ok(Named {
            lang: Some(serde_json::Value::String(tag)),
        }) => return Lang::from_tag(&tag).unwrap_or(Lang::En),
        Ok(_) => return Lang::En,
        Err(_) => {}
    }
    // A body that does not read as a whole: the first `"lang": "..."` in it, if any.
    let text = String::from_utf8_lossy(&body[..body.len().min(1 << 20)]);
    let Some(at) = text.find("\"lang\"") else {
        return Lang::En;
    };
    let rest = text[at + 6..].trim_start();
    let Some(rest) = rest.strip_prefix(':') else {
        return Lang::En;
    };
    let rest = rest.trim_start();
    let Some(rest) = rest.strip_prefix('"') else {
        return Lang::En;
    };
    let tag: String = rest.chars().take_while(|&c| c != '"').take(35).collect();
    Lang::from_tag(&tag).unwrap_or(Lang::En)
}

/// A request read: its endpoint and its JSON, ready to be answered
/// ([`Service::run`]).
#[derive(Clone, Debug)]
pub struct Request(Operation, Lang);

/// What each endpoint does, with the request it read.
#[derive(Clone, Debug)]
enum Operation {
    Health,
    Games,
    Tree(TreeRequest),
    TreeSvg(TreeRequest),
    TreeGame(GameTreeRequest),
    TreeCount(crate::tree::GameCountRequest),
    Solve(SolveRequest),
    Analyze(AnalyzeRequest),
    PlayState(GameRequest),
    PlayAnalysis(GameRequest),
    PlayEngine(GameRequest),
    Practice(PracticeRequest),
    PracticeCheck(CheckRequest),
    PlayPig(crate::pig::PigPlayRequest),
}

impl Request {
    /// The language the request names (`lang`), which its refusals' `message` speaks.
    pub fn lang(&self) -> Lang {
        self.1
    }

    /// What answering this request asks of the machine.
    pub fn work(&self) -> Work {
        match self.0 {
            Operation::Health | Operation::Games | Operation::PlayState(_) => Work::Light,
            Operation::Tree(_)
            | Operation::TreeSvg(_)
            | Operation::TreeGame(_)
            | Operation::TreeCount(_)
            | Operation::Practice(_)
            | Operation::PracticeCheck(_) => Work::Tree,
            Operation::Solve(_)
            | Operation::Analyze(_)
            | Operation::PlayAnalysis(_)
            | Operation::PlayEngine(_)
            // The first request for a goal solves its table.
            | Operation::PlayPig(_) => Work::Search,
        }
    }
}

/// The API, within its limits, the engine reading an opening book where one is given.
#[derive(Clone, Debug)]
pub struct Service {
    limits: ServiceLimits,
    book: Option<BookRef>,
}

impl Service {
    /// The API within `limits`; the engine reads `book` (a Connect Four opening book)
    /// where the game has books.
    pub fn new(limits: ServiceLimits, book: Option<BookRef>) -> Service {
        Service { limits, book }
    }

    /// Its limits.
    pub fn limits(&self) -> &ServiceLimits {
        &self.limits
    }

    /// The answer to `body` sent to `path` (a query string after `?` is ignored, as
    /// HTTP routes ignore it): exactly what the server answers, `control` stopping a
    /// search under way (it then answers with what it found). The body of `/api/health`
    /// and `/api/games` is not read.
    pub fn answer(&self, path: &str, body: &[u8], control: &Control) -> Answer {
        self.answer_holding(path, body, control, &mut |_| Ok(()))
    }

    /// [`Service::answer`], `reserve` asked for room before a tree's answer is handed
    /// over: see [`Service::run`].
    pub fn answer_holding(
        &self,
        path: &str,
        body: &[u8],
        control: &Control,
        reserve: &mut dyn FnMut(u64) -> Result<(), ApiError>,
    ) -> Answer {
        match self.read(path, body) {
            Ok(request) => self.run(request, control, reserve),
            Err(refusal) => refusal,
        }
    }

    /// The first half of [`Service::answer`]: which endpoint `path` is, and its request
    /// read from `body`; or the answer refusing it (404 for an unknown path, 413 for a
    /// body past `max_body_bytes`, 400 for a body that is not the endpoint's JSON).
    /// Reading is quick: a caller may decide how to run the request (its [`Work`])
    /// before running it.
    pub fn read(&self, path: &str, body: &[u8]) -> Result<Request, Answer> {
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        let operation = match path {
            "/api/health" => return Ok(Request(Operation::Health, Lang::En)),
            "/api/games" => return Ok(Request(Operation::Games, Lang::En)),
            "/api/tree" => Operation::Tree(self.json(body)?),
            "/api/tree/svg" => Operation::TreeSvg(self.json(body)?),
            "/api/tree/game" => Operation::TreeGame(self.json(body)?),
            "/api/tree/count" => Operation::TreeCount(self.json(body)?),
            "/api/solve" => Operation::Solve(self.json(body)?),
            "/api/analyze" => Operation::Analyze(self.json(body)?),
            "/api/play/state" => Operation::PlayState(self.json(body)?),
            "/api/play/analysis" => Operation::PlayAnalysis(self.json(body)?),
            "/api/play/engine" => Operation::PlayEngine(self.json(body)?),
            "/api/play/pig" => Operation::PlayPig(self.json(body)?),
            "/api/practice" => Operation::Practice(self.json(body)?),
            "/api/practice/check" => Operation::PracticeCheck(self.json(body)?),
            _ => return Err(not_found_in(path, request_lang(body))),
        };
        Ok(Request(operation, request_lang(body)))
    }

    /// The refusal of a body longer than `max_body_bytes` (413, naming the limit).
    pub fn body_too_large(&self) -> Answer {
        Answer::refusal(&ApiError::limit_said(
            "max_body_bytes",
            Phrase::new("errors.body_too_large").arg("max", self.limits.max_body_bytes),
        ))
    }

    /// `body` as the JSON `T`, or its refusal: too long, or not the endpoint's JSON.
    fn json<T: DeserializeOwned>(&self, body: &[u8]) -> Result<T, Answer> {
        if body.len() > self.limits.max_body_bytes {
            return Err(self.body_too_large());
        }
        serde_json::from_slice(body).map_err(|e| {
            let error = ApiError::bad_request_said(
                Phrase::new("errors.request_json").arg("detail", e.to_string()),
            );
            Answer::refusal(&error.in_lang(request_lang(body)))
        })
    }

    /// The second half of [`Service::answer`]: the request answered, `control`
    /// stopping a search under way.
    ///
    /// A caller that holds answers until its clients take them (the server, within
    /// `max_unsent_bytes`) counts their bytes with `reserve`: it is asked for room for
    /// a tree's answer before the answer is handed over (for `/api/tree`, at the
    /// answer's bound before the answer is made; for `/api/tree/svg` and
    /// `/api/tree/game` and `/api/practice/check`, at the answer's size once made), and
    /// a refusal it returns is the answer. Other answers are small, and not counted.
    ///
    /// A panic in the operation (a bug) is answered with [`internal_error`] where the
    /// target unwinds (not on WebAssembly, where it aborts the module).
    pub fn run(
        &self,
        request: Request,
        control: &Control,
        reserve: &mut dyn FnMut(u64) -> Result<(), ApiError>,
    ) -> Answer {
        let lang = request.lang();
        let operate = AssertUnwindSafe(|| self.operate(request.0, control, reserve));
        match catch_unwind(operate) {
            Ok(Ok(answer)) => answer,
            Ok(Err(error)) => Answer::refusal(&error.in_lang(lang)),
            Err(_) => internal_error_in(lang),
        }
    }

    fn operate(
        &self,
        operation: Operation,
        control: &Control,
        reserve: &mut dyn FnMut(u64) -> Result<(), ApiError>,
    ) -> Result<Answer, ApiError> {
        let limits = &self.limits;
        Ok(match operation {
            Operation::Health => Answer::json(&serde_json::json!({
                "status": "ok",
                "version": env!("CARGO_PKG_VERSION"),
            })),
            Operation::Games => Answer::json(&crate::games::list_games()),
            Operation::Tree(request) => {
                let tree_limits = limits.tree_limits();
                let body = match crate::tree::search_request_with(&request, &tree_limits, control)?
                {
                    crate::tree::Searched::Minimax(evaluated) => {
                        // Room for the answer is taken before the answer is made, at its
                        // bound.
                        reserve(evaluated.answer_bound(&request, &tree_limits)?)?;
                        evaluated.answer(&request, &tree_limits)?
                    }
                    // A chance search's answer (within the answer limit) is counted once
                    // made, as a picture is.
                    crate::tree::Searched::Chance(answer) => {
                        reserve(answer.len() as u64)?;
                        answer
                    }
                };
                Answer {
                    status: 200,
                    content_type: JSON,
                    body,
                }
            }
            Operation::TreeSvg(request) => {
                let tree_limits = limits.tree_limits();
                // A picture is bounded by its nodes before it is drawn; its bytes are
                // counted once drawn, when they are known.
                let svg = crate::tree::tree_svg_with(&request, &tree_limits, control)?;
                reserve(svg.len() as u64)?;
                Answer {
                    status: 200,
                    content_type: SVG,
                    body: svg,
                }
            }
            Operation::TreeGame(request) => {
                let answer =
                    Answer::json(&crate::tree::game_tree(&request, &limits.tree_limits())?);
                // A tree and its search (with its picture) may be large: counted as held.
                reserve(answer.body.len() as u64)?;
                answer
            }
            Operation::TreeCount(request) => {
                Answer::json(&crate::tree::game_count(&request, &limits.tree_limits())?)
            }
            Operation::Solve(request) if crate::pig::spec_goal(&request.game).is_some() => {
                Answer::json(&crate::solve::solve_pig(&request)?)
            }
            Operation::Solve(request) => Answer::json(&crate::solve::solve(
                &request,
                limits.solve_default_ms(),
                limits.max_search_ms,
                self.book.as_ref(),
                control,
            )?),
            Operation::Analyze(request) => Answer::json(&crate::analyze::analyze_with_book(
                &request,
                limits.max_search_ms,
                limits.max_search_nodes,
                self.book.as_ref().map(|b| b.book.clone()),
                control,
            )?),
            Operation::PlayState(request) => Answer::json(&crate::play::state(&request)?),
            Operation::PlayAnalysis(request) => Answer::json(&crate::play::analysis(
                &request,
                &limits.play_limits(self.book.as_ref()),
                control,
            )?),
            Operation::PlayEngine(request) => Answer::json(&crate::play::engine_move(
                &request,
                &limits.play_limits(self.book.as_ref()),
                control,
            )?),
            Operation::Practice(request) => Answer::json(&crate::practice::exercise(&request)?),
            Operation::PracticeCheck(request) => {
                let body = crate::practice::check_json(&request, limits.max_answer_bytes)?;
                // It echoes the student's answer: counted as held once made, as a game
                // tree's answer is.
                reserve(body.len() as u64)?;
                Answer {
                    status: 200,
                    content_type: JSON,
                    body,
                }
            }
            Operation::PlayPig(request) => Answer::json(&crate::pig::play(&request)?),
        })
    }
}
