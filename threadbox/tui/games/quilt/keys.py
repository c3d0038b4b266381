"""Quilt's named keys: each option's key in the game's own names (pure, no Textual).

A key names a thing on the table, the same every turn: a patch or pencil by its
colour letter, a needle holder by the number printed on it, a row by its number,
an applique by the points printed on it (``+3``), the next spool (``s``), an
embroidery by its parts (``e 5``), the bag (``d``). In colouring a pencil's
letter comes first: ``g 4`` colours row 4 green. An exchange is ``x`` and the
pencils' letters (``x g y``; one pencil: ``x g`` Enter). Finishing is ``f``,
letting a bonus go ``n``; the neutral holder's pencils go by number (or the cursor).
"""

from __future__ import annotations

from threadbox.rules.core import Action
from threadbox.rules.quilt import QuiltState
from threadbox.rules.quilt import actions as act
from threadbox.rules.quilt.data import APPLIQUES, EMBROIDERIES, ROWS

DRAW_KEY = "d"  # the bag: draw a pencil (phase 2, and an embroidery's pencil)
SPOOL_KEY = "s"  # the next spool's threads
APPLIQUE_KEY = "+"  # then the applique's points, as printed: + 3
STITCH_KEY = "e"  # then the embroidery's parts, as printed: e 5
EXCHANGE_KEY = "x"  # then the pencils' letters (and Enter for one pencil)
FINISH_KEY = "f"
DECLINE_KEY = "n"  # no: let the bonus go
ROW_KEYS = tuple(str(r + 1) for r in range(ROWS))
# What Textual calls the keys that are not one letter or digit.
KEY_NAMES = {APPLIQUE_KEY: "plus", "⏎": "enter"}


def option_key(action: Action) -> str | None:
    """The key that names ``action`` as drawn beside it ("g 4", "g +3", "3"); None: it goes by number."""
    if isinstance(action, act.ChoosePatch):
        return action.colour.lower()
    if isinstance(action, act.PlacePencil | act.TakeHolder):
        return str(action.holder + 1)
    if isinstance(action, act.DrawPencil | act.DrawBonus):
        return DRAW_KEY
    if isinstance(action, act.ColourCell):
        return f"{action.colour.lower()} {action.row + 1}"
    if isinstance(action, act.ColourApplique):
        return f"{action.colour.lower()} {APPLIQUE_KEY}{APPLIQUES[action.applique].points}"
    if isinstance(action, act.ColourSpool):
        return f"{action.colour.lower()} {SPOOL_KEY}"
    if isinstance(action, act.Stitch):
        return f"{STITCH_KEY} {EMBROIDERIES[action.embroidery].parts}"
    if isinstance(action, act.Exchange):
        letters = " ".join(action.colours.lower())
        return f"{EXCHANGE_KEY} {letters}" + (" ⏎" if len(action.colours) == 1 else "")
    if isinstance(action, act.Finish):
        return FINISH_KEY
    if isinstance(action, act.Decline):
        return DECLINE_KEY
    return None


def presses(key: str) -> tuple[str, ...]:
    """The key presses a drawn key stands for: "g +3" is g, plus, 3."""
    out: list[str] = []
    for word in key.split():
        if word in KEY_NAMES:
            out.append(KEY_NAMES[word])
            continue
        if word[0] in KEY_NAMES:
            out.append(KEY_NAMES[word[0]])
            word = word[1:]
        out += list(word)
    return tuple(out)


def named_keys(view: QuiltState) -> frozenset[str]:
    """The digits that name things in this phase, on offer or not (no option's number starts
    with one): the holders' numbers and the bag in phase 2, the rows' numbers in phase 3."""
    if view.phase == "pencils":
        return frozenset({DRAW_KEY, *(str(holder + 1) for holder in range(len(view.holders)))})
    if view.phase == "colouring":
        return frozenset(ROW_KEYS)
    return frozenset()


def applique_with(points: int) -> int | None:
    """The applique with these printed points."""
    return next((i for i, a in enumerate(APPLIQUES) if a.points == points), None)


def embroidery_with(parts: int) -> int | None:
    """The embroidery with this many parts."""
    return next((i for i, e in enumerate(EMBROIDERIES) if e.parts == parts), None)
