"""Threaded's workshop as data: the shops, the studios, the bag and the decks, where each thing is, and the small
operations on threads and cards that setup, the turn flow and the decisions share.

The rules' contract (setup, options, apply, views) is ``state.ThreadedState``,
built on this; the turn flow and the decisions read and change a ``Workshop``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, TypeVar

from pydantic import Field

from ..core import GameState, LogEntry, Outcome, Placeholder, Public, SeatScore, face_down, lines, own, rank_winners
from .data import (
    COLOURS,
    FALL_THROUGH_IN_SIX,
    KNOCK_LOOSE_IN_SIX,
    LINE_SIZE,
    NEEDLE_SIZE,
    QUEUE_SPOTS,
    SHOP_NAMES,
    SHOPS,
    sort_threads,
)
from .draws import Draws
from .frames import HIDDEN, HOLDING_THREADS, Frame
from .scoring import TIEBREAK, score_sheet, threads_points, tiebreak

_T = TypeVar("_T")


def replaced(items: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``i`` replaced: per-seat values are tuples, replaced, not changed."""
    changed = list(items)  # cheaper than slicing round it
    changed[i] = value
    return tuple(changed)


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` less the first ``item`` (a ValueError if there is none), as ``list.remove``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


class Workshop(GameState):
    """The whole workshop. Seats are 0-based and clockwise is seat + 1.

    What a screen reads (any view):

    - ``phase`` ("plan", "visit", "over"), ``round``, ``first`` (first player token),
      ``shop_index`` (the shop being visited, 0-5), ``stack[-1]`` the decision now
      (a :class:`Frame`), ``to_move()``.
    - Threads: ``bag``/``box``/``scraps`` counts per colour letter; ``darn`` (on DARN
      GOOD THREAD), ``ends`` (spilt out at ENDS & ODDS); ``line`` (5 tapestry ids, ""
      for an empty space) with ``line_threads``; per seat ``needles`` (left to
      right), ``baskets``, ``e_held`` (taken at ENDS & ODDS, not placed yet).
    - Cards: ``equipment_offer`` (3 face-up, "" when taken), ``equipment_discard``,
      ``commission_discard`` face up; ``*_deck`` face down ("?" in a view); per seat
      ``equipment`` (public), ``commissions`` and ``hands`` (secret: "?" for other
      seats in a view; every commission is shown once the game is over), ``made``
      (the tapestry display, public).
    - ``queues[shop]``: (seat, card) in queue order; card is "" for an assistant, or
      the extra-assistant card. ``home[seat]``: assistants in the studio.
    """

    phase: Public[str] = "plan"
    round: Public[int] = 1
    first: Public[int] = 0
    cursor: Public[int] = 0  # the next seat to place an assistant in the plan phase
    shop_index: Public[int] = 0
    stage: Public[str] = "window"  # within a shop's visit: "window", "queue", "close"
    window_left: Public[tuple[int, ...]] = ()
    current: Public[tuple[int, str] | None] = None  # the queue entry being resolved
    moved: Public[bool] = False  # the current entry moved to another queue (AWL YOU WANT)
    e_next: Public[int] = 0  # whose turn it is at ENDS & ODDS, counting along the queue

    bag: Public[dict[str, int]] = Field(default_factory=dict)
    box: Public[dict[str, int]] = Field(default_factory=dict)
    scraps: Public[dict[str, int]] = Field(default_factory=dict)
    # Tuples (here and per seat below): an action replaces them, so copies and views share them.
    darn: Public[tuple[str, ...]] = ()
    ends: Public[tuple[str, ...]] = ()
    line: Public[tuple[str, ...]] = ()
    line_threads: Public[tuple[tuple[str, ...], ...]] = ()  # the threads on each tapestry of the line

    tapestry_deck: Annotated[list[str], face_down(Placeholder(HIDDEN))] = Field(default_factory=list)
    equipment_deck: Annotated[list[str], face_down(Placeholder(HIDDEN))] = Field(default_factory=list)
    equipment_offer: Public[tuple[str, ...]] = ()
    equipment_discard: Public[tuple[str, ...]] = ()
    commission_deck: Annotated[list[str], face_down(Placeholder(HIDDEN))] = Field(default_factory=list)
    commission_discard: Public[tuple[str, ...]] = ()

    # Per seat, a tuple of tuples (an action replaces them: copies and views share them);
    # commissions and hands are each seat's own, "?" in the other seats' views:
    needles: Public[tuple[tuple[str, ...], ...]] = ()
    baskets: Public[tuple[tuple[str, ...], ...]] = ()
    e_held: Public[tuple[tuple[str, ...], ...]] = ()
    equipment: Public[tuple[tuple[str, ...], ...]] = ()
    # Every commission is shown once the game is over: they are scored in the open.
    commissions: Annotated[tuple[tuple[str, ...], ...], own(Placeholder(HIDDEN), revealed="is_over")] = ()
    # Commissions drawn at C, not yet kept: the seat's own.
    drawn: Annotated[tuple[tuple[str, ...], ...], own(Placeholder(HIDDEN))] = ()
    hands: Annotated[tuple[tuple[str, ...], ...], own(Placeholder(HIDDEN))] = ()
    made: Public[tuple[tuple[str, ...], ...]] = ()
    home: Public[tuple[int, ...]] = ()
    # Each queue a tuple of entries, so copies and views share them.
    queues: Public[dict[str, tuple[tuple[int, str], ...]]] = Field(default_factory=dict)

    stack: Public[list[Frame]] = Field(default_factory=list)
    opening: Annotated[
        tuple[LogEntry, ...], lines()
    ] = ()  # the setup log: a view keeps only its own seat's private lines

    # ---- threads ---------------------------------------------------------------
    def draw(self, n: int) -> list[str]:
        """Up to ``n`` threads at random from the bag (fewer if it runs out)."""
        out = []
        draws = Draws(self.rng)
        for _ in range(n):
            total = sum(self.bag.values())
            if total == 0:
                break
            left = draws.below(total)
            for c in COLOURS:
                if left < self.bag[c]:
                    self.bag[c] -= 1
                    out.append(c)
                    break
                left -= self.bag[c]
        self.rng.state = draws.state
        return out

    def tip(self, threads: Iterable[str]) -> tuple[str, ...]:
        """Tip threads into the bargain box; returns the threads that spill out.

        The tower, modelled with the game's RNG: first every thread already lodged
        inside is knocked loose with chance 2 in 6; then each tipped thread falls
        straight through with chance 4 in 6 and otherwise lodges inside, where it
        stays until a later tip knocks it loose (numbers in ``data``).
        """
        spilt = []
        draws = Draws(self.rng)
        for c in COLOURS:
            for _ in range(self.box[c]):
                if draws.below(6) < KNOCK_LOOSE_IN_SIX:
                    self.box[c] -= 1
                    spilt.append(c)
        for c in threads:
            if draws.below(6) < FALL_THROUGH_IN_SIX:
                spilt.append(c)
            else:
                self.box[c] += 1
        self.rng.state = draws.state
        return sort_threads(spilt)

    def shuffle(self, cards: list[str]) -> None:
        """The game RNG's shuffle (``Rng.shuffle``), at the speed of ``Draws``."""
        draws = Draws(self.rng)
        draws.shuffle(cards)
        self.rng.state = draws.state

    def box_list(self) -> list[str]:
        return [c for c in COLOURS for _ in range(self.box[c])]

    def scraps_list(self) -> list[str]:
        return [c for c in COLOURS for _ in range(self.scraps[c])]

    def studio_threads(self, seat: int) -> int:
        return len(self.needles[seat]) + len(self.baskets[seat])

    def push_onto_needle(self, seat: int, colour: str, end: str) -> str | None:
        """Add a thread at one end; a full needle pushes one off the other end to scraps."""
        needle = self.needles[seat]
        pushed = None
        if len(needle) >= NEEDLE_SIZE:
            pushed = needle[-1] if end == "left" else needle[0]
            needle = needle[:-1] if end == "left" else needle[1:]
            self.scraps[pushed] += 1
        self.needles = replaced(self.needles, seat, (colour, *needle) if end == "left" else (*needle, colour))
        return pushed

    def take_from(self, seat: int, source: str) -> str:
        """Remove a thread to give: from an end of the needle or a basket colour."""
        if source == "left":
            needle = self.needles[seat]
            self.needles = replaced(self.needles, seat, needle[1:])
            return needle[0]
        if source == "right":
            needle = self.needles[seat]
            self.needles = replaced(self.needles, seat, needle[:-1])
            return needle[-1]
        self.baskets = replaced(self.baskets, seat, without(self.baskets[seat], source))
        return source

    def give_sources(self, seat: int) -> list[str]:
        """Where a given thread may come from: needle ends, then basket colours."""
        needle = self.needles[seat]
        ends = ["left", "right"] if len(needle) > 1 else ["left"] if needle else []
        return ends + list(dict.fromkeys(self.baskets[seat]))

    # ---- cards -----------------------------------------------------------------
    def settle_decks(self) -> bool:
        """An empty equipment or commission deck takes its shuffled discard pile at once."""
        if (self.equipment_deck or not self.equipment_discard) and (
            self.commission_deck or not self.commission_discard
        ):
            return False  # the usual case, answered without building the pairs below
        shuffled = False
        if not self.equipment_deck and self.equipment_discard:
            self.equipment_deck.extend(self.equipment_discard)
            self.equipment_discard = ()
            self.shuffle(self.equipment_deck)
            shuffled = True
        if not self.commission_deck and self.commission_discard:
            self.commission_deck.extend(self.commission_discard)
            self.commission_discard = ()
            self.shuffle(self.commission_deck)
            shuffled = True
        return shuffled

    def fill_line(self) -> None:
        """Slide tapestries (with their threads) left, then draw into the empty spaces."""
        line: list[str] = []
        threads: list[tuple[str, ...]] = []
        for card, on in zip(self.line, self.line_threads):
            if card:
                line.append(card)
                threads.append(on)
        deck = self.tapestry_deck
        while len(line) < LINE_SIZE and deck:
            line.append(deck.pop())
            threads.append(())
        gap = LINE_SIZE - len(line)
        self.line = (*line, *[""] * gap)
        self.line_threads = (*threads, *[()] * gap)

    def shop(self) -> str:
        return SHOPS[self.shop_index]

    def spots(self, shop: str) -> int:
        return QUEUE_SPOTS[self.players][shop]

    def turn_order(self) -> list[int]:
        return [(self.first + k) % self.players for k in range(self.players)]

    # ---- scoring ---------------------------------------------------------------
    def score_sheet(self, seat: int) -> list[tuple[str, int]]:
        """(row, points): each commission x its matching made tapestries, then threads left (``scoring``)."""
        return score_sheet(self.commissions[seat], self.made[seat], self.studio_threads(seat))

    def public_score(self, seat: int) -> tuple[int, int]:
        """What everyone can see: made tapestries and the points of threads left."""
        return len(self.made[seat]), threads_points(self.studio_threads(seat))

    def progress(self) -> str:
        """'round 3, plan' or 'round 3, visit: Darn Good Thread' (the shop being visited)."""
        if self.phase == "visit" and self.shop_index < len(SHOPS):
            return f"round {self.round}, visit: {SHOP_NAMES[SHOPS[self.shop_index]]}"
        return f"round {self.round}, {self.phase}"

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        order = self.turn_order()
        scores = [
            SeatScore(
                seat=s,
                total=sum(v for _, v in self.score_sheet(s)),
                categories=self.score_sheet(s),
                tiebreak=tiebreak(len(self.made[s]), order.index(s)),
            )
            for s in range(self.players)
        ]
        winners, used = rank_winners(scores, TIEBREAK)
        return Outcome(
            scores=scores, winners=winners, reason="A fifth tapestry was made this round.", tiebreak_used=used
        )

    # ---- counting (for tests and screens) ---------------------------------------
    def threads_accounted(self) -> int:
        frames = sum(len(f.threads) for f in self.stack if f.kind in HOLDING_THREADS)
        return (
            sum(self.bag.values())
            + sum(self.box.values())
            + sum(self.scraps.values())
            + len(self.darn)
            + len(self.ends)
            + sum(len(t) for t in self.line_threads)
            + sum(len(n) for n in self.needles)
            + sum(len(b) for b in self.baskets)
            + sum(len(h) for h in self.e_held)
            + frames
        )

    def cards_accounted(self) -> dict[str, list[str]]:
        """Every card by where it is (ids, '?' where hidden), by kind."""
        queued = [card for q in self.queues.values() for _, card in q if card]
        if self.current is not None and self.current[1] and not self.moved:
            queued.append(self.current[1])
        framed_eq = [c for f in self.stack if f.kind in ("spent", "extra") for c in f.cards]
        return {
            "equipment": self.equipment_deck
            + [c for c in self.equipment_offer if c]
            + list(self.equipment_discard)
            + [c for e in self.equipment for c in e]
            + queued
            + framed_eq,
            "commission": self.commission_deck
            + list(self.commission_discard)
            + [c for k in self.commissions for c in k]
            + [c for d in self.drawn for c in d],
            "tapestry": self.tapestry_deck
            + [c for c in self.line if c]
            + [c for h in self.hands for c in h]
            + [c for m in self.made for c in m],
        }
