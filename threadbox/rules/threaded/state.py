"""Threaded's state: setup, determinizing a view, and the rules' contract.

The workshop itself (fields, thread and card operations) is ``workshop.py``, its score sheet ``scoring.py``;
the turn flow (plan, visit shop by shop, restock) ``flow.py``; what each
decision offers ``options.py``, and what an action does ``choices.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar, Self

from ..core import (
    Action,
    GameInfo,
    LogEntry,
    Rng,
    RulesError,
    catalogue_info,
)
from . import choices, words
from .actions import ACTION_ADAPTER
from .data import (
    BOX_AT_SETUP,
    COLOURS,
    COMMISSION,
    COMMISSIONS,
    DARN_THREADS,
    EQUIPMENT,
    EQUIPMENT_ON_OFFER,
    LINE_SIZE,
    SHOPS,
    STARTING_SCRAPS,
    STARTING_THREADS,
    TAPESTRIES,
    THREADS_PER_COLOUR,
    assistants_for,
    colours_label,
    sort_threads,
)
from .flow import Step, advance
from .frames import HIDDEN
from .options import forget, now
from .workshop import Workshop, replaced

# Deals tried before a view is called impossible: a seat making a tapestry from a
# hidden hand needs a fitting card. Measured over 25,000 samples of 12 games: 98% of
# deals fit at once, the worst took 113 tries; 1000 leaves a wide margin.
SAMPLE_TRIES = 1000


class ThreadedState(Workshop):
    """Threaded: setup, determinizing, and the rules' contract (options, apply) over the ``Workshop``
    (whose fields say what a view hides)."""

    info: ClassVar[GameInfo] = catalogue_info(
        "threaded",
        hidden_information=True,
    )
    action_adapter: ClassVar = ACTION_ADAPTER

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
            needles=((),) * p,
            baskets=((),) * p,
            e_held=((),) * p,
            equipment=((),) * p,
            commissions=((),) * p,
            drawn=((),) * p,
            hands=((),) * p,
            made=((),) * p,
            home=(assistants_for(p),) * p,
            queues={s: () for s in SHOPS},
        )
        state.rng = Rng.from_seed(seed)
        rng = state.rng
        # II.B equipment deck and 3 face up; II.C commissions; II.D threads at the shop.
        state.equipment_deck = [e.id for e in EQUIPMENT]
        state.shuffle(state.equipment_deck)
        state.equipment_offer = tuple(state.equipment_deck.pop() for _ in range(EQUIPMENT_ON_OFFER))
        state.commission_deck = [c.id for c in COMMISSIONS]
        state.shuffle(state.commission_deck)
        state.darn = sort_threads(state.draw(DARN_THREADS[p]))
        # II.E ten threads into the bargain box; what falls out at once goes back to the bag.
        spilt = state.tip(state.draw(BOX_AT_SETUP))
        for c in spilt:
            state.bag[c] += 1
        # II.F the tapestry line and deck.
        state.tapestry_deck = [t.id for t in TAPESTRIES]
        state.shuffle(state.tapestry_deck)
        state.line = tuple(state.tapestry_deck.pop() for _ in range(LINE_SIZE))
        state.line_threads = ((),) * LINE_SIZE
        # III each player: 3 threads into the basket, assistants, 1 secret commission.
        log = []
        for s in range(p):
            state.baskets = replaced(state.baskets, s, sort_threads(state.draw(STARTING_THREADS)))
            card = state.commission_deck.pop()
            state.commissions = replaced(state.commissions, s, (card,))
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
        state.opening = (
            LogEntry(text=f"{state.name_of(state.first)} takes the first player token."),
            *log,
            LogEntry(text=f"{len(state.box_list())} threads stay inside the bargain box."),
        )
        advance(state, Step())
        return state

    def opening_log(self) -> list[LogEntry]:
        return list(self.opening)

    # ---- determinizing a view ---------------------------------------------------
    def _sample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal the cards this seat has not seen, again until the seat deciding now has
        options (another seat choosing which tapestry to make shows it holds one that
        fits: a deal without one is not a world this seat could be in)."""
        forget(self)  # options are worked out afresh for each deal
        kept = (
            self.commissions,
            self.hands,
            self.drawn,
            list(self.commission_deck),
            list(self.tapestry_deck),
            list(self.equipment_deck),
        )
        for _ in range(SAMPLE_TRIES):
            self._deal_unseen(seat, rng)
            if all(self.legal_actions(s) for s in self.to_move()):
                return
            commissions, hands, drawn, k_deck, t_deck, e_deck = kept
            self.commissions, self.hands, self.drawn = commissions, hands, drawn
            self.commission_deck, self.tapestry_deck, self.equipment_deck = list(k_deck), list(t_deck), list(e_deck)
        raise RulesError("No deal of the unseen cards fits this view.")

    def _deal_unseen(self, seat: int | None, rng: random.Random) -> None:
        """Deal the cards this seat has not seen (others' commissions and hands, drawn
        commissions others are choosing from, the three decks) at random from the unseen ones.
        Once the game is over every commission is in view."""
        over = self.phase == "over"
        seen_k = set(self.commission_discard)
        if over:
            seen_k |= {c for k in self.commissions for c in k}
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
                if not over:
                    self.commissions = replaced(self.commissions, s, tuple(unseen_k.pop() for _ in self.commissions[s]))
                self.hands = replaced(self.hands, s, tuple(unseen_t.pop() for _ in self.hands[s]))
                self.drawn = replaced(self.drawn, s, tuple(unseen_k.pop() for _ in self.drawn[s]))
        self.commission_deck = [unseen_k.pop() for _ in self.commission_deck]
        self.tapestry_deck = [unseen_t.pop() for _ in self.tapestry_deck]
        self.equipment_deck = [unseen_e.pop() for _ in self.equipment_deck]
        assert not (unseen_k or unseen_t or unseen_e), "a view's counts disagree with the cards unseen"

    # ---- the contract: delegated to flow and choices ---------------------------
    def to_move(self) -> list[int]:
        stack = self.stack
        if not stack or self.phase == "over":
            return []
        return [stack[-1].seat]

    def is_deciding(self, seat: int) -> bool:
        return self.phase != "over" and bool(self.stack) and self.stack[-1].seat == seat

    def _legal_actions(self, seat: int) -> list[Action]:
        options = now(self)  # worked out once per decision (options.py); the core hands out copies
        return options if options and self.stack[-1].seat == seat else []

    def why_illegal(self, seat: int, action: Action) -> str:
        return choices.why_illegal(self, seat, action)

    def why_waiting(self, seat: int, action: Action) -> str:
        if self.is_over():
            return "The game is over."
        return f"It is {self.name_of(self.stack[-1].seat)}'s turn to {words.decision_words(self)}."

    _apply = choices.apply_action  # what each action does: choices.py

    def describe(self, action: Action, seat: int) -> str:
        return words.describe(self, action, seat)
