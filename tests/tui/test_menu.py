"""The main menu and the setup form, driven by keys (and a click or two)."""

from __future__ import annotations

import pytest

from threadbox.rules.core import CATALOGUE, is_built
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.menu import GameList, MenuScreen, SetupScreen, playable

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
    monkeypatch.setattr("threadbox.tui.menu.is_built", lambda game_id: game_id in {"thread-count", "warp-and-weft"})
    assert snap_compare(make_app(), terminal_size=(80, 24))
