"""Warp & Weft played on its screen: a whole hot-seat game by keys, and the
keys and clicks one by one."""

from __future__ import annotations

import pytest

from threadbox.controller import SeatPort
from threadbox.rules.warp_and_weft import ChooseCrossing
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games import screen_for
from threadbox.tui.games.warp_and_weft import WarpWeftScreen
from threadbox.tui.games.warp_and_weft.models import card_models
from threadbox.tui.games.warp_and_weft.widgets.cards import PatternCardView
from threadbox.tui.games.warp_and_weft.widgets.hand import HandView
from threadbox.tui.games.warp_and_weft.widgets.loom import SNUG, LoomBoard
from threadbox.tui.games.warp_and_weft.widgets.seats import SeatLoom
from threadbox.tui.widgets import ScoreTable

from ..helpers import make_table, messages, settle
from .ww_demo import HUMAN, demo_table, draft_table
from .ww_demo import play_until as advance
from .ww_helpers import GAME, play_until, ready


async def test_a_whole_game_by_keys_against_a_bot(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = await play_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.is_over()
        # 4 rounds x (4 picks + 4 strings + 1 button) each, plus one decision per crossing:
        # 8 x 8 on a full loom.
        ada = [a for seat, a in table.actions if seat == 0]
        assert decisions == len(ada) == 4 * 9 + 64
        assert sum(isinstance(a, ChooseCrossing) for a in ada) == 64
        outcome = table.outcome()
        sheet = app.screen.query_one(ScoreTable)
        rows = [str(sheet.get_row_at(i)[0]) for i in range(sheet.row_count)]
        assert rows == [
            "Shared Objective",
            "Round button 1",
            "Round button 2",
            "Square button 1",
            "Square button 2",
            "Penalty",
            "Total",
        ]
        assert [str(c) for c in sheet.get_row_at(6)[1:]] == [str(s.total) for s in outcome.scores]


def weaving_app():
    table = demo_table()
    return table, make_app(table=table, bot_delay=0, autosave=False)


async def ww_screen(pilot) -> WarpWeftScreen:
    await settle(pilot, lambda: ready(pilot.app))
    screen = pilot.app.screen
    assert isinstance(screen, WarpWeftScreen)
    return screen


async def test_o_and_n_choose_over_and_under_along_the_string():
    table, app = weaving_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ww_screen(pilot)
        doing = table.view(HUMAN).weaving[HUMAN]
        assert isinstance(app.focused, LoomBoard) and len(doing.over) == 1
        await pilot.press("o", "n")
        await pilot.pause()
        assert table.view(HUMAN).weaving[HUMAN].over == (doing.over[0], True, False)
        assert screen.port.can_undo()
        await pilot.press("u")  # undo takes back the last crossing only
        await pilot.pause()
        assert table.view(HUMAN).weaving[HUMAN].over == (doing.over[0], True)


async def test_weaving_cursor_letters_arrows_and_enter():
    table, app = weaving_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ww_screen(pilot)
        while table.view(HUMAN).weaving[HUMAN] is not None:
            await pilot.press("o")
        await pilot.pause()
        view = table.view(HUMAN)
        screen = app.screen
        colour = view.picks[HUMAN][-1]
        await pilot.press(colour.lower())
        assert screen.cursor.colour == colour
        await pilot.press("down")  # onto the horizontal axis, the nearest free slot
        assert screen.cursor.axis == "horizontal"
        start = screen.cursor.slot
        await pilot.press("down")
        assert screen.cursor.axis == "horizontal" and screen.cursor.slot > start
        await pilot.press("a")
        assert screen.cursor.axis == "vertical"
        target = screen.cursor
        before = len(view.picks[HUMAN])
        await pilot.press("enter")
        await pilot.pause()
        after = table.view(HUMAN)
        woven = after.weaving[HUMAN]  # the demo's loom has horizontals to cross
        assert len(after.picks[HUMAN]) == before - 1
        assert (woven.colour, woven.axis, woven.slot) == (colour, "vertical", target.slot)


async def test_clicking_a_slot_moves_the_cursor_and_a_second_click_weaves():
    table, app = weaving_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ww_screen(pilot)
        while table.view(HUMAN).weaving[HUMAN] is not None:
            await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        loom = table.view(HUMAN).looms[HUMAN]
        row = loom.free_slots("horizontal")[-1]
        spot = (0, SNUG.row_y(row))  # the slot number on the left
        await pilot.click(LoomBoard, offset=spot)
        assert (screen.cursor.axis, screen.cursor.slot) == ("horizontal", row)
        await pilot.click(LoomBoard, offset=spot)
        await pilot.pause()
        woven = table.view(HUMAN).weaving[HUMAN]  # it crosses the red vertical string
        assert (woven.axis, woven.slot) == ("horizontal", row)


async def test_keys_at_the_wrong_time_say_why_and_change_nothing():
    table = draft_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ww_screen(pilot)
        before = table.full_state_json()
        missing = next(c for c in "PBVRY" if c not in table.view(HUMAN).hands[HUMAN])
        await pilot.press("o", "a", missing.lower())
        app.screen.set_focus(app.screen.query_one(LoomBoard))
        await pilot.press("left", "enter")
        await pilot.pause()
        assert table.full_state_json() == before
        notes = [text for _, text in messages(app)]
        assert "Over (o) and under (n) are for weaving, when a string crosses another." in notes
        assert any("no " in n and f"({missing}) string in hand" in n for n in notes)
        assert sum("for the weaving phase" in n for n in notes) == 3


async def test_a_letter_or_a_click_keeps_a_string_in_the_draft():
    table = draft_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ww_screen(pilot)
        colour = table.legal(HUMAN)[-1].colour
        await pilot.press(colour.lower())
        await pilot.pause()
        assert table.view(HUMAN).picks[HUMAN][-1] == colour  # the bots had chosen: revealed at once
        colour = table.legal(HUMAN)[0].colour
        hand = app.screen.query_one(HandView)
        line = next(i for i, c in enumerate(hand._colours) if c == colour)
        await pilot.click(HandView, offset=(4, line))
        await pilot.pause()
        assert table.view(HUMAN).picks[HUMAN][-1] == colour


async def test_a_click_on_a_card_places_a_button():
    table = draft_table()
    advance(table, lambda view: view.phase == "patterns", seed=5)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ww_screen(pilot)
        assert screen.shown == ["cards"]  # the pattern phase brings the cards forward
        card = table.view(HUMAN).interlaced[2]
        await pilot.click(f"#ww-card-{card}")
        await pilot.pause()
        placed = table.view(HUMAN).buttons[HUMAN][-1]  # the bots had chosen: revealed at once
        assert (placed.shape, placed.card) == ("square", card)
        assert "■A" in screen.query_one(f"#ww-card-{card}", PatternCardView).model.buttons


@pytest.mark.parametrize(
    ("size", "shown"),
    [
        ((80, 24), ["mine"]),
        ((120, 36), ["mine", "cards"]),
        ((120, 40), ["mine", "cards", "table"]),
        ((160, 50), ["mine", "cards", "table"]),
    ],
)
async def test_the_layout_uses_the_room_there_is(size, shown):
    table, app = weaving_app()
    async with app.run_test(size=size) as pilot:
        screen = await ww_screen(pilot)
        assert screen.shown == shown
        await pilot.press("t")
        if len(shown) == 3:
            assert "on screen already" in messages(app)[-1][1]
        else:
            assert screen.shown != shown and "mine" not in screen.shown[len(shown) - 1 :]


async def test_t_walks_through_the_panes_on_a_small_terminal():
    table, app = weaving_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ww_screen(pilot)
        assert not screen.query(PatternCardView) and not screen.query(SeatLoom)  # built when first shown
        seen = []
        for _ in range(3):
            seen.append(screen.shown[0])
            await pilot.press("t")
            await pilot.pause()
        assert seen == ["mine", "cards", "table"] and screen.shown == ["mine"]
        faces = {card.model.card_id: card.model for card in screen.query(PatternCardView)}
        assert len(faces) == 8 and len(screen.query(SeatLoom)) == table.view(HUMAN).players - 1
        legal = table.legal(HUMAN)
        assert all(faces[f.card_id] == f for f in card_models(table.view(HUMAN), HUMAN, legal, screen._tags))
        assert screen.query_one("#ww-cards").display is False


async def test_the_loom_has_the_focus_again_when_its_pane_comes_back():
    table, app = weaving_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ww_screen(pilot)
        await pilot.press("t", "t", "t")
        assert screen.shown == ["mine"] and isinstance(app.focused, LoomBoard)
        await pilot.press("o")
        await pilot.pause()
        assert table.view(HUMAN).weaving[HUMAN] is None or len(table.view(HUMAN).weaving[HUMAN].over) == 2


async def test_a_spectator_sees_the_table_but_every_key_is_refused():
    table = demo_table()
    app = make_app(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen_for(SeatPort(table, None)))
        await pilot.pause()
        screen = app.screen
        assert screen.main_seat == 0 and screen.cursor is None
        assert str(screen.query_one("#ww-hint").render()).startswith("Watching")
        before = table.full_state_json()
        await pilot.press("p", "o")
        await pilot.pause()
        assert table.full_state_json() == before
        assert all("Spectators" in text for _, text in messages(app)[-2:])
