"""Building Thread Count positions for tests.

Positions are built by setting threads and rolls directly: a thread is
written as legs from the start ("R4 D2"), and the die is loaded by choosing
an RNG state whose next rolls are the ones a test needs.
"""

from __future__ import annotations

from typing import Any

from threadbox.rules.core import Rng
from threadbox.rules.thread_count import Draw, ThreadCountState
from threadbox.rules.thread_count.seats import SeatSheet
from threadbox.rules.thread_count.sheet import Point

STEPS = {"U": (0, -1), "R": (1, 0), "D": (0, 1), "L": (-1, 0)}


def walk(start: Point, legs: str) -> tuple[Point, ...]:
    """The points of a thread from ``start`` along legs like "R4 D2" (start included), as a thread is kept."""
    points = [start]
    for leg in legs.split():
        dx, dy = STEPS[leg[0]]
        for _ in range(int(leg[1:])):
            x, y = points[-1]
            points.append((x + dx, y + dy))
    return tuple(points)


def draw(start: Point, legs: str) -> Draw:
    """The draw action for one or two legs from ``start``."""
    points = walk(start, legs)
    parts = legs.split()
    bend = walk(start, parts[0])[-1] if len(parts) == 2 else None
    return Draw(end=points[-1], bend=bend)


def new_game(players: int = 1, variants: tuple[str, ...] = ("easier",), seed: int = 1) -> ThreadCountState:
    return ThreadCountState.new(players, seed, list(variants))


def set_thread(state: ThreadCountState, seat: int, legs: str) -> None:
    """Give ``seat`` a thread drawn from the start along ``legs`` (checked: on the sheet, no blocks)."""
    thread = walk(state.layout.start, legs)
    layout = state.layout
    assert all(layout.on_sheet(p) and p not in layout.blocks for p in thread), f"{legs} is not a thread"
    segments = {frozenset(pair) for pair in zip(thread, thread[1:])}
    assert len(segments) == len(thread) - 1, f"{legs} draws a segment twice"
    change_sheet(state, seat, thread=thread)


def change_sheet(state: ThreadCountState, seat: int, **fields: Any) -> SeatSheet:
    """Give ``seat`` its sheet with these fields changed (sheets are values: replaced, never changed).

    E.g. ``change_sheet(state, 0, thread=[...], at_paw=True)``; lists are checked and kept as tuples."""
    sheet = SeatSheet.model_validate({**state.sheets[seat].model_dump(), **fields})
    state.sheets[seat] = sheet
    return sheet


def set_roll(state: ThreadCountState, roll: int) -> None:
    """This round's roll is ``roll``; every seat in play decides again."""
    state.roll = roll
    state.status = ["out" if sheet.at_paw else "pending" for sheet in state.sheets]


def load_die(state: ThreadCountState, *rolls: int) -> None:
    """Make the next die rolls come out as ``rolls`` (searches for an RNG state)."""
    for seed in range(100_000):
        rng = Rng.from_seed(seed)
        probe = rng.model_copy()
        if all(probe.randint(1, 6) == roll for roll in rolls):
            state.rng = rng
            return
    raise AssertionError(f"no RNG state rolls {rolls}")


def non_pass(state: ThreadCountState, seat: int = 0) -> list:
    return [a for a in state.legal_actions(seat) if a.kind not in ("pass", "stop")]
