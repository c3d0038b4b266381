"""A game's colours, held once per screen instead of once per drawing widget.

Textual styles each component class of a widget as a node of its own, and
does it again every time that widget's styles update (focus, hover, a class
change). A board drawn by a dozen widgets that each declared the game's
twenty colours cost hundreds of such nodes per screen: memory that counts
when one server runs a hundred screens. So a game declares its colours on one
hidden ``PaletteHost`` on its screen, and the widgets that draw ask it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rich.style import Style
from textual.color import Color
from textual.css.query import NoMatches
from textual.widget import Widget

T = TypeVar("T")


class PaletteHost(Widget):
    """A hidden widget whose component classes are a game's colours (in TCSS).

    Subclasses declare ``COMPONENT_CLASSES`` and their rules. ``generation``
    counts restyles (a new theme), so cached styles know when to go stale.
    """

    DEFAULT_CSS = "PaletteHost { display: none; }"

    generation = 0

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.generation += 1

    def ink(self, name: str, over: Color) -> Style:
        """Component class ``name`` as drawn over the background ``over``.

        Colours with transparency (``$foreground 45%``) are blended with
        ``over``, so the same colour reads the same on any panel.
        """
        styles = self.get_component_styles(name)
        style = styles.text_style
        background = over
        if styles.has_rule("background"):
            background = over + styles.background
            style += Style(bgcolor=background.rich_color)
        if styles.has_rule("auto_color") and styles.auto_color:  # "$text": legible on its background
            style += Style(color=(background + background.get_contrast_text(styles.color.a)).rich_color)
        elif styles.has_rule("color"):
            style += Style(color=(background + styles.color).rich_color)
        return style


class PaletteUser(Widget):
    """A widget that draws in the colours of its screen's ``PALETTE`` host.

    ``ink(classes)`` is this widget's own style with the space-separated
    component classes laid on in turn; each adds only what it sets (a
    colour, bold, strike). What is read from the host is cached until either
    restyles (``from_palette``).
    """

    PALETTE: type[PaletteHost] = PaletteHost

    _host: PaletteHost | None = None
    _cache: dict[object, Any] | None = None
    _cache_generation = -1
    _cache_style: Style | None = None  # this widget's own style when the cache was started

    def palette_host(self) -> PaletteHost | None:
        if self._host is None:  # a widget never changes screens: look once
            try:
                self._host = self.screen.query_one(self.PALETTE)
            except NoMatches:
                return None
        return self._host

    def from_palette(self, key: object, read: Callable[[PaletteHost], T]) -> T | None:
        """``read(host)``, kept under ``key`` until this widget or the host restyles;
        None before the screen's colours exist."""
        host = self.palette_host()
        if host is None:
            return None
        if self._cache is None or self._cache_generation != host.generation:
            self._cache, self._cache_generation, self._cache_style = {}, host.generation, self.rich_style
        if key not in self._cache:
            self._cache[key] = read(host)
        return self._cache[key]

    def own_style(self) -> Style:
        """This widget's ``rich_style``, kept with the inks (it is worked out from every
        ancestor's styles, which a widget drawing many lines should not do per line)."""
        if self._cache is None or self._cache_style is None:
            return self.rich_style
        return self._cache_style

    def ink(self, classes: str) -> Style:
        """This widget's style with these colour classes laid on in turn (plain before the colours exist)."""
        return self.from_palette(classes, lambda host: self._ink(host, classes)) or self.rich_style

    def _ink(self, host: PaletteHost, classes: str) -> Style:
        style = self.rich_style
        over = Color.from_rich_color(style.bgcolor) if style.bgcolor else self.background_colors[1]
        for name in classes.split():
            style += host.ink(name, over)
        return style

    def notify_style_update(self) -> None:
        """Forget the inks if this widget's colours changed (True then).

        Focus, hover and a class on a panel restyle every widget inside it, most
        often to the very same colours: the inks (and what was drawn with them)
        are kept then, which at 200x60 saves redrawing whole boards."""
        super().notify_style_update()
        if self._cache is None:
            return
        host = self._host
        if (host is not None and host.generation != self._cache_generation) or self.rich_style != self._cache_style:
            self._cache = None
            self.palette_changed()

    def palette_changed(self) -> None:
        """Called when the colours this widget draws in have changed; a widget that
        keeps drawn lines of its own forgets them here (and refreshes)."""
