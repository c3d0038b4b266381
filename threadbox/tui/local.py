"""Local play: one table at this terminal, for solo, mixed and hot-seat games.

``LocalPlay`` owns the table while it is played here. After every change it
decides which seat's screen to show (through ``LocalTurns``), puts up the
privacy hand-off between human players of a game with hidden information,
and lets the bots move, one step per ``bot_delay`` seconds. A bot that
searches thinks in a worker thread, so the screen stays live; leaving the
game cancels its thinking.
"""

from __future__ import annotations

import asyncio
import gc

from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

from threadbox.controller import BotTurn, LocalTurns, Record, RecordBook, SeatPort, Table

from .game_screen import GameScreen
from .games import screen_for
from .handoff import HandOffScreen

SAVED_NOTE = "The game is saved after every move: pick it under Continue in the menu to go on."
UNSAVED_NOTE = "This game is not being saved."


class LocalPlay:
    """Shows ``table`` on ``app``, on top of whatever screen is current at ``start``."""

    def __init__(
        self,
        app: App,
        table: Table,
        *,
        bot_delay: float = 0.4,
        autosave: bool = True,
        book: RecordBook | None = None,
        record: Record | None = None,
    ):
        self.app = app
        self.table = table
        self.turns = LocalTurns(table)
        self.bot_delay = bot_delay
        self.autosave = autosave
        # The game's own record file, made at its first action (``record``: a resumed game's).
        self._saver = (book or RecordBook()).recorder(record)
        self._save_failed = False
        self._depth = 0  # screen stack height below our screens
        self._screen: Screen | None = None  # our game screen or hand-off on top
        self._running = False
        self._refresh_due = False
        self._bot_due = False
        self._bot_timer: Timer | None = None
        self._thinking: BotTurn | None = None  # a bot's decision being thought over in a thread

    @property
    def screen(self) -> Screen | None:
        """The game screen or hand-off screen shown now."""
        return self._screen

    def start(self) -> None:
        self._depth = len(self.app.screen_stack)
        self._running = True
        if self.autosave:
            self.table.on_change = self._save
            self._save(self.table)  # a resumed game's record is brought up to date
        self.table.subscribe(self._changed)
        self._refresh()

    def stop(self) -> None:
        """Take our screens off and stop the bots; the table stays as it is."""
        self._running = False
        self.table.unsubscribe(self._changed)
        if self.table.on_change == self._save:
            self.table.on_change = None
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
        self._bot_due = False
        self._pop_ours()
        self._screen = None

    # ---- after every change ------------------------------------------------
    def _save(self, table: Table) -> None:
        try:
            self._saver(table)
        except OSError as exc:
            if not self._save_failed:  # say it once, not after every move
                self._save_failed = True
                self.app.notify(
                    f"Autosave failed: {exc.strerror or exc}. Play goes on unsaved.",
                    title="Not saved",
                    severity="warning",
                    timeout=8,
                )

    def _changed(self) -> None:
        if not self._refresh_due:
            self._refresh_due = True
            self.app.call_later(self._refresh)

    def _refresh(self) -> None:
        self._refresh_due = False
        if not self._running:
            return
        if self.table.bot_pending() and not self._bot_due:
            self._schedule_bot()
        seat = self.turns.next_seat()
        if self.table.is_over() and self._private():
            seat = None  # everyone looks at the end together: show only what all may see
        if self._screen is not None and seat == self.turns.shown:
            return  # the screen on show stays; it updates itself
        if seat is not None and self.turns.needs_handoff(seat):
            self._show_handoff(seat)
        else:
            if self._screen is not None and seat is not None:
                # Hot-seat without secrets: the board stays, so say whose turn it is.
                self.app.notify(f"{self.table.seats[seat].name} to play", timeout=3)
            self._show_seat(seat)

    def _private(self) -> bool:
        """Whether several people share this screen in a game with secrets."""
        return self.table.info.hidden_information and len(self.turns.humans) > 1

    @property
    def leave_note(self) -> str:
        return SAVED_NOTE if self.autosave and not self._save_failed else UNSAVED_NOTE

    def _show_seat(self, seat: int | None) -> None:
        self.turns.show(seat)
        screen: GameScreen = screen_for(SeatPort(self.table, seat))
        screen.leave_note = self.leave_note
        self._replace(screen)
        if not self.app.is_headless:
            screen.call_after_refresh(settle_garbage)

    def _show_handoff(self, seat: int) -> None:
        self.turns.show(seat)

        def ours() -> bool:  # not a hand-off this play has since replaced, or one left behind by stop()
            return self._running and self._screen is handoff

        def ready() -> None:
            if ours():
                self._show_seat(seat)

        def leave() -> None:
            if ours():
                self.app.post_message(GameScreen.Leave())  # as when leaving from the game screen

        handoff = HandOffScreen(self.table.seats[seat].name, ready=ready, leave=leave, leave_note=self.leave_note)
        self._replace(handoff)

    def _replace(self, screen: Screen) -> None:
        self._pop_ours()
        self._screen = screen
        self.app.push_screen(screen)

    def _pop_ours(self) -> None:
        # Help or a confirmation may sit on top of our screen: they go too.
        while len(self.app.screen_stack) > self._depth:
            self.app.pop_screen()

    # ---- bots ------------------------------------------------------------------
    def _schedule_bot(self) -> None:
        self._bot_due = True
        if self.bot_delay > 0:
            self._bot_timer = self.app.set_timer(self.bot_delay, self._step_bot)
        else:
            self.app.call_later(self._step_bot)

    def _step_bot(self) -> None:
        self._bot_timer = None
        turn = self.table.bot_turn() if self._running else None
        if turn is None:
            self._bot_due = False
            return
        if not turn.thinks:  # a quick bot: no thread needed
            self._bot_due = False
            self.table.play_bot_turn(turn, turn.think())  # the change it makes schedules the next step
            return
        self._thinking = turn  # _bot_due stays set: one bot thinks at a time
        self.app.run_worker(self._think(turn), group="bot-thinking", exit_on_error=False)

    async def _think(self, turn: BotTurn) -> None:
        try:
            action = await asyncio.to_thread(turn.think)
        except asyncio.CancelledError:  # the app is closing: let the thread end soon
            turn.cancel()
            raise
        except Exception as exc:
            if self._thinking is turn:
                self._thinking = None
                self._bot_due = False
                self.app.notify(f"A bot could not decide: {exc}", title="Bot", severity="error")
            return
        if self._thinking is not turn:
            return  # cancelled: the game was left
        self._thinking = None
        self._bot_due = False
        if self._running and not self.table.play_bot_turn(turn, action):
            self._refresh()  # the position moved on while it thought: think again


def settle_garbage() -> None:
    """Collect once and freeze what is left, while a new game screen waits for its first key.

    Drawing a frame makes many short-lived objects; every so often Python then
    walks every object of the app in a full collection (40-70 ms on the
    development machine: the slowest keys in ``benchmarks/frames.py``). Frozen
    objects are not walked, so keys stay quick. Each new game screen (hand-offs
    make one per turn) unfreezes and collects first, so screens that have gone
    are still freed. Local play only: the SSH server has its own policy.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()
