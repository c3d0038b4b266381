"""Thread Count played through its screen by keys: whole games, hot-seat and against a bot."""

from __future__ import annotations

from threadbox.rules.thread_count import EndAtPaw, PlaceCup, Stop
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.widgets import ScoreTable

from ..helpers import make_table
from .tc_helpers import GAME, play_until, toward_paw

BREAKDOWN = ["Mice", "Socks", "Paper planes", "Sets", "Cat", "Cups", "Total"]


def score_sheet(app) -> tuple[list[str], list[list[str]]]:
    sheet = app.screen.query_one(ScoreTable)
    rows = [sheet.get_row_at(i) for i in range(sheet.row_count)]
    return [str(row[0]) for row in rows], [[str(cell) for cell in row[1:]] for row in rows]


def hot_seat_keys(screen) -> list[str]:
    """Ada heads for the cat; Bram wanders and, once Ada is out, stops for good."""
    view, seat = screen.port.view(), screen.port.seat
    if view.phase == "place":
        # Every other cup one place further down, so the arrows are used too.
        return ["down", "enter"] if len(view.sheet(seat).cups) % 2 else ["enter"]
    if seat == 0:
        return toward_paw(screen)
    if view.is_out(0) or view.status[0] == "blocked":
        return ["s"]
    return ["space", "enter"] if view.round % 2 else ["right", "enter"]


async def test_two_players_at_one_terminal_play_a_whole_game_by_keys(script_reads_the_list):
    table = make_table("Ada", "Bram", game=GAME, seed=5)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        counts = await play_until(pilot, hot_seat_keys)
        assert isinstance(app.screen, GameOverScreen) and table.is_over()
        actions = [action for _, action in table.actions]
        assert sum(isinstance(a, PlaceCup) for a in actions) == 12
        assert any(isinstance(a, EndAtPaw) for a in actions)  # Ada reached the cat
        assert isinstance(actions[-1], Stop) and counts["confirms"] == 1  # Bram's stop asked first
        assert counts["decisions"] == len(actions)  # every decision took effect
        names, cells = score_sheet(app)
        assert names == BREAKDOWN
        outcome = table.outcome()
        assert cells[-1] == [str(s.total) for s in outcome.scores]
        assert cells[names.index("Cat")] == ["5", "0"]


async def test_one_player_against_a_bot_plays_a_whole_game_by_keys(script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=8)
    app = make_app(table=table, bot_delay=0, autosave=False)

    def keys(screen) -> list[str]:
        if screen.port.view().phase == "place":
            return ["enter"]
        return toward_paw(screen)

    async with app.run_test(size=(80, 24)) as pilot:
        counts = await play_until(pilot, keys)
        assert isinstance(app.screen, GameOverScreen) and table.is_over()
        ada = [action for seat, action in table.actions if seat == 0]
        assert counts["decisions"] == len(ada) and len(ada) > 6
        names, cells = score_sheet(app)
        assert names == BREAKDOWN
        assert cells[-1] == [str(s.total) for s in table.outcome().scores]
