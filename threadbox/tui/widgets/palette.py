"""A game's colours, held once per screen instead of once per drawing widget.

Textual styles each component class of a widget as a node of its own, and
does it again every time that widget's styles update (focus, hover, a class
change). A board drawn by a dozen widgets that each declared the game's
twenty colours cost hundreds of such nodes per screen: memory that counts
when one server runs a hundred screens. So a game declares its colours on one
hidden ``PaletteHost`` on its screen, and the widgets that draw ask it.
"""

from __future__ import annotations

from rich.style import Style
from textual.color import Color
from textual.css.query import NoMatches
from textual.widget import Widget


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
    colour, bold, strike). Results are cached until either restyles.
    """

    PALETTE: type[PaletteHost] = PaletteHost

    _host: PaletteHost | None = None
    _inks: dict[str, Style] | None = None
    _inks_generation = -1

    def palette_host(self) -> PaletteHost | None:
        if self._host is None:  # a widget never changes screens: look once
            try:
                self._host = self.screen.query_one(self.PALETTE)
            except NoMatches:
                return None
        return self._host

    def ink(self, classes: str) -> Style:
        host = self.palette_host()
        if host is None:  # drawn before the screen composed its colours: plain, not cached
            return self.rich_style
        if self._inks is None or self._inks_generation != host.generation:
            self._inks, self._inks_generation = {}, host.generation
        cached = self._inks.get(classes)
        if cached is None:
            base = self.rich_style
            over = Color.from_rich_color(base.bgcolor) if base.bgcolor else self.background_colors[1]
            cached = base
            for name in classes.split():
                cached += host.ink(name, over)
            self._inks[classes] = cached
        return cached

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._inks = None
