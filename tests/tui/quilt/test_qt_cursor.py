"""The Quilt board cursor and the colouring keys: a pencil's letter shows only its options,
then a key names the target (its row's number, + and an applique's points, s the spool);
the cursor points at cells, appliques, spools, holders and patches, the options list
follows it and it follows the list, and Enter or a click acts on what it points at."""

from __future__ import annotations

from contextlib import contextmanager

from threadbox.rules.quilt import ChoosePatch, ColourApplique, ColourCell, ColourSpool, DrawPencil, TakeHolder
from threadbox.tui.app import make_app
from threadbox.tui.games.quilt import QuiltScreen
from threadbox.tui.games.quilt.cursor import Spot, spot_of, spots
from threadbox.tui.widgets import ActionList

from ..helpers import messages, screen_text, settle
from .qt_demo import (
    HUMAN,
    bonus_names_a_colour_table,
    colouring_table,
    patches_table,
    pencils_table,
    three_pencils_table,
)
from .qt_helpers import ready


@contextmanager
def recording(screen: QuiltScreen):
    """What the screen would send, without playing it (as ``check_within_three_keys`` does)."""
    sent: list = []

    def record(action) -> bool:
        sent.append(action)
        return False

    screen.choose = record  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        del screen.choose


def highlighted(app):
    return app.screen.query_one(ActionList).highlighted_action


async def test_a_pencils_letter_shows_only_that_pencils_options():
    """The word filter `g` kept other pencils' cells whose bonus is a green pencil."""
    table = bonus_names_a_colour_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        legal = table.legal(HUMAN)
        for letter in sorted({a.colour for a in legal if hasattr(a, "colour")}):
            await pilot.press(letter.lower())
            shown = app.screen.query_one(ActionList).shown
            assert shown == [a for a in legal if getattr(a, "colour", None) == letter]
        assert "picked" in "\n".join(screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one(ActionList).shown == app.screen.query_one(ActionList).actions
        assert "picked" not in "\n".join(screen_text(app))  # the hint no longer says a pencil is picked


async def test_a_letter_then_the_targets_key_chooses_it():
    table = three_pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        colours = sorted({a.colour for a in table.legal(HUMAN) if hasattr(a, "colour")})
        first, last = colours[0], colours[-1]
        wanted = {
            (first.lower(), "4"): ColourCell(colour=first, row=3),
            (last.lower(), "1"): ColourCell(colour=last, row=0),
            (first.lower(), "plus", "5"): ColourApplique(colour=first, applique=1),
            (last.lower(), "s"): ColourSpool(colour=last),
        }
        for keys, action in wanted.items():
            screen.at_rest()
            with recording(screen) as sent:
                await pilot.press(*keys)
                await pilot.pause()
            assert sent == [action], keys
        assert len(table.actions) == len([a for a in table.actions])  # nothing was played
        done = len(table.actions)
        await pilot.press(first.lower(), "4")  # and played for real
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, ColourCell(colour=first, row=3))


async def test_a_rows_number_with_several_pencils_asks_for_one_and_points_at_it():
    table = three_pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, QuiltScreen)
        done = len(table.actions)
        await pilot.press("3")
        await pilot.pause()
        assert len(table.actions) == done
        assert "press a pencil's letter first" in messages(app)[-1][1]
        assert screen.cursor == Spot("row", 2)
        assert spot_of(highlighted(app)) == Spot("row", 2)


