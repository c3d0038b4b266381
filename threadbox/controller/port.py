"""A seat's window onto a table: all a screen (local or over SSH) may use.

A screen holds a ``SeatPort``, never the ``Table``: it reads its seat's view
and legal options and sends that seat's intents. Spectators have seat None.
"""

from __future__ import annotations

from typing import Any

from threadbox.rules.core import Action, GameInfo, GameState, Outcome, RulesError, Transition

from .table import Listener, Table


class SeatPort:
    def __init__(self, table: Table, seat: int | None):
        self._table = table
        self.seat = seat

    # what every seat may know
    @property
    def game_id(self) -> str:
        return self._table.config.game

    @property
    def info(self) -> GameInfo:
        return self._table.info

    @property
    def seat_labels(self) -> list[str]:
        return [s.label() for s in self._table.seats]

    def is_bot(self, seat: int) -> bool:
        return self._table.seats[seat].is_bot

    @property
    def is_spectator(self) -> bool:
        return self.seat is None

    def view(self) -> GameState:
        return self._table.view(self.seat)

    def pending(self) -> list[int]:
        return self._table.pending()

    def is_over(self) -> bool:
        return self._table.is_over()

    def outcome(self) -> Outcome | None:
        return self._table.outcome()

    def log(self) -> list[str]:
        return self._table.log_for(self.seat)

    # this seat's decisions
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self._table.pending()

    def legal(self) -> list[Action]:
        return [] if self.seat is None else self._table.legal(self.seat)

    def describe(self, action: Action) -> str:
        return self._table.describe(self.seat if self.seat is not None else 0, action)

    def act(self, action: Action | dict[str, Any]) -> Transition:
        if self.seat is None:
            raise RulesError("Spectators watch; they cannot play.")
        return self._table.act(self.seat, action)

    def can_undo(self) -> bool:
        return self.seat is not None and self._table.can_undo(self.seat)

    def undo(self) -> None:
        if self.seat is None:
            raise RulesError("Spectators have nothing to undo.")
        self._table.undo(self.seat)

    def subscribe(self, listener: Listener) -> None:
        self._table.subscribe(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._table.unsubscribe(listener)
