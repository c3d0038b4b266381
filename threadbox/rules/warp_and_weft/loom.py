"""The loom: 8 vertical and 8 horizontal slots, the crossings, and pattern counting.

Slots are numbered from 0: vertical slots left to right, horizontal slots top
to bottom. The loom is stored as short text so that copies and JSON stay
small:

- ``vertical`` / ``horizontal``: one colour letter per slot, ``.`` when free;
- ``crossings[row][column]``: which string lies on top where horizontal slot
  ``row`` meets vertical slot ``column``: ``|`` the vertical string, ``-`` the
  horizontal string, ``.`` while either slot is free.

A crossing is set once, by the later of its two strings, and never changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..core import Public
from ..core.copying import fast_new
from .data import (
    LETTERS,
    PENALTY_PER_EXTRA,
    SAFE_PER_AXIS,
    SLOTS_PER_AXIS,
    AdjacentPattern,
    InterlacedPattern,
    Pattern,
    Relation,
)

Axis = Literal["vertical", "horizontal"]
AXES: tuple[Axis, Axis] = ("vertical", "horizontal")
FREE = "."
VERTICAL_ON_TOP = "|"
HORIZONTAL_ON_TOP = "-"

_EMPTY_AXIS = FREE * SLOTS_PER_AXIS


def other_axis(axis: Axis) -> Axis:
    return "horizontal" if axis == "vertical" else "vertical"


def axis_label(axis: Axis, slot: int) -> str:
    """'vertical slot 3' (players count slots from 1)."""
    return f"{axis} slot {slot + 1}"


class Loom(BaseModel):
    """One player's loom board. See the module docstring for the encoding.

    A value: weaving makes a new loom, so copies of a state share their looms."""

    model_config = ConfigDict(frozen=True)
    vertical: Public[str] = _EMPTY_AXIS
    horizontal: Public[str] = _EMPTY_AXIS
    crossings: Public[tuple[str, ...]] = (_EMPTY_AXIS,) * SLOTS_PER_AXIS

    # ---- reading -------------------------------------------------------------
    def line(self, axis: Axis) -> str:
        return self.vertical if axis == "vertical" else self.horizontal

    def string_at(self, axis: Axis, slot: int) -> str | None:
        """The colour letter woven in this slot, or None if it is free."""
        letter = self.line(axis)[slot]
        return None if letter == FREE else letter

    def is_free(self, axis: Axis, slot: int) -> bool:
        return self.line(axis)[slot] == FREE

    def free_slots(self, axis: Axis) -> list[int]:
        return [i for i, letter in enumerate(self.line(axis)) if letter == FREE]

    def woven_count(self) -> int:
        return sum(letter != FREE for letter in self.vertical + self.horizontal)

    def colours(self) -> list[str]:
        """Every woven string's colour letter."""
        return [letter for letter in self.vertical + self.horizontal if letter != FREE]

    def is_over(self, axis: Axis, slot: int, across: int) -> bool | None:
        """Whether the string in (axis, slot) lies over the one it meets in slot ``across``
        of the other axis; None where the two have not both been woven."""
        row, column = (across, slot) if axis == "vertical" else (slot, across)
        mark = self.crossings[row][column]
        if mark == FREE:
            return None
        return (mark == VERTICAL_ON_TOP) == (axis == "vertical")

    def crossed_slots(self, axis: Axis, slot: int) -> list[int]:
        """Slots of the other axis already woven, in order along a string placed at
        (axis, slot): top to bottom for a vertical string, left to right otherwise.
        These are the crossings a new string there must decide, in this order."""
        return [i for i, letter in enumerate(self.line(other_axis(axis))) if letter != FREE]

    # ---- weaving -------------------------------------------------------------
    def woven(self, colour: str, axis: Axis, slot: int, over: Sequence[bool], preview: bool = False) -> Loom:
        """A new loom with this string in a free slot; ``over`` has one choice per
        crossed slot, in ``crossed_slots`` order. With ``preview`` the choices may
        stop early: the crossings not yet chosen stay ``.`` (a string being woven)."""
        crossed = self.crossed_slots(axis, slot)
        enough = len(over) <= len(crossed) if preview else len(over) == len(crossed)
        if not self.is_free(axis, slot) or not enough:
            raise ValueError("weave into a free slot with one choice per crossing")
        rows = [list(row) for row in self.crossings]
        for across, on_top in zip(crossed, over):
            row, column = (across, slot) if axis == "vertical" else (slot, across)
            vertical_on_top = on_top == (axis == "vertical")
            rows[row][column] = VERTICAL_ON_TOP if vertical_on_top else HORIZONTAL_ON_TOP
        line = self.line(axis)
        line = line[:slot] + colour + line[slot + 1 :]
        # Trusted values made here: no validation (a loom is made at every fixed string).
        return fast_new(
            Loom,
            {
                "vertical": line if axis == "vertical" else self.vertical,
                "horizontal": line if axis == "horizontal" else self.horizontal,
                "crossings": tuple("".join(row) for row in rows),
            },
        )


# ---- patterns -------------------------------------------------------------------
def count_adjacent(loom: Loom, pattern: AdjacentPattern) -> int:
    """Pairs of neighbouring slots on one axis holding an A and a B string."""
    a, b = pattern.a, pattern.b
    total = 0
    for line in (loom.vertical, loom.horizontal):
        for left, right in zip(line, line[1:]):
            if (left == a and right == b) or (left == b and right == a):
                total += 1
    return total


def relation_holds(relation: Relation, first_over: bool, second_over: bool) -> bool:
    """Whether two neighbouring crossings (each over or not) form the pattern's relation."""
    if relation == "over":
        return first_over and second_over
    if relation == "under":
        return not first_over and not second_over
    return first_over != second_over


def count_interlaced(loom: Loom, pattern: InterlacedPattern) -> int:
    """Each A string, each pair of neighbouring B strings it crosses with the
    card's over/under relation: 1. Three such B strings in a row give 2."""
    total = 0
    for axis in AXES:
        line, across_line = loom.line(axis), loom.line(other_axis(axis))
        for slot, letter in enumerate(line):
            if letter != pattern.a:
                continue
            for across in range(SLOTS_PER_AXIS - 1):
                if across_line[across] != pattern.b or across_line[across + 1] != pattern.b:
                    continue
                first = loom.is_over(axis, slot, across)
                second = loom.is_over(axis, slot, across + 1)
                if first is not None and second is not None and relation_holds(pattern.relation, first, second):
                    total += 1
    return total


def count_pattern(loom: Loom, pattern: Pattern) -> int:
    """How many times the pattern appears on the loom."""
    if isinstance(pattern, AdjacentPattern):
        return count_adjacent(loom, pattern)
    return count_interlaced(loom, pattern)


def axis_penalty(loom: Loom) -> int:
    """VP lost (as a number <= 0) for strings of one colour on one axis beyond the third."""
    lost = 0
    for line in (loom.vertical, loom.horizontal):
        for letter in LETTERS:
            lost += max(0, line.count(letter) - SAFE_PER_AXIS) * PENALTY_PER_EXTRA
    return -lost
