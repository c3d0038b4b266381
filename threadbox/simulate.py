"""`threadbox simulate`: bots play many full games with the real rules.

With one level per seat (``--bots hard,easy``) the levels rotate round the
table from game to game, so that every level sits in every seat equally
often (over a multiple of the seat count); results are then given per level,
each with a 95% interval. A searching level may carry its own think time
(``--bots hard:0.25,hard:1``): the two then count as two levels, so the
strength a longer think buys can be measured.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from threadbox.rules.core import GameDef
from threadbox.rules.core.playout import play_out

Z95 = 1.959964  # two-sided 95% quantile of the normal distribution


def mean_interval(values: list[float], low: float | None = None, high: float | None = None) -> dict:
    """Mean and its 95% interval (normal approximation), clipped to [low, high] when given."""
    n = len(values)
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    mean = sum(values) / n
    if n > 1:
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        half = Z95 * math.sqrt(var / n)
    else:
        half = math.inf
    lo, hi = mean - half, mean + half
    if low is not None:
        lo = max(lo, low)
    if high is not None:
        hi = min(hi, high)
    finite = [x if math.isfinite(x) else None for x in (lo, hi)]
    return {"mean": round(mean, 4), "low": _round(finite[0]), "high": _round(finite[1]), "n": n}


def share_interval(values: list[float]) -> dict:
    """A share (values in [0, 1], a tie counting as a fraction) and its 95% Wilson interval,
    which stays sensible at 0% and 100%."""
    n = len(values)
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    p = sum(values) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {
        "mean": round(p, 4),
        "low": round(max(0.0, centre - half), 4),
        "high": round(min(1.0, centre + half), 4),
        "n": n,
    }


def split_level(text: str) -> tuple[str, float | None]:
    """``"hard:0.25"`` -> ``("hard", 0.25)``; ``"easy"`` -> ``("easy", None)``.
    Raises ``ValueError`` with a readable message for a think time that is not a number in (0, 60]."""
    level, sep, think = text.strip().partition(":")
    if not sep:
        return level, None
    try:
        seconds = float(think)
    except ValueError:
        raise ValueError(f"{text!r}: the think time after ':' must be a number of seconds.") from None
    if not 0 < seconds <= 60:  # NaN too
        raise ValueError(f"{text!r}: the think time must be more than 0 and at most 60 seconds.")
    return level, seconds


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


@dataclass
class SimulationReport:
    game: str
    players: int
    levels: list[str]  # per seat, as given (a level, or level:think)
    think: float | None = None
    iterations: int | None = None
    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)  # per seat position
    wins: list[float] = field(default_factory=list)  # per seat position; a shared win counts as a fraction
    # per level: one value per finished game (its share of the win) and per seat-game (its score)
    level_wins: dict[str, list[float]] = field(default_factory=dict)
    level_scores: dict[str, list[float]] = field(default_factory=dict)

    @property
    def rotates(self) -> bool:
        return len(set(self.levels)) > 1

    def as_dict(self) -> dict[str, Any]:
        finished = max(self.games - len(self.errors), 1)
        return {
            "game": self.game,
            "players": self.players,
            "bot": ",".join(self.levels) if self.rotates else self.levels[0],
            "levels": self.levels,
            "rotated": self.rotates,
            "think": self.think,
            "thinks": [split_level(lv)[1] for lv in self.levels],  # per seat as given; None: ``think``
            "iterations": self.iterations,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "errors": len(self.errors),
            "error_messages": self.errors[:10],
            "mean_scores": [round(s / finished, 3) for s in self.score_sums],
            "wins": [round(w, 3) for w in self.wins],
            "wins_by_level": {lv: share_interval(v) for lv, v in self.level_wins.items()},
            "mean_score_by_level": {lv: mean_interval(v) for lv, v in self.level_scores.items()},
        }


def seat_levels(levels: list[str], game_index: int) -> list[str]:
    """The level at each seat in game ``game_index``: turned one seat further each game."""
    n = len(levels)
    if len(set(levels)) == 1:
        return list(levels)
    return [levels[(seat - game_index) % n] for seat in range(n)]


def simulate(
    game: GameDef,
    games: int,
    seed: int,
    players: int | None = None,
    bot: str = "random",
    variants: list[str] | None = None,
    levels: list[str] | None = None,
    think: float | None = None,
    iterations: int | None = None,
) -> SimulationReport:
    """Play ``games`` games from seeds ``seed``, ``seed + 1``, ... ``levels`` (one per seat)
    overrides ``players`` and ``bot``; a level ``hard:0.25`` is level hard thinking 0.25 s a decision."""
    levels = list(levels) if levels else [bot] * (players or 2)
    players = len(levels)
    variants = variants or []
    report = SimulationReport(
        game.info.id,
        players,
        levels,
        think=think,
        iterations=iterations,
        score_sums=[0] * players,
        wins=[0.0] * players,
        level_wins={lv: [] for lv in dict.fromkeys(levels)},
        level_scores={lv: [] for lv in dict.fromkeys(levels)},
    )
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        seated = seat_levels(levels, i)
        report.games += 1
        parsed = [split_level(lv) for lv in seated]
        try:
            played = play_out(
                game,
                players,
                game_seed,
                variants,
                [lv for lv, _ in parsed],
                think=think,
                iterations=iterations,
                thinks=[t for _, t in parsed],
            )
        except Exception as exc:  # a simulation reports rule bugs instead of stopping
            report.errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        report.actions += len(played.actions)
        outcome = played.state.outcome()
        assert outcome is not None  # play_out plays to the end
        share = 1 / len(outcome.winners)
        won = dict.fromkeys(report.level_wins, 0.0)
        for score in outcome.scores:
            report.score_sums[score.seat] += score.total
            report.level_scores[seated[score.seat]].append(float(score.total))
        for seat in outcome.winners:
            report.wins[seat] += share
            won[seated[seat]] += share
        for level, value in won.items():
            report.level_wins[level].append(value)
    report.seconds = time.perf_counter() - start
    return report


def _interval(d: dict, percent: bool) -> str:
    if d["mean"] is None:
        return "-"
    f = (lambda x: f"{100 * x:.1f}%") if percent else (lambda x: f"{x:.2f}")
    if d["low"] is None:
        return f(d["mean"])
    return f"{f(d['mean'])} ({f(d['low'])} to {f(d['high'])})"


def format_report(report: SimulationReport) -> str:
    d = report.as_dict()
    who = f"bots at levels {', '.join(report.levels)} (rotating)" if report.rotates else f"bots at level {d['bot']}"
    lines = [
        f"{d['game']}: {d['games']} games, {d['players']} players, {who}",
        f"  time            {d['seconds']:.2f} s",
        f"  games/second    {d['games_per_second']}",
        f"  actions/second  {d['actions_per_second']}",
        f"  errors          {d['errors']}",
    ]
    for seat in range(report.players):
        lines.append(f"  seat {seat + 1}: mean score {d['mean_scores'][seat]:>7}, wins {d['wins'][seat]}")
    if report.rotates:
        for level in d["wins_by_level"]:
            wins = _interval(d["wins_by_level"][level], True)
            score = _interval(d["mean_score_by_level"][level], False)
            lines.append(f"  {level}: wins {wins}, mean score {score}  (95% intervals)")
    lines.extend(f"  ! {m}" for m in d["error_messages"])
    return "\n".join(lines)
