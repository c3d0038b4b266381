"""What each sign on the sheet means, in as many columns as fit."""

from __future__ import annotations

from rich.text import Text

from . import glyphs as g
from .palette import Palette


class Legend(Palette):
    DEFAULT_CSS = "Legend { height: auto; }"

    def __init__(self, *, easier: bool = False, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        # The easier game has no cups, so no cup signs to explain.
        cupless = {g.CUP, g.KNOCKED, g.SHADED}
        self.entries = [e for e in g.LEGEND if not (easier and e[0] in cupless)]

    @property
    def column_width(self) -> int:
        return max(len(words) for _, _, words in self.entries) + 3  # glyph, space, words, gap

    def _columns(self, width: int) -> int:
        return max(1, (width + 1) // self.column_width)

    def render(self) -> Text:
        columns, label = self._columns(self.size.width), self.ink("tc--label")
        text = Text()
        for i, (glyph, classes, words) in enumerate(self.entries):
            if i and i % columns == 0:
                text.append("\n")
            elif i:
                text.append(" ")
            text.append(glyph, self.ink(classes))
            text.append(f" {words}".ljust(self.column_width - 2), label)
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return -(-len(self.entries) // self._columns(width))
