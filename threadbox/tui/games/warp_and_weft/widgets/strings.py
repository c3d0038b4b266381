"""How every Warp & Weft widget draws strings: colours, letters, seat tags.

A string is always drawn in its colour *and* named by its letter, so colour
is never the only signal. Colours come from the component classes of one
hidden ``StringColours`` per screen, so a theme or a test can change them;
the pure drawing functions take a ``Palette``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style

from threadbox.rules.warp_and_weft.data import COLOURS

from ....widgets.palette import PaletteHost, PaletteUser

# Component class per colour letter: "ww--P" and so on.
STRING_CLASSES: dict[str, str] = {c.letter: f"ww--{c.letter}" for c in COLOURS}
ROLE_CLASSES = ("ww--guide", "ww--label", "ww--focus", "ww--next", "ww--muted")


@dataclass(frozen=True)
class Palette:
    """The styles a drawing uses; ``Palette()`` draws plain text (tests)."""

    strings: dict[str, Style] = field(default_factory=dict)
    guide: Style = Style()  # free slots and holes
    label: Style = Style()  # slot numbers
    focus: Style = Style()  # the slot under the cursor or being woven
    next: Style = Style()  # the next crossing to decide
    muted: Style = Style()

    def of(self, letter: str | None) -> Style:
        return self.strings.get(letter or "", Style())


class StringColours(PaletteHost):
    """Warp & Weft's colours, once per screen (hidden)."""

    COMPONENT_CLASSES = {*STRING_CLASSES.values(), *ROLE_CLASSES}

    # The game's own colours (pink, light blue, purple, red, yellow), picked to
    # stay apart from each other; where a theme washes one out, the letter still says it.
    DEFAULT_CSS = """
    StringColours {
        & > .ww--P { color: #f472b6; text-style: bold; }
        & > .ww--B { color: #38bdf8; text-style: bold; }
        & > .ww--V { color: #a78bfa; text-style: bold; }
        & > .ww--R { color: #ef4444; text-style: bold; }
        & > .ww--Y { color: #facc15; text-style: bold; }
        & > .ww--guide { color: $foreground 30%; }
        & > .ww--label { color: $foreground-muted; }
        & > .ww--focus { background: $accent 25%; }
        & > .ww--next { color: $text; background: $warning; text-style: bold; }
        & > .ww--muted { color: $foreground-muted; }
    }
    """


class StringPainter(PaletteUser):
    """Base for widgets that draw strings, in the colours of the screen's ``StringColours``."""

    PALETTE = StringColours

    def palette(self) -> Palette:
        # Plain letters before the screen's colours exist.
        return self.from_palette("strings", self._read_palette) or Palette()

    def _read_palette(self, host: PaletteHost) -> Palette:
        over = self.background_colors[1]

        def ink(name: str) -> Style:
            # Only colour and weight: cells keep the widget's (or the highlight's) background.
            full = host.ink(name, over)
            return Style(color=full.color, bold=full.bold)

        return Palette(
            strings={letter: ink(name) for letter, name in STRING_CLASSES.items()},
            guide=ink("ww--guide"),
            label=ink("ww--label"),
            focus=Style(bgcolor=host.ink("ww--focus", over).bgcolor),
            next=host.ink("ww--next", over),
            muted=ink("ww--muted"),
        )


def seat_tags(names: list[str]) -> list[str]:
    """One character per seat for its buttons: the initial, or the seat number
    when two names share an initial."""
    initials = [(name[:1] or "?").upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [str(i + 1) for i in range(len(names))]
