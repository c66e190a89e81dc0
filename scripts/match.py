#!/usr/bin/env python3
"""Plays a match between two chess engines and prints the result with an Elo estimate.

    scripts/match.py --games 100 --tc 10+0.1 \\
        --engine 'target/release/ply uci' \\
        --opponent /usr/games/stockfish --opponent-option UCI_LimitStrength=true \\
        --opponent-option UCI_Elo=1500

Each opening of scripts/openings.epd (balanced positions made by
scripts/make-openings.py) is played twice, colours swapped, in order. The clocks are
kept here, by wall time around each move: an engine whose clock runs out loses on time,
one that answers an illegal move (or none) loses the game; both are counted and printed.
Games are drawn by threefold repetition, the fifty-move rule, insufficient material,
or after --max-plies.

--concurrency N plays N games at once, each between its own two engine processes
(on a machine with N cores or more; an engine's clock runs by wall time).

Needs python-chess (`pip install chess`). Engines speak UCI, or xboard with
--opponent-protocol xboard (phalanx). Debian installs its engines in /usr/games.
"""

import argparse
import math
import os
import random
import shlex
import sys
import threading
import time

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("scripts/match.py needs python-chess: pip install chess")


def parse_tc(text):
    """'10+0.1' -> (10.0, 0.1) seconds."""
    base, _, increment = text.partition("+")
    try:
        return float(base), float(increment or 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"time control {text!r}: write BASE+INCREMENT in seconds, e.g. 10+0.1")


def parse_option(text):
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"option {text!r}: write NAME=VALUE")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def open_engine(command, protocol, options):
    argv = shlex.split(command)
    if protocol == "xboard":
        engine = chess.engine.SimpleEngine.popen_xboard(argv)
    else:
        engine = chess.engine.SimpleEngine.popen_uci(argv)
    if options:
        engine.configure(dict(options))
    return engine


def engine_name(engine, fallback):
    return engine.id.get("name", fallback)


class Tally:
    def __init__(self):
        self.wins = self.draws = self.losses = 0
        self.time_losses = [0, 0]  # engine, opponent
        self.illegal = [0, 0]
        self.crashes = [0, 0]

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    def score(self):
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def elo(self):
        """The Elo difference and its 95 % error bar, from the per-game scores."""
        n = self.games
        if n == 0:
            return None, None
        s = self.score()
        mean_sq = (self.wins + 0.25 * self.draws) / n
        variance = max(mean_sq - s * s, 0.0)
        margin = 1.96 * math.sqrt(variance / n)

        def to_elo(p):
            if p <= 0:
                return -math.inf
            if p >= 1:
                return math.inf
            return -400 * math.log10(1 / p - 1)

        return to_elo(s), (to_elo(min(s + margin, 1)) - to_elo(max(s - margin, 0))) / 2

    def line(self):
        elo, error = self.elo()
        if elo is None:
            elo_text = "n/a"
        elif math.isinf(elo):
            elo_text = f"{'+' if elo > 0 else '-'}inf (every game {'won' if elo > 0 else 'lost'})"
        else:
            elo_text = f"{elo:+.0f} ± {error:.0f}"
        return (
            f"games {self.games}: +{self.wins} ={self.draws} -{self.losses} "
            f"(score {100 * self.score():.1f} %), Elo {elo_text}; "
            f"time losses {self.time_losses[0]} / {self.time_losses[1]}, "
            f"illegal moves {self.illegal[0]} / {self.illegal[1]}, "
            f"crashes {self.crashes[0]} / {self.crashes[1]} (engine / opponent)"
        )


def play_game(engines, opening, base, increment, max_plies, engine_is_white, nodes=None):
    """Plays one game; returns (result from the engine's side: 1, 0.5, 0, reason, pgn game)."""
    board = chess.Board(opening)
    game = chess.pgn.Game()
    game.setup(board)
    clocks = [base, base]  # white, black
    sides = {chess.WHITE: 0 if engine_is_white else 1, chess.BLACK: 1 if engine_is_white else 0}
    node = game
    reason = None
    winner = None  # chess.WHITE / chess.BLACK / None (draw)
    while True:
        if board.is_checkmate():
            winner, reason = not board.turn, "checkmate"
            break
        if board.is_stalemate() or board.is_insufficient_material():
            reason = "stalemate" if board.is_stalemate() else "insufficient material"
            break
        if board.can_claim_threefold_repetition() or board.can_claim_fifty_moves():
            reason = "repetition" if board.can_claim_threefold_repetition() else "fifty moves"
            break
        if len(board.move_stack) >= max_plies:
            reason = f"{max_plies} plies"
            break
        mover = board.turn
        index = sides[mover]
        engine = engines[index]
        if nodes:
            limit = chess.engine.Limit(nodes=nodes)
        else:
            limit = chess.engine.Limit(
                white_clock=clocks[0], black_clock=clocks[1],
                white_inc=increment, black_inc=increment,
            )
        started = time.monotonic()
        try:
            # A new game object each game: python-chess sends ucinewgame (xboard: new).
            result = engine.play(board, limit, game=game)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            winner, reason = not mover, f"{'engine' if index == 0 else 'opponent'} failed: {error}"
            return finish(board, game, winner, engine_is_white, reason, index, "crash")
        used = time.monotonic() - started
        clock = 0 if mover == chess.WHITE else 1
        clocks[clock] -= used
        if clocks[clock] < 0 and not nodes:
            winner, reason = not mover, "time"
            return finish(board, game, winner, engine_is_white, reason, index, "time")
        clocks[clock] += increment
        move = result.move
        if move is None or move not in board.legal_moves:
            winner, reason = not mover, f"illegal move {move}"
            return finish(board, game, winner, engine_is_white, reason, index, "illegal")
        node = node.add_variation(move)
        if not nodes:
            # The mover's clock after the move, as PGN's [%clk] comment: how each engine
            # spent its time can be read back from the games.
            node.set_clock(clocks[clock])
        board.push(move)
    return finish(board, game, winner, engine_is_white, reason, None, None)


