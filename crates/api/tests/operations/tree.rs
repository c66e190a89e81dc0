//! The tests of `ply_api::tree`.

use ply_api::tree::*;

const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

fn json(request: &TreeRequest) -> serde_json::Value {
    serde_json::from_str(&evaluate_tree(request, &TreeLimits::default()).unwrap()).unwrap()
}

#[test]
fn the_classic_tree_under_each_algorithm() {
    let mut request = TreeRequest::new(CLASSIC);
    let alpha_beta = json(&request);
    assert_eq!(alpha_beta["value"], 3);
    assert_eq!(alpha_beta["leaves_evaluated"], 7);
    request.algorithm = Some("minimax".into());
    let minimax = json(&request);
    assert_eq!(minimax["value"], 3);
    assert_eq!(minimax["leaves_evaluated"], 9);
    assert_eq!(minimax["cutoffs"], 0);
}

#[test]
fn move_order_changes_what_alpha_beta_reads() {
    let mut request = TreeRequest::new(CLASSIC);
    request.order = Some("best_first".into());
    let best = json(&request);
    request.order = Some("worst_first".into());
    let worst = json(&request);
    // The value never changes; best first reads fewest leaves: 3 8 12 | 2 | 2.
    assert_eq!(best["value"], 3);
    assert_eq!(worst["value"], 3);
    assert_eq!(best["leaves_evaluated"], 5);
    assert_eq!(worst["leaves_evaluated"], 9);
}

#[test]
fn the_pruning_rule_decides_a_tie() {
    // At b the first leaf equals what a guarantees: ge cuts there, gt reads the 1 too.
    let mut request = TreeRequest::new("(r (a 3 5) (b 3 1) (c 2 7))");
    let ge = json(&request);
    request.rule = Some("ge".into());
    assert_eq!(json(&request), ge);
    request.rule = Some("gt".into());
    let gt = json(&request);
    assert_eq!(
        (ge["value"].clone(), gt["value"].clone()),
        (3.into(), 3.into())
    );
    assert_eq!(
        (
            ge["leaves_evaluated"].clone(),
            gt["leaves_evaluated"].clone()
        ),
        (4.into(), 5.into())
    );
    request.rule = Some("gte".into());
    let refused = evaluate_tree(&request, &TreeLimits::default()).unwrap_err();
    assert_eq!(
        refused.error,
        "unknown rule 'gte': ge (cut as soon as α ≥ β) or gt (cut only when a value passes the bound)"
    );
    // A game's tree takes the rule too: race to 5, scored ±1 without depth, is full of
    // ties, which gt reads on past where ge cuts.
    let game = |rule: &str| {
        game_tree(
            &GameTreeRequest {
                game: "race:5,2".into(),
                depth_aware: false,
                search: true,
                rule: Some(rule.into()),
                ..GameTreeRequest::default()
            },
            &TreeLimits::default(),
        )
        .map(|answer| {
            let search: serde_json::Value =
                serde_json::from_str(answer.search.as_ref().unwrap().get()).unwrap();
            search["leaves_evaluated"].as_u64().unwrap()
        })
    };
    assert!(game("gt").unwrap() > game("ge").unwrap());
    assert!(
        game("gte")
            .unwrap_err()
            .error
            .starts_with("unknown rule 'gte'")
    );
}

#[test]
fn games_are_written_out_as_trees_the_lab_reads() {
    let limits = TreeLimits::default();
    let request = GameTreeRequest {
        game: "race:4,2".into(),
        ..GameTreeRequest::default()
    };
    let tree = game_tree(&request, &limits).unwrap();
    // Race to 4 adding 1 or 2: the first player wins (go to 1, then to 4 or 3+1), at
    // depth 3 whatever the second does; the longest line adds 1 four times, so N = 5
    // and the win is worth 5 - 3 = 2.
    let json = json(&TreeRequest::new(tree.tree.clone()));
    assert_eq!(json["value"], 2);
    assert_eq!(tree.nodes, 1 + count_race(0, 4));
    // Valued as ply tree values it: a win is a win.
    let plain = game_tree(
        &GameTreeRequest {
            depth_aware: false,
            ..request.clone()
        },
        &limits,
    )
    .unwrap();
    assert_eq!(self::json(&TreeRequest::new(plain.tree))["value"], 1);
    let error = game_tree(
        &GameTreeRequest {
            game: "tictactoe".into(),
            ..GameTreeRequest::default()
        },
        &TreeLimits {
            tree: Limits {
                max_nodes: 1000,
                ..Limits::default()
            },
            ..limits
        },
    )
    .unwrap_err();
    assert_eq!(error.limit, Some("max_tree_nodes"));
}

