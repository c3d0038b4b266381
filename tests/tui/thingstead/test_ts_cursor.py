"""The board cursor: the highlighted option drawn where it acts (▶ on an Elder, the Thingstead,
a clan, a row card, the deck). Left and right go round the spots some option acts on; the list
follows the cursor and the cursor the list; Enter acts there; the mouse points and clicks."""

from __future__ import annotations

import pytest

from threadbox.rules.thingstead import DrawFromRow, Move, Place, PlayToClan, PlayToThingstead, Push, ThingsteadState
from threadbox.rules.thingstead.data import RING
from threadbox.tui.app import make_app
from threadbox.tui.games.thingstead import ThingsteadScreen
from threadbox.tui.games.thingstead.pointing import Spot, spot_of
from threadbox.tui.games.thingstead.widgets import ClanRow, HandsPanel, RingView
from threadbox.tui.widgets import ActionList

from ..helpers import messages, settle
from .ts_demo import table_at
from .ts_helpers import HUMAN, demo_table, ready, screen_text


def pointed(screen: ThingsteadScreen) -> Spot | None:
    """Where the board draws the cursor now (read off the widgets' models)."""
    ring = screen.query_one(RingView).model
    assert ring is not None
    spots = [Spot("elder", e.position) for e in ring.elders if e.pointed]
    spots += [Spot("thingstead")] if ring.centre_pointed else []
    spots += [Spot("clan", n) for n, face in enumerate(screen.query_one(ClanRow).faces) if face.pointed]
    table = screen.query_one(HandsPanel).model
    assert table is not None
    spots += [Spot("row", table.pointed_row)] if table.pointed_row >= 0 else []
    spots += [Spot("deck")] if table.deck_pointed else []
    assert len(spots) <= 1, spots
    return spots[0] if spots else None


def spot(screen: ThingsteadScreen, action) -> Spot | None:
    view = screen.view
    assert isinstance(view, ThingsteadState)
    return spot_of(view, HUMAN, action, screen.places(view))


async def on_screen(pilot, table) -> ThingsteadScreen:
    await settle(pilot, lambda: ready(pilot.app))
    screen = pilot.app.screen
    assert isinstance(screen, ThingsteadScreen)
    return screen


@pytest.mark.parametrize("step,seed,nth", [("thing", 22, 0), ("push", 22, 0), ("draw", 22, 3), ("play", 22, 3)])
async def test_the_cursor_follows_the_list_and_is_drawn_where_the_option_acts(step, seed, nth):
    app = make_app(table=table_at(seed, step, nth), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, None)
        options = screen.query_one(ActionList)
        for index, action in enumerate(options.actions):
            options.highlighted = index
            await pilot.pause()
            assert pointed(screen) == spot(screen, action) is not None


