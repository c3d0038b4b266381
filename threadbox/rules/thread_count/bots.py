"""Thread Count's bot: a greedy one-step look-ahead over the legal draws."""

from __future__ import annotations

import random
from functools import cached_property

from ..core import Action, GameState
from ..core.search import SearchBot
from .actions import EndAtPaw, Pass, PlaceCup, Stop
from .collection import new_finds
from .data import CAT_POINTS, CUP_POINTS, DIE_SIDES, OBJECT_KINDS, set_value
from .sheet import Point, Segment, iter_routes, route_points, segment, used_segments
from .state import ThreadCountState

# Points an uncollected object is worth as a target, before its distance.
_PULL = 0.6
# Expected points one more round of drawing brings; prices the future against the cat's +5.
_POINTS_PER_ROUND = 0.9
# Rounds still expected before the round counter is active (a rough guess).
_ROUNDS_BEFORE_COUNTER = 8
# Passing wastes the roll. Stopping for good wastes every roll left: chosen only
# when no roll leads anywhere but a dead end (else bots could pass for ever).
_PASS_COST = 2.0
# A thread end with no free way on is nearly worthless for the rest of the game.
_DEAD_END = 4.0
# Each free way on from the new end is worth this much room to move.
_EXIT = 0.3
# With this few rounds expected to remain, the thread heads for the cat's paw ...
_ENDGAME_ROUNDS = 4
# ... valuing each point of distance from the paw at this much.
_PAW_DISTANCE = 0.4


