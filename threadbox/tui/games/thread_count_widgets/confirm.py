"""Asks before a pass that would end the game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmPass(ModalScreen[bool]):
    """Dismisses with True to pass anyway.

    | Key | Does |
    | :- | :- |
    | y | pass, ending the game |
    | n / escape | keep playing |
    """

    DEFAULT_CSS = """
    ConfirmPass {
        align: center middle;
        & > #confirm-box {
            width: 56; max-width: 95%; height: auto;
            border: thick $warning; background: $surface; padding: 1 2;
        }
        & #confirm-buttons { grid-size: 2; grid-gutter: 0 2; height: auto; margin-top: 1; }
        & Button { width: 100%; }
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Pass"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    AUTO_FOCUS = "#confirm-no"

    def __init__(self, reason: str):
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.reason, markup=False)
            with Grid(id="confirm-buttons"):
                yield Button("Pass and end (y)", id="confirm-yes", variant="warning")
                yield Button("Keep playing (n)", id="confirm-no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
