"""Quilt played on its screen: a whole game by keys against a bot, and keys and clicks one by one."""

from __future__ import annotations

from threadbox.rules.quilt import ChoosePatch, ColourCell, TakeHolder
from threadbox.tui.app import make_app
from threadbox.tui.games.quilt import QuiltScreen
from threadbox.tui.games.quilt.widgets.centre import HOLDERS_TOP, CentrePanel
from threadbox.tui.games.quilt.widgets.sheet import ROW_TOP, QuiltSheet
from threadbox.tui.widgets import ScoreTable

from ..helpers import make_table, messages, settle
from .qt_demo import colouring_table, pencils_table
from .qt_helpers import GAME, game_over, play_until, ready, type_keys


async def test_a_whole_two_seat_game_by_keys_against_a_bot(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = await play_until(pilot, lambda: game_over(app))
        assert table.is_over()
        ada = [a for seat, a in table.actions if seat == 0]
        assert decisions == len(ada) > 30
        assert sum(isinstance(a, ChoosePatch) for a in ada) == table.view(0).round
        assert any(isinstance(a, ColourCell) for a in ada)
        sheet = app.screen.query_one(ScoreTable)
        rows = [str(sheet.get_row_at(i)[0]) for i in range(sheet.row_count)]
        assert rows == ["Appliqués", "Row 1", "Row 2", "Row 3", "Row 4", "Row 5", "Spools", "Buttons", "Total"]
        outcome = table.outcome()
        assert [str(c) for c in sheet.get_row_at(8)[1:]] == [str(s.total) for s in outcome.scores]


async def test_two_humans_at_one_terminal_take_turns(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bram", game=GAME, seed=2)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        first = table.view(0).turn
        assert app.screen.port.seat == first  # no secrets in Quilt: no privacy screen, straight to the seat
        type_keys(app, "r")
        await settle(pilot, lambda: ready(app) and app.screen.port.seat != first)
        assert table.view(0).patches[first] == "R"
        type_keys(app, "r")  # taken: the rules say so and nothing changes
        await settle(pilot, lambda: bool(messages(app)))
        assert "already took the red (R) patch" in messages(app)[-1][1]
        assert table.view(0).patches[1 - first] is None


async def test_clicking_a_holder_and_a_row():
    table = pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        view = table.view(0)
        holder = next(a.holder for a in table.legal(0) if isinstance(a, TakeHolder))
        await pilot.click(CentrePanel, offset=(3, HOLDERS_TOP + holder))
        await settle(pilot, lambda: table.view(0).holder_of[0] is not None)
        assert table.view(0).holder_of[0] == holder
        assert view.round == table.view(0).round

    table = colouring_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        cell = next((a for a in table.legal(0) if isinstance(a, ColourCell)), None)
        assert cell is not None
        before = table.view(0).boards[0].rows[cell.row]
        type_keys(app, cell.colour.lower())  # pick the pencil, then click its row
        await pilot.pause()
        await pilot.click("#qt-sheet", offset=(10, ROW_TOP + cell.row))
        await settle(pilot, lambda: table.view(0).boards[0].rows[cell.row] != before)
        assert table.view(0).boards[0].rows[cell.row] == before + table.view(0).boards[0].rows[cell.row][-1]


async def test_other_sheets_can_be_looked_at_not_touched():
    table = colouring_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, QuiltScreen)
        type_keys(app, "t")
        await pilot.pause()
        sheet = screen.query_one("#qt-sheet", QuiltSheet)
        assert sheet.seat == 1 and sheet.face.name == "Bram"
        before = table.full_state_json()
        await pilot.click("#qt-sheet", offset=(10, 3))
        await pilot.pause()
        assert "another player's sheet" in messages(app)[-1][1]
        assert table.full_state_json() == before


async def test_a_wide_terminal_shows_every_sheet():
    table = colouring_table(players=3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, lambda: ready(app))
        others = [s for s in app.screen.query(".qt-other").results(QuiltSheet) if s.display]
        assert {s.face.name for s in others} == {"Bram", "Cleo"}
        assert app.screen.has_class("-wide")


async def test_the_highlighted_option_is_marked_on_the_sheet():
    table = colouring_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        legal = table.legal(0)
        index = next(i for i, a in enumerate(legal) if isinstance(a, ColourCell))
        type_keys(app, "home", *["down"] * index)
        await pilot.pause()
        face = app.screen.query_one("#qt-sheet", QuiltSheet).face
        row = face.rows[legal[index].row]
        assert [c.target for c in row.cells].count(True) == 1


async def test_four_seats_two_humans_and_two_bots_play_two_rounds_by_keys(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", "Cleo", "Dora=bot:easy", game=GAME, seed=6, variants=["quiltmania"])
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda: table.view(0).round == 3)
        assert table.view(0).total_pencils == 18  # Quiltmania for Four: three sets
        humans = {seat for seat, _ in table.actions if seat in (0, 2)}
        assert humans == {0, 2}  # both humans decided at the one terminal


async def test_names_are_plain_text_never_markup():
    table = make_table("[b]Ann[/b]", "Bram=bot:easy", game=GAME, seed=3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert screen.query_one("#qt-sheet", QuiltSheet).face.name == "[b]Ann[/b]"
        text = "".join(str(line) for line in screen.query_one("#qt-sheet", QuiltSheet).render().split())
        assert "[b]Ann[/b]" in text
        patches = str(screen.query_one(CentrePanel).render())
        assert "[b]Ann[/b]" in patches
