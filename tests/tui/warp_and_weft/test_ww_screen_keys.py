"""Warp & Weft's keys: the options and the key bar always match the decision asked for."""

from __future__ import annotations

import re

from threadbox.tui.app import make_app
from threadbox.tui.widgets import ActionList, KeyBar

from ..helpers import messages
from .ww_demo import demo_table, draft_table
from .ww_helpers import steady_text


def bar_keys(app) -> list[str]:
    keys, _ = app.screen.query_one(KeyBar).shown_keys()
    return [binding.description for binding, _ in keys]


def asked_slot(screen) -> str:
    hint = str(screen.query_one("#ww-hint").content)
    return re.search(r"(?:horizontal|vertical) slot \d+", hint).group(0)


async def test_the_options_follow_each_crossing_of_the_string_being_woven():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await steady_text(pilot)
        screen = app.screen
        options = screen.query_one(ActionList)
        for _ in range(2):  # crossing 2, then crossing 3: the same two actions, about another string
            slot = asked_slot(screen)
            assert all(slot in words for words in options.descriptions), (slot, options.descriptions)
            await pilot.press("o")
            await steady_text(pilot)
        slot = asked_slot(screen)
        assert all(slot in words for words in options.descriptions)


async def test_the_key_bar_shows_over_and_under_only_at_a_crossing():
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await steady_text(pilot)
        assert "Over" in bar_keys(app) and "Under" in bar_keys(app)
        assert "Weave here" not in bar_keys(app)
        before = app.screen.port.view().model_dump()
        await pilot.press("enter")  # on the loom, while a crossing is open: says why
        await pilot.pause()
        assert app.screen.port.view().model_dump() == before
        assert any("choose over (o) or under (n)" in m for _, m in messages(app))
        while app.screen._crossing_now():
            await pilot.press("n")
            await steady_text(pilot)
        if app.screen.cursor is not None:  # the next string: where to weave it
            assert "Weave here" in bar_keys(app) and "Over" not in bar_keys(app)


async def test_in_the_draft_neither_weaving_key_shows_and_o_says_why():
    app = make_app(table=draft_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await steady_text(pilot)
        assert not {"Over", "Under", "Weave here"} & set(bar_keys(app))
        await pilot.press("o")
        await pilot.pause()
        assert ("warning", "Over (o) and under (n) are for weaving, when a string crosses another.") in messages(app)
