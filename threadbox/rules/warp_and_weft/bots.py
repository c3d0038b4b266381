"""The ``easy`` bot: greedy, one decision at a time, from its own view only.

It values a loom by its *aims*: the patterns on cards holding its buttons
(full weight), the cards it could still put a button on (part weight) and the
Shared Objective patterns it has not formed yet. A string placed in a slot is
valued by what it adds at once (neighbours, crossings, axis penalty) plus a
little for what it leaves open; the over/under choices along the string are
chosen together by a small dynamic programme, since interlaced patterns score
on pairs of consecutive crossings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Action
from ..core.search import SearchBot
from .actions import ChooseCrossing, PickString, PlaceButton, WeaveString
from .data import (
    PATTERN_CARDS,
    SAFE_PER_AXIS,
    SHARED_BY_ID,
    SHARED_OBJECTIVE_VP,
    SLOTS_PER_AXIS,
    AdjacentPattern,
    InterlacedPattern,
    Pattern,
)
from .loom import AXES, FREE, Axis, Loom, count_pattern, other_axis, relation_holds
from .scoring import card_score
from .state import WarpWeftState

OWN_CARD = 1.0  # a button of ours is on it: every occurrence is a VP
OPEN_CARD = 0.4  # we may still put a button on it
HOPE = 0.3  # share of a pattern's weight for a half-made occurrence
PENALTY = 1.2  # an extra string on an axis costs 1 VP; a little more to steer clear


@dataclass(frozen=True)
class Aims:
    adjacent: list[tuple[AdjacentPattern, float]]
    interlaced: list[tuple[InterlacedPattern, float]]

    def demand(self, colour: str) -> float:
        """How much the aims want strings of this colour."""
        aims: list[tuple[Pattern, float]] = [*self.adjacent, *self.interlaced]
        return sum(w for p, w in aims if colour in (p.a, p.b))


def aims_of(view: WarpWeftState, seat: int) -> Aims:
    loom = view.looms[seat]
    own = [b.card for b in view.placed_buttons(seat)]
    weighted: list[tuple[Pattern, float]] = []
    for card_id in view.adjacent + view.interlaced:
        card = PATTERN_CARDS[card_id]
        if card_id in own:
            weighted.append((card.pattern, OWN_CARD))
        elif view.buttons_left(seat, card.shape):
            weighted.append((card.pattern, OPEN_CARD))
    missing = [p for p in SHARED_BY_ID[view.shared].patterns if count_pattern(loom, p) == 0]
    for pattern in missing:
        # The 5 VP come with the last missing pattern: spread them over what is missing.
        weighted.append((pattern, SHARED_OBJECTIVE_VP / (len(missing) + 1)))
    return Aims(
        adjacent=[(p, w) for p, w in weighted if isinstance(p, AdjacentPattern)],
        interlaced=[(p, w) for p, w in weighted if isinstance(p, InterlacedPattern)],
    )


def _fits(relation: str, over: bool) -> bool:
    """Whether one crossing can still be part of the relation."""
    return relation == "alternate" or over == (relation == "over")


def placement_value(
    loom: Loom, colour: str, axis: Axis, slot: int, aims: Aims, chosen: Sequence[bool] | None = None
) -> tuple[float, list[bool]]:
    """Value of weaving ``colour`` into (axis, slot), and the best over/under choices
    for its crossings (keeping the ``chosen`` ones already made)."""
    line = loom.line(axis)
    across_axis = other_axis(axis)
    across_line = loom.line(across_axis)
    neighbours = [n for n in (slot - 1, slot + 1) if 0 <= n < SLOTS_PER_AXIS]
    value = 0.0

    for near, w in aims.adjacent:
        if colour not in (near.a, near.b):
            continue
        partner = near.b if colour == near.a else near.a
        for n in neighbours:
            value += w if line[n] == partner else HOPE * w if line[n] == FREE else 0.0
    if line.count(colour) >= SAFE_PER_AXIS:
        value -= PENALTY

    crosses = loom.crossed_slots(axis, slot)
    unary = [[0.0, 0.0] for _ in crosses]  # [under, over] for the new string at each crossing
    pair = [[[0.0, 0.0], [0.0, 0.0]] for _ in crosses]  # crossing i with i + 1, if neighbours
    for pattern, w in aims.interlaced:
        if colour == pattern.a:
            for i, k in enumerate(crosses):
                if across_line[k] != pattern.b:
                    continue
                if i + 1 < len(crosses) and crosses[i + 1] == k + 1 and across_line[k + 1] == pattern.b:
                    for o1 in (0, 1):
                        for o2 in (0, 1):
                            if relation_holds(pattern.relation, bool(o1), bool(o2)):
                                pair[i][o1][o2] += w
                if any(0 <= n < SLOTS_PER_AXIS and across_line[n] == FREE for n in (k - 1, k + 1)):
                    for o in (0, 1):
                        if _fits(pattern.relation, bool(o)):
                            unary[i][o] += HOPE * w
        elif colour == pattern.b:
            if any(line[n] == pattern.b for n in neighbours) and FREE in across_line:
                value += HOPE * w  # two B strings side by side wait for an A across them
            for i, k in enumerate(crosses):
                if across_line[k] != pattern.a:
                    continue
                for n in neighbours:
                    for o in (0, 1):
                        a_over_new = not o
                        if line[n] == pattern.b:
                            a_over_n = bool(loom.is_over(across_axis, k, n))
                            first, second = (a_over_n, a_over_new) if n < slot else (a_over_new, a_over_n)
                            if relation_holds(pattern.relation, first, second):
                                unary[i][o] += w
                        elif line[n] == FREE and _fits(pattern.relation, a_over_new):
                            unary[i][o] += HOPE * w

    best, choices = _best_choices(unary, pair, crosses, chosen or [])
    return value + best, choices


def _best_choices(
    unary: list[list[float]], pair: list[list[list[float]]], crosses: list[int], chosen: Sequence[bool]
) -> tuple[float, list[bool]]:
    """Viterbi over the crossings: pairs only link crossings of neighbouring slots."""
    if not crosses:
        return 0.0, []
    allowed = [[int(chosen[i])] if i < len(chosen) else [0, 1] for i in range(len(crosses))]
    score = [[float("-inf")] * 2 for _ in crosses]
    back = [[0, 0] for _ in crosses]
    for o in allowed[0]:
        score[0][o] = unary[0][o]
    for i in range(1, len(crosses)):
        for o in allowed[i]:
            best_prev, best_score = 0, float("-inf")
            for p in allowed[i - 1]:
                s = score[i - 1][p] + pair[i - 1][p][o]
                if s > best_score:
                    best_prev, best_score = p, s
            score[i][o] = best_score + unary[i][o]
            back[i][o] = best_prev
    last = max(allowed[-1], key=lambda o: score[-1][o])
    total = score[-1][last]
    path = [last]
    for i in range(len(crosses) - 1, 0, -1):
        path.append(back[i][path[-1]])
    path.reverse()
    return total, [bool(o) for o in path]


class EasyBot:
    """Level ``easy``: drafts the colours its aims need, weaves each string where
    it scores most, and buttons the cards its loom forms best."""

    level = "easy"

    def choose(self, view: WarpWeftState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        first = legal[0]
        if isinstance(first, ChooseCrossing):
            return self._cross(view, seat, legal)
        if not isinstance(first, PickString | WeaveString | PlaceButton):
            return rng.choice(legal)
        values = self.values(view, seat, legal)
        return legal[max(range(len(legal)), key=lambda i: values[i] + rng.random() * 1e-3)]

    def values(self, view: WarpWeftState, seat: int, legal: list[Action]) -> list[float]:
        """How much the bot likes each of ``legal`` (all of one kind), higher is better."""
        first = legal[0]
        if isinstance(first, PickString):
            return self._pick_values(view, seat, legal)  # type: ignore[arg-type]  # all of one kind, as the first
        if isinstance(first, WeaveString):
            loom, aims = view.looms[seat], aims_of(view, seat)
            return [placement_value(loom, a.colour, a.axis, a.slot, aims)[0] for a in legal]  # type: ignore[attr-defined]  # all WeaveString
        if isinstance(first, PlaceButton):
            return self._button_values(view, seat, legal)  # type: ignore[arg-type]  # all of one kind
        if isinstance(first, ChooseCrossing):
            best = self._cross(view, seat, legal)
            return [1.0 if a == best else 0.0 for a in legal]
        return [0.0] * len(legal)

    def _pick_values(self, view: WarpWeftState, seat: int, legal: list[PickString]) -> list[float]:
        loom, aims = view.looms[seat], aims_of(view, seat)
        free = [(axis, slot) for axis in AXES for slot in loom.free_slots(axis)]
        kept = view.picks[seat]

        def worth(action: PickString) -> float:
            c = action.colour
            best = max(placement_value(loom, c, axis, slot, aims)[0] for axis, slot in free)
            # Free slots where a string of this colour would not yet cost VP.
            room = sum(
                min(len(loom.free_slots(axis)), max(0, SAFE_PER_AXIS - loom.line(axis).count(c))) for axis in AXES
            ) - kept.count(c)
            crowded = PENALTY if room <= 0 else 0.0
            return best + HOPE * aims.demand(c) - crowded

        return [worth(a) for a in legal]

    def _cross(self, view: WarpWeftState, seat: int, legal: list[Action]) -> Action:
        doing = view.weaving[seat]
        assert doing is not None
        _, choices = placement_value(
            view.looms[seat], doing.colour, doing.axis, doing.slot, aims_of(view, seat), doing.over
        )
        return ChooseCrossing(over=choices[len(doing.over)])

    def _button_values(self, view: WarpWeftState, seat: int, legal: list[PlaceButton]) -> list[float]:
        loom = view.looms[seat]
        woven = loom.colours()
        still_to_weave = 2 * SLOTS_PER_AXIS - len(woven)

        def worth(action: PlaceButton) -> float:
            pattern = PATTERN_CARDS[action.card].pattern
            share = sum(c in (pattern.a, pattern.b) for c in woven) / max(1, len(woven))
            # Now: what the loom forms. Later: strings to come, if its colours suit the card.
            return card_score(loom, action.card) + 0.25 * still_to_weave * share

        return [worth(a) for a in legal]


# ---- the ``hard`` level: search, with the easy bot's judgement in it ---------------
# Shared Objective VP counted for a loom that forms one of its two patterns already.
HALF_SHARED = 2.0


def estimated_scores(state: WarpWeftState) -> list[float]:
    """Each seat's final VP if the game stopped weaving now: its scorepad with every
    button still in hand placed on the best free card for its loom as it is."""
    out = []
    for seat in range(state.players):
        loom = state.looms[seat]
        total = float(state.total_score(seat))
        own = {b.card for b in state.placed_buttons(seat)}
        for shape in ("round", "square"):
            left = state.buttons_left(seat, shape)
            if left:
                free = sorted((card_score(loom, c) for c in state.cards_for(shape) if c not in own), reverse=True)
                total += sum(free[:left])
        patterns = SHARED_BY_ID[state.shared].patterns
        formed = sum(count_pattern(loom, p) > 0 for p in patterns)
        if 0 < formed < len(patterns):
            total += HALF_SHARED
        out.append(total)
    return out


class CrossingPlanner:
    """Over/under along a string, settled by the easy bot's exact programme, not searched.

    The whole string is planned once, when its first crossing is asked for, and
    the plan is kept for the string's later crossings (the programme would give
    the same answers at a third of the cost each). Used as the search's reflex.

    A plan belongs to one string in one state object: the same state played on
    keeps it; a copy of the state (a view, a determinization) plans afresh.
    """

    def __init__(self) -> None:
        self._plans: dict[tuple[int, int, str, str, int], tuple[WarpWeftState, list[bool]]] = {}

    def __call__(self, state: WarpWeftState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        if not isinstance(legal[0], ChooseCrossing):
            return None
        doing = state.weaving[seat]
        assert doing is not None
        key = (id(state), seat, doing.colour, doing.axis, doing.slot)  # a slot takes one string per loom
        kept = self._plans.get(key)
        if kept is None or kept[0] is not state:  # the id of an object gone may be reused
            if len(self._plans) > 256:
                self._plans.clear()
            aims = aims_of(state, seat)
            _, choices = placement_value(state.looms[seat], doing.colour, doing.axis, doing.slot, aims, doing.over)
            kept = self._plans[key] = (state, choices)
        return ChooseCrossing(over=kept[1][len(doing.over)])


class RolloutBot(EasyBot):
    """The easy bot made cheaper for rollouts: it drafts by what its aims want of a
    colour (not by trying every free slot), and crosses by a planner."""

    level = "rollout"

    def __init__(self) -> None:
        self.crossings = CrossingPlanner()

    def choose(self, view: WarpWeftState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        first = legal[0]
        if isinstance(first, ChooseCrossing):
            action = self.crossings(view, seat, legal, rng)
            assert action is not None
            return action
        if isinstance(first, PickString):
            aims = aims_of(view, seat)
            return max(legal, key=lambda a: aims.demand(a.colour) + rng.random() * 1e-3)  # type: ignore[attr-defined]
        return super().choose(view, seat, legal, rng)


def easy_values(state: WarpWeftState, seat: int, legal: list[Action]) -> list[float]:
    """The easy bot's values: the search's prior."""
    return EasyBot().values(state, seat, legal)


def hard_bot() -> SearchBot[WarpWeftState]:
    """Level ``hard``: ISMCTS from the easy bot's opinion (the prior); rollouts by a
    cheaper easy bot, cut after ``HARD_ROLLOUT`` decisions and judged by
    ``estimated_scores``; crossings planned, not searched."""
    return SearchBot(
        RolloutBot(),
        rollout_limit=HARD_ROLLOUT,
        evaluate=estimated_scores,
        reflex=CrossingPlanner(),
        prior=easy_values,
    )


HARD_ROLLOUT = 16  # about a third of a round of decisions (picks, strings, a button) per seat
