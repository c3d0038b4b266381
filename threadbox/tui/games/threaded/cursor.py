"""The placing cursor: which thread (new or from the basket, by colour) goes where (an end of the
needle, the basket, scraps).

It only ever rests on a ``Place`` the rules offer now: every move is worked out from the seat's
legal actions, never from the rules themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadbox.rules.core import Action
from threadbox.rules.threaded.actions import Place

# Where a thread can go, as the studio draws them left to right.
TARGETS: tuple[str, ...] = ("left", "right", "basket", "scraps")
SOURCES: tuple[str, ...] = ("new", "basket")
Thread = tuple[str, str]  # (source, colour)


@dataclass(frozen=True)
class PlaceCursor:
    source: str  # "new" or "basket"
    colour: str
    to: str  # one of TARGETS

    @property
    def thread(self) -> Thread:
        return (self.source, self.colour)

    def action(self) -> Place:
        return Place(source=self.source, colour=self.colour, to=self.to)

    @staticmethod
    def of(action: Place) -> PlaceCursor:
        return PlaceCursor(action.source, action.colour, action.to)


def place_actions(legal: list[Action]) -> list[Place]:
    return [a for a in legal if isinstance(a, Place)]


def threads(legal: list[Action]) -> list[Thread]:
    """The threads that can be placed now, in the options' order (new ones first)."""
    return list(dict.fromkeys((a.source, a.colour) for a in place_actions(legal)))


def sources(legal: list[Action], colour: str) -> list[str]:
    """Where a thread of ``colour`` can come from now: "new" first, then "basket"."""
    offered = {a.source for a in place_actions(legal) if a.colour == colour}
    return [s for s in SOURCES if s in offered]


def targets(legal: list[Action], thread: Thread) -> list[str]:
    """Where ``thread`` can go now, left to right as drawn."""
    offered = {a.to for a in place_actions(legal) if (a.source, a.colour) == thread}
    return [t for t in TARGETS if t in offered]


def _nearest(offered: list[str], near: str) -> str:
    at = TARGETS.index(near)
    return min(offered, key=lambda t: (abs(TARGETS.index(t) - at), TARGETS.index(t)))


def settle(cursor: PlaceCursor | None, legal: list[Action]) -> PlaceCursor | None:
    """The cursor moved to the nearest place the rules offer now (None: no thread to place).

    Keeps its thread if that is still to place (else the first one), its target if still
    offered (else the nearest one)."""
    offered = threads(legal)
    if not offered:
        return None
    thread = cursor.thread if cursor is not None and cursor.thread in offered else offered[0]
    return _aimed(thread, cursor.to if cursor is not None else TARGETS[0], legal)


def _aimed(thread: Thread, near: str, legal: list[Action]) -> PlaceCursor | None:
    where = targets(legal, thread)
    return PlaceCursor(*thread, _nearest(where, near)) if where else None


def step_target(cursor: PlaceCursor, legal: list[Action], step: int) -> PlaceCursor | None:
    """The next target offered for the same thread, left (-1) or right (+1); None at the last one."""
    where = targets(legal, cursor.thread)
    at = TARGETS.index(cursor.to)
    ahead = [t for t in where if (TARGETS.index(t) - at) * step > 0]
    if not ahead:
        return None
    return PlaceCursor(cursor.source, cursor.colour, min(ahead, key=lambda t: abs(TARGETS.index(t) - at)))


def step_thread(cursor: PlaceCursor, legal: list[Action], step: int) -> PlaceCursor | None:
    """The next thread to place, up (-1) or down (+1) the list of them, aimed near the same
    target; None past the first or the last."""
    offered = threads(legal)
    at = offered.index(cursor.thread) if cursor.thread in offered else -1
    nxt = at + step
    if at < 0 or not 0 <= nxt < len(offered):
        return None
    return _aimed(offered[nxt], cursor.to, legal)


def with_colour(cursor: PlaceCursor | None, legal: list[Action], colour: str, again: bool) -> PlaceCursor | None:
    """The thread of ``colour``: a new one if there is one, else the basket's; ``again`` (the same
    letter pressed twice running) switches to the other one when both are there. None: no such thread."""
    froms = sources(legal, colour)
    if not froms:
        return None
    source = froms[0]
    if again and cursor is not None and cursor.colour == colour and len(froms) > 1:
        source = froms[1 - froms.index(cursor.source)] if cursor.source in froms else froms[0]
    return _aimed((source, colour), cursor.to if cursor is not None else TARGETS[0], legal)


def aimed_at(cursor: PlaceCursor, legal: list[Action], to: str) -> PlaceCursor | None:
    """The cursor on ``to`` with the same thread; None if the rules do not offer that."""
    moved = PlaceCursor(cursor.source, cursor.colour, to)
    return moved if moved.action() in legal else None
