"""Thingstead's keys name things: a hand card by its place in the hand, then where it goes
(t: the Thingstead, p s o g: a clan); an Elder by its number when the pawn moves. The same
every turn, and a key whose thing is not on offer says why and changes nothing."""

from __future__ import annotations

import random

import pytest

from threadbox.rules.thingstead import (
    DrawFromDeck,
    DrawFromRow,
    EasyBot,
    Move,
    Place,
    PlayToClan,
    PlayToThingstead,
    Push,
    ThingsteadState,
)
from threadbox.rules.thingstead.data import CARDS, clan_label
from threadbox.tui.app import make_app
from threadbox.tui.games.thingstead import ThingsteadScreen
from threadbox.tui.games.thingstead.keys import kept_places
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList

from ..helpers import check_within_three_keys, keys_for, make_table, messages, settle, wait_for
from .ts_demo import play_on, table_at
from .ts_helpers import GAME, HUMAN, demo_table, ready, screen_text, type_keys


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
            hand = app.screen.places().hand  # the cards by place, as the screen keeps them
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


# Decision points of every kind, at fixed seeds (ts_demo.play_on): Ada's nth decision of that kind.
POINTS = [
    ("play", 22, 0),
    ("play", 22, 9),
    ("play", 4, 6),
    ("thing", 22, 0),
    ("thing", 22, 3),  # influence first, or move
    ("thing", 22, 4),  # moving after influencing
    ("push", 22, 0),
    ("push", 22, 1),
    ("place", 22, 0),
    ("place", 22, 5),
    ("draw", 22, 0),
    ("draw", 4, 12),  # the deck used up, the row down to two cards
]


@pytest.mark.parametrize("point", POINTS, ids=lambda p: f"{p[0]}-{p[1]}-{p[2]}")
@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_option_is_within_three_keys_and_named(point, size):
    """From the screen at rest every option is chosen by at most three keys (issue 23, item 4);
    in Thingstead every option is named (no option goes by a list number)."""
    step, seed, nth = point
    app = make_app(table=table_at(seed, step, nth), bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: ready(app))
        options = app.screen.query_one(ActionList)
        assert all(options.keys) and not options.numbers
        assert len(set(options.keys)) == len(options.keys)
        assert await check_within_three_keys(pilot) == len(options.actions) > 1


async def test_the_shove_goes_by_the_number_of_the_elder_the_other_pawn_goes_to():
    table = table_at(22, "push", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        view = view_of(table)
        theirs = view.pawns[1 - HUMAN]
        far = next(str(view.elder_at(p).number) for p in range(7) if min(abs(p - theirs), 7 - abs(p - theirs)) > 1)
        before = table.full_state_json()
        type_keys(app, far)
        await settle(pilot, lambda: bool(messages(app)))
        assert messages(app)[-1][1].startswith("The shove moves the other pawn one space: to No. ")
        assert table.full_state_json() == before
        type_keys(app, "1")
        await settle(pilot, lambda: "There is no Elder No. 1" in messages(app)[-1][1])
        ahead = str(view.elder_at((theirs + 1) % 7).number)
        done = len(table.actions)
        type_keys(app, ahead)
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, Push(shift=1))


async def test_followers_go_by_their_count_and_too_many_says_why():
    table = table_at(22, "place", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        view = view_of(table)
        most = max(a.count for a in table.legal(HUMAN) if isinstance(a, Place))
        assert most < 9
        before = table.full_state_json()
        type_keys(app, str(most + 1))
        await settle(pilot, lambda: bool(messages(app)))
        at = view.elder_at(view.targets[view.place_step]).label()
        assert messages(app)[-1][1] == f"{at} can take 0 to {most} influence now: press 0 to {most}."
        assert table.full_state_json() == before
        done = len(table.actions)
        type_keys(app, str(most - 1))
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, Place(at=view.targets[view.place_step], count=most - 1))


