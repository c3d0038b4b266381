"""Quilt's keys name things: a patch by its colour letter, a needle holder by the number
printed on it, the bag by d; the same every turn, and a key whose thing is not on offer says why."""

from __future__ import annotations

import random

from threadbox.rules.quilt import ChoosePatch, DrawPencil, EasyBot, PlacePencil, QuiltState, TakeHolder
from threadbox.tui.app import make_app
from threadbox.tui.games.quilt.keys import option_key
from threadbox.tui.widgets import ActionList

from ..helpers import make_table, messages, screen_text, settle, wait_for
from .qt_demo import HUMAN, demo_seats, pencils_table, play_until
from .qt_helpers import GAME, ready, type_keys

NAMED = ChoosePatch | DrawPencil | PlacePencil | TakeHolder


def holder_keys(app) -> dict[int, str | None]:
    """Each needle holder on offer, and the key drawn beside it on the list."""
    options = app.screen.query_one(ActionList)
    return {
        a.holder: key
        for a, key in zip(options.actions, options.keys, strict=True)
        if isinstance(a, PlacePencil | TakeHolder)
    }


async def test_a_whole_round_by_the_named_keys(quick_idle, script_reads_the_list):
    """Patches by colour letter, holders by their numbers and the bag by d; in colouring the
    pencil's letter, then the number shown beside the option."""
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(3), EasyBot()
    phases: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await wait_for(pilot, lambda: ready(app) or table.view(0).round > 1)
            view = table.view(HUMAN)
            assert isinstance(view, QuiltState)
            if view.round > 1:
                break
            phases.add(view.phase)
            bar = screen_text(app)[-1]
            if view.phase == "patches":
                assert "roygbp Take patch" in bar
            if view.phase == "colouring":
                assert "roygbp Pick pencil" in bar
            legal = table.legal(HUMAN)
            action = bot.choose(view, HUMAN, legal, mind)
            done = len(table.actions)
            if isinstance(action, NAMED):
                key = option_key(action)
                assert key is not None and app.screen.keys_for(action) == (key,)  # drawn beside it
                type_keys(app, key)
            elif hasattr(action, "colour"):
                type_keys(app, action.colour.lower())  # the pencil: the list keeps its options
                await pilot.pause()
                assert action in app.screen.query_one(ActionList).shown
                type_keys(app, *app.screen.keys_for(action))
            else:
                type_keys(app, *app.screen.keys_for(action))
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert (HUMAN, action) in table.actions[done:]
        assert phases == {"patches", "pencils", "colouring"}


async def test_the_number_on_a_holder_takes_that_holder_whatever_its_place_in_the_list():
    """Bram took holder 2: pressing 3 takes holder 3 (the list once read "2 Take needle holder 3")."""
    table = pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        assert table.view(0).holder_of[1] == 1  # Bram's: holder 2
        assert holder_keys(app) == {2: "3"}
        assert "3 Take needle holder 3" in "\n".join(screen_text(app))
        type_keys(app, "3")
        await settle(pilot, lambda: table.view(0).holder_of[0] is not None)
        assert table.view(0).holder_of[0] == 2


async def test_a_holder_not_on_offer_says_why_and_changes_nothing():
    table = pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        done = len(table.actions)
        for key, why in (("2", "needle holder 2 is already Bram's"), ("1", "needle holder 1 holds no pencils yet")):
            type_keys(app, key)
            await settle(pilot, lambda why=why: bool(messages(app)) and why in messages(app)[-1][1])
            assert why in messages(app)[-1][1]
            assert len(table.actions) == done
        type_keys(app, "d")  # draw: now the pencil must go on a holder, and d says so
        await settle(pilot, lambda: table.view(0).drawn is not None)
        type_keys(app, "d")
        await settle(pilot, lambda: "place" in messages(app)[-1][1])
        assert len(table.actions) == done + 1


def _before_the_bot(view: QuiltState) -> bool:
    """Ada to act in phase 2 (from round 2) with no holder taken yet, Bram still to move after her."""
    return (
        view.round >= 2
        and view.phase == "pencils"
        and view.turn == HUMAN
        and view.drawn is None
        and all(h is None for h in view.holder_of)
        and sum(1 for pencils in view.holders if pencils) >= 2
    )


async def test_a_holders_key_is_the_same_after_the_bots_move(script_reads_the_list):
    from threadbox.controller import Table, TableConfig

    table = play_until(Table(TableConfig(game=GAME, seats=demo_seats(), seed=5)), _before_the_bot, 5)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = holder_keys(app)
        assert before and all(key == str(h + 1) for h, key in before.items())
        done = len(table.actions)
        for _ in range(2):  # Ada draws two pencils and puts each on a holder by its number
            type_keys(app, "d")
            await settle(pilot, lambda: table.view(0).drawn is not None)
            type_keys(app, str(max(holder_keys(app)) + 1))
            await settle(pilot, lambda: table.view(0).drawn is None)
        await wait_for(pilot, lambda: ready(app) and any(s == 1 for s, _ in table.actions[done:]))
        after = holder_keys(app)
        still = set(before) & set(after)
        assert still and all(before[h] == after[h] == str(h + 1) for h in still)
        taken = table.view(0).holder_of[1]
        holder = max(after)
        type_keys(app, str(holder + 1))
        await settle(pilot, lambda: table.view(0).holder_of[0] is not None)
        assert table.view(0).holder_of[0] == holder and holder != taken
