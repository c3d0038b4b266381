"""The contract every game's state follows (OpenSpiel-style, over pydantic data).

A game is one ``GameState`` subclass. The full state is held only by the
controller; seats, screens and bots get ``state.view(seat)``, a redacted copy.

Flow: ``to_move()`` names the seats that must decide now (several in a
simultaneous phase); ``legal_actions(seat)`` lists what each may do;
``apply(seat, action)`` checks, then changes the state and returns a
``Transition``. A rejected action raises a ``RulesError`` and changes nothing.

What a game writes: ``new``, ``to_move``, ``_legal_actions``, ``_apply``,
``outcome``, ``describe``, ``progress``; ``why_illegal`` and, where its words
are more specific, ``why_waiting``; with hidden information, ``_sample_hidden``
(what ``determinize`` draws back). ``is_deciding`` may answer ``seat in
to_move()`` faster.

What a game does not write: ``clone``, ``view`` and ``determinize``'s frame.
Each field says beside it, with ``typing.Annotated``, whether it is public
or what it hides from whom (``secrets.py``: ``Public[T]``, ``own``,
``face_down``, ``lines``); the core writes the copies from that
(``copying.py``). Keep changeable data in lists, dicts and non-frozen
models, and make values that never change frozen so copies share them.

Legality is stated once, by the game's ``_legal_actions(seat)``: an action is
legal exactly when it is listed there. The core's ``legal_actions`` hands out
a copy of that list and remembers the list it handed out last (with its state
and seat) until the next ``apply``; ``check``, which ``apply`` runs, accepts an
action that is one of those very objects by identity, with one lookup. Any
other action is accepted when it equals an option of a fresh list (an action
read from JSON, say). So a caller that plays an object ``legal_actions``
handed out pays for no second listing, and a game need not hand out shared
pre-made actions for ``check``'s sake (it may, to build its lists faster).
Only a refusal asks the game for words: ``why_waiting`` when the seat has no
decision now, else ``why_illegal``, which explains in a player's words why an
action that is not listed is refused; it never decides what is legal. No
game overrides ``check``, ``apply`` or ``legal_actions``. Code that changes a
state other than through ``apply`` drops the remembered list: search and bots
playing on copies of their own use ``apply_unchecked``; a test that builds a
position by hand calls ``forget_options``.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterable
from typing import Annotated, Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .copying import clone_model, view_model, zero_rng
from .errors import IllegalAction, NotYourTurn, RulesError
from .log import LogEntry
from .rng import Rng
from .secrets import VIEWER, Blank, Public, declares_secrets, face_down
from .slots import _new, _set_dict, _set_extra, _set_fields_set, _set_private

_CHANCE = frozenset({"seed", "rng"})  # hidden in every view (they would predict every draw); determinize redraws them


class Action(BaseModel):
    """A small immutable value naming a decision by ids, never by live objects."""

    model_config = ConfigDict(frozen=True)
    kind: str


class Transition(BaseModel):
    """What one applied action did."""

    log: list[LogEntry] = Field(default_factory=list)
    # True when the action drew at random or revealed something: undo stops here.
    barrier: bool = False

    @classmethod
    def of(cls, log: list[LogEntry], barrier: bool = False) -> Transition:
        """The same as ``Transition(log=..., barrier=...)`` without validation (one per action)."""
        new = _new(cls)  # fast_new(cls, ...) written out: one call less, at every action
        _set_dict(new, {"log": log, "barrier": barrier})
        _set_fields_set(new, {"log", "barrier"})
        _set_extra(new, None)
        _set_private(new, None)
        return new


class SeatScore(BaseModel):
    seat: int
    total: int
    categories: list[tuple[str, int]]  # in scorepad order
    tiebreak: int | None = None  # the value the rulebook's tie-break compares


class Outcome(BaseModel):
    scores: list[SeatScore]
    winners: list[int]
    reason: str  # why the game ended, in words
    tiebreak_used: str | None = None  # set when the tie-break decided

    def score_of(self, seat: int) -> SeatScore:
        return next(s for s in self.scores if s.seat == seat)


def rank_winners(scores: list[SeatScore], tiebreak_name: str | None) -> tuple[list[int], str | None]:
    """Highest total wins; among tied leaders the highest tie-break value wins.

    Returns the winning seats and the tie-break's name if it decided anything.
    Seats still tied after the tie-break share the win.
    """
    best = max(s.total for s in scores)
    leaders = [s for s in scores if s.total == best]
    if len(leaders) == 1 or tiebreak_name is None:
        return [s.seat for s in leaders], None
    top = max(s.tiebreak or 0 for s in leaders)
    winners = [s.seat for s in leaders if (s.tiebreak or 0) == top]
    return winners, (tiebreak_name if len(winners) < len(leaders) else None)


class GameInfo(BaseModel):
    """What the menu, CLI and controller need to know about a game."""

    model_config = ConfigDict(frozen=True)
    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    hidden_information: bool = False
    variants: dict[str, str] = Field(default_factory=dict)  # name -> what it changes


class GameState(BaseModel):
    """Base of every game's state. Subclasses add their fields and rules."""

    info: ClassVar[GameInfo]
    # Variants chosen seat by seat: prefix -> label, the variant being "<prefix>-<seat number>"
    # (Thread Count's handicap); none by default.
    seat_variants: ClassVar[dict[str, str]] = {}
    # Whether the game's own fields hide anything (from their declarations): then it
    # must say how determinize draws it back (``_sample_hidden``).
    hides_something: ClassVar[bool] = False

    players: Public[int]
    names: Public[list[str]]
    variants: Public[list[str]] = Field(default_factory=list)
    seed: Annotated[int, face_down(Blank(0))] = 0
    rng: Annotated[Rng, face_down(Blank(factory=zero_rng))] = Field(default_factory=Rng)
    # None on the full state; a seat number (or -1 for a spectator) on a view.
    view_of: Annotated[int | None, VIEWER] = None

    # The rules assign fields at every action: set them as plain attributes, without
    # pydantic's per-assignment bookkeeping (no assignment validation is configured, and
    # ``model_fields_set`` is not used). A misspelt name is then refused only where
    # ``check_field_names`` is on (the tests turn it on).
    __setattr__ = object.__setattr__

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls.hides_something = declares_secrets(cls, _CHANCE)
        if cls.__private_attributes__:  # those live in __pydantic_private__: pydantic must set them
            cls.__setattr__ = BaseModel.__setattr__  # type: ignore[method-assign, assignment]

    # ---- each game implements -------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, variants: Iterable[str] = (), names: list[str] | None = None) -> Self:
        """Set up a new game from the seed."""

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must decide now; empty once the game is over."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Every option ``seat`` has now (empty if it has no decision): the one statement of
        what is legal. The core hands out copies, so the game may return a list it keeps."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> Transition:
        """Change the state; called only after ``check`` passed."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Final scores and winners once the game is over, else None."""

    @abstractmethod
    def describe(self, action: Action, seat: int) -> str:
        """The action in a player's words, e.g. for an option list."""

    @abstractmethod
    def progress(self) -> str:
        """Where a game not yet over stands, in a few of the game's own words, for the list of
        saved games ("round 3 of 4, weaving"). Public facts only: any view gives the same."""

    def opening_log(self) -> list[LogEntry]:
        """Log lines for what setup did (e.g. the first draw); none by default."""
        return []

    def _sample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Fill in, on this copy of ``seat``'s view, everything its declared secrets hid.

        Each unseen thing (others' hands, deck and bag orders, others' pending
        secret choices) is drawn with ``rng`` from what is possible given the
        view; counts of unseen things stay as the view shows them. Every game
        whose fields declare a secret must override this (see ``determinize``);
        a game without any has nothing to fill in.
        """
        if self.hides_something:
            raise NotImplementedError(f"{self.info.title} hides information but cannot sample it (_sample_hidden).")

    # ---- provided -----------------------------------------------------
    @classmethod
    def checked_setup(
        cls, players: int, variants: Iterable[str], names: list[str] | None
    ) -> tuple[list[str], list[str]]:
        """The sorted variants and the names for a new game, or ``RulesError``."""
        info = cls.info
        if not info.min_players <= players <= info.max_players:
            span = (
                f"{info.min_players}"
                if info.min_players == info.max_players
                else f"{info.min_players}-{info.max_players}"
            )
            raise RulesError(f"{info.title} is for {span} players, not {players}.")
        chosen = sorted(set(variants))
        for variant in chosen:
            if variant not in info.variants:
                known = ", ".join(info.variants) or "none"
                raise RulesError(f"{info.title} has no variant {variant!r} (variants: {known}).")
        names = list(names) if names is not None else default_names(players)
        if len(names) != players:
            raise RulesError(f"{players} players need {players} names, not {len(names)}.")
        return chosen, names

    action_adapter: ClassVar[TypeAdapter[Any]]

    def is_over(self) -> bool:
        return not self.to_move()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every option ``seat`` has now (empty if it has no decision), as the game lists them.

        The list handed out last is remembered (with this state and seat) until an ``apply``,
        so that ``check`` accepts one of these very objects with one lookup; the caller gets
        a copy it may change."""
        global _handed_out
        listed = self._legal_actions(seat)
        _handed_out = (self, seat, listed)
        return listed[:]

    def keep_beside(self, key: str, value: object) -> None:
        """Keep ``value``, worked out from this state's fields, beside them under ``key`` (not a
        field): copies, views, JSON and ``==`` leave it out, so it must be one that can be worked
        out again. For a game's own speed (Threaded keeps the options of the decision now)."""
        self.__dict__[key] = value

    def kept_beside(self, key: str) -> Any:
        """What ``keep_beside`` kept under ``key`` (None: nothing, or this is a copy)."""
        return self.__dict__.get(key)

    def drop_kept(self, key: str) -> None:
        self.__dict__.pop(key, None)

    def forget_options(self) -> None:
        """Drop the options remembered by ``legal_actions``: call after changing a state
        other than through ``apply`` (a test building a position)."""
        global _handed_out
        _handed_out = None

    def check(self, seat: int, action: Action) -> None:
        """Raise a ``RulesError`` unless ``seat`` may play ``action`` now: unless it is listed
        by ``legal_actions`` (see the module's words on how that costs one lookup).

        A refusal says why in the game's words: ``why_waiting`` if the seat has no decision
        now, else ``why_illegal``.
        """
        handed_out = _handed_out  # listed for this state and seat: the seat is one deciding now
        if handed_out is not None and handed_out[0] is self and handed_out[1] == seat and self.view_of is None:
            for option in handed_out[2]:
                if option is action:
                    return
        if self.view_of is not None:
            raise RulesError("A seat's view cannot be played on; send the action to the table.")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise NotYourTurn(f"There is no seat {seat!r} at this table.")
        if action in self.legal_actions(seat):  # an equal value, or a list not handed out yet
            return
        if not self.is_deciding(seat):
            raise NotYourTurn(self.why_waiting(seat, action))
        raise IllegalAction(f"{self.name_of(seat)} cannot do that: {self.why_illegal(seat, action)}.")

    def is_deciding(self, seat: int) -> bool:
        """Whether ``seat`` (a seat at this table) is in ``to_move()``; a game may answer faster."""
        return seat in self.to_move()

    def why_waiting(self, seat: int, action: Action) -> str:
        """Why ``seat``, which has no decision now, cannot play ``action``."""
        if self.is_over():
            return "The game is over."
        return f"{self.name_of(seat)} has nothing to decide right now."

    def why_illegal(self, seat: int, action: Action) -> str:
        """Why ``seat``, which must decide now, may not play ``action``, which is not among its
        options: asked only for a refusal, it explains and never decides.

        Games override this with reasons a player can read; the default only
        says the action is not among the options.
        """
        return f"{self.describe_safely(action, seat)} is not one of the options now"

    def apply(self, seat: int, action: Action) -> Transition:
        global _handed_out
        self.check(seat, action)
        _handed_out = None  # the options change with the state
        return self._apply(seat, action)

    def apply_unchecked(self, seat: int, action: Action) -> Transition:
        """``apply`` without the check, for search and bots playing on copies of their own an
        action ``legal_actions`` listed: the options remembered are dropped as ``apply`` does."""
        global _handed_out
        _handed_out = None
        return self._apply(seat, action)

    def describe_safely(self, action: Action, seat: int) -> str:
        try:
            return self.describe(action, seat)
        except Exception:  # a malformed action must still get a message
            return repr(action.model_dump())

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def clone(self) -> Self:
        """A copy sharing nothing mutable with this state (see ``copying``): fields are
        copied as their annotations say, frozen values are shared."""
        return clone_model(self)

    def view(self, seat: int | None) -> Self:
        """A copy for ``seat`` (None: a spectator): what it may not see (the fields'
        declarations, ``secrets.py``) and the RNG left out, never copied."""
        return view_model(self, -1 if seat is None else seat)

    def determinize(self, rng: random.Random) -> Self:
        """A full state consistent with everything this view's seat has seen.

        The frame is the core's: a copy of the view, made a full state with a
        fresh RNG; the game fills in what its declarations hid (``_sample_hidden``).
        Called on a view (``view_of`` set; -1, a spectator, is allowed). The
        result agrees with the view on the seat's own secrets, all public
        information and the counts of unseen things; the unseen things
        themselves are drawn at random with ``rng`` from what is possible; its
        RNG (and ``seed``) is fresh, drawn from ``rng``, so future chance is
        unknown too. ``view_of`` is None on the result, so it can be played on
        (for search), and ``result.view(seat)`` equals this view. The view and
        ``rng`` are the only inputs: the real game's secrets cannot leak in.
        Raises ``RulesError`` on a full state.
        """
        if self.view_of is None:
            raise RulesError("Only a seat's view can be determinized; the full state has nothing to sample.")
        seat = None if self.view_of < 0 else self.view_of
        full = self.clone()
        full.view_of = None
        full.seed = rng.getrandbits(63)
        full.rng = Rng.from_seed(full.seed)
        full._sample_hidden(seat, rng)
        return full

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> Self:
        return cls.model_validate_json(text)

    @classmethod
    def parse_action(cls, data: Any) -> Action:
        """Turn a dict (from JSON) into this game's action, or raise ``RulesError``."""
        try:
            # Typed Any above: each game's adapter validates its own union of Action subclasses.
            action: Action = cls.action_adapter.validate_python(data)
            return action
        except Exception as exc:
            raise RulesError(f"Not an action of {cls.info.title}: {data!r}") from exc


def _setattr_checked(state: GameState, name: str, value: Any) -> None:
    if name not in type(state).model_fields:
        raise AttributeError(f"{type(state).__name__} has no field {name!r} (misspelt?)")
    object.__setattr__(state, name, value)


def check_field_names(on: bool = True) -> None:
    """Refuse (``AttributeError``) to set a state's attribute that is no field, e.g. a misspelt
    one, in every game (``on``), or set fields as plain attributes again, as in play (the
    check costs a lookup per assignment). States with private attributes always check:
    pydantic sets those."""
    GameState.__setattr__ = _setattr_checked if on else object.__setattr__  # type: ignore[method-assign, assignment]


# The options ``legal_actions`` handed out last in this process, with the state and seat they are
# for: one slot, outside every state, so copies and views never carry it (nor a seat another's
# options). A state asked for its options and then played on, the usual case, finds them here;
# any other order (threads, several tables, bots listing their own copies) only costs a listing.
_handed_out: tuple[GameState, int, list[Action]] | None = None


def default_names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]
