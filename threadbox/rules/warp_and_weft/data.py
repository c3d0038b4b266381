"""Warp & Weft components: colours, counts and the printed pattern cards.

Every number says where it comes from: the rulebook, RULINGS.md, or a design
choice. Cards are plain frozen values; the rules keep only their ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..core.colours import Colour, ColourSet

# Raised when a rules change makes recorded moves replay differently (records of earlier
# revisions are refused on load, controller.records).
RULES_REVISION = 1


# Design choice: the rulebook shows pink, light blue, purple and red; yellow is
# the fifth. Purple is "V" (violet) because "P" is pink.
COLOURS: tuple[Colour, ...] = (
    Colour("P", "pink"),
    Colour("B", "light blue"),
    Colour("V", "purple"),
    Colour("R", "red"),
    Colour("Y", "yellow"),
)
_COLOURS = ColourSet(COLOURS)
LETTERS, COLOUR_NAMES, COLOUR_ORDER = _COLOURS.letters, _COLOURS.names, _COLOURS.order
COLOUR_LABELS = _COLOURS.labels  # "red (R)": a colour is always named with its glyph
colour_label = _COLOURS.label

STRINGS_PER_COLOUR = 20  # rulebook: 100 strings, 20 of each colour
TOTAL_STRINGS = STRINGS_PER_COLOUR * len(COLOURS)  # rulebook: 100 strings
ROUNDS = 4  # rulebook: the game is played over 4 rounds
DRAW_PER_ROUND = 5  # rulebook: each participant takes 5 strings per round
PICKS_PER_ROUND = 4  # rulebook: the draft repeats until each has 4 strings
SLOTS_PER_AXIS = 8  # RULINGS.md: 8 vertical and 8 horizontal slots
SAFE_PER_AXIS = 3  # rulebook: strings of one colour on one axis beyond 3 cost VP
PENALTY_PER_EXTRA = 1  # rulebook: each extra string subtracts 1 VP
VP_PER_OCCURRENCE = 1  # rulebook: 1 VP each time a selected pattern appears
SHARED_OBJECTIVE_VP = 5  # rulebook: both Shared Objective patterns present: 5 VP
ROUND_BUTTONS = 2  # RULINGS.md: 2 round buttons per player, on Adjacent cards
SQUARE_BUTTONS = 2  # RULINGS.md: 2 square buttons per player, on Interlaced cards
SHARED_IN_PLAY = 1  # rulebook setup C: 1 Shared Objective card
ADJACENT_IN_PLAY = 4  # rulebook setup D: 4 Adjacent Pattern cards
INTERLACED_IN_PLAY = 4  # rulebook setup E: 4 Interlaced Pattern cards

Shape = Literal["round", "square"]
# How an Interlaced pattern's A string meets its two neighbouring B strings.
# "alternate" is over one and under the other, in either order (design choice),
# so three B strings crossed over-under-over score twice, like the other two.
Relation = Literal["over", "under", "alternate"]


@dataclass(frozen=True)
class AdjacentPattern:
    """An A string next to a B string in a neighbouring slot of the same axis."""

    a: str
    b: str

    def label(self) -> str:
        return f"{colour_label(self.a)} next to {colour_label(self.b)}"


@dataclass(frozen=True)
class InterlacedPattern:
    """An A string crossing two B strings that lie in neighbouring slots."""

    a: str
    b: str
    relation: Relation

    def label(self) -> str:
        how = {"over": "over both", "under": "under both", "alternate": "over one and under the other"}[self.relation]
        return f"{colour_label(self.a)} {how} of two neighbouring {colour_label(self.b)}"


Pattern = AdjacentPattern | InterlacedPattern


@dataclass(frozen=True)
class PatternCard:
    id: str
    pattern: Pattern

    @property
    def kind(self) -> str:
        return "Adjacent" if isinstance(self.pattern, AdjacentPattern) else "Interlaced"

    @property
    def shape(self) -> Shape:
        """The button shape this card takes."""
        return "round" if isinstance(self.pattern, AdjacentPattern) else "square"

    def label(self) -> str:
        return self.pattern.label()


@dataclass(frozen=True)
class SharedObjective:
    id: str
    patterns: tuple[Pattern, Pattern]

    def label(self) -> str:
        return f"{self.patterns[0].label()}, and {self.patterns[1].label()}"


def _adjacent(number: int, a: str, b: str) -> PatternCard:
    return PatternCard(f"A{number}", AdjacentPattern(a, b))


def _interlaced(number: int, a: str, b: str, relation: Relation) -> PatternCard:
    return PatternCard(f"I{number}", InterlacedPattern(a, b, relation))


# RULINGS.md: the 10 Adjacent cards are the 10 pairs of distinct colours.
ADJACENT_CARDS: tuple[PatternCard, ...] = tuple(
    _adjacent(n, a, b)
    for n, (a, b) in enumerate(
        [
            ("P", "B"),
            ("P", "V"),
            ("P", "R"),
            ("P", "Y"),
            ("B", "V"),
            ("B", "R"),
            ("B", "Y"),
            ("V", "R"),
            ("V", "Y"),
            ("R", "Y"),
        ],
        start=1,
    )
)

# Design choice: every pair of colours once, each colour twice as A and twice
# as B; 3 "over", 3 "under", 4 "alternate". I1 is the rulebook example's card.
INTERLACED_CARDS: tuple[PatternCard, ...] = (
    _interlaced(1, "P", "B", "over"),
    _interlaced(2, "B", "V", "under"),
    _interlaced(3, "V", "R", "alternate"),
    _interlaced(4, "R", "Y", "over"),
    _interlaced(5, "Y", "P", "under"),
    _interlaced(6, "P", "V", "alternate"),
    _interlaced(7, "B", "R", "over"),
    _interlaced(8, "V", "Y", "under"),
    _interlaced(9, "R", "P", "alternate"),
    _interlaced(10, "Y", "B", "alternate"),
)


def _shared(number: int, adjacent: tuple[str, str], interlaced: tuple[str, str, Relation]) -> SharedObjective:
    return SharedObjective(f"S{number}", (AdjacentPattern(*adjacent), InterlacedPattern(*interlaced)))


# Design choice: one Adjacent and one Interlaced pattern over four different
# colours; every Adjacent pair once, each colour twice as Interlaced A and B.
SHARED_OBJECTIVES: tuple[SharedObjective, ...] = (
    _shared(1, ("P", "B"), ("V", "R", "over")),
    _shared(2, ("P", "V"), ("Y", "B", "under")),
    _shared(3, ("P", "R"), ("B", "Y", "alternate")),
    _shared(4, ("P", "Y"), ("R", "B", "over")),
    _shared(5, ("B", "V"), ("P", "R", "under")),
    _shared(6, ("B", "R"), ("Y", "V", "alternate")),
    _shared(7, ("B", "Y"), ("V", "P", "over")),
    _shared(8, ("V", "R"), ("B", "Y", "under")),
    _shared(9, ("V", "Y"), ("R", "P", "alternate")),
    _shared(10, ("R", "Y"), ("P", "V", "over")),
)

PATTERN_CARDS: dict[str, PatternCard] = {c.id: c for c in ADJACENT_CARDS + INTERLACED_CARDS}
SHARED_BY_ID: dict[str, SharedObjective] = {c.id: c for c in SHARED_OBJECTIVES}
