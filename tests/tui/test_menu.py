"""The main menu and the setup form, driven by keys (and a click or two)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import threadbox
from threadbox.rules.core import CATALOGUE, is_built
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.main_menu import GameList, MenuScreen, playable
from threadbox.tui.menu import SetupScreen

from .fakegame import TALLY
from .helpers import messages, settle


async def pick_game(pilot, game_id: str) -> None:
    games = pilot.app.screen.query_one(GameList)
    for _ in range(len(CATALOGUE)):
        if games.highlighted_option.id == game_id:
            break
        await pilot.press("down")
    assert games.highlighted_option.id == game_id
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)


async def tab_to(pilot, selector: str) -> None:
    target = pilot.app.screen.query_one(selector)
    for _ in range(30):
        if pilot.app.focused is target:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached {selector}")


@pytest.mark.usefixtures("fake")
async def test_menu_lists_every_game_and_only_built_ones_start():
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)):
        options = app.screen.query_one(GameList).options
        assert [o.id for o in options] == [e.id for e in CATALOGUE]
        for option in options:
            assert option.disabled == (not playable(option.id))
            assert ("coming soon" in str(option.prompt)) == option.disabled
        assert not options[2].disabled  # Tally stands in for Quilt


@pytest.mark.usefixtures("fake")
async def test_keys_from_menu_to_setup_to_a_started_game():
    app = make_app(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, TALLY)
        await tab_to(pilot, "#start")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        table = app.play.table
        assert [s.label() for s in table.seats] == ["Ada", "Bram (bot, random)"]
        assert app.screen.port.seat == 0 and app.screen.port.game_id == TALLY
        assert [type(s) for s in app.screen_stack] == [MenuScreen, GameScreen]


@pytest.mark.usefixtures("fake")
async def test_setup_form_sets_players_variants_and_seed():
    app = make_app(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, TALLY)
        await pilot.press("shift+tab")  # from the first name back to the player count
        assert app.focused.id == "players"
        await pilot.press("enter", "up", "enter")  # 2 players -> 1
        await pilot.pause()
        assert not app.screen.query_one("#seat-1").display
        await tab_to(pilot, "#variant-long")
        await pilot.press("space")
        await tab_to(pilot, "#seed")
        await pilot.press("4", "2", "ctrl+s")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        config = app.play.table.config
        assert (len(config.seats), config.variants, config.seed) == (1, ["long"], 42)


@pytest.mark.usefixtures("fake")
async def test_setup_refuses_two_seats_with_one_name():
    app = make_app(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, TALLY)
        app.screen.query_one("#name-1").value = "Ada"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert ("error", "Every seat needs a different name.") in messages(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.skipif(not is_built("thread-count"), reason="Thread Count's rules are not built yet")
async def test_start_thread_count_from_the_menu():
    app = make_app(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.port.game_id == "thread-count" and app.screen.port.seat == 0


def test_menu_snapshot(snap_compare, monkeypatch):
    # Fix which games count as built, so the picture does not change as games land.
    monkeypatch.setattr(
        "threadbox.tui.main_menu.has_rules", lambda game_id: game_id in {"thread-count", "warp-and-weft"}
    )
    assert snap_compare(make_app(), terminal_size=(80, 24))


def bar_keys(app) -> list[str]:
    from threadbox.tui.widgets import KeyBar

    keys, _ = app.screen.query_one(KeyBar).shown_keys()
    return [app.get_key_display(binding) + " " + binding.description for binding, _ in keys]


async def test_the_key_bar_says_what_enter_does(home):
    app = make_app(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert bar_keys(app)[0] == "⏎ Set up the game"
        await pick_game(pilot, "thread-count")
        assert bar_keys(app)[0] == "⏎ Choose"


@pytest.mark.skipif(not is_built("thread-count"), reason="Thread Count's rules are not built yet")
async def test_the_form_remembers_the_last_set_up_of_each_game(home):
    app = make_app(bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        app.screen.query_one("#name-1").value = "Zoe"
        app.screen.query_one("#kind-1").value = "human"
        app.screen.query_one("#variant-no-crossing").value = True
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: app.play is not None)
        app.stop_table()
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pick_game(pilot, "thread-count")
        form = app.screen
        assert form.query_one("#name-1").value == "Zoe" and form.query_one("#kind-1").value == "human"
        assert form.query_one("#variant-no-crossing").value and not form.query_one("#variant-side-b").value
        assert (home / "setups.json").exists()
    app = make_app(bot_delay=3600, autosave=False)  # a new run of the app reads it back
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        assert app.screen.query_one("#name-1").value == "Zoe"


@pytest.mark.skipif(not is_built("thread-count"), reason="Thread Count's rules are not built yet")
async def test_the_cup_handicap_is_chosen_per_seat_in_the_form(home):
    app = make_app(bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        form = app.screen
        assert not form.query("#variant-no-cup-minus-1.setup-variant")  # not among the table's variants
        await tab_to(pilot, "#variant-no-cup-minus-2")
        await pilot.press("space")
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: app.play is not None)
        table = app.play.table
        assert table.config.variants == ["no-cup-minus-2"]
        state = table.view(None)
        assert state.cups_cost_nothing(1) and not state.cups_cost_nothing(0)


def test_the_menu_loads_no_game_controller_or_server():
    """What opening the menu imports (benchmarks/startup.py times it): no rules, no pydantic, no SSH.

    Run in a fresh interpreter, as ``threadbox`` with no command: its parser, then the app's module.
    """
    script = """
import sys
from threadbox.cli import _parser
_parser().parse_args([])
import threadbox.tui.app
heavy = ("pydantic", "asyncssh", "markdown_it", "threadbox.controller", "threadbox.rules.core", "threadbox.net")
print(",".join(sorted(m for m in sys.modules if m.startswith(heavy))))
"""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(threadbox.__file__).parent.parent), *sys.path])}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