async def test_drawing_goes_by_the_row_cards_place_or_d_for_the_deck():
    table = table_at(22, "draw", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))

        before = table.full_state_json()
        type_keys(app, "4")
        await settle(pilot, lambda: bool(messages(app)))
        assert messages(app)[-1][1] == "The face-up row holds 3 cards: press 1 to 3, or d for the deck."
        assert table.full_state_json() == before
        done = len(table.actions)
        type_keys(app, "d")
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, DrawFromDeck())
    table = table_at(22, "draw", 1)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        text = screen_text(app)
        row = view_of(table).row
        for place, card in enumerate(row, start=1):  # each row card beside its key
            assert any(f"│{mark}{place}{clan_label(CARDS[card].clan)}" in text for mark in " ▶")
        assert f"│ d the top card of the deck ({len(view_of(table).deck)} left)" in text
        done = len(table.actions)
        type_keys(app, "3")
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, DrawFromRow(card=row[2]))


async def test_d_outside_drawing_says_what_it_is_for():
    table = demo_table(step="play")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = table.full_state_json()
        type_keys(app, "d")
        await settle(pilot, lambda: bool(messages(app)))
        assert messages(app)[-1][1] == "d draws the top card of the deck, when you draw after playing a card."
        assert table.full_state_json() == before


def test_a_card_keeps_its_place_while_it_stays():
    assert kept_places((), [4, 5, 6]) == (4, 5, 6)
    assert kept_places((4, 5, 6), [4, 7, 6]) == (4, 7, 6)  # the row's card taken while the deck lasts: replaced there
    assert kept_places((4, 5, 6), [5, 6]) == (-1, 5, 6)  # the deck used up: the place stays empty
    assert kept_places((-1, 5, 6), [5]) == (-1, 5)  # an empty place at the end goes
    assert kept_places((9, 3, 20), [3, 20]) == (-1, 3, 20)  # a hand's played card...
    assert kept_places((-1, 3, 20), [1, 3, 20]) == (1, 3, 20)  # ...and the drawn one in its place
    assert kept_places((1, 3, 20), [1, 3, 8, 20]) == (1, 3, 20, 8)  # a sixth card: at the end


async def test_an_options_key_is_the_same_before_and_after_the_bots_move(quick_idle, script_reads_the_list):
    """Played on from late in a game (seed 4: the deck runs out and the bot takes the first row
    card, so the other two would move up): at each kind of decision, an option that was on offer
    last time and is again has the same key, whatever the bot did between."""
    table, bot, mind = play_on(4, "draw", 10)
    app = make_app(table=table, bot_delay=0, autosave=False)
    last: dict[str, dict] = {}
    compared = 0
    async with app.run_test(size=(80, 24)) as pilot:
        while not table.is_over():
            await wait_for(pilot, lambda: ready(app) or table.is_over())
            if table.is_over() or not isinstance(app.screen, ThingsteadScreen):
                break
            view = view_of(table)
            options = app.screen.query_one(ActionList)
            keys = dict(zip(options.actions, options.keys, strict=True))
            before = last.get(view.step, {})
            same = set(keys) & set(before)
            assert all(keys[a] == before[a] for a in same), {a: (before[a], keys[a]) for a in same}
            compared += len(same)
            last[view.step] = keys
            action = bot.choose(view, HUMAN, table.legal(HUMAN), mind)
            done = len(table.actions)
            type_keys(app, *app.screen.keys_for(action))
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert table.actions[done] == (HUMAN, action)
    assert compared > 10


async def test_in_a_hot_seat_game_a_card_keeps_its_place_across_the_hand_offs(quick_idle, script_reads_the_list):
    """Each hand-off shows a new screen; the drawn card still takes the played card's place."""
    table = make_table("Ada", "Bea", game=GAME, seed=3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    hands: list[tuple[int, ...]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while len(hands) < 2:
            await wait_for(pilot, lambda: ready(app))
            if isinstance(app.screen, HandOffScreen):
                type_keys(app, "enter")
                continue
            screen = app.screen
            view = table.view(table.pending()[0])
            if screen.port.seat == 0 and view.step == "play":
                hands.append(screen.places().hand)
            legal = table.legal(screen.port.seat)
            action = next(
                (a for a in legal if isinstance(a, PlayToThingstead) and a.card != min(view.hands[0])), legal[0]
            )
            done = len(table.actions)
            type_keys(app, *screen.keys_for(action))
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
    first, later = hands
    played = next(c for c in first if c not in later)
    drawn = next(c for c in later if c not in first)
    assert later.index(drawn) == first.index(played)  # the new card where the played one was
    assert all(later.index(c) == first.index(c) for c in first if c in later)
    assert list(later) != sorted(later)  # not the rules' order: the drawn card sorts elsewhere
