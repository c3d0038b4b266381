"""The sheet's geometry: points, unit segments, and where a thread may go.

Points are ``(column, row)`` with ``(0, 0)`` at the top left; players read
them as a column letter and a row number, "C1". A thread is the sequence
(on a sheet, the tuple) of points it visits in order, starting at the start
point; its segments are consecutive pairs of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .data import MOUSE, OBJECT_KINDS, PLANE, SIDES, SOCK
from .facts import Point as Point  # re-exported: the rules and screens name points from here
from .facts import drawn_steps, thread_facts, visited_points

Segment = tuple[Point, Point]  # the lesser point first, so each segment has one key

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Unit steps, clockwise from up; a right-angle bend turns by one index either way.
DIRECTIONS: tuple[Point, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRECTION_NAMES = ("up", "right", "down", "left")

_MAP_OBJECTS = {"m": MOUSE, "s": SOCK, "p": PLANE}


def point_name(point: Point) -> str:
    return f"{COLUMN_LETTERS[point[0]]}{point[1] + 1}"


def segment(a: Point, b: Point) -> Segment:
    return (a, b) if a < b else (b, a)


def thread_segments(thread: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The thread's unit segments in drawing order, each as (from, to)."""
    return list(zip(thread, thread[1:]))


def used_segments(thread: Sequence[Point]) -> set[Segment]:
    return {segment(a, b) for a, b in zip(thread, thread[1:])}


@dataclass(frozen=True)
class Layout:
    """One printed side of the sheet. Shared by every sheet of that side."""

    side: str
    columns: int
    rows: int
    start: Point  # top-row point below the ball of wool
    paw: Point  # bottom-row point of the cat's paw
    objects: Mapping[Point, str]  # point -> mouse / sock / plane
    blocks: frozenset[Point]
    shaded: tuple[Point, ...]  # places where cups may be drawn, in reading order
    # point -> the next point in each direction, None off the sheet or onto a block
    steps: Mapping[Point, tuple[Point | None, ...]] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_map(cls, side: str, rows: tuple[str, ...]) -> Layout:
        objects: dict[Point, str] = {}
        blocks: set[Point] = set()
        shaded: list[Point] = []
        start = paw = None
        for y, line in enumerate(rows):
            for x, char in enumerate(line):
                p = (x, y)
                if char in _MAP_OBJECTS:
                    objects[p] = _MAP_OBJECTS[char]
                elif char == "#":
                    blocks.add(p)
                elif char == "c":
                    shaded.append(p)
                elif char == "*":
                    start = p
                elif char == "&":
                    paw = p
                elif char != ".":
                    raise ValueError(f"side {side}: unknown map character {char!r} at {point_name(p)}")
        columns, height = len(rows[0]), len(rows)
        if start is None or paw is None or start[1] != 0 or paw[1] != height - 1:
            raise ValueError(f"side {side}: needs a start on the top row and a paw on the bottom row")
        if set(objects.values()) != set(OBJECT_KINDS):
            raise ValueError(f"side {side}: needs mice, socks and paper planes")
        steps: dict[Point, tuple[Point | None, ...]] = {}
        for y in range(height):
            for x in range(columns):
                nexts = []
                for dx, dy in DIRECTIONS:
                    q = (x + dx, y + dy)
                    inside = 0 <= q[0] < columns and 0 <= q[1] < height
                    nexts.append(q if inside and q not in blocks else None)
                steps[(x, y)] = tuple(nexts)
        return cls(side, columns, height, start, paw, objects, frozenset(blocks), tuple(shaded), steps)

    @property
    def ball_column(self) -> int:
        return self.start[0]

    def on_sheet(self, p: Point) -> bool:
        return 0 <= p[0] < self.columns and 0 <= p[1] < self.rows

    def boxes(self, kind: str) -> int:
        """Boxes in the collection bar for ``kind``: one per such object on the sheet."""
        return sum(1 for k in self.objects.values() if k == kind)

    def object_points(self, kind: str) -> list[Point]:
        return sorted((p for p, k in self.objects.items() if k == kind), key=lambda p: (p[1], p[0]))

    def block_groups(self) -> list[tuple[Point, ...]]:
        """The building blocks as drawn: groups of touching block points, in reading order."""
        left = set(self.blocks)
        groups = []
        for p in sorted(self.blocks, key=lambda p: (p[1], p[0])):
            if p not in left:
                continue
            group, todo = [], [p]
            left.discard(p)
            while todo:
                q = todo.pop()
                group.append(q)
                for dx, dy in DIRECTIONS:
                    r = (q[0] + dx, q[1] + dy)
                    if r in left:
                        left.discard(r)
                        todo.append(r)
            groups.append(tuple(sorted(group, key=lambda p: (p[1], p[0]))))
        return groups


LAYOUTS: dict[str, Layout] = {side: Layout.from_map(side, rows) for side, rows in SIDES.items()}


