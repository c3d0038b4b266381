"""The routes of this roll and which one the player has picked; the cup cursor's moves.

Pure logic, no widgets: the screen asks it to pick by direction, by end
point, by "next", or the cat's paw, and shows the picked route as a preview.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadbox.rules.core import Action
from threadbox.rules.thread_count import Draw, EndAtPaw
from threadbox.rules.thread_count.sheet import Point


@dataclass(frozen=True)
class Route:
    action: Draw | EndAtPaw
    start: Point
    points: tuple[Point, ...]  # after ``start``, ending at the route's end

    @property
    def end(self) -> Point:
        return self.points[-1]

    @property
    def first_step(self) -> Point:
        (x0, y0), (x1, y1) = self.start, self.points[0]
        return (x1 - x0, y1 - y0)

    @property
    def ends_thread(self) -> bool:
        return isinstance(self.action, EndAtPaw)

    def first_leg(self) -> int:
        bend = self.action.bend
        return len(self.points) if bend is None else self.points.index(bend) + 1


class RoutePicker:
    """Routes in the order the options list shows them, and the picked one."""

    def __init__(self, start: Point, routes: list[Route]):
        self.start = start
        self.routes = routes
        self.index: int | None = 0 if routes else None

    @classmethod
    def build(cls, start: Point, legal: list[Action], points_of) -> RoutePicker:
        """``points_of(action)`` gives a route's points (the rules' ``route_of``)."""
        routes = [Route(a, start, tuple(points_of(a))) for a in legal if isinstance(a, (Draw, EndAtPaw))]
        return cls(start, routes)

    @property
    def selected(self) -> Route | None:
        return None if self.index is None else self.routes[self.index]

    @property
    def actions(self) -> list[Action]:
        return [r.action for r in self.routes]

    @property
    def ends(self) -> frozenset[Point]:
        return frozenset(r.end for r in self.routes)

    def select(self, action: Action | None) -> bool:
        """Pick ``action`` if it is one of the routes; otherwise pick none. True if it is."""
        self.index = next((i for i, r in enumerate(self.routes) if r.action == action), None)
        return self.index is not None

    def next(self, delta: int = 1) -> Route | None:
        if not self.routes:
            return None
        self.index = 0 if self.index is None else (self.index + delta) % len(self.routes)
        return self.selected

    def toward(self, step: Point) -> Route | None:
        """The next route setting off that way: straight on first, then bending ever sooner."""
        group = [i for i, r in enumerate(self.routes) if r.first_step == step]
        group.sort(key=lambda i: (self.routes[i].action.bend is not None, -self.routes[i].first_leg(), i))
        return self._cycle(group)

    def ending_at(self, point: Point) -> Route | None:
        """The next route ending on ``point`` (a click there again picks the next one)."""
        return self._cycle([i for i, r in enumerate(self.routes) if r.end == point])

    def to_paw(self) -> Route | None:
        """The next route that ends the thread at the cat's paw."""
        return self._cycle([i for i, r in enumerate(self.routes) if r.ends_thread])

    def _cycle(self, group: list[int]) -> Route | None:
        if not group:
            return None
        if self.index in group:
            self.index = group[(group.index(self.index) + 1) % len(group)]
        else:
            self.index = group[0]
        return self.selected


def nearest_place(places: list[Point], to: Point) -> Point:
    """Setup: the free shaded place nearest ``to`` (top-left first on a tie)."""
    return min(places, key=lambda p: (abs(p[0] - to[0]) + abs(p[1] - to[1]), p[1], p[0]))


def place_toward(places: list[Point], here: Point, step: Point) -> Point:
    """Setup: the nearest place that way, preferring ones in line; ``here`` if there is none."""
    dx, dy = step
    ahead = []
    for p in places:
        along = (p[0] - here[0]) * dx + (p[1] - here[1]) * dy
        if along > 0:
            across = abs((p[0] - here[0]) * dy) + abs((p[1] - here[1]) * dx)
            ahead.append((along + 2 * across, p))
    return min(ahead)[1] if ahead else here