def randomised(fen, plies, rng):
    """The position after up to `plies` random legal moves from `fen` (fewer if the game ends)."""
    board = chess.Board(fen)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    if board.is_game_over():
        return fen
    return board.fen()


def finish(board, game, winner, engine_is_white, reason, culprit, fault):
    if winner is None:
        points, result = 0.5, "1/2-1/2"
    else:
        points = 1.0 if (winner == chess.WHITE) == engine_is_white else 0.0
        result = "1-0" if winner == chess.WHITE else "0-1"
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    return points, reason, game, culprit, fault


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/ply uci", help="the engine's command (default: %(default)s)")
    parser.add_argument("--engine-option", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    parser.add_argument("--opponent", required=True, help="the opponent's command")
    parser.add_argument("--opponent-option", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    parser.add_argument("--opponent-protocol", choices=["uci", "xboard"], default="uci")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--tc", type=parse_tc, default=(10.0, 0.1), help="BASE+INCREMENT seconds (default 10+0.1)")
    parser.add_argument("--openings", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.epd"),
                        help="the opening positions, one FEN (or EPD) a line (default: openings.epd beside this script)")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--pgn", help="write the games to this PGN file")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--nodes", type=int,
                        help="search this many nodes a move instead of playing on a clock (for making "
                             "tuning data quickly; time losses are then impossible)")
    parser.add_argument("--random-plies", type=int, default=0,
                        help="random legal moves played from each opening before the game starts "
                             "(varied positions for tuning data; not for measuring strength)")
    parser.add_argument("--seed", type=int, default=1, help="seed of --random-plies")
    parser.add_argument("--concurrency", type=int, default=1,
                        help="games played at once, each by its own pair of engine processes (default 1; "
                             "at most one per core, or the engines' clocks suffer)")
    args = parser.parse_args()

    try:
        with open(args.openings) as f:
            openings = [" ".join(line.split()[:4]) + " 0 1" for line in f if line.strip() and not line.startswith("#")]
    except OSError as error:
        sys.exit(f"{args.openings}: {error.strerror}")
    if not openings:
        sys.exit(f"{args.openings}: no positions")
    base, increment = args.tc
    if args.concurrency < 1:
        sys.exit("--concurrency must be at least 1")

    def open_side(side):
        """Starts the engine (side 0) or the opponent (side 1)."""
        if side == 0:
            return open_engine(args.engine, "uci", args.engine_option)
        return open_engine(args.opponent, args.opponent_protocol, args.opponent_option)

    pairs = [[open_side(0), open_side(1)] for _ in range(min(args.concurrency, max(args.games, 1)))]
    names = [engine_name(pairs[0][0], args.engine), engine_name(pairs[0][1], args.opponent)]
    pace = f"{args.nodes} nodes a move" if args.nodes else f"{base:g}+{increment:g} s"
    if args.random_plies:
        pace += f", {args.random_plies} random plies after each opening (seed {args.seed})"
    print(f"# {names[0]} vs {names[1]}, {args.games} games at {pace}, "
          f"openings {args.openings}, {len(pairs)} at once; engine options {dict(args.engine_option)}, "
          f"opponent options {dict(args.opponent_option)}", flush=True)
    tally = Tally()
    pgn = open(args.pgn, "w") if args.pgn else None
    lock = threading.Lock()
    next_game = iter(range(args.games))

    def worker(engines):
        """Plays games off the shared list with one pair of engines until none is left."""
        while True:
            with lock:
                number = next(next_game, None)
            if number is None:
                return
            opening = openings[(number // 2) % len(openings)]
            if args.random_plies:
                opening = randomised(opening, args.random_plies, random.Random(args.seed * 1_000_003 + number // 2))
            engine_is_white = number % 2 == 0
            points, reason, game, culprit, fault = play_game(
                engines, opening, base, increment, args.max_plies, engine_is_white, args.nodes)
            if fault == "crash":
                try:
                    engines[culprit].close()
                except Exception:
                    pass
                engines[culprit] = open_side(culprit)
            white, black = (names[0], names[1]) if engine_is_white else (names[1], names[0])
            game.headers.update({"White": white, "Black": black, "Round": str(number + 1),
                                 "Event": f"match {base:g}+{increment:g}"})
            with lock:
                if points == 1:
                    tally.wins += 1
                elif points == 0:
                    tally.losses += 1
                else:
                    tally.draws += 1
                if fault is not None:
                    {"time": tally.time_losses, "illegal": tally.illegal, "crash": tally.crashes}[fault][culprit] += 1
                if pgn:
                    print(game, file=pgn, end="\n\n", flush=True)
                if not args.quiet:
                    print(f"game {number + 1}: {white} - {black} {game.headers['Result']} ({reason}); "
                          f"{tally.line()}", flush=True)

    try:
        threads = [threading.Thread(target=worker, args=(engines,), daemon=True) for engines in pairs]
        for thread in threads:
            thread.start()
        for thread in threads:
            # A timeout keeps Ctrl-C working while waiting.
            while thread.is_alive():
                thread.join(0.5)
    finally:
        for engines in pairs:
            for engine in engines:
                try:
                    engine.quit()
                except Exception:
                    pass
        if pgn:
            pgn.close()
    print(tally.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
