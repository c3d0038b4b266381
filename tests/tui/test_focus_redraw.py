"""Moving the focus redraws only what looks different (benchmarks/frames.py: at 200x60 a
full redraw of a game screen is most of a frame), and what is redrawn is right."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from threadbox.tui.app import make_app
from threadbox.tui.games.thread_count import ThreadCountScreen
from threadbox.tui.games.thread_count.widgets import CollectionBar, SeatList, Sheet
from threadbox.tui.widgets import ActionList, BoardPanel, KeyBar
from threadbox.tui.widgets.key_bar import _changed_cells

from .helpers import make_table, screen_text, settle


class Lists(App):
    """An options list and a second focusable widget, with one key for each."""

    BINDINGS = [Binding("x", "nothing", "Ex")]

    def compose(self):
        yield ActionList(id="list")
        other = Static("other", id="other")
        other.can_focus = True
        yield other
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ActionList).show([(None, f"option {i}") for i in range(8)])  # type: ignore[misc]

    def action_nothing(self) -> None:
        pass


@contextmanager
def refreshes() -> Iterator[list[tuple[Widget, tuple[Region, ...], dict]]]:
    """Every ``refresh`` asked for meanwhile: (widget, regions, keywords)."""
    asked: list[tuple[Widget, tuple[Region, ...], dict]] = []
    original = Widget.refresh

    def recording(widget, *regions, **kw):
        asked.append((widget, regions, kw))
        return original(widget, *regions, **kw)

    Widget.refresh = recording  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        Widget.refresh = original  # type: ignore[method-assign]


def list_lines(options: ActionList) -> list:
    return [options.render_line(y) for y in range(8)]


async def test_the_list_looks_the_same_after_the_focus_leaves_and_comes_back():
    app = Lists()
    async with app.run_test(size=(60, 20)) as pilot:
        options = app.query_one(ActionList)
        options.focus()
        await pilot.pause()
        focused = list_lines(options)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "other"
        blurred = list_lines(options)
        assert focused[0] != blurred[0]  # the highlight shows whether the list has the focus
        await pilot.press("shift+tab")
        await pilot.pause()
        again = list_lines(options)
        assert [s.text for s in again] == [s.text for s in focused]
        assert again == focused
        # ...drawn from what was kept for the focused look, not drawn again
        assert all(a is b for a, b in zip(again, focused))


async def test_new_options_are_drawn_afresh_in_both_looks():
    app = Lists()
    async with app.run_test(size=(60, 20)) as pilot:
        options = app.query_one(ActionList)
        options.focus()
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        options.show([(None, "something else")])  # type: ignore[list-item]
        await pilot.pause()
        assert "something else" in options.render_line(0).text
        await pilot.press("shift+tab")
        await pilot.pause()
        assert "something else" in options.render_line(0).text


async def test_the_key_bar_is_not_repainted_when_its_keys_stay_the_same():
    app = Lists()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        before = bar.render()
        with refreshes() as asked:
            await pilot.press("tab")
            await pilot.pause()
        assert [
            a for a in asked if a[0] is bar
        ] == []  # the same keys: the bar (and the screen around it) is left alone
        assert bar.render() is before


def test_the_changed_cells_of_a_key_bar_line():
    old = Text("a Ab  c Cd")
    assert _changed_cells(old, Text("a Ab  x Cd")) == (6, 7)
    restyled = Text("a Ab  c Cd")
    restyled.stylize("bold", 2, 4)
    assert _changed_cells(old, restyled) == (2, 4)
    assert _changed_cells(old, Text("longer line")) is None  # lengths differ: the whole bar
    assert _changed_cells(Text("⏎ Cup"), Text("⏎ Cap")) == (3, 4)
    assert _changed_cells(Text("宽 x"), Text("宽 y")) is None  # a wide character: the whole bar


class Bee(Static, can_focus=True):
    BINDINGS = [Binding("b", "bee", "Bee")]

    def action_bee(self) -> None:
        pass


class Keys(App):
    BINDINGS = [Binding("enter", "go", "Go"), Binding("x", "nothing", "Ex")]

    def compose(self):
        yield Bee("bee", id="bee")
        other = Static("other", id="other")
        other.can_focus = True
        yield other
        yield KeyBar()

    def action_go(self) -> None:
        pass

    def action_nothing(self) -> None:
        pass


async def test_the_key_bar_repaints_only_the_keys_a_focus_change_changed():
    app = Keys()
    async with app.run_test(size=(60, 10)) as pilot:
        app.query_one("#other").focus()
        await pilot.pause()
        bar = app.query_one(KeyBar)
        before = str(bar.render())
        with refreshes() as asked:
            app.query_one(Bee).focus()
            await pilot.pause()
        after = str(bar.render())
        assert before.startswith(" ⏎ Go  x Ex ") and after.startswith(" ⏎ Go  b Bee  x Ex ")
        regions = [r for widget, rs, _ in asked if widget is bar for r in rs]
        assert regions and all(r.x >= len(" ⏎ Go ") for r in regions)  # not the key that stayed


async def test_enter_stays_first_on_the_key_bar_wherever_the_focus_is():
    """Thread Count: Enter draws a cup; the options list takes Enter itself when focused."""
    app = make_app(table=make_table("Ana", "Bo", game="thread-count", seed=3), autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ThreadCountScreen))
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        first = str(bar.render())
        assert first.lstrip().startswith("⏎ Cup")
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(app.focused, ActionList)
        assert str(bar.render()) == first


async def test_a_sheet_keeps_its_inks_through_a_focus_change_and_redraws_on_a_new_theme():
    app = make_app(table=make_table("Ana", "Bo", game="thread-count", seed=3), autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ThreadCountScreen))
        await pilot.pause()
        sheet = app.screen.query_one("#tc-sheet", Sheet)
        sheet.focus()
        await pilot.pause()
        lines = [sheet.render_line(y) for y in range(sheet.size.height)]
        inks = sheet._cache
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not sheet
        assert sheet._cache is inks and inks  # the same colours: the inks are kept
        assert [sheet.render_line(y) for y in range(sheet.size.height)] == lines
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        redrawn = [sheet.render_line(y) for y in range(sheet.size.height)]
        assert [s.text for s in redrawn] == [s.text for s in lines]
        assert redrawn != lines  # the same drawing in the new theme's colours


async def test_thread_count_panels_are_laid_out_again_only_when_their_rows_change():
    app = make_app(table=make_table("Ana", "Bo", game="thread-count", seed=3), autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ThreadCountScreen))
        await pilot.pause()
        bar, seats = app.screen.query_one(CollectionBar), app.screen.query_one(SeatList)
        with refreshes() as asked:
            seats.seats = tuple(reversed(seats.seats))  # the same number of lines
            assert bar.bar is not None
            bar.bar = dataclasses.replace(bar.bar, rows=bar.bar.rows[:-1])  # one row fewer
        laid_out = [widget for widget, _, kw in asked if kw.get("layout")]
        assert seats not in laid_out and bar in laid_out


class Panel(App):
    def compose(self):
        with BoardPanel(id="board"):
            yield Static("inside")


async def test_a_new_board_title_or_hint_repaints_that_edge_only():
    app = Panel()
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(BoardPanel)
        board.styles.border = ("round", "white")
        await pilot.pause()
        with refreshes() as asked:
            board.show_title("Round 2 · [b]drafting")
            board.show_title("Round 2 · [b]drafting")  # the same again: nothing to do
            board.show_hint("Pick [red]a pencil")
        painted = [regions for widget, regions, _ in asked if widget is board]
        x, y = board.content_offset  # refreshed regions are given relative to the content
        assert painted == [(Region(-x, -y, 40, 1),), (Region(-x, 9 - y, 40, 1),)]
        await pilot.pause()
        lines = screen_text(app)
        assert "Round 2 · [b]drafting" in lines[0]  # plain text, never markup
        assert "Pick [red]a pencil" in lines[9]


async def test_a_players_name_in_the_board_title_is_plain_text():
    """Looking at another seat's sheet names that player on the board's edge."""
    app = make_app(table=make_table("Ana", "[b]Bo[/b]", game="thread-count", seed=3), autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ThreadCountScreen))
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert any("[b]Bo[/b]'s sheet" in line for line in screen_text(app)[:3])
