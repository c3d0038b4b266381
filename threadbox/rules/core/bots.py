"""Bots choose among exactly the legal actions a human would be shown.

A bot sees only its seat's view, so it cannot cheat. Its own randomness is a
``random.Random`` owned by the controller: it is the player's mind, not the
game's chance, and replays use the recorded actions.
"""

from __future__ import annotations

import random
import threading
from typing import Protocol, TypeVar, runtime_checkable

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


@runtime_checkable
class SearchingBot(Bot[_View], Protocol[_View]):
    """A bot that searches (``SearchBot``): it takes a budget, and ``stop`` ends it early.

    The controller sets ``think`` (seconds per decision) or ``iterations`` (an
    exact search length) after making it, runs ``choose`` off the event loop
    and sets ``stop`` when the game is left. ``isinstance(bot, SearchingBot)``
    is how the controller and the menus tell a searching bot from a quick one."""

    think: float
    iterations: int | None

    def choose(
        self, view: _View, seat: int, legal: list[Action], rng: random.Random, stop: threading.Event | None = None
    ) -> Action:
        """Pick one of ``legal`` for ``seat`` given its ``view``, searching until the budget or ``stop``."""
        ...


class RandomBot:
    """Level ``random``: any legal action, uniformly."""

    level = "random"

    def choose(self, view: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)