/// Nodes below a race position at `total` (each move adds 1 or 2, up to `goal`).
fn count_race(total: u32, goal: u32) -> usize {
    (1..=2)
        .filter(|add| total + add <= goal)
        .map(|add| {
            if total + add == goal {
                1
            } else {
                1 + count_race(total + add, goal)
            }
        })
        .sum()
}

#[test]
fn mistakes_are_sorted_by_kind() {
    let limits = TreeLimits::default();
    let error = evaluate_tree(&TreeRequest::new("(a (b 1) 2"), &limits).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::Parse);
    assert!(error.error.starts_with("1:"), "{}", error.error);
    let mut request = TreeRequest::new(CLASSIC);
    request.algorithm = Some("mcts".into());
    let error = evaluate_tree(&request, &limits).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::BadRequest);
    let small = TreeLimits {
        tree: Limits {
            max_nodes: 5,
            ..Limits::default()
        },
        ..limits
    };
    let error = evaluate_tree(&TreeRequest::new(CLASSIC), &small).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::Limit);
    assert_eq!(error.limit, Some("max_tree_nodes"));
    assert!(
        error.error.ends_with("(limit max_tree_nodes)"),
        "{}",
        error.error
    );
    let tiny = TreeLimits {
        max_bytes: 10,
        ..limits
    };
    let error = evaluate_tree(&TreeRequest::new(CLASSIC), &tiny).unwrap_err();
    assert_eq!(error.limit, Some("max_tree_bytes"));
}

/// The classic tree's answer asked in `lang`.
fn classic_in(lang: ply_api::lang::Lang) -> serde_json::Value {
    json(&TreeRequest {
        lang: Some(lang),
        ..TreeRequest::new(CLASSIC)
    })
}

#[test]
fn the_classic_trees_cut_and_summary_come_in_the_language_asked() {
    use ply_api::lang::Lang;
    // Without a language, no words: the answer is the command line's JSON.
    let plain = json(&TreeRequest::new(CLASSIC));
    assert!(plain.get("words").is_none());
    for lang in Lang::ALL {
        let mut answer = classic_in(lang);
        // The same sentences the tree lab writes, from the same catalog.
        let pruned = format!("4{}6", lang.say("tree.list.separator", &[]));
        let cut = lang.say(
            "tree.cut.alpha",
            &[
                ("node", &"c"),
                ("value", &2),
                ("alpha", &3),
                ("elsewhere", &3),
                ("pruned", &pruned),
            ],
        );
        let summary = lang.say(
            "tree.summary",
            &[
                ("algorithm", &lang.say("tree.algorithm.name.alphabeta", &[])),
                ("value", &3),
                ("best", &"b"),
                ("nodes", &lang.say("tree.summary.nodes", &[("count", &11)])),
                ("leaves", &lang.say("tree.summary.leaves", &[("count", &7)])),
                (
                    "cutoffs",
                    &lang.say("tree.summary.cutoffs", &[("count", &1)]),
                ),
                ("pruned", &lang.say("tree.summary.pruned", &[("count", &2)])),
            ],
        );
        assert_eq!(
            answer["words"],
            serde_json::json!({"summary": summary, "cuts": [cut]}),
            "{lang}"
        );
        // Apart from the words, the answer is the one without them.
        answer.as_object_mut().unwrap().remove("words");
        assert_eq!(answer, plain, "{lang}");
    }
    // Written out, so that an emptied catalog fails here.
    let cut = |lang| classic_in(lang)["words"]["cuts"][0].clone();
    assert_eq!(
        cut(Lang::En),
        "α-cut at c: 2 ≤ α = 3: MAX has 3 elsewhere; never looked at: 4, 6."
    );
    assert_eq!(
        cut(Lang::Sv),
        "α-beskärning vid c: 2 ≤ α = 3, för MAX har 3 på annat håll; aldrig undersökta: 4, 6."
    );
    assert_eq!(
        cut(Lang::Zh),
        "在 c 处 α剪枝：2 ≤ α = 3，MAX 在别处已有 3；从未查看：4、6。"
    );
    assert_eq!(
        cut(Lang::El),
        "Κλάδεμα α στον κόμβο c: 2 ≤ α = 3: ο MAX έχει 3 αλλού· δεν εξετάστηκαν ποτέ: 4, 6."
    );
    assert_eq!(
        classic_in(Lang::En)["words"]["summary"],
        "Alpha-beta: value 3, best b; 11 nodes visited, 7 leaves evaluated, 1 cutoff, \
         2 leaves never looked at."
    );
    assert_eq!(
        classic_in(Lang::Sv)["words"]["summary"],
        "Alfa-beta-beskärning: värde 3, bästa drag b; 11 noder besökta, 7 löv evaluerade, \
         1 beskärning, 2 löv som aldrig undersöktes."
    );
}

