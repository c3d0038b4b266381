"""Thingstead's 20 clan powers, measured: how often each takes effect, and what it is worth.

For each power, ``--games`` games of ``easy`` against ``easy``: every seed is
played twice, the power given (as a clan card kept for good, out of its
clan's stack) to Red in one game and to Blue in the other. Paired so, the
baseline (the same seeds without the power) is a win share of exactly 50%
for "the seat that would hold it", whatever the seats' own advantage; the
effect is the holder's win share minus 50 points, with a 95% interval from
the pairs' means (ties split). "Fired" is the share of games in which the
power took effect at least once (``threadbox.rules.thingstead.effects``).

It also plays ``--natural`` ordinary games (no power given) and counts, per
power, the games where someone held it at some point and those where it
took effect: RULINGS.md's "in bot games where someone holds it".

    python benchmarks/thingstead_powers.py                      # 400 games a power: about 8 minutes on one core
    python benchmarks/thingstead_powers.py --games 40 --natural 40 --power Rally
    python benchmarks/thingstead_powers.py --out benchmarks/results/thingstead-powers.json

Prints a table, and JSON with every figure to ``--out`` when given.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from threadbox.rules.core import bot_mind  # noqa: E402
from threadbox.rules.thingstead import GAME, ThingsteadState  # noqa: E402
from threadbox.rules.thingstead.data import CLAN_INDEX, CLAN_NAMES, POWERS  # noqa: E402
from threadbox.rules.thingstead.effects import took_effect  # noqa: E402
from threadbox.simulate import mean_interval, share_interval  # noqa: E402

DEAD = 0.2  # RULINGS.md: a power must take effect in at least a fifth of the games where it is held
DOMINANT = 0.10  # RULINGS.md: no power may move its holder's win share by more than 10 points


def give(state: ThingsteadState, seat: int, power: int) -> None:
    """``seat`` holds ``power`` for good from the start: out of its clan's stack (or off its top)."""
    c = CLAN_INDEX[POWERS[power].clan]
    if state.clan_top[c] == power:
        state.clan_top[c] = state.clan_stack[c].pop()
    else:
        state.clan_stack[c].remove(power)
    state.kept[seat].append(power)


def play(seed: int, level: str, power: int | None = None, holder: int = 0) -> tuple[list[float], set, set]:
    """One game: (win share per seat, powers that took effect, powers held at some point)."""
    bots = [GAME.make_bot(level), GAME.make_bot(level)]
    minds = [bot_mind(seed, seat) for seat in range(2)]
    state = ThingsteadState.new(2, seed)
    if power is not None:
        give(state, holder, power)
    fired: set[tuple[int, int]] = set()  # (seat, power)
    held: set[int] = set()
    while to_move := state.to_move():
        seat = to_move[0]
        for s in range(2):
            held.update(p.id for p in state.powers(s))
        action = bots[seat].choose(state.view(seat), seat, state.legal_actions(seat), minds[seat])
        before = state.clone()
        state.apply(seat, action)
        used = took_effect(before, seat, action, state)
        if used:
            owners = {p: s for s in range(2) for p in before.powers(s)} | {
                p.id: s for s in range(2) for p in state.powers(s)
            }
            fired.update((owners.get(p, seat), p) for p in used)
    outcome = state.outcome()
    assert outcome is not None
    share = [1 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(2)]
    return share, fired, held


