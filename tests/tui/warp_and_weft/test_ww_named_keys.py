"""Warp & Weft by the keys that name things (issue 23): strings by colour letter, the loom's
slots by their numbers along the cursor's axis, the cards by their place, o / n at a crossing;
the weaving cursor and the options list follow each other; every option within three keys."""

from __future__ import annotations

import pytest

from threadbox.rules.warp_and_weft import PlaceButton, WeaveString
from threadbox.tui.app import make_app
from threadbox.tui.games.warp_and_weft.widgets.cards import PatternCardView
from threadbox.tui.games.warp_and_weft.widgets.loom import SNUG, LoomBoard
from threadbox.tui.widgets import ActionList

from ..helpers import check_within_three_keys, messages, settle
from .ww_demo import HUMAN, demo_table, draft_table, patterns_table, weave_start_table
from .ww_helpers import ready

TABLES = {
    "draft": draft_table,
    "weave": weave_start_table,
    "crossing": demo_table,
    "patterns": patterns_table,
}


async def on_screen(pilot):
    await settle(pilot, lambda: ready(pilot.app))
    return pilot.app.screen


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@pytest.mark.parametrize("phase", list(TABLES))
async def test_every_option_of_every_phase_is_within_three_keys(phase, size):
    table = TABLES[phase]()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        screen = await on_screen(pilot)
        before = table.full_state_json()
        legal = list(screen.legal)
        assert await check_within_three_keys(pilot) == len(legal)
        assert table.full_state_json() == before  # nothing was played
        if phase == "weave":  # 4 strings x up to 16 free slots, none by a list number
            assert len(legal) > 16 and not screen.query_one(ActionList).numbers


async def test_a_slots_number_weaves_the_cursors_string_there_and_a_taken_slot_says_why():
    table = weave_start_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot)
        loom = table.view(HUMAN).looms[HUMAN]  # round 1 wove the horizontal slots 5-8
        taken = next(s for s in range(8) if not loom.is_free("horizontal", s))
        free = next(s for s in range(8) if loom.is_free("vertical", s))
        assert screen.cursor.axis == "vertical"
        before = table.full_state_json()
        await pilot.press("a", str(taken + 1), "9")
        await pilot.pause()
        assert table.full_state_json() == before
        notes = [text for _, text in messages(app)]
        assert f"Horizontal slot {taken + 1} already holds a string." in notes
        assert "The loom's slots are numbered 1-8." in notes
        colour = table.view(HUMAN).picks[HUMAN][-1]
        await pilot.press(colour.lower(), "a", str(free + 1))  # that string, back to vertical, that slot
        await pilot.pause()
        view = table.view(HUMAN)
        doing = view.weaving[HUMAN]  # woven, or being woven if it crosses a string
        placed = (doing.colour, doing.axis, doing.slot) if doing else (view.looms[HUMAN].string_at("vertical", free),)
        assert placed in ((colour, "vertical", free), (colour,))


async def test_the_options_list_follows_the_weaving_cursor_and_the_cursor_follows_the_list():
    table = weave_start_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot)
        options = screen.query_one(ActionList)
        assert isinstance(app.focused, LoomBoard)
        assert options.highlighted_action == screen.cursor.action()
        await pilot.press("down", "right")  # the cursor moves on the loom: the list with it
        await pilot.pause()
        assert options.highlighted_action == screen.cursor.action() and screen.cursor.axis == "vertical"
        options.focus()
        await pilot.press("down", "down", "down")  # the list moves: the cursor with it
        await pilot.pause()
        action = options.highlighted_action
        assert isinstance(action, WeaveString) and screen.cursor.action() == action
        assert screen.query_one(LoomBoard).model.focus == (action.axis, action.slot)
        # A click on a free slot puts the cursor there, and the list's highlight too.
        row = table.view(HUMAN).looms[HUMAN].free_slots("horizontal")[-1]
        await pilot.click(LoomBoard, offset=(0, SNUG.row_y(row)))
        await pilot.pause()
        assert (screen.cursor.axis, screen.cursor.slot) == ("horizontal", row)
        assert options.highlighted_action == screen.cursor.action()
        before = len(table.actions)
        await pilot.press("enter")  # Enter on the list takes the highlighted option: the cursor's
        await pilot.pause()
        assert table.actions[before] == (HUMAN, WeaveString(colour=action.colour, axis="horizontal", slot=row))


async def test_a_cards_number_places_a_button_on_it_and_is_drawn_on_the_card():
    table = patterns_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot)
        view = table.view(HUMAN)
        cards = view.adjacent + view.interlaced
        options = screen.query_one(ActionList)
        for action, key in zip(options.actions, options.keys, strict=True):  # the list shows the card's key
            assert isinstance(action, PlaceButton) and key == str(cards.index(action.card) + 1)
        legal = [a.card for a in table.legal(HUMAN)]
        place = next(i for i, card in enumerate(cards) if card in legal and i >= 4)  # an Interlaced card
        face = screen.query_one(f"#ww-card-{cards[place]}", PatternCardView)
        assert face.model.key == str(place + 1)
        await pilot.press(str(place + 1))
        await pilot.pause()
        placed = table.view(HUMAN).buttons[HUMAN][-1]  # the bots had chosen: revealed at once
        assert (placed.shape, placed.card) == ("square", cards[place])
