"""Placing threads on the Threaded screen by what they are, not by their place in a list (issue 23):
a thread is its colour letter and its place a key of its own ([ ] k x), the same every turn; a
cursor on the studio points at the needle's ends, the basket and scraps (arrows, Enter, clicks);
the options list and the cursor follow each other; and a whole round is played through those alone,
and another through the filtered list alone."""

from __future__ import annotations

import random

from textual import events

from threadbox.rules.core import Action
from threadbox.rules.threaded import EasyBot, ThreadedState
from threadbox.rules.threaded.actions import PickThread, Place, TakeTapestry
from threadbox.tui.app import make_app
from threadbox.tui.games.threaded import ThreadedScreen
from threadbox.tui.games.threaded import cursor as place_cursor
from threadbox.tui.games.threaded.cursor import PlaceCursor
from threadbox.tui.games.threaded.widgets.ink import Inks, broken
from threadbox.tui.games.threaded.widgets.studio import StudioBoard, placing_lines
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList
from threadbox.tui.widgets.option_filter import matching, words

from ..helpers import make_table, messages, screen_text, settle, wait_for
from .th_demo import HUMAN, decision_table, visit_table
from .th_helpers import GAME, keys_for, ready


def place(source: str, colour: str, to: str) -> Place:
    return Place(source=source, colour=colour, to=to)  # type: ignore[arg-type]


def view_of(table) -> ThreadedState:
    view = table.view(HUMAN)
    assert isinstance(view, ThreadedState)
    return view


# ---- the cursor on its own: only where the rules offer something ------------------------------
EMPTY_NEEDLE = [place("new", "Y", to) for to in ("left", "basket", "scraps")] + [
    place("basket", "Y", "left"),
    place("basket", "Y", "scraps"),
    place("basket", "G", "left"),
    place("basket", "G", "scraps"),
]


def test_the_cursor_rests_only_where_a_place_is_offered():
    aim = place_cursor.settle(None, EMPTY_NEEDLE)
    assert aim == PlaceCursor("new", "Y", "left")
    right = place_cursor.step_target(aim, EMPTY_NEEDLE, 1)
    assert right == PlaceCursor("new", "Y", "basket")  # an empty needle has one end: right is skipped
    assert place_cursor.step_target(PlaceCursor("new", "Y", "scraps"), EMPTY_NEEDLE, 1) is None
    assert place_cursor.step_target(aim, EMPTY_NEEDLE, -1) is None
    down = place_cursor.step_thread(PlaceCursor("new", "Y", "basket"), EMPTY_NEEDLE, 1)
    assert down == PlaceCursor("basket", "Y", "scraps")  # a basket thread cannot go to the basket: the nearest
    assert place_cursor.settle(PlaceCursor("new", "P", "right"), EMPTY_NEEDLE) == aim
    assert place_cursor.settle(None, []) is None


def test_a_colour_letter_picks_the_new_thread_and_again_the_baskets():
    first = place_cursor.with_colour(None, EMPTY_NEEDLE, "Y", again=False)
    assert first == PlaceCursor("new", "Y", "left")
    assert place_cursor.with_colour(first, EMPTY_NEEDLE, "Y", again=True) == PlaceCursor("basket", "Y", "left")
    assert place_cursor.with_colour(first, EMPTY_NEEDLE, "G", again=True) == PlaceCursor("basket", "G", "left")
    assert place_cursor.with_colour(first, EMPTY_NEEDLE, "P", again=False) is None


def test_the_studio_draws_the_places_with_their_keys_and_the_cursor_not_by_colour_alone():
    table = visit_table()
    from threadbox.tui.games.threaded.models import build

    model = build(view_of(table), HUMAN)
    studio = model.studio(HUMAN)
    for aim, mark in [
        (PlaceCursor("new", "P", "left"), "▶[L▸"),
        (PlaceCursor("new", "P", "right"), "◂R]◀"),
        (PlaceCursor("new", "P", "basket"), "▶k Basket"),
        (PlaceCursor("new", "P", "scraps"), "▶x Scraps"),
    ]:
        text = "\n".join(line.plain for line, _ in placing_lines(studio, aim, Inks(), 60))
        assert text.count("▶") + text.count("◀") == 1 and mark in text
        assert "[L▸" in text and "◂R]" in text and "k Basket" in text and "x Scraps" in text
        assert "▸P" in text  # the thread the cursor holds, marked among the new ones
        assert f"Enter: new P → {dict(left='L end', right='R end', basket='basket', scraps='scraps')[aim.to]}" in text
    for width in (32, 44, 60, 120):  # every line fits: nothing is cut off, and the clicks find their spots
        for line, _ in placing_lines(studio, PlaceCursor("basket", "G", "scraps"), Inks(), width):
            assert len(line.plain) <= width


