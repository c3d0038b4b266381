"""The privacy hand-off: a blank screen between two players at one terminal."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class HandOffScreen(Screen[None]):
    """Covers the whole board until the next player is at the keyboard.

    A full Screen (not a modal), so nothing of the previous player's view
    shows through. Dismisses with None.

    | Key | Does |
    | :- | :- |
    | enter / space | the named player is ready |
    | click | the same |
    """

    DEFAULT_CSS = """
    HandOffScreen {
        align: center middle;
        background: $background;
        & > #handoff-box {
            width: auto;
            max-width: 90%;
            padding: 1 4;
            text-align: center;
            border: double $accent;
            background: $surface;
            & > .handoff--name { text-style: bold; color: $accent; }
            & > .handoff--hint { color: $foreground-muted; }
        }
    }
    """

    BINDINGS = [Binding("enter,space", "ready", "Ready")]

    def __init__(self, name: str):
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        yield HandOffBox(self.player, id="handoff-box")

    def on_click(self, event: events.Click) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss()


class HandOffBox(Static):
    """The three lines of the hand-off, centred."""

    COMPONENT_CLASSES = {"handoff--name", "handoff--hint"}

    def __init__(self, player: str, *, id: str | None = None):
        super().__init__(id=id)
        self.player = player

    def render(self) -> Text:
        text = Text()
        text.append("Pass the terminal to\n\n")
        text.append(self.player, style=self.get_component_rich_style("handoff--name"))
        text.append(
            f"\n\nPress Enter when {self.player} is ready.", style=self.get_component_rich_style("handoff--hint")
        )
        return text
