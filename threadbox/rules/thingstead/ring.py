"""The Thingstead ring and all around it (Elders, followers, pawns, clans, hands, decks): what is secret, and what can be read off it.

The rules (``state.ThingsteadState``) build on this; screens and bots read it
through the state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..core import SORTED, GameState, Placeholder, Public, face_down, own
from .data import (
    BIG_HAND_SIZE,
    CARDS,
    CLAN_FOLLOWERS,
    CLANS,
    ELDERS,
    HAND_SIZE,
    MIN_LOCK,
    POWERS,
    RING,
    RING_MODIFIER,
    SEAT_COLOURS,
    WITHIN,
    Elder,
    Power,
    left_of,
    right_of,
    ring_distance,
)
from .holdings import BY_ELDER, BY_KIND, BY_SYMBOL, Asked

Step = Literal["play", "thing", "push", "place", "draw", "over"]
NOBODY = -1  # no followers on an Elder / a clan disc in the middle
HIDDEN = -1  # a card this view may not see
_CLAN_RANGE = range(len(CLANS))
HAND_POWERS, STRIDE_POWERS, SOAR_POWERS, RECRUIT_POWERS, RESERVE_POWERS = (
    BY_KIND[k] for k in ("hand", "stride", "soar", "recruit", "reserve")
)
ELDERS_SHOWING = {clan: frozenset(e.id for e in ELDERS if clan in e.clans) for clan in CLANS}


class Ring(GameState):
    """The ring and everything around it. Seat 0 is Red (the eldest, who starts), seat 1 Blue.

    What a screen reads (on any view): ``ring`` (Elder id per position, 0..6
    clockwise), ``owner`` / ``count`` / ``locked`` per position, ``pawns``,
    ``supply`` and ``general`` per seat, ``hands`` (another seat's cards are
    -1), ``row``, ``deck`` (all -1 on a view), ``discard``, ``clan_cards``
    [clan][seat], ``disc`` per clan, ``clan_top`` (power id or -1),
    ``kept`` [seat] (power ids), ``powers(seat)``, ``quota_preview``.
    """

    ring: Public[list[int]] = Field(default_factory=list)
    owner: Public[list[int]] = Field(default_factory=list)
    count: Public[list[int]] = Field(default_factory=list)
    locked: Public[list[bool]] = Field(default_factory=list)
    pawns: Public[list[int]] = Field(default_factory=list)
    supply: Public[list[int]] = Field(default_factory=list)
    general: Public[list[int]] = Field(default_factory=list)
    # Secret: each hand is its seat's own; the deck's cards and order are nobody's (-1 in a view).
    hands: Annotated[list[list[int]], own(Placeholder(HIDDEN))] = Field(default_factory=list)
    deck: Annotated[list[int], face_down(Placeholder(HIDDEN))] = Field(default_factory=list)  # top card last
    row: Public[list[int]] = Field(default_factory=list)
    discard: Public[list[int]] = Field(default_factory=list)
    # [clan][seat] face-down cards: the seat's own, turned up once the game is over.
    clan_cards: Annotated[list[list[list[int]]], own(Placeholder(HIDDEN), seat_at=1, revealed="is_over")] = Field(
        default_factory=list
    )
    disc: Public[list[int]] = Field(default_factory=list)  # per clan: the seat it is with, or -1 (middle)
    clan_top: Public[list[int]] = Field(default_factory=list)  # per clan: face-up power id, or -1 (stack used up)
    # Per clan: face-down power ids, top last; a view knows which (from the rules), not their order.
    clan_stack: Annotated[list[list[int]], face_down(SORTED, each=1)] = Field(default_factory=list)
    kept: Public[list[list[int]]] = Field(default_factory=list)  # per seat: clan cards taken for good
    current: Public[int] = 0
    step: Public[Step] = "play"
    in_play: Public[int] = -1
    moved: Public[bool] = False
    influenced: Public[bool] = False
    targets: Public[list[int]] = Field(default_factory=list)
    quota: Public[list[int]] = Field(default_factory=list)
    place_step: Public[int] = 0
    end_reason: Public[str] = ""
    opening: Public[list[str]] = Field(default_factory=list)  # what setup did, for the log

    # ---- reading the ring ------------------------------------------------------
    def elder_at(self, position: int) -> Elder:
        return ELDERS[self.ring[position]]

    def position_of(self, elder_id: int) -> int:
        return self.ring.index(elder_id)

    def other(self, seat: int) -> int:
        return 1 - seat

    def progress(self) -> str:
        """'turn 7, 12 cards in the deck': a turn plays one card, to the Thingstead or a clan."""
        played = len(self.discard) + sum(len(cards) for clan in self.clan_cards for cards in clan)
        turn = played + (self.in_play >= 0) + (self.step == "play")  # this turn's card counts once played
        left = len(self.deck)
        return f"turn {turn}, " + (f"{left} card{'s' * (left != 1)} in the deck" if left else "the deck is empty")

    def powers(self, seat: int) -> list[Power]:
        """The powers ``seat`` has now: clan cards taken for good, then discs on its side."""
        kept = self.kept[seat]
        held = [POWERS[p] for p in kept] if kept else []
        disc, top = self.disc, self.clan_top
        for c in _CLAN_RANGE:
            if disc[c] == seat and top[c] >= 0:
                held.append(POWERS[top[c]])
        return held

    def _count(self, seat: int, asked: Asked) -> int:
        """How many of the ``asked`` powers (``holdings``) ``seat`` has: kept, or face up with its disc there."""
        kept, disc, top = self.kept[seat], self.disc, self.clan_top
        n = 0
        for power, clan in asked:
            if (top[clan] == power and disc[clan] == seat) or power in kept:
                n += 1
        return n

    def holds(self, seat: int, kind: str, symbol: str | None = None) -> int:
        """How many of ``seat``'s powers are of this kind (naming this symbol, if given)."""
        return self._count(seat, BY_KIND.get(kind, ()) if symbol is None else BY_SYMBOL.get((kind, symbol), ()))

    def holds_for_elder(self, seat: int, kind: str, position: int) -> int:
        """Powers of this kind naming a symbol the Elder at ``position`` shows."""
        return self._count(seat, BY_ELDER.get((kind, self.ring[position]), ()))

    def hand_size(self, seat: int) -> int:
        """Long memory's 6 lasts while the draw deck does: its extra card would otherwise be a last turn."""
        return BIG_HAND_SIZE if self.deck and self._count(seat, HAND_POWERS) else HAND_SIZE

    def movement(self, seat: int, card: int) -> int:
        return CARDS[card].movement + self._count(seat, STRIDE_POWERS)

    def lock_need(self, seat: int, position: int) -> int:
        """Followers ``seat`` needs on this Elder to lock it."""
        elder = self.ring[position]
        return max(MIN_LOCK, ELDERS[elder].number - self._count(seat, BY_ELDER[("lock", elder)]))

    def matches(self, seat: int, card: int, position: int) -> bool:
        """Whether ``card`` lets ``seat`` influence from the Elder at ``position``."""
        if self.locked[position]:
            return False
        elder = self.ring[position]
        return CARDS[card].clan in ELDERS[elder].clans or self._count(seat, BY_ELDER[("wild", elder)]) > 0

    def modifier(self, seat: int, position: int) -> int:
        """The ring's bonus or penalty at ``position`` for ``seat``, from the opponent's pawn."""
        d = ring_distance(position, self.pawns[self.other(seat)])
        if d == 0 and self.holds(seat, "ward"):
            return -1
        return RING_MODIFIER[d]

    def influence_targets(self, seat: int) -> list[int]:
        """Left, centre and right of ``seat``'s pawn."""
        here = self.pawns[seat]
        return [left_of(here), here, right_of(here)]

    def quotas(self, seat: int, card: int) -> list[int]:
        """Followers the card would put on the left, centre and right Elders from here."""
        here = self.pawns[seat]
        rally = self.holds_for_elder(seat, "rally", here)
        out = []
        for i, (position, printed) in enumerate(zip(self.influence_targets(seat), CARDS[card].followers)):
            if self.locked[position]:
                out.append(0)
                continue
            bonus = rally if i == 1 else 0
            out.append(max(0, printed + self.modifier(seat, position) + bonus))
        return out

    def reachable(self, seat: int, card: int) -> list[int]:
        """Ring positions the pawn may move to with this card (its own: stay), in order."""
        return list(self._reachable(seat, card))

    def _reachable(self, seat: int, card: int) -> tuple[int, ...] | list[int]:
        near = WITHIN[self.pawns[seat]][min(self.movement(seat, card), RING // 2)]
        kept, disc, top = self.kept[seat], self.disc, self.clan_top
        soar = [
            ELDERS_SHOWING[POWERS[p].symbol] for p, c in SOAR_POWERS if (top[c] == p and disc[c] == seat) or p in kept
        ]
        if not soar:
            return near
        ring = self.ring
        return sorted({*near, *(p for p in range(RING) if any(ring[p] in elders for elders in soar))})

    def can_push(self, seat: int) -> bool:
        return self._count(seat, BY_ELDER[("push", self.ring[self.pawns[seat]])]) > 0

    def max_use(self, seat: int, i: int) -> int:
        """Most influence ``seat`` can use on target ``i``: limited by quota and its supply."""
        position = self.targets[i]
        theirs = self.count[position] if self.owner[position] == self.other(seat) else 0
        return min(self.quota[i], theirs + self.supply[seat])

    def clan_gain(self, seat: int, clan: int) -> int:
        """Followers ``seat`` gets for its next card to the clan at index ``clan``: the rulebook's
        4, 3, 2, 1, 0, plus Recruit, as far as its general supply reaches."""
        before = len(self.clan_cards[clan][seat])
        gain = CLAN_FOLLOWERS[before] if before < len(CLAN_FOLLOWERS) else 0
        return min(gain + self._count(seat, RECRUIT_POWERS), self.general[seat])

    def draws_owed(self, seat: int) -> int:
        if not self.deck and not self.row:
            return 0
        return max(0, self.hand_size(seat) - len(self.hands[seat]))

    def locked_by(self, seat: int) -> int:
        return sum(1 for p in range(RING) if self.locked[p] and self.owner[p] == seat)

    def followers_on_elders(self, seat: int) -> int:
        return sum(self.count[p] for p in range(RING) if self.owner[p] == seat)

    def followers_accounted(self, seat: int) -> int:
        """Supply + general supply + on Elders (locked markers included): always 27."""
        return self.supply[seat] + self.general[seat] + self.followers_on_elders(seat)

    def cards_accounted(self) -> int:
        """Every Influence card somewhere: always 36."""
        return (
            len(self.deck)
            + len(self.row)
            + len(self.discard)
            + sum(len(h) for h in self.hands)
            + sum(len(c) for per_clan in self.clan_cards for c in per_clan)
            + (self.in_play >= 0)
        )

    def clan_cards_accounted(self) -> int:
        """Every clan card somewhere: always 20."""
        return (
            sum(len(s) for s in self.clan_stack) + sum(t >= 0 for t in self.clan_top) + sum(len(k) for k in self.kept)
        )

    def seat_colour(self, seat: int) -> str:
        return SEAT_COLOURS[seat]
