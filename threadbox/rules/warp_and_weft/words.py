"""Warp & Weft in a player's words: the phases, the colours even of a bad letter, and every action.

The state's ``describe`` and its log lines and refusals read these; the
screens read the state's ``describe``.
"""

from __future__ import annotations

from typing import Literal

from ..core import Action
from .actions import ChooseCrossing, PickString, PlaceButton, WeaveString
from .data import COLOUR_NAMES, PATTERN_CARDS, colour_label
from .loom import Axis, axis_label

Phase = Literal["draft", "weave", "patterns", "over"]
# The rulebook's names of the phases (Phase I, preparation, happens at once).
PHASE_WORDS: dict[Phase, str] = {
    "draft": "string selection",
    "weave": "weaving",
    "patterns": "pattern selection",
    "over": "the end",
}
PHASE_NAMES: dict[str, str] = {
    "draft": "the string selection phase",
    "weave": "the weaving phase",
    "patterns": "the pattern selection phase",
    "over": "the end of the game",
}


def label(letter: str) -> str:
    """A colour's words even for a letter that is no colour (for messages)."""
    return colour_label(letter) if letter in COLOUR_NAMES else repr(letter)


def lower_first(text: str) -> str:
    """'Pick the red (R) string' -> 'pick the red (R) string' (glyphs keep their case)."""
    return text[:1].lower() + text[1:]


def describe(action: Action, crossing: tuple[Axis, int, str | None] | None = None) -> str:
    """``action`` as an option reads. ``crossing``: for a ``ChooseCrossing``, the axis and
    slot of the string the woven one passes next, and that string's colour (None: not known)."""
    if isinstance(action, PickString):
        return f"Pick the {colour_label(action.colour)} string"
    if isinstance(action, WeaveString):
        return f"Weave the {colour_label(action.colour)} string into {axis_label(action.axis, action.slot)}"
    if isinstance(action, ChooseCrossing):
        way = "over" if action.over else "under"
        if crossing is None:
            return f"Pass {way} the next string"
        axis, slot, met = crossing
        return f"Pass {way} the {label(met or '?')} string in {axis_label(axis, slot)}"
    if isinstance(action, PlaceButton):
        card = PATTERN_CARDS.get(action.card)
        what = f"{action.card}: {card.label()}" if card is not None else repr(action.card)
        return f"Place a {action.shape} button on {what}"
    return repr(action.model_dump())
