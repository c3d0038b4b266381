"""Thingstead's seats: does Red (who starts) or Blue win more, and why?

Plays ``--games`` games between two bots of one level and prints, as JSON:
each seat's win share (ties split, 95% interval), how often each seat took
the game's last turn, and, after each turn, how often the seat that just
played leads on points (scored as if the game ended there). With
``--set-aside K`` K Influence cards leave the game unseen at setup (the
bottom of the deck), which changes who plays the last card: a test of
whether the last turn is what decides.

    python benchmarks/thingstead_seats.py --level easy --games 400
    python benchmarks/thingstead_seats.py --level random --games 2000 --set-aside 1
    python benchmarks/thingstead_seats.py --level hard --iterations 150 --games 100
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from threadbox.rules.core import bot_mind  # noqa: E402
from threadbox.rules.thingstead import GAME, ThingsteadState  # noqa: E402
from threadbox.rules.thingstead.scoring import score_sheet  # noqa: E402
from threadbox.simulate import mean_interval, share_interval  # noqa: E402


def points(state: ThingsteadState, seat: int) -> int:
    return sum(v for _, v in score_sheet(state, seat))


def leading(state: ThingsteadState) -> list[float]:
    """Each seat's win share if the game were scored now (points, then followers on the Elders)."""
    keys = [(points(state, s), state.followers_on_elders(s)) for s in range(2)]
    return [0.5, 0.5] if keys[0] == keys[1] else [float(keys[s] > keys[1 - s]) for s in range(2)]


def play(seed: int, level: str, set_aside: int, iterations: int | None) -> dict:
    bots = [GAME.make_bot(level, iterations=iterations) for _ in range(2)]
    minds = [bot_mind(seed, seat) for seat in range(2)]
    state = ThingsteadState.new(2, seed)
    for _ in range(set_aside):
        state.discard.append(state.deck.pop(0))  # out of the game, unseen
    last, mover_leads, turns = 0, 0, 0
    standing: list[list[float]] = []  # after each turn: each seat's win share if the game ended there
    while to_move := state.to_move():
        seat = to_move[0]
        if state.step == "play":
            last = seat
        state.apply(seat, bots[seat].choose(state.view(seat), seat, state.legal_actions(seat), minds[seat]))
        if state.step in ("play", "over"):  # the turn just ended (every play leaves the "play" step)
            turns += 1
            mover_leads += points(state, seat) > points(state, 1 - seat)
            standing.append(leading(state))
    outcome = state.outcome()
    assert outcome is not None
    return {
        "share": [1 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(2)],
        "last": last,
        "before_last_turn": standing[-2] if len(standing) > 1 else [0.5, 0.5],
        "turns": turns,
        "mover_leads": mover_leads,
        "by_locks": "locked" in outcome.reason,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="easy")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=60_000)
    parser.add_argument("--set-aside", type=int, default=0, help="Influence cards out of the game at setup")
    parser.add_argument("--iterations", type=int, help="for searching bots: exact iterations per decision")
    args = parser.parse_args()
    start = time.process_time()
    games = [play(args.seed + i, args.level, args.set_aside, args.iterations) for i in range(args.games)]
    report = {
        "command": " ".join(["python", "benchmarks/thingstead_seats.py", *sys.argv[1:]]),
        "level": args.level,
        "iterations": args.iterations,
        "games": args.games,
        "cards_in_play": 36 - args.set_aside,
        "win_share": {
            name: mean_interval([g["share"][s] for g in games], 0.0, 1.0) for s, name in enumerate(("Red", "Blue"))
        },
        "last_turn": {name: sum(g["last"] == s for g in games) for s, name in enumerate(("Red", "Blue"))},
        "win_share_if_the_game_ended_before_its_last_turn": {
            name: mean_interval([g["before_last_turn"][s] for g in games], 0.0, 1.0)
            for s, name in enumerate(("Red", "Blue"))
        },
        "win_share_of_the_seat_with_the_last_turn": mean_interval([g["share"][g["last"]] for g in games], 0.0, 1.0),
        "mover_leads_after_a_turn": share_interval(
            [1.0] * sum(g["mover_leads"] for g in games) + [0.0] * sum(g["turns"] - g["mover_leads"] for g in games)
        ),
        "ended_by_three_locks": sum(g["by_locks"] for g in games),
        "cpu_s": round(time.process_time() - start, 1),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
