"""What Thread Count's widgets show, read off one seat's view of the game.

The screen builds these small values and hands them to the widgets; the
widgets never read the game state themselves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from threadbox.rules.core import Action
from threadbox.rules.thread_count import Draw, EndAtPaw, Pass, Stop, ThreadCountState
from threadbox.rules.thread_count.data import CAT_POINTS, CUP_POINTS, CUPS_PER_SHEET, OBJECT_KINDS, set_value
from threadbox.rules.thread_count.sheet import Layout, Point


@dataclass(frozen=True)
class SheetModel:
    """One sheet as drawn: the printed side, the cups, the thread, and any preview."""

    layout: Layout
    seat: int
    name: str
    thread: tuple[Point, ...]
    cups: frozenset[Point]
    knocked: frozenset[Point]
    score: int = 0
    preview: tuple[Point, ...] = ()  # points the selected route would add after the thread's end
    targets: frozenset[Point] = frozenset()  # where the routes of this roll end
    cursor: Point | None = None  # setup: where Enter draws a cup
    mark_end: bool = True  # the thread's end, where the next draw starts, stands out
    shaded: bool = True  # the places for cups are drawn (the easier game has no cups)

    @property
    def end(self) -> Point:
        return self.thread[-1]

    @cached_property
    def reached(self) -> frozenset[Point]:
        return frozenset(self.thread)


def sheet_model(
    view: ThreadCountState,
    seat: int,
    *,
    preview: list[Point] | tuple[Point, ...] = (),
    targets: frozenset[Point] = frozenset(),
    cursor: Point | None = None,
) -> SheetModel:
    sheet = view.sheet(seat)
    return SheetModel(
        layout=view.layout,
        seat=seat,
        name=view.name_of(seat),
        thread=tuple(sheet.thread),
        cups=frozenset(sheet.cups),
        knocked=frozenset(view.knocked_cups(seat)),
        score=view.seat_score(seat).total,
        preview=tuple(preview),
        targets=targets,
        cursor=cursor,
        mark_end=view.phase != "place",
        shaded=not view.easier,
    )


@dataclass(frozen=True)
class BarRow:
    """One row of the collection bar: ``crossed`` of ``boxes`` crossed, worth ``points``."""

    key: str  # "mouse", "sock", "plane", "sets", "cups", "cat"
    crossed: int
    boxes: int
    points: int
    values: tuple[int, ...] = ()  # printed under the boxes (the sets' worth)
    free: bool = False  # cups with the handicap: crossed, but worth no minus points


@dataclass(frozen=True)
class CollectionModel:
    name: str
    rows: tuple[BarRow, ...]
    total: int


def collection_model(view: ThreadCountState, seat: int) -> CollectionModel:
    layout, counts = view.layout, view.collected(seat)
    rows = [BarRow(kind, counts[kind], layout.boxes(kind), counts[kind]) for kind in OBJECT_KINDS]
    most_sets = min(layout.boxes(kind) for kind in OBJECT_KINDS)
    sets = view.sets(seat)
    values = tuple(set_value(k) for k in range(1, most_sets + 1))
    rows.append(BarRow("sets", sets, most_sets, sum(values[:sets]), values))
    if not view.easier:  # the easier game has no cups at all
        knocked, free = len(view.knocked_cups(seat)), view.cups_cost_nothing(seat)
        rows.append(BarRow("cups", knocked, CUPS_PER_SHEET, 0 if free else knocked * CUP_POINTS, free=free))
    at_paw = view.is_out(seat)
    rows.append(BarRow("cat", int(at_paw), 1, CAT_POINTS if at_paw else 0))
    return CollectionModel(view.name_of(seat), tuple(rows), view.seat_score(seat).total)


@dataclass(frozen=True)
class CounterModel:
    numbers: tuple[int, ...]
    active: bool
    crossed: int


def counter_model(view: ThreadCountState) -> CounterModel:
    return CounterModel(tuple(view.counter_numbers), view.counter_active, view.counter_crossed)


# A seat's part in the round, in a few words.
STATUS_WORDS = {
    "pending": "to draw",
    "drew": "drew",
    "paw": "at the cat",
    "passed": "passed",
    "stuck": "stuck",
    "out": "out, at cat",
    "stopped": "stopped",
    "blocked": "dead end",
}


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    score: int
    status: str
    deciding: bool
    shown: bool = False  # its sheet is the big one on screen
    you: bool = False


def seat_lines(view: ThreadCountState, you: int | None, shown: int) -> tuple[SeatLine, ...]:
    lines = []
    for seat in range(view.players):
        if view.phase == "place":
            cups = len(view.sheet(seat).cups)
            status, deciding = f"cups {cups}/{CUPS_PER_SHEET}", cups < CUPS_PER_SHEET
        elif view.phase == "over":
            status, deciding = ("out, at cat" if view.is_out(seat) else "done"), False
        else:
            status, deciding = STATUS_WORDS[view.status[seat]], view.status[seat] == "pending"
        lines.append(
            SeatLine(
                seat,
                view.name_of(seat),
                view.seat_score(seat).total,
                status,
                deciding,
                shown=seat == shown,
                you=seat == you,
            )
        )
    return tuple(lines)


@dataclass(frozen=True)
class DieModel:
    round: int  # 0 during setup
    roll: int  # 0 before the first roll
    note: str = ""  # what the next roll means for the round counter
    before: tuple[int, ...] = ()  # the rolls of the rounds before, oldest first


ROLL_LINE = re.compile(r"Round (\d+): the die shows (\d+)\.")  # the rules' log line for each roll
ROLLS_SHOWN = 6  # earlier rolls kept in view beside the die (fits the narrowest info column)


def earlier_rolls(log: list[str], round_: int) -> tuple[int, ...]:
    """The rolls of the rounds before ``round_``, read off the log, the last few, oldest first."""
    rolls = [(int(m[1]), int(m[2])) for line in log if (m := ROLL_LINE.match(line))]
    return tuple(roll for n, roll in rolls if n < round_)[-ROLLS_SHOWN:]


def die_model(view: ThreadCountState, log: Sequence[str] = ()) -> DieModel:
    before = earlier_rolls(list(log), view.round)
    if view.phase == "place":
        return DieModel(0, 0, "cups first")
    if view.phase == "over":
        return DieModel(view.round, view.roll, "game over", before)
    if not view.counter_active:
        note = "counter off"
    elif view.counter_left:
        note = f"≥{view.counter_numbers[view.counter_crossed]} crosses"
    else:
        note = "last round"
    return DieModel(view.round, view.roll, note, before)


PASS_KEY, STOP_KEY = "p", "s"  # pass this roll / stop for good: the screen's keys, drawn in the list too


def option_key(action: Action) -> str | None:
    """The key that names ``action`` in the options list: pass and stop have keys of their own;
    routes and cups go by their number, the arrows and the mouse."""
    if isinstance(action, Pass):
        return PASS_KEY
    if isinstance(action, Stop):
        return STOP_KEY
    return None


def option_group(action: Action) -> str:
    """The heading of ``action`` in the options list: the routes, or not drawing."""
    if isinstance(action, Draw | EndAtPaw):
        return "Routes"
    if isinstance(action, Pass | Stop):
        return "Or"
    return ""  # the cups: one choice
