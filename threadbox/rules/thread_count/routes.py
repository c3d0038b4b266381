"""Every route from a point of a side for a roll, worked out once per side.

Where a route may go depends on the printed side only (edges and blocks);
whether it may be drawn now depends on the thread only (a segment already
drawn, or without crossing a point already visited). So each side keeps, per
start point and roll, its routes in the order the rules list the options,
with the bits of the segments and points each uses: a thread's options are
the routes whose bits miss the thread's (``facts.ThreadFacts``).
"""

from __future__ import annotations

from ..core import Action
from .actions import PlaceCup, draw, end_at_paw, place_cup
from .data import OBJECT_KINDS
from .facts import Point, facts_of, point_bit, step_bit
from .sheet import LAYOUTS, Layout, iter_routes, point_name, route_points
from .words import route_words


class Route:
    """One way on from a start point: the option that draws it and the bits it uses.

    What it passes and its words are worked out when it is first drawn."""

    __slots__ = ("action", "start", "bend", "end", "points", "segs", "dots", "_finds", "_objects", "_words")

    def __init__(self, start: Point, bend: Point | None, end: Point, action: Action) -> None:
        self.action, self.start, self.bend, self.end = action, start, bend, end
        self.points = points = tuple(route_points(start, bend, end))
        segs = dots = 0
        here = start
        for there in points:
            segs |= step_bit(here, there)
            dots |= point_bit(there)
            here = there
        self.segs, self.dots = segs, dots
        self._finds: tuple[tuple[int, str | None, Point], ...] | None = None
        self._objects: tuple[tuple[int, str], ...] | None = None
        self._words = ""

    def finds(self, layout: Layout) -> tuple[tuple[int, str | None, Point], ...]:
        """Each point passed: its bit, the kind of object on it (None if none), the point."""
        if self._finds is None:
            self._finds = tuple((point_bit(p), layout.objects.get(p), p) for p in self.points)
        return self._finds

    def objects(self, layout: Layout) -> tuple[tuple[int, str], ...]:
        """The objects passed, in order: the bit of each one's point and its kind."""
        if self._objects is None:
            self._objects = tuple((bit, kind) for bit, kind, _ in self.finds(layout) if kind is not None)
        return self._objects

    @property
    def words(self) -> str:
        """E.g. "right 4, down 2 to G3"."""
        if not self._words:
            self._words = route_words(self.start, self.bend, self.end)
        return self._words


# Options remembered per point and roll, at most. Measured over 10,000 fresh 2-seat games: 16
# recomputed 3.5 sets of options a game, 64 recomputes 2.2 and holds about 6 MB more.
_KNOWN_KEPT = 64
# The options of a thread for a roll: the actions in order, and their routes by action.
Options = tuple[tuple[Action, ...], dict[Action, Route]]


class PointRoutes:
    """The routes from one point for one roll: draws of exactly the roll, then ends at the paw."""

    __slots__ = ("routes", "rows", "reach_segs", "reach_dots", "_known")

    def __init__(self, layout: Layout, start: Point, roll: int) -> None:
        found = list(iter_routes(layout, [start], roll, False, set()))  # nothing drawn yet: every route
        draws = [Route(start, bend, end, draw(end, bend)) for bend, end, n in found if n == roll]
        paw = layout.paw
        ends = [Route(start, bend, end, end_at_paw(bend)) for bend, end, _ in found if end == paw]
        self.routes = (*draws, *ends)
        self.rows = tuple((r.segs, r.dots, r.action, r) for r in self.routes)
        # Only drawn segments (visited points) these routes use matter: threads alike in
        # these bits have the same options, and most threads are alike near their end.
        self.reach_segs = self.reach_dots = 0
        for r in self.routes:
            self.reach_segs |= r.segs
            self.reach_dots |= r.dots
        self._known: dict[tuple[int, int], Options] = {}

    def options(self, segs: int, dots: int, no_crossing: bool) -> Options:
        """The routes a thread with these drawn segments (and visited points) may draw.

        Shared values, read only."""
        segs &= self.reach_segs
        dots = dots & self.reach_dots if no_crossing else -1
        known = self._known.get((segs, dots))
        if known is None:
            if len(self._known) >= _KNOWN_KEPT:
                self._known.clear()
            known = self._known[(segs, dots)] = self._options(segs, dots, no_crossing)
        return known

    def _options(self, segs: int, dots: int, no_crossing: bool) -> Options:
        if no_crossing:
            open_ = {key: r for s, d, key, r in self.rows if not s & segs and not d & dots}
        else:
            open_ = {key: r for s, _, key, r in self.rows if not s & segs}
        return tuple([r.action for r in open_.values()]), open_


