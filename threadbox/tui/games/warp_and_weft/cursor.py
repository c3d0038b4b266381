"""The weaving cursor: which picked string, which axis, which slot.

It only ever rests on a ``WeaveString`` the rules offer now: every move is
worked out from the seat's legal actions, never from the rules themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadbox.rules.core import Action
from threadbox.rules.warp_and_weft.actions import WeaveString
from threadbox.rules.warp_and_weft.loom import Axis, other_axis


@dataclass(frozen=True)
class WeaveCursor:
    colour: str
    axis: Axis
    slot: int

    def action(self) -> WeaveString:
        return WeaveString(colour=self.colour, axis=self.axis, slot=self.slot)


def weave_actions(legal: list[Action]) -> list[WeaveString]:
    return [a for a in legal if isinstance(a, WeaveString)]


def colours(legal: list[Action]) -> list[str]:
    return list(dict.fromkeys(a.colour for a in weave_actions(legal)))


def free_slots(legal: list[Action], colour: str, axis: Axis) -> list[int]:
    return sorted({a.slot for a in weave_actions(legal) if a.colour == colour and a.axis == axis})


def _nearest(slots: list[int], near: int) -> int:
    return min(slots, key=lambda s: (abs(s - near), s))


def settle(cursor: WeaveCursor | None, legal: list[Action]) -> WeaveCursor | None:
    """The cursor moved to the nearest place the rules allow now (None: no weaving now).

    Keeps its colour if a string of it is still to weave, its slot if still
    free, else the nearest free slot on its axis, else on the other axis."""
    offered = colours(legal)
    if not offered:
        return None
    if cursor is None:
        cursor = WeaveCursor(offered[0], "vertical", 0)
    colour = cursor.colour if cursor.colour in offered else offered[0]
    for axis in (cursor.axis, other_axis(cursor.axis)):
        slots = free_slots(legal, colour, axis)
        if slots:
            return WeaveCursor(colour, axis, _nearest(slots, cursor.slot))
    return None


def nudge(cursor: WeaveCursor, legal: list[Action], axis: Axis, step: int) -> WeaveCursor | None:
    """The cursor moved ``step`` free slots along ``axis``; on the other axis,
    the first arrow press only switches to the nearest free slot of ``axis``.
    None when there is no free slot that way."""
    slots = free_slots(legal, cursor.colour, axis)
    if not slots:
        return None
    if cursor.axis != axis:
        return WeaveCursor(cursor.colour, axis, _nearest(slots, cursor.slot))
    ahead = [s for s in slots if (s - cursor.slot) * step > 0]
    if not ahead:
        return None
    return WeaveCursor(cursor.colour, axis, min(ahead, key=lambda s: abs(s - cursor.slot)))


def flip(cursor: WeaveCursor, legal: list[Action]) -> WeaveCursor | None:
    """The same slot number (or the nearest free one) on the other axis."""
    axis = other_axis(cursor.axis)
    slots = free_slots(legal, cursor.colour, axis)
    return WeaveCursor(cursor.colour, axis, _nearest(slots, cursor.slot)) if slots else None


def with_colour(cursor: WeaveCursor | None, legal: list[Action], colour: str) -> WeaveCursor | None:
    """The cursor holding a string of ``colour`` instead; None if none is to weave."""
    if colour not in colours(legal):
        return None
    return settle(
        WeaveCursor(colour, cursor.axis, cursor.slot) if cursor else WeaveCursor(colour, "vertical", 0), legal
    )
