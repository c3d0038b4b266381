"""The panel the board is drawn in: bordered, with a title that says what it shows."""

from __future__ import annotations

from typing import Self

from rich.text import Text
from textual.containers import Vertical
from textual.geometry import Region


class BoardPanel(Vertical):
    """The board's panel. ``show_title`` names what it shows now; ``show_hint``
    puts a line on its lower edge. Both are plain text (never markup): they
    can hold players' names.

    Textual repaints a whole widget when its border title is set, and a whole
    board at 200x60 is most of a frame: a new title repaints its edge only.
    """

    _edge: int | None = None  # the line a title being set is on
    _title: str | None = None
    _hint: str | None = None

    def show_title(self, title: str) -> None:
        if title != self._title:
            self._title = title
            self._on_edge(0, lambda: setattr(self, "border_title", Text(title)))

    def show_hint(self, hint: str) -> None:
        if hint != self._hint:
            self._hint = hint
            self._on_edge(self.outer_size.height - 1, lambda: setattr(self, "border_subtitle", Text(hint)))

    def _on_edge(self, line: int, change) -> None:
        self._edge = line
        try:
            change()
        finally:
            self._edge = None

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if self._edge is not None and self._edge >= 0 and not (regions or layout or recompose) and self.size:
            # The edge line of the outer region, which is given relative to the content.
            x, y = self.content_offset
            regions = (Region(-x, self._edge - y, self.outer_size.width, 1),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
