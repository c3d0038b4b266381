"""The options list as a complete fallback, through the real screens of real games: grouped
under headings, every option reachable, two-digit numbers, narrowing by typing, and a list
that does not change under a key being pressed."""

from __future__ import annotations

import random

import pytest
from textual.app import App

from threadbox.controller import Table, TableConfig
from threadbox.rules.core import Action
from threadbox.rules.thingstead import EasyBot as ThingsteadBot
from threadbox.rules.thingstead import PlayToClan, PlayToThingstead
from threadbox.rules.warp_and_weft import PickString
from threadbox.tui.app import make_app
from threadbox.tui.games.quilt import QuiltScreen
from threadbox.tui.widgets import ActionList
from threadbox.tui.widgets.option_filter import matching, numbers_around, words

from .helpers import screen_text, settle, wait_for
from .quilt.qt_demo import colouring_table
from .quilt.qt_demo import demo_seats as quilt_seats
from .quilt.qt_demo import play_until as quilt_play_until
from .quilt.qt_helpers import ready as quilt_ready
from .thingstead.ts_helpers import demo_table as thingstead_table
from .thingstead.ts_helpers import ready as thingstead_ready
from .warp_and_weft.ww_demo import draft_table


def options_of(app) -> ActionList:
    return app.screen.query_one(ActionList)


async def thingstead_cards(pilot) -> ActionList:
    """Ada choosing which card to play where: 5 cards x 5 destinations, 25 options."""
    await settle(pilot, lambda: thingstead_ready(pilot.app))
    options = options_of(pilot.app)
    assert len(options.actions) == 25
    return options


