"""Thingstead's colours, once per screen (hidden). Every colour also has a letter."""

from __future__ import annotations

from ....widgets.palette import PaletteHost, PaletteUser

CLAN_CLASSES = {"P": "ts--P", "S": "ts--S", "O": "ts--O", "G": "ts--G"}
SEAT_CLASSES = ("ts--red", "ts--blue")


class ThingsteadColours(PaletteHost):
    COMPONENT_CLASSES = {
        *CLAN_CLASSES.values(),
        *SEAT_CLASSES,
        "ts--muted",
        "ts--target",
        "ts--box",
        "ts--locked",
        "ts--plus",
        "ts--minus",
        "ts--title",
        "ts--pointed",
    }

    DEFAULT_CSS = """
    ThingsteadColours {
        & > .ts--P { color: #f472b6; text-style: bold; }
        & > .ts--S { color: #38bdf8; text-style: bold; }
        & > .ts--O { color: #fb923c; text-style: bold; }
        & > .ts--G { color: #4ade80; text-style: bold; }
        & > .ts--red { color: #ef4444; text-style: bold; }
        & > .ts--blue { color: #60a5fa; text-style: bold; }
        & > .ts--muted { color: $foreground 50%; }
        & > .ts--target { background: $accent 30%; }
        & > .ts--box { background: $foreground 7%; }
        & > .ts--locked { background: $foreground 18%; }
        & > .ts--plus { color: $success; text-style: bold; }
        & > .ts--minus { color: $error; text-style: bold; }
        & > .ts--title { text-style: bold; }
        & > .ts--pointed { background: $accent 55%; text-style: bold; }  /* with the ▶ marker: never colour alone */
    }
    """


class ThingsteadWidget(PaletteUser):
    PALETTE = ThingsteadColours