# ---- keys that stay the same ------------------------------------------------------------------
async def test_a_threads_key_is_the_same_after_another_thread_is_placed():
    """Issue 23: "9 meant Basket G → scraps and sent the silver instead" -- the list renumbered
    when a thread's options went away. Here basket B goes to the needle; basket G's keys stay."""
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        legal = table.legal(HUMAN)
        keep, move = place("basket", "G", "scraps"), place("basket", "B", "left")
        assert keep in legal and move in legal
        before = keys_for(app, keep)
        done = len(table.actions)
        await pilot.press(*keys_for(app, move))
        await wait_for(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, move)
        await settle(pilot, lambda: ready(app))
        assert keep in table.legal(HUMAN)
        assert keys_for(app, keep) == before == ("g", "x")
        await pilot.press(*before)
        await wait_for(pilot, lambda: len(table.actions) > done + 1)
        assert table.actions[done + 1] == (HUMAN, keep)  # the key sent what it named


async def test_a_threads_key_at_ends_and_odds_is_the_same_after_another_seat_takes_one(script_reads_the_list):
    def twice_at_ends(view: ThreadedState) -> bool:
        queue = [s for s, _ in view.queues["E"]]
        return len(view.ends) >= 3 and HUMAN in queue and any(s != HUMAN for s in queue)

    table = decision_table("e_pick", 2, 2, also=twice_at_ends)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        picks = [a for a in table.legal(HUMAN) if isinstance(a, PickThread)]
        before = {a: keys_for(app, a) for a in picks}
        assert all(keys == (a.colour.lower(),) for a, keys in before.items())
        mine = picks[0]
        done = len(table.actions)
        await pilot.press(*before[mine])
        await wait_for(pilot, lambda: len(table.actions) > done + 1 and ready(app))
        assert table.actions[done] == (HUMAN, mine)
        assert any(seat != HUMAN for seat, _ in table.actions[done + 1 :])  # the other seat took one
        view = view_of(table)
        assert view.stack[-1].kind == "e_pick" and view.stack[-1].seat == HUMAN
        still = [a for a in table.legal(HUMAN) if a in before]
        assert still and all(keys_for(app, a) == before[a] for a in still)


async def test_keys_whose_thing_is_not_on_offer_say_why():
    table = visit_table()  # new P P P, basket B G G
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = table.full_state_json()
        await pilot.press("y")
        await pilot.pause()
        assert messages(app)[-1][1].startswith("No yellow (Y) thread to place: the threads to place are new pink")
        await pilot.press("b", "k")  # a basket thread into the basket: the rules' words
        await pilot.pause()
        assert "Basket B blue → basket is not an option when you place threads" in messages(app)[-1][1]
        assert table.full_state_json() == before


async def test_on_an_empty_needle_the_cursor_skips_the_right_end_and_its_key_says_why():
    table = decision_table("place", 3, 2, also=lambda view: not view.needles[HUMAN])  # new B B Y, basket Y S G
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _screen(pilot)
        assert screen.aim == PlaceCursor("new", "B", "left")
        await pilot.press("right")
        await pilot.pause()
        assert screen.aim == PlaceCursor("new", "B", "basket")  # the right end is not offered: skipped
        before = table.full_state_json()
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert messages(app)[-1][1] == "The needle is empty: its first thread goes on at the left end ([)."
        assert table.full_state_json() == before
        assert keys_for(app, place("basket", "Y", "scraps")) == ("y", "y", "x")  # a new yellow too
        assert keys_for(app, place("new", "Y", "left")) == ("y", "left_square_bracket")
        done = len(table.actions)
        await pilot.press("y", "y", "x")
        await wait_for(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, place("basket", "Y", "scraps"))