#[test]
fn beta_cuts_named_leaves_and_decimals_in_words() {
    use ply_api::lang::Lang;
    // d (MAX) reads 5 ≥ β = 4: MIN has 4 in c, and y is never looked at.
    let request = TreeRequest {
        lang: Some(Lang::En),
        ..TreeRequest::new("(a (b (c 3 4) (d x=5 y=1)))")
    };
    assert_eq!(
        json(&request)["words"]["cuts"],
        serde_json::json!(["β-cut at d: 5 ≥ β = 4: MIN has 4 elsewhere; never looked at: y."])
    );
    // Minimax cuts nothing; values with decimals are written as the page writes them.
    let request = TreeRequest {
        lang: Some(Lang::Sv),
        algorithm: Some("minimax".into()),
        ..TreeRequest::new("(a (b 2.5 3) (c 1 4))")
    };
    let words = &json(&request)["words"];
    assert_eq!(words["cuts"], serde_json::json!([]));
    assert_eq!(
        words["summary"],
        Lang::Sv.say(
            "tree.summary",
            &[
                (
                    "algorithm",
                    &Lang::Sv.say("tree.algorithm.name.minimax", &[])
                ),
                ("value", &"2.5"),
                ("best", &"b"),
                (
                    "nodes",
                    &Lang::Sv.say("tree.summary.nodes", &[("count", &7)])
                ),
                (
                    "leaves",
                    &Lang::Sv.say("tree.summary.leaves", &[("count", &4)])
                ),
                (
                    "cutoffs",
                    &Lang::Sv.say("tree.summary.cutoffs", &[("count", &0)])
                ),
                (
                    "pruned",
                    &Lang::Sv.say("tree.summary.pruned", &[("count", &0)])
                ),
            ],
        )
    );
}

#[test]
fn the_words_are_within_the_answers_bound() {
    use ply_api::lang::Lang;
    let limits = TreeLimits::default();
    // Many cuts, long names, every language, with and without the picture.
    let mut text = String::from("(root");
    for i in 0..300 {
        text.push_str(&format!(" ({}{i} 5 {} 9 9)", "ñämé_λ名".repeat(3), i % 4));
    }
    text.push(')');
    for tree in [CLASSIC.to_string(), text] {
        for lang in Lang::ALL {
            for picture in [false, true] {
                let request = TreeRequest {
                    lang: Some(lang),
                    picture,
                    ..TreeRequest::new(tree.clone())
                };
                let evaluated = evaluate(&request, &limits).unwrap();
                let bound = evaluated.answer_bound(&request, &limits).unwrap();
                let answer = evaluate_tree(&request, &limits).unwrap();
                assert!(answer.len() as u64 <= bound, "{} > {bound}", answer.len());
                let value: serde_json::Value = serde_json::from_str(&answer).unwrap();
                assert!(value["words"]["summary"].is_string());
                assert_eq!(value.get("svg").is_some(), picture);
            }
        }
    }
}

