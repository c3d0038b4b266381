"""Thingstead: the state, the turn's steps, and what each decision does."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar, Self, cast

from ..core import Action, GameInfo, LogEntry, Outcome, Rng, SeatScore, Transition, catalogue_info, rank_winners
from ..core.copying import fast_new
from . import words
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
from .data import (
    CARDS,
    CLAN_INDEX,
    CLANS,
    ELDERS,
    FOLLOWERS_PER_PLAYER,
    HAND_SIZE,
    LOCKS_TO_END,
    MIN_LOCK,
    POWERS,
    POWERS_PER_CLAN,
    RING,
    ROW_SIZE,
    START_ELDER,
    START_SUPPLY,
    clan_label,
)
from .holdings import BY_ELDER
from .ring import NOBODY, RESERVE_POWERS, Ring
from .scoring import ClanResult, clan_results, clan_winner, clan_winners, score_sheet

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


class _Draws:
    """The game RNG's own methods on a plain object: setup's sixty-odd draws give the very same
    numbers, without pydantic's assignment hook on each; ``new`` copies the state back."""

    next64 = Rng.next64
    below = Rng.below
    shuffle = Rng.shuffle

    def __init__(self, state: int) -> None:
        self.state = state


_CLAN_POWER_IDS = {clan: tuple(p.id for p in POWERS if p.clan == clan) for clan in CLANS}
# The fields ``new`` names (what pydantic counts as set): all but the ones left at their defaults.
_SET_AT_SETUP = frozenset(
    ("players", "names", "seed", "rng", "ring", "owner", "count", "locked", "pawns", "supply", "general")
    + ("hands", "deck", "row", "clan_cards", "disc", "clan_top", "clan_stack", "kept", "opening")
)