# ---- the cursor and the list follow each other; the mouse -----------------------------------------
async def test_the_cursor_follows_the_list_and_the_list_follows_the_cursor():
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _screen(pilot)
        options = screen.query_one(ActionList)
        assert screen.aim == PlaceCursor("new", "P", "left") == PlaceCursor.of(options.highlighted_action)
        await pilot.press("right", "right")  # on the board: L end, R end, basket
        await pilot.pause()
        assert screen.aim == PlaceCursor("new", "P", "basket")
        assert options.highlighted_action == place("new", "P", "basket")  # the list followed
        assert "▶k Basket" in "\n".join(screen_text(app))
        await pilot.press("down", "down")  # in the list: new P → scraps, then basket B → L end
        await pilot.pause()
        assert options.highlighted_action == place("basket", "B", "left")
        assert screen.aim == PlaceCursor("basket", "B", "left")  # the cursor followed
        await pilot.press("g", "right", "right")  # basket G: L end, R end, then scraps (not the basket)
        await pilot.pause()
        assert screen.aim == PlaceCursor("basket", "G", "scraps")
        await pilot.press("right")  # nothing further right: it stays
        await pilot.pause()
        assert screen.aim == PlaceCursor("basket", "G", "scraps")
        done = len(table.actions)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, place("basket", "G", "scraps"))


def spot_offset(studio: StudioBoard, spot: str) -> tuple[int, int]:
    """Where ``spot`` ("to:left", "new:P") is drawn on the studio, as an offset for a Pilot click."""
    face = studio.face()
    assert face is not None and face.aim is not None
    width = studio.content_size.width
    lines = broken(studio.draw_at(face, Inks(), width), width).plain.split("\n")
    for line, spots in placing_lines(face.table.studio(HUMAN), face.aim, Inks(), width):
        for x0, _, name in spots:
            if name == spot:
                edge = studio.content_region.offset - studio.region.offset
                return (x0 + edge.x, lines.index(line.plain) + edge.y)
    raise AssertionError(f"no {spot} on the studio")


async def test_a_click_points_at_a_place_and_a_second_click_puts_the_thread_there():
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _screen(pilot)
        studio = screen.query_one(StudioBoard)
        await pilot.click(StudioBoard, offset=spot_offset(studio, "basket:G"))
        await pilot.pause()
        assert screen.aim == PlaceCursor("basket", "G", "left")
        assert screen.focused is studio  # the studio has the focus: its arrows move the cursor
        await pilot.press("up")  # the thread above: basket B
        await pilot.pause()
        assert screen.aim == PlaceCursor("basket", "B", "left")
        await pilot.click(StudioBoard, offset=spot_offset(studio, "to:scraps"))
        await pilot.pause()
        assert screen.aim == PlaceCursor("basket", "B", "scraps")
        assert screen.query_one(ActionList).highlighted_action == place("basket", "B", "scraps")
        done = len(table.actions)
        await pilot.click(StudioBoard, offset=spot_offset(studio, "to:scraps"))
        await wait_for(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, place("basket", "B", "scraps"))


async def _screen(pilot) -> ThreadedScreen:
    await settle(pilot, lambda: ready(pilot.app))
    screen = pilot.app.screen
    assert isinstance(screen, ThreadedScreen)
    return screen


# ---- whole rounds ------------------------------------------------------------------------------
def post(app, *keys: tuple[str, str | None]) -> None:
    for key, char in keys:
        app.post_message(events.Key(key, char))


async def list_cursor_to(pilot, action: Action) -> None:
    """The options list's own cursor onto ``action`` (Home, then Down), and Enter."""
    screen = pilot.app.screen
    screen.set_focus(screen.query_one(ActionList))
    shown = screen.query_one(ActionList).shown
    await pilot.press("home", *["down"] * shown.index(action), "enter")


