"""The privacy hand-off: a blank screen between two players at one terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from .widgets import KeyBar
from .widgets.confirm import ConfirmScreen

# A held key repeats every 30-50 ms (a terminal's key repeat); pressing it again after letting go
# takes longer. Design choice: an Enter this soon after an Enter before it is the same press, held.
HELD_GAP = 0.25


@runtime_checkable
class KeyHistory(Protocol):
    """An app that remembers the key it read before the one being handled (``ThreadboxApp``)."""

    def key_before(self) -> tuple[str, float] | None:
        """The key read before the current one, and when (the clock of events); None: none yet."""
        ...


class HandOffScreen(Screen[None]):
    """Covers the whole board until the next player is at the keyboard.

    A full Screen (not a modal), so nothing of the previous player's view
    shows through. Only Enter (on its one button) or a click on that button
    goes on, and only when typed after it came up and not as the repeat of an
    Enter held down, so a stray key meant for the last screen reveals nothing.

    It has no result for its owner to read: it takes itself off the stack and
    then calls ``ready`` (the named player is here: show what they may see)
    or ``leave`` (the player confirmed leaving), one of them, once. So no
    other way off the stack (a dismissal without a result, a screen popped
    under it) can be taken for the player being ready, and the callbacks do
    not depend on the screen that put it up still being there.

    | Key | Does |
    | :- | :- |
    | enter / click the button | the named player is ready: show their view |
    | escape / q | leave the game (asks first; nothing is shown) |
    """

    DEFAULT_CSS = """
    HandOffScreen {
        align: center middle;
        background: $background;
        & > #handoff-box {
            width: 56;
            max-width: 90%;
            height: auto;
            padding: 1 4;
            border: double $accent;
            background: $surface;
            & > HandOffBox { width: 100%; text-align: center; }
            & > Center { height: auto; margin-top: 1; }
            & .handoff--name { text-style: bold; color: $accent; }
            & .handoff--hint { color: $foreground-muted; }
        }
    }
    """

    BINDINGS = [Binding("escape,q", "leave", "Leave the game")]
    AUTO_FOCUS = "#handoff-ready"

    def __init__(
        self,
        name: str,
        *,
        ready: Callable[[], object],
        leave: Callable[[], object],
        leave_note: str = "",
        question: str = "Leave this game?",
    ):
        super().__init__()
        self.player = name
        self.leave_note = leave_note
        self.question = question
        self._ready, self._leave = ready, leave
        self._ended = False
        self._up_since: float | None = None  # when this screen was mounted (the clock of events)

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield HandOffBox(self.player)
            with Center():
                yield Button(f"{self.player} is ready", id="handoff-ready", variant="primary")
        yield KeyBar()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._end(self._ready)

    def on_mount(self, event: events.Mount) -> None:
        self._up_since = event.time

    def on_key(self, event: events.Key) -> None:
        # A key typed before this screen was up (a second Enter on the last player's move, read
        # while the move was being played) was meant for the last screen: it passes nothing.
        early = self._up_since is None or event.time < self._up_since
        if early or event.key not in ("enter", "escape", "q", "tab", "shift+tab"):
            event.stop()  # a stray key goes nowhere: say what does
            self.notify(f"Press Enter when {self.player} is ready, or Escape to leave.", timeout=3)
        elif event.key == "enter" and self._held(event):
            event.stop()  # the Enter that played the last move, still held down: not the next player's
            self.notify(f"Let go of Enter, then press it when {self.player} is ready.", timeout=3)

    def _held(self, event: events.Key) -> bool:
        before = self.app.key_before() if isinstance(self.app, KeyHistory) else None
        return before is not None and before[0] == "enter" and event.time - before[1] < HELD_GAP

    def action_leave(self) -> None:
        def answered(leave: bool | None) -> None:
            if leave:
                self._end(self._leave)

        self.app.push_screen(ConfirmScreen(self.question, self.leave_note, yes="Leave", no="Stay"), answered)

    def _end(self, then: Callable[[], object]) -> None:
        """Off the stack, then ``then``: only from the top (nothing above it is popped in its place)."""
        if self._ended or self.app.screen is not self:
            return
        self._ended = True
        self.dismiss()
        then()


class HandOffBox(Static):
    """The lines of the hand-off, centred."""

    COMPONENT_CLASSES = {"handoff--name", "handoff--hint"}

    def __init__(self, player: str, *, id: str | None = None):
        super().__init__(id=id)
        self.player = player

    def render(self) -> Text:
        text = Text(justify="center")
        text.append("Pass the terminal to\n\n")
        text.append(self.player, style=self.get_component_rich_style("handoff--name"))
        text.append(
            f"\n\nPress Enter when {self.player} is ready.", style=self.get_component_rich_style("handoff--hint")
        )
        return text
