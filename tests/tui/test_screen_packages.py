"""Every game screen has the same shape: a package with SCREEN, screen, models and widgets."""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

from threadbox.tui.game_screen import GameScreen

GAMES = ["thread_count", "threaded", "warp_and_weft"]
GAMES_DIR = pathlib.Path(importlib.import_module("threadbox.tui.games").__file__).parent


@pytest.mark.parametrize("game", GAMES)
def test_a_screen_package_exposes_its_screen(game):
    package = importlib.import_module(f"threadbox.tui.games.{game}")
    assert issubclass(package.SCREEN, GameScreen)
    assert package.SCREEN is importlib.import_module(f"threadbox.tui.games.{game}.screen").SCREEN
    assert (GAMES_DIR / game / "widgets" / "__init__.py").exists()


@pytest.mark.parametrize("game", GAMES)
def test_models_are_pure(game):
    """The view models import no Textual: they are values the screen pushes into widgets."""
    tree = ast.parse((GAMES_DIR / game / "models.py").read_text())
    modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in modules if m.startswith("textual")]


def test_no_screen_assembles_css_or_sets_auto_focus_at_runtime():
    for path in GAMES_DIR.rglob("*.py"):
        text = path.read_text()
        assert "self.AUTO_FOCUS =" not in text, path
        assert '""".replace(' not in text, path