def measure(power: int, games: int, seed: int, level: str) -> dict:
    wins, fired_in, leads = [], 0, []
    for i in range(games // 2):
        pair = []
        for holder in (0, 1):
            share, fired, _ = play(seed + i, level, power, holder)
            pair.append(share[holder])
            fired_in += (holder, power) in fired
        wins.append(sum(pair) / 2)
        leads.extend(pair)
    n = 2 * len(wins)
    win = mean_interval(wins, 0.0, 1.0)
    return {
        "power": POWERS[power].title(),
        "clan": CLAN_NAMES[POWERS[power].clan],
        "group": POWERS[power].group,
        "text": POWERS[power].text(),
        "games": n,
        "fired": share_interval([1.0] * fired_in + [0.0] * (n - fired_in)),
        "win_share": win,
        "effect_points": {k: round(100 * (win[k] - 0.5), 1) for k in ("mean", "low", "high")},
    }


def natural(games: int, seed: int, level: str) -> dict[int, dict]:
    held_in = dict.fromkeys(range(len(POWERS)), 0)
    fired_in = dict.fromkeys(range(len(POWERS)), 0)
    seat_wins = [0.0, 0.0]
    for i in range(games):
        share, fired, held = play(seed + i, level)
        for p in held:
            held_in[p] += 1
        for p in {p for _, p in fired}:
            fired_in[p] += 1
        seat_wins = [a + b for a, b in zip(seat_wins, share)]
    out = {p: {"held_in": held_in[p], "fired_in": fired_in[p]} for p in held_in}
    out[-1] = {"seat_win_shares": [round(w / games, 3) for w in seat_wins]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per power (even: each seed twice)")
    parser.add_argument("--natural", type=int, default=400, help="ordinary games for the held/fired counts")
    parser.add_argument("--seed", type=int, default=900_000, help="seed of the first game")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--power", action="append", help="only these powers, by title or id (repeatable)")
    parser.add_argument("--out", type=Path, help="write the JSON here")
    parser.add_argument("--workers", type=int, default=1, help="processes (the powers are shared out)")
    args = parser.parse_args()
    chosen = [
        p.id
        for p in POWERS
        if not args.power or p.title() in args.power or str(p.id) in args.power or f"{p.title()}/{p.clan}" in args.power
    ]
    start, cpu = time.perf_counter(), time.process_time()
    rows = []
    print(f"{'power':<22} {'group':<19} {'fired':>6} {'win share (95%)':>17} {'effect, points (95%)':>22}")
    jobs = [(p, args.games, args.seed, args.level) for p in chosen]
    with multiprocessing.Pool(args.workers) as pool:
        measured = pool.starmap(measure, jobs, chunksize=1) if args.workers > 1 else [measure(*j) for j in jobs]
    for row in measured:
        f, w, e = row["fired"], row["win_share"], row["effect_points"]
        flag = " DEAD" if f["mean"] < DEAD else ""
        flag += " DOMINANT" if abs(e["mean"]) > 100 * DOMINANT else ""
        name = f"{row['power']} ({row['clan']})"
        print(
            f"{name:<22} {row['group']:<19} {f['mean']:>6.0%} {w['mean']:>7.1%} ({w['low']:.0%}-{w['high']:.0%})"
            f" {e['mean']:>+8.1f} ({e['low']:+.1f} to {e['high']:+.1f}){flag}",
            flush=True,
        )
        rows.append(row)
    nat = natural(args.natural, args.seed + 500_000, args.level) if args.natural else {}
    if nat:
        print(f"\n{args.natural} ordinary games: seat win shares {nat[-1]['seat_win_shares']}")
        for p in chosen:
            held, fired = nat[p]["held_in"], nat[p]["fired_in"]
            share = f"{fired / held:.0%}" if held else "-"
            print(
                f"{POWERS[p].title() + ' (' + CLAN_NAMES[POWERS[p].clan] + ')':<22} held in {held:>4}, took effect in {fired:>4} ({share})"
            )
    report = {
        "command": " ".join(["python", "benchmarks/thingstead_powers.py", *sys.argv[1:]]),
        "python": platform.python_version(),
        "level": args.level,
        "games_per_power": args.games,
        "seed": args.seed,
        "thresholds": {"dead_below_fired_share": DEAD, "dominant_above_points": 100 * DOMINANT},
        "baseline": "each seed played with the power at Red and at Blue: the holder's baseline win share is 50% exactly",
        "powers": rows,
        "natural_games": args.natural,
        "natural": {
            "seat_win_shares": nat.get(-1, {}).get("seat_win_shares"),
            "per_power": [{"power": POWERS[p].title(), "clan": CLAN_NAMES[POWERS[p].clan], **nat[p]} for p in chosen]
            if nat
            else [],
        },
        "workers": args.workers,
        "wall_s": round(time.perf_counter() - start, 1),
        "cpu_s_main_process": round(time.process_time() - cpu, 1),
    }
    print(f"\n{report['wall_s']} s wall, {args.workers} worker(s)")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
