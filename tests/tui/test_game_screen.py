"""The generic game screen: choosing, refusals, undo, help, log, leaving."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen, LeaveScreen
from threadbox.tui.help import HelpScreen
from threadbox.tui.main_menu import MenuScreen
from threadbox.tui.widgets import ActionList, LogPanel, StatusBar

from .fakegame import Add, Peek
from .helpers import make_table, messages, settle

pytestmark = pytest.mark.usefixtures("fake")


def solo_app(**kw):
    table = make_table("Ada")
    return table, make_app(table=table, bot_delay=0, autosave=False, **kw)


async def test_digits_choose_an_option():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert table.view(0).tallies == [2]
        assert app.screen.port.log() == ["Ada adds 2. (secret 10)"]
        assert "Ada adds 2." in "\n".join(str(line.text) for line in app.screen.query_one(LogPanel).lines)


async def test_arrows_and_enter_choose_an_option():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.focused, ActionList)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert table.view(0).tallies == [3]


async def test_a_click_chooses_an_option():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(ActionList, offset=(4, 2))  # row 0 is the border, row 1 "1 Add 1"
        await pilot.pause()
        assert table.view(0).tallies == [2]


async def test_a_refused_action_is_shown_and_changes_nothing():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        before, log = table.full_state_json(), list(table.log)
        screen = app.screen
        screen.query_one(ActionList).post_message(ActionList.Chosen(screen.query_one(ActionList), Peek()))
        await pilot.pause()
        assert screen.choose(Add(n=9)) is False
        await pilot.pause()
        errors = [m for severity, m in messages(app) if severity == "error"]
        assert len(errors) == 2 and all("Ada cannot do that:" in m for m in errors)
        assert table.full_state_json() == before and table.log == log
        assert app.screen is screen and screen.query_one(ActionList).actions == [Add(n=1), Add(n=2), Add(n=3)]


async def test_undo_key_takes_back_the_last_action():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.check_action("undo", ()) is False  # nothing to undo yet: off the key bar
        await pilot.press("3")
        await pilot.pause()
        assert table.view(0).tallies == [3] and screen.port.can_undo()
        await pilot.press("u")
        await pilot.pause()
        assert table.view(0).tallies == [0] and table.log == []
        assert not screen.port.can_undo()
        assert screen.query_one(LogPanel).lines == []


async def test_every_refused_key_says_why_and_changes_nothing():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        before = table.full_state_json()
        await pilot.press("u", "9", "g")
        await pilot.pause()
        warnings = [m for severity, m in messages(app) if severity == "warning"]
        assert warnings == [
            "Nothing to undo: undo takes back only your own last action, and never past a roll, draw or reveal.",
            "There is no option 9: there are 3 now.",
            "The scores come when the game is over.",
        ]
        assert table.full_state_json() == before


async def test_digits_while_another_seat_decides_say_so():
    table = make_table("Ada", "Bram=bot")
    app = make_app(table=table, bot_delay=60, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "2")
        await pilot.pause()
        warnings = [m for severity, m in messages(app) if severity == "warning"]
        assert warnings == ["Nothing to decide right now. Waiting for Bram."]


async def test_status_line_names_who_decides():
    table = make_table("Ada", "Bram=bot")
    app = make_app(table=table, bot_delay=60, autosave=False)  # the bot waits: Ada stays to see it
    async with app.run_test(size=(80, 24)) as pilot:
        status = app.screen.query_one(StatusBar)
        assert (status.title, status.seat, status.note, status.urgent) == ("Tally", "Seat: Ada", "Ada to play", True)
        await pilot.press("1")
        await pilot.pause()
        assert status.note == "Waiting for Bram" and not status.urgent
        assert app.screen.query_one(ActionList).option_count == 1  # the waiting line, not an option
        assert app.screen.query_one(ActionList).actions == []


async def test_log_key_hides_and_shows_the_log():
    _, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one(LogPanel)
        await pilot.press("l")
        assert not log.display
        await pilot.press("l")
        assert log.display


async def test_help_shows_the_games_help_and_the_keys():
    _, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Using the game screen" in app.screen.text
        text = app.screen.text
        assert text.startswith("## Keys")  # the keys first
        assert all(row in text for row in ("| `u` | Undo |", "| `esc / q` | Leave |", "| `0-9` | Choose by number |"))
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


async def test_leaving_asks_first_then_goes_to_the_menu():
    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        assert isinstance(app.screen, LeaveScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert isinstance(app.screen, MenuScreen) and app.play is None
        assert table._listeners == []  # the screen and the glue let go of the table


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_screen_fits_small_and_uses_large_terminals(size):
    _, app = solo_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        for widget in ("#status", "#board", "#actions", "#log", "KeyBar"):
            region = screen.query_one(widget).region
            assert region.width > 0 and region.height > 0
            assert region.right <= size[0] and region.bottom <= size[1]
        side = screen.query_one("#side").region.width
        assert side >= 30 if size[0] == 80 else side > 50


async def test_moving_the_highlight_draws_what_a_full_repaint_draws():
    # The list repaints only the two options whose highlight changed: the screen
    # must then look exactly as after repainting everything.
    _, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.screen.query_one(ActionList)
        for key in ("down", "down", "up"):
            await pilot.press(key)
            await pilot.pause()
            shown = app.export_screenshot()
            options.refresh()
            app.screen.refresh()
            await pilot.pause()
            assert app.export_screenshot() == shown
        assert options.highlighted == 1


async def test_the_board_border_is_bright_while_the_focus_is_on_the_board():
    _, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one("#board")
        assert not board.has_class("-focus-inside")
        dimmed = board.styles.border_top
        app.screen.query_one("#view-scroll").focus()
        await pilot.pause()
        assert board.has_class("-focus-inside") and board.styles.border_top != dimmed
        app.screen.query_one(ActionList).focus()
        await pilot.pause()
        assert not board.has_class("-focus-inside") and board.styles.border_top == dimmed


async def test_every_option_of_a_plain_list_is_within_three_keys():
    from .helpers import check_within_three_keys

    table, app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await check_within_three_keys(pilot) == len(app.screen.legal) > 1
        assert table.view(0).tallies == [0]  # nothing was played
