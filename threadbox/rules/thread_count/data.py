"""Thread Count's printed components and numbers, kept apart from the rules.

Each number says where it comes from: the rulebook, RULINGS.md, or a design
choice (the rulebook does not print the sheets or the round counter).
"""

from __future__ import annotations

# Raised when a rules change makes recorded moves replay differently (records of earlier
# revisions are refused on load, controller.records).
RULES_REVISION = 1

MOUSE, SOCK, PLANE = "mouse", "sock", "plane"
OBJECT_KINDS = (MOUSE, SOCK, PLANE)  # rulebook: a set is one of each, in scorepad order

DIE_SIDES = 6  # rulebook: one ordinary die, rolled once per round
CUPS_PER_SHEET = 6  # rulebook: "Draw 6 circles" on shaded places
OBJECT_POINTS = 1  # rulebook: 1 point per collected mouse, sock or paper plane
CAT_POINTS = 5  # rulebook: 5 points for connecting the thread with the cat
CUP_POINTS = -2  # rulebook: 2 minus points per knocked-over cup
CUP_POINTS_EASIER = 0  # rulebook: the easier variant counts no minus points for cups


def set_value(k: int) -> int:
    """Points printed under the k-th set box (k from 1)."""
    return k + 1  # RULINGS: set k is worth k + 1 (rulebook example: 2, then 3)


# Design choice: 7 numbers, read from the top. Low numbers first so the counter
# starts moving at once; the 6 at the bottom makes the end a little uncertain.
# A number n takes 6 / (7 - n) rounds on average: about 17 rounds after activation.
ROUND_COUNTER = (2, 3, 3, 4, 4, 5, 6)

# The two sides of the sheet, one character per point, row 0 at the top.
# Design choice (the rulebook does not print the sheets): 13 columns x 9 rows,
# which a terminal draws in well under 80x24.
#   .  empty point            #  building block (the thread may not enter it)
#   *  start: the ball of wool sits above this top-row point
#   &  the cat's paw (bottom row)
#   c  shaded place where a cup may be drawn
#   m  mouse    s  sock    p  paper plane
#
# Side A is built around the rulebook's movement example: from the start C1,
# a 6 drawn 4 right and 2 down ends on G3, where the blocks beside it and the
# block below-left leave exactly 6 ways to draw a 4.
# Design choice: 7 mice, 7 socks, 7 paper planes, 12 shaded places, 14 block points.
SIDE_A = (
    "c.*.m...p..s.",
    ".c...#.#..c.m",
    "p..c.#.#.s.#.",
    ".m.......p.#c",
    "##..s..c....p",
    "c..m##...#s..",
    ".p...s..c#.m.",
    "s.c.##.m..c.p",
    ".m..p.c.s.&.c",
)

# Side B: the ball on the right, the paw on the left, more walls of blocks.
# Design choice: 8 mice, 7 socks, 6 paper planes, 12 shaded places, 15 block points.
SIDE_B = (
    ".s..c..mc.*.p",
    ".#..p.#...c..",
    "c#.m..#.s.#.m",
    "...s.c...p#m.",
    "p.###..m....s",
    ".m...s.c.##c.",
    "s..c...p..m.c",
    ".#c..#.s..#..",
    "m.&..#.c.p.c.",
)

SIDES = {"A": SIDE_A, "B": SIDE_B}
