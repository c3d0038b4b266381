"""A full round of Thingstead (Ada's turn with every kind of decision, then the bot's, to Ada's
next card) played twice on the screen: once by the named keys and the board cursor alone, once
by the filtered list alone. Ada plays what the easy bot would (seed 22, her 10th turn: a card to
the Thingstead, influence first, the Orange shove, followers on three Elders, a move, a draw)."""

from __future__ import annotations

import itertools

from threadbox.rules.thingstead import Influence, Move, Place, PlayToClan, PlayToThingstead, Push
from threadbox.tui.app import make_app
from threadbox.tui.games.thingstead import ThingsteadScreen
from threadbox.tui.widgets import ActionList
from threadbox.tui.widgets.option_filter import matching, words

from ..helpers import wait_for
from .ts_demo import play_on
from .ts_helpers import HUMAN, ready

KINDS = {"play", "thing", "push", "place", "draw"}


async def play_round(pilot, table, bot, mind, decide) -> set[str]:
    """Ada's decisions until her next card, each as the bot would choose it, typed by ``decide``;
    returns the kinds of decision met."""
    app = pilot.app
    kinds: set[str] = set()
    start = len([a for s, a in table.actions if s == HUMAN and isinstance(a, PlayToThingstead | PlayToClan)])
    while True:
        await wait_for(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, ThingsteadScreen)
        view = table.view(HUMAN)
        played = len([a for s, a in table.actions if s == HUMAN and isinstance(a, PlayToThingstead | PlayToClan)])
        if view.step == "play" and played > start:
            return kinds
        kinds.add(view.step)
        options = screen.query_one(ActionList)
        assert not options.numbers  # every option named: no list number is ever typed
        action = bot.choose(view, HUMAN, table.legal(HUMAN), mind)
        done = len(table.actions)
        action = await decide(pilot, screen, action)
        await wait_for(pilot, lambda done=done: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, action)


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def by_keys_and_cursor(pilot, screen: ThingsteadScreen, action):
    """A card by its place then the cursor round its destinations; influence first by i, the
    shove by the Elder's number, followers and draws with the cursor and Enter (or a count)."""
    options = screen.query_one(ActionList)

    async def steer(limit: int = 8) -> bool:
        for _ in range(limit):
            if options.highlighted_action == action:
                await press(pilot, "enter")
                return True
            await press(pilot, "right")
        return False

    if isinstance(action, PlayToThingstead | PlayToClan):
        await press(pilot, str(screen.places().hand.index(action.card) + 1))
        assert await steer()
    elif isinstance(action, Influence):
        await press(pilot, "i")
    elif isinstance(action, Push):
        await press(pilot, *screen.keys_for(action))  # the Elder the other pawn goes to
    elif isinstance(action, Place) and options.highlighted_action != action:
        await press(pilot, str(action.count))
    elif not await steer():  # a move, followers, a draw: the cursor; a stay shares its Elder with i
        assert isinstance(action, Move)
        await press(pilot, *screen.keys_for(action))
    return action


def query_for(options: ActionList, action) -> str | None:
    """Words of ``action`` that narrow the list to it (or to it first, the highlight elsewhere)."""
    listed = options.actions
    said = [words(group, text) for group, text in zip(options.groups, options.descriptions, strict=True)]
    for size in range(1, 5):
        for chosen in itertools.combinations(dict.fromkeys(said[listed.index(action)]), size):
            kept = [listed[i] for i in matching(" ".join(chosen), said)]
            if kept[0] == action and (len(kept) == 1 or options.highlighted_action not in kept[1:]):
                return " ".join(chosen)
    return None


async def by_the_filter(pilot, screen: ThingsteadScreen, action):
    """/ then words of the option that narrow the list to it, then Enter. Two cards whose
    numbers are the same words (0/2/2 and 2/2/0) cannot be told apart so: then Ada takes
    another option the words do single out."""
    options = screen.query_one(ActionList)
    query = query_for(options, action)
    if query is None:
        action = next(a for a in options.actions if query_for(options, a) is not None)
        query = query_for(options, action)
    assert query is not None
    await press(pilot, "slash", *["space" if ch == " " else ch for ch in query])
    assert options.shown[0] == action == options.highlighted_action, (query, options.filter_text)
    await press(pilot, "enter")
    return action


async def test_a_full_round_by_the_named_keys_and_the_cursor(quick_idle, script_reads_the_list):
    table, bot, mind = play_on(22, "play", 9)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        kinds = await play_round(pilot, table, bot, mind, by_keys_and_cursor)
    assert kinds == KINDS
    assert any(seat != HUMAN for seat, _ in table.actions[-8:])  # the bot played its turn between


async def test_a_full_round_by_the_filtered_list(quick_idle, script_reads_the_list):
    table, bot, mind = play_on(22, "play", 9)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        kinds = await play_round(pilot, table, bot, mind, by_the_filter)
    assert kinds == KINDS
