#![no_main]
//! The web lab's request bodies, as anyone on the network may send them: each
//! endpoint's JSON reader, then the operation behind it with small limits. Every
//! input is an answer or an error of one of the three kinds, never a panic; an error
//! past a limit names the limit; no tree answer is larger than `max_answer_bytes`, and
//! the bound a JSON answer is refused by holds for the answer made. The same bytes then
//! go to every endpoint of `ply_api::service`, which the server and the WebAssembly
//! module answer through: each answer is a success or a refusal in the API's error
//! shape with its status, never a 500 (a panic caught).
use libfuzzer_sys::fuzz_target;
use ply_api::control::Control;
use ply_api::play::{GameRequest, PlayLimits};
use ply_api::solve::SolveRequest;
use ply_api::tree::{GameTreeRequest, TreeLimits, TreeRequest};
use ply_api::{ApiError, ErrorKind};

fn check(result: Result<impl Sized, ApiError>) {
    if let Err(error) = result {
        assert!(!error.error.is_empty());
        assert!(!error.error.contains('\n'), "{}", error.error);
        assert_eq!(
            error.kind == ErrorKind::Limit,
            error.limit.is_some(),
            "{error:?}"
        );
    }
}

/// Every endpoint's answer to `data` from the service (the searches only read: their
/// operations are fuzzed above with a budget of milliseconds).
fn check_service(data: &[u8]) {
    use ply_api::service::{ENDPOINTS, Service, ServiceLimits, Work};
    let service = Service::new(
        ServiceLimits {
            max_body_bytes: 1 << 16,
            max_tree_nodes: 2_000,
            max_tree_depth: 100,
            max_answer_bytes: 100_000,
            max_picture_nodes: 200,
            ..ServiceLimits::default()
        },
        None,
    );
    for endpoint in ENDPOINTS {
        let answer = match service.read(endpoint.path, data) {
            Ok(request) if request.work() == Work::Search => continue,
            Ok(request) => service.run(request, &Control::new(), &mut |_| Ok(())),
            Err(refusal) => refusal,
        };
        assert_ne!(answer.status, 500, "{}: {}", endpoint.path, answer.body);
        if answer.status != 200 {
            let error: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
            let kind = error["kind"].as_str().unwrap();
            assert_eq!(kind == "limit", error.get("limit").is_some(), "{error}");
            assert!(matches!(answer.status, 400 | 404 | 413 | 422), "{error}");
        } else if answer.content_type == ply_api::service::JSON {
            serde_json::from_str::<serde_json::Value>(&answer.body).unwrap();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check_service(data);
    let tree_limits = TreeLimits {
        max_bytes: 1 << 16,
        tree: ply_api::tree::Limits {
            max_nodes: 2_000,
            max_depth: 100,
        },
        // Small enough that trees within the node limit pass it.
        max_answer_bytes: 100_000,
        max_picture_nodes: 200,
        // Star2 doubles its work at each chance node of a chain: a second at most.
        max_search_ms: Some(1_000),
    };
    let most = tree_limits.max_answer_bytes;
    if let Ok(request) = serde_json::from_slice::<TreeRequest>(data) {
        let json = ply_api::tree::evaluate_tree(&request, &tree_limits);
        if let Ok(text) = &json {
            assert!(text.len() as u64 <= most, "{} bytes", text.len());
        }
        check(json);
        let svg = ply_api::tree::tree_svg(&request, &tree_limits);
        if let Ok(svg) = &svg {
            assert!(svg.len() as u64 <= most, "{} bytes", svg.len());
        }
        check(svg);
        // Without the answer limit, the answer made is within its bound.
        let unlimited = TreeLimits {
            max_answer_bytes: u64::MAX,
            ..tree_limits
        };
        if let Ok(evaluated) = ply_api::tree::evaluate(&request, &unlimited) {
            let bound = evaluated.json_answer_bound(&unlimited).unwrap();
            let text = evaluated.json_answer(&unlimited).unwrap();
            assert!(text.len() as u64 <= bound, "{} > {bound}", text.len());
        }
    }
    if let Ok(request) = serde_json::from_slice::<GameTreeRequest>(data) {
        let tree = ply_api::tree::game_tree(&request, &tree_limits);
        if let Ok(tree) = &tree {
            assert!(tree.tree.len() as u64 <= most, "{} bytes", tree.tree.len());
        }
        check(tree);
    }
    // Searches get a few milliseconds: the fuzzer must keep its pace.
    let play_limits = PlayLimits {
        default_ms: 2,
        max_ms: 5,
        max_nodes: 20_000,
        hash_mib: 1,
        book: None,
    };
    if let Ok(request) = serde_json::from_slice::<GameRequest>(data) {
        check(ply_api::play::state(&request));
        check(ply_api::play::analysis(
            &request,
            &play_limits,
            &Control::new(),
        ));
    }
    if let Ok(request) = serde_json::from_slice::<SolveRequest>(data) {
        check(ply_api::solve::solve(&request, 2, 5, None, &Control::new()));
    }
    if let Ok(request) = serde_json::from_slice::<ply_api::analyze::AnalyzeRequest>(data) {
        check(ply_api::analyze::analyze(
            &request,
            5,
            20_000,
            &Control::new(),
        ));
    }
});
