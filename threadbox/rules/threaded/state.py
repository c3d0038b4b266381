"""Threaded: the table as data, its setup, views, scoring and counting.

The turn flow (plan, visit shop by shop, restock) lives in ``flow.py`` and what
each decision offers and does in ``choices.py``; this module holds the state
and the small operations on threads and cards they share.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar, Self

from pydantic import Field

from ..core import Action, GameInfo, GameState, LogEntry, Outcome, Rng, SeatScore, Transition, rank_winners
from . import choices, flow, words
from .actions import ACTION_ADAPTER
from .data import (
    BOX_AT_SETUP,
    COLOURS,
    COMMISSION,
    COMMISSIONS,
    DARN_THREADS,
    EQUIPMENT,
    EQUIPMENT_ON_OFFER,
    FALL_THROUGH_IN_SIX,
    KNOCK_LOOSE_IN_SIX,
    LINE_SIZE,
    NEEDLE_SIZE,
    QUEUE_SPOTS,
    SHOPS,
    STARTING_SCRAPS,
    STARTING_THREADS,
    TAPESTRIES,
    TAPESTRY,
    THREADS_PER_COLOUR,
    THREADS_PER_POINT,
    assistants_for,
    colours_label,
    sort_threads,
)
from .frames import HIDDEN, HOLDING_THREADS, Frame

THREADS_ROW = f"Threads left (1 per {THREADS_PER_POINT})"


class ThreadedState(GameState):
    """The whole table. Seats are 0-based and clockwise is seat + 1.

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
      seats in a view), ``made`` (the tapestry display, public).
    - ``queues[shop]``: (seat, card) in queue order; card is "" for an assistant, or
      the extra-assistant card. ``home[seat]``: assistants in the studio.
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="threaded",
        title="Threaded",
        min_players=2,
        max_players=5,
        hidden_information=True,
        blurb="Worker placement: thread cubes onto your needle.",
        variants={},
    )
    action_adapter: ClassVar = ACTION_ADAPTER

    phase: str = "plan"
    round: int = 1
    first: int = 0
    cursor: int = 0  # the next seat to place an assistant in the plan phase
    shop_index: int = 0
    stage: str = "window"  # within a shop's visit: "window", "queue", "close"
    window_left: list[int] = Field(default_factory=list)
    current: tuple[int, str] | None = None  # the queue entry being resolved
    moved: bool = False  # the current entry moved to another queue (AWL YOU WANT)
    e_next: int = 0  # whose turn it is at ENDS & ODDS, counting along the queue

    bag: dict[str, int] = Field(default_factory=dict)
    box: dict[str, int] = Field(default_factory=dict)
    scraps: dict[str, int] = Field(default_factory=dict)
    darn: list[str] = Field(default_factory=list)
    ends: list[str] = Field(default_factory=list)
    line: list[str] = Field(default_factory=list)
    line_threads: list[list[str]] = Field(default_factory=list)

    tapestry_deck: list[str] = Field(default_factory=list)
    equipment_deck: list[str] = Field(default_factory=list)
    equipment_offer: list[str] = Field(default_factory=list)
    equipment_discard: list[str] = Field(default_factory=list)
    commission_deck: list[str] = Field(default_factory=list)
    commission_discard: list[str] = Field(default_factory=list)

    needles: list[list[str]] = Field(default_factory=list)
    baskets: list[list[str]] = Field(default_factory=list)
    e_held: list[list[str]] = Field(default_factory=list)
    equipment: list[list[str]] = Field(default_factory=list)
    commissions: list[list[str]] = Field(default_factory=list)
    drawn: list[list[str]] = Field(default_factory=list)  # commissions drawn at C, not yet kept (secret)
    hands: list[list[str]] = Field(default_factory=list)
    made: list[list[str]] = Field(default_factory=list)
    home: list[int] = Field(default_factory=list)
    queues: dict[str, list[tuple[int, str]]] = Field(default_factory=dict)

    stack: list[Frame] = Field(default_factory=list)
    opening: list[LogEntry] = Field(default_factory=list)

    # ---- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None) -> Self:
        _, names = cls.checked_setup(players, variants, names)
        p = players
        state = cls(
            players=p,
            names=names,
            seed=seed,
            bag={c: THREADS_PER_COLOUR for c in COLOURS},
            box={c: 0 for c in COLOURS},
            scraps={c: 0 for c in COLOURS},
            needles=[[] for _ in range(p)],
            baskets=[[] for _ in range(p)],
            e_held=[[] for _ in range(p)],
            equipment=[[] for _ in range(p)],
            commissions=[[] for _ in range(p)],
            drawn=[[] for _ in range(p)],
            hands=[[] for _ in range(p)],
            made=[[] for _ in range(p)],
            home=[assistants_for(p)] * p,
            queues={s: [] for s in SHOPS},
        )
        state.rng = Rng.from_seed(seed)
        rng = state.rng
        # II.B equipment deck and 3 face up; II.C commissions; II.D threads at the shop.
        state.equipment_deck = [e.id for e in EQUIPMENT]
        rng.shuffle(state.equipment_deck)
        state.equipment_offer = [state.equipment_deck.pop() for _ in range(EQUIPMENT_ON_OFFER)]
        state.commission_deck = [c.id for c in COMMISSIONS]
        rng.shuffle(state.commission_deck)
        state.darn = sort_threads(state.draw(DARN_THREADS[p]))
        # II.E ten threads into the bargain box; what falls out at once goes back to the bag.
        spilt = state.tip(state.draw(BOX_AT_SETUP))
        for c in spilt:
            state.bag[c] += 1
        # II.F the tapestry line and deck.
        state.tapestry_deck = [t.id for t in TAPESTRIES]
        rng.shuffle(state.tapestry_deck)
        state.line = [state.tapestry_deck.pop() for _ in range(LINE_SIZE)]
        state.line_threads = [[] for _ in range(LINE_SIZE)]
        # III each player: 3 threads into the basket, assistants, 1 secret commission.
        log = []
        for s in range(p):
            state.baskets[s] = sort_threads(state.draw(STARTING_THREADS))
            card = state.commission_deck.pop()
            state.commissions[s] = [card]
            log.append(
                LogEntry(
                    text=f"{state.name_of(s)} draws {colours_label(state.baskets[s])} into the basket and a secret commission.",
                    private={
                        s: f"You draw {colours_label(state.baskets[s])} into your basket and the commission "
                        f"{card}: {COMMISSION[card].label()}."
                    },
                )
            )
        # IV scraps; VI the first player.
        for c in state.draw(STARTING_SCRAPS):
            state.scraps[c] += 1
        state.first = rng.below(p)
        state.cursor = state.first
        state.opening = [
            LogEntry(text=f"{state.name_of(state.first)} takes the first player token."),
            *log,
            LogEntry(text=f"{len(state.box_list())} threads stay inside the bargain box."),
        ]
        flow.advance(state, flow.Step())
        return state

    def opening_log(self) -> list[LogEntry]:
        return list(self.opening)

    # ---- threads ---------------------------------------------------------------
    def draw(self, n: int) -> list[str]:
        """Up to ``n`` threads at random from the bag (fewer if it runs out)."""
        out = []
        for _ in range(n):
            total = sum(self.bag.values())
            if total == 0:
                break
            left = self.rng.below(total)
            for c in COLOURS:
                if left < self.bag[c]:
                    self.bag[c] -= 1
                    out.append(c)
                    break
                left -= self.bag[c]
        return out

    def tip(self, threads: list[str]) -> list[str]:
        """Tip threads into the bargain box; returns the threads that spill out.

        The tower, modelled with the game's RNG: first every thread already lodged
        inside is knocked loose with chance 2 in 6; then each tipped thread falls
        straight through with chance 4 in 6 and otherwise lodges inside, where it
        stays until a later tip knocks it loose (numbers in ``data``).
        """
        spilt = []
        for c in COLOURS:
            for _ in range(self.box[c]):
                if self.rng.below(6) < KNOCK_LOOSE_IN_SIX:
                    self.box[c] -= 1
                    spilt.append(c)
        for c in threads:
            if self.rng.below(6) < FALL_THROUGH_IN_SIX:
                spilt.append(c)
            else:
                self.box[c] += 1
        return sort_threads(spilt)

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
            pushed = needle.pop() if end == "left" else needle.pop(0)
            self.scraps[pushed] += 1
        if end == "left":
            needle.insert(0, colour)
        else:
            needle.append(colour)
        return pushed

    def take_from(self, seat: int, source: str) -> str:
        """Remove a thread to give: from an end of the needle or a basket colour."""
        if source == "left":
            return self.needles[seat].pop(0)
        if source == "right":
            return self.needles[seat].pop()
        self.baskets[seat].remove(source)
        return source

    def give_sources(self, seat: int) -> list[str]:
        """Where a given thread may come from: needle ends, then basket colours."""
        needle = self.needles[seat]
        ends = ["left", "right"] if len(needle) > 1 else ["left"] if needle else []
        return ends + list(dict.fromkeys(self.baskets[seat]))

    # ---- cards -----------------------------------------------------------------
    def settle_decks(self) -> bool:
        """An empty equipment or commission deck takes its shuffled discard pile at once."""
        shuffled = False
        for deck, discard in (
            (self.equipment_deck, self.equipment_discard),
            (self.commission_deck, self.commission_discard),
        ):
            if not deck and discard:
                deck.extend(discard)
                discard.clear()
                self.rng.shuffle(deck)
                shuffled = True
        return shuffled

    def fill_line(self) -> None:
        """Slide tapestries (with their threads) left, then draw into the empty spaces."""
        cards = [(c, t) for c, t in zip(self.line, self.line_threads) if c]
        while len(cards) < LINE_SIZE and self.tapestry_deck:
            cards.append((self.tapestry_deck.pop(), []))
        self.line = [c for c, _ in cards] + [""] * (LINE_SIZE - len(cards))
        self.line_threads = [t for _, t in cards] + [[] for _ in range(LINE_SIZE - len(cards))]

    def shop(self) -> str:
        return SHOPS[self.shop_index]

    def spots(self, shop: str) -> int:
        return QUEUE_SPOTS[self.players][shop]

    def turn_order(self) -> list[int]:
        return [(self.first + k) % self.players for k in range(self.players)]

    # ---- scoring ---------------------------------------------------------------
    def score_sheet(self, seat: int) -> list[tuple[str, int]]:
        """(row, points): each commission x its matching made tapestries, then threads left.

        Row names are the same for every seat where they can be (a commission card is
        held by one seat only; the threads row is shared), so score sheets line up.
        """
        rows = []
        made = [TAPESTRY[t] for t in self.made[seat]]
        for card in self.commissions[seat]:
            if card == HIDDEN:
                continue
            commission = COMMISSION[card]
            count = sum(commission.fulfilled_by(t) for t in made)
            rows.append((f"{commission.label()} x{count}", commission.points * count))
        rows.append((THREADS_ROW, self.studio_threads(seat) // THREADS_PER_POINT))
        return rows

    def public_score(self, seat: int) -> tuple[int, int]:
        """What everyone can see: made tapestries and the points of threads left."""
        return len(self.made[seat]), self.studio_threads(seat) // THREADS_PER_POINT

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        order = self.turn_order()
        scores = [
            SeatScore(
                seat=s,
                total=sum(v for _, v in self.score_sheet(s)),
                categories=self.score_sheet(s),
                # Tie-breaks: most tapestries made, then latest in the final round's turn order.
                tiebreak=len(self.made[s]) * 10 + order.index(s),
            )
            for s in range(self.players)
        ]
        winners, used = rank_winners(scores, "most tapestries, then latest in turn order")
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
            + self.equipment_discard
            + [c for e in self.equipment for c in e]
            + queued
            + framed_eq,
            "commission": self.commission_deck
            + self.commission_discard
            + [c for k in self.commissions for c in k]
            + [c for d in self.drawn for c in d],
            "tapestry": self.tapestry_deck
            + [c for c in self.line if c]
            + [c for h in self.hands for c in h]
            + [c for m in self.made for c in m],
        }

    # ---- copies and views ------------------------------------------------------
    def clone(self) -> Self:
        data = self.__dict__.copy()
        for name in ("bag", "box", "scraps"):
            data[name] = dict(data[name])
        for name in (
            "darn",
            "ends",
            "line",
            "tapestry_deck",
            "equipment_deck",
            "equipment_offer",
            "equipment_discard",
            "commission_deck",
            "commission_discard",
            "stack",
            "home",
            "window_left",
            "names",
            "variants",
            "opening",
        ):
            data[name] = list(data[name])
        for name in (
            "line_threads",
            "needles",
            "baskets",
            "e_held",
            "equipment",
            "commissions",
            "drawn",
            "hands",
            "made",
        ):
            data[name] = [list(x) for x in data[name]]
        data["queues"] = {k: list(v) for k, v in data["queues"].items()}
        rng = object.__new__(Rng)
        object.__setattr__(rng, "__dict__", {"state": self.rng.state})
        object.__setattr__(rng, "__pydantic_fields_set__", {"state"})
        object.__setattr__(rng, "__pydantic_extra__", None)
        object.__setattr__(rng, "__pydantic_private__", None)
        data["rng"] = rng
        # Skip validation: everything copied is already valid (search bots clone thousands of times).
        copy = object.__new__(type(self))
        object.__setattr__(copy, "__dict__", data)
        object.__setattr__(copy, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        object.__setattr__(copy, "__pydantic_extra__", None)
        object.__setattr__(copy, "__pydantic_private__", None)
        return copy

    def _redact(self, seat: int | None) -> None:
        """Decks hide their order; commissions, hands and drawn commissions of other seats hide."""
        fields = self.__dict__  # a fresh copy of trusted values: no validation needed
        for name in ("tapestry_deck", "equipment_deck", "commission_deck"):
            fields[name] = [HIDDEN] * len(fields[name])
        for s in range(self.players):
            if s != seat:
                self.commissions[s] = [HIDDEN] * len(self.commissions[s])
                self.hands[s] = [HIDDEN] * len(self.hands[s])
                self.drawn[s] = [HIDDEN] * len(self.drawn[s])

    def _sample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal the cards this seat has not seen (others' commissions and hands, drawn
        commissions others are choosing from, the three decks) at random from the unseen ones."""
        seen_k = set(self.commission_discard)
        seen_t = {c for c in self.line if c} | {c for m in self.made for c in m}
        if seat is not None:
            seen_k |= set(self.commissions[seat])
            seen_k |= set(self.drawn[seat])
            seen_t |= set(self.hands[seat])
        seen_e = set(self.cards_accounted()["equipment"]) - {HIDDEN}
        unseen_k = [c.id for c in COMMISSIONS if c.id not in seen_k]
        unseen_t = [t.id for t in TAPESTRIES if t.id not in seen_t]
        unseen_e = [e.id for e in EQUIPMENT if e.id not in seen_e]
        for pool in (unseen_k, unseen_t, unseen_e):
            rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                self.commissions[s] = [unseen_k.pop() for _ in self.commissions[s]]
                self.hands[s] = [unseen_t.pop() for _ in self.hands[s]]
                self.drawn[s] = [unseen_k.pop() for _ in self.drawn[s]]
        self.commission_deck = [unseen_k.pop() for _ in self.commission_deck]
        self.tapestry_deck = [unseen_t.pop() for _ in self.tapestry_deck]
        self.equipment_deck = [unseen_e.pop() for _ in self.equipment_deck]
        assert not (unseen_k or unseen_t or unseen_e), "a view's counts disagree with the cards unseen"

    # ---- the contract: delegated to flow and choices ---------------------------
    def to_move(self) -> list[int]:
        if self.phase == "over" or not self.stack:
            return []
        return [self.stack[-1].seat]

    def legal_actions(self, seat: int) -> list[Action]:
        return choices.legal_actions(self, seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return choices.why_illegal(self, seat, action)

    def why_waiting(self, seat: int, action: Action) -> str:
        if self.is_over():
            return "The game is over."
        return f"It is {self.name_of(self.stack[-1].seat)}'s turn to {words.decision_words(self)}."

    def _apply(self, seat: int, action: Action) -> Transition:
        return choices.apply_action(self, seat, action)

    def describe(self, action: Action, seat: int) -> str:
        return words.describe(self, action, seat)
