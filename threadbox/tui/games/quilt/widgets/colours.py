"""Quilt's pencil colours, held once per screen (hidden), and the painter widgets draw with.

A pencil is always drawn in its colour *and* named by its letter (or, on the
sheet, by the row's letter and the cell's mark), so colour is never the only signal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style

from threadbox.rules.quilt.data import COLOURS

from ....widgets.palette import PaletteHost, PaletteUser

PENCIL_CLASSES: dict[str, str] = {c.letter: f"qt--{c.letter}" for c in COLOURS}
FILL_CLASSES: dict[str, str] = {c.letter: f"qt--fill-{c.letter}" for c in COLOURS}
ROLE_CLASSES = ("qt--muted", "qt--label", "qt--next", "qt--target", "qt--minus")


@dataclass(frozen=True)
class Palette:
    """The styles a drawing uses; ``Palette()`` draws plain text (tests)."""

    pencils: dict[str, Style] = field(default_factory=dict)
    fills: dict[str, Style] = field(default_factory=dict)
    muted: Style = Style()
    label: Style = Style()
    next: Style = Style()
    target: Style = Style()
    minus: Style = Style()

    def of(self, letter: str | None) -> Style:
        return self.pencils.get(letter or "", Style())

    def fill(self, letter: str | None) -> Style:
        return self.fills.get(letter or "", Style(reverse=True))


class QuiltColours(PaletteHost):
    """The six pencil colours and the sheet's roles."""

    COMPONENT_CLASSES = {*PENCIL_CLASSES.values(), *FILL_CLASSES.values(), *ROLE_CLASSES}

    DEFAULT_CSS = """
    QuiltColours {
        & > .qt--R { color: #ef4444; text-style: bold; }
        & > .qt--O { color: #fb923c; text-style: bold; }
        & > .qt--Y { color: #facc15; text-style: bold; }
        & > .qt--G { color: #22c55e; text-style: bold; }
        & > .qt--B { color: #3b82f6; text-style: bold; }
        & > .qt--P { color: #a855f7; text-style: bold; }
        & > .qt--fill-R { background: #b91c1c; color: #ffffff; text-style: bold; }
        & > .qt--fill-O { background: #c2410c; color: #ffffff; text-style: bold; }
        & > .qt--fill-Y { background: #a16207; color: #ffffff; text-style: bold; }
        & > .qt--fill-G { background: #15803d; color: #ffffff; text-style: bold; }
        & > .qt--fill-B { background: #1d4ed8; color: #ffffff; text-style: bold; }
        & > .qt--fill-P { background: #7e22ce; color: #ffffff; text-style: bold; }
        & > .qt--muted { color: $foreground 45%; }
        & > .qt--label { color: $foreground-muted; }
        & > .qt--next { color: $warning; text-style: bold; }
        & > .qt--target { background: $accent 45%; text-style: bold; }
        & > .qt--minus { color: $error; text-style: bold; }
    }
    """


class QuiltPainter(PaletteUser):
    """Base for widgets that draw pencils, in the colours of the screen's ``QuiltColours``."""

    PALETTE = QuiltColours

    def palette(self) -> Palette:
        return self.from_palette("quilt", self._read_palette) or Palette()

    def _read_palette(self, host: PaletteHost) -> Palette:
        over = self.background_colors[1]

        def fg(name: str) -> Style:
            full = host.ink(name, over)
            return Style(color=full.color, bold=full.bold)

        return Palette(
            pencils={letter: fg(name) for letter, name in PENCIL_CLASSES.items()},
            fills={letter: host.ink(name, over) for letter, name in FILL_CLASSES.items()},
            muted=fg("qt--muted"),
            label=fg("qt--label"),
            next=fg("qt--next"),
            target=host.ink("qt--target", over),
            minus=fg("qt--minus"),
        )
