"""Threaded's keys name things: the six shops are a-f while planning, FINISHES' four actions
their initials (t m r s); the same every turn, and a key whose thing is not on offer says why."""

from __future__ import annotations

import random

from threadbox.controller import Table, TableConfig
from threadbox.rules.threaded import EasyBot, ThreadedState
from threadbox.rules.threaded.actions import Finish, PlaceAssistant
from threadbox.rules.threaded.data import QUEUE_SPOTS
from threadbox.rules.threaded.options import finishes_open
from threadbox.tui.app import make_app
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList

from ..helpers import make_table, messages, screen_text, settle, wait_for
from .th_demo import HUMAN, demo_seats, play_until
from .th_helpers import GAME, keys_for, ready, type_keys

INITIALS = {"take": "t", "make": "m", "refresh": "r", "share": "s"}


def shop_keys(app) -> dict[str, str | None]:
    options = app.screen.query_one(ActionList)
    return {a.shop: key for a, key in zip(options.actions, options.keys, strict=True) if isinstance(a, PlaceAssistant)}


def view_of(table: Table) -> ThreadedState:
    view = table.view(HUMAN)
    assert isinstance(view, ThreadedState)
    return view


async def test_a_whole_round_by_the_named_keys(quick_idle, script_reads_the_list):
    """Shops by letter (Ada goes to FINISHES when she can), FINISHES by initials, every other
    decision by the key drawn beside its option."""
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(5), EasyBot()
    named: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await wait_for(pilot, lambda: ready(app) or view_of(table).round > 1)
            if view_of(table).round > 1:
                break
            if isinstance(app.screen, HandOffScreen):
                type_keys(app, "enter")
                continue
            view, legal = view_of(table), table.legal(HUMAN)
            kind = view.stack[-1].kind
            action = bot.choose(view, HUMAN, legal, mind)
            if kind == "plan":
                assert "a-f Shop" in screen_text(app)[-1] and "d Done" not in screen_text(app)[-1]
                if PlaceAssistant(shop="F") in legal:
                    action = PlaceAssistant(shop="F")
                assert isinstance(action, PlaceAssistant)
                keys: tuple[str, ...] = (action.shop.lower(),)
                named.append(keys[0])
            elif isinstance(action, Finish):
                assert "tmrs Finishes" in screen_text(app)[-1]
                keys = (INITIALS[action.choice],)
                named.append(keys[0])
            else:
                keys = keys_for(app, action)
            assert keys == keys_for(app, action)  # the key drawn beside the option
            done = len(table.actions)
            type_keys(app, *keys)
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert (HUMAN, action) in table.actions[done:]
        assert "f" in named and any(key in "tmrs" for key in named)  # planned to FINISHES and chose there


def _planning(view: ThreadedState) -> bool:
    top = view.stack[-1] if view.stack else None
    return top is not None and top.kind == "plan" and top.seat == HUMAN


def _a_shop_full(view: ThreadedState) -> bool:
    spots = QUEUE_SPOTS[view.players]
    return _planning(view) and any(len(view.queues[s]) >= spots[s] for s in spots)


async def test_a_shops_key_is_the_same_after_the_bots_move_and_d_is_darn_good_thread():
    seed = 3
    table = play_until(Table(TableConfig(game=GAME, seats=demo_seats(5), seed=seed)), _planning, seed)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = shop_keys(app)
        assert before and all(key == shop.lower() for shop, key in before.items())
        assert "d" in before.values()
        done = len(table.actions)
        type_keys(app, "d")
        await wait_for(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, PlaceAssistant(shop="D"))
        await wait_for(pilot, lambda: ready(app) and _planning(view_of(table)))
        assert any(seat != HUMAN for seat, _ in table.actions[done:])  # the bots moved
        after = shop_keys(app)
        still = set(before) & set(after)
        assert still and all(before[s] == after[s] == s.lower() for s in still)


async def test_a_full_shop_says_so_and_changes_nothing():
    seed = 3
    table = play_until(Table(TableConfig(game=GAME, seats=demo_seats(5), seed=seed)), _a_shop_full, seed)
    view = view_of(table)
    spots = QUEUE_SPOTS[view.players]
    full = next(s for s in spots if len(view.queues[s]) >= spots[s])
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        assert full not in shop_keys(app)
        before = table.full_state_json()
        type_keys(app, full.lower())
        await settle(pilot, lambda: bool(messages(app)))
        assert "the queue at" in messages(app)[-1][1] and "is full" in messages(app)[-1][1]  # the rules' words
        assert table.full_state_json() == before


async def test_finishes_initials_not_on_offer_say_why():
    def at_finishes_without_make(view: ThreadedState) -> bool:
        top = view.stack[-1] if view.stack else None
        return (
            top is not None
            and top.kind == "f_choice"
            and top.seat == HUMAN
            and "make" not in finishes_open(view, HUMAN)
        )

    seed = 3
    table = play_until(Table(TableConfig(game=GAME, seats=demo_seats(3), seed=seed)), at_finishes_without_make, seed)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        offered = {a.choice for a in table.legal(HUMAN) if isinstance(a, Finish)}
        options = app.screen.query_one(ActionList)
        assert {k for a, k in zip(options.actions, options.keys, strict=True) if isinstance(a, Finish)} == {
            INITIALS[c] for c in offered
        }
        missing = [c for c in INITIALS if c not in offered]
        assert "make" in missing
        before = table.full_state_json()
        for choice in missing:
            type_keys(app, INITIALS[choice])
            await settle(pilot, lambda choice=choice: bool(messages(app)) and choice.upper() in messages(app)[-1][1])
            assert f"{choice.upper()} needs" in messages(app)[-1][1]  # the rules say what it needs
        assert table.full_state_json() == before
        choice = sorted(offered)[0]
        done = len(table.actions)
        type_keys(app, INITIALS[choice])
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, Finish(choice=choice))
