"""Rolls that pass a player by are said, and stay readable beside the die."""

from __future__ import annotations

from threadbox.tui.app import make_app
from threadbox.tui.games.thread_count.models import die_model, earlier_rolls
from threadbox.tui.games.thread_count.widgets import DieFace

from ..helpers import make_table, messages, settle
from .tc_demo import HUMAN, demo_table
from .tc_helpers import GAME


def test_the_rolls_before_this_round_are_read_off_the_log():
    log = [
        "Round 1: the die shows 4.",
        "Ana draws right 4 to G1.",
        "Round 2: the die shows 2.",
        "Round 3: the die shows 6.",
    ]
    assert earlier_rolls(log, 3) == (4, 2)
    assert earlier_rolls(log, 1) == ()
    table = demo_table()
    die = die_model(table.view(HUMAN), table.log_for(HUMAN))
    assert len(die.before) == 6 and all(1 <= roll <= 6 for roll in die.before)


async def test_the_die_shows_the_rolls_before_it():
    table = demo_table()
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: bool(app.screen.query(DieFace)))
        await pilot.pause()
        die = app.screen.query_one(DieFace)
        text = str(die.render())
        assert "before " + " ".join(str(roll) for roll in die.die.before) in text
        assert die.region.height == 4 and die.region.right <= 80


async def test_a_player_whose_thread_is_walled_in_is_told():
    table = make_table("Ana", "Bo=bot:easy", game=GAME, seed=3, variants=["easier"])
    state = table._state  # the test builds the position: Ana's thread walled in at B1
    start = state.layout.start
    thread = (start, (1, 0), (0, 0), (0, 1), (1, 1), (1, 0))
    state.sheets[0] = state.sheets[0].model_copy(update={"thread": thread})  # sheets are values: replaced
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: app.screen.port.my_turn())
        await pilot.press("p")
        await settle(pilot, lambda: any(t == "warning" and "No roll can extend" in m for t, m in messages(app)))
        assert (
            "warning",
            "No roll can extend your thread any more: you sit out the rest of the game.",
        ) in messages(app)
        assert table.view(HUMAN).status[HUMAN] == "blocked"


async def test_the_line_under_a_finished_sheet_has_separators():
    from threadbox.tui.gameover import GameOverScreen
    from threadbox.tui.games.thread_count.widgets import RouteBar

    table = make_table("Ana=bot", "Bo=bot", game=GAME, seed=4, variants=["easier"])
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen), rounds=3000)
        board = app.screen_stack[-2]
        words = "".join(part[0] for part in board.query_one(RouteBar).parts)
        assert words == "Game over · g scores · v other sheets"