async def test_a_cards_destinations_come_under_the_card_and_every_option_is_reached():
    app = make_app(table=thingstead_table(step="play"), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        options = await thingstead_cards(pilot)
        cards = [a.card for a in options.actions if isinstance(a, PlayToThingstead | PlayToClan)]
        assert cards == sorted(cards, key=cards.index)  # each card's options together
        assert len(set(options.groups)) == 5
        text = "\n".join(screen_text(app))
        assert options.groups[0] in text  # the first card's heading is drawn above its options
        assert "1 t to the Thingstead" in text  # under its card, an option says only where it goes (its keys first)
        seen = [options.highlighted_action]
        for _ in range(len(options.actions) - 1):
            await pilot.press("down")
            seen.append(options.highlighted_action)
        assert seen == options.actions  # the arrows reach every option, in the order listed


@pytest.fixture
def quilt_numbered(monkeypatch):
    """Quilt's options by number only: its named keys (a pencil's letter and a row's number)
    turned off, so that its colouring lists 16 options or more by number, as a list of any
    game without names of its own would."""
    from threadbox.tui.games.quilt import keys

    monkeypatch.setattr(keys, "option_key", lambda action: None)
    monkeypatch.setattr(keys, "named_keys", lambda view: frozenset())


def many_colourings():
    """Ada colouring in Quilt with 16 or more options (three pencils' targets), none named."""
    table = Table(TableConfig(game="quilt", seats=quilt_seats(), seed=1))
    return quilt_play_until(table, lambda v: v.phase == "colouring" and v.turn == 0 and len(table.legal(0)) >= 16, 1)


async def quilt_colouring(pilot) -> ActionList:
    """Ada colouring in Quilt: every pencil's cells, appliques and spools, numbered (16 or more)."""
    await settle(pilot, lambda: quilt_ready(pilot.app))
    options = options_of(pilot.app)
    assert len(options.numbers) >= 16 and not any(options.keys)
    return options


async def test_two_digits_choose_option_16_and_one_then_enter_or_a_pause_option_1(quilt_numbered):
    table = many_colourings()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        options = await quilt_colouring(pilot)
        sixteenth = options.actions[15]
        await pilot.press("1", "6")
        await wait_for(pilot, lambda: len(table.actions) > 0)
        assert table.actions[-1] == (0, sixteenth)
    for keys in (("1", "enter"), ("1",)):
        await choose_option_1(keys)


async def choose_option_1(keys: tuple[str, ...]) -> None:
    table = many_colourings()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        options = await quilt_colouring(pilot)
        first, done = options.actions[0], len(table.actions)
        await pilot.press(*keys)
        if keys == ("1",):
            assert len(table.actions) == done  # it waits: 10-19 could follow
            assert "number 1" in "\n".join(screen_text(app))
        await wait_for(pilot, lambda: len(table.actions) > done, patience=5)
        assert table.actions[-1] == (0, first)


async def test_typing_narrows_the_list_and_clearing_it_shows_every_option():
    app = make_app(table=colouring_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: quilt_ready(app))
        options = options_of(app)
        every = options.actions
        yellow = [a for a in every if getattr(a, "colour", None) == "Y"]
        assert yellow and len(yellow) < len(every)
        await pilot.press("slash", "y")
        assert options.shown == yellow
        assert "find y" in "\n".join(screen_text(app))
        await pilot.press("backspace")
        assert options.shown == every
        await pilot.press("r", "o", "w")  # still typing: letters the screen binds go to the filter
        assert options.shown == [a for a in every if "row" in words(options.descriptions[every.index(a)])]
        assert options.shown and options.filter_text == "row"
        await pilot.press("escape")
        assert options.shown == every and options.filter_text == ""
        assert isinstance(app.screen, QuiltScreen)  # Escape cleared the filter; it did not ask to leave
        # Quilt's pencil key narrows the list to that pencil's options.
        await pilot.press("y")
        assert options.shown == yellow
        await pilot.press("escape")
        assert options.shown == every


def test_a_typed_word_matches_a_whole_word_first_then_the_start_of_one():
    options = [
        words("Green (G) pencil", "Colour row 1 cell 1 green (G)"),
        words("Blue (B) pencil", "Colour row 12 cell 1 blue (B)"),
        words("Or", "Finish colouring (2 unused pencils go back)"),
    ]
    assert matching("g", options) == [0]  # (G), not "go"
    assert matching("gre", options) == [0]
    assert matching("1", options) == [0, 1]
    assert matching("12", options) == [1]
    assert matching("fin go", options) == [2]
    assert matching("x", options) == []


def picks(*colours: str) -> list[PickString]:
    return [PickString(colour=c) for c in colours]


async def test_the_highlight_stays_on_its_option_when_its_place_changes():
    # Warp & Weft's draft: Ada's next hand comes up at once when she keeps a string.
    app = make_app(table=draft_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: options_of(app).actions != [])
        options = options_of(app)
        assert options.actions == picks("B", "V", "R")
        await pilot.press("down", "down")
        assert options.highlighted_action == PickString(colour="R")
        await pilot.press("v")  # keeps purple by its letter: the highlight stays on red
        await wait_for(pilot, lambda: options.actions == picks("B", "R", "Y"))
        assert options.highlighted_action == PickString(colour="R")  # second now, still highlighted


async def test_the_highlight_stays_on_its_option_after_the_bots_moves():
    # Ada keeps a string before the bots, then their picks bring her next hand.
    table = draft_table()
    app = make_app(table=table, bot_delay=2.0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: options_of(app).actions != [])
        options = options_of(app)
        await pilot.press("v")
        await wait_for(pilot, lambda: options.actions == picks("B", "R", "Y"))
        await pilot.press("down", "down")
        assert options.highlighted_action == PickString(colour="Y")
        await pilot.press("r")  # keeps red by its letter; the bots have not picked yet
        await wait_for(pilot, lambda: options.actions == [], patience=5)
        await wait_for(pilot, lambda: options.actions == picks("B", "Y"), patience=20)
        assert table.actions[-1][0] != 0  # the list changed with a bot's pick
        assert options.highlighted_action == PickString(colour="Y")  # the bots' move kept it highlighted


def thingstead_at_the_draw():
    """Ada's last decision of a turn (which card to draw); then the bot plays, then Ada's
    25 options come up: the list changes by the bot's move."""
    table = thingstead_table(step="play")
    bot, mind = ThingsteadBot(), random.Random(2)
    while table.view(0).step != "draw":
        table.act(0, bot.choose(table.view(0), 0, table.legal(0), mind))
    return table


async def test_a_number_pressed_as_the_bots_move_changes_the_options_does_not_choose_another_option(monkeypatch):
    # A moment long enough for a busy test machine to press the key within it.
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 5.0)
    table = thingstead_at_the_draw()
    app = make_app(table=table, bot_delay=0.3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: thingstead_ready(app))
        options = options_of(app)
        await pilot.press("1")
        await wait_for(pilot, lambda: len(options.actions) == 25, patience=10)
        done = len(table.actions)
        await pilot.press("3")  # meant: the third card of the row, as a moment ago
        await pilot.pause()
        assert len(table.actions) == done  # now it names the third card in the hand: nothing is played
        hand = table.view(0).hands[0]
        assert options.highlighted_action == PlayToThingstead(card=hand[2])  # it shows that card's options
        assert "Card 3:" in "\n".join(screen_text(app))


