"""Local play: which seat is shown, privacy hand-offs, bots, game over, autosave."""

from __future__ import annotations

import pytest

from threadbox.controller.records import restore
from threadbox.rules.core import is_built
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.main_menu import MenuScreen
from threadbox.tui.widgets import ScoreTable, StatusBar
from threadbox.tui.widgets.confirm import ConfirmScreen

from .fakegame import HIDDEN_TALLY, TALLY
from .helpers import make_table, messages, settle

pytestmark = pytest.mark.usefixtures("fake")


def above_menu(app) -> list[type]:
    return [type(s) for s in app.screen_stack[1:]]


async def test_handoff_between_two_humans_when_information_is_hidden():
    table = make_table("Ada", "Bram", game=HIDDEN_TALLY)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert above_menu(app) == [HandOffScreen] and app.screen.player == "Ada"
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.port.seat == 0
        assert app.screen.port.view().secrets == [10, -1]
        await pilot.press("1")
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        # Ada's board is gone from the stack, not merely covered.
        assert above_menu(app) == [HandOffScreen] and app.screen.player == "Bram"
        await pilot.click("#handoff-ready")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.port.seat == 1 and app.screen.port.view().secrets == [-1, 11]
        assert app.screen.query_one(StatusBar).note == "Bram to play"


async def test_handoff_goes_on_only_on_enter_or_its_button_and_escape_offers_to_leave(home):
    table = make_table("Ada", "Bram", game=HIDDEN_TALLY)
    app = make_app(table=table, bot_delay=0)  # autosaved: leaving keeps the game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        handoff = app.screen
        await pilot.press("space", "1", "a", "u")  # typing meant for the last screen
        await pilot.click("#handoff-box", offset=(2, 1))  # on the box, not on its button
        await pilot.pause()
        assert app.screen is handoff and table.actions == []
        assert any("Press Enter when Ada is ready" in m for _, m in messages(app))
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen) and "saved" in app.screen.note
        assert above_menu(app) == [HandOffScreen, type(app.screen)]  # no view shown under the question
        await pilot.press("n")
        assert app.screen is handoff
        await pilot.press("q", "y")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert isinstance(app.screen, MenuScreen) and app.play is None
        assert table.actions == [] and app.book.unfinished() == []  # a record starts at the first action


async def test_no_handoff_when_nothing_is_hidden():
    table = make_table("Ada", "Bram")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        for _ in range(4):
            await settle(pilot, lambda: isinstance(app.screen, GameScreen))
            seen.append((type(app.screen), app.screen.port.seat, app.screen.query_one(StatusBar).note))
            await pilot.press("1")
        assert seen == [(GameScreen, 0, "Ada to play"), (GameScreen, 1, "Bram to play")] * 2


async def test_no_handoff_for_one_human_against_bots():
    table = make_table("Ada", "Bram=bot", "Cleo=bot", game=HIDDEN_TALLY)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await settle(pilot, lambda: app.screen.port.my_turn())
            assert above_menu(app) == [GameScreen] and app.screen.port.seat == 0
            await pilot.press("2")
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert isinstance(app.screen, GameOverScreen)
        assert table.view(None).tallies[0] == 6


@pytest.mark.skipif(not is_built("warp-and-weft"), reason="Warp & Weft's rules are not built yet")
async def test_handoff_in_warp_and_weft_between_two_humans():
    table = make_table("Ada", "Bram", "Cleo=bot", game="warp-and-weft")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Ada"
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press(app.screen.legal[0].colour.lower())  # keeps a string by its letter
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert above_menu(app) == [HandOffScreen] and app.screen.player == "Bram"


async def test_bots_alone_play_to_the_end_for_a_spectator():
    table = make_table("Ada=bot", "Bram=bot", "Cleo=bot")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.is_over() and isinstance(app.screen, GameOverScreen)
        assert above_menu(app) == [GameScreen, GameOverScreen]
        assert app.screen_stack[1].port.is_spectator


@pytest.mark.parametrize("game_id", ["thread-count", "warp-and-weft"])
async def test_a_real_game_between_bots_reaches_its_score_sheet(game_id):
    if not is_built(game_id):
        pytest.skip(f"{game_id} is not built yet")
    table = make_table("Ada=bot", "Bram=bot", "Cleo=bot", game=game_id, seed=7)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen), rounds=5000)
        assert table.is_over() and isinstance(app.screen, GameOverScreen)
        scores = app.screen.query_one(ScoreTable)
        assert scores.row_count >= 2 and len(scores.columns) == 4


async def test_a_hidden_game_ends_on_a_view_everyone_may_see():
    table = make_table("Ada", "Bram", game=HIDDEN_TALLY)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("1")
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.is_over() and app.screen_stack[1].port.is_spectator
        assert app.screen_stack[1].port.view().secrets == [-1, -1]


async def test_game_over_shows_the_breakdown_winners_and_reason():
    table = make_table("Ada=bot", "Bram=bot")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        screen = app.screen
        outcome = table.outcome()
        scores = screen.query_one(ScoreTable)
        rows = [[str(cell) for cell in scores.get_row_at(i)] for i in range(scores.row_count)]
        tallies = table.view(None).tallies
        assert rows[:3] == [["Adds", *map(str, tallies)], ["Bonus", "0", "0"], ["Total", *map(str, tallies)]]
        headers = [str(c.label) for c in scores.columns.values()]
        winner = outcome.winners[0]
        assert headers[1 + winner].startswith("★ ") and not headers[2 - winner].startswith("★")
        texts = " ".join(str(w.render()) for w in screen.query("Static"))
        assert f"Winner: {table.seats[winner].name}" in texts
        assert "all 3 rounds are played" in texts
        await pilot.press("escape")  # look at the final board
        assert isinstance(app.screen, GameScreen) and app.screen.check_action("scores", ())
        await pilot.press("g")
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert isinstance(app.screen, MenuScreen) and app.play is None


async def test_game_over_q_quits():
    table = make_table("Ada=bot")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running


async def test_a_bot_waits_bot_delay_before_moving():
    table = make_table("Ada=bot", "Bram=bot")
    app = make_app(table=table, bot_delay=30, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        assert table.actions == [] and app.play._bot_timer is not None


async def test_autosave_after_each_action(home):
    table = make_table("Ada")
    app = make_app(table=table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.book.entries() == []  # nothing played, nothing kept
        await pilot.press("3")
        await pilot.pause()
        [record] = app.book.unfinished()
        assert restore(record).view(0).tallies == [3]
        await pilot.press("1")
        await pilot.pause()
        [record] = app.book.unfinished()
        assert restore(record).view(0).tallies == [4]


async def test_hot_seat_names_are_plain_text_in_notices(home):
    """A name typed into the set-up form may look like markup: it is shown as typed, never parsed."""
    table = make_table("[/]", "[bold red]x", game=TALLY)
    app = make_app(table=table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("1")  # the first seat acts: the board stays, a notice names the next
        await settle(pilot, lambda: any("to play" in m for _, m in messages(app)))
        await pilot.pause(0.2)  # the toast is drawn: markup would fail here ("[/]") or style it
        shown = [n for n in app._notifications if n.message == "[bold red]x to play"]
        assert shown and not any(n.markup for n in shown)
