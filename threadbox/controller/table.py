"""The one authoritative game in progress: seats, turn flow, undo, log, autosave.

Only the table holds the full state. Everything that shows a game or decides
for a seat goes through ``view(seat)`` and ``legal(seat)``; see ``SeatPort``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from threadbox.rules.core import (
    Action,
    Bot,
    GameDef,
    GameInfo,
    GameState,
    LogEntry,
    Outcome,
    RulesError,
    Transition,
    bot_mind,
    get_game,
)

from .config import SeatSpec, TableConfig
from .thinking import BotTurn

Listener = Callable[[], None]


@dataclass(frozen=True)
class Done:
    """One applied action, with what undo needs to take it back."""

    seat: int
    action: Action
    before: str  # the full state's JSON before the action
    log_length: int  # the log's length before the action
    barrier: bool  # it drew at random or revealed something


class Table:
    def __init__(
        self,
        config: TableConfig,
        state: GameState | None = None,
        actions: list[tuple[int, Action]] | None = None,
        log: list[LogEntry] | None = None,
    ):
        config.validate_for_game()
        self.config = config
        self.game: GameDef = get_game(config.game)
        if state is None:
            names = [s.name for s in config.seats]
            state = self.game.state_cls.new(len(config.seats), config.seed, list(config.variants), names)
            log = state.opening_log() if log is None else log
        self._state = state
        self.actions: list[tuple[int, Action]] = list(actions or [])
        self.log: list[LogEntry] = list(log or [])
        self._done: list[Done] = []  # the undo stack; never leaves the table
        self._listeners: list[Listener] = []
        self._bots = {i: self._make_bot(s.level, s.think) for i, s in enumerate(config.seats) if s.is_bot}
        self._minds = {i: bot_mind(config.seed, i) for i in self._bots}
        self.on_change: Callable[[Table], None] | None = None  # e.g. autosave
        self.version = 0  # counts changes: a bot's answer to an older version is not played

    @classmethod
    def replayed(cls, config: TableConfig, actions: list[tuple[int, Action]]) -> Table:
        """The table reached from the seed by these actions (the seed decides every draw), log and all."""
        table = cls(config)
        for seat, action in actions:
            table.log.extend(table._state.apply(seat, action).log)
            table.actions.append((seat, action))
        return table

    # ---- reading ------------------------------------------------------
    @property
    def info(self) -> GameInfo:
        return self.game.info

    @property
    def seats(self) -> list[SeatSpec]:
        return self.config.seats

    def pending(self) -> list[int]:
        return self._state.to_move()

    def is_over(self) -> bool:
        return self._state.is_over()

    def outcome(self) -> Outcome | None:
        return self._state.outcome()

    def view(self, seat: int | None) -> GameState:
        """What ``seat`` may see (None: a spectator)."""
        return self._state.view(seat)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self._state.to_move():
            return []
        return self._state.legal_actions(seat)

    def describe(self, seat: int, action: Action) -> str:
        return self._state.describe_safely(action, seat)

    def log_for(self, seat: int | None) -> list[str]:
        return [entry.for_seat(seat) for entry in self.log]

    def full_state_json(self) -> str:
        """For saving on the machine that hosts the table, never for a seat."""
        return self._state.to_json()

    # ---- acting -------------------------------------------------------
    def act(self, seat: int, action: Action | dict[str, Any]) -> Transition:
        """Apply ``seat``'s action, or raise ``RulesError`` and change nothing."""
        if not 0 <= seat < len(self.seats):
            raise RulesError(f"There is no seat {seat + 1} at this table.")
        if isinstance(action, dict):
            action = self._state.parse_action(action)
        before = self._state.to_json()
        transition = self._state.apply(seat, action)
        self._done.append(Done(seat, action, before, len(self.log), transition.barrier))
        self.actions.append((seat, action))
        self.log.extend(transition.log)
        self._changed()
        return transition

    def can_undo(self, seat: int) -> bool:
        """A seat may take back its own last action, unless it drew or revealed."""
        if not self._done or self.seats[seat].is_bot:
            return False
        last = self._done[-1]
        return last.seat == seat and not last.barrier

    def undo(self, seat: int) -> None:
        if not self.can_undo(seat):
            raise RulesError(
                "Nothing to take back: undo goes only over your own actions since the last draw or reveal."
            )
        last = self._done.pop()
        self._state = self.game.state_cls.from_json(last.before)
        self.actions.pop()
        del self.log[last.log_length :]
        self._changed()

    # ---- bots ---------------------------------------------------------
    def bot_pending(self) -> list[int]:
        return [seat for seat in self.pending() if seat in self._bots]

    def _make_bot(self, level: str, think: float | None) -> Bot[Any]:
        return self.game.make_bot(level, think=think)

    def bot_turn(self) -> BotTurn | None:
        """The next bot decision to think over (see ``BotTurn``), or None if no bot must decide."""
        waiting = self.bot_pending()
        if not waiting:
            return None
        seat = waiting[0]
        return BotTurn(
            seat,
            self.version,
            self._state.view(seat),
            self._state.legal_actions(seat),
            self._bots[seat],
            self._minds[seat],
        )

    def play_bot_turn(self, turn: BotTurn, action: Action) -> bool:
        """Play a bot's answer if it still fits: not cancelled, the seat still a bot
        that must decide, and the action still legal (in a simultaneous phase the
        others may act meanwhile; their secret choices never reach the bot)."""
        if turn.stop.is_set() or self._bots.get(turn.seat) is not turn.bot:
            return False
        if turn.seat not in self.pending() or action not in self._state.legal_actions(turn.seat):
            return False
        self.act(turn.seat, action)
        return True

    def step_bot(self) -> bool:
        """Let one bot that must decide now do so, here and now. False if no bot must."""
        turn = self.bot_turn()
        if turn is None:
            return False
        return self.play_bot_turn(turn, turn.think())

    def hand_to_bot(self, seat: int, level: str = "easy", think: float | None = None) -> None:
        """Give a seat (a player who left) to a bot from now on; ``think``: its seconds per decision if it searches."""
        self.config.seats[seat] = self.seats[seat].model_copy(update={"kind": "bot", "level": level, "think": think})
        self._bots[seat] = self._make_bot(level, self.seats[seat].think)
        self._minds[seat] = bot_mind(self.config.seed, seat)
        self.log.append(LogEntry(text=f"{self.seats[seat].name} is now played by a bot."))
        self._changed()

    # ---- listeners ----------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change(self)
        for listener in list(self._listeners):
            listener()
