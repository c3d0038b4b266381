"""Bot strength and the ``hard`` bot's decision time, per game.

Plays whole games between bot levels exactly as ``threadbox simulate --bots``
does (same seeds, same seat rotation, same bots' random generators, so with
``--iterations`` the games are the very games ``simulate`` plays) and times
every decision of a searching bot that had a real choice (two or more legal
actions): wall-clock and CPU seconds, median and 95th percentile. Each
finished game is appended to ``--log`` as a JSON line as soon as it ends, so a
long run can be read, or cut short, at any time; ``--summary`` reads such a
log back. Prints one JSON object.

    python benchmarks/bots.py --game warp-and-weft --bots hard,easy --games 200 --iterations 60
    python benchmarks/bots.py --game thread-count --bots hard,easy --games 20 --think 1
    python benchmarks/bots.py --game thread-count --bots hard:0.25,hard:1 --games 20   # a think time per seat
    python benchmarks/bots.py --summary run.jsonl     # the figures from a log, even of a run still going
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from threadbox.rules.core import SearchBot, bot_mind, get_game  # noqa: E402
from threadbox.simulate import mean_interval, seat_levels, share_interval, split_level  # noqa: E402


def play_one(game, levels: list[str], seed: int, think: float | None, iterations: int | None) -> dict:
    """One game as ``play_out`` plays it, timing the searching bots' real decisions."""
    players = len(levels)
    parsed = [split_level(lv) for lv in levels]  # "hard:0.25": level hard, 0.25 s a decision
    bots = [game.make_bot(lv, think=think if t is None else t, iterations=iterations) for lv, t in parsed]
    minds = [bot_mind(seed, seat) for seat in range(players)]
    state = game.state_cls.new(players, seed, [])
    timings: list[tuple[float, float, int]] = []
    while to_move := state.to_move():
        seat = to_move[0]
        legal = state.legal_actions(seat)
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        bot = bots[seat]
        last = bot.last if isinstance(bot, SearchBot) else None  # the search's own record of the decision
        if last is not None and last.iterations:
            timings.append((round(wall, 5), round(cpu, 5), last.iterations))
        state.apply(seat, action)
    outcome = state.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "levels": levels,
        "scores": [outcome.score_of(s).total for s in range(players)],
        "winners": outcome.winners,
        "decisions": timings,
    }


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(records: list[dict]) -> dict:
    if not records:
        return {"games": 0}
    level_wins: dict[str, list[float]] = {}
    level_scores: dict[str, list[float]] = {}
    for lv in records[0]["levels"]:
        level_wins.setdefault(lv, [])
        level_scores.setdefault(lv, [])
    walls, cpus, iters = [], [], []
    for r in records:
        share = 1 / len(r["winners"])
        won = dict.fromkeys(level_wins, 0.0)
        for seat, level in enumerate(r["levels"]):
            level_scores[level].append(float(r["scores"][seat]))
            if seat in r["winners"]:
                won[level] += share
        for level, v in won.items():
            level_wins[level].append(v)
        for wall, cpu, n in r["decisions"]:
            walls.append(wall)
            cpus.append(cpu)
            iters.append(n)
    return {
        "games": len(records),
        "wins_by_level": {lv: share_interval(v) for lv, v in level_wins.items()},
        "mean_score_by_level": {lv: mean_interval(v) for lv, v in level_scores.items()},
        "hard_decisions": len(walls),
        "decision_wall_s": {
            "median": _r(statistics.median(walls)) if walls else None,
            "p95": _r(percentile(walls, 0.95)),
        },
        "decision_cpu_s": {"median": _r(statistics.median(cpus)) if cpus else None, "p95": _r(percentile(cpus, 0.95))},
        "iterations_per_decision": {
            "median": statistics.median(iters) if iters else None,
            "min": min(iters, default=None),
        },
    }


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="warp-and-weft")
    parser.add_argument(
        "--bots", default="hard,easy", help="one level per seat (hard:0.25 for its own think time); they rotate"
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game, as in simulate")
    parser.add_argument("--think", type=float, help="seconds per decision for searching bots (default: the bot's, 1)")
    parser.add_argument("--iterations", type=int, help="exact iterations per decision instead of a time limit")
    parser.add_argument("--log", type=Path, help="append one JSON line per finished game here")
    parser.add_argument("--summary", type=Path, nargs="+", help="only summarise these logs (they may be still growing)")
    args = parser.parse_args()

    if args.summary:
        records = [json.loads(line) for path in args.summary for line in path.read_text().splitlines() if line.strip()]
        print(json.dumps({"logs": [str(p) for p in args.summary], **summarise(records)}, indent=1))
        return 0

    game = get_game(args.game)
    levels = [lv.strip() for lv in args.bots.split(",")]
    records = []
    start = time.perf_counter()
    for i in range(args.games):
        record = play_one(game, seat_levels(levels, i), args.seed + i, args.think, args.iterations)
        records.append(record)
        if args.log:
            with args.log.open("a") as out:
                out.write(json.dumps(record) + "\n")
    result = {
        "game": args.game,
        "levels": levels,
        "think": args.think,
        "iterations": args.iterations,
        "seconds": round(time.perf_counter() - start, 2),
        "machine": f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}",
        **summarise(records),
    }
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
