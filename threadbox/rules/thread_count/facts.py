"""What follows from a thread as it is now, remembered while it grows.

Points are ``(column, row)``. A thread is the list of points it visits in
order; its segments are consecutive pairs of that list. Its drawn segments
and visited points are kept as bits of two ints (one bit per point, one per
unit segment), so "is any of this route already drawn?" is a single ``&``.
"""

from __future__ import annotations

from typing import Any

Point = tuple[int, int]

# Bits are laid out by row with room for the most columns a sheet can name (A-Z).
STRIDE = 26


def point_bit(p: Point) -> int:
    return 1 << (p[1] * STRIDE + p[0])


def step_bit(a: Point, b: Point) -> int:
    """The bit of the unit segment a-b (either way round); 0 if a and b are not neighbours."""
    (ax, ay), (bx, by) = a, b
    if ay == by and abs(ax - bx) == 1:
        return 1 << (2 * (ay * STRIDE + min(ax, bx)))
    if ax == bx and abs(ay - by) == 1:
        return 1 << (2 * (min(ay, by) * STRIDE + ax) + 1)
    return 0  # never a step a route can take, so never asked about


class ThreadFacts:
    """Drawn segments and visited points of one thread, as bits and (on request) as sets.

    ``memo`` holds what follows from the thread as it is now; it is emptied when it grows.
    Keys must name everything else a remembered value depends on (side, roll, variant).
    """

    __slots__ = ("thread", "n", "last", "segs", "dots", "memo", "_sets")

    def __init__(self, thread: list[Point]) -> None:
        self.thread = thread
        self.n = 0
        self.segs = self.dots = 0
        self.memo: dict[object, Any] = {}
        self._sets: tuple[set[tuple[Point, Point]], set[Point]] | None = None
        self._take(thread)

    def _take(self, points: list[Point]) -> None:
        """Add the points after the first (already counted unless this is a new thread)."""
        segs, dots = self.segs, self.dots
        for a, b in zip(points, points[1:]):
            segs |= step_bit(a, b)
            dots |= point_bit(b)
        if self.n == 0 and points:
            dots |= point_bit(points[0])
        self.segs, self.dots = segs, dots
        self.n = len(self.thread)
        self.last = self.thread[-1] if self.thread else None
        self.memo = {}
        self._sets = None

    def grew(self, end: Point, segs: int, dots: int) -> None:
        """The thread was just extended (by ``list.extend``) with a route using these bits."""
        self.n = len(self.thread)
        self.last = end
        self.segs |= segs
        self.dots |= dots
        self.memo = {}
        self._sets = None

    def sets(self) -> tuple[set[tuple[Point, Point]], set[Point]]:
        if self._sets is None:
            thread = self.thread
            steps = set(zip(thread, thread[1:]))
            steps.update(zip(thread[1:], thread))
            self._sets = (steps, set(thread))
        return self._sets


# Threads only ever grow at the end and are asked about at every step of a
# game: remember each thread's facts by identity, and bring them up to date by
# the new points only. An entry holds its list, so the id cannot be reused
# while it is remembered.
_FACTS: dict[int, ThreadFacts] = {}
_FACTS_KEPT = 512


def facts_of(thread: list[Point]) -> ThreadFacts:
    known = _FACTS.get(id(thread))
    if known is not None and known.thread is thread:
        n, done = len(thread), known.n
        if done == n and n and thread[-1] == known.last:
            return known
        if 0 < done < n and thread[done - 1] == known.last:
            known._take(thread[done - 1 :])
            return known
    if len(_FACTS) >= _FACTS_KEPT:
        _FACTS.clear()
    facts = ThreadFacts(thread)
    if thread:
        _FACTS[id(thread)] = facts
    return facts


def thread_facts(thread: list[Point]) -> tuple[set[tuple[Point, Point]], set[Point]]:
    """``(drawn steps both ways round, visited points)`` of a thread; shared sets, read only."""
    return facts_of(thread).sets()


def drawn_steps(thread: list[Point]) -> set[tuple[Point, Point]]:
    """Every drawn unit step both ways round: ``(a, b) in steps`` says the segment a-b is drawn.

    Read only: the set is shared (see ``thread_facts``)."""
    return facts_of(thread).sets()[0]


def visited_points(thread: list[Point]) -> set[Point]:
    """The points the thread has visited. Read only: the set is shared (see ``thread_facts``)."""
    return facts_of(thread).sets()[1]


def thread_memo(thread: list[Point]) -> dict[object, Any]:
    """A dict for remembering what follows from the thread as it is now; emptied when it grows.

    Keys must name everything else the remembered value depends on (side, roll, variant)."""
    return facts_of(thread).memo
