"""The round counter: the hourglass, then the numbers a roll must reach to cross them off."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..models import CounterModel
from . import glyphs as g
from .palette import Palette


class RoundCounter(Palette):
    """One line: the hourglass box, then the numbers. The box is crossed once
    someone completes a set; crossed numbers are struck through and dimmed,
    and the next one to beat is shown reversed."""

    DEFAULT_CSS = "RoundCounter { height: 1; }"

    counter: reactive[CounterModel] = reactive(CounterModel((), False, 0))

    def render(self) -> Text:
        c = self.counter
        text = Text(no_wrap=True)
        if c.active:
            text.append(g.HOURGLASS_ON, self.ink("tc--on"))
        else:
            text.append(g.HOURGLASS_OFF, self.ink("tc--label"))
        for i, number in enumerate(c.numbers):
            if i < c.crossed:
                classes = "tc--crossed"
            elif i == c.crossed and c.active:
                classes = "tc--next"
            else:
                classes = "" if c.active else "tc--label"
            text.append(" ")
            text.append(str(number), self.ink(classes))
        left = len(c.numbers) - c.crossed
        words = f"  {left} left" if c.active else "  waits for a set"
        if text.cell_len + len(words) <= self.size.width:
            text.append(words, self.ink("tc--label"))
        return text
