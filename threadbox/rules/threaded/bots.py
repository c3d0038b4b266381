"""The ``easy`` bot: greedy, one decision at a time, from its own view only.

It aims at tapestries: those in hand (full weight) and in the line (part
weight), each worth the points it would score with the bot's commissions plus
a little for being made at all. A studio is valued by how far each end of the
needle has got towards an aim (built inwards: the left end from the aim's last
colour, the right end from its first), the aims' missing colours waiting in the
basket, and the threads kept. Placements, gifts and swaps take the option that
values the studio best; shops are chosen by what the bot needs next.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core import Action
from ..core.search import SearchBot
from .actions import (
    Choose,
    ChooseShop,
    Done,
    Finish,
    Give,
    MakeTapestry,
    PickThread,
    Place,
    PlaceAssistant,
    Swap,
    TakeCard,
    TakeTapestry,
    UseEquipment,
)
from .data import COMMISSION, EQUIPMENT_CARD, NEEDLE_SIZE, TAPESTRY
from .frames import HIDDEN
from .state import ThreadedState

LINE_WEIGHT = 0.35  # a line tapestry is only a maybe
MADE_BONUS = 3.0  # making counts towards the end and the tie-break
THREAD_VALUE = 0.15  # a kept thread is a third of a point at the end, and a future option
GOOD_EQUIPMENT = ("free_make", "free_take", "draw_three", "keep_both", "commission_from_discard", "refresh_take")
EQUIPMENT_TASTE = {
    "free_make": 9,
    "free_take": 6,
    "draw_three": 6,
    "keep_both": 5,
    "commission_from_discard": 4,
    "refresh_take": 4,
    "swap": 3,
    "rearrange": 2,
}


def tapestry_value(view: ThreadedState, seat: int, card: str) -> float:
    t = TAPESTRY[card]
    mine = [COMMISSION[c] for c in view.commissions[seat] if c != HIDDEN]
    return MADE_BONUS + sum(c.points for c in mine if c.fulfilled_by(t))


def aims(view: ThreadedState, seat: int) -> list[tuple[tuple[str, ...], float]]:
    out: list[tuple[tuple[str, ...], float]] = [
        (TAPESTRY[c].colours, tapestry_value(view, seat, c)) for c in view.hands[seat] if c in TAPESTRY
    ]
    if len(view.hands[seat]) < 3:
        out += [(TAPESTRY[c].colours, LINE_WEIGHT * tapestry_value(view, seat, c)) for c in view.line if c]
    return out


def progress(threads: Sequence[str], colours: tuple[str, ...]) -> tuple[int, list[str]]:
    """How many of the aim's colours sit ready at the better end, and the colours still missing."""
    best, missing = 0, list(colours)
    needle = tuple(threads)
    for k in (3, 2, 1):
        if len(needle) >= k and (needle[:k] == colours[3 - k :] or needle[-k:] == colours[:k]):
            left = needle[:k] == colours[3 - k :]
            best = k
            missing = list(colours[: 3 - k]) if left else list(colours[k:])
            break
    return best, missing


def studio_value(needle: Sequence[str], basket: Sequence[str], targets: list[tuple[tuple[str, ...], float]]) -> float:
    value = THREAD_VALUE * (len(needle) + min(len(basket), 4))
    for colours, weight in targets:
        k, missing = progress(needle, colours)
        have = list(basket)
        ready = 0
        for c in missing:
            if c in have:
                have.remove(c)
                ready += 1
        value += weight * (k * k + 0.5 * ready) / 9
    return value


