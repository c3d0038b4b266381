"""Warp & Weft: the state, its phases, and what each decision does."""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Annotated, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field

from ..core import (
    Action,
    Blank,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    Public,
    Rng,
    SeatScore,
    Transition,
    catalogue_info,
    lines,
    own,
    rank_winners,
)
from ..core.copying import fast_new, replace
from .actions import (
    ACTION_ADAPTER,
    ACTION_TYPES,
    ChooseCrossing,
    PickString,
    PlaceButton,
    WeaveString,
    button,
    cross,
    pick,
    weave,
)
from .data import (
    ADJACENT_CARDS,
    ADJACENT_IN_PLAY,
    COLOUR_LABELS,
    COLOUR_ORDER,
    DRAW_PER_ROUND,
    INTERLACED_CARDS,
    INTERLACED_IN_PLAY,
    LETTERS,
    PATTERN_CARDS,
    PICKS_PER_ROUND,
    ROUND_BUTTONS,
    ROUNDS,
    SHARED_BY_ID,
    SHARED_OBJECTIVES,
    SLOTS_PER_AXIS,
    SQUARE_BUTTONS,
    STRINGS_PER_COLOUR,
    Shape,
    colour_label,
)
from .loom import AXES, FREE, Axis, Loom, axis_label, other_axis
from .scoring import score_sheet
from .words import PHASE_NAMES, PHASE_WORDS, Phase, describe, label, lower_first

# The decisions each phase asks for.
_PHASE_ACTIONS: dict[str, type | tuple[type, ...]] = {
    "draft": PickString,
    "weave": (WeaveString, ChooseCrossing),
    "patterns": PlaceButton,
    "over": (),
}
BUTTONS_PER_SHAPE: dict[str, int] = {"round": ROUND_BUTTONS, "square": SQUARE_BUTTONS}


def _in_colour_order(letters: Iterable[str]) -> list[str]:
    return sorted(letters, key=COLOUR_ORDER.__getitem__)


def _distinct(letters: Iterable[str]) -> list[str]:
    return _in_colour_order(dict.fromkeys(letters))


class WeaveInProgress(BaseModel):
    """The string a seat is weaving: where it goes and its choices so far.

    ``crosses`` lists the slots of the other axis it crosses, in order along the
    string; ``over[i]`` says whether it passes over the string in ``crosses[i]``.
    The string is fixed on the loom once every crossing has a choice.

    A value: each crossing chosen makes a new one, so copies of a state share it.
    """

    model_config = ConfigDict(frozen=True)
    colour: Public[str]
    axis: Public[Axis]
    slot: Public[int]
    crosses: Public[tuple[int, ...]]
    over: Public[tuple[bool, ...]] = ()

    def next_crossing(self) -> int | None:
        """The slot (of the other axis) of the next crossing to decide."""
        return self.crosses[len(self.over)] if len(self.over) < len(self.crosses) else None


class Button(BaseModel):
    """A player's button on a pattern card: round on Adjacent, square on Interlaced."""

    model_config = ConfigDict(frozen=True)
    shape: Public[Shape]
    card: Public[str]


@lru_cache(maxsize=4096)  # asked at every weaving decision; looms repeat across games
def _weave_options(colours: tuple[str, ...], vertical: str, horizontal: str) -> tuple[WeaveString, ...]:
    """Every (picked colour, free slot) pair, for a loom with these strings on its axes."""
    lines = {"vertical": vertical, "horizontal": horizontal}
    return tuple(
        weave(c, axis, slot)
        for c in colours
        for axis in AXES
        for slot, letter in enumerate(lines[axis])
        if letter == FREE
    )


_CROSSINGS = (cross(True), cross(False))  # the options at every crossing, in this order


@cache
def button_value(shape: Shape, card: str) -> Button:
    """The shared Button value (frozen: copies of a state share it)."""
    return Button(shape=shape, card=card)