class Listed(App):
    """The options list alone, shown options as a screen would."""

    def __init__(self):
        super().__init__()
        self.chosen: list[Action] = []
        self.refused: list[str] = []

    def compose(self):
        yield ActionList()

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        self.chosen.append(event.action)

    def on_action_list_refused(self, event: ActionList.Refused) -> None:
        self.refused.append(event.text)


async def test_a_number_pressed_just_after_the_list_changed_is_checked_against_the_list_seen(monkeypatch):
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 5.0)
    app = Listed()
    async with app.run_test(size=(60, 12)) as pilot:
        options = app.query_one(ActionList)
        first = [(PickString(colour=c), f"Keep {c}") for c in "BVR"]
        options.show(first)
        # Another seat's move: two options with their own keys come first; the numbers skip them.
        keyed = [(PlayToThingstead(card=0), "to the Thingstead"), (PlayToClan(card=0, clan="P"), "to Pink")]
        options.show(keyed + first[1:], keys=["1", "2", None, None], reserved={"1", "2"})
        # R keeps its number 3; V's 2 is a named key now, so V takes the lowest number left.
        assert options.numbers == {3: first[2][0], 4: first[1][0]}
        options.press_digit(4)  # option 4 named nothing a moment ago; now it is V
        await pilot.pause()
        assert app.chosen == [] and "4 is now “Keep V”" in app.refused[-1]
        options.press_digit(4)  # pressed again, having seen it: taken
        await pilot.pause()
        assert app.chosen == [first[1][0]]


async def test_options_still_on_offer_after_another_seats_move_keep_their_numbers(monkeypatch):
    monkeypatch.setattr("threadbox.tui.widgets.action_list.CHANGE_GUARD", 5.0)
    app = Listed()
    async with app.run_test(size=(60, 12)) as pilot:
        options = app.query_one(ActionList)
        first = [(PickString(colour=c), f"Keep {c}") for c in "BVRY"]
        options.show(first)
        assert options.numbers == {n: a for n, (a, _) in enumerate(first, start=1)}
        options.show([first[0], first[2], first[3]])  # another seat took the V: the others stay put
        assert options.numbers == {1: first[0][0], 3: first[2][0], 4: first[3][0]}
        options.press_digit(3)  # 3 is red (R), as it was: taken at once
        await pilot.pause()
        assert app.chosen == [first[2][0]]
        options.show([(PickString(colour="P"), "Keep P"), first[3]])  # a new option takes a free number
        assert options.numbers == {1: PickString(colour="P"), 4: first[3][0]}
        options.show(first[:2], own=True)  # the player's own choice: a new decision, numbered from 1
        assert options.numbers == {1: first[0][0], 2: first[1][0]}


async def test_a_list_drawn_before_anything_is_shown_on_it_is_empty():
    class Bare(App):
        def compose(self):
            yield ActionList()

    app = Bare()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert app.query_one(ActionList).actions == []
        assert "Your options" in "\n".join(screen_text(app))


def test_option_numbers_never_start_with_a_key_the_game_names():
    assert numbers_around(frozenset({"1", "2", "3", "d"}), 4) == [4, 5, 6, 7]
    assert numbers_around(frozenset({"1"}), 10) == [2, 3, 4, 5, 6, 7, 8, 9, 20, 21]  # not 10-19
    assert numbers_around(frozenset(str(d) for d in range(1, 10)), 3) == []  # every digit named