class SideRoutes:
    """What one printed side lets a thread do, looked up instead of traced."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        mice, socks, planes = (
            sum(point_bit(p) for p, k in layout.objects.items() if k == kind) for kind in OBJECT_KINDS
        )
        self.kind_masks = (mice, socks, planes)
        self.object_bits = mice | socks | planes
        self.shaded_bits = sum(point_bit(p) for p in layout.shaded)
        # point -> (segment bit, point bit) of each free unit step from it
        self.exits = {
            p: tuple((step_bit(p, q), point_bit(q)) for q in nexts if q is not None)
            for p, nexts in layout.steps.items()
        }
        self.names = {p: point_name(p) for p in layout.steps}
        # in reading order: a copy less the places with cups is a seat's options
        self.cup_actions: dict[Point, PlaceCup] = {p: place_cup(p) for p in layout.shaded}
        self.shaded = frozenset(layout.shaded)
        self._routes: dict[tuple[Point, int], PointRoutes] = {}

    def from_point(self, start: Point, roll: int) -> PointRoutes:
        known = self._routes.get((start, roll))
        if known is None:
            known = self._routes[(start, roll)] = PointRoutes(self.layout, start, roll)
        return known

    def counts(self, dots: int) -> tuple[int, int, int]:
        """Objects per kind (in ``OBJECT_KINDS`` order) on the points of ``dots``."""
        mice, socks, planes = self.kind_masks
        return (dots & mice).bit_count(), (dots & socks).bit_count(), (dots & planes).bit_count()

    def sets(self, dots: int) -> int:
        """Complete sets among the objects on the points of ``dots``."""
        mice, socks, planes = self.kind_masks
        return min((dots & mice).bit_count(), (dots & socks).bit_count(), (dots & planes).bit_count())

    def has_set(self, dots: int) -> bool:
        """Whether the points of ``dots`` hold at least one object of each kind (a set)."""
        mice, socks, planes = self.kind_masks
        return bool(dots & mice and dots & socks and dots & planes)

    def can_step(self, end: Point, segs: int, dots: int, no_crossing: bool) -> bool:
        """Whether a thread ending at ``end`` has a free unit step: a roll of 1 can move it,
        and every longer route starts with such a step."""
        for seg, dot in self.exits[end]:  # noqa: SIM110  (a loop: any() over a generator is slower)
            if not seg & segs and not (no_crossing and dot & dots):
                return True
        return False


SIDE_ROUTES = {side: SideRoutes(layout) for side, layout in LAYOUTS.items()}


def options_of(thread: tuple[Point, ...], side: str, roll: int, no_crossing: bool) -> Options:
    """The options of a thread for a roll and their routes, remembered with the thread's facts."""
    facts = facts_of(thread)
    key = roll | (16 if side == "B" else 0) | (32 if no_crossing else 0)  # a small int: no tuple per call
    known: Options | None = facts.memo.get(key)
    if known is None:
        routes = SIDE_ROUTES[side].from_point(thread[-1], roll)
        known = facts.memo[key] = routes.options(facts.segs, facts.dots, no_crossing)
    return known
