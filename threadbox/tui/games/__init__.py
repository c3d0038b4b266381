"""Which screen shows which game.

A game gets its own screen by adding ``threadbox.tui.games.<game id with
underscores>`` with ``SCREEN``, a ``GameScreen`` subclass. Without one the
generic ``GameScreen`` shows the game.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from threadbox.controller import SeatPort

from ..game_screen import GameScreen


def module_name(game_id: str) -> str:
    return f"{__name__}.{game_id.replace('-', '_')}"


def _screen_module(game_id: str) -> ModuleType | None:
    name = module_name(game_id)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the screen module exists but something it imports does not
        return None


def screen_class(game_id: str) -> type[GameScreen]:
    module = _screen_module(game_id)
    return getattr(module, "SCREEN", GameScreen) if module is not None else GameScreen


def screen_for(port: SeatPort) -> GameScreen:
    """A new screen showing ``port``'s seat of its game."""
    return screen_class(port.game_id)(port)


def help_for(game_id: str) -> str:
    """The game's help text (markdown, our own words)."""
    return screen_class(game_id).HELP
