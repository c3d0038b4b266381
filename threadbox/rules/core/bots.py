"""Bots choose among exactly the legal actions a human would be shown.

A bot sees only its seat's view, so it cannot cheat. Its own randomness is a
``random.Random`` owned by the controller: it is the player's mind, not the
game's chance, and replays use the recorded actions.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from .state import Action, GameState

# The state class a bot reads: a game's own bots may take that game's state.
_View = TypeVar("_View", bound=GameState, contravariant=True)


def bot_mind(seed: int, seat: int) -> random.Random:
    """The randomness of the bot in ``seat`` at a table set up from ``seed``.

    Distinct per seat and fixed by the seed, so replays, saves and ``simulate``
    decide the same. The one place this formula lives."""
    return random.Random(seed * 1_000_003 + seat)


class Bot(Protocol[_View]):
    level: str

    def choose(self, view: _View, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` for ``seat`` given its ``view``."""
        ...


class RandomBot:
    """Level ``random``: any legal action, uniformly."""

    level = "random"

    def choose(self, view: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)