async def test_keys_whose_thing_is_not_on_offer_say_why():
    table = colouring_table()  # the +3 applique's column is touched; no bonus pending
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        done = len(table.actions)
        for keys, why in (
            (("plus", "3"), "column"),
            (("e", "5"), "no bonus allows that now"),
            (("n",), "no bonus to decline"),
            (("plus", "4"), "+ goes with 3, 5, 7"),
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert why in messages(app)[-1][1], (keys, messages(app)[-1])
        assert len(table.actions) == done


async def test_left_and_right_walk_the_cursor_and_the_list_follows():
    table = three_pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, QuiltScreen)
        view, legal = table.view(HUMAN), table.legal(HUMAN)
        offered = spots(view, HUMAN, legal)
        assert screen.cursor == spot_of(highlighted(app))  # at rest: on the highlighted option's thing
        for _ in offered:  # to the first thing in reading order
            await pilot.press("left")
        seen = [screen.cursor]
        for _ in offered:
            await pilot.press("right")
            await pilot.pause()
            seen.append(screen.cursor)
            assert spot_of(highlighted(app)) == screen.cursor  # the list follows the cursor
        assert set(seen) == set(offered)  # every thing on offer, nothing else
        assert "Nothing more that way" in messages(app)[-1][1]
        await pilot.press("up")  # the list moves: the cursor follows it
        await pilot.pause()
        assert screen.cursor == spot_of(highlighted(app))


async def test_on_the_board_the_arrows_point_and_enter_colours_with_the_picked_pencil():
    table = three_pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, QuiltScreen)
        colour = max(a.colour for a in table.legal(HUMAN) if hasattr(a, "colour"))
        await pilot.press(colour.lower())
        screen.query_one("#qt-scroll").focus()
        await pilot.pause()
        await pilot.press("home")  # (on the board: not the list's key) the cursor is where it was
        start = screen.cursor
        assert start is not None
        await pilot.press("down", "down")
        await pilot.pause()
        assert screen.cursor != start and screen.cursor.kind == "row"
        row = int(screen.cursor.key)
        lines = screen_text(app)
        assert any(f"│{row + 1} ·[▸" in line for line in lines)  # drawn: brackets, not colour alone
        done = len(table.actions)
        await pilot.press("enter")
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, ColourCell(colour=colour, row=row))


async def test_a_click_on_a_row_several_pencils_could_colour_points_then_a_second_click_colours():
    from threadbox.tui.games.quilt.widgets.sheet import ROW_TOP

    table = three_pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, QuiltScreen)
        done = len(table.actions)
        await pilot.click("#qt-sheet", offset=(10, ROW_TOP + 1))
        await pilot.pause()
        assert len(table.actions) == done and screen.cursor == Spot("row", 1)
        chosen = highlighted(app)
        await pilot.click("#qt-sheet", offset=(10, ROW_TOP + 1))
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, chosen)


async def test_the_cursor_on_the_table_holders_and_patches():
    table = pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, QuiltScreen)
        holder = next(a.holder for a in table.legal(HUMAN) if isinstance(a, TakeHolder))
        while screen.cursor != Spot("holder", holder):
            await pilot.press("right")
            await pilot.pause()
        assert any(line.lstrip("│").startswith(f"▶{holder + 1} [") for line in screen_text(app))
        done = len(table.actions)
        await pilot.press("enter")
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, TakeHolder(holder=holder))

    table = patches_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert screen.cursor is not None and screen.cursor.kind == "patch"
        await pilot.press("right")
        await pilot.pause()
        colour = str(screen.cursor.key)
        assert any(f"[{colour}]" in line for line in screen_text(app))
        done = len(table.actions)
        await pilot.press("enter")
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done][1].colour == colour


async def test_the_bag_by_d_and_by_the_cursor():
    table = pencils_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        with recording(screen) as sent:
            await pilot.press("d")
            await pilot.press("home")
            while screen.cursor != Spot("bag"):
                await pilot.press("left")
            await pilot.press("enter")
            await pilot.pause()
        assert sent == [DrawPencil(), DrawPencil()]


async def test_a_click_on_a_free_patch_takes_it():
    from threadbox.tui.games.quilt.widgets.centre import CentrePanel

    table = patches_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        drawn = app.screen.query_one(CentrePanel).content_region
        lines = [text[drawn.x : drawn.right] for text in screen_text(app)[drawn.y : drawn.bottom]]
        line = next(i for i, text in enumerate(lines) if "· free" in text)
        colour = lines[line].rstrip()[-1]  # the last free patch
        done = len(table.actions)
        await pilot.click(CentrePanel, offset=(lines[line].rindex(colour), line))
        await settle(pilot, lambda: len(table.actions) > done)
        assert table.actions[done] == (HUMAN, ChoosePatch(colour=colour))
