"""The collection bar: what a thread has reached on its sheet.

Nothing is stored but the thread itself; the bar is read off the points it
visits, so an object or cup counts once however often the thread returns.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import OBJECT_KINDS
from .facts import visited_points
from .sheet import Layout, Point


def reached_objects(layout: Layout, thread: Sequence[Point]) -> dict[str, list[Point]]:
    """Objects reached, per kind, in the order the thread reached them."""
    objects = layout.objects
    found: dict[str, list[Point]] = {kind: [] for kind in OBJECT_KINDS}
    seen: set[Point] = set()
    for p in thread:
        if p in objects and p not in seen:
            seen.add(p)
            found[objects[p]].append(p)
    return found


def knocked_cups(thread: Sequence[Point], cups: Sequence[Point]) -> list[Point]:
    """Cups the thread has reached, in the order reached."""
    standing = set(cups)
    knocked: list[Point] = []
    for p in thread:
        if p in standing:
            standing.discard(p)
            knocked.append(p)
    return knocked


def new_finds(
    layout: Layout, thread: Sequence[Point], cups: Sequence[Point], route: Sequence[Point]
) -> tuple[list[str], int]:
    """What extending ``thread`` by ``route`` reaches for the first time: object kinds in order, and cups."""
    visited = visited_points(thread)  # shared: read only
    seen: set[Point] = set()  # reached by this route
    objects, standing = layout.objects, set(cups)
    kinds, knocked = [], 0
    for p in route:
        if p in visited or p in seen:
            continue
        seen.add(p)
        if p in objects:
            kinds.append(objects[p])
        elif p in standing:
            knocked += 1
    return kinds, knocked
