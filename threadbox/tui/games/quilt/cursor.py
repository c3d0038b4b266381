"""The Quilt board cursor: the thing on the table the player points at (pure, no Textual).

A spot is one thing an action acts on: the next cell of a row, an applique, the
next spool, an embroidery, a free patch, a needle holder, a pencil on the
neutral holder, the bag. The cursor rests only on spots some legal action of
the seat acts on: they are worked out from the legal actions, never from the
rules. Where a spot is drawn (its line and column, for the arrows) comes from
the seat's view.
"""

from __future__ import annotations

from typing import NamedTuple

from threadbox.rules.core import Action
from threadbox.rules.quilt import QuiltState
from threadbox.rules.quilt import actions as act
from threadbox.rules.quilt.data import APPLIQUES, LETTERS, ROWS


class Spot(NamedTuple):
    kind: str  # row, applique, spool, stitch, patch, holder, neutral, bag
    key: int | str = 0  # the row, applique, embroidery or holder index; the patch's or pencil's colour


BAG = Spot("bag")
SPOOL = Spot("spool")


def spot_of(action: Action) -> Spot | None:
    """What ``action`` acts on (None: nothing on the table, such as finishing)."""
    if isinstance(action, act.ColourCell):
        return Spot("row", action.row)
    if isinstance(action, act.ColourApplique):
        return Spot("applique", action.applique)
    if isinstance(action, act.ColourSpool):
        return SPOOL
    if isinstance(action, act.Stitch):
        return Spot("stitch", action.embroidery)
    if isinstance(action, act.ChoosePatch):
        return Spot("patch", action.colour)
    if isinstance(action, act.PlacePencil | act.TakeHolder):
        return Spot("holder", action.holder)
    if isinstance(action, act.TakeNeutral):
        return Spot("neutral", action.colour)
    if isinstance(action, act.DrawPencil | act.DrawBonus):
        return BAG
    return None


def pencil_of(action: Action) -> str | None:
    """The pencil ``action`` uses or takes, if it names one."""
    colour = getattr(action, "colour", None)
    return colour if isinstance(colour, str) else None


def pencils_of(action: Action) -> str:
    """Every pencil ``action`` names: its colour, or an exchange's pencils ("" for none)."""
    if isinstance(action, act.Exchange):
        return action.colours
    return pencil_of(action) or ""


def options_at(legal: list[Action], spot: Spot, pencil: str | None = None) -> list[Action]:
    """The legal actions on ``spot`` (with ``pencil`` only, if one is picked), in ``legal``'s order."""
    return [a for a in legal if spot_of(a) == spot and (pencil is None or pencil_of(a) in (None, pencil))]


def place(view: QuiltState, seat: int, spot: Spot) -> tuple[int, int]:
    """Where ``spot`` is drawn: (line, column) in reading order, the sheet above the table."""
    board = view.boards[seat]
    kind, key = spot
    if kind == "applique":
        return 0, APPLIQUES[int(key)].column
    if kind == "row":
        return 1 + int(key), len(board.rows[int(key)])
    if kind == "spool":
        return ROWS + 1, len(board.spools)
    if kind == "stitch":
        return ROWS + 2, 2 * int(key)
    if kind == "bag":
        return ROWS + 3, 0
    if kind == "patch":
        return ROWS + 4, LETTERS.index(str(key))
    holder = view.neutral if kind == "neutral" else int(key)
    column = view.holders[holder].find(str(key)) + 1 if kind == "neutral" and holder is not None else 0
    return ROWS + 5 + (holder or 0), column


def spots(view: QuiltState, seat: int, legal: list[Action], pencil: str | None = None) -> list[Spot]:
    """The spots the cursor may rest on now, in reading order."""
    found = {s for a in legal if (s := spot_of(a)) is not None and (pencil is None or pencil_of(a) in (None, pencil))}
    return sorted(found, key=lambda s: place(view, seat, s))


def step(at: Spot | None, offered: list[Spot], delta: int) -> Spot | None:
    """The spot ``delta`` places on in reading order (the first or last from nowhere); None past either end."""
    if not offered:
        return None
    if at not in offered:
        return offered[0] if delta > 0 else offered[-1]
    index = offered.index(at) + delta
    return offered[index] if 0 <= index < len(offered) else None


def vertical(view: QuiltState, seat: int, at: Spot | None, offered: list[Spot], delta: int) -> Spot | None:
    """The nearest spot on the nearest line above (``delta`` -1) or below (+1); None if there is none."""
    if not offered:
        return None
    if at not in offered:
        return step(at, offered, delta)
    line, column = place(view, seat, at)
    ahead = [(place(view, seat, s), s) for s in offered]
    ahead = [(p, s) for p, s in ahead if (p[0] - line) * delta > 0]
    if not ahead:
        return None
    nearest = min(abs(p[0] - line) for p, _ in ahead)
    return min(((p, s) for p, s in ahead if abs(p[0] - line) == nearest), key=lambda ps: abs(ps[0][1] - column))[1]
