"""Quilt components: pencils, holders, patches, and the printed board.

Every number says where it comes from: the rulebook, RULINGS.md, or a design
choice. The board is one layout shared by the five designs (RULINGS.md); only
the pictures differ. Cells, appliques, spools and embroideries are plain
frozen values referenced by index; the state keeps only what was coloured.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.colours import Colour, ColourSet

# Raised when a rules change makes recorded moves replay differently (records of earlier
# revisions are refused on load, controller.records).
RULES_REVISION = 1


# Design choice: the rulebook says "6 pencils in different colours" without naming them.
COLOURS: tuple[Colour, ...] = (
    Colour("R", "red"),
    Colour("O", "orange"),
    Colour("Y", "yellow"),
    Colour("G", "green"),
    Colour("B", "blue"),
    Colour("P", "purple"),
)
_COLOURS = ColourSet(COLOURS)
LETTERS, COLOUR_NAMES, COLOUR_ORDER = _COLOURS.letters, _COLOURS.names, _COLOURS.order
COLOUR_LABELS = _COLOURS.labels  # "red (R)": a colour is always named with its glyph
colour_label = _COLOURS.label

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # rulebook: setup table for 2, 3 and 4 players
SETS_FOR_PLAYERS = {2: 2, 3: 3, 4: 4}  # rulebook setup table: one set of 6 pencils per player
QUILTMANIA = "quiltmania"  # rulebook variant "Quiltmania for Four": one set fewer at 4 players
EVERYTHING_COUNTED = "everything-counted"  # rulebook variant: 2 rows recorded with a minus sign
EVERYTHING_COUNTED_ROWS = 2  # rulebook: "choose any 2 rows"
HOLDER_CAPACITY = 3  # rulebook: each needle holder holds at most 3 pencils
NEUTRAL_FILL = 3  # rulebook: the neutral holder is filled completely (3 pencils)
EXCHANGE_MAX = 2  # rulebook: exchange 1 or 2 unused pencils
FULL_CELL_VP = 1  # rulebook: a fully coloured cell is worth 1 more VP
SIX_COLOUR_SPOOL_VP = 10  # rulebook: 10 VP for spool threads in 6 different colours


def holders_for(players: int) -> int:
    return players + 1  # rulebook: needle holders = players + 1


def distinct(letters: Iterable[str]) -> list[str]:
    """Each colour letter once, in the order of ``COLOURS``."""
    return sorted(set(letters), key=COLOUR_ORDER.__getitem__)


# ---- the board ---------------------------------------------------------------
BonusKind = Literal["pencil", "neutral", "exchange", "spool", "button", "stitch"]

BONUS_NAMES: dict[str, str] = {
    "pencil": "extra pencil",
    "neutral": "pencil from the neutral holder",
    "exchange": "exchange pencils with the bag",
    "spool": "a new spool",
    "button": "button",
    "stitch": "embroidery stitch",
}


@dataclass(frozen=True)
class Bonus:
    kind: BonusKind
    colour: str = ""  # only for "pencil": the colour of the extra pencil

    def label(self) -> str:
        if self.kind == "pencil":
            return f"extra {colour_label(self.colour)} pencil"
        return BONUS_NAMES[self.kind]


@dataclass(frozen=True)
class Cell:
    points: int
    bonus: Bonus | None


ROWS = 5  # rulebook: 5 rows of cells
COLUMNS = 6  # design choice (RULINGS.md: rows have equal length); 3 full rows = 18 cells, about 6-8 rounds

# Design choice: row values rise to the right, each row its own curve; they are
# laid out so the rulebook's scoring example (rows 3/17/16/27/11) comes out as printed.
ROW_POINTS: tuple[tuple[int, ...], ...] = (
    (0, 1, 3, 6, 10, 15),
    (1, 3, 6, 10, 15, 21),
    (2, 4, 7, 10, 14, 18),
    (3, 6, 10, 15, 19, 24),
    (1, 2, 4, 7, 10, 14),
)


def _b(code: str) -> Bonus | None:
    """Board shorthand: '-' none, U button, S spool, E stitch, N neutral, X exchange, a colour letter: pencil."""
    kinds = {"U": "button", "S": "spool", "E": "stitch", "N": "neutral", "X": "exchange"}
    if code == "-":
        return None
    if code in kinds:
        return Bonus(kinds[code])  # type: ignore[arg-type]
    return Bonus("pencil", code)


# Design choice: 5 buttons, 5 spool openers (one per closed spool), 7 stitches
# (10 embroidery parts, so not every embroidery can be finished), 2 neutral,
# 2 exchange, one extra pencil of each colour, 3 plain cells. The buttons sit
# so the scoring example collects exactly 3.
BONUS_LAYOUT: tuple[str, ...] = (
    "-UESRN",
    "-SEOXU",
    "EPSNYU",
    "-XSUGE",
    "ESBEUE",
)
BOARD: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(Cell(points, _b(code)) for points, code in zip(ROW_POINTS[r], BONUS_LAYOUT[r], strict=True))
    for r in range(ROWS)
)

BUTTON_CELLS: tuple[tuple[int, int], ...] = tuple(
    (r, c) for r in range(ROWS) for c in range(COLUMNS) if (b := BOARD[r][c].bonus) is not None and b.kind == "button"
)


@dataclass(frozen=True)
class Applique:
    points: int  # rulebook: +3, +5, +7
    column: int  # design choice: the column (0-based) it points at


# Design choice for the columns; the scoring example needs +3 over a full column and +7 over an unfinished one.
APPLIQUES: tuple[Applique, ...] = (Applique(3, 1), Applique(5, 3), Applique(7, 5))

# Design choice: spool values (the rulebook only shows the 6th spool is worth 8 in its example).
SPOOL_POINTS: tuple[int, ...] = (1, 2, 3, 4, 6, 8, 11)
SPOOLS = len(SPOOL_POINTS)  # rulebook: 7 spools
OPEN_SPOOLS_AT_START = 2  # rulebook: only the first 2 spools are available at the start


@dataclass(frozen=True)
class Embroidery:
    parts: int  # rulebook: 5, 3 and 2 parts
    effect: Literal["two pencils", "one pencil", "backgrounds"]
    pencils: int  # pencils taken from the neutral holder or the bag when finished

    def label(self) -> str:
        return f"{self.parts}-part embroidery"

    def effect_label(self) -> str:
        return {
            "two pencils": "use 2 pencils from the neutral holder or the bag",
            "one pencil": "use 1 pencil from the neutral holder or the bag",
            "backgrounds": "fill the background of this round's cells",
        }[self.effect]


EMBROIDERIES: tuple[Embroidery, ...] = (  # rulebook: the three embroideries and their effects
    Embroidery(5, "two pencils", 2),
    Embroidery(3, "one pencil", 1),
    Embroidery(2, "backgrounds", 0),
)


@dataclass(frozen=True)
class Design:
    id: str
    title: str
    pictures: tuple[tuple[str, str], ...]  # (name, glyph) pairs, one per cell in row-major order


def _pictures(spec: str) -> tuple[tuple[str, str], ...]:
    """'glyph name, glyph name, ...' -> pairs; six per row."""
    pairs = []
    for item in spec.split(","):
        glyph, name = item.strip().split(" ", 1)
        pairs.append((name, glyph))
    return tuple(pairs)


# RULINGS.md: five designs share the layout; only the pictures (our own choice of subjects) differ.
DESIGNS: tuple[Design, ...] = (
    Design(
        "transport",
        "Transport",
        _pictures(
            "b bicycle, s scooter, c car, v van, t tram, u bus,"
            "k kayak, y yacht, f ferry, h ship, l liner, g tug,"
            "t train, m metro, n narrowboat, w wagon, e engine, r rocket,"
            "a aeroplane, z zeppelin, o balloon, h helicopter, g glider, j jet,"
            "d dog sled, p pony trap, x taxi, q quad bike, i ice skates, l lorry"
        ),
    ),
    Design(
        "animals",
        "Animals",
        _pictures(
            "c cat, d dog, h hare, f fox, o owl, b bear,"
            "m mouse, s seal, w whale, k kiwi, l lion, e elk,"
            "g goat, p pig, r robin, t tiger, z zebra, y yak,"
            "a ant, n newt, q quail, x ox, u unicorn fish, i ibis,"
            "v vole, j jay, b bee, h heron, c crab, l lynx"
        ),
    ),
    Design(
        "plants",
        "Plants",
        _pictures(
            "f fern, m moss, i ivy, t tulip, r rose, o oak,"
            "l lily, d daisy, p poppy, b birch, a aloe, c cactus,"
            "s sage, h holly, e elm, y yew, n nettle, w willow,"
            "g garlic, k kale, v violet, x flax, u tulip tree, j juniper,"
            "q quince, z zinnia, b bamboo, l lavender, o olive, p pine"
        ),
    ),
    Design(
        "gemstones",
        "Gemstones",
        _pictures(
            "q quartz, j jade, o opal, r ruby, a amber, p pearl,"
            "t topaz, g garnet, b beryl, s spinel, e emerald, d diamond,"
            "z zircon, l lapis, m moonstone, n onyx, c coral, y sapphire,"
            "i iolite, k kunzite, u turquoise, h haematite, v peridot, x onyx cameo,"
            "f fluorite, w jet, a agate, t tourmaline, c citrine, d sardonyx"
        ),
    ),
    Design(
        "desserts",
        "Desserts",
        _pictures(
            "b bun, t tart, p pie, c cake, e eclair, m macaron,"
            "j jelly, f flan, s scone, w waffle, d doughnut, u sundae,"
            "k cookie, r roll, y pastry, g gateau, o souffle, l lollipop,"
            "a apple crumble, h honey cake, i ice cream, n nougat, q quiche, z zabaglione,"
            "v pavlova, x trifle, t toffee, b brownie, c cheesecake, m mousse"
        ),
    ),
)
DESIGN_BY_ID: dict[str, Design] = {d.id: d for d in DESIGNS}


def picture(design: str, row: int, column: int) -> tuple[str, str]:
    """(name, glyph) of the picture in this cell of this design."""
    return DESIGN_BY_ID[design].pictures[row * COLUMNS + column]
