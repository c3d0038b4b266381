"""The line under the sheet: the picked route in words, and the keys to act on it.

The keys' names are links: a click runs the same screen action as the key.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from .palette import Palette

# (text, component classes, screen action run by a click or "")
Part = tuple[str, str, str]


class RouteBar(Palette):
    DEFAULT_CSS = """
    RouteBar {
        height: 1;
        background: $panel;
    }
    """

    parts: reactive[tuple[Part, ...]] = reactive(())

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for words, classes, action in self.parts:
            style = self.ink(classes)
            if action:
                style += Style(meta={"@click": f"screen.{action}"})
            text.append(words, style)
        return text
