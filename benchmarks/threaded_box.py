"""Threaded's bargain box: how often ENDS & ODDS offers a thread, per player count.

Plays whole games of ``easy`` bots (as ``threadbox simulate`` plays them) and
looks at ENDS & ODDS in every round as it opens: the threads there are what
spilt from the bargain box when DARN GOOD THREAD's leftovers were tipped in.
Prints one JSON object: per player count, the rounds seen and the share of
them with at least one thread at ENDS & ODDS (the target is ``TARGET``; the
numbers it measures are ``data.DARN_THREADS`` and the box's chances).

    python benchmarks/threaded_box.py                  # 100 games at each player count, 2-5
    python benchmarks/threaded_box.py --games 40 --players 2
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from threadbox.rules.core import GameState, get_game  # noqa: E402
from threadbox.rules.core.playout import play_out  # noqa: E402

TARGET = 0.6  # design choice: most rounds (at least 60%) offer a thread at ENDS & ODDS
ENDS = 4  # the index of E among the shops


@dataclass
class Rounds:
    """Rounds whose ENDS & ODDS was seen as it opened, and those with a thread there."""

    seen: int = 0
    offered: int = 0
    unseen: int = 0  # rounds played but not seen (see ``Watch``)

    def share(self) -> float:
        return self.offered / self.seen if self.seen else 0.0


class Watch:
    """An ``on_step`` hook: after the action that opens ENDS & ODDS, the state's ``ends`` are
    exactly what spilt out (nobody has picked yet; FINISHES' equipment comes later)."""

    def __init__(self, rounds: Rounds) -> None:
        self.rounds = rounds
        self.last_round = 0  # the last round counted

    def __call__(self, state: GameState, seat: int, action: object, transition: object) -> None:
        st: dict = state.__dict__
        if st["round"] == self.last_round:
            return
        if st["phase"] == "over" or (st["phase"] == "visit" and st["shop_index"] >= ENDS):
            self.last_round = st["round"]
            self.rounds.seen += 1
            self.rounds.offered += bool(st["ends"])
        # A round whose E and F both pass without a decision is not seen: its restock
        # comes within the same action (``measure`` counts such rounds as unseen).


def measure(players: int, games: int, first_seed: int = 0) -> Rounds:
    """Rounds over ``games`` easy-bot games at this player count, from ``first_seed`` on."""
    game = get_game("threaded")
    rounds = Rounds()
    for seed in range(first_seed, first_seed + games):
        seen = rounds.seen
        state = play_out(game, players, seed, levels=["easy"] * players, on_step=Watch(rounds)).state
        rounds.unseen += state.__dict__["round"] - (rounds.seen - seen)
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count (default 100)")
    parser.add_argument("--players", type=int, action="append", help="a player count (repeatable; default 2-5)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    out = {}
    for players in args.players or [2, 3, 4, 5]:
        rounds = measure(players, args.games, args.seed)
        out[str(players)] = {
            "rounds": rounds.seen,
            "offered": rounds.offered,
            "share": round(rounds.share(), 3),
            "unseen": rounds.unseen,
        }
    print(json.dumps({"target": TARGET, "games_per_count": args.games, "players": out}, indent=2))


if __name__ == "__main__":
    main()
