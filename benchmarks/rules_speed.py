"""Rules speed: random playouts of every built game, as ``threadbox simulate`` plays them.

Every seat is a ``random`` bot that is handed only its seat's view at each
decision (``play_out``), so the figure includes what secrecy costs: a view
per decision. Times are CPU seconds of this process (``process_time``), so
other work on a shared machine disturbs the figures less. Prints JSON: actions/s and playouts/s per game, and OpenSpiel's
pure-Python tic-tac-toe (``python_tic_tac_toe``) random-playout moves/s in the
same run when ``open_spiel`` is importable (else ``"no reference"`` and the
figure measured on the development machine, ``REFERENCE_MOVES_PER_S``).

    python benchmarks/rules_speed.py                 # every built game, 2 seats, 5 s each
    python benchmarks/rules_speed.py --seconds 10 --players 4 --game warp-and-weft
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from threadbox.rules.core import built_games, get_game  # noqa: E402
from threadbox.rules.core.playout import play_out  # noqa: E402

# OpenSpiel 1.x python_tic_tac_toe, random playouts, on the 2-core development
# machine (benchmarks/README.md, "Rules speed"): 57,600-61,100 moves/s.
REFERENCE_MOVES_PER_S = 57_600


def measure_game(game, players: int, seconds: float, seed: int) -> dict:
    """Whole random games for about ``seconds``: actions/s and playouts/s."""
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        played = play_out(game, players, seed + games)
        actions += len(played.actions)
        games += 1
    elapsed = time.process_time() - start
    return {
        "game": game.info.id,
        "players": players,
        "playouts": games,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_s": round(actions / elapsed),
        "playouts_per_s": round(games / elapsed, 2),
    }


def measure_tic_tac_toe(seconds: float, seed: int) -> dict | None:
    """OpenSpiel's pure-Python tic-tac-toe, random playouts; None without open_spiel."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    moves = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.process_time() - start
    return {"moves_per_s": round(moves / elapsed), "playouts_per_s": round(games / elapsed, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a built game's id (repeatable; default: every built game)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2, within each game's range)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = [get_game(g) for g in args.game] if args.game else built_games()
    before = measure_tic_tac_toe(args.seconds / 2, args.seed)
    results = []
    for game in games:
        players = min(max(args.players, game.info.min_players), game.info.max_players)
        results.append(measure_game(game, players, args.seconds, args.seed))
    after = measure_tic_tac_toe(args.seconds / 2, args.seed)
    # Measured before and after the games, so a change in the machine's load shows.
    reference = None
    if before and after:
        reference = {
            "moves_per_s": round((before["moves_per_s"] + after["moves_per_s"]) / 2),
            "before": before["moves_per_s"],
            "after": after["moves_per_s"],
        }
    base = reference["moves_per_s"] if reference else REFERENCE_MOVES_PER_S
    for result in results:
        result["vs_tic_tac_toe"] = round(result["actions_per_s"] / base, 2)
    report = {
        "python": platform.python_version(),
        "reference": reference
        or {"moves_per_s": REFERENCE_MOVES_PER_S, "note": "no reference: open_spiel not installed; documented figure"},
        "games": results,
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
