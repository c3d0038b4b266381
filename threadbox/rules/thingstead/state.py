"""Thingstead: the state, the turn's steps, and what each decision does."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar, Literal, Self, cast

from pydantic import Field

from ..core import Action, GameInfo, GameState, LogEntry, Outcome, Rng, SeatScore, Transition, rank_winners
from ..core.copying import clone_model, fast_new
from .actions import (
    ACTION_ADAPTER,
    DrawFromDeck,
    DrawFromRow,
    Influence,
    Move,
    Place,
    PlayToClan,
    PlayToThingstead,
    Push,
)
from .copies import Fields, copied_fields, view_fields
from .data import (
    BIG_HAND_SIZE,
    CARDS,
    CLAN_FOLLOWERS,
    CLAN_INDEX,
    CLANS,
    ELDERS,
    FOLLOWERS_PER_PLAYER,
    HAND_SIZE,
    LOCKS_TO_END,
    MIN_LOCK,
    POWERS,
    POWERS_PER_CLAN,
    RESERVE_FLOOR,
    RING,
    RING_MODIFIER,
    ROW_SIZE,
    SEAT_COLOURS,
    START_ELDER,
    START_SUPPLY,
    WITHIN,
    Elder,
    Power,
    clan_label,
    left_of,
    right_of,
    ring_distance,
)
from .holdings import BY_ELDER, BY_KIND, BY_SYMBOL, Asked
from .scoring import clan_winner, clan_winners, score_sheet
from .trusted import line, transition, trusted, zero_rng

Step = Literal["play", "thing", "push", "place", "draw", "over"]

# Actions are frozen values: build each once and share them (legal_actions runs at every step).
_TO_THINGSTEAD = tuple(PlayToThingstead(card=c.id) for c in CARDS)
_TO_CLAN = tuple(tuple(PlayToClan(card=c.id, clan=clan) for clan in CLANS) for c in CARDS)
_MOVES = tuple(Move(to=p) for p in range(RING))
_PUSHES = (Push(shift=0), Push(shift=1), Push(shift=-1))
_PLACES: dict[tuple[int, int], Place] = {}
CARD_LABELS = tuple(c.label() for c in CARDS)  # log lines name cards at almost every action
ELDER_LABELS = tuple(e.label() for e in ELDERS)  # by Elder id
CLAN_LABELS = {c: clan_label(c) for c in CLANS}
POWER_LABELS = tuple(p.label() for p in POWERS)
POWER_TITLES = tuple(p.title() for p in POWERS)
_PLAYS = tuple((_TO_THINGSTEAD[c.id], *_TO_CLAN[c.id]) for c in CARDS)  # a card's options, in their order
_FROM_ROW = tuple(DrawFromRow(card=c.id) for c in CARDS)
_FROM_DECK = DrawFromDeck()
_INFLUENCE = Influence()


def _place(at: int, count: int) -> Place:
    key = (at, count)
    action = _PLACES.get(key)
    if action is None:
        action = _PLACES[key] = Place(at=at, count=count)
    return action


_HAND, _STRIDE, _SOAR, _RECRUIT, _RESERVE = (BY_KIND[k] for k in ("hand", "stride", "soar", "recruit", "reserve"))
ELDERS_SHOWING = {clan: frozenset(e.id for e in ELDERS if clan in e.clans) for clan in CLANS}
_SECRET_FIELDS = ("hands", "deck", "clan_cards", "clan_stack")  # what a view changes besides seed and RNG


class _Draws:
    """The game RNG's own methods on a plain object: setup's sixty-odd draws give the very same
    numbers, without pydantic's assignment hook on each; ``new`` copies the state back."""

    next64 = Rng.next64
    below = Rng.below
    shuffle = Rng.shuffle

    def __init__(self, state: int) -> None:
        self.state = state


_CLAN_RANGE = range(len(CLANS))
_CLAN_POWER_IDS = {clan: tuple(p.id for p in POWERS if p.clan == clan) for clan in CLANS}
# The fields ``new`` names (what pydantic counts as set): all but the ones left at their defaults.
_SET_AT_SETUP = frozenset(
    ("players", "names", "seed", "rng", "ring", "owner", "count", "locked", "pawns", "supply", "general")
    + ("hands", "deck", "row", "clan_cards", "disc", "clan_top", "clan_stack", "kept", "opening")
)
NOBODY = -1  # no followers on an Elder / a clan disc in the middle


