"""One set of colours for every Thread Count widget, so a mouse looks the same
on the sheet, in the collection bar and in the legend."""

from __future__ import annotations

from ....widgets.palette import PaletteHost, PaletteUser

# Words and highlights, used by every panel.
TEXT = frozenset({"tc--label", "tc--title", "tc--on", "tc--next", "tc--crossed"})
# The things on the sheet.
THINGS = frozenset(
    {
        "tc--dot",
        "tc--ball",
        "tc--thread",
        "tc--preview",
        "tc--end",
        "tc--target",
        "tc--cursor",
        "tc--mouse",
        "tc--sock",
        "tc--plane",
        "tc--taken",
        "tc--cup",
        "tc--knocked",
        "tc--shaded",
        "tc--block",
        "tc--paw",
    }
)


class ThreadCountColours(PaletteHost):
    """Thread Count's colours, once per screen (hidden).

    Carpet colours follow the printed sides: yellow for A, blue for B.
    """

    COMPONENT_CLASSES = set(TEXT | THINGS | {"tc--die-face"})

    DEFAULT_CSS = """
    ThreadCountColours {
        & > .tc--label { color: $foreground-muted; }
        & > .tc--dot { color: $foreground 45%; }
        & > .tc--ball { color: $error; text-style: bold; }
        & > .tc--thread { color: $error-lighten-1; text-style: bold; }
        & > .tc--preview { color: $accent; text-style: bold; }
        & > .tc--end { text-style: bold reverse; }
        & > .tc--target { color: $accent; text-style: bold underline; }
        & > .tc--cursor { color: $accent; text-style: bold reverse; }
        & > .tc--mouse { color: $secondary-lighten-1; text-style: bold; }
        & > .tc--sock { color: $success; text-style: bold; }
        & > .tc--plane { color: $primary-lighten-1; text-style: bold; }
        & > .tc--taken { text-style: dim strike; }
        & > .tc--cup { color: $foreground; text-style: bold; }
        & > .tc--knocked { color: $warning; text-style: bold; }
        & > .tc--shaded { color: $foreground 55%; }
        & > .tc--block { color: $warning-darken-2; }
        & > .tc--paw { color: $warning; text-style: bold; }
        & > .tc--title { color: $foreground; text-style: bold; }
        & > .tc--crossed { color: $foreground-muted; text-style: strike; }
        & > .tc--next { color: $accent; text-style: bold reverse; }
        & > .tc--on { color: $accent; text-style: bold; }
        & > .tc--die-face { background: $foreground 90%; color: $background; text-style: bold; }
    }
    """


class Palette(PaletteUser):
    """A widget that draws Thread Count's things; ``ink("tc--mouse tc--taken")`` styles them.

    Each class adds only what it sets (a colour, bold, strike), so a reached
    mouse keeps the mouse's colour and is struck through as well.
    """

    PALETTE = ThreadCountColours
