// solve_lines: a small driver for Christophe Steininger's Connect Four solver
// (github.com/ChristopheSteininger/c4, C++, AGPL-3.0), used by scripts/c4-versus to
// measure ply against it. Only this file is ply's: scripts/c4-versus compiles it together
// with the reference's own sources in a build directory outside this repository (a copy of
// a checkout the user provides); nothing of the reference is part of ply or committed here.
//
// Reads one position per line on standard input, `moves [score]` (columns 1-7, one digit
// per move; `start` is the empty board; a score, if present, is ignored). For each it
// clears the solver's table and statistics (outside the timing), solves the position
// exactly and prints one line:
//
//     moves score nodes microseconds
//
// the score in Pascal Pons' convention (the one of his test sets and of ply), the nodes
// the search visited over all its threads and the wall time of the search alone.
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

int main() {
    Solver solver{};
    std::string line;
    long long number = 0;
    while (std::getline(std::cin, line)) {
        ++number;
        std::istringstream fields(line);
        std::string moves;
        if (!(fields >> moves)) continue;
        Position pos{};
        if (moves != "start") {
            for (char c : moves) {
                if (c < '1' || c >= '1' + BOARD_WIDTH) {
                    std::cerr << "line " << number << ": bad column '" << c << "' in " << moves
                              << '\n';
                    return 1;
                }
                pos.move(c - '1');
            }
        }
        solver.clear_state();
        auto start = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        auto end = std::chrono::steady_clock::now();
        long long micros =
            std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
        std::cout << moves << ' ' << score << ' ' << solver.get_merged_stats().get_num_nodes()
                  << ' ' << micros << std::endl;
    }
    return 0;
}
