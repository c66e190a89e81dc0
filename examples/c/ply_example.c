/*
 * ply from C: solve tic-tac-toe and a Connect Four position, analyse with limits,
 * evaluate the classic tree of the textbooks, plug in a game of our own, and see
 * how errors come back. Every check that fails prints FAILED and the program exits 1.
 *
 * Build (from the repository, after `cargo build --release -p ply-ffi`):
 *   cc -Icrates/ffi/include examples/c/ply_example.c target/release/libply.a \
 *      -lpthread -ldl -lm -o ply_example
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ply.h"

static int failures = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "FAILED line %d: %s (last error: %s)\n", __LINE__, \
                    #cond, ply_last_error());                                \
            failures++;                                                      \
        }                                                                    \
    } while (0)

/* ----- A game of our own: a pile of counters, take 1, 2 or 3; who takes the last wins. */

typedef struct {
    int32_t pile;
    int32_t to_move;
} Pile;

static int32_t pile_to_move(const void *state, void *user) {
    (void)user;
    return ((const Pile *)state)->to_move;
}

static int32_t pile_outcome(const void *state, void *user) {
    (void)user;
    /* An empty pile: the player to move has nothing to take, the other took the last. */
    return ((const Pile *)state)->pile == 0 ? PLY_OUTCOME_LOSS : PLY_OUTCOME_NONE;
}

static size_t pile_moves(const void *state, uint32_t *moves, size_t capacity, void *user) {
    (void)user;
    const Pile *p = (const Pile *)state;
    size_t n = 0;
    for (uint32_t take = 1; take <= 3 && (int32_t)take <= p->pile && n < capacity; take++) {
        moves[n++] = take;
    }
    return n;
}

static void pile_play(void *state, uint32_t take, void *user) {
    (void)user;
    Pile *p = (Pile *)state;
    p->pile -= (int32_t)take;
    p->to_move = 1 - p->to_move;
}

static uint64_t pile_hash(const void *state, void *user) {
    (void)user;
    const Pile *p = (const Pile *)state;
    return (uint64_t)p->pile * 0x9E3779B97F4A7C15ull + (uint64_t)p->to_move;
}

/* A broken game: it says the game goes on but lists no move. */
static size_t no_moves(const void *state, uint32_t *moves, size_t capacity, void *user) {
    (void)state, (void)moves, (void)capacity, (void)user;
    return 0;
}

