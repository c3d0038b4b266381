"""The die everyone uses this round, as a face with pips, and the round number."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..models import DieModel
from . import glyphs as g
from .palette import Palette

# Pip places on a 3 x 3 grid, (column, row), for each face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def face_rows(roll: int) -> list[str]:
    """Three rows of seven cells; before the first roll a question mark."""
    rows = [[" "] * 7 for _ in range(3)]
    if roll in PIPS:
        for col, row in PIPS[roll]:
            rows[row][1 + 2 * col] = g.PIP
    else:
        rows[1][3] = "?"
    return ["".join(r) for r in rows]


class DieFace(Palette):
    """The rolled number as a die face and in digits, the round, and what the round counter waits for;
    under it the rolls of the rounds before, so rounds that go by without a move stay readable."""

    DEFAULT_CSS = """
    DieFace {
        height: 4;
        &.-fresh { background: $accent 25%; }
    }
    """
    FRESH_SECONDS = 2.0  # how long a new roll stands out

    def flash(self) -> None:
        """Mark a new roll for a moment (the one die everybody watches)."""
        self.add_class("-fresh")
        self.set_timer(self.FRESH_SECONDS, lambda: self.remove_class("-fresh"))

    die: reactive[DieModel] = reactive(DieModel(0, 0))

    def render(self) -> Text:
        die = self.die
        face = self.ink("tc--die-face")
        beside = (
            [("Round ", "tc--label"), (str(die.round), "tc--title")] if die.round else [("Setup", "tc--title")],
            [("Roll ", "tc--label"), (str(die.roll), "tc--title")] if die.roll else [],
            [(die.note, "tc--label")],
        )
        text = Text(no_wrap=True, overflow="crop")
        for row, parts in zip(face_rows(die.roll), beside):
            if text:
                text.append("\n")
            text.append(row, face)
            text.append("  ")
            for words, classes in parts:
                text.append(words, self.ink(classes))
        if die.before:
            text.append("\nbefore ", self.ink("tc--label"))
            text.append(" ".join(str(roll) for roll in die.before), self.ink("tc--title"))
        return text
