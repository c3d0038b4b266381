"""The keys that name Threaded's things, the same every turn (pure: no Textual).

Shops are their letters a-f while planning; FINISHES' four actions their initials; a thread
its colour letter (b y p s n g) wherever threads are placed, given or taken; the needle's ends
``[`` and ``]``, the basket ``k`` and scraps ``x`` wherever a thread goes; a tapestry of the
line the number printed over it; Done ``d``.
"""

from __future__ import annotations

from threadbox.rules.core import Action
from threadbox.rules.threaded.actions import Done, Finish, Give, PickThread, Place, PlaceAssistant, TakeTapestry
from threadbox.rules.threaded.data import COLOURS, LINE_SIZE

from . import cursor as place_cursor

COLOUR_KEYS: dict[str, str] = {c: c.lower() for c in COLOURS}  # b y p s n g
# Where a thread goes: the needle's ends are its brackets as drawn, k the basket, x scraps.
TARGET_KEYS: dict[str, str] = {"left": "[", "right": "]", "basket": "k", "scraps": "x"}
FINISH_KEYS: dict[str, str] = {"take": "t", "make": "m", "refresh": "r", "share": "s"}
DONE_KEY = "d"
LINE_KEYS: frozenset[str] = frozenset(str(n) for n in range(1, LINE_SIZE + 1))
# Textual's names of the keys that are not letters (what a binding or a Pilot press names).
KEY_NAMES: dict[str, str] = {"[": "left_square_bracket", "]": "right_square_bracket"}
# Decisions whose options are threads picked by colour, and those where a thread is given.
PICKING = frozenset({"d_pick", "e_pick", "share"})


def key_name(key: str) -> str:
    return KEY_NAMES.get(key, key)


def option_key(action: Action, legal: list[Action]) -> str | None:
    """The keys that name ``action`` (space between two presses), or None: it goes by its number.

    A thread being placed is its colour, then where it goes; when both a new thread and a
    basket thread of that colour can be placed, the basket's is the colour pressed twice."""
    if isinstance(action, PlaceAssistant):
        return action.shop.lower()
    if isinstance(action, Finish):
        return FINISH_KEYS[action.choice]
    if isinstance(action, Place):
        froms = place_cursor.sources(legal, action.colour)
        letter = COLOUR_KEYS[action.colour]
        picks = [letter] * (froms.index(action.source) + 1 if action.source in froms else 1)
        return " ".join([*picks, TARGET_KEYS[action.to]])
    if isinstance(action, Give):
        return TARGET_KEYS[action.source] if action.source in ("left", "right") else COLOUR_KEYS[action.source]
    if isinstance(action, PickThread):
        return COLOUR_KEYS[action.colour]
    if isinstance(action, TakeTapestry):
        return str(action.position + 1)
    if isinstance(action, Done):
        return DONE_KEY
    return None


def keys_of(label: str) -> tuple[str, ...]:
    """The key presses a drawn key label stands for ("y ]": y, then right_square_bracket)."""
    return tuple(key_name(key) for key in label.split())
