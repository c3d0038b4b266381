"""The characters Thread Count's widgets draw with, and the legend that names them.

Every kind of thing on the sheet has its own character, so colour is never
the only way to tell things apart.
"""

from __future__ import annotations

import unicodedata

MOUSE, SOCK, PLANE = "M", "S", "P"
OBJECT_GLYPHS = {"mouse": MOUSE, "sock": SOCK, "plane": PLANE}
KIND_WORDS = {"mouse": "mouse", "sock": "sock", "plane": "plane"}
BALL = "@"  # the ball of wool, above the start point
PAW = "♣"
BLOCK = "▓"
SHADED = "░"  # a place where a cup may be drawn
CUP = "○"
CUP_HERE = "◌"  # setup: where Enter would draw a cup
KNOCKED = "⊗"
DOT = "·"
TARGET = "◇"  # an empty point where a route of this roll can end
BOX, BOX_CROSSED = "☐", "☒"
# The hourglass box of the round counter, crossed once it runs (as the paper one is).
HOURGLASS_OFF, HOURGLASS_ON = BOX, BOX_CROSSED
PIP = "●"

# Arms of a point, in this order: up, right, down, left. Weights: 0 none, 1 light, 2 heavy.
UP, RIGHT, DOWN, LEFT = range(4)
NONE, LIGHT, HEAVY = 0, 1, 2
Arms = tuple[int, int, int, int]


def _box_table() -> dict[Arms, str]:
    """Every light/heavy combination of the box-drawing characters, read off their Unicode names.

    E.g. "BOX DRAWINGS UP HEAVY AND RIGHT DOWN LIGHT" is (2, 1, 1, 0).
    """
    weights = {"LIGHT": LIGHT, "HEAVY": HEAVY}
    arms_of = {
        "UP": (UP,),
        "RIGHT": (RIGHT,),
        "DOWN": (DOWN,),
        "LEFT": (LEFT,),
        "HORIZONTAL": (LEFT, RIGHT),
        "VERTICAL": (UP, DOWN),
    }
    table: dict[Arms, str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ")
        arms, weight = [NONE] * 4, NONE  # every name used carries LIGHT or HEAVY before its arms
        for part in name.split(" AND "):
            words = part.split()
            if any(w not in weights and w not in arms_of for w in words):
                break  # dashed, double, arc or diagonal: not used
            for word in words:
                if word in weights:
                    weight = weights[word]
            for word in words:
                for arm in arms_of.get(word, ()):
                    arms[arm] = weight
        else:
            table[(arms[UP], arms[RIGHT], arms[DOWN], arms[LEFT])] = chr(code)
    return table


JUNCTIONS = _box_table()


def junction(arms: Arms) -> str:
    """The box-drawing character with these arms (a dot for none)."""
    return JUNCTIONS.get(arms, DOT)


# (glyph, component class, words): what the legend shows, in this order.
# Seven letters at most, so two columns fit beside the sheet at 80 x 24.
LEGEND = (
    (MOUSE, "tc--mouse", "mouse"),
    (SOCK, "tc--sock", "sock"),
    (PLANE, "tc--plane", "plane"),
    ("m", "tc--mouse tc--taken", "reached"),
    (CUP, "tc--cup", "cup"),
    (KNOCKED, "tc--knocked", "knocked"),
    (SHADED, "tc--shaded", "shaded"),
    (BLOCK, "tc--block", "block"),
    (BALL, "tc--ball", "wool"),
    (PAW, "tc--paw", "cat paw"),
    ("━", "tc--preview", "preview"),
    (TARGET, "tc--target", "can end"),
)