def iter_routes(
    layout: Layout, thread: Sequence[Point], roll: int, no_crossing: bool, used: set[tuple[Point, Point]] | None = None
) -> Iterator[tuple[Point | None, Point, int]]:
    """Every way to go on from the thread's end: ``(bend, end, length)``.

    Yields each straight or once-bent route of exactly ``roll`` segments, and
    each shorter one that ends on the cat's paw (one may stop there). A route
    never leaves the sheet, enters a block or reuses a drawn segment; with
    ``no_crossing`` it never touches a point the thread already visited.
    A route's own two legs cannot meet, so only the old thread is checked.
    ``used``: the thread's ``drawn_steps``, when the caller has them already.
    """
    steps, paw = layout.steps, layout.paw
    if used is None:
        used = drawn_steps(thread)
    visited = visited_points(thread) if no_crossing else ()
    start = thread[-1]
    for d in range(4):
        here = start
        for k in range(1, roll + 1):
            there = steps[here][d]
            if there is None or (here, there) in used or there in visited:
                break
            here = there
            if k == roll or here == paw:
                yield None, here, k
            if k == roll:
                break
            for turn in ((d + 1) % 4, (d + 3) % 4):
                corner = at = here
                for j in range(1, roll - k + 1):
                    nxt = steps[at][turn]
                    if nxt is None or (at, nxt) in used or nxt in visited:
                        break
                    at = nxt
                    if k + j == roll or at == paw:
                        yield corner, at, k + j


def has_route(
    layout: Layout, thread: Sequence[Point], roll: int, no_crossing: bool, used: set[tuple[Point, Point]] | None = None
) -> bool:
    return next(iter_routes(layout, thread, roll, no_crossing, used), None) is not None


def legs(start: Point, bend: Point | None, end: Point) -> list[tuple[str, int]] | None:
    """The route as (direction, length) legs, or None if it is not straight
    lines with one right-angle bend at most."""
    shape = _legs(start, bend, end)
    return None if shape is None else list(shape)


@lru_cache(maxsize=8192)
def _legs(start: Point, bend: Point | None, end: Point) -> tuple[tuple[str, int], ...] | None:
    corners = [start, end] if bend is None else [start, bend, end]
    result = []
    for a, b in zip(corners, corners[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx == 0) == (dy == 0):  # diagonal, or a leg of no length
            return None
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        result.append((DIRECTION_NAMES[DIRECTIONS.index(step)], abs(dx) + abs(dy)))
    if len(result) == 2:
        d0, d1 = (DIRECTION_NAMES.index(name) for name, _ in result)
        if (d0 - d1) % 2 == 0:  # straight on or doubling back is not a right-angle bend
            return None
    return tuple(result)


def route_points(start: Point, bend: Point | None, end: Point) -> list[Point]:
    """The points a route passes after ``start``, ending with ``end``. Assumes ``legs`` accepted it."""
    return list(_route_points(start, bend, end))


@lru_cache(maxsize=8192)  # a sheet has a few thousand routes; the rules trace each many times
def _route_points(start: Point, bend: Point | None, end: Point) -> tuple[Point, ...]:
    points = []
    here = start
    for corner in [end] if bend is None else [bend, end]:
        if corner[0] != here[0] and corner[1] != here[1]:
            raise ValueError("a route's legs must be straight")  # a diagonal would never reach its corner
        dx = (corner[0] > here[0]) - (corner[0] < here[0])
        dy = (corner[1] > here[1]) - (corner[1] < here[1])
        while here != corner:
            here = (here[0] + dx, here[1] + dy)
            points.append(here)
    return tuple(points)


def route_problem(
    layout: Layout,
    thread: Sequence[Point],
    bend: Point | None,
    end: Point,
    roll: int,
    exact: bool,
    no_crossing: bool,
) -> str | None:
    """Why this route may not be drawn from the thread's end, or None if it may.

    ``exact``: the route must be ``roll`` long (a draw); otherwise at most
    ``roll`` (ending at the cat's paw). Messages finish a sentence that names
    the player.
    """
    start = thread[-1]
    if not layout.on_sheet(end) or (bend is not None and not layout.on_sheet(bend)):
        return "that runs off the sheet"
    shape = legs(start, bend, end)
    if shape is None:
        return "a thread runs straight and bends at a right angle, at most once"
    length = sum(n for _, n in shape)
    if exact and length != roll:
        return f"you must draw exactly {roll} points, and that is {length}"
    if not exact and length > roll:
        return f"the cat's paw is {length} points away that way, more than the {roll} rolled"
    used, visited = thread_facts(thread)
    here = start
    for there in route_points(start, bend, end):  # corners are on the sheet, so every point is
        if there in layout.blocks:
            return f"that crosses a building block at {point_name(there)}"
        if (here, there) in used:
            return f"the thread between {point_name(here)} and {point_name(there)} is already drawn"
        if no_crossing and there in visited:
            return f"that crosses your thread at {point_name(there)}, which this game forbids"
        here = there
    return None
