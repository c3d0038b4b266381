"""The Thread Count screen: the sheet with the routes of this roll, and everything beside it."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll

from threadbox.rules.core import Action, GameState
from threadbox.rules.thread_count import Pass, PlaceCup, Stop, ThreadCountState
from threadbox.rules.thread_count.data import CUPS_PER_SHEET
from threadbox.rules.thread_count.sheet import DIRECTION_NAMES, DIRECTIONS, Point, point_name

from ...game_screen import GameScreen
from ...widgets import ActionList, BoardPanel
from .help_text import HELP
from .models import (
    PASS_KEY,
    STOP_KEY,
    collection_model,
    counter_model,
    die_model,
    option_group,
    option_key,
    seat_lines,
    sheet_model,
)
from .routes import RoutePicker, nearest_place, place_toward
from .widgets import (
    COMPACT,
    HUGE,
    LARGE,
    MINI,
    CollectionBar,
    ConfirmStop,
    DieFace,
    Legend,
    RoundCounter,
    RouteBar,
    Scale,
    SeatList,
    Sheet,
)
from .widgets.palette import ThreadCountColours
from .widgets.routebar import Part

CUPS_FIRST = "First draw your cups: the arrows pick a shaded place, Enter draws a cup there."
INFO_MIN = 20  # columns the die, counter, collection bar and scores need beside the sheet
MINI_SIZE = MINI.size(13, 9)


class ThreadCountScreen(GameScreen):
    """One seat's Thread Count: its sheet, the routes of this roll, and the state of the table.

    | Key | Does |
    | :- | :- |
    | left / up / right / down | pick a route setting off that way, again for the next (setup: move the cup cursor) |
    | space | next route (setup: next shaded place) |
    | enter | draw the picked route (setup: draw a cup at the cursor) |
    | e | pick a route ending the thread at the cat's paw |
    | p | pass this roll |
    | s | stop drawing for good (asks first) |
    | v | look at the next seat's sheet |
    | click a point | pick a route ending there, again for the next (setup: draw a cup there) |

    Every choice is also in the options list, kept in step with the sheet.
    """

    view: ThreadCountState

    HELP = HELP
    PALETTE = ThreadCountColours
    VIEW_ACTIONS = GameScreen.VIEW_ACTIONS | {"look"}  # still works in a replay
    AUTO_FOCUS = "#tc-sheet"

    DEFAULT_CSS = """
    ThreadCountScreen {
        /* Below 80x24 the sheet scrolls down and the panels beside it scroll into view: bars show it. */
        & #tc-main { height: 1fr; overflow-x: auto; scrollbar-size-horizontal: 1; }
        & #tc-left { width: auto; height: 1fr; overflow-y: auto; scrollbar-size-vertical: 1; }
        & #tc-others {
            display: none; height: 1fr; width: auto; margin-top: 1;
            grid-size: 2; grid-gutter: 1 1; grid-rows: 11; grid-columns: 25;
            overflow-y: auto; scrollbar-size-vertical: 1;
            &.-shown { display: block; }
        }
        & #tc-info { width: 1fr; min-width: 21; height: 1fr; padding-left: 1; scrollbar-size-vertical: 1; }
        & #tc-info.-roomy > * { margin-bottom: 1; }
    }
    """

    BINDINGS = [
        *(
            Binding(key, f"step({i})", "Pick a route going that way", show=False)
            for i, key in enumerate(DIRECTION_NAMES)
        ),
        Binding("enter", "place", "Cup"),  # only one of these two is on at a time
        Binding("enter", "confirm", "Draw"),
        Binding("space", "next_route", "Next route", show=False),
        Binding("e", "paw", "Paw"),
        Binding(PASS_KEY, "pass_turn", "Pass"),
        Binding(STOP_KEY, "stop", "Stop"),
        Binding("v", "look", "Sheets"),
    ]

    def __init__(self, port, **kw):
        super().__init__(port, **kw)
        self._drawn = False  # the board has been drawn once (then it is fitted to the room)
        self._log_read = 0  # log lines already looked through for news about this seat
        self._had_choice = False  # this seat had a decision at the last drawing
        self._picker = RoutePicker((0, 0), [])
        self._cursor: Point | None = None  # setup: the shaded place Enter draws a cup on
        self._looking: int | None = None  # a seat whose sheet is shown instead of ours

    # ---- layout ---------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        view = self.view
        with Horizontal(id="tc-main"):
            with Vertical(id="tc-left"):
                yield Sheet(id="tc-sheet")
                with Grid(id="tc-others"):
                    for _ in range(view.players - 1):
                        yield Sheet(scale=MINI, focusable=False, classes="tc-mini")
            info = VerticalScroll(id="tc-info")
            info.can_focus = False
            with info:
                yield DieFace(id="tc-die")
                yield RoundCounter(id="tc-counter")
                yield CollectionBar(id="tc-collection")
                yield SeatList(id="tc-seats")
                yield Legend(easier=view.easier, id="tc-legend")
        yield RouteBar(id="tc-route")

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Pick the sheet's spacing and how many other sheets to show for the room there is."""
        if not self._drawn or not self.is_attached or not self.query("#board"):
            return  # asked for after a resize, but the screen has gone since (or not composed yet)
        board = self.query_one("#board")
        width, height = board.content_size
        height -= 1  # the route bar
        layout, others = self.view.layout, self.view.players - 1
        best: tuple[tuple[int, int], Scale, int] | None = None
        for rank, scale in enumerate((COMPACT, LARGE, HUGE)):
            size = scale.size(layout.columns, layout.rows)
            if size.width + 1 + INFO_MIN > width or size.height > height:
                continue
            columns = max(1, (size.width + 1) // (MINI_SIZE.width + 1))
            rows = max(0, (height - size.height) // (MINI_SIZE.height + 1))
            shown = min(others, columns * rows)
            if best is None or (shown, rank) > best[0]:
                best = ((shown, rank), scale, columns)
        (shown, _), scale, columns = best or ((0, 0), COMPACT, 1)
        self.query_one("#tc-sheet", Sheet).scale = scale
        grid = self.query_one("#tc-others", Grid)
        grid.set_class(shown > 0, "-shown")
        grid.styles.grid_size_columns = columns
        scrolls = others > shown  # then a scrollbar column beside the small sheets
        grid.styles.width = columns * (MINI_SIZE.width + 1) - 1 + scrolls
        self.query_one("#tc-info").set_class(height >= 34, "-roomy")

    # ---- showing the table -----------------------------------------------
    @property
    def home(self) -> int:
        """The seat whose sheet is ours: spectators start on the first seat's."""
        return self.port.seat if self.port.seat is not None else 0

    @property
    def shown(self) -> int:
        return self.home if self._looking is None else self._looking

    def option_group(self, action: Action) -> str:
        return option_group(action)

    def option_key(self, view: GameState, action: Action) -> str | None:
        return option_key(action)

    def update_board(self, view: GameState, legal: list[Action]) -> None:
        assert isinstance(view, ThreadCountState)
        first, self._drawn = not self._drawn, True
        self._tell_what_passed(first)
        had_choice, self._had_choice = self._had_choice, bool(legal)
        if legal and not had_choice:
            self._looking = None  # a new decision: back to our own sheet
        places = [a.at for a in legal if isinstance(a, PlaceCup)]
        if places and self._cursor not in places:
            self._cursor = nearest_place(places, self._cursor or view.layout.start)
        elif not places:
            self._cursor = None
        seat = self.port.seat
        start = view.thread_end(seat) if seat is not None else (0, 0)
        picker = RoutePicker.build(start, legal, lambda a: view.route_of(self.home, a))
        if picker.actions != self._picker.actions or picker.start != self._picker.start:
            self._picker = picker
        self._show()
        if first:
            self.call_after_refresh(self._fit)

    def _tell_what_passed(self, first: bool) -> None:
        """Say when rolls passed this seat by (it could not draw them) or it can never move again:
        those happen without a decision of ours, and the log alone is easy to miss."""
        log, seat = self.port.log(), self.port.seat
        new, self._log_read = log[self._log_read :], len(log)
        if first or seat is None or not new:
            return
        name = self.view.name_of(seat)
        missed = [m[1] for line in new if (m := re.match(rf"{re.escape(name)} cannot draw an? (\d+) and passes", line))]
        if any(line.startswith(f"{name}'s thread is at a dead end") for line in new):
            self.notify(
                "No roll can extend your thread any more: you sit out the rest of the game.",
                title="Dead end",
                severity="warning",
                timeout=10,
            )
        elif missed:
            if len(missed) == 1:
                text = f"No route of {missed[0]} from the end of your thread: this roll passes you by."
            else:
                rolls = ", ".join(missed[:-1]) + " and " + missed[-1]
                text = f"No route for the rolls {rolls}: they passed you by (they stay beside the die)."
            self.notify(text, title="No route", timeout=8)

    def _show(self) -> None:
        """Push the models into the widgets and keep the options list on the picked choice."""
        if not self._drawn:
            return
        view = self.view
        shown, own = self.shown, self._looking is None and self.port.seat is not None
        route = self._picker.selected if own else None
        sheet = self.query_one("#tc-sheet", Sheet)
        sheet.show(
            sheet_model(
                view,
                shown,
                preview=route.points if route else (),
                targets=self._picker.ends if own else frozenset(),
                cursor=self._cursor if own else None,
            )
        )
        others = [s for s in range(view.players) if s != shown]
        for mini, seat in zip(self.query(".tc-mini").results(Sheet), others):
            mini.show(sheet_model(view, seat))
        die = self.query_one(DieFace)
        model = die_model(view, self.port.log())
        if die.die.round and model.round != die.die.round:
            die.flash()  # a new roll: it stands out for a moment
        die.die = model
        self.query_one(RoundCounter).counter = counter_model(view)
        self.query_one(CollectionBar).bar = collection_model(view, shown)
        self.query_one(SeatList).seats = seat_lines(view, self.port.seat, shown)
        self.query_one(RouteBar).parts = self._route_parts()
        name = "Your" if own else f"{view.name_of(shown)}'s"
        self.query_one("#board", BoardPanel).show_title(f"{name} sheet · side {view.layout.side}")
        self._sync_list()

    def _sync_list(self) -> None:
        options = self.query_one(ActionList)
        route = self._picker.selected
        choice = route.action if route else (PlaceCup(at=self._cursor) if self._cursor else None)
        if choice is not None:
            options.highlight_action(choice)

    def _route_parts(self) -> tuple[Part, ...]:
        """The line under the sheet: what Enter would do now, and the keys for the rest."""
        view, port = self.view, self.port
        look = [(" · ", "tc--label", ""), ("v", "tc--on", "look"), (" other sheets", "tc--label", "look")]
        if view.players == 1:
            look = []
        if port.is_over():
            return (
                ("Game over", "tc--title", ""),
                (" · ", "tc--label", ""),
                ("g", "tc--on", "scores"),
                (" scores", "tc--label", "scores"),
                *look,
            )
        if self._looking is not None:
            return (
                (f"{view.name_of(self.shown)}'s sheet", "tc--title", ""),
                *look,
                ("  ", "", ""),
                ("arrows", "tc--on", ""),
                (" back to yours", "tc--label", ""),
            )
        if not port.my_turn():
            note = self.decision_note(view)[0] or "Watching"
            return ((note, "tc--label", ""), *look)
        if self._cursor is not None:
            done = len(view.sheet(self.home).cups)
            return (
                ("⏎ Place", "tc--next", "place"),
                (f" cup {done + 1} of {CUPS_PER_SHEET} on {point_name(self._cursor)}", "tc--title", ""),
                ("  arrows", "tc--on", ""),
                (" move", "tc--label", ""),
                ("  click", "tc--on", ""),
                (" a ░", "tc--label", ""),
            )
        route, routes = self._picker.selected, self._picker.routes
        keys: list[Part] = [
            ("  p", "tc--on", "pass_turn"),
            (" pass", "tc--label", "pass_turn"),
            ("  s", "tc--on", "stop"),
            (" stop", "tc--label", "stop"),
        ]
        if any(r.ends_thread for r in routes):
            keys += [("  e", "tc--on", "paw"), (" paw", "tc--label", "paw")]
        if route is None:
            return (
                ("No route picked", "tc--title", ""),
                ("  arrows", "tc--on", ""),
                (" pick a route", "tc--label", ""),
                *keys,
            )
        number = f" {routes.index(route) + 1}/{len(routes)} "
        return (
            ("⏎ Draw", "tc--next", "confirm"),
            (number, "tc--label", ""),
            (port.describe(route.action), "tc--title", ""),
            *keys,
        )

    # ---- the options list in step with the sheet ------------------------------
    def on_action_list_highlighted(self, event: ActionList.Highlighted) -> None:
        options = event.action_list
        if event.index >= len(options.actions):
            return
        if event.index != options.highlighted:
            return  # a stale event: the highlight has moved on since (we may have moved it)
        action = options.actions[event.index]
        if isinstance(action, PlaceCup):
            changed = action.at != self._cursor
            self._cursor = action.at
        else:
            before = self._picker.index
            self._picker.select(action)  # Pass picks no route
            changed = before != self._picker.index
        if changed:
            self._looking = None
            self._show()

    # ---- intents ----------------------------------------------------------
    def choose(self, action: Action) -> bool:
        """As the base screen, but stopping for good asks first."""
        view, seat = self.view, self.port.seat
        if isinstance(action, Stop) and seat is not None:
            reason = "You will not draw again this game: every roll from now on passes you by."
            if view.stop_ends_game(seat):
                reason += " Nobody else is still drawing, so the game ends at once, with the scores as they stand."
            reason += "\n\nStop for good? (To skip only this roll, pass with p.)"

            def answered(yes: bool | None) -> None:
                if yes:
                    super(ThreadCountScreen, self).choose(action)

            self.app.push_screen(ConfirmStop(reason), callback=answered)
            return False
        return super().choose(action)

    def _ready(self, *, drawing: bool | None = None) -> bool:
        """Whether this seat decides now (and in the right phase); if not, say why."""
        port = self.port
        if port.is_spectator or port.is_over() or not port.my_turn():
            return self.refuse(self.nothing_to_decide())
        if drawing is True and self._cursor is not None:
            return self.refuse(CUPS_FIRST)
        if self._looking is not None:
            self._looking = None  # acting always happens on our own sheet
            self._show()
        return True

    def action_step(self, direction: int) -> None:
        if not self._ready():
            return
        step = DIRECTIONS[direction]
        if self._cursor is not None:
            places = [a.at for a in self.legal if isinstance(a, PlaceCup)]
            self._cursor = place_toward(places, self._cursor, step)
        elif self._picker.toward(step) is None:
            self.notify(
                f"No route of {self.view.roll} sets off {DIRECTION_NAMES[direction]} from here.",
                severity="information",
                timeout=3,
            )
            return
        self._show()

    def footer_state(self, view) -> tuple:
        return (*super().footer_state(view), self._cursor is not None, self._paw_in_reach())

    def _paw_in_reach(self) -> bool:
        return any(r.ends_thread for r in self._picker.routes)

    def why_off(self, action: str) -> str | None:
        if action in ("place", "confirm", "paw", "pass_turn", "stop"):
            if self.port.is_spectator or self.port.is_over() or not self.port.my_turn():
                return self.nothing_to_decide()
            if self._cursor is not None:
                return CUPS_FIRST
            if action == "paw":
                return f"The cat's paw is out of reach with a {self.view.roll} this round."
        if action == "look":
            return "You play alone: there is no other sheet to look at."
        return super().why_off(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "look":
            return self.view.players > 1  # alone, there is no other sheet
        if action in ("place", "confirm", "paw", "pass_turn", "stop"):
            # Only the keys that do something now are on the key bar (the rest say why when pressed).
            if self.port.is_spectator or self.port.is_over() or not self.port.my_turn():
                return False
            setup = self._cursor is not None  # Enter places a cup, else draws
            if action == "place":
                return setup
            if action == "paw":
                return not setup and self._paw_in_reach()
            return not setup
        return super().check_action(action, parameters)

    def action_place(self) -> None:
        self.action_confirm()

    def action_next_route(self) -> None:
        if not self._ready():
            return
        if self._cursor is not None:
            places = [a.at for a in self.legal if isinstance(a, PlaceCup)]
            self._cursor = places[(places.index(self._cursor) + 1) % len(places)]
        else:
            self._picker.next()
        self._show()

    def action_confirm(self) -> None:
        if not self._ready():
            return
        if self._cursor is not None:
            self.choose(PlaceCup(at=self._cursor))
        elif self._picker.selected is not None:
            self.choose(self._picker.selected.action)
        else:
            self.refuse("Pick a route first: the arrow keys or a click on the sheet.")

    def action_paw(self) -> None:
        if not self._ready(drawing=True):
            return
        if self._picker.to_paw() is None:
            self.refuse(f"The cat's paw is out of reach with a {self.view.roll} this round.", "No such route")
            return
        self._show()

    def action_pass_turn(self) -> None:
        if self._ready(drawing=True):
            self.choose(Pass())

    def action_stop(self) -> None:
        if self._ready(drawing=True):
            self.choose(Stop())

    def action_look(self) -> None:
        view = self.view
        seat = (self.shown + 1) % view.players
        self._looking = None if seat == self.home else seat
        self._show()

    def on_seat_list_picked(self, event: SeatList.Picked) -> None:
        self._looking = None if event.seat == self.home else event.seat
        self._show()

    def on_sheet_clicked(self, event: Sheet.Clicked) -> None:
        if event.sheet.id != "tc-sheet":  # a small sheet: show it large
            seat = event.sheet.model.seat if event.sheet.model else self.home
            self._looking = None if seat == self.home else seat
            self._show()
            return
        if event.point is None:
            return
        if self._looking is not None:
            self.refuse(f"This is {self.view.name_of(self.shown)}'s sheet: press v to get back to yours.")
            return
        if not self._ready():
            return
        point = event.point
        if self._cursor is not None:
            if PlaceCup(at=point) in self.legal:
                self._cursor = point
                self.choose(PlaceCup(at=point))
            else:
                self.refuse(
                    f"Cups go on free shaded places (░) only, and {point_name(point)} is not one.", "No cup there"
                )
            return
        if self._picker.ending_at(point) is None:
            self.refuse(f"No route of {self.view.roll} ends at {point_name(point)}.", "No such route")
            return
        self._show()


SCREEN = ThreadCountScreen
