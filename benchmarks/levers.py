"""The search's levers, one at a time: ``hard`` with one setting changed, against ``easy``.

Each variant plays the same seeded games (seats swapping every game, as
``simulate --bots hard,easy`` seats them) at a fixed iteration count, so
the variants differ only by the setting. Prints one JSON object a variant:
hard's share of the wins (95% Wilson interval) and the mean lead of hard
over easy in points (95% interval), the more sensitive of the two at a few
dozen games. Each game is appended to ``--log`` as it ends.

    python benchmarks/levers.py --game thingstead --variants base,widen --games 40 --iterations 300

With ``--old FILE`` (the game's ``bots.py`` as it was: ``git show REV:threadbox/rules/GAME/bots.py``)
it instead plays the current bot of ``--level`` against that old one, seats swapping: a change to
a game's bots is measured against the code it replaced ("hard" here means the new one).

    python benchmarks/levers.py --game thingstead --old /tmp/old_bots.py --level easy --games 100 --iterations 1
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from threadbox.rules.core import bot_mind, get_game  # noqa: E402
from threadbox.rules.core.search import SearchBot  # noqa: E402
from threadbox.simulate import mean_interval, seat_levels, share_interval  # noqa: E402


def _set(**changes: Any) -> Callable[[SearchBot], None]:
    def change(bot: SearchBot) -> None:
        for name, value in changes.items():
            setattr(bot, name, value)

    return change


def _rollout_times(factor: float) -> Callable[[SearchBot], None]:
    def change(bot: SearchBot) -> None:
        if bot.rollout_limit is not None:
            bot.rollout_limit = max(0, round(bot.rollout_limit * factor))

    return change


VARIANTS: dict[str, Callable[[SearchBot], None]] = {
    "base": _set(),
    "win-only": _set(win_weight=1.0),  # the reward is the win (rank) alone, no points
    "win-heavy": _set(win_weight=0.9),
    "lead-heavy": _set(win_weight=0.5),  # half the reward is the lead in points
    "points": _set(win_weight=0.0),  # raw lead only
    "unranked": _set(ranked=False),  # 3+ seats: only the winner's share counts
    "ranked": _set(ranked=True),  # 3+ seats: the share of the other seats beaten
    "widen": _set(widening=(2.0, 0.5)),  # progressive widening
    "widen-narrow": _set(widening=(1.0, 0.4)),
    "to-end": _set(rollout_limit=None),  # rollouts to the end of the game
    "short-rollouts": _rollout_times(0.5),
    "long-rollouts": _rollout_times(2.0),
    "no-prior": _set(prior=None),
}


def old_bots(game_id: str, path: Path) -> Any:
    """The old ``bots.py`` as a module of the game's package (its relative imports then work)."""
    package = "threadbox.rules." + game_id.replace("-", "_")
    spec = importlib.util.spec_from_file_location(package + "._old_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _old_bot(old: Any, level: str, iterations: int) -> Any:
    bot = old.EasyBot() if level == "easy" else old.hard_bot()
    if level != "easy":
        bot.iterations = iterations
    return bot


def play_one(
    game, variant: str, levels: list[str], seed: int, iterations: int, old: Any = None, level: str = "easy"
) -> dict:
    bots = []
    for lv in levels:
        if old is not None:  # "hard" is the new bot of ``level``, "easy" the old one
            bot = game.make_bot(level, iterations=iterations) if lv == "hard" else _old_bot(old, level, iterations)
        else:
            bot = game.make_bot(lv, iterations=iterations)
            if lv == "hard":
                VARIANTS[variant](bot)
        bots.append(bot)
    minds = [bot_mind(seed, seat) for seat in range(len(levels))]
    state = game.state_cls.new(len(levels), seed, [])
    while to_move := state.to_move():
        seat = to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, bots[seat].choose(state.view(seat), seat, legal, minds[seat]))
    outcome = state.outcome()
    assert outcome is not None
    return {
        "variant": variant,
        "seed": seed,
        "levels": levels,
        "scores": [outcome.score_of(s).total for s in range(len(levels))],
        "winners": outcome.winners,
    }


def summarise(records: list[dict]) -> dict:
    wins, leads = [], []
    for r in records:
        hard = [s for s, lv in enumerate(r["levels"]) if lv == "hard"]
        share = 1 / len(r["winners"])
        wins.append(sum(share for s in r["winners"] if s in hard))
        easy_best = max(x for s, x in enumerate(r["scores"]) if s not in hard)
        leads.append(float(max(r["scores"][s] for s in hard) - easy_best))
    return {"games": len(records), "hard_wins": share_interval(wins), "hard_lead": mean_interval(leads)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--variants", default="base", help=f"comma-separated, of: {', '.join(VARIANTS)}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="one hard seat, the others easy")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--log", type=Path)
    parser.add_argument("--old", type=Path, help="an old bots.py of the game: play the new --level against it")
    parser.add_argument("--level", default="easy", help="with --old: which level to compare (easy or hard)")
    parser.add_argument("--summary", type=Path, nargs="+", help="only summarise these logs, per variant")
    args = parser.parse_args()
    if args.summary:
        records = [json.loads(line) for p in args.summary for line in p.read_text().splitlines() if line.strip()]
        by: dict[str, list[dict]] = {}
        for r in records:
            by.setdefault(r["variant"], []).append(r)
        print(json.dumps({v: summarise(rs) for v, rs in by.items()}, indent=1))
        return 0
    game = get_game(args.game)
    levels = ["hard"] + ["easy"] * (args.players - 1)
    out = {}
    old = old_bots(args.game, args.old) if args.old else None
    variants = [f"new-{args.level}-vs-old"] if old is not None else args.variants.split(",")
    for variant in variants:
        start = time.perf_counter()
        records = []
        for i in range(args.games):
            record = play_one(game, variant, seat_levels(levels, i), args.seed + i, args.iterations, old, args.level)
            records.append(record)
            if args.log:
                with args.log.open("a") as f:
                    f.write(json.dumps(record) + "\n")
        out[variant] = {"seconds": round(time.perf_counter() - start, 1), **summarise(records)}
    print(json.dumps({"game": args.game, "players": args.players, "iterations": args.iterations, **out}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