class EasyBot:
    level = "easy"

    def choose(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        frame = view.stack[-1]
        method = getattr(self, f"_{frame.kind}", None)
        if method is not None:
            choice: Action | None = method(view, seat, legal, rng)  # each handler gets its frame's options
            if choice is not None and choice in legal:
                return choice
        return self._fallback(view, seat, legal, rng)

    # ---- generic -------------------------------------------------------------
    def _fallback(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        for action in legal:
            if isinstance(action, Done):
                return action
        return legal[0]

    def _wanted(self, view: ThreadedState, seat: int) -> dict[str, float]:
        """How much each colour is wanted: the missing colours of the aims, weighted."""
        want: dict[str, float] = {}
        for colours, weight in aims(view, seat):
            _, missing = progress(view.needles[seat], colours)
            for c in missing:
                want[c] = want.get(c, 0.0) + weight
        return want

    # ---- plan ------------------------------------------------------------------
    def _plan(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        hand = view.hands[seat]
        mine = {s: sum(1 for who, _ in q if who == seat) for s, q in view.queues.items()}
        near = any(progress(view.needles[seat], TAPESTRY[c].colours)[0] >= 2 for c in hand if c in TAPESTRY)
        want = self._wanted(view, seat)
        threads = view.studio_threads(seat)
        score = {
            "A": -5.0,
            "B": 1.5 if len(view.equipment[seat]) < 2 else -2.0,
            "C": 5.0 if len(view.commissions[seat]) < 2 else 1.0,
            "D": 4.0 + sum(want.get(c, 0) for c in view.darn) / 6 - (2.0 if threads >= 9 else 0.0),
            "E": 2.5 - (2.0 if threads >= 9 else 0.0),
            "F": (9.0 if near else 6.0 if len(hand) < 2 else 3.5),
        }
        best = max(
            (a for a in legal if isinstance(a, PlaceAssistant)),
            key=lambda a: score[a.shop] - 3.5 * mine[a.shop] + rng.random() * 0.5,
        )
        return best

    # ---- equipment moments -----------------------------------------------------------
    def _use_good(self, view: ThreadedState, seat: int, legal: list[Action]) -> Action | None:
        for action in legal:
            if isinstance(action, UseEquipment):
                effect = EQUIPMENT_CARD[action.card].effect
                if effect in GOOD_EQUIPMENT:
                    if effect == "commission_from_discard" and len(view.commissions[seat]) >= 4:
                        continue
                    return action
        return None

    def _window(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        return self._use_good(view, seat, legal) or Done()

    _start = _window
    _wrap = _window

    # ---- shops -------------------------------------------------------------------
    def _a_offer(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        return Done()

    def _b_faceup(self, view: ThreadedState, seat: int, legal: list[TakeCard], rng: random.Random) -> Action | None:
        return max(legal, key=lambda a: EQUIPMENT_TASTE.get(EQUIPMENT_CARD[a.card].effect, 0) + rng.random())

    _equip_pick = _b_faceup

    def _discard_equipment(
        self, view: ThreadedState, seat: int, legal: list[TakeCard], rng: random.Random
    ) -> Action | None:
        return min(legal, key=lambda a: EQUIPMENT_TASTE.get(EQUIPMENT_CARD[a.card].effect, 0) + rng.random())

    def _commission_worth(self, view: ThreadedState, seat: int, card: str) -> float:
        commission = COMMISSION[card]
        pool = [TAPESTRY[c] for c in (*view.made[seat], *view.hands[seat]) if c in TAPESTRY]
        line = [TAPESTRY[c] for c in view.line if c]
        return commission.points * (
            sum(commission.fulfilled_by(t) for t in pool) + 0.3 * sum(commission.fulfilled_by(t) for t in line) + 0.4
        )

    def _keep(
        self, view: ThreadedState, seat: int, legal: list[TakeCard | UseEquipment], rng: random.Random
    ) -> Action | None:
        for action in legal:
            if isinstance(action, UseEquipment):
                return action
        return max(legal, key=lambda a: self._commission_worth(view, seat, a.card))

    _comm_pick = _keep

    def _discard_commission(
        self, view: ThreadedState, seat: int, legal: list[TakeCard], rng: random.Random
    ) -> Action | None:
        return min(legal, key=lambda a: self._commission_worth(view, seat, a.card))

    def _pick_colour(
        self, view: ThreadedState, seat: int, legal: list[PickThread], rng: random.Random
    ) -> Action | None:
        want = self._wanted(view, seat)
        return max(legal, key=lambda a: want.get(a.colour, 0.0) + rng.random() * 0.1)

    _d_pick = _pick_colour
    _e_pick = _pick_colour

    def _share(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        want = self._wanted(view, seat)
        taken = len(view.stack[-1].threads)
        room = 4 - len(view.baskets[seat]) + (NEEDLE_SIZE - len(view.needles[seat]))
        picks = [a for a in legal if isinstance(a, PickThread) and want.get(a.colour, 0) > 0]
        if picks and taken < min(room, 4):
            return max(picks, key=lambda a: want[a.colour])
        return Done()

    # ---- finishes ------------------------------------------------------------------
    def _f_choice(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        use = self._use_good(view, seat, legal)
        if use is not None:
            return use
        choices = {a.choice for a in legal if isinstance(a, Finish)}
        if "make" in choices:
            return Finish(choice="make")
        if "take" in choices and len(view.hands[seat]) < 3:
            return Finish(choice="take")
        want = self._wanted(view, seat)
        if "share" in choices and sum(view.scraps[c] for c in want) >= 2:
            return Finish(choice="share")
        if "take" in choices:
            return Finish(choice="take")
        return None

    def _take(self, view: ThreadedState, seat: int, legal: list[TakeTapestry], rng: random.Random) -> Action | None:
        paid = view.stack[-1].then == "paid"

        def worth(a: TakeTapestry) -> float:
            card = view.line[a.position]
            bonus = 0.3 * len(view.line_threads[a.position])
            return tapestry_value(view, seat, card) - (1.2 * a.position if paid else 0) + bonus

        return max(legal, key=worth)

    def _make(self, view: ThreadedState, seat: int, legal: list[MakeTapestry], rng: random.Random) -> Action | None:
        return max(legal, key=lambda a: tapestry_value(view, seat, a.card))

    _free_make = _make

    def _discard_tapestry(
        self, view: ThreadedState, seat: int, legal: list[TakeCard], rng: random.Random
    ) -> Action | None:
        return min(legal, key=lambda a: tapestry_value(view, seat, a.card))

    # ---- threads -------------------------------------------------------------------
    def _place(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        targets = aims(view, seat)
        needle, basket = view.needles[seat], view.baskets[seat]
        pending = view.stack[-1].threads
        now = studio_value(needle, basket, targets)
        best, best_value = None, float("-inf")
        for action in legal:
            if not isinstance(action, Place):
                continue
            n, b = list(needle), list(basket)
            if action.source == "basket":
                b.remove(action.colour)
            if action.to in ("left", "right"):
                if len(n) >= NEEDLE_SIZE:
                    n.pop() if action.to == "left" else n.pop(0)
                n.insert(0, action.colour) if action.to == "left" else n.append(action.colour)
            elif action.to == "basket":
                b.append(action.colour)
            over = max(0, len(b) - 4)
            value = studio_value(n, b, targets) - (0.05 * over if pending else 0)
            if action.source == "basket" and action.to == "scraps":
                value -= 0.01
            if value > best_value:
                best, best_value = action, value
        if Done() in legal and (best is None or best_value <= now + 1e-9):
            return Done()
        return best

    def _give(self, view: ThreadedState, seat: int, legal: list[Give], rng: random.Random) -> Action | None:
        targets = aims(view, seat)

        def after(a: Give) -> float:
            n, b = list(view.needles[seat]), list(view.baskets[seat])
            if a.source == "left":
                n.pop(0)
            elif a.source == "right":
                n.pop()
            else:
                b.remove(a.source)
            return studio_value(n, b, targets)

        return max(legal, key=after)

    def _swap(self, view: ThreadedState, seat: int, legal: list[Swap], rng: random.Random) -> Action | None:
        targets = aims(view, seat)
        colour = view.stack[-1].colour

        def after(a: Swap) -> float:
            """The needle without that thread, the new one placed at its best (the step after)."""
            n, b = list(view.needles[seat]), list(view.baskets[seat])
            del n[a.position]
            return max(
                studio_value(p, q, targets) for p, q in (([colour, *n], b), ([*n, colour], b), (n, [*b, colour]))
            )

        return max(legal, key=after)

    # ---- equipment choices -------------------------------------------------------------
    def _extra(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        for shop in ("F", "D", "E", "C", "B"):
            if ChooseShop(shop=shop) in legal:
                return ChooseShop(shop=shop)
        return None

    def _restock_q(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        return Choose(yes=False)

    def _refresh_q(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        best = max((tapestry_value(view, seat, c) for c in view.line if c), default=0)
        return Choose(yes=best <= 3.0)

    def _front(self, view: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
        for action in legal:
            if isinstance(action, ChooseShop) and action.shop in ("F", "D"):
                return action
        return legal[0]


# ---- the ``hard`` level: search, with the easy bot's judgement in it ---------------
# Decisions the search leaves to the easy bot: how to place, give or discard threads and cards.
TACTICAL = frozenset(
    {"place", "give", "share", "discard_equipment", "discard_commission", "discard_tapestry", "swap", "a_offer"}
)
HARD_ROLLOUT = 60  # about a round of decisions at 3 seats, then the position is judged
HAND_SHARE = 0.4  # a tapestry in hand is worth this share of what making it would score


def estimated_scores(state: ThreadedState) -> list[float]:
    """Each seat's score now, plus part of what its tapestries in hand would add when made."""
    out = []
    for seat in range(state.players):
        total = float(sum(v for _, v in state.score_sheet(seat)))
        for card in state.hands[seat]:
            if card in TAPESTRY:
                colours = TAPESTRY[card].colours
                ready = progress(state.needles[seat], colours)[0]
                total += HAND_SHARE * (1 + ready) / 4 * (tapestry_value(state, seat, card) - MADE_BONUS + 1)
        out.append(total + 0.5 * len(state.made[seat]))
    return out


def tactical_reflex(state: ThreadedState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    """Thread placement and discards follow the easy bot; the search spends itself on the rest."""
    if len(legal) == 1:
        return legal[0]
    if state.stack and state.stack[-1].kind in TACTICAL:
        return EasyBot().choose(state, seat, legal, rng)
    return None


def easy_prior(state: ThreadedState, seat: int, legal: list[Action]) -> list[float]:
    """The easy bot's choice first: a short search starts from it, more search may overrule it."""
    choice = EasyBot().choose(state, seat, legal, random.Random(0))
    return [1.0 if action == choice else 0.0 for action in legal]


def hard_bot() -> SearchBot[ThreadedState]:
    """Level ``hard``: ISMCTS over determinized views, from the easy bot's opinion; rollouts by
    the easy bot, cut after ``HARD_ROLLOUT`` decisions and judged by ``estimated_scores``."""
    return SearchBot(
        EasyBot(),
        rollout_limit=HARD_ROLLOUT,
        evaluate=estimated_scores,
        reflex=tactical_reflex,
        prior=easy_prior,
        prior_weight=1.0,
    )
