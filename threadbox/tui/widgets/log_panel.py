"""The game log as this seat may read it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class LogPanel(RichLog):
    """Shows the log lines it is given, newest at the bottom.

    ``show(lines)`` appends only what is new; when earlier lines changed (an
    undo took some back) it rewrites the lot. Lines re-wrap on resize.
    ``show(lines, mark)`` highlights the lines from index ``mark`` on (a
    replay's current step), with a glyph as well as a colour.
    """

    MARK = "▶ "

    DEFAULT_CSS = """
    LogPanel {
        height: 9;
        border: round $border-blurred;
        border-title-align: left;
        background: $surface;
        padding: 0 0 0 1;
        overflow-y: auto;
        /* The scrollbar's column (where the right padding was) is kept free from the
           start: lines wrapped before the log overflowed lost their last characters under it. */
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        &:focus { border: round $border; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes, wrap=True, markup=False, min_width=10)
        self.border_title = "Log"
        self._lines: list[str] = []
        self._mark: int | None = None
        self._wrapped_width = 0

    def on_mount(self) -> None:
        # Stay on the newest line as lines come, until the player scrolls up.
        self.anchor()

    def show(self, lines: list[str], mark: int | None = None) -> None:
        old = self._lines
        if mark is None and self._mark is None and lines[: len(old)] == old:
            for line in lines[len(old) :]:
                self.write(Text(line))
            self._lines = list(lines)
        elif (lines, mark) != (old, self._mark):
            self._lines, self._mark = list(lines), mark
            self._rewrite(lines)

    def _rewrite(self, lines: list[str]) -> None:
        # One write for the whole log: a write per line costs a layout each, and a
        # replay of a long game rewrites thousands of lines at every step.
        self.clear()
        texts = [
            Text(self.MARK + line, style="bold reverse") if self._mark is not None and i >= self._mark else Text(line)
            for i, line in enumerate(lines)
        ]
        if texts:
            self.write(Text("\n").join(texts))

    def on_resize(self, event: events.Resize) -> None:
        # Written lines keep the width they were wrapped at: wrap them again
        # when the width changed (not when only the height did).
        width, self._wrapped_width = self._wrapped_width, event.size.width
        if self._lines and event.size.width != width:
            self._rewrite(self._lines)