async def place_on_the_board(pilot, action: Place, way: int) -> str:
    """Place ``action``'s thread one of four ways: the named keys; its letter, then the arrows to the
    place and Enter; clicks on the thread and twice on the place; the studio's own arrows and Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, ThreadedScreen)
    studio = screen.query_one(StudioBoard)
    ways = ("keys", "arrows", "clicks", "studio")
    if way == 0:
        await pilot.press(*keys_for(pilot.app, action))
        return ways[way]
    if way == 2:
        await pilot.click(StudioBoard, offset=spot_offset(studio, f"{action.source}:{action.colour}"))
        await pilot.pause()
        assert screen.aim is not None and screen.aim.thread == (action.source, action.colour)
        for _ in range(2):
            await pilot.click(StudioBoard, offset=spot_offset(studio, f"to:{action.to}"))
        return ways[way]
    if way == 1:
        await pilot.press(*keys_for(pilot.app, action)[:-1])  # the thread by its letter (twice: the basket's)
    else:
        screen.set_focus(studio)
        while screen.aim is not None and screen.aim.thread != (action.source, action.colour):
            threads = place_cursor.threads(screen.legal)
            step = "down" if threads.index((action.source, action.colour)) > threads.index(screen.aim.thread) else "up"
            await pilot.press(step)
    await pilot.pause()
    order = place_cursor.TARGETS
    while screen.aim is not None and screen.aim.to != action.to:
        await pilot.press("right" if order.index(action.to) > order.index(screen.aim.to) else "left")
    await pilot.press("enter")
    return ways[way]


async def test_a_round_by_the_named_keys_and_the_cursor_alone(quick_idle, script_reads_the_list):
    """No option numbers: threads by letter and place, by the arrows, by clicks; the rest by their
    named keys (shops, FINISHES, Done, threads given or taken) or the list's own cursor."""
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(5), EasyBot()
    used: set[str] = set()
    placed = 0
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await wait_for(pilot, lambda: ready(app) or view_of(table).round > 1)
            if view_of(table).round > 1:
                break
            assert not isinstance(app.screen, HandOffScreen)  # one person at the table
            view, legal = view_of(table), table.legal(HUMAN)
            action = bot.choose(view, HUMAN, legal, mind)
            done = len(table.actions)
            if isinstance(action, Place):
                used.add(await place_on_the_board(pilot, action, placed % 4))
                placed += 1
            else:
                keys = keys_for(app, action)
                if isinstance(action, TakeTapestry) or any(key.isdigit() for key in keys):
                    await list_cursor_to(pilot, action)
                    used.add("list")
                else:
                    await pilot.press(*keys)
                    used.add("named")
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert table.actions[done] == (HUMAN, action)
        assert used >= {"keys", "arrows", "clicks", "studio", "named"}, used


def query_for(options: ActionList, action: Action) -> str:
    """The fewest leading words of ``action``'s option that keep it alone on the list."""
    index = options.actions.index(action)
    all_words = [words(group, text) for group, text in zip(options.groups, options.descriptions, strict=True)]
    own = words(options.descriptions[index])
    for end in range(1, len(own) + 1):
        query = " ".join(own[:end])
        if matching(query, all_words) == [index]:
            return query
    raise AssertionError(f"no words keep {options.descriptions[index]!r} alone")


async def test_a_round_by_the_filtered_list_alone(quick_idle, script_reads_the_list):
    """Every decision: / then the option's words, then Enter (Escape first when the list is still
    narrowed from the choice before, its options unchanged)."""
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    mind, bot = random.Random(5), EasyBot()
    kinds: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await wait_for(pilot, lambda: ready(app) or view_of(table).round > 1)
            if view_of(table).round > 1:
                break
            view, legal = view_of(table), table.legal(HUMAN)
            action = bot.choose(view, HUMAN, legal, mind)
            kinds.add(view.stack[-1].kind)
            options = app.screen.query_one(ActionList)
            query = query_for(options, action)
            done = len(table.actions)
            typed = [("space", " ") if c == " " else (c, c) for c in query]
            if options.filter_text:  # the same options as a moment ago (another thread to take): still narrowed
                await pilot.press("escape")
            await pilot.press("slash")  # the screen's key: handled before the letters go to the list
            post(app, *typed)
            await pilot.pause()
            assert options.shown == [action], (query, options.filter_text, app.screen.focused)
            post(app, ("enter", "\r"))
            await wait_for(pilot, lambda done=done: len(table.actions) > done)
            assert table.actions[done] == (HUMAN, action)
        assert {"plan", "place", "f_choice"} <= kinds


def test_the_help_opens_with_the_keys_table_the_new_keys_first_and_each_row_fits_80_columns():
    from threadbox.tui.games.threaded.help_text import HELP

    lines = HELP.splitlines()
    first_table = next(i for i, line in enumerate(lines) if line.startswith("| "))
    assert first_table < next(i for i, line in enumerate(lines) if line.startswith("### The round"))
    rows = [line for line in lines if line.startswith("| ") and not line.startswith("| :-")]
    assert [row.split("|")[1].strip() for row in rows[1:4]] == ["b y p s n g", "[ ] k x", "arrows, Enter"]
    for row in rows:  # the room a row has in the help box at 80 columns (as test_help_fits.py)
        assert sum(len(cell.strip()) for cell in row.strip("|").split("|")) <= 60, row
