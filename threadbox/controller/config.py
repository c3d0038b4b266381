"""Who sits at the table and how the game was set up."""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from threadbox.rules.core import RulesError, get_game


class SeatSpec(BaseModel):
    name: str
    kind: Literal["human", "bot"] = "human"
    level: str = "easy"  # bot level; ignored for humans
    think: float | None = Field(None, gt=0, le=60)  # seconds per decision for a bot that searches; None: its default

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value:
            raise ValueError("a seat needs a name")
        return value[:20]

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def label(self) -> str:
        return f"{self.name} (bot, {self.level})" if self.is_bot else self.name

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """``NAME=human`` or ``NAME=bot`` or ``NAME=bot:LEVEL`` (the CLI's --seat)."""
        name, sep, what = text.partition("=")
        if not sep or not name.strip():
            raise RulesError(f"Bad seat {text!r}: write NAME=human, NAME=bot or NAME=bot:LEVEL.")
        kind, _, level = what.partition(":")
        if kind not in ("human", "bot") or (kind == "human" and level):
            raise RulesError(f"Bad seat {text!r}: write NAME=human, NAME=bot or NAME=bot:LEVEL.")
        return cls(name=name, kind=kind, level=level or "easy")


class TableConfig(BaseModel):
    game: str
    seats: list[SeatSpec]
    seed: int = Field(default_factory=lambda: random.SystemRandom().randrange(1 << 32))
    variants: list[str] = Field(default_factory=list)

    def validate_for_game(self) -> None:
        """Raise ``RulesError`` with a clear message if this table cannot be played."""
        game = get_game(self.game)
        info = game.info
        # Player count and variants: the rules' own set-up check, so the two cannot drift.
        game.state_cls.checked_setup(len(self.seats), self.variants, [s.name for s in self.seats])
        for seat in self.seats:
            if seat.is_bot and seat.level not in game.bot_levels:
                raise RulesError(
                    f"{info.title} has no bot level {seat.level!r}; choose from {', '.join(game.bot_levels)}."
                )
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            raise RulesError("Every seat needs a different name.")
