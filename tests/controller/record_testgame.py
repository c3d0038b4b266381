"""Countdown: a tiny game whose rules never change, for the record-format tests.

Seats take turns taking 1 or 2 from a pile of 7; whoever takes the last wins.
Each seat holds a secret number only it may see. Its rules are frozen so a
record checked into the tests keeps meaning the same game.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from threadbox.rules.core import (
    Action,
    GameDef,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    Placeholder,
    Public,
    SeatScore,
    Transition,
    own,
)

GAME_ID = "quilt"  # takes Quilt's place in the catalogue for the test


class Take(Action):
    kind: Literal["take"] = "take"
    n: int


class Countdown(GameState):
    info = GameInfo(
        id=GAME_ID, title="Countdown", min_players=2, max_players=3, blurb="Take the last.", hidden_information=True
    )
    action_adapter = TypeAdapter(Annotated[Take, Field(discriminator="kind")])

    pile: Public[int] = 7
    turn: Public[int] = 0
    round: Public[int] = 1
    secrets: Annotated[list[int], own(Placeholder(-1))] = Field(default_factory=list)
    winner: Public[int | None] = None

    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None):
        _, names = cls.checked_setup(players, variants, names)
        return cls(players=players, names=names, seed=seed, secrets=[seed % 97 + s for s in range(players)])

    def to_move(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Take(n=n) for n in (1, 2) if n <= self.pile] if seat in self.to_move() else []

    def _apply(self, seat: int, action: Action) -> Transition:
        self.pile -= action.n
        if self.pile == 0:
            self.winner = seat
        self.turn = (self.turn + 1) % self.players
        if self.turn == 0:
            self.round += 1
        text = f"{self.names[seat]} takes {action.n}."
        return Transition(log=[LogEntry(text=text, private={seat: f"{text} (secret {self.secrets[seat]})"})])

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = [SeatScore(seat=s, total=int(s == self.winner), categories=[]) for s in range(self.players)]
        return Outcome(scores=scores, winners=[self.winner], reason="the pile is empty")

    def describe(self, action: Action, seat: int) -> str:
        return f"Take {action.n}"

    def progress(self) -> str:
        return f"round {self.round}, {self.pile} left in the pile"


def install(monkeypatch) -> None:
    module = types.ModuleType("threadbox.rules.quilt")
    module.GAME = GameDef(Countdown)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(sys.modules, "threadbox.tui.games.quilt", None)  # the generic screen draws it
