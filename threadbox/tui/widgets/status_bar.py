"""The line at the top of a game screen: game, seat, and whose decision it is."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class StatusBar(Widget):
    """Game title, the seat on screen, and a note on who must decide.

    ``urgent`` marks the note as a call to this seat to act; it is styled
    but the note's words say so too, so colour is never the only signal.
    """

    DEFAULT_CSS = """
    StatusBar {
        height: auto;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        & > .status-bar--title { text-style: bold; color: $accent; }
        & > .status-bar--urgent { text-style: bold reverse; color: $warning; }
        & > .status-bar--seat { color: $foreground-muted; }
    }
    """

    COMPONENT_CLASSES = {"status-bar--title", "status-bar--urgent", "status-bar--seat"}

    title: reactive[str] = reactive("")
    seat: reactive[str] = reactive("")
    note: reactive[str] = reactive("")
    urgent: reactive[bool] = reactive(False)

    def render(self) -> Text:
        text = Text(self.title, style=self.get_component_rich_style("status-bar--title"))
        if self.seat:
            text.append("  │  ")
            text.append(self.seat, style=self.get_component_rich_style("status-bar--seat"))
        if self.note:
            text.append("  │  ")
            style = self.get_component_rich_style("status-bar--urgent") if self.urgent else ""
            text.append(f" {self.note} " if self.urgent else self.note, style=style)
        return text
