"""The setup form offers a searching bot's think time seat by seat (issue 10), by keys and by mouse."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from threadbox.controller import SeatSpec
from threadbox.rules.core import is_built
from threadbox.tui.app import make_app
from threadbox.tui.main_menu import MenuScreen
from threadbox.tui.setup_memory import LastSetup, last_setup, remember_setup
from threadbox.tui.widgets.seat_row import player_choices

from .helpers import settle
from .test_menu import pick_game, tab_to

pytestmark = pytest.mark.skipif(not is_built("thread-count"), reason="Thread Count's rules are not built yet")


def test_a_searching_level_is_offered_once_per_think_time():
    choices = player_choices(["random", "easy", "hard"], ("hard",))
    assert choices == [
        ("Human", "human"),
        ("Bot (random)", "bot:random"),
        ("Bot (easy)", "bot:easy"),
        ("Bot (hard, 0.5 s)", "bot:hard:0.5"),
        ("Bot (hard, 1 s)", "bot:hard:1"),
        ("Bot (hard, 2 s)", "bot:hard:2"),
        ("Bot (hard, 5 s)", "bot:hard:5"),
    ]


async def test_a_hard_seat_s_think_time_is_set_by_keys_and_reaches_its_bot(home):
    app = make_app(bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        await tab_to(pilot, "#kind-1")
        assert app.focused.value == "bot:easy"
        await pilot.press("enter", "down", "down", "down", "enter")  # easy -> hard 0.5 s -> 1 s -> 2 s
        await pilot.pause()
        assert app.screen.query_one("#kind-1", Select).value == "bot:hard:2"
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: app.play is not None)
        table = app.play.table
        assert table.seats[1] == SeatSpec(name="Bram", kind="bot", level="hard", think=2.0)
        assert table.seats[1].label() == "Bram (bot, hard, 2 s)"
        assert table._bots[1].think == 2.0  # the search itself is given the time
        app.stop_table()
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pick_game(pilot, "thread-count")  # remembered with the other choices
        assert app.screen.query_one("#kind-1", Select).value == "bot:hard:2"
    assert last_setup("thread-count").seats[1].think == 2.0


async def test_a_hard_seat_s_think_time_is_set_by_mouse(home):
    app = make_app(bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        await pilot.click("#kind-1")  # opens the list of choices
        await pilot.pause()
        overlay = app.screen.query_one("#kind-1 SelectOverlay")
        assert overlay.display
        row = next(i for i, option in enumerate(overlay.options) if str(option.prompt) == "Bot (hard, 5 s)")
        await pilot.click(overlay, offset=(3, row + overlay.content_region.y - overlay.region.y))
        await pilot.pause()
        assert app.screen.query_one("#kind-1", Select).value == "bot:hard:5"
        assert await pilot.click("#start")
        await settle(pilot, lambda: app.play is not None)
        assert app.play.table.seats[1].think == 5.0


async def test_a_remembered_think_time_not_offered_falls_back_to_the_default(home):
    seats = [SeatSpec(name="Ada"), SeatSpec(name="Bram", kind="bot", level="hard", think=37.0)]
    remember_setup("thread-count", LastSetup(seats=seats))
    app = make_app(bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "thread-count")
        assert app.screen.query_one("#kind-1", Select).value == "bot:hard:1"


def test_setup_snapshot_with_the_think_times_open(snap_compare):
    async def open_seat_2(pilot):
        await pilot.pause()  # the menu composed
        await pick_game(pilot, "warp-and-weft")
        await tab_to(pilot, "#kind-1")
        await pilot.press("enter", "down", "down")  # the list open, on "Bot (hard, 1 s)"
        await pilot.pause()

    assert snap_compare(make_app(autosave=False), terminal_size=(80, 24), run_before=open_seat_2)
