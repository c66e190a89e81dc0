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