class ThingsteadState(Ring):
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

    The ring and what lies around it (fields, what each hides, what can be read off it) is
    ``Ring`` (``ring.py``).
    """

    info: ClassVar[GameInfo] = catalogue_info(
        "thingstead",
        hidden_information=True,
    )
    action_adapter: ClassVar = ACTION_ADAPTER

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
        state = fast_new(cls, fields, set(_SET_AT_SETUP))
        return state

    def opening_log(self) -> list[LogEntry]:
        return [LogEntry.line(text) for text in self.opening]

    # ---- whose decision ---------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.step == "over" else [self.current]

    def is_deciding(self, seat: int) -> bool:
        return seat == self.current and self.step != "over"

    def _legal_actions(self, seat: int) -> list[Action]:
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

    def why_illegal(self, seat: int, action: Action) -> str:
        return words.refusal(self, seat, action) or super().why_illegal(seat, action)

    def why_waiting(self, seat: int, action: Action) -> str:
        if self.is_over():
            return "The game is over."
        return f"It is {self.name_of(self.current)}'s turn."

    # ---- doing it ----------------------------------------------------------------
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
            self.in_play = action.card
            self.moved = self.influenced = False
            self.step = "thing"
            log.append(LogEntry.line(f"{self.names[seat]} plays {CARD_LABELS[action.card]} to the Thingstead."))
        elif isinstance(action, Move):
            self._move(seat, action.to, log)
        elif isinstance(action, DrawFromDeck):
            card = self.deck.pop()
            hand = self.hands[seat]
            hand.append(card)
            hand.sort()
            log.append(
                LogEntry.line(
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
        return Transition.of(log, barrier)

    def _play_to_clan(self, seat: int, card: int, clan: str, log: list[LogEntry]) -> bool:
        c = CLAN_INDEX[clan]
        name = self.names[seat]
        self.hands[seat].remove(card)
        gain = self.clan_gain(seat, c)  # before the disc moves: a Recruit won by this card counts from the next
        self.clan_cards[c][seat].append(card)
        self.general[seat] -= gain
        self.supply[seat] += gain
        where = f"the {CLAN_LABELS[clan]} clan"
        log.append(
            LogEntry.line(
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
            log.append(LogEntry.line(f"The {CLAN_LABELS[clan]} disc moves to {name}'s side{power}"))
        elif top >= 0:
            self.kept[seat].append(top)
            stack = self.clan_stack[c]
            clan_top[c] = nxt = stack.pop() if stack else -1
            disc[c] = NOBODY
            then = f"; next up: {POWER_LABELS[nxt]}" if nxt >= 0 else "; that clan's stack is used up"
            log.append(
                LogEntry.line(
                    f"{name} takes the clan card {POWER_TITLES[top]} for good{then}. The disc returns to the middle."
                )
            )
            barrier = nxt >= 0  # a hidden clan card was turned up
        self._begin_draw(seat, log)
        return barrier

    def _move(self, seat: int, to: int, log: list[LogEntry]) -> None:
        here = self.pawns[seat]
        self.pawns[seat] = to
        self.moved = True
        name = self.names[seat]
        if to == here:
            log.append(LogEntry.line(f"{name} does not move."))
        else:
            log.append(LogEntry.line(f"{name} moves to {ELDER_LABELS[self.ring[to]]}."))
        if self.influenced:
            self._finish_play(seat, log)
        elif self.matches(seat, self.in_play, to):
            self._start_influence(seat, log)
        else:
            elder = ELDER_LABELS[self.ring[to]]
            why = f"{elder} is locked" if self.locked[to] else f"The card does not match {elder}"
            log.append(LogEntry.line(f"{why}: no influence."))
            self._finish_play(seat, log)

    def _start_influence(self, seat: int, log: list[LogEntry]) -> None:
        if self.can_push(seat):
            self.step = "push"
            return
        self._begin_placing(seat, log)

    def _push(self, seat: int, shift: int, log: list[LogEntry]) -> None:
        them = 1 - seat
        if shift:
            self.pawns[them] = (self.pawns[them] + shift) % RING
            way = "clockwise" if shift > 0 else "counter-clockwise"
            where = ELDER_LABELS[self.ring[self.pawns[them]]]
            log.append(LogEntry.line(f"{self.names[seat]} shoves {self.names[them]}'s pawn {way} to {where}."))
        self._begin_placing(seat, log)

    def _begin_placing(self, seat: int, log: list[LogEntry]) -> None:
        self.targets = targets = self.influence_targets(seat)
        self.quota = quota = self.quotas(seat, self.in_play)
        self.place_step = 0
        ring = self.ring
        words = ", ".join(f"{ELDER_LABELS[ring[p]]} {q}" for p, q in zip(targets, quota))
        log.append(LogEntry.line(f"{self.names[seat]} influences: {words}."))
        self._advance_placing(seat, log)

    def _advance_placing(self, seat: int, log: list[LogEntry]) -> None:
        step = self.place_step
        while step < 3 and self.max_use(seat, step) == 0:
            step += 1
        self.place_step = step
        if step < 3:
            self.step = "place"
            return
        self.influenced = True
        self.targets, self.quota, self.place_step = [], [], 0
        if self.moved:
            self._finish_play(seat, log)
        else:
            self.step = "thing"

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
        log.append(LogEntry.line(f"{self.names[seat]} {did} on {ELDER_LABELS[self.ring[at]]}."))
        self.place_step += 1
        self._advance_placing(seat, log)

    def _finish_play(self, seat: int, log: list[LogEntry]) -> None:
        self.discard.append(self.in_play)
        self.in_play = -1
        self.moved = self.influenced = False
        self._begin_draw(seat, log)

    def _begin_draw(self, seat: int, log: list[LogEntry]) -> None:
        self.step = "draw"
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
        log.append(LogEntry.line(text + "."))
        self._after_draw(seat, log)
        return barrier

    def _after_draw(self, seat: int, log: list[LogEntry]) -> None:
        if self.draws_owed(seat) == 0:
            self._end_turn(seat, log)

    def _end_turn(self, seat: int, log: list[LogEntry]) -> None:
        name = self.names[seat]
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
                if self._count(seat, RESERVE_POWERS):
                    self.supply[seat] += back
                    where = f"{name}'s supply (Reserve)"
                else:
                    self.general[seat] += back
                    where = "the general supply"
                log.append(
                    LogEntry.line(
                        f"{name} locks {ELDER_LABELS[elder.id]}; one follower stays as the marker, {back} go to {where}."
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
        self.step = "play"
        if self.hands[them]:
            self.current = them
        else:
            log.append(LogEntry.line(f"{self.names[them]} has no cards left; {name} plays again."))

    def _game_over(self, reason: str, log: list[LogEntry]) -> None:
        self.step = "over"
        self.end_reason = reason
        outcome = self.outcome()
        assert outcome is not None
        totals = ", ".join(f"{self.name_of(s.seat)} {s.total}" for s in outcome.scores)
        winners = " and ".join(self.name_of(s) for s in outcome.winners)
        log.append(LogEntry.line(f"{reason} Final score: {totals}. Winner: {winners}."))

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

    def clan_results(self) -> tuple[ClanResult, ...]:
        """Once the game is over, each clan's point as the outcome's Clans line counts it; () before."""
        return clan_results(self) if self.step == "over" else ()

    def clan_winner(self, clan: str) -> int:
        """The seat that wins this clan's point (full information), or -1."""
        return clan_winner(self, clan)

    # ---- words ---------------------------------------------------------------
    def describe(self, action: Action, seat: int) -> str:
        return words.describe(self, action, seat)

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


assert POWERS_PER_CLAN * len(CLANS) == len(POWERS)
