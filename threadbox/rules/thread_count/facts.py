"""What follows from a thread, remembered as it grows.

Points are ``(column, row)``. A thread is the tuple of points it visits in
order; its segments are consecutive pairs of that tuple. Its drawn segments
and visited points are kept as bits of two ints (one bit per point, one per
unit segment), so "is any of this route already drawn?" is a single ``&``.
"""

from __future__ import annotations

from collections.abc import Sequence
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

    ``memo`` holds what follows from the thread; a thread never changes (it is
    a tuple: a longer thread is a new one), so nothing in it goes stale.
    Keys must name everything else a remembered value depends on (side, roll, variant);
    small ints are ``routes.options_of``'s.
    """

    __slots__ = ("thread", "segs", "dots", "memo", "_sets")

    def __init__(self, thread: Sequence[Point], segs: int | None = None, dots: int = 0) -> None:
        self.thread = thread
        self.memo: dict[object, Any] = {}
        self._sets: tuple[set[tuple[Point, Point]], set[Point]] | None = None
        if segs is not None:  # known already (see ``grown``)
            self.segs, self.dots = segs, dots
            return
        segs = 0
        dots = point_bit(thread[0]) if thread else 0
        for a, b in zip(thread, thread[1:]):
            segs |= step_bit(a, b)
            dots |= point_bit(b)
        self.segs, self.dots = segs, dots

    def sets(self) -> tuple[set[tuple[Point, Point]], set[Point]]:
        if self._sets is None:
            thread = self.thread
            steps = set(zip(thread, thread[1:]))
            steps.update(zip(thread[1:], thread))
            self._sets = (steps, set(thread))
        return self._sets


# Threads are tuples that only ever grow into new tuples, and are asked about at
# every step of a game (and shared by every copy and view of a state): remember
# each thread's facts by identity. An entry holds its tuple, so the id cannot be
# reused while it is remembered. Lists (tests, callers' own points) may change,
# so their facts are worked out afresh each time.
_FACTS: dict[int, ThreadFacts] = {}
_FACTS_KEPT = 512


def _remember(facts: ThreadFacts) -> ThreadFacts:
    if len(_FACTS) >= _FACTS_KEPT:
        _FACTS.clear()
    _FACTS[id(facts.thread)] = facts
    return facts


def facts_of(thread: Sequence[Point]) -> ThreadFacts:
    known = _FACTS.get(id(thread))
    if known is not None and known.thread is thread:
        return known
    facts = ThreadFacts(thread)
    return _remember(facts) if type(thread) is tuple and thread else facts


def grown(before: tuple[Point, ...], route: tuple[Point, ...], segs: int, dots: int) -> tuple[Point, ...]:
    """The thread ``before`` extended by ``route`` (which uses these bits), its facts
    remembered from the old ones without walking it again."""
    thread = before + route
    old = facts_of(before)
    _remember(ThreadFacts(thread, old.segs | segs, old.dots | dots))
    return thread


def thread_facts(thread: Sequence[Point]) -> tuple[set[tuple[Point, Point]], set[Point]]:
    """``(drawn steps both ways round, visited points)`` of a thread; shared sets, read only."""
    return facts_of(thread).sets()


def drawn_steps(thread: Sequence[Point]) -> set[tuple[Point, Point]]:
    """Every drawn unit step both ways round: ``(a, b) in steps`` says the segment a-b is drawn.

    Read only: the set is shared (see ``thread_facts``)."""
    return facts_of(thread).sets()[0]


def visited_points(thread: Sequence[Point]) -> set[Point]:
    """The points the thread has visited. Read only: the set is shared (see ``thread_facts``)."""
    return facts_of(thread).sets()[1]


def thread_memo(thread: Sequence[Point]) -> dict[object, Any]:
    """A dict for remembering what follows from the thread (a longer thread has its own).

    Keys must name everything else the remembered value depends on (side, roll, variant);
    small ints are taken (``routes.options_of``)."""
    return facts_of(thread).memo
