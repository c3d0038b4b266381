"""A yes-or-no question over the screen, answered by key, click or Escape."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True for yes. "No" has the focus, so Enter is the safe answer.

    | Key | Does |
    | :- | :- |
    | y | yes |
    | n / escape | no |
    """

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
        & > #confirm-box {
            width: 56; max-width: 95%; height: auto;
            border: thick $warning; background: $surface; padding: 1 2;
        }
        & #confirm-note { color: $foreground-muted; margin-top: 1; }
        & #confirm-buttons { grid-size: 2; grid-gutter: 0 2; height: auto; margin-top: 1; }
        & Button { width: 100%; }
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]
    AUTO_FOCUS = "#confirm-no"

    def __init__(self, question: str, note: str = "", *, yes: str = "Yes", no: str = "No"):
        super().__init__()
        self.question, self.note, self.yes, self.no = question, note, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, markup=False)
            if self.note:
                yield Static(self.note, id="confirm-note", markup=False)
            with Grid(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="warning")
                yield Button(f"{self.no} (n)", id="confirm-no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
