//! The retrograde solver agrees with alpha-beta on every reachable tic-tac-toe position.

use ply_core::retrograde::{RetrogradeTable, Value};
use ply_core::{NoEvaluation, alpha_beta};
use ply_games::Mnk;

#[test]
fn tic_tac_toe_values_match_alpha_beta_everywhere() {
    let table = RetrogradeTable::solve(&Mnk::tic_tac_toe()).unwrap();
    let stats = table.stats();
    // 5,478 reachable positions, 958 of them finished (626 won by X, 316 by O, 16 drawn).
    assert_eq!(stats.positions, 5_478);
    assert_eq!(stats.terminal, 958);
    assert_eq!(table.start_value(), Value::Draw);
    for (position, value) in table.iter() {
        assert_eq!(
            value.score(),
            alpha_beta(position, &NoEvaluation, None).value,
            "{position:?}"
        );
    }
}

/// The counting and taking games have no cycles, so the retrograde solver and plain
/// alpha-beta must agree on every reachable position, remoteness included.
#[test]
fn race_and_nim_values_match_alpha_beta_everywhere() {
    use ply_core::testing::retrograde_agrees_with_alpha_beta;
    use ply_games::{GameVisitor, Playable, with_game};

    struct Agree;
    impl GameVisitor for Agree {
        type Output = Result<usize, String>;
        fn visit<G: Playable>(self, start: G) -> Result<usize, String> {
            retrograde_agrees_with_alpha_beta(&start)
        }
    }
    // race:10,2: total 0 with the first player to move, total 1 with the second,
    // and totals 2 to 10 with either side to move: 1 + 1 + 2 * 9 = 20 positions.
    assert_eq!(with_game("race", Agree).unwrap(), Ok(20));
    for spec in [
        "race:12,3",
        "nim:3,4,5",
        "misere-nim:2,3,3",
        "bash:15,3",
        "wythoff:4,6",
        "subtraction:11,7;1,3,4",
    ] {
        let agreed = with_game(spec, Agree).unwrap();
        assert!(agreed.as_ref().is_ok_and(|&n| n > 1), "{spec}: {agreed:?}");
    }
}