async def test_left_and_right_go_round_the_ring_where_options_are_and_the_list_follows():
    table = table_at(22, "thing", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        options = screen.query_one(ActionList)
        offered = sorted({a.to for a in table.legal(HUMAN) if isinstance(a, Move)})
        assert 1 < len(offered) < RING  # some Elders are out of reach: the cursor skips them
        seen = []
        for _ in range(len(offered)):
            await pilot.press("right")
            await pilot.pause()
            here = pointed(screen)
            assert here is not None and here.kind == "elder"
            assert spot(screen, options.highlighted_action) == here  # the list follows
            seen.append(here.at)
        start = seen.index(min(seen))
        assert seen[start:] + seen[:start] == offered  # clockwise, each Elder on offer once
        await pilot.press("left")
        await pilot.pause()
        assert pointed(screen) == Spot("elder", seen[-2])
        text = screen_text(app)
        number = screen.view.elder_at(seen[-2]).number
        assert f"▶No.{number}" in text  # drawn by a glyph, not by colour alone


async def test_enter_does_what_the_cursor_points_at():
    table = table_at(22, "thing", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        await pilot.press("right", "right")
        await pilot.pause()
        here = pointed(screen)
        assert here is not None
        aimed = screen.query_one(ActionList).highlighted_action
        before = len(table.actions)
        await pilot.press("enter")
        await settle(pilot, lambda: len(table.actions) > before)
        assert table.actions[before] == (HUMAN, aimed)
        assert isinstance(aimed, Move) and aimed.to == here.at


async def test_the_shove_points_at_the_elder_the_other_pawn_would_go_to():
    table = table_at(22, "push", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        view = table.view(HUMAN)
        theirs = view.pawns[1 - HUMAN]
        seen = set()
        for _ in range(3):
            await pilot.press("right")
            await pilot.pause()
            action = screen.query_one(ActionList).highlighted_action
            assert isinstance(action, Push)
            assert pointed(screen) == Spot("elder", (theirs + action.shift) % RING)
            seen.add(action.shift)
        assert seen == {-1, 0, 1}


async def test_placing_the_arrows_go_through_the_counts_on_the_marked_elder():
    table = table_at(22, "place", 0)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        target = table.view(HUMAN).targets[table.view(HUMAN).place_step]
        counts = [a.count for a in table.legal(HUMAN) if isinstance(a, Place)]
        assert pointed(screen) == Spot("elder", target) and len(counts) > 1
        seen = []
        for _ in counts:
            await pilot.press("right")
            await pilot.pause()
            action = screen.query_one(ActionList).highlighted_action
            assert isinstance(action, Place) and pointed(screen) == Spot("elder", target)
            seen.append(action.count)
        assert seen == counts[1:] + counts[:1]  # one fewer each time, then round to the most
        assert not messages(app)


async def test_a_held_card_goes_round_its_destinations_and_enter_plays_it_there(quick_idle):
    table = table_at(22, "play", 3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        card = table.view(HUMAN).hands[HUMAN][1]
        await pilot.press("2")  # the second card: held, pointed at the Thingstead
        await pilot.pause()
        assert pointed(screen) == Spot("thingstead")
        assert "▶Card to play" in screen_text(app)
        await pilot.press("right", "right")  # Pink, then Sky Blue
        await pilot.pause()
        assert pointed(screen) == Spot("clan", 1)
        await settle(pilot, lambda: "▶S Sky Blue" in screen_text(app))
        assert "▶S Sky Blue" in screen_text(app)  # the board scrolled the clan row into view
        assert screen.query_one(ActionList).highlighted_action == PlayToClan(card=card, clan="S")
        await pilot.press("left", "left")  # round the other way: back to the Thingstead
        await pilot.pause()
        assert screen.query_one(ActionList).highlighted_action == PlayToThingstead(card=card)
        await pilot.press("left")  # and on round to Green
        await pilot.pause()
        before = len(table.actions)
        await pilot.press("enter")
        await settle(pilot, lambda: len(table.actions) > before)
        assert table.actions[before] == (HUMAN, PlayToClan(card=card, clan="G"))


async def test_drawing_points_at_the_row_and_the_deck():
    table = table_at(22, "draw", 3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        row = table.view(HUMAN).row
        seen = []
        for _ in range(len(row) + 1):
            await pilot.press("right")
            await pilot.pause()
            seen.append(pointed(screen))
        assert set(seen) == {Spot("row", n) for n in range(len(row))} | {Spot("deck")}
        text = screen_text(app)
        assert any(line.split("│")[1].startswith("▶") for line in text.splitlines() if line.count("│") > 1)


async def test_the_mouse_points_at_an_elder_and_a_click_acts(quick_idle):
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        ring = screen.query_one(RingView)
        assert ring.shape is not None
        view = table.view(HUMAN)
        moves = [a for a in table.legal(HUMAN) if isinstance(a, Move)]
        aim = next(a for a in moves if spot(screen, screen.query_one(ActionList).highlighted_action).at != a.to)
        x, y = ring.shape.corners[aim.to]
        await pilot.hover(RingView, offset=(x + 2, y + 1))
        await pilot.pause()
        assert screen.query_one(ActionList).highlighted_action == aim  # the list follows the mouse
        assert pointed(screen) == Spot("elder", aim.to)
        far = next((p for p in range(RING) if all(a.to != p for a in moves)), None)
        if far is not None:  # an Elder out of reach: the mouse over it leaves the cursor where it was
            fx, fy = ring.shape.corners[far]
            await pilot.hover(RingView, offset=(fx + 2, fy + 1))
            await pilot.pause()
            assert pointed(screen) == Spot("elder", aim.to)
        before = len(table.actions)
        await pilot.click(RingView, offset=(x + 2, y + 1))
        await settle(pilot, lambda: len(table.actions) > before)
        assert table.actions[before] == (HUMAN, aim)
        assert view.pawns[HUMAN] != aim.to == table.view(HUMAN).pawns[HUMAN]


async def test_a_click_on_a_row_card_draws_it():
    table = table_at(22, "draw", 3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await on_screen(pilot, table)
        card = table.view(HUMAN).row[1]
        before = len(table.actions)
        lines = screen_text(app).splitlines()
        heading = next(y for y, line in enumerate(lines) if "│Face-up row ·" in line)
        assert lines[heading + 2].split("│")[1].startswith(" 2")  # the row's second place, by its key
        await pilot.click(offset=(5, heading + 2))
        await settle(pilot, lambda: len(table.actions) > before)
        assert table.actions[before] == (HUMAN, DrawFromRow(card=card))


async def test_the_mouse_over_a_clan_points_at_it_and_a_click_plays_the_held_card_there(quick_idle):
    table = table_at(22, "play", 3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_screen(pilot, table)
        card = screen.places().hand[1]
        await pilot.press("2", "right")  # the second card, pointed at Pink: the clan row comes into view
        await settle(pilot, lambda: "│O Orange" in screen_text(app))
        lines = screen_text(app).splitlines()
        orange = next(y for y, line in enumerate(lines) if "│O Orange" in line)
        await pilot.hover(offset=(3, orange))
        await pilot.pause()
        assert pointed(screen) == Spot("clan", 2)
        assert screen.query_one(ActionList).highlighted_action == PlayToClan(card=card, clan="O")
        before = len(table.actions)
        await pilot.click(offset=(3, orange))
        await settle(pilot, lambda: len(table.actions) > before)
        assert table.actions[before] == (HUMAN, PlayToClan(card=card, clan="O"))
