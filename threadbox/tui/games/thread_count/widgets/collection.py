"""The collection bar: boxes crossed from the left for objects, sets, cups and the cat."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..models import CollectionModel
from . import glyphs as g
from .palette import Palette

# The row's sign on the sheet, its component class, and its name when there is room.
ROW_HEADS = {
    "mouse": (g.MOUSE, "tc--mouse", "mice"),
    "sock": (g.SOCK, "tc--sock", "socks"),
    "plane": (g.PLANE, "tc--plane", "planes"),
    "sets": ("=", "tc--title", "sets"),
    "cups": (g.KNOCKED, "tc--knocked", "cups"),
    "cat": (g.PAW, "tc--paw", "cat"),
}
WORDS_FROM = 26  # widths from which each row is named in words


class CollectionBar(Palette):
    """One row per kind; the sets row shows each set's worth, reversed once made."""

    DEFAULT_CSS = "CollectionBar { height: auto; }"

    # A new layout only when the rows come or go: laying out again repaints the whole board.
    bar: reactive[CollectionModel | None] = reactive(None)

    def watch_bar(self, old: CollectionModel | None, new: CollectionModel | None) -> None:
        if (len(old.rows) if old else 0) != (len(new.rows) if new else 0):
            self.refresh(layout=True)

    def render(self) -> Text:
        text = Text()
        if self.bar is None:
            return text
        words = self.size.width >= WORDS_FROM
        widest = max(row.boxes for row in self.bar.rows)  # points line up in one column
        for row in self.bar.rows:
            glyph, classes, name = ROW_HEADS[row.key]
            if row.free:
                name = "cups=0"  # the handicap: no minus points for cups
            if text:
                text.append("\n")
            text.append(glyph, self.ink(classes))
            text.append(f" {name:<7}" if words else " ", self.ink("tc--label"))
            if row.values:
                for i, value in enumerate(row.values):
                    text.append(str(value), self.ink("tc--next" if i < row.crossed else "tc--label"))
            else:
                text.append(g.BOX_CROSSED * row.crossed, self.ink(classes))
                text.append(g.BOX * (row.boxes - row.crossed), self.ink("tc--label"))
            text.append(" " * (widest - row.boxes))
            text.append(f" {row.points:>3}" if row.points else "   ·", self.ink("tc--label"))
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.bar.rows) if self.bar else 0
