"""Thingstead's keys name things: a hand card by its place in the hand, then where it goes
(t: the Thingstead, p s o g: a clan); an Elder by its number when the pawn moves. The same
every turn, and a key whose thing is not on offer says why and changes nothing."""

from __future__ import annotations

import random

from threadbox.rules.thingstead import EasyBot, Move, PlayToClan, PlayToThingstead, ThingsteadState
from threadbox.tui.app import make_app
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList

from ..helpers import keys_for, messages, settle, wait_for
from .ts_helpers import HUMAN, demo_table, ready, screen_text, type_keys


def view_of(table) -> ThingsteadState:
    view = table.view(HUMAN)
    assert isinstance(view, ThingsteadState)
    return view


def move_keys(app) -> dict[int, str | None]:
    """Each Elder the pawn may move to (by ring position), and the key drawn beside it."""
    options = app.screen.query_one(ActionList)
    return {a.to: key for a, key in zip(options.actions, options.keys, strict=True) if isinstance(a, Move)}


async def test_three_turns_by_the_named_keys_with_the_elders_keys_the_same_after_the_bots_turns(
    quick_idle, script_reads_the_list
):
    """Turns 1 and 3 play a card to the Thingstead (its place, then t) and move by an Elder's
    number; turn 2 plays one face down to a clan (its place, then the clan's letter)."""
    table = demo_table(step="play")
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(7), EasyBot()
    turns, moves_seen = 0, []
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await wait_for(pilot, lambda: ready(app))
            if isinstance(app.screen, HandOffScreen):
                type_keys(app, "enter")
                continue
            view, legal = view_of(table), table.legal(HUMAN)
            if turns >= 3 and view.step == "play":
                break
            action = bot.choose(view, HUMAN, legal, mind)
            hand = view.hands[HUMAN]
            if view.step == "play":
                card = hand[turns]  # a different card each turn
                action = PlayToThingstead(card=card) if turns != 1 else PlayToClan(card=card, clan="S")
                keys: tuple[str, ...] = (str(turns + 1), "t" if turns != 1 else "s")
                turns += 1
            elif view.step == "thing" and any(isinstance(a, Move) for a in legal):
                moves_seen.append(move_keys(app))
                action = next(a for a in legal if isinstance(a, Move))
                keys = (str(view.elder_at(action.to).number),)
            else:
                keys = keys_for(app, action)
            assert keys == keys_for(app, action)  # the keys drawn beside the option
            done = len(table.actions)
            type_keys(app, keys[0])
            if len(keys) > 1:
                await pilot.pause()
                assert len(table.actions) == done  # the card is chosen, not yet played
                assert f"Card {keys[0]}:" in screen_text(app)
                assert "t Thingstead" in screen_text(app)
                type_keys(app, keys[1])
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert table.actions[done] == (HUMAN, action)
        assert any(s != HUMAN for s, _ in table.actions)
        assert len(moves_seen) == 2
        for keys in moves_seen:  # every Elder goes by its number, whatever its place in the list
            assert all(key == str(view_of(table).elder_at(to).number) for to, key in keys.items())
        first, later = moves_seen
        assert set(first) & set(later)  # Elders on offer both times
        assert all(first[to] == later[to] for to in set(first) & set(later))


async def test_a_card_or_an_elder_not_on_offer_says_why_and_changes_nothing():
    table = demo_table(step="play")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = table.full_state_json()
        cards = len(view_of(table).hands[HUMAN])
        type_keys(app, "p")  # a clan before a card
        await settle(pilot, lambda: bool(messages(app)))
        assert messages(app)[-1][1].startswith("First press the card's place in your hand")
        type_keys(app, "9")
        await settle(pilot, lambda: "Your hand holds" in messages(app)[-1][1])
        assert messages(app)[-1][1] == f"Your hand holds {cards} cards: press 1 to {cards}."
        assert table.full_state_json() == before
        type_keys(app, "1", "t")  # the first card to the Thingstead: now the pawn moves
        await settle(pilot, lambda: view_of(table).step != "play")
        view = view_of(table)
        reachable = {str(view.elder_at(a.to).number) for a in table.legal(HUMAN) if isinstance(a, Move)}
        assert reachable and set(move_keys(app).values()) == reachable
        far = sorted({str(view.elder_at(p).number) for p in range(7)} - reachable)
        if far:
            before = table.full_state_json()
            type_keys(app, far[0])
            await settle(pilot, lambda: "out of your pawn's reach" in messages(app)[-1][1])
            assert messages(app)[-1][1].startswith(f"Elder No. {far[0]} is out of your pawn's reach")
            assert table.full_state_json() == before
        type_keys(app, "2")  # no Elder has No. 2
        await settle(pilot, lambda: "There is no Elder No. 2" in messages(app)[-1][1])


async def test_once_a_card_is_picked_the_key_bar_gives_t_its_one_meaning(quick_idle):
    """Before a card is picked, t pages the board; after, it sends the card to the Thingstead,
    and the key bar shows only that (not both meanings of one key)."""
    table = demo_table(step="play")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: ready(app) and not isinstance(app.screen, HandOffScreen))
        bar = screen_text(app).splitlines()[-1]
        assert "Board parts" in bar and "Thingstead" not in bar.replace("Board parts", "")
        await pilot.press("1")
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1]
        assert "t Thingstead" in bar and "Board parts" not in bar
