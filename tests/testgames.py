"""Putting a small test game in the registry for one test, shared by the screen and SSH tests.

The test games themselves differ on purpose: ``tui/fakegame.py`` (Tally:
turns in order, a refused action, a secret number) tests the screens,
``net/fakegame.py`` (Blind Bid: secret hands, everyone at once, a reveal)
tests what each SSH seat may see.
"""

from __future__ import annotations

import sys
import types

from threadbox.rules.core import GameDef, GameState


def install_game(monkeypatch, game_id: str, state: type[GameState]) -> None:
    """Make ``game_id`` load ``state`` as its rules, drawn by the generic game screen."""
    package = game_id.replace("-", "_")
    module = types.ModuleType(f"threadbox.rules.{package}")
    module.GAME = GameDef(state)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    # None in sys.modules makes the import fail, so no real screen module is used.
    monkeypatch.setitem(sys.modules, f"threadbox.tui.games.{package}", None)