class ThingsteadState(GameState):
    """The whole table. Seat 0 is Red (the eldest, who starts), seat 1 Blue.

    A turn is a stack of steps, always exactly one open (``step``):

    - ``play``: ``PlayToThingstead(card)`` or ``PlayToClan(card, clan)``.
    - ``thing``: the card is in the Thingstead (``in_play``). ``Move(to)``
      (once) and, before moving, ``Influence()``; moving first starts the
      influence at once when the card matches the new Elder.
    - ``push``: the Orange shove, ``Push(shift)`` with shift -1, 0 or +1.
    - ``place``: ``Place(at, count)`` for the Elders in ``targets`` (left,
      centre, right of the pawn) one after another; ``quota`` holds what each
      may take. Count is influence used: the opponent's followers go first.
    - ``draw``: ``DrawFromRow(card)`` / ``DrawFromDeck()`` until the hand is
      full; locking and the end of the game are checked after it.

    What a screen reads (on any view): ``ring`` (Elder id per position, 0..6
    clockwise), ``owner`` / ``count`` / ``locked`` per position, ``pawns``,
    ``supply`` and ``general`` per seat, ``hands`` (another seat's cards are
    -1), ``row``, ``deck`` (all -1 on a view), ``discard``, ``clan_cards``
    [clan][seat], ``disc`` per clan, ``clan_top`` (power id or -1),
    ``kept`` [seat] (power ids), ``powers(seat)``, ``quota_preview``.
    """

    info: ClassVar[GameInfo] = GameInfo(
        id="thingstead",
        title="Thingstead",
        min_players=2,
        max_players=2,
        hidden_information=True,
        blurb="Card-driven area control on a ring of Elders.",
        variants={},
    )
    action_adapter: ClassVar = ACTION_ADAPTER

    ring: list[int] = Field(default_factory=list)
    owner: list[int] = Field(default_factory=list)
    count: list[int] = Field(default_factory=list)
    locked: list[bool] = Field(default_factory=list)
    pawns: list[int] = Field(default_factory=list)
    supply: list[int] = Field(default_factory=list)
    general: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    deck: list[int] = Field(default_factory=list)  # top card last
    row: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    clan_cards: list[list[list[int]]] = Field(default_factory=list)  # [clan][seat] face-down cards
    disc: list[int] = Field(default_factory=list)  # per clan: the seat it is with, or -1 (middle)
    clan_top: list[int] = Field(default_factory=list)  # per clan: face-up power id, or -1 (stack used up)
    clan_stack: list[list[int]] = Field(default_factory=list)  # per clan: face-down power ids, top last
    kept: list[list[int]] = Field(default_factory=list)  # per seat: clan cards taken for good
    current: int = 0
    step: Step = "play"
    in_play: int = -1
    moved: bool = False
    influenced: bool = False
    targets: list[int] = Field(default_factory=list)
    quota: list[int] = Field(default_factory=list)
    place_step: int = 0
    end_reason: str = ""
    opening: list[str] = Field(default_factory=list)  # what setup did, for the log

    # ---- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None) -> Self:
        _, names = cls.checked_setup(players, variants, names)
        rng = Rng.from_seed(seed)
        draws = cast(Rng, _Draws(rng.state))  # Rng's own methods, so it draws as an Rng
        ring = [e.id for e in ELDERS]
        draws.shuffle(ring)
        stacks = []
        for clan in CLANS:
            stack = list(_CLAN_POWER_IDS[clan])
            draws.shuffle(stack)
            stacks.append(stack)
        deck = [c.id for c in CARDS]
        draws.shuffle(deck)
        rng.state = draws.state
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        row = [deck.pop() for _ in range(ROW_SIZE)]
        clan_top = [s.pop() for s in stacks]
        order = ", ".join(f"No. {ELDERS[e].number}" for e in ring)
        tops = "; ".join(POWER_LABELS[p] for p in clan_top)
        opening = [
            f"The Elders around the ring, clockwise: {order}. Both pawns stand on No. 8.",
            f"Clan cards face up: {tops}.",
            f"Face-up row: {', '.join(CARDS[c].code() for c in row)}.",
        ]
        # Every field, in the model's order, as validating them would leave them (test_ts_fast_paths).
        fields = {
            "players": players,
            "names": names,
            "variants": [],
            "seed": seed,
            "rng": rng,
            "view_of": None,
            "ring": ring,
            "owner": [NOBODY] * RING,
            "count": [0] * RING,
            "locked": [False] * RING,
            "pawns": [ring.index(START_ELDER)] * players,
            "supply": [START_SUPPLY] * players,
            "general": [FOLLOWERS_PER_PLAYER - START_SUPPLY] * players,
            "hands": [sorted(h) for h in hands],
            "deck": deck,
            "row": row,
            "discard": [],
            "clan_cards": [[[] for _ in range(players)] for _ in CLANS],
            "disc": [NOBODY] * len(CLANS),
            "clan_top": clan_top,
            "clan_stack": stacks,
            "kept": [[] for _ in range(players)],
            "current": 0,
            "step": "play",
            "in_play": -1,
            "moved": False,
            "influenced": False,
            "targets": [],
            "quota": [],
            "place_step": 0,
            "end_reason": "",
            "opening": opening,
        }
        state = trusted(cls, fields, set(_SET_AT_SETUP))
        return state

    def opening_log(self) -> list[LogEntry]:
        return [line(text) for text in self.opening]

    # ---- reading the table ----------------------------------------------------
    def elder_at(self, position: int) -> Elder:
        return ELDERS[self.ring[position]]

    def position_of(self, elder_id: int) -> int:
        return self.ring.index(elder_id)

    def other(self, seat: int) -> int:
        return 1 - seat

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
        return BIG_HAND_SIZE if self._count(seat, _HAND) else HAND_SIZE

    def movement(self, seat: int, card: int) -> int:
        return CARDS[card].movement + self._count(seat, _STRIDE)

    def lock_need(self, seat: int, position: int) -> int:
        """Followers ``seat`` needs on this Elder to lock it."""
        elder = self.ring[position]
        return max(MIN_LOCK, ELDERS[elder].number - self._count(seat, BY_ELDER[("lock", elder)]))

    def matches(self, seat: int, card: int, position: int) -> bool:
        """Whether ``card`` lets ``seat`` influence from the Elder at ``position``."""
        if self.locked[position]:
            return False
        clan = CARDS[card].clan
        return clan in ELDERS[self.ring[position]].clans or self._count(seat, BY_SYMBOL[("wild", clan)]) > 0

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
        soar = [ELDERS_SHOWING[POWERS[p].symbol] for p, c in _SOAR if (top[c] == p and disc[c] == seat) or p in kept]
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

    def draws_owed(self, seat: int) -> int:
        if not self.deck and not self.row:
            return 0
        return max(0, (BIG_HAND_SIZE if self._count(seat, _HAND) else HAND_SIZE) - len(self.hands[seat]))

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

    # ---- whose decision ---------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.step == "over" else [self.current]

    def is_deciding(self, seat: int) -> bool:
        return seat == self.current and self.step != "over"

    def legal_actions(self, seat: int) -> list[Action]:
        step = self.step
        if step == "over" or seat != self.current:
            return []
        if step == "play":
            out: list[Action] = []
            for card in self.hands[seat]:
                if card >= 0:
                    out.extend(_PLAYS[card])
            return out
        if step == "thing":
            out = []
            if not self.moved:
                if not self.influenced and self.matches(seat, self.in_play, self.pawns[seat]):
                    out.append(_INFLUENCE)
                out.extend([_MOVES[p] for p in self._reachable(seat, self.in_play)])
            return out
        if step == "push":
            return list(_PUSHES)
        if step == "place":
            at = self.targets[self.place_step]
            return [_place(at, n) for n in range(self.max_use(seat, self.place_step), -1, -1)]
        out = [_FROM_ROW[c] for c in self.row if c >= 0]
        if self.deck:
            out.append(_FROM_DECK)
        return out

    def _is_legal(self, seat: int, action: Action) -> bool:
        """The same answer as ``action in legal_actions(seat)``, without building the list."""
        step = self.step
        if step == "over" or seat != self.current:
            return False
        if isinstance(action, PlayToClan):
            return step == "play" and action.card in self.hands[seat] and action.card >= 0 and action.clan in CLANS
        if isinstance(action, DrawFromRow):
            return step == "draw" and action.card in self.row and action.card >= 0
        if isinstance(action, Place):
            return (
                step == "place"
                and action.at == self.targets[self.place_step]
                and 0 <= action.count <= self.max_use(seat, self.place_step)
            )
        if isinstance(action, PlayToThingstead):
            return step == "play" and action.card in self.hands[seat] and action.card >= 0
        if isinstance(action, Move):
            return step == "thing" and not self.moved and action.to in self._reachable(seat, self.in_play)
        if isinstance(action, DrawFromDeck):
            return step == "draw" and bool(self.deck)
        if isinstance(action, Influence):
            return (
                step == "thing"
                and not self.moved
                and not self.influenced
                and self.matches(seat, self.in_play, self.pawns[seat])
            )
        if isinstance(action, Push):
            return step == "push" and action.shift in (-1, 0, 1)
        return False

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self._is_legal(seat, action):
            return None
        step_of = {
            PlayToThingstead: "play",
            PlayToClan: "play",
            Move: "thing",
            Influence: "thing",
            Push: "push",
            Place: "place",
            DrawFromRow: "draw",
            DrawFromDeck: "draw",
        }
        wanted = step_of.get(type(action))
        if wanted is None:
            return f"that is not a Thingstead action ({self.describe_safely(action, seat)})"
        if wanted != self.step:
            return f"now is the time to {STEP_WORDS[self.step]}"
        if isinstance(action, (PlayToThingstead, PlayToClan)):
            if action.card not in self.hands[seat]:
                return f"card {action.card} is not in your hand"
            if isinstance(action, PlayToClan) and action.clan not in CLANS:
                return f"there is no clan {action.clan!r}; the clans are {', '.join(CLANS)}"
        if isinstance(action, Influence):
            if self.moved or self.influenced:
                return "the move and the influence are each done whole, once: this card's influence is used"
            here = self.elder_at(self.pawns[seat])
            if self.locked[self.pawns[seat]]:
                return f"{here.label()} is locked and takes no more influence"
            return f"the card's {clan_label(CARDS[self.in_play].clan)} symbol is not on {here.label()}"
        if isinstance(action, Move):
            if self.moved:
                return "the pawn has already moved with this card"
            if not 0 <= action.to < RING:
                return f"the ring has positions 0 to {RING - 1} only"
            far = ring_distance(action.to, self.pawns[seat])
            return f"{self.elder_at(action.to).label()} is {far} spaces away; this card moves at most {self.movement(seat, self.in_play)}"
        if isinstance(action, Push):
            return "the shove moves the opponent's pawn one space: shift -1, 0 or 1"
        if isinstance(action, Place):
            at = self.targets[self.place_step]
            if action.at != at:
                return f"the Elder to influence now is {self.elder_at(at).label()}"
            most = self.max_use(seat, self.place_step)
            return f"{self.elder_at(at).label()} can take 0 to {most} influence now"
        if isinstance(action, DrawFromRow):
            return f"card {action.card} is not in the face-up row"
        if isinstance(action, DrawFromDeck):
            return "the draw deck is empty: draw from the face-up row"
        return None

    def why_waiting(self, seat: int, action: Action) -> str:
        if self.is_over():
            return "The game is over."
        return f"It is {self.name_of(self.current)}'s turn."

    # ---- doing it ----------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> Transition:
        # A legal action on the table goes straight through; anything else takes the shared check, which says why.
        if type(seat) is int and self.view_of is None and self._is_legal(seat, action):
            return self._apply(seat, action)
        return super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> Transition:
        log: list[LogEntry] = []
        barrier = False
        if isinstance(action, PlayToClan):
            barrier = self._play_to_clan(seat, action.card, action.clan, log)
        elif isinstance(action, DrawFromRow):
            barrier = self._draw_from_row(seat, action.card, log)
        elif isinstance(action, Place):
            self._place(seat, action.at, action.count, log)
        elif isinstance(action, PlayToThingstead):
            self.hands[seat].remove(action.card)
            fields = self.__dict__  # trusted values: skip pydantic's assignment hook
            fields["in_play"] = action.card
            fields["moved"] = fields["influenced"] = False
            fields["step"] = "thing"
            log.append(line(f"{self.names[seat]} plays {CARD_LABELS[action.card]} to the Thingstead."))
        elif isinstance(action, Move):
            self._move(seat, action.to, log)
        elif isinstance(action, DrawFromDeck):
            card = self.deck.pop()
            hand = self.hands[seat]
            hand.append(card)
            hand.sort()
            log.append(
                line(
                    f"{self.names[seat]} draws from the deck.",
                    {seat: f"You draw {CARD_LABELS[card]} from the deck."},
                )
            )
            barrier = True
            self._after_draw(seat, log)
        elif isinstance(action, Influence):
            self._start_influence(seat, log)
        elif isinstance(action, Push):
            self._push(seat, action.shift, log)
        return transition(log, barrier)

    def _play_to_clan(self, seat: int, card: int, clan: str, log: list[LogEntry]) -> bool:
        c = CLAN_INDEX[clan]
        name = self.names[seat]
        self.hands[seat].remove(card)
        mine = self.clan_cards[c][seat]
        before = len(mine)
        gain = CLAN_FOLLOWERS[before] if before < len(CLAN_FOLLOWERS) else 0
        gain += self._count(seat, _RECRUIT)
        gain = min(gain, self.general[seat])
        mine.append(card)
        self.general[seat] -= gain
        self.supply[seat] += gain
        where = f"the {CLAN_LABELS[clan]} clan"
        log.append(
            line(
                f"{name} plays a card face down to {where} and gains {gain} followers.",
                {seat: f"You play {CARD_LABELS[card]} face down to {where}; +{gain} followers."},
            )
        )
        disc, clan_top = self.disc, self.clan_top
        top = clan_top[c]
        barrier = False
        if disc[c] != seat:
            disc[c] = seat
            power = f": {POWER_LABELS[top]}" if top >= 0 else " (its clan cards are all taken)"
            log.append(line(f"The {CLAN_LABELS[clan]} disc moves to {name}'s side{power}"))
        elif top >= 0:
            self.kept[seat].append(top)
            stack = self.clan_stack[c]
            clan_top[c] = nxt = stack.pop() if stack else -1
            disc[c] = NOBODY
            then = f"; next up: {POWER_LABELS[nxt]}" if nxt >= 0 else "; that clan's stack is used up"
            log.append(
                line(f"{name} takes the clan card {POWER_TITLES[top]} for good{then}. The disc returns to the middle.")
            )
            barrier = nxt >= 0  # a hidden clan card was turned up
        self._begin_draw(seat, log)
        return barrier

    def _move(self, seat: int, to: int, log: list[LogEntry]) -> None:
        here = self.pawns[seat]
        self.pawns[seat] = to
        self.__dict__["moved"] = True  # trusted value: skip pydantic's assignment hook
        name = self.names[seat]
        if to == here:
            log.append(line(f"{name} does not move."))
        else:
            log.append(line(f"{name} moves to {ELDER_LABELS[self.ring[to]]}."))
        if self.influenced:
            self._finish_play(seat, log)
        elif self.matches(seat, self.in_play, to):
            self._start_influence(seat, log)
        else:
            log.append(line(f"The card does not match {ELDER_LABELS[self.ring[to]]}: no influence."))
            self._finish_play(seat, log)

    def _start_influence(self, seat: int, log: list[LogEntry]) -> None:
        if self.can_push(seat):
            self.__dict__["step"] = "push"  # trusted value: skip pydantic's assignment hook
            return
        self._begin_placing(seat, log)

    def _push(self, seat: int, shift: int, log: list[LogEntry]) -> None:
        them = 1 - seat
        if shift:
            self.pawns[them] = (self.pawns[them] + shift) % RING
            way = "clockwise" if shift > 0 else "counter-clockwise"
            where = ELDER_LABELS[self.ring[self.pawns[them]]]
            log.append(line(f"{self.names[seat]} shoves {self.names[them]}'s pawn {way} to {where}."))
        self._begin_placing(seat, log)

    def _begin_placing(self, seat: int, log: list[LogEntry]) -> None:
        fields = self.__dict__  # trusted values: skip pydantic's assignment hook
        fields["targets"] = targets = self.influence_targets(seat)
        fields["quota"] = quota = self.quotas(seat, self.in_play)
        fields["place_step"] = 0
        ring = self.ring
        words = ", ".join(f"{ELDER_LABELS[ring[p]]} {q}" for p, q in zip(targets, quota))
        log.append(line(f"{self.names[seat]} influences: {words}."))
        self._advance_placing(seat, log)

    def _advance_placing(self, seat: int, log: list[LogEntry]) -> None:
        fields = self.__dict__  # trusted values: skip pydantic's assignment hook
        step = self.place_step
        while step < 3 and self.max_use(seat, step) == 0:
            step += 1
        fields["place_step"] = step
        if step < 3:
            fields["step"] = "place"
            return
        fields["influenced"] = True
        fields["targets"], fields["quota"], fields["place_step"] = [], [], 0
        if self.moved:
            self._finish_play(seat, log)
        else:
            fields["step"] = "thing"

    def _place(self, seat: int, at: int, count: int, log: list[LogEntry]) -> None:
        them = 1 - seat
        on = self.count
        removed = min(count, on[at]) if self.owner[at] == them else 0
        if removed:
            on[at] -= removed
            self.supply[them] += removed
            if on[at] == 0:
                self.owner[at] = NOBODY
        placed = count - removed
        if placed:
            self.owner[at] = seat
            on[at] += placed
            self.supply[seat] -= placed
        parts = []
        if removed:
            parts.append(f"removes {removed} of {self.names[them]}'s followers")
        if placed:
            parts.append(f"places {placed}")
        did = " and ".join(parts) or "places nothing"
        log.append(line(f"{self.names[seat]} {did} on {ELDER_LABELS[self.ring[at]]}."))
        self.__dict__["place_step"] += 1  # trusted value: skip pydantic's assignment hook
        self._advance_placing(seat, log)

    def _finish_play(self, seat: int, log: list[LogEntry]) -> None:
        self.discard.append(self.in_play)
        fields = self.__dict__  # trusted values: skip pydantic's assignment hook
        fields["in_play"] = -1
        fields["moved"] = fields["influenced"] = False
        self._begin_draw(seat, log)

    def _begin_draw(self, seat: int, log: list[LogEntry]) -> None:
        self.__dict__["step"] = "draw"  # trusted value: skip pydantic's assignment hook
        if self.draws_owed(seat) == 0:
            self._end_turn(seat, log)

    def _draw_from_row(self, seat: int, card: int, log: list[LogEntry]) -> bool:
        row, deck, hand = self.row, self.deck, self.hands[seat]
        i = row.index(card)
        hand.append(card)
        hand.sort()
        text = f"{self.names[seat]} takes {CARD_LABELS[card]} from the row"
        barrier = bool(deck)
        if deck:
            row[i] = deck.pop()
            text += f"; {CARD_LABELS[row[i]]} is turned up"
        else:
            del row[i]
        log.append(line(text + "."))
        self._after_draw(seat, log)
        return barrier

    def _after_draw(self, seat: int, log: list[LogEntry]) -> None:
        if self.draws_owed(seat) == 0:
            self._end_turn(seat, log)

    def _end_turn(self, seat: int, log: list[LogEntry]) -> None:
        name = self.names[seat]
        supply, general = self.supply, self.general
        if supply[seat] < RESERVE_FLOOR and self._count(seat, _RESERVE):
            gain = min(RESERVE_FLOOR - supply[seat], general[seat])
            if gain:
                supply[seat] += gain
                general[seat] -= gain
                log.append(line(f"{name}'s Reserve brings {gain} followers to the supply."))
        owner, count, locked, ring = self.owner, self.count, self.locked, self.ring
        locks = 0  # Elders this seat has locked, new ones included
        for p in range(RING):
            if owner[p] != seat:
                continue
            if not locked[p]:
                elder = ELDERS[ring[p]]
                if count[p] < max(MIN_LOCK, elder.number - self._count(seat, BY_ELDER[("lock", elder.id)])):
                    continue
                back = count[p] - 1
                locked[p] = True
                count[p] = 1
                general[seat] += back
                log.append(
                    line(
                        f"{name} locks {ELDER_LABELS[elder.id]}; one follower stays as the marker, "
                        f"{back} go to the general supply."
                    )
                )
            locks += 1
        them = 1 - seat
        if locks >= LOCKS_TO_END:
            self._game_over(f"{name} has locked {LOCKS_TO_END} Elders.", log)
            return
        if not self.deck and not self.hands[seat] and not self.hands[them]:
            self._game_over("The draw deck is empty and both players are out of cards.", log)
            return
        fields = self.__dict__  # trusted values: skip pydantic's assignment hook
        fields["step"] = "play"
        if self.hands[them]:
            fields["current"] = them
        else:
            log.append(line(f"{self.names[them]} has no cards left; {name} plays again."))

    def _game_over(self, reason: str, log: list[LogEntry]) -> None:
        self.step = "over"
        self.end_reason = reason
        outcome = self.outcome()
        assert outcome is not None
        totals = ", ".join(f"{self.name_of(s.seat)} {s.total}" for s in outcome.scores)
        winners = " and ".join(self.name_of(s) for s in outcome.winners)
        log.append(line(f"{reason} Final score: {totals}. Winner: {winners}."))

    # ---- scoring ---------------------------------------------------------------
    def score_sheet(self, seat: int) -> list[tuple[str, int]]:
        return score_sheet(self, seat)

    def outcome(self) -> Outcome | None:
        if self.step != "over":
            return None
        scores = []
        by_clan = clan_winners(self)
        for s in range(self.players):
            sheet = score_sheet(self, s, by_clan)
            total = sum(v for _, v in sheet)
            # Trusted values, as SeatScore(...) and Outcome(...) would hold them: no validation.
            scores.append(
                fast_new(
                    SeatScore, {"seat": s, "total": total, "categories": sheet, "tiebreak": self.followers_on_elders(s)}
                )
            )
        best, used = rank_winners(scores, "most followers among the Elders")
        return fast_new(Outcome, {"scores": scores, "winners": best, "reason": self.end_reason, "tiebreak_used": used})

    def clan_winner(self, clan: str) -> int:
        """The seat that wins this clan's point (full information), or -1."""
        return clan_winner(self, clan)

    # ---- words ---------------------------------------------------------------
    def describe(self, action: Action, seat: int) -> str:
        if isinstance(action, PlayToThingstead):
            if not 0 <= action.card < len(CARDS):
                return f"Play card {action.card} to the Thingstead"
            return f"{CARDS[action.card].short()} to the Thingstead"
        if isinstance(action, PlayToClan):
            c = CLAN_INDEX.get(action.clan)
            if c is None:
                return f"Play a card to clan {action.clan!r}"
            mine = len(self.clan_cards[c][seat]) if 0 <= seat < self.players else 0
            gain = CLAN_FOLLOWERS[mine] if mine < len(CLAN_FOLLOWERS) else 0
            if not 0 <= action.card < len(CARDS):
                return f"Play card {action.card} to the {clan_label(action.clan)} clan"
            return f"{CARDS[action.card].short()} face down to {clan_label(action.clan)}, +{gain}"
        if isinstance(action, Move):
            if not 0 <= action.to < RING:
                return f"Move to position {action.to}"
            here = self.pawns[seat] if 0 <= seat < len(self.pawns) else action.to
            if action.to == here:
                return f"Stay on {self.elder_at(here).label()}"
            cw = (action.to - here) % RING
            way = f"{cw} clockwise" if cw <= RING - cw else f"{RING - cw} counter-clockwise"
            return f"Move to {self.elder_at(action.to).label()} ({way})"
        if isinstance(action, Influence):
            return "Influence first, then move"
        if isinstance(action, Push):
            if action.shift == 0:
                return "Leave the opponent's pawn where it is"
            way = "clockwise" if action.shift > 0 else "counter-clockwise"
            if 0 <= seat < len(self.pawns):
                to = (self.pawns[self.other(seat)] + action.shift) % RING
                return f"Shove the opponent's pawn {way} to {self.elder_at(to).label()}"
            return f"Shove the opponent's pawn {way}"
        if isinstance(action, Place):
            if not 0 <= action.at < RING:
                return f"Use {action.count} influence at position {action.at}"
            elder = self.elder_at(action.at).label()
            them = 1 - seat
            removed = min(action.count, self.count[action.at]) if self.owner[action.at] == them else 0
            placed = action.count - removed
            if action.count == 0:
                return f"{elder}: nothing"
            parts = ([f"remove {removed} of theirs"] if removed else []) + ([f"place {placed}"] if placed else [])
            return f"{elder}: {', '.join(parts)}"
        if isinstance(action, DrawFromRow):
            if 0 <= action.card < len(CARDS):
                return f"Draw {CARDS[action.card].label()} from the row"
            return f"Draw card {action.card} from the row"
        if isinstance(action, DrawFromDeck):
            return f"Draw the top card of the deck ({len(self.deck)} left)"
        return repr(action.model_dump())

    # ---- copies and views ------------------------------------------------------
    def _with_fields(self, data: Fields) -> Self:
        """A state of this class holding ``data`` as it is (trusted values: no validation)."""
        return trusted(type(self), data, self.__pydantic_fields_set__.copy())

    def clone(self) -> Self:
        """A copy sharing nothing mutable with this state (``copies.copied_fields``)."""
        data = copied_fields(self.__dict__)
        data["rng"] = clone_model(self.rng)
        return self._with_fields(data)

    def view(self, seat: int | None) -> Self:
        """A copy for ``seat`` (None: a spectator): secrets, seed and RNG removed (``copies.view_fields``)."""
        data = view_fields(self.__dict__, seat)
        data["seed"] = 0
        data["rng"] = zero_rng()  # the RNG would predict every future draw
        data["view_of"] = -1 if seat is None else seat
        return self._with_fields(data)

    def _redact(self, seat: int | None) -> None:
        """What ``view`` removes, done in place (``view`` builds its copy redacted from the start)."""
        fields = self.__dict__  # trusted values: skip pydantic's assignment hook
        fields.update({k: v for k, v in view_fields(fields, seat).items() if k in _SECRET_FIELDS})

    def _sample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal the cards this view cannot see (others' hands and face-down clan cards, the
        deck) at random from the cards it has not seen, and shuffle the clan stacks."""
        seen = {c for c in self._known_cards() if c >= 0}
        unseen = [c.id for c in CARDS if c.id not in seen]
        rng.shuffle(unseen)
        self.hands = [sorted(c if c >= 0 else unseen.pop() for c in h) for h in self.hands]
        self.clan_cards = [[[c if c >= 0 else unseen.pop() for c in cs] for cs in per] for per in self.clan_cards]
        self.deck = [c if c >= 0 else unseen.pop() for c in self.deck]
        assert not unseen, "the view's card counts do not add up"
        for stack in self.clan_stack:
            rng.shuffle(stack)

    def _known_cards(self) -> list[int]:
        return [
            *[c for h in self.hands for c in h],
            *self.deck,
            *self.row,
            *self.discard,
            *[c for per in self.clan_cards for cs in per for c in cs],
            self.in_play,
        ]

    def seat_colour(self, seat: int) -> str:
        return SEAT_COLOURS[seat]


STEP_WORDS = {
    "play": "play a card from your hand",
    "thing": "move the pawn or influence with the played card",
    "push": "decide on the Orange shove",
    "place": "place followers with the played card",
    "draw": "draw a card",
    "over": "see the final score",
}
assert POWERS_PER_CLAN * len(CLANS) == len(POWERS)
