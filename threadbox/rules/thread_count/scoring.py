"""Final scoring of one sheet, category by category in scorepad order."""

from __future__ import annotations

from functools import lru_cache

from ..core import SeatScore
from ..core.copying import fast_new
from .data import CAT_POINTS, CUP_POINTS, CUP_POINTS_EASIER, OBJECT_POINTS, set_value

TIEBREAK = "more objects collected"
CUPS_HANDICAP = "Cups (no minus)"  # the score sheet's line for a seat with the handicap


def sets_of(mice: int, socks: int, planes: int) -> int:
    """Complete sets of mouse + sock + paper plane."""
    return min(mice, socks, planes)


@lru_cache(maxsize=64)
def set_points(sets: int) -> int:
    return sum(set_value(k) for k in range(1, sets + 1))


def score_sheet(
    seat: int, mice: int, socks: int, planes: int, cat: bool, cups: int, easier: bool = False, handicap: bool = False
) -> SeatScore:
    """The scorepad of one sheet; the tie-break value is the objects collected.

    ``handicap``: the seat gets no minus points for cups, and its sheet says so.
    """
    sets, cat_points = set_points(min(mice, socks, planes)), CAT_POINTS if cat else 0
    cup_points = cups * (CUP_POINTS_EASIER if easier or handicap else CUP_POINTS)
    categories = [
        ("Mice", mice * OBJECT_POINTS),
        ("Socks", socks * OBJECT_POINTS),
        ("Paper planes", planes * OBJECT_POINTS),
        ("Sets", sets),
        ("Cat", cat_points),
        (CUPS_HANDICAP if handicap else "Cups", cup_points),
    ]
    total = (mice + socks + planes) * OBJECT_POINTS + sets + cat_points + cup_points  # the categories' sum
    # built from trusted values without validation: every game ends with one per seat
    return fast_new(
        SeatScore, {"seat": seat, "total": total, "categories": categories, "tiebreak": mice + socks + planes}
    )
