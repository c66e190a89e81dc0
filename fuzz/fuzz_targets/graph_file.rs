#![no_main]
//! Any text given as a graph file is either read or refused with a line-numbered error; never
//! a panic. A graph that is read writes back to an edge list that reads to the same graph,
//! and its pursuit game accepts its own position strings. Error messages quote the text
//! escaped and shortened.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::graph::Graph;
use ply_games::{Notation, Pursuit};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Graph::parse_edge_list(text, "fuzz") {
        Ok(graph) => {
            assert!(graph.vertex_count() >= 1 && graph.vertex_count() <= 64);
            let again = Graph::parse_edge_list(&graph.to_edge_list(), "fuzz").expect("round trip");
            assert_eq!(again, graph);
            let game = Pursuit::new(graph, 1).expect("one cop");
            let start = game.position_string();
            assert_eq!(game.parse_position(&start).expect("start reads back"), game);
        }
        Err(error) => {
            assert!(error.to_string().starts_with("fuzz:"), "{error}");
            check_message(&error.to_string());
        }
    }
});
