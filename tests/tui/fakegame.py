"""Tally: a tiny game for testing the screens apart from any real game's rules.

Each seat in turn adds 1, 2 or 3 to its tally, for three rounds. "Peek" is
an action the rules always refuse, to test how a refusal is shown.
``HiddenTally`` gives each seat a secret only it may see.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter
from testgames import install_game

from threadbox.rules.core import (
    Action,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    Placeholder,
    Public,
    SeatScore,
    Transition,
    own,
    rank_winners,
)


class Add(Action):
    kind: Literal["add"] = "add"
    n: int


class Peek(Action):
    kind: Literal["peek"] = "peek"


class Tally(GameState):
    info = GameInfo(
        id="quilt",
        title="Tally",
        min_players=1,
        max_players=4,
        blurb="Add up to three, three times.",
        variants={"long": "Five rounds instead of three."},
    )
    action_adapter = TypeAdapter(Annotated[Add | Peek, Field(discriminator="kind")])

    tallies: Public[list[int]]
    secrets: Public[list[int]]
    turn: Public[int] = 0
    round: Public[int] = 0
    rounds: Public[int] = 3

    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None):
        variants = list(variants)
        names = names or [f"Player {i + 1}" for i in range(players)]
        return cls(
            players=players,
            names=names,
            variants=variants,
            seed=seed,
            tallies=[0] * players,
            secrets=[10 + i for i in range(players)],
            rounds=5 if "long" in variants else 3,
        )

    def to_move(self) -> list[int]:
        return [] if self.round >= self.rounds else [self.turn]

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return [Add(n=1), Add(n=2), Add(n=3)]

    def _apply(self, seat: int, action: Action) -> Transition:
        self.tallies[seat] += action.n
        self.turn = (self.turn + 1) % self.players
        if self.turn == 0:
            self.round += 1
        text = f"{self.names[seat]} adds {action.n}."
        return Transition(log=[LogEntry(text=text, private={seat: f"{text} (secret {self.secrets[seat]})"})])

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        scores = [
            SeatScore(seat=s, total=t, categories=[("Adds", t), ("Bonus", 0)], tiebreak=s)
            for s, t in enumerate(self.tallies)
        ]
        winners, used = rank_winners(scores, "lower seat number")
        return Outcome(
            scores=scores, winners=winners, reason=f"all {self.rounds} rounds are played", tiebreak_used=used
        )

    def describe(self, action: Action, seat: int) -> str:
        return "Peek at the secret" if isinstance(action, Peek) else f"Add {action.n}"

    def progress(self) -> str:
        return f"round {self.round + 1} of {self.rounds}"


class HiddenTally(Tally):
    info = Tally.info.model_copy(update={"id": "thingstead", "title": "Hidden Tally", "hidden_information": True})

    secrets: Annotated[list[int], own(Placeholder(-1))]  # each seat sees its own; the others -1


TALLY = "quilt"
HIDDEN_TALLY = "thingstead"


def install(monkeypatch) -> None:
    """Make the catalogue's "quilt" and "thingstead" these test games, shown by the generic screen."""
    for game_id, cls in ((TALLY, Tally), (HIDDEN_TALLY, HiddenTally)):
        install_game(monkeypatch, game_id, cls)
