"""Who sits at the table and how the game was set up."""

from __future__ import annotations

import math
import random
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field, field_validator

from threadbox.rules.core import RulesError, SearchingBot, get_game

# Think times (seconds per decision) offered for a searching bot in the menu and in SSH rooms.
# At most 5 s: over SSH a room's bot holds one of the server's worker threads while it thinks.
THINK_CHOICES: tuple[float, ...] = (0.5, 1.0, 2.0, 5.0)
DEFAULT_THINK = 1.0  # the hard bot's own default (SearchBot.think)
MAX_THINK = 60.0  # the most `play --think` or `bot:hard:SECONDS` may ask for


def checked_think(seconds: float, what: str = "the think time") -> float:
    """``seconds`` if a searching bot may think that long per decision, else a ``RulesError``
    saying so about ``what`` (``--think``). The one place the limits are checked."""
    if not 0 < seconds <= MAX_THINK:  # NaN fails this too
        raise RulesError(f"{what} must be more than 0 and at most {MAX_THINK:g} seconds.")
    return seconds


# A searching bot's seconds per decision, wherever a model holds one (a seat here, an SSH room's plan).
ThinkTime = Annotated[float, AfterValidator(checked_think)]


def think_text(seconds: float) -> str:
    """``0.5 s``, ``2 s``: a think time as players read it."""
    return f"{seconds:g} s"


def thinking_levels(game_id: str) -> list[str]:
    """The bot levels of a game that search, and so take a think time (``hard``)."""
    game = get_game(game_id)
    return [level for level in game.bot_levels if isinstance(game.make_bot(level), SearchingBot)]


def offered_think(game_id: str, level: str, think: object) -> float | None:
    """The think time ``think`` for a bot of ``level``, checked against ``THINK_CHOICES``.

    None for a level that does not search; ``DEFAULT_THINK`` for one that does
    when none is given. Raises ``RulesError`` naming the offered values for
    anything else (a number not offered, a bool, text, a think time for a bot
    that does not search)."""
    searches = level in thinking_levels(game_id)
    if think is None:
        return DEFAULT_THINK if searches else None
    if not searches:
        raise RulesError(f"A bot of level {level} does not search, so it takes no think time.")
    if isinstance(think, (int, float)) and not isinstance(think, bool):
        for choice in THINK_CHOICES:
            if think == choice:
                return choice
    raise RulesError(f"Think time must be one of {', '.join(think_text(c) for c in THINK_CHOICES)}.")


class SeatSpec(BaseModel):
    name: str
    kind: Literal["human", "bot"] = "human"
    level: str = "easy"  # bot level; ignored for humans
    # Seconds per decision for a bot that searches; None: its default.
    think: ThinkTime | None = None

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

    def player_text(self) -> str:
        """Who plays the seat: ``human``, ``bot, easy``, ``bot, hard, 2 s``."""
        if not self.is_bot:
            return "human"
        return f"bot, {self.level}" + (f", {think_text(self.think)}" if self.think is not None else "")

    def label(self) -> str:
        return f"{self.name} ({self.player_text()})" if self.is_bot else self.name

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """``NAME=human``, ``NAME=bot``, ``NAME=bot:LEVEL`` or ``NAME=bot:LEVEL:SECONDS`` (the CLI's --seat)."""
        usage = f"Bad seat {text!r}: write NAME=human, NAME=bot, NAME=bot:LEVEL or NAME=bot:hard:SECONDS."
        name, sep, what = text.partition("=")
        if not sep or not name.strip():
            raise RulesError(usage)
        kind, _, rest = what.partition(":")
        level, colon, seconds = rest.partition(":")
        if kind not in ("human", "bot") or (kind == "human" and rest) or (colon and not level):
            raise RulesError(usage)
        think: float | None = None
        if colon:
            try:
                think = float(seconds)
            except ValueError:
                think = math.nan  # not a number: refused as one below
            try:
                checked_think(think)
            except RulesError as exc:
                raise RulesError(f"Bad seat {text!r}: {exc}") from None
        return cls(name=name, kind=kind, level=level or "easy", think=think)


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
        searching = thinking_levels(self.game)
        for seat in self.seats:
            if seat.is_bot and seat.think is not None and seat.level not in searching:
                raise RulesError(
                    f"{seat.name}: a bot of level {seat.level} does not search, so it takes no think time."
                )
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            raise RulesError("Every seat needs a different name.")