class WarpWeftState(GameState):
    """The whole table. Seats are 0-based; seat i passes its hand to seat i + 1.

    Phases per round: ``draft`` (string selection), ``weave``, ``patterns``
    (pattern selection); ``over`` after round 4. Draft, weaving and pattern
    selection are simultaneous: ``to_move()`` lists every seat still to decide.

    Decisions (``actions.py``): ``PickString(colour)`` once per draft step;
    ``WeaveString(colour, axis, slot)`` starts a string, then one
    ``ChooseCrossing(over)`` per string it crosses, in ``weaving[seat].crosses``
    order (so a decision never offers more than 2 options); a string with
    nothing to cross is fixed at once. ``PlaceButton(shape, card)`` once per
    round. Reveals and the next round's draw come back with ``barrier=True``.

    What a screen reads (on any view):

    - ``round`` (1-4), ``phase``; ``bag`` / ``out_of_game``: strings per colour
      letter (see ``data.COLOURS`` for names).
    - ``hands[seat]``: the strings in hand, public. During the draft a seat's
      chosen string stays in its hand until the reveal. After a reveal the hand
      is the one passed in from ``passed_from(seat)``.
    - ``picks[seat]``: strings kept this round and not yet woven, public.
    - ``has_chosen[seat]``: made its secret choice this step (draft pick or
      button). ``pending_pick[seat]`` / ``pending_button[seat]`` hold the choice
      itself; on a view they are None for every other seat.
    - ``looms[seat]``: a :class:`Loom` (``string_at(axis, slot)``,
      ``is_over(axis, slot, across)``, ``crossed_slots``); ``preview_loom(seat)``
      adds the string being woven with the crossings chosen so far.
    - ``weaving[seat]``: the string being woven (:class:`WeaveInProgress`:
      colour, axis, slot, crossings in order, choices so far) or None.
    - ``shared`` / ``adjacent`` / ``interlaced``: ids of the cards in play
      (``data.SHARED_BY_ID`` / ``data.PATTERN_CARDS``); ``buttons[seat]``: its
      revealed buttons in the order placed; ``buttons_on(card)`` by card.
    - ``score_sheet(seat)``: the running scorepad, (row, VP) pairs, the same
      count the outcome uses; ``total_score(seat)``.
    """

    info: ClassVar[GameInfo] = catalogue_info("warp-and-weft", hidden_information=True)
    action_adapter: ClassVar = ACTION_ADAPTER

    phase: Public[Phase] = "draft"
    round: Public[int] = 1
    bag: Public[dict[str, int]] = Field(default_factory=dict)
    out_of_game: Public[dict[str, int]] = Field(default_factory=dict)
    hands: Public[list[list[str]]] = Field(default_factory=list)
    picks: Public[list[list[str]]] = Field(default_factory=list)
    has_chosen: Public[list[bool]] = Field(default_factory=list)
    pending_pick: Annotated[list[str | None], own(Blank(None))] = Field(default_factory=list)
    looms: Public[list[Loom]] = Field(default_factory=list)
    weaving: Public[list[WeaveInProgress | None]] = Field(default_factory=list)
    shared: Public[str] = ""
    adjacent: Public[tuple[str, ...]] = ()  # values fixed at setup: copies share them
    interlaced: Public[tuple[str, ...]] = ()
    buttons: Public[list[list[Button]]] = Field(default_factory=list)
    pending_button: Annotated[list[Button | None], own(Blank(None))] = Field(default_factory=list)
    opening: Annotated[tuple[LogEntry, ...], lines()] = ()  # what setup did, for the log

    # ---- setup ---------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None) -> Self:
        _, names = cls.checked_setup(players, variants, names)
        state = cls(
            players=players,
            names=names,
            seed=seed,
            bag={letter: STRINGS_PER_COLOUR for letter in LETTERS},
            out_of_game={letter: 0 for letter in LETTERS},
            hands=[[] for _ in range(players)],
            picks=[[] for _ in range(players)],
            has_chosen=[False] * players,
            pending_pick=[None] * players,
            looms=[Loom() for _ in range(players)],
            weaving=[None] * players,
            buttons=[[] for _ in range(players)],
            pending_button=[None] * players,
        )
        state.rng = Rng.from_seed(seed)
        state.shared = state.rng.choice(SHARED_OBJECTIVES).id
        state.adjacent = tuple(c.id for c in state.rng.sample(ADJACENT_CARDS, ADJACENT_IN_PLAY))
        state.interlaced = tuple(c.id for c in state.rng.sample(INTERLACED_CARDS, INTERLACED_IN_PLAY))
        cards = "; ".join(f"{c} ({PATTERN_CARDS[c].label()})" for c in state.adjacent + state.interlaced)
        shared = SHARED_BY_ID[state.shared]
        state.opening = (
            LogEntry.line(f"Shared Objective {shared.id}: {shared.label()}."),
            LogEntry.line(f"Pattern cards: {cards}."),
            *state._draw_hands(),
        )
        return state

    def opening_log(self) -> list[LogEntry]:
        return list(self.opening)

    # ---- whose decision ----------------------------------------------------------
    def to_move(self) -> list[int]:
        if self.phase in ("draft", "patterns"):
            return [s for s in range(self.players) if not self.has_chosen[s]]
        if self.phase == "weave":
            return [s for s in range(self.players) if self.picks[s] or self.weaving[s] is not None]
        return []

    def _anyone_weaving(self) -> bool:
        """During weaving: whether a seat still has a string to weave (``bool(to_move())``)."""
        weaving = self.weaving
        for seat, picks in enumerate(self.picks):  # noqa: SIM110  (a loop: no generator per string)
            if picks or weaving[seat] is not None:
                return True
        return False

    def is_deciding(self, seat: int) -> bool:
        if self.phase in ("draft", "patterns"):
            return not self.has_chosen[seat]
        if self.phase == "weave":
            return bool(self.picks[seat]) or self.weaving[seat] is not None
        return False

    def _legal_actions(self, seat: int) -> list[Action]:
        if not 0 <= seat < self.players:
            return []
        if self.phase == "weave":  # most decisions: a crossing, then a string to start
            if self.weaving[seat] is not None:
                return list(_CROSSINGS)
            if not self.picks[seat]:
                return []
            loom = self.looms[seat]
            return list(_weave_options(tuple(_distinct(self.picks[seat])), loom.vertical, loom.horizontal))
        if not self.is_deciding(seat):
            return []
        if self.phase == "draft":
            return [pick(c) for c in _distinct(self.hands[seat])]
        return [button(shape, card) for shape, card in self._button_options(seat)]

    def _button_options(self, seat: int) -> list[tuple[Shape, str]]:
        """(shape, card) pairs ``seat`` may place a button on, given the buttons it has placed."""
        own = self._own_cards(seat)
        return [
            (shape, card)
            for shape in ("round", "square")
            if self.buttons_left(seat, shape)
            for card in self.cards_for(shape)
            if card not in own
        ]

    # ---- refusals, in words a player can read (what is legal is _legal_actions) -----
    def why_waiting(self, seat: int, action: Action) -> str:
        if self.phase == "over":
            return "The game is over."
        done = {
            "draft": "has already chosen a string this step",
            "weave": "has woven all of this round's strings",
            "patterns": "has already chosen a pattern this round",
        }[self.phase]
        return f"{self.name_of(seat)} {done}; waiting for the others."

    def why_illegal(self, seat: int, action: Action) -> str:
        if not isinstance(action, ACTION_TYPES):
            return f"{self.describe_safely(action, seat)} is not a Warp & Weft action"
        if not isinstance(action, _PHASE_ACTIONS[self.phase]):
            what = lower_first(self.describe_safely(action, seat))
            return f"it is {PHASE_NAMES[self.phase]}, not the time to {what}"
        if isinstance(action, PickString):
            if action.colour not in self.hands[seat]:
                return f"there is no {label(action.colour)} string in hand"
        elif isinstance(action, WeaveString):
            doing = self.weaving[seat]
            if doing is not None:
                return (
                    f"first finish the crossings of the {label(doing.colour)} string "
                    f"in {axis_label(doing.axis, doing.slot)}"
                )
            if action.colour not in self.picks[seat]:
                return f"no picked {label(action.colour)} string is waiting to be woven"
            if not 0 <= action.slot < SLOTS_PER_AXIS:
                return f"the loom has {action.axis} slots 1 to {SLOTS_PER_AXIS} only"
            if not self.looms[seat].is_free(action.axis, action.slot):
                return f"{axis_label(action.axis, action.slot)} already holds a string"
        elif isinstance(action, ChooseCrossing):
            if self.weaving[seat] is None:
                return "no string is being woven; choose a string and a slot first"
        elif isinstance(action, PlaceButton):
            card = PATTERN_CARDS.get(action.card)
            if card is None or action.card not in self.adjacent + self.interlaced:
                return f"{action.card!r} is not a pattern card in play"
            if card.shape != action.shape:
                kind = "Adjacent" if action.shape == "round" else "Interlaced"
                return f"{action.shape} buttons go on {kind} cards, and {card.id} is an {card.kind} card"
            if not self.buttons_left(seat, action.shape):
                return f"no {action.shape} button is left"
            if action.card in self._own_cards(seat):
                return f"{action.card} already holds one of your buttons"
        return super().why_illegal(seat, action)

    # ---- doing it ------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> Transition:
        if type(action) is ChooseCrossing:  # most decisions are crossings
            return self._cross(seat, action)
        if isinstance(action, PickString):
            return self._pick(seat, action)
        if isinstance(action, WeaveString):
            return self._start_weave(seat, action)
        if isinstance(action, ChooseCrossing):
            return self._cross(seat, action)
        assert isinstance(action, PlaceButton)
        return self._place_button(seat, action)

    def _pick(self, seat: int, action: PickString) -> Transition:
        # The string stays in hand until the reveal, so the public hand tells nothing.
        self.pending_pick[seat] = action.colour
        self.has_chosen[seat] = True
        log = [
            LogEntry.line(
                text=f"{self.name_of(seat)} has chosen a string.",
                private={seat: f"You chose the {colour_label(action.colour)} string."},
            )
        ]
        if not all(self.has_chosen):
            return Transition.of(log)
        return Transition.of(log + self._reveal_picks(), barrier=True)

    def _reveal_picks(self) -> list[LogEntry]:
        shown = []
        for s in range(self.players):
            colour = self.pending_pick[s]
            assert colour is not None
            self.hands[s].remove(colour)
            self.picks[s].append(colour)
            shown.append(f"{self.name_of(s)} {colour_label(colour)}")
            self.pending_pick[s] = None
            self.has_chosen[s] = False
        log = [LogEntry.line("Strings revealed: " + ", ".join(shown) + ".")]
        if len(self.picks[0]) < PICKS_PER_ROUND:
            self.hands = [self.hands[(s - 1) % self.players] for s in range(self.players)]
            log.append(LogEntry.line("Hands pass to the left."))
            return log
        for hand in self.hands:
            for colour in hand:
                self.out_of_game[colour] += 1
        left = ", ".join(colour_label(c) for hand in self.hands for c in hand)
        self.hands = [[] for _ in range(self.players)]
        self.phase = "weave"
        log.append(LogEntry.line(f"The last strings leave the game: {left}. Weaving begins."))
        return log

    def _start_weave(self, seat: int, action: WeaveString) -> Transition:
        self.picks[seat].remove(action.colour)
        crosses = self.looms[seat].crossed_slots(action.axis, action.slot)
        self.weaving[seat] = fast_new(
            WeaveInProgress,
            {"colour": action.colour, "axis": action.axis, "slot": action.slot, "crosses": tuple(crosses), "over": ()},
        )
        where = axis_label(action.axis, action.slot)
        text = f"{self.name_of(seat)} weaves a {colour_label(action.colour)} string into {where}"
        if crosses:
            plural = "string" if len(crosses) == 1 else "strings"
            return Transition.of([LogEntry.line(f"{text}, crossing {len(crosses)} {plural}.")])
        # Nothing to cross: the string is fixed at once, one log line says it all.
        return Transition.of([LogEntry.line(f"{text}.")] + self._fix_string(seat, announce=False))

    def _cross(self, seat: int, action: ChooseCrossing) -> Transition:
        doing = self.weaving[seat]
        assert doing is not None
        over, crosses = doing.over, doing.crosses
        assert len(over) < len(crosses)
        across = crosses[len(over)]  # doing.next_crossing(), without the calls
        over += (action.over,)
        self.weaving[seat] = replace(doing, over=over)
        axis = other_axis(doing.axis)
        met = self.looms[seat].line(axis)[across]  # string_at(), without the calls
        log = [
            LogEntry.line(
                text=f"{self.name_of(seat)}'s {COLOUR_LABELS[doing.colour]} string passes "
                f"{'over' if action.over else 'under'} the {label('?' if met == FREE else met)} string "
                f"in {axis} slot {across + 1}."  # axis_label(axis, across)
            )
        ]
        if len(over) == len(crosses):
            log += self._fix_string(seat)
        return Transition.of(log)

    def _fix_string(self, seat: int, announce: bool = True) -> list[LogEntry]:
        doing = self.weaving[seat]
        assert doing is not None
        self.looms[seat] = self.looms[seat].woven(doing.colour, doing.axis, doing.slot, doing.over)
        self.weaving[seat] = None
        log = []
        if announce:
            log.append(
                LogEntry.line(
                    text=f"{self.name_of(seat)}'s {colour_label(doing.colour)} string is fixed "
                    f"in {axis_label(doing.axis, doing.slot)}."
                )
            )
        if not self._anyone_weaving():
            self.phase = "patterns"
            log.append(LogEntry.line("Every loom is woven: choose a pattern."))
        return log

    def _place_button(self, seat: int, action: PlaceButton) -> Transition:
        self.pending_button[seat] = button_value(action.shape, action.card)
        self.has_chosen[seat] = True
        log = [
            LogEntry.line(
                text=f"{self.name_of(seat)} has chosen a pattern.",
                private={seat: f"You chose to {lower_first(self.describe(action, seat))}."},
            )
        ]
        if not all(self.has_chosen):
            return Transition.of(log)
        return Transition.of(log + self._reveal_buttons(), barrier=True)

    def _reveal_buttons(self) -> list[LogEntry]:
        shown = []
        for s in range(self.players):
            button = self.pending_button[s]
            assert button is not None
            self.buttons[s].append(button)
            shown.append(f"{self.name_of(s)} {button.shape} on {button.card}")
            self.pending_button[s] = None
            self.has_chosen[s] = False
        log = [LogEntry.line("Buttons revealed: " + ", ".join(shown) + ".")]
        if self.round == ROUNDS:
            self.phase = "over"
            outcome = self.outcome()
            assert outcome is not None
            winners = " and ".join(self.name_of(s) for s in outcome.winners)
            log.append(LogEntry.line(f"The fourth round is over. Winner: {winners}."))
            return log
        self.round += 1
        self.phase = "draft"
        return log + self._draw_hands()

    def _draw_hands(self) -> list[LogEntry]:
        """Phase I: every seat draws its strings from the bag, in view of all."""
        log = [LogEntry.line(f"Round {self.round}: everyone draws {DRAW_PER_ROUND} strings from the bag.")]
        for s in range(self.players):
            self.hands[s] = _in_colour_order(self._draw_one() for _ in range(DRAW_PER_ROUND))
            log.append(LogEntry.line(f"{self.name_of(s)} draws {' '.join(self.hands[s])}."))
        return log

    def _draw_one(self) -> str:
        """One string at random: the bag is counts, so weight each colour by its count."""
        left = self.rng.below(sum(self.bag.values()))
        for letter in LETTERS:
            if left < self.bag[letter]:
                self.bag[letter] -= 1
                return letter
            left -= self.bag[letter]
        raise AssertionError("the draw fell outside the bag")

    # ---- reading ---------------------------------------------------------------
    def passed_from(self, seat: int) -> int:
        """The seat whose hand this seat receives after each reveal."""
        return (seat - 1) % self.players

    def cards_for(self, shape: Shape) -> tuple[str, ...]:
        """The pattern cards in play that take this button shape."""
        return self.adjacent if shape == "round" else self.interlaced

    def placed_buttons(self, seat: int) -> list[Button]:
        """This seat's buttons known to this state: revealed, then a pending one."""
        pending = self.pending_button[seat]
        return self.buttons[seat] + ([pending] if pending is not None else [])

    def buttons_left(self, seat: int, shape: Shape) -> int:
        return BUTTONS_PER_SHAPE[shape] - sum(b.shape == shape for b in self.placed_buttons(seat))

    def _own_cards(self, seat: int) -> list[str]:
        return [b.card for b in self.placed_buttons(seat)]

    def buttons_on(self, card: str) -> list[int]:
        """Seats with a revealed button on this card."""
        return [s for s in range(self.players) if any(b.card == card for b in self.buttons[s])]

    def preview_loom(self, seat: int) -> Loom:
        """The loom with the string being woven drawn in, crossings chosen so far set."""
        doing = self.weaving[seat]
        if doing is None:
            return self.looms[seat]
        return self.looms[seat].woven(doing.colour, doing.axis, doing.slot, doing.over, preview=True)

    def score_sheet(self, seat: int) -> list[tuple[str, int]]:
        """The seat's scorepad now: (row, VP) in scorepad order."""
        buttons = self.placed_buttons(seat)
        return score_sheet(
            self.looms[seat],
            self.shared,
            [b.card for b in buttons if b.shape == "round"],
            [b.card for b in buttons if b.shape == "square"],
        )

    def total_score(self, seat: int) -> int:
        return sum(vp for _, vp in self.score_sheet(seat))

    def strings_accounted(self) -> int:
        """Every string somewhere: bag, hands, picks, being woven, looms, out of the game."""
        return (
            sum(self.bag.values())
            + sum(self.out_of_game.values())
            + sum(len(h) for h in self.hands)
            + sum(len(p) for p in self.picks)
            + sum(w is not None for w in self.weaving)
            + sum(loom.woven_count() for loom in self.looms)
        )

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = [
            SeatScore(seat=s, total=self.total_score(s), categories=self.score_sheet(s)) for s in range(self.players)
        ]
        winners, _ = rank_winners(scores, None)  # rulebook: tied players share the victory
        return Outcome(scores=scores, winners=winners, reason="Four rounds are over and every loom is full.")

    # ---- words ---------------------------------------------------------------
    def progress(self) -> str:
        return f"round {self.round} of {ROUNDS}, {PHASE_WORDS[self.phase]}"

    def describe(self, action: Action, seat: int) -> str:
        doing = self.weaving[seat] if isinstance(action, ChooseCrossing) and 0 <= seat < len(self.weaving) else None
        across = doing.next_crossing() if doing is not None else None
        if doing is None or across is None:
            return describe(action)
        met = self.looms[seat].string_at(other_axis(doing.axis), across)
        return describe(action, (other_axis(doing.axis), across, met))

    # ---- views -----------------------------------------------------------------
    def _sample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """The only secrets are others' pending choices: each seat that has chosen
        gets one of the options it had, uniformly. Hands, picks and the bag's
        counts are public; future draws come from the fresh RNG."""
        for s in range(self.players):
            if s == seat or not self.has_chosen[s]:
                continue
            if self.phase == "draft" and self.pending_pick[s] is None:
                self.pending_pick[s] = rng.choice(_distinct(self.hands[s]))
            elif self.phase == "patterns" and self.pending_button[s] is None:
                shape, card = rng.choice(self._button_options(s))
                self.pending_button[s] = button_value(shape, card)
