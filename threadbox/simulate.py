"""`threadbox simulate`: bots play many full games with the real rules."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from threadbox.rules.core import GameDef
from threadbox.rules.core.playout import play_out


@dataclass
class SimulationReport:
    game: str
    players: int
    bot: str
    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)  # a shared win counts as a fraction

    def as_dict(self) -> dict[str, Any]:
        finished = max(self.games - len(self.errors), 1)
        return {
            "game": self.game,
            "players": self.players,
            "bot": self.bot,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "errors": len(self.errors),
            "error_messages": self.errors[:10],
            "mean_scores": [round(s / finished, 3) for s in self.score_sums],
            "wins": [round(w, 3) for w in self.wins],
        }


def simulate(game: GameDef, games: int, seed: int, players: int, bot: str, variants: list[str]) -> SimulationReport:
    report = SimulationReport(game.info.id, players, bot, score_sums=[0] * players, wins=[0.0] * players)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        report.games += 1
        try:
            played = play_out(game, players, game_seed, variants, [bot] * players)
        except Exception as exc:  # a simulation reports rule bugs instead of stopping
            report.errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        report.actions += len(played.actions)
        outcome = played.state.outcome()
        assert outcome is not None  # play_out plays to the end
        for score in outcome.scores:
            report.score_sums[score.seat] += score.total
        for seat in outcome.winners:
            report.wins[seat] += 1 / len(outcome.winners)
    report.seconds = time.perf_counter() - start
    return report


def format_report(report: SimulationReport) -> str:
    d = report.as_dict()
    lines = [
        f"{d['game']}: {d['games']} games, {d['players']} players, bots at level {d['bot']}",
        f"  time            {d['seconds']:.2f} s",
        f"  games/second    {d['games_per_second']}",
        f"  actions/second  {d['actions_per_second']}",
        f"  errors          {d['errors']}",
    ]
    for seat in range(report.players):
        lines.append(f"  seat {seat + 1}: mean score {d['mean_scores'][seat]:>7}, wins {d['wins'][seat]}")
    lines.extend(f"  ! {m}" for m in d["error_messages"])
    return "\n".join(lines)
