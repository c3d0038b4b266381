"""A whole round of Quilt played two ways at 80x24 (issue 23's Done-when): by the named keys and
the board cursor alone, never an option's number; and by the filtered list alone (``/``, the
option's words, Enter). The easy bot decides for Ada; Bram is an easy bot."""

from __future__ import annotations

import random

from textual import events

from threadbox.rules.quilt import EasyBot, QuiltState
from threadbox.tui.app import make_app
from threadbox.tui.games.quilt import QuiltScreen
from threadbox.tui.games.quilt.cursor import pencil_of, spot_of
from threadbox.tui.games.quilt.keys import option_key, presses
from threadbox.tui.widgets import ActionList
from threadbox.tui.widgets.option_filter import words

from ..helpers import make_table, wait_for
from .qt_demo import HUMAN
from .qt_helpers import GAME, ready


def round_over(table) -> bool:
    return table.view(HUMAN).round > 2  # two whole rounds


async def point_at(pilot, screen: QuiltScreen, action) -> tuple[str, ...]:
    """Walk the cursor to ``action``'s thing with left / right (after its pencil's letter when
    several pencils could colour it there); returns the keys pressed."""
    pressed: tuple[str, ...] = ()
    spot = spot_of(action)
    here = [a for a in screen.legal if spot_of(a) == spot]
    if len(here) > 1 and pencil_of(action):
        pressed += (pencil_of(action).lower(),)
        await pilot.press(*pressed)
    offered = screen._offered()
    assert spot in offered
    at = offered.index(screen.cursor) if screen.cursor in offered else -1
    way = "right" if offered.index(spot) > at else "left"
    for _ in range(abs(offered.index(spot) - at)):
        await pilot.press(way)
        pressed += (way,)
    assert screen.cursor == spot
    assert screen.query_one(ActionList).highlighted_action == action
    await pilot.press("enter")
    return (*pressed, "enter")


async def test_a_round_by_the_named_keys_and_the_cursor_alone(script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(7), EasyBot()
    keys_seen: dict = {}  # each option's key as first listed: it must stay the same
    by_cursor = by_key = 0
    phases: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for step in range(400):
            await wait_for(pilot, lambda: ready(app) or round_over(table))
            if round_over(table):
                break
            screen = app.screen
            assert isinstance(screen, QuiltScreen)
            view = table.view(HUMAN)
            assert isinstance(view, QuiltState)
            phases.add(view.phase)
            options = screen.query_one(ActionList)
            for action, key in zip(options.actions, options.keys, strict=True):
                assert keys_seen.setdefault(action, key) == key, screen.port.describe(action)
            action = bot.choose(view, HUMAN, table.legal(HUMAN), mind)
            done = len(table.actions)
            key = option_key(action)
            if spot_of(action) is not None and (step % 2 or key is None):
                await point_at(pilot, screen, action)
                by_cursor += 1
            else:
                assert key is not None, f"no key names {screen.port.describe(action)}"
                await pilot.press(*presses(key))
                by_key += 1
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert table.actions[done] == (HUMAN, action)
        assert round_over(table)
        assert phases == {"patches", "pencils", "colouring"}
        assert by_cursor >= 3 and by_key >= 3


def type_words(app, text: str) -> None:
    for char in " ".join(words(text)):
        app.post_message(events.Key("space" if char == " " else char, char))


async def test_a_round_by_the_filtered_list_alone(script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(7), EasyBot()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await wait_for(pilot, lambda: ready(app) or round_over(table))
            if round_over(table):
                break
            screen = app.screen
            view = table.view(HUMAN)
            action = bot.choose(view, HUMAN, table.legal(HUMAN), mind)
            done = len(table.actions)
            await pilot.press("slash")
            type_words(app, screen.port.describe(action))
            await pilot.pause()
            options = screen.query_one(ActionList)
            assert options.shown[0] == action, (screen.port.describe(action), options.shown)
            await pilot.press("enter")
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert table.actions[done] == (HUMAN, action)
        assert round_over(table)