/// A tree with chance nodes: the lab's answer is the command line's JSON with its trace,
/// the value an exact fraction, and the picture with chance nodes as circles; the
/// searches that cannot take chance nodes and the move orders (which sort by minimax
/// values) are refused.
#[test]
fn chance_trees_are_answered_with_exact_values() {
    use ply_api::tree::{TreeLimits, TreeRequest, evaluate_tree};
    let limits = TreeLimits::default();
    let request = TreeRequest {
        algorithm: Some("star1".into()),
        picture: true,
        ..TreeRequest::new("(root (sure[chance] 3.5) (risky[chance] 0 0 9))")
    };
    let answer: serde_json::Value =
        serde_json::from_str(&evaluate_tree(&request, &limits).unwrap()).unwrap();
    assert_eq!(answer["value"], 3.5);
    assert_eq!(answer["value_exact"], "7/2");
    assert_eq!(answer["cutoffs"], 1);
    assert_eq!(answer["root"]["children"][1]["children"][2]["pruned"], true);
    assert_eq!(answer["root"]["children"][1]["bound"], "upper");
    assert!(answer["trace"].as_array().is_some_and(|t| t.len() == 12));
    // The picture: a circle per chance node, each outcome's probability over it.
    let svg = answer["svg"].as_str().unwrap();
    assert_eq!(svg.matches(r#"<circle class="node""#).count(), 2);
    assert_eq!(svg.matches(r#"class="label probability""#).count(), 4);
    assert!(svg.contains(r#">1/3</text>"#));
    assert!(svg.contains(r#"class="node leaf pruned" data-path="1.2""#));
    assert!(answer.get("svg_omitted").is_none());
    // Each step says where it is: an added outcome's path beside its chance node's.
    let add = &answer["trace"][3];
    assert_eq!(
        (
            &add["step"],
            &add["path"],
            &add["child_path"],
            &add["sum_exact"]
        ),
        (&"add".into(), &"0".into(), &"0.0".into(), &"7/2".into())
    );
    // Past the picture limit the values come all the same, and the picture's refusal.
    let small = TreeLimits {
        max_picture_nodes: 4,
        ..TreeLimits::default()
    };
    let answer: serde_json::Value =
        serde_json::from_str(&evaluate_tree(&request, &small).unwrap()).unwrap();
    assert_eq!(answer["value_exact"], "7/2");
    assert_eq!(answer["svg_omitted"]["limit"], "max_picture_nodes");
    // The download: the picture with its title and legend.
    let whole = ply_api::tree::tree_svg(&request, &limits).unwrap();
    assert!(whole.contains("star1: value 3.5, best sure"), "{whole}");
    let refused = |request: TreeRequest| evaluate_tree(&request, &limits).unwrap_err().error;
    assert_eq!(
        refused(TreeRequest {
            algorithm: Some("alphabeta".into()),
            ..TreeRequest::new("([1/2]1 [1/2]2)")
        }),
        "this tree has chance nodes, which 'alphabeta' cannot search: use expectiminimax, star1 or star2"
    );
    assert_eq!(
        refused(TreeRequest {
            order: Some("best_first".into()),
            ..TreeRequest::new("([1/2]1 [1/2]2)")
        }),
        "a tree with chance nodes is searched as written: the orders sort by minimax values"
    );
    assert_eq!(
        refused(TreeRequest {
            algorithm: Some("star2".into()),
            ..TreeRequest::new("((1 2) (3 4))")
        }),
        "star2 searches trees with chance nodes, and this tree has none: use minimax, negamax or alphabeta"
    );
}

/// A tree whose Star1 search cuts twice: MAX has 5 for sure in `a`; in the throw `c`,
/// the MIN node `m` is entered with α = (5 − 1/2 × 9) / (1/2) = 1 (9 being the most a
/// leaf is worth), so its first leaf, 1, cuts it (9 never looked at); then `c`, after
/// 1/2 × 1, is worth at most 1/2 + 1/2 × 9 = 5 ≤ α = 5, and its second outcome, 8, is
/// never looked at either.
const TWO_CUTS: &str = "(r (a[chance] 5) (c[chance] [1/2](m[min] 1 9) [1/2]8))";

/// A tree with chance nodes is told in words in every language, as a tree without is:
/// the summary and every cut, the sentences the tree lab writes for a chance search
/// (they used to be left out: a request with `lang` had no `words`).
#[test]
fn chance_trees_are_told_in_words_in_every_language() {
    use ply_api::lang::Lang;
    let asked = |lang: Option<Lang>, algorithm: &str, tree: &str| {
        json(&TreeRequest {
            lang,
            algorithm: Some(algorithm.into()),
            ..TreeRequest::new(tree)
        })
    };
    let plain = asked(None, "star1", TWO_CUTS);
    assert!(plain.get("words").is_none());
    for lang in Lang::ALL {
        let mut answer = asked(Some(lang), "star1", TWO_CUTS);
        let summary = lang.say(
            "tree.summary",
            &[
                ("algorithm", &lang.say("tree.algorithm.name.star1", &[])),
                ("value", &5),
                ("best", &"a"),
                ("nodes", &lang.say("tree.summary.nodes", &[("count", &6)])),
                ("leaves", &lang.say("tree.summary.leaves", &[("count", &2)])),
                (
                    "cutoffs",
                    &lang.say("tree.summary.cutoffs", &[("count", &2)]),
                ),
                ("pruned", &lang.say("tree.summary.pruned", &[("count", &2)])),
            ],
        );
        let at_m = lang.say(
            "tree.chance.cut.min",
            &[("node", &"m"), ("value", &1), ("alpha", &1), ("pruned", &9)],
        );
        let at_c = lang.say(
            "tree.chance.cut.low",
            &[
                ("node", &"c"),
                ("sum", &"1/2 × 1"),
                ("value", &5),
                ("alpha", &5),
                ("pruned", &8),
            ],
        );
        assert_eq!(
            answer["words"],
            serde_json::json!({"summary": summary, "cuts": [at_m, at_c]}),
            "{lang}"
        );
        // Apart from the words, the answer is the one without them.
        answer.as_object_mut().unwrap().remove("words");
        assert_eq!(answer, plain, "{lang}");
    }
    // Written out, so that an emptied catalog fails here.
    let words = asked(Some(Lang::En), "star1", TWO_CUTS)["words"].clone();
    assert_eq!(
        words,
        serde_json::json!({
            "summary": "Star1: value 5, best a; 6 nodes visited, 2 leaves evaluated, 2 cutoffs, \
                        2 leaves never looked at.",
            "cuts": [
                "α-cut at m: 1 ≤ α = 1: MAX has better elsewhere. Never looked at: 9.",
                "Cut at c: after 1/2 × 1, even if every outcome left were worth the most a leaf \
                 can be, c would be worth at most 5 ≤ α = 5: MAX has better elsewhere. Never \
                 looked at: 8.",
            ],
        })
    );
    // The same tree with MIN at the root and MAX in the throw: a β-cut at m (9 ≥ β =
    // (5 − 1/2 × 1) / (1/2) = 9), then c, after 1/2 × 9, worth at least 5 ≥ β = 5.
    let mirrored = "(r[min] (a[chance] 5) (c[chance] [1/2](m[max] 9 1) [1/2]2))";
    assert_eq!(
        asked(Some(Lang::Sv), "star1", mirrored)["words"]["cuts"],
        serde_json::json!([
            "β-beskärning vid m: 9 ≥ β = 9, Min har bättre på annat håll. Aldrig undersökta: 1.",
            "Beskärning vid c: efter 1/2 × 9 blir c värd minst 5, även om varje återstående \
             utfall vore värt så lite ett löv kan vara; 5 ≥ β = 5, så Min har bättre på annat \
             håll. Aldrig undersökta: 2.",
        ])
    );
    // Expectiminimax cuts nothing; a chance root has no best move; values that are not
    // short decimals are fractions, negative terms in brackets.
    let words = &asked(
        Some(Lang::En),
        "expectiminimax",
        "(r[chance] [1/3]-1 [2/3]3)",
    )["words"];
    assert_eq!(words["cuts"], serde_json::json!([]));
    assert_eq!(
        words["summary"],
        "Expectiminimax: value 5/3, best none; 3 nodes visited, 2 leaves evaluated, \
         0 cutoffs, 0 leaves never looked at."
    );
    // A Pig tree searched through /api/tree/game tells its search in words too.
    let game = game_tree(
        &GameTreeRequest {
            game: "pig:4".into(),
            depth: Some(2),
            search: true,
            lang: Some(Lang::Zh),
            ..GameTreeRequest::default()
        },
        &TreeLimits::default(),
    )
    .unwrap();
    let search: serde_json::Value = serde_json::from_str(game.search.unwrap().get()).unwrap();
    let summary = search["words"]["summary"].as_str().unwrap();
    assert!(summary.starts_with("期望极小极大搜索："), "{summary}");
}

/// The service (what `ply serve` and the WebAssembly module answer with) answers a tree
/// with chance nodes as `evaluate_tree` does, picture included, and draws it at
/// `/api/tree/svg`.
#[test]
fn the_service_answers_and_draws_chance_trees() {
    use ply_api::control::Control;
    use ply_api::service::{Service, ServiceLimits};
    let service = Service::new(ServiceLimits::default(), None);
    let body = serde_json::json!({
        "tree": "(root (left[chance] [1/2]3 [1/4]9 [1/4]-1) (right[chance] 8 0))",
        "picture": true,
    });
    let answer = service.answer("/api/tree", body.to_string().as_bytes(), &Control::new());
    assert_eq!(answer.status, 200, "{}", answer.body);
    let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(json["algorithm"], "expectiminimax");
    assert_eq!(json["value_exact"], "4");
    assert_eq!(json["root"]["children"][0]["value_exact"], "7/2");
    let svg = json["svg"].as_str().unwrap();
    assert_eq!(svg.matches(r#"<circle class="node""#).count(), 2);
    let drawn = service.answer(
        "/api/tree/svg",
        body.to_string().as_bytes(),
        &Control::new(),
    );
    assert_eq!(drawn.status, 200, "{}", drawn.body);
    assert!(drawn.body.contains("expectiminimax: value 4, best right"));
    let refused = service.answer(
        "/api/tree",
        serde_json::json!({"tree": "([1/2]1 [1/2]2)", "algorithm": "minimax"})
            .to_string()
            .as_bytes(),
        &Control::new(),
    );
    assert_eq!(refused.status, 400);
    assert!(
        refused.body.contains("which 'minimax' cannot search"),
        "{}",
        refused.body
    );
}