int main(void) {
    int32_t err = -1;
    printf("ply %s\n", ply_version());

    /* Tic-tac-toe from the start: a draw in 9 plies, every move a draw. */
    PlyGame *ttt = ply_game_new("tictactoe", &err);
    CHECK(ttt != NULL && err == PLY_OK);
    CHECK(ply_game_legal_count(ttt) == 9);
    PlySolution *s = ply_solve(ttt, NULL, &err);
    CHECK(s != NULL && err == PLY_OK);
    CHECK(ply_solution_value(s) == 0);
    CHECK(strcmp(ply_solution_value_text(s), "draw") == 0);
    CHECK(ply_solution_plies(s) == 9);
    CHECK(ply_solution_move_count(s) == 9);
    for (size_t i = 0; i < ply_solution_move_count(s); i++) {
        CHECK(ply_solution_move_value(s, i) == 0);
    }
    CHECK(ply_solution_move(s, 9) == NULL);
    printf("tictactoe: %s\n", ply_solution_value_text(s));
    ply_solution_free(s);

    /* After X in a corner and O on an edge beside it, X wins (in 5 plies: 3 more stones). */
    CHECK(ply_game_play(ttt, "a1") == PLY_OK);
    CHECK(ply_game_play(ttt, "b1") == PLY_OK);
    CHECK(ply_game_to_move(ttt) == 0);
    s = ply_solve(ttt, NULL, &err);
    CHECK(s != NULL && ply_solution_value(s) == 1 && ply_solution_plies(s) == 5);
    printf("tictactoe after a1 b1: %s, best %s\n", ply_solution_value_text(s),
           ply_solution_move(s, 0));
    ply_solution_free(s);

    /* Illegal moves are errors that change nothing. */
    CHECK(ply_game_play(ttt, "a1") == PLY_ERR_BAD_REQUEST);
    CHECK(strstr(ply_last_error(), "a1") != NULL);
    CHECK(ply_game_play(ttt, "z9") == PLY_ERR_BAD_REQUEST);
    CHECK(strcmp(ply_game_position(ttt), "XO./.../...") == 0);
    CHECK(ply_game_undo(ttt) == PLY_OK);
    CHECK(ply_game_undo(ttt) == PLY_OK);
    CHECK(ply_game_undo(ttt) == PLY_ERR_BAD_REQUEST);
    char *board = ply_game_board(ttt);
    CHECK(board != NULL);
    ply_string_free(board);
    char *json = ply_game_state_json(ttt);
    CHECK(json != NULL && strstr(json, "\"legal_count\":9") != NULL);
    ply_string_free(json);
    ply_game_free(ttt);

    /* A Connect Four position of Pascal Pons' Test_L3_R1 set: his score -1. */
    PlyGame *c4 = ply_game_new("connect4", &err);
    CHECK(c4 != NULL);
    CHECK(ply_game_set_position(c4, "2252576253462244111563365343671351441") == PLY_OK);
    s = ply_solve(c4, NULL, &err);
    CHECK(s != NULL);
    int32_t score = 99;
    CHECK(ply_solution_score(s, &score) == 1 && score == -1);
    CHECK(ply_solution_value(s) == -1);
    printf("connect4 2252576253462244111563365343671351441: %s, score %d\n",
           ply_solution_value_text(s), score);
    const char *solution_json = ply_solution_json(s);
    CHECK(solution_json != NULL && strstr(solution_json, "\"score\":-1") != NULL);
    ply_solution_free(s);

    /* The same board analysed with limits: depth 6 from the start. */
    CHECK(ply_game_set_position(c4, "") == PLY_OK);
    PlyLimits limits = {0};
    limits.depth = 6;
    PlyAnalysis *a = ply_analyze(c4, &limits, &err);
    CHECK(a != NULL && ply_analysis_depth(a) == 6);
    CHECK(strcmp(ply_analysis_best(a), "4") == 0);
    CHECK(ply_analysis_nodes(a) > 0 && ply_analysis_exact(a) == 0);
    printf("connect4 at depth 6: best %s, %s\n", ply_analysis_best(a), ply_analysis_score_text(a));
    ply_analysis_free(a);
    CHECK(ply_game_set_position(c4, "8") == PLY_ERR_PARSE);
    ply_game_free(c4);

    /* The classic tree: value 3, best move b, one cut of two leaves. */
    PlyTree *tree = ply_tree_new("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))", &err);
    CHECK(tree != NULL && err == PLY_OK);
    CHECK(ply_tree_value(tree) == 3.0);
    CHECK(strcmp(ply_tree_best(tree), "b") == 0);
    CHECK(ply_tree_nodes(tree) == 11);
    char *svg = ply_tree_svg(tree);
    CHECK(svg != NULL && strncmp(svg, "<svg", 4) == 0);
    ply_string_free(svg);
    CHECK(strstr(ply_tree_json(tree), "\"cutoffs\"") != NULL);
    printf("classic tree: value %g, best %s\n", ply_tree_value(tree), ply_tree_best(tree));
    ply_tree_free(tree);

    /* Leaves may be decimals: MAX takes the better of 2.5 and MIN(1, 4.25). */
    tree = ply_tree_new("(r 2.5 (s 1 4.25))", &err);
    CHECK(tree != NULL && ply_tree_value(tree) == 2.5);
    ply_tree_free(tree);

    /* A tree that does not read: the error's line and column. */
    tree = ply_tree_new("a\n  b = 3\n  c = x\n", &err);
    CHECK(tree == NULL && err == PLY_ERR_PARSE);
    CHECK(ply_last_error_line() == 3);
    printf("bad tree: %s (line %u, column %u)\n", ply_last_error(), ply_last_error_line(),
           ply_last_error_column());

    /* Our own game: 10 counters; taking 2 leaves a multiple of 4, a win in 5 plies. */
    PlyCustomGame pile = {sizeof(Pile), NULL, pile_to_move, pile_outcome,
                          pile_moves,   pile_play, pile_hash};
    Pile start = {10, 0};
    PlyCustomResult result;
    CHECK(ply_custom_solve(&pile, &start, NULL, &result) == PLY_OK);
    CHECK(result.value == 1 && result.plies == 5);
    CHECK(result.has_best_move == 1 && result.best_move == 2);
    CHECK(start.pile == 10); /* the caller's position is never changed */
    printf("pile of 10: value %d in %d plies, take %u\n", result.value, result.plies,
           result.best_move);
    Pile twelve = {12, 0};
    CHECK(ply_custom_solve(&pile, &twelve, NULL, &result) == PLY_OK);
    CHECK(result.value == -1);

    /* A broken callback is an error, not a crash. */
    PlyCustomGame broken = pile;
    broken.legal_moves = no_moves;
    CHECK(ply_custom_solve(&broken, &start, NULL, &result) == PLY_ERR_CALLBACK);
    broken = pile;
    broken.hash = NULL;
    CHECK(ply_custom_solve(&broken, &start, NULL, &result) == PLY_ERR_NULL);

    /* NULL pointers, unknown games and bad UTF-8 are errors too. */
    CHECK(ply_game_new(NULL, &err) == NULL && err == PLY_ERR_NULL);
    CHECK(ply_game_new("nonsuch", &err) == NULL && err == PLY_ERR_BAD_REQUEST);
    CHECK(ply_game_new("tic\xff", &err) == NULL && err == PLY_ERR_UTF8);
    CHECK(ply_game_new("nonsuch", NULL) == NULL);
    CHECK(ply_solve(NULL, NULL, &err) == NULL && err == PLY_ERR_NULL);
    CHECK(ply_game_play(NULL, "a1") == PLY_ERR_NULL);
    CHECK(ply_custom_solve(NULL, &start, NULL, &result) == PLY_ERR_NULL);
    ply_game_free(NULL);
    ply_solution_free(NULL);
    ply_tree_free(NULL);
    ply_string_free(NULL);

    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
