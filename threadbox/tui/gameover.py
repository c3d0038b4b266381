"""The end of a game: winners, why it ended, and every seat's score breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from threadbox.rules.core import Outcome

from .widgets import KeyBar, ScoreTable

GameOverChoice = Literal["menu", "quit", "board"]


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def winners_line(outcome: Outcome, labels: list[str]) -> str:
    names = [labels[s] if s < len(labels) else f"Seat {s + 1}" for s in outcome.winners]
    if not names:
        return "Nobody wins."
    if len(names) == 1:
        return f"Winner: {names[0]}"
    return f"Shared win: {join_names(names)}"


class GameOverScreen(Screen[GameOverChoice]):
    """Scores at the end of a game. Dismisses with what the player picked.

    | Key | Does (dismiss result) |
    | :- | :- |
    | enter / m | back to the menu ("menu") |
    | escape / b | look at the final board ("board") |
    | q | quit threadbox ("quit") |

    The screen that pushed it acts on the result.
    """

    DEFAULT_CSS = """
    GameOverScreen {
        align: center top;
        & > #over-box { height: 1fr; width: 100%; max-width: 120; padding: 0 1; }
        & #over-title { text-style: bold; background: $primary; color: $text; padding: 0 1; width: 100%; }
        & #over-winners { text-style: bold; color: $success; margin-top: 1; }
        & #over-reason, & #over-tiebreak { color: $foreground; }
        & ScoreTable { margin-top: 1; }
        & #over-details { margin-top: 1; height: auto; }
    }
    """

    BINDINGS = [
        Binding("enter,m", "leave('menu')", "Menu", priority=True),
        Binding("escape,b", "leave('board')", "See the board"),
        Binding("q", "leave('quit')", "Quit"),
    ]

    AUTO_FOCUS = "ScoreTable"

    def __init__(self, outcome: Outcome, labels: list[str], title: str, details: Sequence[str] = ()):
        """``details``: the game's own lines under the score table (plain text), e.g. per category."""
        super().__init__()
        self.details = tuple(details)
        self.outcome = outcome
        self.labels = labels
        self.game_title = title

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box"):
            yield Static(f"Game over: {self.game_title}", id="over-title", markup=False)
            yield Static(winners_line(self.outcome, self.labels), id="over-winners", markup=False)
            yield Static(f"The game ended: {self.outcome.reason}", id="over-reason", markup=False)
            if self.outcome.tiebreak_used:
                yield Static(
                    f"Scores tied; the tie-break decided: {self.outcome.tiebreak_used}.",
                    id="over-tiebreak",
                    markup=False,
                )
            yield ScoreTable(self.outcome, self.labels)
            if self.details:
                yield Static("\n".join(self.details), id="over-details", markup=False)
        yield KeyBar()

    def action_leave(self, choice: GameOverChoice) -> None:
        self.dismiss(choice)
