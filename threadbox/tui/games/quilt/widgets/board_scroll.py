"""The scrolling board of the Quilt screen; focused, its arrows move the board cursor."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message


class BoardScroll(VerticalScroll):
    """The sheets and the table. With the focus here the arrows move the cursor over what
    the rules offer (``Move``) and Enter acts on what it points at (``Act``)."""

    BINDINGS = [
        Binding("up", "move(0, -1)", "Point up", show=False),
        Binding("down", "move(0, 1)", "Point down", show=False),
        Binding("left", "move(-1, 0)", "Point left", show=False),
        Binding("right", "move(1, 0)", "Point right", show=False),
        Binding("enter", "act", "Act here", show=False),
    ]

    class Move(Message):
        """An arrow on the board: ``across`` steps through the things in reading order, ``down`` between lines."""

        def __init__(self, across: int, down: int):
            super().__init__()
            self.across = across
            self.down = down

    class Act(Message):
        """Enter on the board: act on what the cursor points at."""

    def action_move(self, across: int, down: int) -> None:
        self.post_message(self.Move(across, down))

    def action_act(self) -> None:
        self.post_message(self.Act())
