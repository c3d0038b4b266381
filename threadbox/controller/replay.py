"""Replays: every position of a recorded game, seen through chosen eyes.

``Replay`` rebuilds each position from the record's seed and actions.
``ReplayPort`` is a read-only ``SeatPort`` onto one position, so a game's own
screen can draw a replay exactly as it drew the game. Whose eyes it looks
through is an ``Eyes``:

- ``Eyes("all", seat)``: every secret (only for a finished game); the board
  is drawn from ``seat``'s place.
- ``Eyes("seat", seat)``: what that seat knew at that moment.
- ``Eyes("spectator")``: what anyone watching knew.

An unfinished game offers only the eyes of its human seats (see
``Replay.allowed_eyes``), so a replay never shows what the game still hides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from threadbox.rules.core import Action, GameInfo, GameState, LogEntry, Outcome, Rng, RulesError, Transition

from .port import SeatPort
from .records import Record, RecordError, game_of
from .table import Listener

ROUND_FALLBACK = 10  # steps a page key jumps in a game that has no rounds


@dataclass(frozen=True)
class Eyes:
    kind: Literal["all", "seat", "spectator"]
    seat: int | None = None

    def label(self, names: list[str]) -> str:
        if self.kind == "spectator":
            return "as a spectator"
        name = names[self.seat] if self.seat is not None else ""
        return f"every secret (board: {name})" if self.kind == "all" else f"{name}'s eyes"


class Replay:
    """The positions of a recorded game: ``states[k]`` after ``k`` actions (0: the setup)."""

    def __init__(self, record: Record):
        self.record = record
        game = game_of(record)
        try:
            cls = game.state_cls
            state = cls.new(len(record.seats), record.seed, list(record.variants), [s.name for s in record.seats])
            self.log: list[LogEntry] = list(state.opening_log())
            self.states: list[GameState] = [state.clone()]
            self.log_ends: list[int] = [len(self.log)]  # log length after each step
            self.movers: list[int | None] = [None]
            for seat, data in record.actions:
                transition: Transition = state.apply(seat, cls.parse_action(data))
                self.log.extend(transition.log)
                self.states.append(state.clone())
                self.log_ends.append(len(self.log))
                self.movers.append(seat)
        except (RulesError, ValueError, TypeError, KeyError):
            raise RecordError(f"Record {record.id} is damaged: its moves do not make a valid game.") from None
        if state.is_over() != record.finished or state.outcome() != record.outcome:
            raise RecordError(f"Record {record.id} is damaged: its result does not follow from its moves.")
        self.info = game.info
        self.names = [s.name for s in record.seats]

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def finished(self) -> bool:
        return self.states[-1].is_over()

    def allowed_eyes(self) -> list[Eyes]:
        """Every way this replay may be seen at this terminal."""
        seats = range(len(self.names))
        if self.finished:
            return [Eyes("all", self.default_seat()), *(Eyes("seat", s) for s in seats), Eyes("spectator")]
        humans = self.record.human_seats()
        return [Eyes("seat", s) for s in humans] if humans else [Eyes("spectator")]

    def name_of(self, eyes: Eyes) -> str:
        """The name of the seat whose eyes (or whose place, for every secret) these are."""
        return self.names[eyes.seat] if eyes.seat is not None else "a spectator"

    def default_seat(self) -> int:
        humans = self.record.human_seats()
        return humans[0] if humans else 0

    def round_of(self, step: int) -> int | None:
        value = getattr(self.states[step], "round", None)
        return value if isinstance(value, int) else None

    def next_round(self, step: int) -> int:
        """The first step of the next round (or the end)."""
        now = self.round_of(step)
        if now is None:
            return min(self.last, step + ROUND_FALLBACK)
        for k in range(step + 1, self.last + 1):
            if self.round_of(k) != now:
                return k
        return self.last

    def previous_round(self, step: int) -> int:
        """The first step of this round, or of the one before when already there."""
        now = self.round_of(step)
        if now is None:
            return max(0, step - ROUND_FALLBACK)
        start = self._round_start(step)
        return start if start < step else self._round_start(max(0, step - 1))

    def _round_start(self, step: int) -> int:
        now = self.round_of(step)
        while step > 0 and self.round_of(step - 1) == now:
            step -= 1
        return step

    # ---- what the eyes see at a step
    def view(self, step: int, eyes: Eyes) -> GameState:
        state = self.states[step]
        if eyes.kind == "all":
            copy = state.clone()
            copy.seed, copy.rng = 0, Rng()  # the RNG would predict the draws still to come
            copy.view_of = eyes.seat
            return copy
        return state.view(eyes.seat if eyes.kind == "seat" else None)

    def log_for(self, step: int, eyes: Eyes) -> list[str]:
        entries = self.log[: self.log_ends[step]]
        if eyes.kind == "seat":
            return [e.for_seat(eyes.seat) for e in entries]
        if eyes.kind == "spectator":
            return [e.text for e in entries]
        return [self._all_secrets(e) for e in entries]

    def _all_secrets(self, entry: LogEntry) -> str:
        if not entry.private:
            return entry.text
        told = "; ".join(f"{self.names[s]}: {text}" for s, text in sorted(entry.private.items()))
        return f"{entry.text} [{told}]"

    def step_lines(self, step: int) -> int:
        """Where the log lines of ``step``'s own action begin (the opening's for step 0)."""
        return self.log_ends[step - 1] if step > 0 else 0


class ReplayPort(SeatPort):
    """A read-only port onto one position of a replay; ``go`` and ``look`` move it."""

    def __init__(self, replay: Replay, eyes: Eyes | None = None, step: int | None = None):
        self.replay = replay
        allowed = replay.allowed_eyes()
        self.eyes = eyes if eyes in allowed else allowed[0]
        self.step = replay.last if step is None else max(0, min(step, replay.last))
        self._listeners: list[Listener] = []

    # ---- moving
    def go(self, step: int) -> None:
        step = max(0, min(step, self.replay.last))
        if step != self.step:
            self.step = step
            self._changed()

    def look(self, eyes: Eyes) -> None:
        if eyes not in self.replay.allowed_eyes():
            raise RulesError("This replay cannot be seen that way.")
        if eyes != self.eyes:
            self.eyes = eyes
            self._changed()

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    # ---- the SeatPort interface, read only
    @property
    def seat(self) -> int | None:  # type: ignore[override]  # read-only here: the eyes choose it
        return None if self.eyes.kind == "spectator" else self.eyes.seat

    @property
    def game_id(self) -> str:
        return self.replay.record.game

    @property
    def info(self) -> GameInfo:
        return self.replay.info

    @property
    def seat_labels(self) -> list[str]:
        return [s.label() for s in self.replay.record.seats]

    def is_bot(self, seat: int) -> bool:
        return self.replay.record.seats[seat].is_bot

    @property
    def is_spectator(self) -> bool:
        return self.seat is None

    def view(self) -> GameState:
        return self.replay.view(self.step, self.eyes)

    def pending(self) -> list[int]:
        return self.replay.states[self.step].to_move()

    def is_over(self) -> bool:
        return self.replay.states[self.step].is_over()

    def outcome(self) -> Outcome | None:
        return self.replay.states[self.step].outcome()

    def log(self) -> list[str]:
        return self.replay.log_for(self.step, self.eyes)

    def my_turn(self) -> bool:
        return False

    def legal(self) -> list[Action]:
        return []

    def describe(self, action: Action) -> str:
        return self.replay.states[self.step].describe_safely(action, self.seat or 0)

    def act(self, action: Action | dict[str, Any]) -> Transition:
        raise RulesError("This is a replay: nothing can be played here.")

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        raise RulesError("This is a replay: nothing can be taken back.")

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)