class EasyBot:
    """Level ``easy``: takes the draw with the best immediate gain plus a look at what lies ahead.

    Values: points scored now (objects, set bonuses, cups), a pull towards
    uncollected objects of the kinds its sets lack, room to move on from the
    new end, and the cat's +5 weighed against the rounds still to play.
    """

    level = "easy"

    def choose(self, view: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        assert isinstance(view, ThreadCountState)
        if isinstance(legal[0], PlaceCup):
            return self._place_cup(view, legal, rng)
        return _Judge(view, seat).best(legal, rng)

    def _place_cup(self, state: ThreadCountState, legal: list[Action], rng: random.Random) -> Action:
        """Cups where threads want to go: beside objects and near the start."""
        layout = state.layout

        def nuisance(action: Action) -> float:
            assert isinstance(action, PlaceCup)
            x, y = action.at
            near = sum(1 for (ox, oy) in layout.objects if abs(ox - x) + abs(oy - y) <= 2)
            start = abs(layout.start[0] - x) + abs(layout.start[1] - y)
            return near + 4 / (1 + start) + rng.random() * 0.5

        return max(legal, key=nuisance)


class _Judge:
    """Values the options of one seat in one position."""

    def __init__(self, state: ThreadCountState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.layout = layout = state.layout
        sheet = state.sheet(seat)
        self.thread = sheet.thread
        self.seen = set(sheet.thread)
        self.cup_list = sheet.cups
        self.used = used_segments(sheet.thread)
        self.counts = state.collected(seat)
        self.cup_points = 0 if state.easier or state.cups_cost_nothing(seat) else CUP_POINTS
        self.rounds_left = self._rounds_left()
        fewest = min(self.counts.values())
        # Kinds that hold back the next set pull harder.
        self.targets = [
            (p, _PULL * (1.5 if self.counts[kind] == fewest else 1.0))
            for p, kind in layout.objects.items()
            if p not in self.seen
        ]

    def _rounds_left(self) -> float:
        state = self.state
        left = state.counter_numbers[state.counter_crossed :]
        expected = sum(DIE_SIDES / (DIE_SIDES + 1 - n) for n in left)
        return expected if state.counter_active else expected + _ROUNDS_BEFORE_COUNTER

    def best(self, legal: list[Action], rng: random.Random) -> Action:
        scored = [(self.value(action) + rng.random() * 0.01, i) for i, action in enumerate(legal)]
        return legal[max(scored)[1]]

    def value(self, action: Action) -> float:
        state = self.state
        if isinstance(action, Stop):
            return -_DEAD_END - _PASS_COST if self.hopeless else float("-inf")
        if isinstance(action, Pass):
            return float("-inf") if self.hopeless else self.position(self.thread[-1], self.used, []) - _PASS_COST
        points = state.route_of(self.seat, action)
        now = self.gain(points)
        if isinstance(action, EndAtPaw):
            return now + CAT_POINTS - _POINTS_PER_ROUND * self.rounds_left
        used = self.used | {segment(a, b) for a, b in zip([self.thread[-1], *points], points)}
        return now + self.position(points[-1], used, points)

    @cached_property
    def hopeless(self) -> bool:
        """Whether every route of every roll ends in a dead end: passing would wait for ever."""
        start = self.thread[-1]
        return not any(
            self.exits(route[-1], self.used | {segment(a, b) for a, b in zip([start, *route], route)}, route) > 0
            for roll in range(1, DIE_SIDES + 1)
            for bend, end, _ in iter_routes(self.layout, self.thread, roll, self.state.no_crossing)
            for route in [route_points(start, bend, end)]
        )

    def exits(self, end: Point, used: set[Segment], route: list[Point]) -> int:
        """Free ways on from ``end`` after drawing ``route``."""
        blocked = self.seen.union(route) if self.state.no_crossing else ()
        return sum(
            1 for q in self.layout.steps[end] if q is not None and segment(end, q) not in used and q not in blocked
        )

    def gain(self, points: list[Point]) -> float:
        """Points the route scores at once: objects, completed sets, knocked cups."""
        kinds, cups = new_finds(self.layout, self.thread, self.cup_list, points)
        counts = dict(self.counts)
        for kind in kinds:
            counts[kind] += 1
        before = min(self.counts[k] for k in OBJECT_KINDS)
        after = min(counts[k] for k in OBJECT_KINDS)
        sets = sum(set_value(k) for k in range(before + 1, after + 1))
        return len(kinds) + sets + cups * self.cup_points

    def position(self, end: Point, used: set[Segment], route: list[Point]) -> float:
        """How promising it is to stand at ``end`` after drawing ``route``."""
        exits = self.exits(end, used, route)
        value = -_DEAD_END if exits == 0 else _EXIT * exits
        x, y = end
        for (ox, oy), pull in self.targets:
            if (ox, oy) not in route:
                value += pull / (1 + abs(ox - x) + abs(oy - y))
        if self.rounds_left < _ENDGAME_ROUNDS:
            px, py = self.layout.paw
            value -= _PAW_DISTANCE * (abs(px - x) + abs(py - y))
        return value


def cup_reflex(state: ThreadCountState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    """Cups are placed by the easy bot's rule of thumb: 6 choices among dozens of places,
    too many to search and of little weight next to the threads."""
    if isinstance(legal[0], PlaceCup):
        return EasyBot()._place_cup(state, legal, rng)
    return None


def draw_values(state: GameState, seat: int, legal: list[Action]) -> list[float]:
    """The easy bot's value of each draw, pass or end: the search's prior."""
    assert isinstance(state, ThreadCountState)
    judge = _Judge(state, seat)
    return [judge.value(action) for action in legal]


def estimated_scores(state: GameState) -> list[float]:
    """Each seat's points so far plus, while its thread is in play, what the rounds
    left should bring and how promising its thread's end is (the easy bot's measure)."""
    assert isinstance(state, ThreadCountState)
    out = []
    for seat in range(state.players):
        total = float(state.seat_score(seat).total)
        if not state.is_out(seat) and state.phase != "over":
            judge = _Judge(state, seat)
            total += _POINTS_PER_ROUND * judge.rounds_left + judge.position(judge.thread[-1], judge.used, [])
        out.append(total)
    return out


# Rollout decisions (all seats together) before the position is judged: about three rounds at
# two seats. Whole-game rollouts were noisier (many rolls of the die) and three times slower.
HARD_ROLLOUT = 6


def hard_bot() -> SearchBot[ThreadCountState]:
    """Level ``hard``: ISMCTS over the draws, starting from the easy bot's opinion,
    rolled out a few rounds by the easy bot and judged by ``estimated_scores``. The
    reward leans on the lead: with one die for everyone, a win is mostly the sum of
    well-used rolls."""
    return SearchBot(
        EasyBot(),
        reflex=cup_reflex,
        prior=draw_values,
        rollout_limit=HARD_ROLLOUT,
        evaluate=estimated_scores,
        win_weight=0.5,
        score_scale=8.0,
    )
