"""The pending decisions of Threaded: a stack of frames, the top one is decided now.

A frame says who decides and what about; the state's driver pushes the frames a
shop's action needs and pops them as they are done. Frames are immutable, so a
copy of the state can share them; a frame that changes is replaced.

Decision frames (someone chooses):

- ``plan``: place an assistant. ``window``: use equipment before the shop's first
  action, or pass. ``start`` / ``wrap``: use equipment at the start / end of your
  own assistant's action (only while you hold some that fits).
- ``a_offer``: AWL YOU WANT, move this assistant to another queue (giving 2) or not.
- ``b_faceup``: take a face-up equipment card. ``keep``: keep one of the drawn
  commissions (the state's ``drawn[seat]``: secret, so kept under the seat).
  ``d_pick``: take ``n`` more threads at DARN GOOD THREAD (``threads`` taken so
  far). ``e_pick``: take one thread at ENDS & ODDS.
- ``f_choice``: ``n`` FINISHES choices left. ``take``: which tapestry (``then``:
  "paid" or "free"). ``make``: which tapestry, from which end.
- ``give``: give ``n`` more threads; ``then`` says where they go ("scraps", "line"
  from position ``index``, or "share", which leads to a SHARE pick).
- ``share``: take threads from scraps (``threads`` so far; ``colour`` is the one
  just given, which may not be taken back).
- ``place``: the placement step for newly gained ``threads`` (``then`` "rearrange":
  the F11 card's, between needle and basket only, so nothing goes to scraps).
- ``discard_equipment`` / ``discard_commission`` / ``discard_tapestry``: over a limit.
- Equipment: ``front``, ``extra`` (``cards`` holds the card), ``equip_pick``
  (``then``: "discard" or "line"), ``restock_q``, ``refresh_q``, ``comm_pick``,
  ``free_make``, ``swap`` (``colour``: the new thread).

Automatic frames (the driver resolves them when they reach the top):
``b_deck`` (the face-down equipment card), ``c_draw`` (2 commissions),
``take_finish`` (take the tapestry at ``index``, fill the line), ``refresh_line``,
``spent`` (a used equipment card, ``cards``, goes to the discard pile).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from ..core import Public
from ..core.copying import fast_new, replace

HIDDEN = "?"  # a card a view may not show
AUTOMATIC = frozenset({"b_deck", "c_draw", "take_finish", "refresh_line", "spent"})
# Frames during which the deciding seat may also use equipment of the current shop.
EQUIPMENT_MOMENTS = frozenset({"window", "start", "wrap", "f_choice"})
# Frames holding threads in ``threads`` that are in nobody's studio yet.
HOLDING_THREADS = frozenset({"place", "d_pick", "share"})


class Frame(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Public[str]
    seat: Public[int]
    n: Public[int] = 0
    index: Public[int] = 0
    cards: Public[tuple[str, ...]] = ()
    threads: Public[tuple[str, ...]] = ()
    colour: Public[str] = ""
    then: Public[str] = ""


# Field order matters: JSON follows the order of a model's __dict__.
_BLANK = {name: field.default for name, field in Frame.model_fields.items()}


def frame(kind: str, seat: int, **values: Any) -> Frame:
    """``Frame(kind=..., seat=..., **values)`` without validation: the rules make frames at
    most actions, from values of the right types (tuples for ``cards`` and ``threads``)."""
    if not values.keys() <= _BLANK.keys():
        raise TypeError(f"Frame has no field {sorted(values.keys() - _BLANK.keys())}")
    data = _BLANK.copy()
    data["kind"] = kind
    data["seat"] = seat
    data.update(values)
    return fast_new(Frame, data, {"kind", "seat", *values})


def changed(old: Frame, **update: Any) -> Frame:
    """``old.model_copy(update=...)``, cheaper: a new frame with these fields changed."""
    return replace(old, **update)


_PLAIN: dict[tuple[str, int], Frame] = {}


def plain(kind: str, seat: int) -> Frame:
    """A frame with nothing but its kind and seat, made once and shared (frames are values)."""
    frame = _PLAIN.get((kind, seat))
    if frame is None:
        frame = _PLAIN[kind, seat] = Frame(kind=kind, seat=seat)
    return frame
